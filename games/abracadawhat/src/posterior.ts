// The exact distribution of a seat's own (unseen) hand given the public history of the round.
// Model: the stones the seat has not seen plus the stones it cast this round were dealt uniformly
// (everything else it sees is fixed), so its first 5 stones (fewer in an arranged position whose
// log starts from a short hand: dealtSize) are a uniform draw from that pool and
// each refill a uniform draw from what is left. Its log then filters: "held k" keeps hands with a k
// and takes one out, "missing k" keeps hands without k, "drew n" adds n stones from the rest.
// Stones elsewhere (pile, secret stones, others' taken stones) stay exchangeable, so given the hand
// they are a uniform shuffle of the remaining unseen stones. Forward filtering over hand count
// vectors (at most C(12, 5) = 792 hands of 5 over 8 spells) is exact, no sampling involved.
import { randomFloat, type RngState } from "@grimoire/engine";
import { emptyCounts, type Counts, type HandStep } from "./state.ts";

/** Possible hands (count vectors) with their relative weights (not normalised). */
export interface HandDistribution {
  hands: Counts[];
  weights: number[];
}

/** C(n, k) for n ≤ 36, k ≤ 5 (the most stones drawn at once), precomputed. */
const CHOOSE: number[][] = Array.from({ length: 37 }, (_, n) =>
  Array.from({ length: 6 }, (_, k) => {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    return k > n ? 0 : c;
  }),
);

function choose(n: number, k: number): number {
  return CHOOSE[n]![k]!;
}

/** Calls `visit(draw, weight)` for every multiset of `size` stones from `pool`, weight Π C(pool_k, draw_k). */
function eachDraw(pool: Counts, size: number, visit: (draw: Counts, weight: number) => void): void {
  const draw = emptyCounts();
  const go = (k: number, left: number, weight: number): void => {
    if (left === 0) return visit(draw, weight);
    if (k > 8) return;
    const most = Math.min(left, pool[k]!);
    for (let c = 0; c <= most; c++) {
      draw[k] = c;
      go(k + 1, left - c, weight * choose(pool[k]!, c));
    }
    draw[k] = 0;
  };
  go(1, size, 1);
}

/** One shared table of hand keys (6^8 entries, all 0 between calls), made on first use. */
let table: Int32Array | null = null;
const slots = (): Int32Array => (table ??= new Int32Array(6 ** 8));

const keyOf = (h: Counts) => h[1]! + 6 * (h[2]! + 6 * (h[3]! + 6 * (h[4]! + 6 * (h[5]! + 6 * (h[6]! + 6 * (h[7]! + 6 * h[8]!))))));

/** True when the log says nothing about which stones the seat holds beyond the counts (only draws). */
export function logIsUninformative(log: readonly HandStep[]): boolean {
  for (const step of log) if (step.type !== "drew") return false;
  return true;
}

/**
 * How many stones a seat was dealt this round, from its stones now and its log: 5 in play; an
 * arranged position may start a seat's history from fewer (a hand of 3 with nothing logged).
 */
export function dealtSize(log: readonly HandStep[], handSize: number): number {
  let dealt = handSize;
  for (const step of log) dealt += step.type === "held" ? 1 : step.type === "drew" ? -step.count : 0;
  return dealt;
}

/**
 * The exact distribution of a seat's current hand of `handSize` stones, from `unseen` (per spell, the
 * stones it cannot see now) and `log` (its public hand history this round, from a deal of `dealt`).
 * Throws when the facts are inconsistent (no hand fits them).
 */
export function handPosterior(unseen: Counts, log: readonly HandStep[], handSize: number, dealt = dealtSize(log, handSize)): HandDistribution {
  // Searches resample the same view many times: the last answer is kept (callers must not mutate it).
  const key = `${unseen.join(",")}|${handSize}|${dealt}|${log.map((step) => (step.type === "drew" ? `d${step.count}` : `${step.type[0]}${step.spell}`)).join("")}`;
  if (key === lastKey && lastAnswer !== null) return lastAnswer;
  lastAnswer = computePosterior(unseen, log, handSize, dealt);
  lastKey = key;
  return lastAnswer;
}

