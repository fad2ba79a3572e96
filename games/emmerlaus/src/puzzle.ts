// Puzzles of Emmerlaüs (packages/engine/src/puzzle.ts): the choices the review scores
// (bots/strong.ts's searched actions) valued by its rollout search — deals redrawn from the
// seat's view, the heuristic playing every seat for two more turns, the fitted win-chance model
// there — every choice on the same deals. 8 deals screen a position; where one choice leads by
// three quarters of MARGIN there, two independent searches of 64 deals each (`effort` times more to
// re-check), joined cautiously (the lead must show in both: its values are noisy), give the values kept; a
// position is a puzzle when one choice's chance of winning beats every other's by MARGIN
// (docs/bots.md).
import { forkRng, rolloutSearch, screenedValues, type AnyGame, type PuzzleJudge } from "@grimoire/engine";
import { rolloutImprovedOptions, searchedActions } from "./bots/strong.ts";
import type { EmmerlausState } from "./state.ts";
import type { EmmerlausView } from "./view.ts";
import type { Action } from "./data.ts";

/** The review's "mistake" (bots/review.ts): every other choice would be at least a mistake. */
export const PUZZLE_MARGIN = 0.05;
export const SCREEN_DEALS = 8;

export const puzzleJudge: PuzzleJudge<EmmerlausView, Action> = {
  unit: "win",
  margin: PUZZLE_MARGIN,
  method: "rollouts",
  judge(game: AnyGame, context, effort) {
    const candidates = searchedActions(context.legal, null);
    if (candidates.length < 2) return null;
    const local = { ...context, legal: candidates };
    const run = (deals: number): number[] => {
      const { prior: _prior, ...search } = rolloutImprovedOptions(game, { rollouts: deals * candidates.length, minDeals: deals, maxDeals: deals })(local, candidates);
      return rolloutSearch<EmmerlausState, Action, EmmerlausView>(game, { ...local, rng: forkRng(context.rng) }, search).children.map((child) => child.mean);
    };
    return { candidates, values: screenedValues(run, SCREEN_DEALS, 8 * Math.max(1, Math.round(effort)), PUZZLE_MARGIN, true, effort) };
  },
};
