// The hard level: the quick odds its rollouts use, the round's-end score, and the rollout
// improvement on the reasoner's move.
import { createRng, rolloutSearch } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, holdChances, seatChances, unseenCounts } from "../src/index.ts";
import { quickChances } from "../src/bots/probability.ts";
import { roundEndValue, strongBot } from "../src/bots/strong.ts";
import { arranged, cast } from "./helpers.ts";

describe("quick odds for rollouts", () => {
  it("are the exact odds while the hand log tells nothing", () => {
    const s = arranged(4, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]] });
    const view = game.view(s, 0);
    expect(quickChances(view, 0)).toEqual(seatChances(view, 0));
  });
  it("know a spell that just failed is not in the hand, and forget it after a draw", () => {
    const s = arranged(2, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8]] });
    s.handLog[0] = [{ type: "missing", spell: 6 }];
    const view = game.view(s, 0);
    const unseen = unseenCounts(view, 0);
    const chances = quickChances(view, 0);
    expect(chances[6]).toBe(0);
    const without = unseen.slice();
    without[6] = 0;
    expect(chances[4]).toBeCloseTo(holdChances(without, 5)[4]!, 12);
    s.handLog[0] = [{ type: "missing", spell: 6 }, { type: "drew", count: 0 }];
    expect(quickChances(game.view(s, 0), 0)).toEqual(holdChances(unseen, 5));
  });
});

describe("the round's end, scored", () => {
  it("shares 1 between the seats, more to more points, equally on equal scores", () => {
    const s = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]] });
    s.scores = [3, 0, 0];
    const values = [0, 1, 2].map((seat) => roundEndValue(s, seat));
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(values[0]).toBeGreaterThan(values[1]!);
    expect(values[1]).toBe(values[2]);
    s.scores = [4, 4, 4];
    expect(roundEndValue(s, 1)).toBeCloseTo(1 / 3, 12);
  });
});

describe("the strong bot", () => {
  it("is deterministic for a given rng, and takes the sure better call over a lower one", () => {
    // Seat 0 cast 6; a lower call now is a sure penalty, calling 6 again or 7–8 or ending is not.
    const s = arranged(2, { hands: [[1, 2, 6, 7, 8], [5, 5, 6, 7, 8]] });
    cast(s, 0, 6);
    const context = { view: game.view(s, 0), seat: 0, legal: game.legalActions(s, 0) };
    const bot = strongBot(game, { determinizations: 60 });
    const a = bot.decide({ ...context, rng: createRng(9) });
    expect(bot.decide({ ...context, rng: createRng(9) })).toEqual(a);
    expect(a.type === "end" || a.spell >= 6).toBe(true);
  });
  it("scores every lower call alike: the same deals and dice for every action", () => {
    const s = arranged(2, { hands: [[1, 2, 6, 7, 8], [5, 5, 6, 7, 8]] });
    cast(s, 0, 6);
    const context = { view: game.view(s, 0), seat: 0, legal: game.legalActions(s, 0), rng: createRng(4) };
    const result = rolloutSearch(game, context, { determinizations: 40, policy: (_s, _seat, legal) => legal[legal.length - 1]!, horizon: (st: { round: number }) => st.round, evaluate: roundEndValue });
    const lower = result.children.filter((c) => c.action.type === "cast" && c.action.spell < 6).map((c) => c.mean);
    expect(lower.length).toBe(5);
    expect(new Set(lower).size).toBe(1);
  });
});
