// Generic property suite for every player count and mode, with token conservation.
import { checkGameProperties } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { TOKENS, incantibusGame, places, type State } from "../src/index.ts";

/** Every token is in exactly one place at every step. */
export function conservation(state: State): void {
  const seen = new Map<number, string>();
  for (const [place, ids] of places(state)) {
    for (const id of ids) {
      if (seen.has(id)) throw new Error(`token ${id} is both in ${seen.get(id)} and ${place}`);
      seen.set(id, place);
    }
  }
  if (seen.size !== TOKENS.length) throw new Error(`${TOKENS.length - seen.size} tokens are nowhere`);
}

describe("incantibus properties", () => {
  for (const mode of ["apprentice", "expert"] as const) {
    for (const seats of [2, 3, 4]) {
      it(`${seats} players, ${mode}`, () => {
        const report = checkGameProperties(incantibusGame, { seats, options: { mode }, games: 60, seed: 100 * seats, viewEvery: 3, invariant: conservation });
        expect(report.games).toBe(60);
        // Generous: the suite words every prompt, label, event and view line in three languages.
      }, 900_000);
    }
  }
});
