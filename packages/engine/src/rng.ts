// Seeded randomness whose whole state is plain data inside the game state.
// Generator: pure-rand's xoroshiro128+ (128-bit state). Rules draw only through these
// functions, so the same seed and the same actions always give the same game.
// A scenario can force die results: `forced` is consumed by rollDie before the generator.
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { z } from "zod";

export interface RngState {
  /** The generator's four 32-bit words. */
  s: number[];
  /** Die results still to be used before the generator, in order (from a scenario). */
  forced: number[];
}

/** A seed is a 32-bit integer, or 32 hex digits (128 bits, what the server draws). */
export type Seed = number | string;

const HEX_SEED = /^[0-9a-f]{32}$/i;

export function isSeed(value: unknown): value is Seed {
  return (typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && HEX_SEED.test(value));
}

export function createRng(seed: Seed, forced: readonly number[] = []): RngState {
  if (typeof seed === "number") {
    if (!Number.isSafeInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
    return { s: [...xoroshiro128plus(seed | 0).getState()], forced: [...forced] };
  }
  if (!HEX_SEED.test(seed)) throw new Error(`seed must be an integer or 32 hex digits, got "${seed}"`);
  const words: number[] = [0, 8, 16, 24].map((at) => Number.parseInt(seed.slice(at, at + 8), 16) | 0);
  // An all-zero xoroshiro state never leaves zero; mix in a constant word instead.
  if (!words.some((w) => w !== 0)) words[0] = 0x9e3779b9 | 0;
  return { s: words, forced: [...forced] };
}

/** Uniform integer in [min, max], both included. */
export function randomInt(rng: RngState, min: number, max: number): number {
  if (!(max >= min)) throw new Error(`randomInt: empty range [${min}, ${max}]`);
  if (min === max) return min;
  const gen = xoroshiro128plusFromState(rng.s);
  const value = uniformInt(gen, min, max);
  rng.s = gen.getState() as number[];
  return value;
}

/** A die with `sides` faces (1..sides); a forced result from a scenario is used first. */
export function rollDie(rng: RngState, sides: number): number {
  if (rng.forced.length > 0) {
    const value = rng.forced.shift()!;
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new Error(`forced die result ${value} does not fit a d${sides}`);
    }
    return value;
  }
  return randomInt(rng, 1, sides);
}

/** Fisher–Yates shuffle in place; returns the same array. */
export function shuffle<T>(rng: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(rng, 0, i);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[randomInt(rng, 0, items.length - 1)]!;
}

/** A new independent generator drawn from this one (for bots, resampling, sub-searches). */
export function forkRng(rng: RngState): RngState {
  return { s: [randomInt(rng, -0x80000000, 0x7fffffff), randomInt(rng, -0x80000000, 0x7fffffff), randomInt(rng, -0x80000000, 0x7fffffff), randomInt(rng, -0x80000000, 0x7fffffff) | 1], forced: [] };
}

/** Uniform float in [0, 1). */
export function randomFloat(rng: RngState): number {
  return randomInt(rng, 0, 0x3fffffff) / 0x40000000;
}

/**
 * The generator's four words as an arrangement carries them (`"rng": [a, b, c, d]`), so a position
 * written mid-game draws what the game would have drawn next. Forced dice are left out (a
 * scenario's `dice`).
 */
export function rngWords(rng: RngState): number[] {
  return rng.s.slice();
}

const INT32 = z.number().int().min(-0x80000000).max(0xffffffff);
/** Untrusted generator words: four 32-bit integers, not all zero (xoroshiro never leaves zero). */
export const rngWordsSchema = z
  .array(INT32)
  .length(4, "expected the generator's 4 words")
  .refine((words) => words.some((w) => w !== 0), "the generator's words cannot all be 0");

/** A generator from validated words (see rngWordsSchema); unsigned words are taken as int32. */
export function rngFromWords(words: readonly number[], forced: readonly number[] = []): RngState {
  return { s: words.map((w) => w | 0), forced: [...forced] };
}
