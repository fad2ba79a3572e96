// Bots: the heuristic beats random (a small head-to-head; the full figures are in the README),
// bots only ever get their view, and the levels name registered bots.
import { createRng, playout, type Bot } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, emmerlausGame, heuristicBot } from "../src/index.ts";
import { headToHead } from "../scripts/measure.ts";
import { start } from "./helpers.ts";

describe("bots", () => {
  it("levels name registered bots", () => {
    for (const name of Object.values(emmerlausGame.levels)) expect(emmerlausGame.bots[name]).toBeDefined();
  });
  it("heuristic beats random with 2 and 4 players", () => {
    const two = headToHead(200, 2, "heuristic", "random", 77);
    expect(two.score.low).toBeGreaterThan(0.6);
    const four = headToHead(200, 4, "heuristic", "random", 77);
    expect(four.score.low).toBeGreaterThan(0.35);
  });
  it("keeps its counter-attack cards: answers a big attack with Miroir, never discards a CA", () => {
    const s = start({ hands: [["destruction"], ["miroir", "eclair"]], objects: [["anneau-de-puissance-3"], []] });
    const bot = heuristicBot();
    const rng = createRng(1);
    emmerlausGame.apply(s, 0, { type: "play", card: "destruction", target: 1 });
    expect(bot.decide({ view: emmerlausGame.view(s, 1), seat: 1, legal: emmerlausGame.legalActions(s, 1), rng })).toEqual({ type: "mirror" });
    const t = start({ hands: [["annulation", "miroir", "dommage"], []] });
    const choice = bot.decide({ view: emmerlausGame.view(t, 0), seat: 0, legal: emmerlausGame.legalActions(t, 0), rng });
    expect(choice).toEqual({ type: "play", card: "dommage", target: 1 });
  });
  it("a full 10-player game of heuristic bots ends", () => {
    const state = emmerlausGame.setup({ seats: 10, options: DEFAULT_OPTIONS, seed: 12 });
    const bots = Array.from({ length: 10 }, () => heuristicBot()) as Bot<unknown, unknown>[];
    const played = playout(emmerlausGame, state, bots, createRng(3));
    expect(emmerlausGame.outcome(state)).not.toBeNull();
    expect(played.length).toBeLessThan(emmerlausGame.maxActions(10, DEFAULT_OPTIONS));
  });
});
