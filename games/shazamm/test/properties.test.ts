// The generic property suite on the default game and both variants, with Shazamm!'s own
// invariants: mana within 0..50, wall and wizards on the bridge, every card in exactly one place.
// The suite also words every prompt, label, event and view line in three languages (about three
// times the cost of the rules alone), hence the generous timeout.
import { checkGameProperties } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { checkInvariant, shazammGame } from "../src/index.ts";

describe("Shazamm! property suite", () => {
  for (const variant of [0, 1, 2] as const) {
    it(`variant ${variant}: random games keep every property`, () => {
      const report = checkGameProperties(shazammGame, {
        seats: 2,
        options: { variant },
        games: 1500,
        seed: 1000 * (variant + 1),
        viewEvery: 3,
        invariant: checkInvariant,
      });
      expect(report.games).toBe(1500);
      expect(report.winsBySeat[0]! + report.winsBySeat[1]! + report.draws).toBe(1500);
    }, 600_000);
  }
});
