// sampleActions as drivers may rely on it (engine contract): every legal action when there are at
// most `max`, else exactly `max` legal ones — so `sampleActions(state, seat, rng, N + 1)` returning
// at most N actions is the complete list, without ever enumerating millions of commits.
import { createRng, deepClone, stableKey, waitingSeats } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { commitCount, shazammGame, type ShazammState } from "../src/index.ts";

const keys = (actions: unknown[]) => actions.map((a) => stableKey(a)).sort();

describe("sampleActions", () => {
  it("is the full legal list when short, and a legal sample of exactly max otherwise", () => {
    const rng = createRng(11);
    let complete = 0;
    let sampled = 0;
    for (const variant of [0, 1, 2] as const) {
      for (let game = 0; game < 12; game++) {
        const s: ShazammState = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: 100 * variant + game });
        for (let step = 0; step < 400; step++) {
          const d = shazammGame.decision(s);
          if (d.type === "over") break;
          for (const seat of waitingSeats(d)) {
            const small = s.phase.type !== "commit" || commitCount(s, seat as 0 | 1) <= 4096;
            const sample = shazammGame.sampleActions(s, seat, createRng(step), 65);
            for (const action of sample) expect(shazammGame.parseAction(s, seat, deepClone(action)).ok).toBe(true);
            if (!small) {
              expect(sample).toHaveLength(65);
              sampled++;
              continue;
            }
            const legal = shazammGame.legalActions(s, seat);
            if (legal.length <= 65) {
              expect(keys(sample)).toEqual(keys(legal));
              complete++;
            } else {
              expect(sample).toHaveLength(65);
              sampled++;
            }
          }
          const seat = waitingSeats(d)[0]!;
          const [action] = shazammGame.sampleActions(s, seat, rng, 1);
          shazammGame.apply(s, seat, action!);
        }
      }
    }
    expect(complete).toBeGreaterThan(100);
    expect(sampled).toBeGreaterThan(100);
  });
  it("draws a commit without listing them all (variant 1: 50 × 2^15 commits)", () => {
    const s = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant: 1 }), seed: 1 });
    expect(commitCount(s, 0)).toBe(50 * 2 ** 15);
    const started = performance.now();
    for (let i = 0; i < 20; i++) shazammGame.sampleActions(s, 0, createRng(i), 64);
    expect(performance.now() - started).toBeLessThan(500); // listing them once takes about a second
  });
});
