// The bid-only round of Shazamm! solved exactly, and the "solver" bot that bids from it.
//
// Without spells a round is a zero-sum game over (k, a, b): k the wall's distance from my
// wizard (0: it reached me, 6: it reached them; wizards are 6 tiles apart), a my mana, b theirs.
// Each turn both bid secretly 1..mana, the higher bid pushes the wall one tile toward the lower
// bidder (a tie leaves it), both pay. The round ends when the wall reaches a wizard, or when
// someone is at 0 mana (the wall then moves toward them by the other's remaining mana). Mana
// only decreases, so the rounds form a DAG: backward induction with one matrix game per node,
// solved exactly by the simplex method, gives the value and mixed equilibrium bids everywhere.
// A round's payoff is where the wall ends: (k − 3) / 3, from −1 (on me) to +1 (on them).
// Bids above the opponent's mana + 1 are dominated (they win no more) and left out.
import type { Bot, BotContext } from "@grimoire/engine";
import { randomFloat } from "@grimoire/engine";
import type { ShazammView } from "../view.ts";
import { BRIDGE_TILES, MAX_MANA, other, type ShazammAction, type ShazammSeat } from "../data.ts";
import { zone2Bot } from "./zone2.ts";

export const SPAN = 6;

export interface MatrixSolution {
  /** The row player's value. */
  readonly value: number;
  /** Equilibrium mixed strategies of the row (maximizing) and column players. */
  readonly row: number[];
  readonly col: number[];
}

/**
 * Solves the zero-sum matrix game `a` (row player maximizes) by the simplex method on
 * max Σy s.t. (a + c)·y ≤ 1, y ≥ 0 (c making every entry positive), with Bland's rule.
 */
export function solveMatrixGame(a: readonly (readonly number[])[]): MatrixSolution {
  const m = a.length;
  const n = a[0]!.length;
  let min = Infinity;
  for (const row of a) for (const x of row) min = Math.min(min, x);
  const shift = 1 - min;
  const width = n + m + 1;
  // Tableau rows 0..m-1 are the constraints, row m the objective (−Σy).
  const t = new Float64Array((m + 1) * width);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) t[i * width + j] = a[i]![j]! + shift;
    t[i * width + n + i] = 1;
    t[i * width + width - 1] = 1;
  }
  for (let j = 0; j < n; j++) t[m * width + j] = -1;
  const basis = Array.from({ length: m }, (_, i) => n + i);
  const eps = 1e-9;
  for (let guard = 0; guard < 10000; guard++) {
    // Bland's rule: the first improving column that has a pivot (a column without one can only
    // be rounding noise, since the feasible set is bounded).
    let enter = -1;
    let leave = -1;
    for (let j = 0; j < width - 1 && leave < 0; j++) {
      if (t[m * width + j]! >= -eps) continue;
      let best = Infinity;
      for (let i = 0; i < m; i++) {
        const coef = t[i * width + j]!;
        if (coef > eps) {
          const ratio = t[i * width + width - 1]! / coef;
          if (ratio < best - eps || (Math.abs(ratio - best) <= eps && leave >= 0 && basis[i]! < basis[leave]!)) {
            best = ratio;
            leave = i;
          }
        }
      }
      if (leave >= 0) enter = j;
    }
    if (enter < 0) break;
    const p = t[leave * width + enter]!;
    for (let j = 0; j < width; j++) t[leave * width + j]! /= p;
    for (let i = 0; i <= m; i++) {
      if (i === leave) continue;
      const f = t[i * width + enter]!;
      if (f !== 0) for (let j = 0; j < width; j++) t[i * width + j]! -= f * t[leave * width + j]!;
    }
    basis[leave] = enter;
  }
  const total = t[m * width + width - 1]!;
  const col = new Array<number>(n).fill(0);
  for (let i = 0; i < m; i++) if (basis[i]! < n) col[basis[i]!] = t[i * width + width - 1]! / total;
  const row = Array.from({ length: m }, (_, i) => Math.max(0, t[m * width + n + i]!) / total);
  return { value: 1 / total - shift, row, col };
}

/** The payoff of a round ending with the wall `k` tiles from my wizard. */
export function roundPayoff(k: number): number {
  return (k - SPAN / 2) / (SPAN / 2);
}

