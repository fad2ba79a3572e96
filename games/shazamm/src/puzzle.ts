// Puzzles of Shazamm! (packages/engine/src/puzzle.ts).
// - Bid-only positions (both hands empty: no spell can be cast before the round ends, since cards
//   are drawn only when a round starts): exact. The round is the game the bid solver solves
//   (bots/solver.ts); each bid is valued by where the wall ends the round on average against the
//   equilibrium's bids (−1 on the bidder, +1 on the rival, unit "wall"), a puzzle when one bid beats
//   every other by WALL_MARGIN.
// - Elsewhere: the review's candidates (bids from the equilibrium, zone2's and a few more, crossed
//   with the solver's spells, zone2's and none; review.ts), each valued as a chance of winning by
//   the review's rollouts (zone2 for both seats to the game's end, every candidate on the same
//   deals), 6 deals to screen, 48 (`effort` times more to re-check) for the values kept; a puzzle
//   when one beats every other by WIN_MARGIN. The puzzle's other moves count as wrong.
// Self-play almost never empties both hands (none in 456 decisions of 10 games), so the puzzles
// from self-play are of the second kind; docs/bots.md.
import { createRng, forkRng, rolloutSearch, screenedValues, seedOf, stableKey, type PuzzleJudge } from "@grimoire/engine";
import { rolloutParts } from "./bots/rollout.ts";
import { bidNode, bidValues, equilibriumInsight, reviewCandidates } from "./review.ts";
import { other, type ShazammAction, type ShazammSeat } from "./data.ts";
import type { ShazammState } from "./state.ts";
import type { ShazammView } from "./view.ts";

/** A tenth of the wall's span from one wizard to the other (values run from −1 to +1). */
export const WALL_MARGIN = 0.1;
/** Ten points of chance of winning. */
export const WIN_MARGIN = 0.1;
export const SCREEN_DEALS = 6;

function bidOnly(view: ShazammView, seat: ShazammSeat, legal: readonly ShazammAction[]): { candidates: ShazammAction[]; values: number[] } | null {
  if (view.hand === null || view.hand.length > 0 || view.handSizes[other(seat)] > 0) return null;
  if (legal.some((action) => action.type !== "commit" || action.cards.length > 0)) return null;
  const node = bidNode(view, seat);
  if (node === null) return null;
  const { values } = bidValues(node.k, node.a, node.b);
  const candidates = legal.filter((action) => action.type === "commit" && action.bid >= 1 && action.bid <= values.length);
  if (candidates.length !== legal.length) return null;
  return { candidates, values: candidates.map((action) => values[(action as { bid: number }).bid - 1]!) };
}

const parts = rolloutParts();

export const puzzleJudge: PuzzleJudge<ShazammView, ShazammAction> = {
  unit: "win",
  margin: WIN_MARGIN,
  method: "rollouts",
  judge(game, context, effort) {
    const exact = bidOnly(context.view, context.seat as ShazammSeat, context.legal);
    if (exact) {
      const best = exact.candidates[exact.values.indexOf(Math.max(...exact.values))]!;
      return { ...exact, unit: "wall", margin: WALL_MARGIN, insight: equilibriumInsight(context.view, context.seat, best) };
    }
    if (!context.legal.some((action) => action.type === "commit")) return null;
    // The candidates from the view alone (their few random draws too), so a longer search values the same ones.
    const candidates = reviewCandidates({ ...context, rng: createRng(seedOf(stableKey(context.view))) });
    if (candidates.length < 2) return null;
    const run = (deals: number): number[] =>
      rolloutSearch<ShazammState, ShazammAction, ShazammView>(game, { ...context, legal: candidates, rng: forkRng(context.rng) }, { determinizations: deals, policy: parts.policy, direct: parts.direct, resample: parts.resample }).children.map((child) => child.mean);
    const values = screenedValues(run, SCREEN_DEALS, 8 * Math.max(1, Math.round(effort)), WIN_MARGIN, false, effort);
    return { candidates, values };
  },
};
