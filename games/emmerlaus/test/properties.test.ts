// The generic property suite with 2, 5 and 10 players, plus Emmerlaüs invariants: the 100 cards
// are conserved, power level never below 1, dead players never decide.
import { checkGameProperties } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { allCards, deckOf, emmerlausGame, power, type EmmerlausState } from "../src/index.ts";

const decks = new Map<string, string>();

export function invariant(state: EmmerlausState): void {
  const key = JSON.stringify(state.options);
  if (!decks.has(key)) decks.set(key, deckOf(state.options).sort().join());
  const cards = allCards(state).sort();
  if (cards.join() !== decks.get(key)) throw new Error(`cards not conserved: ${cards.length}`);
  state.players.forEach((p, seat) => {
    if (power(state, seat) < 1) throw new Error(`seat ${seat} below power 1`);
    if (!p.alive && (p.hand.length > 0 || p.objects.length > 0)) throw new Error(`dead seat ${seat} holds cards`);
  });
  const d = emmerlausGame.decision(state);
  if (d.type === "turn" && !state.players[d.seat]!.alive) throw new Error(`dead seat ${d.seat} must decide`);
}

describe("generic properties", () => {
  for (const [seats, games, viewEvery] of [[2, 1400, 19], [5, 500, 43], [10, 120, 97]] as const) {
    it(`${seats} players, ${games} games`, () => {
      const report = checkGameProperties(emmerlausGame, { seats, games, seed: 1000 * seats, viewEvery, invariant });
      expect(report.games).toBe(games);
    }, 600_000);
  }
});

// Large tables (issue #17): 200 and 300 cards, hands of 6 and 7, with and without the expansion cards.
describe("generic properties on the large-table options", () => {
  const cases = [
    [{ deck: 100, expansions: true }, 2, 300, 19],
    [{ deck: 200, expansions: true }, 6, 60, 43],
    [{ deck: 300, expansions: false }, 6, 40, 43],
    [{ deck: 300, expansions: true }, 10, 25, 97],
    [{ deck: 200, expansions: false }, 10, 20, 97],
    [{ deck: 300, expansions: true }, 2, 150, 19],
  ] as const;
  for (const [options, seats, games, viewEvery] of cases) {
    it(`${JSON.stringify(options)}, ${seats} players, ${games} games`, () => {
      const report = checkGameProperties(emmerlausGame, { seats, options, games, seed: 7000 + 100 * seats + options.deck, viewEvery, invariant });
      expect(report.games).toBe(games);
    }, 600_000);
  }
});
