// The post-game review of Shazamm!: every decision valued as a chance of winning by the hard bot's
// rollouts (bots/rollout.ts) — deals redrawn from the seat's view (an opponent's commit already
// sealed drawn as zone2 would lay it), each candidate played on with zone2 for both seats to the
// game's end, every candidate on the same deal and random stream. At a commit the candidates are
// the hard bot's (bids from the equilibrium, zone2's, 1, 2, the opponent's mana and one more,
// crossed with the solver's spells, zone2's and none) plus the move made; at a follow-up (pile
// order, Clone, Larcin, Recyclage) every legal answer. The insight of a commit: the bid-only
// round's equilibrium (bots/solver.ts), its bid distribution and each bid's value, beside the bid.
import { forkRng, msg, randomFloat, rolloutReviewer, type AnyGame, type BotContext, type Reviewer, type ReviewInsight } from "@grimoire/engine";
import { candidateCommits, rolloutParts } from "./bots/rollout.ts";
import { bidSolver, SPAN, solverBot } from "./bots/solver.ts";
import { zone2Bot } from "./bots/zone2.ts";
import type { ShazammState } from "./state.ts";
import type { ShazammView } from "./view.ts";
import { MAX_MANA, other, type ShazammAction, type ShazammSeat } from "./data.ts";

/** Losses in chance of winning (docs/bots.md). */
export const THRESHOLDS = { inaccuracy: 0.04, mistake: 0.1, blunder: 0.2 } as const;

/** Deals per decision (each tries every candidate): 128, fewer when the candidates are many, never under 48. */
export const REVIEW_DEALS = 128;

/** Rollouts per decision at most, shared over its candidates (about a second on one core). */
export const REVIEW_ROLLOUTS = 1536;

export function reviewDeals(candidates: number): number {
  return Math.max(48, Math.min(REVIEW_DEALS, Math.floor(REVIEW_ROLLOUTS / Math.max(1, candidates))));
}

/** The bid-only node of a commit, (k, my mana, theirs), or null when the round is not a bidding one. */
export function bidNode(view: ShazammView, seat: ShazammSeat): { k: number; a: number; b: number } | null {
  const a = view.mana[seat];
  const b = view.mana[other(seat)];
  const k = Math.abs(view.wall - view.wizards[seat]);
  if (k <= 0 || k >= SPAN || a <= 0 || b <= 0 || a > MAX_MANA || b > MAX_MANA) return null;
  return { k, a, b };
}

/** Each bid's value (index 0: bid 1) against the equilibrium's bids, and the equilibrium itself. */
export function bidValues(k: number, a: number, b: number): { values: number[]; mine: number[]; value: number } {
  const solver = bidSolver();
  const node = solver.node(k, a, b);
  const values: number[] = [];
  for (let i = 1; i <= a; i++) {
    let sum = 0;
    node.theirs.forEach((p, j) => {
      if (p > 0) sum += p * solver.next(k, a, b, i, j + 1);
    });
    // The simplex leaves float dust (±1e-17) where the value is 0.
    values.push(Math.abs(sum) < 1e-12 ? 0 : sum);
  }
  return { values, mine: node.mine, value: node.value };
}

export function equilibriumInsight(view: ShazammView, seat: number, chosen: ShazammAction): ReviewInsight | null {
  const node = bidNode(view, seat as ShazammSeat);
  if (node === null || chosen.type !== "commit") return null;
  const { values, mine } = bidValues(node.k, node.a, node.b);
  const rows = [];
  for (let i = 1; i <= node.a; i++) {
    const p = mine[i - 1] ?? 0;
    if (p <= 1e-9 && i !== chosen.bid) continue;
    rows.push({ label: msg("review.insight.bid", { n: i }), values: [p, values[i - 1]!], ...(i === chosen.bid ? { marked: true } : {}) });
  }
  return {
    title: msg("review.insight.title"),
    columns: [
      { label: msg("review.insight.probability"), format: "percent" },
      { label: msg("review.insight.value"), format: "number" },
    ],
    rows,
  };
}

/** The commits worth valuing: the hard bot's candidates, drawn from the view and a fork of the decision's generator. */
export function reviewCandidates(context: BotContext<ShazammView, ShazammAction>): ShazammAction[] {
  if (!context.legal.some((action) => action.type === "commit")) return [...context.legal];
  const rng = forkRng(context.rng);
  const local = { ...context, rng };
  const prior = solverBot().decide(local);
  const medium = zone2Bot().decide(local);
  if (prior.type !== "commit") return [...context.legal];
  const u = [randomFloat(rng), randomFloat(rng), randomFloat(rng)];
  return candidateCommits(context.view, context.seat as ShazammSeat, prior, medium.type === "commit" ? medium : prior, u);
}

export function makeReviewer(game: AnyGame): Reviewer<ShazammView, ShazammAction> {
  const { policy, resample } = rolloutParts();
  return rolloutReviewer<ShazammState, ShazammAction, ShazammView>(game, {
    unit: "win",
    thresholds: THRESHOLDS,
    candidates: reviewCandidates,
    options: (_context, candidates) => ({ determinizations: reviewDeals(candidates.length), policy, resample }),
    insight: equilibriumInsight,
  });
}
