// Bots: they play only legal actions from their view, and zone2 clearly beats random.
import { createRng, playout, wilson, type Bot } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { headToHead } from "../scripts/measure.ts";
import { checkInvariant, shazammGame } from "../src/index.ts";

describe("bots", () => {
  it("every bot action parses as legal and keeps the invariants, in every variant", () => {
    for (const variant of [0, 1, 2]) {
      for (let g = 0; g < 30; g++) {
        const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: g });
        const bots = [shazammGame.bots["zone2"]!.create(), shazammGame.bots["zone2"]!.create()] as Bot<unknown, unknown>[];
        const checking = bots.map((bot, seat) => ({
          name: bot.name,
          decide(context: Parameters<Bot<unknown, unknown>["decide"]>[0]) {
            checkInvariant(state);
            const action = bot.decide(context);
            const parsed = shazammGame.parseAction(state, seat, action);
            if (!parsed.ok) throw new Error(`${bot.name} played ${JSON.stringify(action)}: ${parsed.error.message}`);
            return action;
          },
        }));
        playout(shazammGame, state, checking, createRng(g));
        expect(shazammGame.outcome(state)).not.toBeNull();
      }
    }
  });

  it("zone2 clearly beats random (seats swapped)", () => {
    const result = headToHead(400, "zone2", "random", 0, 77);
    expect(result.score.low).toBeGreaterThan(0.8);
    expect(wilson(result.losses, 400).high).toBeLessThan(0.2);
  });

  it("levels name existing bots", () => {
    for (const name of Object.values(shazammGame.levels)) expect(shazammGame.bots[name]).toBeDefined();
  });
});
