import { describe, expect, it } from "vitest";
import { createRng, deepClone, forkRng, randomInt, rollDie, shuffle, wilson } from "../src/index.ts";

describe("rng", () => {
  it("is deterministic and serializable", () => {
    const a = createRng(42);
    const b = JSON.parse(JSON.stringify(a));
    const xs = Array.from({ length: 50 }, () => randomInt(a, 1, 6));
    const ys = Array.from({ length: 50 }, () => randomInt(b, 1, 6));
    expect(xs).toEqual(ys);
    expect(new Set(xs).size).toBe(6);
  });

  it("accepts 128-bit hex seeds and refuses others", () => {
    const a = createRng("00112233445566778899aabbccddeeff");
    expect(randomInt(a, 0, 1000)).toBeGreaterThanOrEqual(0);
    expect(() => createRng("xyz")).toThrow(/seed/);
    expect(() => createRng(1.5)).toThrow(/seed/);
  });

  it("uses forced die results first and checks they fit the die", () => {
    const rng = createRng(1, [6, 1]);
    expect(rollDie(rng, 6)).toBe(6);
    expect(rollDie(rng, 6)).toBe(1);
    const r = rollDie(rng, 6);
    expect(r).toBeGreaterThanOrEqual(1);
    expect(r).toBeLessThanOrEqual(6);
    expect(() => rollDie(createRng(1, [7]), 6)).toThrow(/d6/);
  });

  it("shuffles as a permutation, and forks independent generators", () => {
    const rng = createRng(7);
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = shuffle(rng, [...items]);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    const child = forkRng(rng);
    const copy = deepClone(child);
    expect(randomInt(child, 0, 1e6)).toBe(randomInt(copy, 0, 1e6));
  });

  it("computes Wilson intervals", () => {
    const p = wilson(50, 100);
    expect(p.rate).toBe(0.5);
    expect(p.low).toBeCloseTo(0.4038, 3);
    expect(p.high).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 0).high).toBe(1);
  });
});
