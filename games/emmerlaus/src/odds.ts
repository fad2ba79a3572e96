// The odds of a card before it is played: what its dice can roll, what the target can lose, and the
// target's chance to resist — exact distributions worked out from the card data (cards.ts) and the
// rules' own reading of the table (power, threshold, attack bonus, potions), for a state or a view.
// Answers still to come (Annulation, Miroir, Résistance accrue) are not guessed: the hands are hidden.
import { card, type CardData, type Effect } from "./cards.ts";
import { activeBoosts, attackBonus, defenceless, half, power, threshold, type FaceUp } from "./rules.ts";
import { type Amount } from "./data.ts";

/** A probability distribution over whole numbers: value → chance. */
export type Dist = ReadonlyMap<number, number>;

export interface Range {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

/** The target's resistance roll against the card (R7, R8). */
export interface ResistanceOdds {
  /** The threshold the d20 is rolled against (at or under: a success). */
  readonly threshold: number;
  /** 1, or 2 with Robe de double résistance (the better roll counts). */
  readonly rolls: 1 | 2;
  /** Chance the effect is stopped: a natural 1, or a success against a blue sphere. */
  readonly stop: number;
  /** Chance it is halved: a success against a yellow sphere (not a natural 1). */
  readonly halve: number;
  /** Chance of a fatal failure (natural 20): the amount doubled. */
  readonly double: number;
  /** stop + halve: the chance the roll helps the target at all. */
  readonly resist: number;
}

export interface Odds {
  /** What the target stands to lose: life by damage or drain, or nothing measurable in life ("other"). */
  readonly effect: "damage" | "drain" | "life" | "other";
  /** The amount the dice give for one hit, with the caster's PL and potions, before resistance (null: no dice). */
  readonly amount: Range | null;
  /** Separate hits, each with its own resistance roll (Main brûlante: 5). */
  readonly hits: number;
  /** The life the target loses in all if nobody answers (resistance, natural 1 and 20, robes included). */
  readonly loss: Range | null;
  /** The target's resistance roll; null when they get none (red sphere, asleep). */
  readonly resistance: ResistanceOdds | null;
}

/** What a table must show for odds: every player's face-up cards and life (a state or a view). */
export interface OddsTable extends FaceUp {
  readonly players: readonly (FaceUp["players"][number] & { readonly life: number; readonly alive: boolean })[];
}

// ---------------------------------------------------------------- distributions

const point = (v: number): Dist => new Map([[v, 1]]);

function uniform(sides: number): Dist {
  return new Map(Array.from({ length: sides }, (_, i) => [i + 1, 1 / sides]));
}

/** The distribution of f(a, b) for independent a and b. */
function combine(a: Dist, b: Dist, f: (x: number, y: number) => number): Dist {
  const out = new Map<number, number>();
  for (const [x, p] of a) for (const [y, q] of b) {
    const v = f(x, y);
    out.set(v, (out.get(v) ?? 0) + p * q);
  }
  return out;
}

function map(d: Dist, f: (x: number) => number): Dist {
  const out = new Map<number, number>();
  for (const [x, p] of d) out.set(f(x), (out.get(f(x)) ?? 0) + p);
  return out;
}

/** The sum of `n` dice with `sides` faces (a d100 is uniform 1–100, R1). */
export function diceSum(n: number, sides: number): Dist {
  let d = point(0);
  for (let i = 0; i < n; i++) d = combine(d, uniform(sides), (x, y) => x + y);
  return d;
}

/** Mixes distributions by weight (weights summing to 1). */
function mix(parts: readonly (readonly [number, Dist])[]): Dist {
  const out = new Map<number, number>();
  for (const [w, d] of parts) if (w > 0) for (const [x, p] of d) out.set(x, (out.get(x) ?? 0) + w * p);
  return out;
}

export function rangeOf(d: Dist): Range {
  let min = Infinity;
  let max = -Infinity;
  let mean = 0;
  for (const [x, p] of d) {
    if (p <= 0) continue;
    min = Math.min(min, x);
    max = Math.max(max, x);
    mean += x * p;
  }
  return { min, max, mean };
}

// ---------------------------------------------------------------- amounts and resistance

/** The dice count of an amount (R1, R2): per PL, per PL + 1, per the target's PL, per the table's total PL. */
function diceCount(amount: Amount, pl: number, targetPl: number, totalPl: number): number {
  const c = amount.dice?.count ?? 0;
  return c === "pl" ? pl : c === "pl+1" ? pl + 1 : c === "target-pl" ? targetPl : c === "total-pl" ? totalPl : c;
}

/** What an amount rolls: `(flat + dice) × (PL when "× PL")`, as the rules' evalAmount. */
export function amountDist(amount: Amount, pl: number, targetPl = pl, totalPl = pl): Dist {
  const dice = amount.dice ? diceSum(diceCount(amount, pl, targetPl, totalPl), amount.dice.die) : point(0);
  return map(dice, (x) => ((amount.flat ?? 0) + x) * (amount.times === "pl" ? pl : 1));
}

/**
 * One resistance roll's outcomes against `threshold` (R7): a natural 1 stops everything, a natural
 * 20 doubles, otherwise at or under the threshold is a success. With two rolls the better counts.
 */
export function resistanceOdds(thresholdValue: number, sphere: "blue" | "yellow", rolls: 1 | 2): ResistanceOdds {
  const successes = Math.max(0, Math.min(thresholdValue, 19) - 1); // faces 2–19 at or under the threshold
  // Outcomes from best to worst: natural 1, success, failure, natural 20.
  const single = [1 / 20, successes / 20, (18 - successes) / 20, 1 / 20];
  let outcome = single;
  if (rolls === 2) {
    // P(best is at least as bad as k) = P(one roll is at least as bad as k)²
    const atLeast = single.map((_, k) => single.slice(k).reduce((a, b) => a + b, 0) ** 2);
    outcome = atLeast.map((p, k) => p - (atLeast[k + 1] ?? 0));
  }
  const [full, success, , fatal] = outcome as [number, number, number, number];
  const stop = sphere === "blue" ? full + success : full;
  const halve = sphere === "yellow" ? success : 0;
  return { threshold: thresholdValue, rolls, stop, halve, double: fatal, resist: stop + halve };
}

/** A share's factor on the amount (R7, R8): stopped, halved, whole or doubled, with their chances. */
function factorParts(resistance: ResistanceOdds | null): (readonly [number, (x: number) => number])[] {
  if (!resistance) return [[1, (x) => x]];
  return [
    [resistance.stop, () => 0],
    [resistance.halve, (x) => half(x)],
    [1 - resistance.resist - resistance.double, (x) => x],
    [resistance.double, (x) => x * 2],
  ];
}

const applyFactor = (amount: Dist, resistance: ResistanceOdds | null): Dist => mix(factorParts(resistance).map(([w, f]) => [w, map(amount, f)] as const));

/** Damage from an opponent's card after the target's robes (R29 Robe d'absorption, Robe miroir). */
function afterRobes(dealt: Dist, targetObjects: readonly string[]): Dist {
  let d = dealt;
  for (const id of targetObjects) {
    const e = card(id).effect;
    if (e.kind === "absorption") d = combine(d, uniform(e.die), (x, r) => Math.max(0, x - r));
    if (e.kind === "mirror-robe") d = combine(d, uniform(e.die), (x, r) => (x > 0 ? x - Math.min(r, x) : 0));
  }
  return d;
}

// ---------------------------------------------------------------- a card at a target

/**
 * The odds of `cardId` played by `caster` at `target`, before anyone answers. `ringValue` is the
 * power ring a ring spell gives up (Corruption d'un anneau: 25 per point).
 */
export function cardOdds(table: OddsTable, caster: number, cardId: string, target: number, ringValue = 0): Odds {
  const data: CardData = card(cardId);
  const effect: Effect = data.effect;
  const victim = table.players[target]!;
  const pl = power(table, caster) + attackBonus(table, caster, data);
  const targetPl = power(table, target);
  const totalPl = table.players.reduce((sum, p, s) => sum + (p.alive ? power(table, s) : 0), 0);
  const sphere = data.band.sphere;
  // No roll on a red sphere, nor for a player under Sommeil (R24).
  const resistance =
    sphere !== "red" && !defenceless(table, target)
      ? resistanceOdds(threshold(table, target, data, caster), sphere, victim.objects.includes("robe-de-double-resistance") ? 2 : 1)
      : null;
  const stop = resistance?.stop ?? 0;
  const boost = activeBoosts(table, caster).reduce((m, b) => m * (b.damage ?? 1), 1);
  const lifeLeft = Math.max(0, victim.life);
  switch (effect.kind) {
    case "damage":
    case "ring-damage": {
      const rolled = effect.kind === "damage" ? amountDist(effect.amount, pl, targetPl, totalPl) : point(effect.per * ringValue);
      const hits = effect.kind === "damage" ? (effect.hits ?? 1) : 1;
      const perHit = afterRobes(map(applyFactor(rolled, resistance), (x) => x * boost), victim.objects);
      let loss = point(0);
      for (let h = 0; h < hits; h++) loss = combine(loss, perHit, (a, b) => a + b);
      return { effect: "damage", amount: rangeOf(map(rolled, (x) => x * boost)), hits, loss: rangeOf(loss), resistance };
    }
    case "drain": {
      const rolled = amountDist(effect.amount, pl, targetPl, totalPl);
      return { effect: "drain", amount: rangeOf(rolled), hits: 1, loss: rangeOf(map(applyFactor(rolled, resistance), (x) => Math.min(x, lifeLeft))), resistance };
    }
    case "kill":
      // Unless stopped, all the life left.
      return { effect: "life", amount: null, hits: 1, loss: rangeOf(mix([[stop, point(0)], [1 - stop, point(lifeLeft)]])), resistance };
    case "halve-life": {
      // Unless stopped, half the life left (rounded up); a natural 20 takes all of it.
      const double = resistance?.double ?? 0;
      const parts = [[stop, point(0)], [1 - stop - double, point(half(lifeLeft))], [double, point(lifeLeft)]] as const;
      return { effect: "life", amount: null, hits: 1, loss: rangeOf(mix(parts)), resistance };
    }
    case "set-life": {
      // Unless stopped, the life drops to 1dX (never raised).
      const fall = map(uniform(effect.die), (r) => Math.max(0, lifeLeft - r));
      return { effect: "life", amount: null, hits: 1, loss: rangeOf(mix([[stop, point(0)], [1 - stop, fall]])), resistance };
    }
    default:
      return { effect: "other", amount: null, hits: 1, loss: null, resistance };
  }
}

/** What a card played on oneself rolls (healing, Sanctuaire's life), with the caster's PL; null without dice. */
export function selfAmount(table: FaceUp, caster: number, cardId: string): Range | null {
  const data = card(cardId);
  const e = data.effect;
  const pl = power(table, caster) + attackBonus(table, caster, data);
  if (e.kind === "heal" || e.kind === "sanctuary") return rangeOf(amountDist(e.amount, pl));
  return null;
}