/** The linear payoffs of the bid-only round, for k = 0..6. */
export const LINEAR_PAYOFF: readonly number[] = Array.from({ length: SPAN + 1 }, (_, k) => roundPayoff(k));

/** The payoff if the round stops now (the wall on a wizard, or someone out of mana); `null`: it goes on. */
function afterTurn(payoff: readonly number[], k: number, a: number, b: number): number | null {
  if (k <= 0 || k >= SPAN) return payoff[Math.max(0, Math.min(SPAN, k))]!;
  if (a === 0 && b === 0) return payoff[k]!;
  if (a === 0) return payoff[Math.max(0, k - b)]!;
  if (b === 0) return payoff[Math.min(SPAN, k + a)]!;
  return null;
}

export interface BidNode {
  readonly value: number;
  /** Probability of bidding 1, 2, … (index 0 is bid 1). */
  readonly mine: number[];
  readonly theirs: number[];
}

/** Bids worth considering with `mana` against an opponent holding `foe`. */
export const bidRange = (mana: number, foe: number): number => Math.min(mana, foe + 1);

export class BidSolver {
  /** Antisymmetric payoffs let (k, a, b) reuse the opponent's (6 − k, b, a). */
  private readonly symmetric: boolean;

  /** `payoff[k]`: what a round ending with the wall k tiles from my wizard is worth to me. */
  constructor(readonly payoff: readonly number[] = LINEAR_PAYOFF) {
    this.symmetric = payoff.every((x, k) => Math.abs(x + payoff[SPAN - k]!) < 1e-12);
  }

  private readonly values = new Float64Array((SPAN + 1) * (MAX_MANA + 1) * (MAX_MANA + 1));
  private readonly known = new Uint8Array((SPAN + 1) * (MAX_MANA + 1) * (MAX_MANA + 1));

  private index(k: number, a: number, b: number): number {
    return (k * (MAX_MANA + 1) + a) * (MAX_MANA + 1) + b;
  }

  /** The payoff of the node reached after bids (i, j) from (k, a, b). */
  next(k: number, a: number, b: number, i: number, j: number): number {
    const k2 = i > j ? k + 1 : i < j ? k - 1 : k;
    return afterTurn(this.payoff, k2, a - i, b - j) ?? this.value(k2, a - i, b - j);
  }

  matrix(k: number, a: number, b: number): number[][] {
    const rows = bidRange(a, b);
    const cols = bidRange(b, a);
    return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => this.next(k, a, b, i + 1, j + 1)));
  }

  /** The value of (k, a, b) for me, 1 ≤ k ≤ 5, a, b ≥ 1, by backward induction (memoized; depth ≤ 50). */
  value(k: number, a: number, b: number): number {
    return this.solveAt(k, a, b);
  }

  private solveAt(k: number, a: number, b: number): number {
    const at = this.index(k, a, b);
    if (this.known[at]) return this.values[at]!;
    const mirror = this.index(SPAN - k, b, a);
    let value: number;
    if (this.symmetric && this.known[mirror]) value = -this.values[mirror]!;
    else value = solveMatrixGame(this.matrix(k, a, b)).value;
    this.values[at] = value;
    this.known[at] = 1;
    return value;
  }

  /** The value and both equilibrium bid distributions at (k, a, b). */
  node(k: number, a: number, b: number): BidNode {
    this.value(k, a, b);
    const solution = solveMatrixGame(this.matrix(k, a, b));
    return { value: solution.value, mine: solution.row, theirs: solution.col };
  }
}

const solvers = new Map<string, BidSolver>();
/** One solver per payoff and thread, filled on first use (about 0.4 s for 50 mana against 50). */
export function bidSolver(payoff: readonly number[] = LINEAR_PAYOFF): BidSolver {
  const key = payoff.join(",");
  let solver = solvers.get(key);
  if (!solver) {
    solver = new BidSolver(payoff);
    solvers.set(key, solver);
  }
  return solver;
}

/**
 * The round's payoffs in the real game: a wizard pushed off the bridge by the next collapse
 * decides the game (±1, 0 if both); otherwise the wall's tiles, worth at most `scale`.
 */
