// "rollout": the solver's commit improved by rollouts, as the hard levels of the other games.
//
// At a commit, the bot lists a few candidate commits: bids (the solver's draw, zone2's bid, 1, 2,
// the opponent's mana + 1, and a few more from the equilibrium's support) crossed with spell sets
// (the solver's, zone2's, none). On each deal (the game's resample of what the seat cannot see,
// the opponent's sealed commit, when it has already committed, redrawn as zone2 would choose it
// and not uniformly) it tries every candidate and plays on with zone2 for both seats to the end of
// the game. Every candidate meets the same deal and the same random stream (common random
// numbers), and another commit replaces the solver's only when its gain, deal by deal, is over
// `confidence` standard errors. Other decisions (pile order, Clone, Larcin, Recyclage) are
// zone2's. It sees only its view.
import { randomFloat, rolloutSearch, stableKey, type AnyGame, type Bot, type BotContext, type RngState, type RolloutPolicy } from "@grimoire/engine";
import type { ShazammState } from "../state.ts";
import { resample as gameResample, view, type ShazammView } from "../view.ts";
import { other, type Card, type ShazammAction, type ShazammSeat } from "../data.ts";
import { commitCount } from "../rules.ts";
import { solverBid, solverBot } from "./solver.ts";
import { zone2Bot, zone2Commit } from "./zone2.ts";

export interface ShazammRolloutOptions {
  /** Deals per decision; each tries every candidate commit (default 24). */
  readonly deals?: number;
  /** Standard errors of paired gain needed to leave the solver's commit (default 1.5). */
  readonly confidence?: number;
}

type Commit = ShazammAction & { type: "commit" };

/** The candidate commits: a few bids crossed with a few spell sets, the prior's first. */
export function candidateCommits(view: ShazammView, seat: ShazammSeat, prior: Commit, zone2: Commit, u: readonly number[]): Commit[] {
  const mana = view.mana[seat];
  const foe = view.mana[other(seat)];
  const bids = new Set<number>([prior.bid, zone2.bid, 1, 2, Math.min(mana, foe + 1), Math.min(mana, foe)]);
  for (const x of u) bids.add(solverBid(view, seat, x));
  const sets: Card[][] = [prior.cards, zone2.cards, []];
  const seen = new Set<string>();
  const out: Commit[] = [];
  const add = (bid: number, cards: Card[]) => {
    if (bid < 1 || bid > mana) return;
    const action: Commit = { type: "commit", bid, cards: [...cards].sort((a, b) => a - b) };
    const key = stableKey(action);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(action);
  };
  add(prior.bid, prior.cards);
  for (const bid of [...bids].sort((a, b) => a - b)) for (const cards of sets) add(bid, cards);
  return out;
}

/**
 * Whether a rollout lays `seat`'s commit itself (`direct`) rather than listing commits: it is to
 * commit, has not sealed yet, and has more than one commit (a single one is played from the list).
 */
export function laysCommit(state: ShazammState, seat: number): boolean {
  return state.phase.type === "commit" && state.phase.sealed[seat as ShazammSeat] === null && commitCount(state, seat as ShazammSeat) > 1;
}

/**
 * The rollouts' parts, shared with the post-game review (../review.ts): zone2 for both seats, and
 * the game's deal with an opponent's commit already sealed drawn as zone2 would lay it.
 */
export function rolloutParts(): {
  policy: RolloutPolicy<ShazammState, ShazammAction>;
  direct: (state: ShazammState, seat: number) => ShazammAction | undefined;
  resample: (v: ShazammView, seat: number, rng: RngState) => ShazammState;
} {
  const zone2 = zone2Bot();
  const policy: RolloutPolicy<ShazammState, ShazammAction> = (state, seat, legal, rng) => zone2.decide({ view: view(state, seat, false), seat, legal, rng });
  // zone2 lays a commit from its view alone: the rollouts skip sampling commits it would not look
  // at (24 random commits a step, most of the search's time). A seat with one commit plays it.
  const direct = (state: ShazammState, seat: number): ShazammAction | undefined => (laysCommit(state, seat) ? zone2Commit(view(state, seat, false), seat as ShazammSeat) : undefined);
  // The game's deal, but an opponent's commit already sealed is drawn as zone2 would lay it.
  const resample = (v: ShazammView, seat: number, rng: RngState): ShazammState => {
    const state = gameResample(v, seat, rng);
    const foe = other(seat as ShazammSeat);
    if (state.phase.type === "commit" && state.phase.sealed[foe] !== null) {
      state.phase.sealed[foe] = null;
      const action = zone2.decide({ view: view(state, foe, false), seat: foe, legal: [{ type: "commit", bid: 1, cards: [] }], rng });
      if (action.type === "commit") state.phase.sealed[foe] = { bid: action.bid, cards: action.cards };
    }
    return state;
  };
  return { policy, direct, resample };
}

export function rolloutSolverBot(game: AnyGame, options: ShazammRolloutOptions = {}): Bot<ShazammView, ShazammAction> {
  const { deals = 24, confidence = 1.5 } = options;
  const solver = solverBot();
  const zone2 = zone2Bot();
  const { policy, direct, resample } = rolloutParts();
  return {
    name: "rollout",
    decide(context: BotContext<ShazammView, ShazammAction>): ShazammAction {
      const prior = solver.decide(context);
      if (prior.type !== "commit" || context.legal.length === 1) return prior;
      const seat = context.seat as ShazammSeat;
      const fallback = zone2.decide(context);
      const medium = fallback.type === "commit" ? fallback : prior;
      const u = [randomFloat(context.rng), randomFloat(context.rng), randomFloat(context.rng)];
      const legal = candidateCommits(context.view, seat, prior, medium, u);
      if (legal.length === 1) return prior;
      return rolloutSearch<ShazammState, ShazammAction, ShazammView>(game, { ...context, legal }, {
        determinizations: deals,
        policy,
        direct,
        prior: () => prior,
        confidence,
        resample,
      }).action;
    },
  };
}
