// The post-game review of Abraca…What?: every call (and ending the turn) scored by the hard bot's
// search ("strong": rollouts to the round's end on Bayesian deals drawn from the seat's view,
// scored by the softmax share of the scores), and, exactly, the chance the seat holds each spell
// and each call's expected value in lives (the reasoner's arithmetic), beside the move made.
import { msg, rolloutReviewer, type AnyGame, type Reviewer, type ReviewInsight } from "@grimoire/engine";
import { seatChances } from "./bots/probability.ts";
import { callValues } from "./bots/reasoner.ts";
import { strongOptions } from "./bots/strong.ts";
import { spellRef } from "./describe.ts";
import type { Action, State } from "./state.ts";
import type { View } from "./view.ts";

/** Losses in round-end score share (docs/bots.md): a sure failed call costs about a life, 0.076 to 0.13; the Dragon's 0.15 to 0.25. */
export const THRESHOLDS = { inaccuracy: 0.02, mistake: 0.045, blunder: 0.08 } as const;

/** The exact chance of holding each spell and each call's expected value, the call made marked. */
export function abracaInsight(view: View, seat: number, chosen: Action): ReviewInsight {
  const chances = seatChances(view, seat);
  const values = callValues(view, seat, () => chances);
  return {
    title: msg("review.insight.title"),
    columns: [
      { label: msg("review.insight.chance"), format: "percent" },
      { label: msg("review.insight.value"), format: "number" },
    ],
    rows: Array.from({ length: 8 }, (_, i) => ({
      label: spellRef(i + 1),
      values: [chances[i + 1]!, values[i + 1]!],
      ...(chosen.type === "cast" && chosen.spell === i + 1 ? { marked: true } : {}),
    })),
  };
}

export function makeReviewer(game: AnyGame): Reviewer<View, Action> {
  return rolloutReviewer<State, Action, View>(game, {
    unit: "share",
    thresholds: THRESHOLDS,
    options: () => strongOptions(game),
    insight: abracaInsight,
  });
}