let lastKey = "";
let lastAnswer: HandDistribution | null = null;

function computePosterior(unseen: Counts, log: readonly HandStep[], handSize: number, dealt: number): HandDistribution {
  // The pool the seat's stones came from: what it cannot see now plus what it cast this round.
  const pool = unseen.slice();
  for (const step of log) if (step.type === "held") pool[step.spell]!++;
  const cast = emptyCounts();
  let hands: Counts[] = [];
  let weights: number[] = [];
  eachDraw(pool, dealt, (draw, weight) => {
    hands.push(draw.slice());
    weights.push(weight);
  });
  let size = dealt;
  for (const step of log) {
    switch (step.type) {
      case "held": {
        const k = step.spell;
        const nextHands: Counts[] = [];
        const nextWeights: number[] = [];
        hands.forEach((h, i) => {
          if (h[k]! === 0) return;
          h[k]!--;
          nextHands.push(h);
          nextWeights.push(weights[i]!);
        });
        hands = nextHands;
        weights = nextWeights;
        cast[k]!++;
        size--;
        break;
      }
      case "missing": {
        const k = step.spell;
        const keep = hands.map((h) => h[k] === 0);
        hands = hands.filter((_, i) => keep[i]);
        weights = weights.filter((_, i) => keep[i]);
        break;
      }
      case "drew": {
        // Hand key → 1 + its index in nextHands (0: not seen yet), reset before leaving.
        const index = slots();
        const nextHands: Counts[] = [];
        const nextWeights: number[] = [];
        const rest = emptyCounts();
        hands.forEach((h, i) => {
          // What is left to draw: the pool minus every stone that has been in the hand.
          for (let k = 1; k <= 8; k++) rest[k] = pool[k]! - cast[k]! - h[k]!;
          const w = weights[i]!;
          eachDraw(rest, step.count, (draw, drawWeight) => {
            const next = emptyCounts();
            for (let k = 1; k <= 8; k++) next[k] = h[k]! + draw[k]!;
            const key = keyOf(next);
            const at = index[key]!;
            if (at === 0) {
              index[key] = nextHands.length + 1;
              nextHands.push(next);
              nextWeights.push(w * drawWeight);
            } else {
              nextWeights[at - 1]! += w * drawWeight;
            }
          });
        });
        for (const h of nextHands) index[keyOf(h)] = 0;
        // Every hand has the same number of draws to choose from: keep the weights in range.
        const total = nextWeights.reduce((a, b) => a + b, 0);
        hands = nextHands;
        weights = total > 0 ? nextWeights.map((w) => w / total) : nextWeights;
        size += step.count;
        break;
      }
    }
  }
  if (size !== handSize) throw new Error(`abracadawhat: the hand log gives ${size} stones, the view ${handSize}`);
  if (hands.length === 0 || weights.every((w) => w === 0)) throw new Error("abracadawhat: no hand fits the public history");
  return { hands, weights };
}

/** For each spell k (index k; index 0 unused), the exact chance that the hand holds one. */
export function chancesOf(distribution: HandDistribution): number[] {
  const chances = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  let total = 0;
  distribution.hands.forEach((h, i) => {
    const w = distribution.weights[i]!;
    total += w;
    for (let k = 1; k <= 8; k++) if (h[k]! > 0) chances[k]! += w;
  });
  return chances.map((c) => c / total);
}

/** One hand drawn from the distribution. */
export function sampleHand(distribution: HandDistribution, rng: RngState): Counts {
  let total = 0;
  for (const w of distribution.weights) total += w;
  let x = randomFloat(rng) * total;
  for (let i = 0; i < distribution.hands.length; i++) {
    x -= distribution.weights[i]!;
    if (x < 0 && distribution.weights[i]! > 0) return distribution.hands[i]!.slice();
  }
  // Rounding: the last hand with weight.
  for (let i = distribution.hands.length - 1; i >= 0; i--) if (distribution.weights[i]! > 0) return distribution.hands[i]!.slice();
  throw new Error("abracadawhat: empty hand distribution");
}
