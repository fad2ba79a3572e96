// Every bot of every registered game (the levels and those offered by name) decides from its
// seat's view only: two full states that give the seat the same view (the second from
// game.shuffleHidden) give the same decision with the same bot seed. Also: every level's bot exists.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { createRng, deepEqual, type AnyGame } from "@grimoire/engine";
import { positions } from "./support/positions.ts";

const LEVELS = ["easy", "medium", "hard"] as const;

/** Mid-game states, stopped at a seat with a real choice. */
const choicePositions = (game: AnyGame, count: number) =>
  positions(game, count, { rng: 12345, firstSeed: 500, steps: (g) => 3 + g * 5, triesPerPosition: 4 }, (state, seat) => game.legalActions(state, seat).length > 1);

describe.each(games.map((g) => [g.id, g] as const))("%s bots", (_id, game) => {
  it("name a bot for every level", () => {
    for (const level of LEVELS) expect(Object.keys(game.bots)).toContain(game.levels[level]);
  });

  it("decide from the view only, every one of them", () => {
    const found = choicePositions(game, 3);
    expect(found.length).toBeGreaterThan(0);
    for (const { state, seat } of found) {
      const other = game.shuffleHidden(game.clone(state), seat, createRng(77));
      const view = game.view(state, seat);
      expect(deepEqual(game.view(other, seat), view)).toBe(true);
      const legal = game.legalActions(state, seat);
      expect(deepEqual(game.legalActions(other, seat), legal)).toBe(true);
      for (const level of Object.keys(game.bots)) {
        const a = game.bots[level]!.create().decide({ view, seat, legal, rng: createRng(9) });
        const b = game.bots[level]!.create().decide({ view: game.view(other, seat), seat, legal, rng: createRng(9) });
        expect(b, `${game.id} ${level}`).toEqual(a);
      }
    }
  }, 300_000);
});
