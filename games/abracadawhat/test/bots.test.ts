// Bots: the exact probability against hand-computed values, the reasoner's choices, its strength.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, atLeastOne, bots, callValues, holdChances, levels, unseenCounts } from "../src/index.ts";
import { evaluateReasoner } from "../src/evaluate.ts";
import { arranged, cast } from "./helpers.ts";

describe("the exact chance of holding a spell", () => {
  it("matches hand-computed hypergeometric values", () => {
    expect(atLeastOne(10, 1, 5)).toBeCloseTo(1 - 126 / 252, 12); // 1/2
    expect(atLeastOne(10, 2, 5)).toBeCloseTo(1 - 56 / 252, 12); // 7/9
    expect(atLeastOne(20, 3, 5)).toBeCloseTo(1 - 6188 / 15504, 12);
    expect(atLeastOne(21, 8, 5)).toBeCloseTo(1 - 1287 / 20349, 12); // C(13,5)/C(21,5)
    expect(atLeastOne(5, 0, 5)).toBe(0);
    expect(atLeastOne(5, 1, 5)).toBe(1);
    expect(atLeastOne(7, 3, 0)).toBe(0);
    expect(() => atLeastOne(3, 1, 5)).toThrow();
  });
  it("counts the stones the seat cannot see: its hand, the pile, the secret stones", () => {
    // Seat 0 sees 15 stones in the others' hands: 21 unseen.
    const s = arranged(4, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [5, 6, 7, 8] });
    const unseen = unseenCounts(game.view(s, 0), 0);
    expect(unseen).toEqual([0, 1, 2, 3, 4, 3, 2, 3, 3]);
    const chances = holdChances(unseen, 5);
    expect(chances[1]).toBeCloseTo(5 / 21, 12);
    expect(chances[4]).toBeCloseTo(1 - (17 * 16 * 15 * 14 * 13) / (21 * 20 * 19 * 18 * 17), 12);
    cast(s, 0, 4); // the cast 4 goes to the board and the secret 5 it takes is seen by its holder
    const after = unseenCounts(game.view(s, 0), 0);
    expect(after).toEqual([0, 1, 2, 3, 3, 2, 2, 3, 3]);
    expect(holdChances(after, 4)[1]).toBeCloseTo(4 / 19, 12);
  });
});

describe("the reasoner", () => {
  it("stops when nothing is worth the risk and never makes a lower call", () => {
    const bot = bots.reasoner!.create();
    const s = arranged(4, { hands: [[8, 1, 2, 3, 4], [8, 8, 8, 7, 7], [8, 8, 8, 6, 6], [8, 6, 7, 5, 5]], life: [5, 6, 6, 6] });
    cast(s, 0, 8);
    // Only 8 may follow, and seat 0 sees every other 8: a sure failure, so it ends its turn.
    const action = bot.decide({ view: game.view(s, 0), seat: 0, legal: game.legalActions(s, 0), rng: createRng(1) });
    expect(action).toEqual({ type: "end" });
  });
  it("prefers a likely spell to a long shot", () => {
    const s = arranged(4, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]] });
    const values = callValues(game.view(s, 0), 0);
    // Spell 1 is a long shot (5/21) costing a die of life; spell 4 is likely.
    expect(values[4]!).toBeGreaterThan(values[1]!);
  });
  it("levels: easy is random, medium and hard the reasoner", () => {
    expect(levels).toEqual({ easy: "random", medium: "reasoner", hard: "reasoner" });
  });
  it("beats three random bots clearly more often than a quarter of four-player games", () => {
    const result = evaluateReasoner(300, 77);
    expect(result.low).toBeGreaterThan(0.4);
  });
});
