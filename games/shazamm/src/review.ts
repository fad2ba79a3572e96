// The post-game review of Shazamm! (docs/bots.md, "Post-game review"). Its decisions are
// simultaneous (both seats bid in secret), so no choice is valued against one guess of the
// opponent's reply:
// - a commit in a bid-only round (neither hand holds a spell, only the decoy: nothing but bids can
//   be laid until the round ends) is valued against the EQUILIBRIUM of that round, solved exactly
//   (bots/solver.ts) with each way the round can end worth its chance of winning the game (certain
//   where the bridge's collapse decides, else estimated by rollouts from that round's end, the
//   same for every bid). A bid is worth what it guarantees against the opponent's equilibrium mix:
//   the game's value for every bid in the equilibrium's support (loss 0), less for the others;
// - any other commit is valued by rollouts against a MIXED MODEL of the opponent: deals redrawn
//   from the seat's view, the opponent's commit (sealed or not) drawn from the bid-only
//   equilibrium with zone2's spells (the "solver" bot, which bids at random from the mix), and
//   both seats played on that way to the game's end, every candidate on the same deal and random
//   stream. The candidates are the hard bot's (bids from the equilibrium, zone2's, 1, 2, the
//   opponent's mana and one more, crossed with the solver's spells, zone2's and none) plus the
//   move made. What it can claim: a choice's value against that model, not against every reply;
// - a follow-up (pile order, Clone, Larcin, Recyclage) is played in turn, every legal answer
//   valued by the same rollouts.
// The insight of a commit: the bid-only round's equilibrium beside the bid (in a bid-only round,
// the very equilibrium the review valued it by).
import {
  defaultReward,
  forkRng,
  msg,
  playout,
  randomFloat,
  rolloutReviewer,
  stableKey,
  type AnyGame,
  type Bot,
  type BotContext,
  type Outcome,
  type Reviewer,
  type ReviewInsight,
  type ReviewKind,
  type RngState,
  type RolloutPolicy,
} from "@grimoire/engine";
import { candidateCommits, laysCommit } from "./bots/rollout.ts";
import { BidSolver, bidSolver, SPAN, solverBot } from "./bots/solver.ts";
import { zone2Bot, zone2Commit } from "./bots/zone2.ts";
import { endRound } from "./rules.ts";
import type { ShazammEvent, ShazammState } from "./state.ts";
import { resample as gameResample, view as viewOf, type ShazammView } from "./view.ts";
import { MAX_MANA, isSpell, other, type ShazammAction, type ShazammSeat } from "./data.ts";

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

/** Deals per way a bid-only round can end, to estimate the chance of winning from there. */
export const CONTINUATION_DEALS = 32;

/**
 * Whether the rest of the decision's round is bid-only: a commit, the wall between the wizards,
 * both with mana, and neither hand holding a spell (the opponent's holds one card, the decoy, which
 * stays in hand until a reveal), so nothing but bids can be laid until the round ends.
 */
export function bidOnlyRound(view: ShazammView, seat: ShazammSeat): boolean {
  return view.phase.type === "commit" && view.hand !== null && !view.hand.some(isSpell) && view.handSizes[other(seat)] <= 1 && bidNode(view, seat) !== null;
}

/** The equilibrium bids of the bid-only round (linear payoff) at (k, a, b), memoized per thread. */
const equilibriumBids = new Map<number, readonly number[]>();
function equilibriumMix(k: number, a: number, b: number): readonly number[] {
  const key = (k * (MAX_MANA + 1) + a) * (MAX_MANA + 1) + b;
  let mix = equilibriumBids.get(key);
  if (!mix) {
    mix = bidSolver().node(k, a, b).mine;
    equilibriumBids.set(key, mix);
  }
  return mix;
}

/**
 * The opponent's commit in the mixed model: half the time zone2's (the heuristic players and the
 * medium bot follow), half the time zone2's spells with a bid drawn from the bid-only round's
 * equilibrium (the "solver" bot's commit). Never one deterministic reply.
 */
export function mixedCommit(zone2: Bot<ShazammView, ShazammAction>, context: BotContext<ShazammView, ShazammAction>): ShazammAction {
  const action = zone2.decide(context);
  if (action.type !== "commit" || randomFloat(context.rng) < 0.5) return action;
  const seat = context.seat as ShazammSeat;
  const node = bidNode(context.view, seat);
  const u = randomFloat(context.rng);
  if (node === null) return action;
  let bid = node.a;
  let acc = 0;
  const mix = equilibriumMix(node.k, node.a, node.b);
  for (let i = 0; i < mix.length; i++) {
    acc += mix[i]!;
    if (u < acc) {
      bid = i + 1;
      break;
    }
  }
  bid = Math.max(1, Math.min(node.a, bid));
  // As the solver bot: Qui perd gagne only with a low bid, Recyclage with a big one.
  return { type: "commit", bid, cards: action.cards.filter((c) => (c !== 9 || bid <= 2) && (c !== 6 || bid >= 8)) };
}

