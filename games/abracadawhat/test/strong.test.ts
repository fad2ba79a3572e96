// The hard level: the quick odds its rollouts use, the round's-end score, and the rollout
// improvement on the reasoner's move.
import { createRng, rolloutSearch } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, holdChances, seatChances, unseenCounts } from "../src/index.ts";
import { quickChances } from "../src/bots/probability.ts";
import { roundEndValue, strongBot } from "../src/bots/strong.ts";
import { arranged, cast, end } from "./helpers.ts";

describe("quick odds for rollouts", () => {
  it("are the exact odds while the hand log tells nothing", () => {
    const s = arranged(4, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]] });
    const view = game.view(s, 0);
    expect(quickChances(view, 0)).toEqual(seatChances(view, 0));
  });
  it("know a spell that just failed is not in the hand", () => {
    const s = arranged(2, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8]] });
    s.handLog[0] = [{ type: "missing", spell: 6 }];
    const view = game.view(s, 0);
    const unseen = unseenCounts(view, 0);
    const chances = quickChances(view, 0);
    expect(chances[6]).toBe(0);
    const without = unseen.slice();
    without[6] = 0;
    expect(chances[4]).toBeCloseTo(holdChances(without, 5)[4]!, 12);
  });
  it("do not forget a failed call once a draw follows (issue #18's example)", () => {
    // Seat 1 only drinks (8). Seat 0 casts 4, fails 8 and draws the pile's 8; then fails 4, fails 5, and casts 8: the
    // drawn stone was that 8, the older stones have none, so no 8 is left in the hand.
    const s = arranged(2, { hands: [[1, 2, 3, 4, 6], [6, 7, 8, 8, 8]], pile: [8, 8, 8, 7, 7, 6, 6, 5, 5, 4], turn: 0 });
    cast(s, 0, 4);
    cast(s, 0, 8);
    expect(s.handLog[0]).toEqual([{ type: "held", spell: 4 }, { type: "missing", spell: 8 }, { type: "drew", count: 1 }]);
    let before = game.view(s, 0);
    for (const spell of [4, 5, 8] as const) {
      cast(s, 1, 8); // Magic Drink: nobody hurt
      end(s, 1);
      before = game.view(s, 0);
      cast(s, 0, spell);
    }
    expect(s.handLog[0]!.slice(3)).toEqual([{ type: "missing", spell: 4 }, { type: "missing", spell: 5 }, { type: "held", spell: 8 }]);
    const view = game.view(s, 0);
    expect(seatChances(view, 0)[8]).toBe(0);
    expect(quickChances(view, 0)[8]).toBe(0);
    // Before the 8 was cast, the one drawn stone was the only place for an 8.
    const unseen = unseenCounts(before, 0);
    const all = unseen.reduce((a, b) => a + b, 0);
    expect(quickChances(before, 0)[8]).toBeCloseTo(unseen[8]! / all, 12);
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
