// The post-game review of Shazamm!: commits and follow-ups valued as chances of winning by rollouts
// from the seat's view, and a plainly bad commit labelled as one.
import { describe, expect, it } from "vitest";
import { decisionRng, reviewDecision, type ReviewedDecision } from "@grimoire/engine";
import { shazammGame, type ShazammAction, type ShazammState } from "../src/index.ts";
import { play, start, turn } from "./helpers.ts";

function review(state: ShazammState, seat: 0 | 1, chosen: ShazammAction, index = 0): ReviewedDecision {
  const legal = shazammGame.legalActions(state, seat);
  const reviewed = reviewDecision(shazammGame, shazammGame.reviewer, { view: shazammGame.view(state, seat), seat, legal, rng: decisionRng(1, index) }, chosen, index);
  expect(reviewed).not.toBeNull();
  return reviewed!;
}

function opening(seed: number): ShazammState {
  return shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({}), seed });
}

describe("Shazamm! review", () => {
  it("values a commit's bids and spell sets as chances of winning, with the equilibrium beside it", () => {
    const state = opening(5);
    const reviewed = review(state, 0, { type: "commit", bid: 7, cards: [] });
    expect(reviewed.choices.length).toBeGreaterThanOrEqual(2);
    const actions = reviewed.choices.map((c) => c.action as ShazammAction);
    expect(actions.every((a) => a.type === "commit")).toBe(true);
    // Several bids, and at least one choice lays spells.
    expect(new Set(actions.map((a) => (a.type === "commit" ? a.bid : 0))).size).toBeGreaterThanOrEqual(2);
    expect(actions.some((a) => a.type === "commit" && a.cards.length > 0)).toBe(true);
    for (const c of reviewed.choices) expect(c.value).toBeGreaterThanOrEqual(0), expect(c.value).toBeLessThanOrEqual(1);
    expect(reviewed.legal).toBe(shazammGame.legalActions(state, 0).length);
    expect(reviewed.insight?.rows.some((row) => row.marked)).toBe(true);
  }, 60_000);

  it("values every answer of a follow-up (Recyclage)", () => {
    const state = start();
    turn(state, 10, [6], 12, []);
    const legal = shazammGame.legalActions(state, 0);
    expect(legal.length).toBe(11);
    const reviewed = review(state, 0, { type: "recycle", delta: -5 });
    expect(reviewed.choices.length).toBe(11);
    // Raising the bid by 5 wins the turn (15 against 12); lowering it to 5 loses it.
    const value = (delta: number) => reviewed.choices.find((c) => (c.action as ShazammAction).type === "recycle" && (c.action as { delta: number }).delta === delta)!.value;
    expect(value(5)).toBeGreaterThan(value(-5));
    expect(reviewed.loss).toBeGreaterThan(0);
  }, 60_000);

  it("labels a bid of all one's mana at the opening a blunder", () => {
    // Both wizards hold 50 mana, the wall is midway. All 50 at once wins one step at most; then the
    // rival, with mana left and none on my side, pushes the wall onto my wizard a step a turn.
    for (const seed of [5, 6]) {
      const reviewed = review(opening(seed), 0, { type: "commit", bid: 50, cards: [] });
      expect(reviewed.label, `seed ${seed}: loss ${reviewed.loss}`).toBe("blunder");
    }
  }, 60_000);

  it("the move made is among the choices, also when the bot would not have named it", () => {
    const state = start();
    play(state, 1, { type: "commit", bid: 3, cards: [] });
    const reviewed = review(state, 0, { type: "commit", bid: 33, cards: [1, 2] });
    expect(reviewed.choices[reviewed.chosen]!.action).toEqual({ type: "commit", bid: 33, cards: [1, 2] });
  }, 60_000);
});
