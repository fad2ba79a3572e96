// The engine's generic property suite for every player count, variant and die option,
// with the conservation invariant (every stone in exactly one place, life within 0..6).
import { checkGameProperties } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { abracadawhatGame, checkConservation } from "../src/index.ts";

const optionSets = [
  {},
  { die: "d6" },
  { easy: true },
  { lastStanding: true },
  { easy: true, lastStanding: true, die: "d6", spectatorsSeeHands: true },
];

describe("Abraca…What? properties", () => {
  for (const seats of [2, 3, 4, 5]) {
    for (const [i, options] of optionSets.entries()) {
      it(`${seats} players, options ${JSON.stringify(options)}`, () => {
        const report = checkGameProperties(abracadawhatGame, {
          seats,
          options,
          games: 120,
          seed: 1000 * seats + 100 * i,
          viewEvery: 13,
          invariant: checkConservation,
        });
        expect(report.games).toBe(120);
        expect(report.winsBySeat.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(120);
      });
    }
  }
});
