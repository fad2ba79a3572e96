// Bots-only games end (issue #28): for every registered game, at 2, 5 and 10 players where the game
// allows that count, every mix of levels (each level alone, each pair, all three; levels dealt to
// the seats in turn) plays one game from a fixed seed to its end within the bound docs/bots.md
// gives ("Games that end"). Before issue #28, hard Emmerlaüs self-play at 10 players ran past
// 4,000 actions; the bound here is what a game may take, not what the rules' limit allows.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { createRng, nextActor, type AnyGame, type Bot } from "@grimoire/engine";

/** Most actions a bots-only game may take at `players`: docs/bots.md, "Games that end". */
export const ACTION_BOUND: Readonly<Record<string, (players: number) => number>> = {
  abracadawhat: (players) => 150 * players,
  shazamm: () => 400,
  incantibus: (players) => 150 * players,
  emmerlaus: (players) => 150 * players,
};

const LEVELS = ["easy", "medium", "hard"] as const;
const MIXES: readonly (readonly (typeof LEVELS)[number][])[] = [["easy"], ["medium"], ["hard"], ["easy", "medium"], ["easy", "hard"], ["medium", "hard"], ["easy", "medium", "hard"]];

/** Plays one game to its end, or stops past `bound` actions; returns the actions played. */
function lengthOf(game: AnyGame, players: number, mix: readonly (typeof LEVELS)[number][], bound: number): number {
  const state = game.setup({ seats: players, options: game.optionsSchema.parse({}), seed: 28 });
  const bots = Array.from({ length: players }, (_, k) => game.bots[game.levels[mix[k % mix.length]!]]!.create() as Bot<unknown, unknown>);
  const rng = createRng(2028);
  let actions = 0;
  for (;;) {
    const seat = nextActor(game.decision(state));
    if (seat === null || actions > bound) return actions;
    const legal = game.sampleActions ? game.sampleActions(state, seat, rng, 64) : game.legalActions(state, seat);
    game.apply(state, seat, legal.length === 1 ? legal[0] : bots[seat]!.decide({ view: game.view(state, seat), seat, legal, rng }));
    actions++;
  }
}

const cases = games.flatMap((game) => [2, 5, 10].filter((n) => n >= game.minSeats && n <= game.maxSeats).map((players) => ({ id: game.id, game, players })));

describe("bots-only games end within their bound", () => {
  it.each(cases)("$id at $players players, every level mix", ({ game, players }) => {
    const bound = ACTION_BOUND[game.id]!(players);
    const lengths = MIXES.map((mix) => ({ mix: mix.join("+"), actions: lengthOf(game, players, mix, bound) }));
    for (const { mix, actions } of lengths) expect({ mix, actions, within: actions <= bound }).toEqual({ mix, actions, within: true });
  }, 1_200_000);

  it("knows a bound for every registered game", () => {
    for (const game of games) expect(ACTION_BOUND[game.id], game.id).toBeTypeOf("function");
  });
});
