// The post-game review of Incantibus: every choice scored by the hard bot's search ("rollout":
// deals redrawn from the seat's view, greedy playing every seat to the room's end, the softmax
// share of the points and wands there).
import { rolloutReviewer, type AnyGame, type Reviewer } from "@grimoire/engine";
import { rolloutGreedyOptions } from "./bots/strong.ts";
import type { Action, State, View } from "./state.ts";

/** Losses in the room's-end score share (docs/bots.md). */
export const THRESHOLDS = { inaccuracy: 0.02, mistake: 0.05, blunder: 0.1 } as const;

/** Four times the hard bot's deals: a review is not played against a clock, and fewer are noisy. */
const REVIEW_BUDGET = { determinizations: 64, rollouts: 384, minDeterminizations: 32 } as const;

export function makeReviewer(game: AnyGame): Reviewer<View, Action> {
  return rolloutReviewer<State, Action, View>(game, { unit: "share", thresholds: THRESHOLDS, options: rolloutGreedyOptions(game, REVIEW_BUDGET) });
}
