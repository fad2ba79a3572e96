// The post-game review of Abraca…What?: every call (and ending the turn) scored by the hard bot's
// search ("strong": rollouts to the round's end on Bayesian deals drawn from the seat's view,
// scored by the softmax share of the scores), and, exactly, the chance the seat holds each spell
// and each call's expected value in lives (the reasoner's arithmetic), beside the move made. By
// rule (docs/bots.md): a call the exact odds give 0 % while ending the turn was possible is a
// blunder, whatever the rollouts' loss.
import { msg, rolloutReviewer, type AnyGame, type BotContext, type ReviewLabel, type Reviewer, type ReviewInsight } from "@grimoire/engine";
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

/** Below this the exact chance is 0 (the posterior is exact counting; this only absorbs float dust). */
const IMPOSSIBLE = 1e-12;

/**
 * The rule of a certain outcome: a call of a spell the seat cannot hold (exact chance 0) when
 * ending the turn was possible throws a life away for nothing, a blunder whatever its loss.
 */
export function abracaRule(context: BotContext<View, Action>, chosen: Action): ReviewLabel | null {
  if (chosen.type !== "cast" || !context.legal.some((action) => action.type === "end")) return null;
  return seatChances(context.view, context.seat)[chosen.spell]! <= IMPOSSIBLE ? "blunder" : null;
}

export function makeReviewer(game: AnyGame): Reviewer<View, Action> {
  return rolloutReviewer<State, Action, View>(game, {
    unit: "share",
    thresholds: THRESHOLDS,
    options: () => strongOptions(game),
    insight: abracaInsight,
    rule: abracaRule,
  });
}