export function gamePayoff(view: ShazammView, seat: ShazammSeat, scale = 0.5): number[] {
  const dir = seat === 0 ? 1 : -1;
  const collapsed = view.collapsed + 1;
  return Array.from({ length: SPAN + 1 }, (_, k) => {
    const wall = view.wizards[seat] + dir * k;
    const fallen = [wall - SPAN / 2 < collapsed, wall + SPAN / 2 > BRIDGE_TILES - 1 - collapsed];
    const me = fallen[seat]!;
    const them = fallen[other(seat)]!;
    if (me && them) return 0;
    if (me) return -1;
    if (them) return 1;
    return scale * roundPayoff(k);
  });
}

/** A bid drawn from a distribution over 1, 2, …. */
export function drawBid(probabilities: readonly number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < probabilities.length; i++) {
    acc += probabilities[i]!;
    if (u < acc) return i + 1;
  }
  return probabilities.length;
}

/** Equilibrium bid for `seat` in the view (the wall's distance from its wizard, both manas). */
export function solverBid(view: ShazammView, seat: ShazammSeat, u: number, payoff: "linear" | "game" = "linear"): number {
  const mana = view.mana[seat];
  const foe = view.mana[other(seat)];
  const k = Math.abs(view.wall - view.wizards[seat]);
  if (k <= 0 || k >= SPAN || foe <= 0 || mana <= 0) return Math.max(1, Math.min(mana, 1));
  const node = bidSolver(payoff === "game" ? gamePayoff(view, seat) : LINEAR_PAYOFF).node(Math.min(SPAN - 1, k), Math.min(MAX_MANA, mana), Math.min(MAX_MANA, foe));
  return Math.max(1, Math.min(mana, drawBid(node.mine, u)));
}

/**
 * "solver": bids from the exact bid-only equilibrium and lays spells by zone2's rules (which
 * do not depend on the bid it would have chosen... except Recyclage, kept only on big bids).
 */
export function solverBot(): Bot<ShazammView, ShazammAction> {
  const cards = zone2Bot();
  // The one table it bids from is built here, once per thread, not during a decision.
  bidSolver().value(SPAN / 2, MAX_MANA, MAX_MANA);
  return {
    name: "solver",
    decide(context: BotContext<ShazammView, ShazammAction>): ShazammAction {
      const action = cards.decide(context);
      if (action.type !== "commit") return action;
      const bid = solverBid(context.view, context.seat as ShazammSeat, randomFloat(context.rng));
      // Qui perd gagne only pays with a low bid (meant to lose the turn); Recyclage with a big one.
      const chosen = { type: "commit" as const, bid, cards: action.cards.filter((c) => (c !== 9 || bid <= 2) && (c !== 6 || bid >= 8)) };
      return context.legal.some((a) => a.type === "commit") ? chosen : action;
    },
  };
}

/** A bid policy for the bid-only round: (k, my mana, their mana) → probabilities of bids 1, 2, …. */
export type BidPolicy = (k: number, a: number, b: number) => readonly number[];

/**
 * How much a best-responding opponent gains against `policy` in the bid-only round from
 * (k, a, b): the game's value minus the policy's worst-case value (0 for an equilibrium).
 * Both players are at the same span, so the payoff unit is "a third of the way to a wizard".
 */
export function exploitability(policy: BidPolicy, k = SPAN / 2, a = MAX_MANA, b = MAX_MANA, solver = bidSolver()): number {
  const memo = new Map<number, number>();
  const worst = (k: number, a: number, b: number): number => {
    const key = (k * 64 + a) * 64 + b;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const p = policy(k, a, b);
    let best = Infinity;
    for (let j = 1; j <= b; j++) {
      let sum = 0;
      for (let i = 1; i <= p.length; i++) {
        const prob = p[i - 1]!;
        if (prob <= 0) continue;
        const k2 = i > j ? k + 1 : i < j ? k - 1 : k;
        sum += prob * (afterTurn(solver.payoff, k2, a - i, b - j) ?? worst(k2, a - i, b - j));
      }
      best = Math.min(best, sum);
    }
    memo.set(key, best);
    return best;
  };
  return solver.value(k, a, b) - worst(k, a, b);
}

/** The equilibrium policy the solver bot bids from. */
export const equilibriumPolicy: BidPolicy = (k, a, b) => bidSolver().node(k, a, b).mine;

/** Uniformly random bids, 1..mana. */
export const randomPolicy: BidPolicy = (_k, a) => new Array<number>(a).fill(1 / a);
