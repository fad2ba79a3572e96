// Bots: legal choices from the view only; greedy beats random.
import { createRng, loadScenario, replayScenario, wilson } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { greedyWins } from "../scripts/evaluate.ts";
import { incantibusGame } from "../src/index.ts";
import { game } from "./helpers.ts";

describe("bots", () => {
  it("levels name registered bots", () => {
    for (const name of Object.values(game.levels)) expect(game.bots[name]).toBeDefined();
  });

  it("greedy beats random at 2 and 4 players", () => {
    const two = wilson(greedyWins(2, 80, "apprentice", 900), 80);
    expect(two.low).toBeGreaterThan(0.5);
    const four = wilson(greedyWins(4, 80, "expert", 900), 80);
    expect(four.low).toBeGreaterThan(0.25);
  });

  it("greedy answers every kind of decision with a legal action", () => {
    const state = game.setup({ seats: 3, options: { mode: "expert" }, seed: 5 });
    const bot = game.bots.greedy!.create();
    const rng = createRng(3);
    while (game.decision(state).type !== "over") {
      const d = game.decision(state);
      const seat = d.type === "turn" ? d.seat : d.type === "simultaneous" ? d.seats[0]! : -1;
      const legal = game.legalActions(state, seat);
      const action = bot.decide({ view: game.view(state, seat), seat, legal, rng });
      expect(legal).toContainEqual(action);
      game.apply(state, seat, action);
    }
  });
});

describe("scenarios and text", () => {
  it("a scenario file with an arrangement replays; errors name what is wrong", () => {
    const raw = {
      game: "incantibus", seats: ["Aurélie", "Charles"], seed: 3,
      arrangement: { wands: [4, 1], roomTokens: ["Pieu ailé", "Citrouille", "Gold 1"] },
      actions: [0, 1].map((seat) => ({ seat, action: { type: "point", target: { type: "room", slot: 0, token: "Pieu ailé", twin: false } } })),
    };
    const loaded = loadScenario(raw, () => incantibusGame);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const final = replayScenario(loaded.value);
    expect(final.ok).toBe(true);
    const bad = loadScenario({ ...raw, arrangement: { roomTokens: ["Dragon"] } }, () => incantibusGame);
    expect(bad).toEqual({ ok: false, error: 'arrangement: roomTokens.0: no token "Dragon" left' });
    const full = loadScenario({ ...raw, arrangement: { trunks: [["Gold 1", "Gold 2", "Gold 3", "hidden:Gold 2"], []] } }, () => incantibusGame);
    expect(full.ok).toBe(false);
  });
});
