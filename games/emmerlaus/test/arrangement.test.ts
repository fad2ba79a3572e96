// Any position as an arrangement (issue #17): on thousands of states of random play, with 2, 5 and
// 10 players, `fromArrangement(toArrangement(state))` (with another seed) is the same game — the
// same view for every seat and the spectator, the same decision and legal actions, indeed the same
// state — and the same next action, with whatever it draws, leads to the same game again.
import { createRng, deepClone, pick, randomInt, SPECTATOR, unwrap, type RngState } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { emmerlausGame as game, optionsSchema, type EmmerlausOptions, type EmmerlausState } from "../src/index.ts";

const viewers = (seats: number) => [SPECTATOR, ...Array.from({ length: seats }, (_, i) => i)] as const;

function rebuild(state: EmmerlausState, options: EmmerlausOptions, seed: number): EmmerlausState {
  const arrangement = JSON.parse(JSON.stringify(game.toArrangement(state)));
  const built = game.fromArrangement({ seats: state.players.length, options, seed: seed + 7_777_777 }, arrangement);
  if (!built.ok) throw new Error(`refused: ${built.error}\n${JSON.stringify(arrangement).slice(0, 1500)}`);
  return built.value;
}

function sameGame(rebuilt: EmmerlausState, state: EmmerlausState, where: string): void {
  for (const viewer of viewers(state.players.length)) expect(game.view(rebuilt, viewer), `${where}: view of ${viewer}`).toEqual(game.view(state, viewer));
  const decision = game.decision(state);
  expect(game.decision(rebuilt), `${where}: decision`).toEqual(decision);
  if (decision.type === "turn") expect(game.legalActions(rebuilt, decision.seat), `${where}: legal actions`).toEqual(game.legalActions(state, decision.seat));
  // Stronger than the contract asks: the whole state, generator included.
  expect(rebuilt, `${where}: state`).toEqual(state);
  expect(game.toArrangement(rebuilt), `${where}: arrangement`).toEqual(game.toArrangement(state));
}

function nextStep(state: EmmerlausState, draws: RngState): { seat: number; action: ReturnType<typeof game.legalActions>[number] } {
  const decision = game.decision(state);
  if (decision.type !== "turn") throw new Error("no turn");
  const legal = game.legalActions(state, decision.seat);
  return { seat: pick(draws, [decision.seat]), action: legal[randomInt(draws, 0, legal.length - 1)]! };
}

/** Random games from `seed`; every `every`-th state is written, rebuilt and played on. Returns the states checked. */
export function roundTrips(seats: number, games: number, seed: number, every: number, rawOptions: unknown = {}): number {
  const options = optionsSchema.parse(rawOptions);
  let checked = 0;
  for (let g = 0; g < games; g++) {
    const state = game.setup({ seats, options, seed: seed + g });
    const draws = createRng((seed + g) * 31 + 7);
    for (let step = 0; ; step++) {
      const over = game.decision(state).type === "over";
      if (step % every === 0 || over) {
        const where = `seed ${seed + g}, step ${step}`;
        const rebuilt = rebuild(state, options, seed + g);
        sameGame(rebuilt, state, where);
        checked++;
        if (!over) {
          const { seat, action } = nextStep(state, deepClone(draws));
          const original = game.clone(state);
          expect(game.apply(rebuilt, seat, action), `${where}: events of ${JSON.stringify(action)}`).toEqual(game.apply(original, seat, action));
          sameGame(rebuilt, original, `${where}, after ${JSON.stringify(action)}`);
        }
      }
      if (over) break;
      const { seat, action } = nextStep(state, draws);
      game.apply(state, seat, action);
    }
  }
  return checked;
}

describe("any position as an arrangement, round trip on random states", () => {
  for (const [seats, games, every] of [[2, 100, 1], [5, 30, 2], [10, 20, 2]] as const) {
    it(`${seats} players: views, decision, legal actions, state and the next action agree`, () => {
      expect(roundTrips(seats, games, 500 * seats, every)).toBeGreaterThan(2000);
    }, 300_000);
  }
});

describe("the round trip on the large-table options (potions and the Pacte lying, a ring given up, hands of 6 and 7)", () => {
  for (const [options, seats, games, every] of [[{ expansions: true }, 2, 60, 1], [{ deck: 200, expansions: true }, 6, 10, 2], [{ deck: 300, expansions: true }, 10, 10, 2]] as const) {
    it(`${JSON.stringify(options)}, ${seats} players`, () => {
      expect(roundTrips(seats, games, 900 + seats, every, options)).toBeGreaterThan(1000);
    }, 300_000);
  }
});

describe("a fresh arrangement", () => {
  it("an empty arrangement deals a game; its arrangement rebuilds it", () => {
    const options = optionsSchema.parse({});
    const state = unwrap(game.fromArrangement({ seats: 3, options, seed: 4 }, {}));
    expect(state.players.map((p) => p.hand.length)).toEqual([5, 5, 5]);
    sameGame(rebuild(state, options, 4), state, "fresh");
  });
});