/**
 * The rollouts' model for a decision of `seat` at turn `turn`: the opponent's commit of this very
 * turn (sealed already or not) from the mixed model, every later decision of both seats zone2's
 * (the hard bot's model of the rest of the game).
 */
export function mixedModel(
  seat: ShazammSeat,
  turn: number,
): {
  policy: RolloutPolicy<ShazammState, ShazammAction>;
  direct: (state: ShazammState, seat: number, rng: RngState) => ShazammAction | undefined;
  resample: (v: ShazammView, seat: number, rng: RngState) => ShazammState;
} {
  const zone2 = zone2Bot();
  const foe = other(seat);
  const policy: RolloutPolicy<ShazammState, ShazammAction> = (state, actor, legal, rng) => {
    const context = { view: viewOf(state, actor, false), seat: actor, legal, rng };
    return actor === foe && state.phase.type === "commit" && state.turn === turn ? mixedCommit(zone2, context) : zone2.decide(context);
  };
  // Both models lay a commit from the view alone: the rollouts skip sampling commits (bots/rollout.ts).
  const direct = (state: ShazammState, actor: number, rng: RngState): ShazammAction | undefined => {
    if (!laysCommit(state, actor)) return undefined;
    const view = viewOf(state, actor, false);
    return actor === foe && state.turn === turn ? mixedCommit(zone2, { view, seat: actor, legal: [{ type: "commit", bid: 1, cards: [] }], rng }) : zone2Commit(view, actor as ShazammSeat);
  };
  const resample = (v: ShazammView, who: number, rng: RngState): ShazammState => {
    const state = gameResample(v, who, rng);
    if (state.phase.type === "commit" && state.phase.sealed[foe] !== null) {
      state.phase.sealed[foe] = null;
      const action = mixedCommit(zone2, { view: viewOf(state, foe), seat: foe, legal: [{ type: "commit", bid: 1, cards: [] }], rng });
      if (action.type === "commit") state.phase.sealed[foe] = { bid: action.bid, cards: action.cards };
    }
    return state;
  };
  return { policy, direct, resample };
}

/** The bid-only round's equilibrium a review values a commit by, with each bid's value as a chance of winning. */
export interface RoundEquilibrium {
  readonly k: number;
  readonly a: number;
  readonly b: number;
  /** The chance of winning the game when the round ends with the wall k tiles from the seat's wizard, k = 0..6. */
  readonly continuation: readonly number[];
  /** The game's value (a chance of winning) under the equilibrium. */
  readonly value: number;
  /** Each seat's equilibrium bids (index 0: bid 1). */
  readonly mine: readonly number[];
  readonly theirs: readonly number[];
  /** Each bid's value against the opponent's equilibrium mix (index 0: bid 1), a chance of winning. */
  readonly bids: readonly number[];
}

/**
 * The chance of winning when the round ends with the wall k tiles from the seat's wizard, for
 * k = 0..6: the bridge collapses and wizards stand again around the wall, which either ends the
 * game (certain) or starts the next round, from where `deals` rollouts (deals redrawn from the
 * view, both seats' commits from the mixed model, follow-ups zone2's) estimate it: zone2 against
 * zone2 alone is nearly deterministic and mostly drawn, which would make every end worth ½.
 */
export function roundEndChances(game: AnyGame, view: ShazammView, seat: ShazammSeat, rng: RngState, deals = CONTINUATION_DEALS): number[] {
  const zone2 = zone2Bot();
  const mixed: Bot<ShazammView, ShazammAction> = { name: "mixed", decide: (context) => mixedCommit(zone2, context) };
  const bots = [mixed, mixed] as unknown as Bot<unknown, unknown>[];
  const dir = seat === 0 ? 1 : -1;
  const chances: number[] = [];
  for (let k = 0; k <= SPAN; k++) {
    let sum = 0;
    let n = 0;
    for (let d = 0; d < deals; d++) {
      const state = gameResample(view, seat, rng);
      state.wall = state.wizards[seat] + dir * k;
      state.phase = { type: "commit", sealed: [null, null] };
      const events: ShazammEvent[] = [];
      endRound(state, null, "wall", events);
      const decided = (state.phase as ShazammState["phase"]).type === "over";
      if (!decided) playout(game, state, bots, rng);
      sum += defaultReward(game.outcome(state) as Outcome, seat);
      n++;
      // The collapse decides the game the same way on every deal.
      if (decided) break;
    }
    chances.push(sum / n);
  }
  return nondecreasing(chances);
}

/**
 * The closest nondecreasing sequence (least squares, pooling adjacent violators): a wall ending
 * nearer the rival is never worse for the seat (both wizards stand again around it, the rival
 * nearer the lava), so a dip is rollout noise.
 */
