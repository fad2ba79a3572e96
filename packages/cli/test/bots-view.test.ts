// Every bot of every registered game (the levels and those offered by name) decides from its
// seat's view only: two full states that give the seat the same view (the second from
// game.shuffleHidden) give the same decision with the same bot seed. Also: every level's bot exists.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { createRng, deepEqual, nextActor, pick, type AnyGame } from "@grimoire/engine";

const LEVELS = ["easy", "medium", "hard"] as const;

/** Mid-game states: random actions from the setup, stopped at a seat with a real choice. */
function positions(game: AnyGame, count: number): { state: unknown; seat: number }[] {
  const out: { state: unknown; seat: number }[] = [];
  const rng = createRng(12345);
  for (let g = 0; out.length < count && g < count * 4; g++) {
    const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: 500 + g });
    const steps = 3 + g * 5;
    for (let s = 0; s < steps; s++) {
      const seat = nextActor(game.decision(state));
      if (seat === null) break;
      const legal = game.sampleActions ? game.sampleActions(state, seat, rng, 16) : game.legalActions(state, seat);
      game.apply(state, seat, pick(rng, legal));
    }
    const seat = nextActor(game.decision(state));
    if (seat === null) continue;
    if (game.legalActions(state, seat).length > 1) out.push({ state, seat });
  }
  return out;
}

describe.each(games.map((g) => [g.id, g] as const))("%s bots", (_id, game) => {
  it("name a bot for every level", () => {
    for (const level of LEVELS) expect(Object.keys(game.bots)).toContain(game.levels[level]);
  });

  it("decide from the view only, every one of them", () => {
    const found = positions(game, 3);
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
