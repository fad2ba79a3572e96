// Puzzles of Incantibus (packages/engine/src/puzzle.ts): every choice valued by the review's rollout
// search (bots/strong.ts: deals redrawn from the seat's view, greedy playing every seat to the
// room's end, the softmax share of the points and wands there), every choice on the same deals.
// 8 deals screen a position; where one choice leads by three quarters of MARGIN there, 32 (`effort`
// times more to re-check) give the values kept; a position is a puzzle when one choice's share
// beats every other's by MARGIN (docs/bots.md).
import { forkRng, rolloutSearch, screenedValues, type AnyGame, type PuzzleJudge } from "@grimoire/engine";
import { rolloutGreedyOptions } from "./bots/strong.ts";
import type { Action, State, View } from "./state.ts";

/** The review's "blunder" (review.ts): every other choice would be a blunder. */
export const PUZZLE_MARGIN = 0.1;
export const SCREEN_DEALS = 8;

export const puzzleJudge: PuzzleJudge<View, Action> = {
  unit: "share",
  margin: PUZZLE_MARGIN,
  method: "rollouts",
  judge(game: AnyGame, context, effort) {
    const run = (deals: number): number[] => {
      const { prior: _prior, ...search } = rolloutGreedyOptions(game, { determinizations: deals, minDeterminizations: deals, rollouts: 1e9 })(context, context.legal);
      return rolloutSearch<State, Action, View>(game, { ...context, rng: forkRng(context.rng) }, search).children.map((child) => child.mean);
    };
    return { candidates: context.legal, values: screenedValues(run, SCREEN_DEALS, 4 * Math.max(1, Math.round(effort)), PUZZLE_MARGIN, false, effort) };
  },
};