export function nondecreasing(values: readonly number[]): number[] {
  const blocks: { sum: number; n: number }[] = [];
  for (const v of values) {
    blocks.push({ sum: v, n: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.sum / blocks[blocks.length - 2]!.n > blocks[blocks.length - 1]!.sum / blocks[blocks.length - 1]!.n) {
      const last = blocks.pop()!;
      blocks[blocks.length - 1]!.sum += last.sum;
      blocks[blocks.length - 1]!.n += last.n;
    }
  }
  return blocks.flatMap((block) => new Array<number>(block.n).fill(block.sum / block.n));
}

/** The equilibrium of the bid-only round at (k, a, b) whose ends are worth `continuation` (chances of winning). */
export function roundEquilibrium(k: number, a: number, b: number, continuation: readonly number[]): RoundEquilibrium {
  // The solver's payoffs run from −1 to +1.
  const solver = new BidSolver(continuation.map((p) => 2 * p - 1));
  const node = solver.node(k, a, b);
  const bids: number[] = [];
  for (let i = 1; i <= a; i++) {
    let sum = 0;
    node.theirs.forEach((q, j) => {
      if (q > 0) sum += q * solver.next(k, a, b, i, j + 1);
    });
    bids.push((sum + 1) / 2);
  }
  // The support's bids are worth the value exactly; the simplex leaves float dust.
  const value = (node.value + 1) / 2;
  const clean = bids.map((v, i) => ((node.mine[i] ?? 0) > 1e-9 || Math.abs(v - value) < 1e-9 ? value : Math.min(v, value)));
  return { k, a, b, continuation, value, mine: node.mine, theirs: node.theirs, bids: clean };
}

function equilibriumTable(equilibrium: RoundEquilibrium, chosen: ShazammAction): ReviewInsight | null {
  if (chosen.type !== "commit") return null;
  const rows = [];
  for (let i = 1; i <= equilibrium.a; i++) {
    const p = equilibrium.mine[i - 1] ?? 0;
    if (p <= 1e-9 && i !== chosen.bid) continue;
    rows.push({ label: msg("review.insight.bid", { n: i }), values: [p, equilibrium.bids[i - 1]!], ...(i === chosen.bid ? { marked: true } : {}) });
  }
  return {
    title: msg("review.insight.roundTitle"),
    columns: [
      { label: msg("review.insight.probability"), format: "percent" },
      { label: msg("review.insight.winChance"), format: "percent" },
    ],
    rows,
  };
}

export function makeReviewer(game: AnyGame): Reviewer<ShazammView, ShazammAction> {
  const rollouts = rolloutReviewer<ShazammState, ShazammAction, ShazammView>(game, {
    unit: "win",
    thresholds: THRESHOLDS,
    candidates: reviewCandidates,
    options: (context, candidates) => ({ determinizations: reviewDeals(candidates.length), ...mixedModel(context.seat as ShazammSeat, context.view.turn) }),
  });
  // The last bid-only round valued (its view and generator), for the insight asked right after and
  // for the same decision reviewed again with another move made (a hint, then the review).
  let last: { key: string; rng: string; equilibrium: RoundEquilibrium } | null = null;
  const kindOf = (view: ShazammView): ReviewKind => (view.phase.type === "commit" || view.phase.type === "arrange" ? "mixed-model" : "rollout");
  return {
    unit: "win",
    thresholds: THRESHOLDS,
    candidates(context) {
      if (!bidOnlyRound(context.view, context.seat as ShazammSeat)) return reviewCandidates(context);
      // Every bid (the decoy laid or not changes nothing here): the solver values them all.
      const mana = context.view.mana[context.seat as ShazammSeat];
      return Array.from({ length: mana }, (_, i): ShazammAction => ({ type: "commit", bid: i + 1, cards: [] }));
    },
    score(context, candidates) {
      return rollouts.score(context, candidates);
    },
    assess(context, candidates) {
      const seat = context.seat as ShazammSeat;
      if (!bidOnlyRound(context.view, seat)) return { values: rollouts.score(context, candidates), kind: kindOf(context.view) };
      const node = bidNode(context.view, seat)!;
      const key = stableKey(context.view);
      const rng = context.rng.s.join(",");
      if (last === null || last.key !== key || last.rng !== rng) {
        const continuation = roundEndChances(game, context.view, seat, forkRng(context.rng));
        last = { key, rng, equilibrium: roundEquilibrium(node.k, node.a, node.b, continuation) };
      }
      const { equilibrium } = last;
      return { values: candidates.map((action) => (action.type === "commit" ? equilibrium.bids[action.bid - 1]! : equilibrium.value)), kind: "equilibrium" };
    },
    insight(view, seat, chosen) {
      if (last !== null && last.key === stableKey(view)) return equilibriumTable(last.equilibrium, chosen);
      return equilibriumInsight(view, seat, chosen);
    },
  };
}
