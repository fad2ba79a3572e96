// Any position as an arrangement (issue #17): on thousands of states of random play, with 2, 5 and
// 10 players, `fromArrangement(toArrangement(state))` (with another seed) is the same game — the
// same view for every seat and the spectator, the same decision and legal actions, indeed the same
// state — and the same next action, with whatever it draws, leads to the same game again.
import { createRng, deepClone, pick, randomInt, SPECTATOR, unwrap, type RngState } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { allCards, deckOf, emmerlausGame as game, optionsSchema, type EmmerlausOptions, type EmmerlausState } from "../src/index.ts";

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

// Untrusted arrangements: positions of random play, mutated at random (a field dropped, a number or
// a card changed, an answer, pick or aim added). fromArrangement never throws: it refuses, or it
// builds a game whose cards are all there and which plays on without breaking.
describe("mutated arrangements are refused or playable", () => {
  const rng = createRng(5);
  const CARDS_TRIED = ["eclair", "baton-d-attaque", "potion-de-force", "miroir", "sommeil", "pluie-de-boules-de-feu", "malediction", "sacrifice-d-emmerlaus", "intervention-divine-d-emmerlaus", "corruption-d-un-anneau"];
  const WORDS = [...CARDS_TRIED, "asleep", "groggy", "waiting", "active", "stored", "steal", "steal-excess", "acid", "wrath", "ring", "x"];
  function mutate(x: unknown): unknown {
    if (Array.isArray(x)) {
      if (x.length === 0) return x;
      const y = [...x];
      const i = randomInt(rng, 0, y.length - 1);
      if (randomInt(rng, 0, 3) === 0) y.splice(i, 1);
      else y[i] = mutate(y[i]);
      return y;
    }
    if (x !== null && typeof x === "object") {
      const y: Record<string, unknown> = { ...(x as Record<string, unknown>) };
      const key = pick(rng, Object.keys(y));
      if (randomInt(rng, 0, 4) === 0) delete y[key];
      else y[key] = mutate(y[key]);
      return y;
    }
    if (typeof x === "number") return pick(rng, [0, 1, -1, 2, 3, x + 1, x - 1, 99]);
    if (typeof x === "string") return pick(rng, WORDS);
    if (typeof x === "boolean") return !x;
    return x;
  }
  const options = optionsSchema.parse({ expansions: true });
  const total = deckOf(options).length;

  it("on positions of random games with 2, 3 and 5 players", () => {
    let built = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const seats = [2, 3, 5][seed % 3]!;
      const state = game.setup({ seats, options, seed });
      const moves = createRng(seed);
      for (let step = 0; game.decision(state).type !== "over" && step < 300; step++) {
        if (step % 7 === 0) {
          for (let m = 0; m < 5; m++) {
            let a = mutate(game.toArrangement(state)) as Record<string, unknown>;
            if (randomInt(rng, 0, 1) === 0) a = mutate(a) as Record<string, unknown>;
            const extra = randomInt(rng, 0, 4);
            const anySeat = () => randomInt(rng, 0, seats - 1);
            if (extra === 0) a.answer = { caster: anySeat(), card: pick(rng, CARDS_TRIED), targets: [anySeat()], x: randomInt(rng, 0, 3), ...(randomInt(rng, 0, 1) ? { shot: true } : {}) };
            if (extra === 1) a.pick = { seat: anySeat(), victim: anySeat(), purpose: pick(rng, ["steal", "acid", "wrath", "steal-excess", "dispel-ring"]) };
            if (extra === 2) a.aim = { seat: anySeat(), staff: "baton-d-attaque" };
            const result = game.fromArrangement({ seats, options, seed: 3 }, a);
            if (!result.ok) continue;
            built++;
            const s = result.value;
            expect(allCards(s)).toHaveLength(total);
            for (let k = 0; k < 200; k++) {
              const d = game.decision(s);
              if (d.type !== "turn") break;
              const legal = game.legalActions(s, d.seat);
              expect(legal.length, JSON.stringify(a).slice(0, 500)).toBeGreaterThan(0);
              game.apply(s, d.seat, pick(moves, legal));
            }
            expect(allCards(s)).toHaveLength(total);
          }
        }
        const d = game.decision(state);
        if (d.type === "turn") game.apply(state, d.seat, pick(moves, game.legalActions(state, d.seat)));
      }
    }
    expect(built).toBeGreaterThan(500);
  }, 300_000);
});
