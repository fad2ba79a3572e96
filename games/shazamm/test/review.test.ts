// The post-game review of Shazamm!: commits and follow-ups valued as chances of winning by rollouts
// from the seat's view, a plainly bad commit labelled as one, and a commit's insight: the bid-only
// round's equilibrium as the solver computes it, the bid made marked.
import { describe, expect, it } from "vitest";
import { decisionRng, reviewDecision, type ReviewedDecision, type ReviewInsight } from "@grimoire/engine";
import { bidSolver } from "../src/bots/solver.ts";
import { bidNode, equilibriumInsight, shazammGame, type ShazammAction, type ShazammState } from "../src/index.ts";
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

/** Each row of a bid insight as (bid, probability, value), from its label's parameter. */
function bidRows(insight: ReviewInsight): { bid: number; p: number; value: number; marked: boolean }[] {
  return insight.rows.map((row) => {
    expect(row.label).toMatchObject({ key: "review.insight.bid" });
    return { bid: Number(row.label.params?.["n"]), p: row.values[0]!, value: row.values[1]!, marked: row.marked === true };
  });
}

/**
 * The insight of seat 0's commit `bid` at `state` is the solver's equilibrium at its (k, a, b):
 * every bid the equilibrium plays, with its probability, summing to 1, and no other bid but the
 * one made, which is the one row marked. Each value is that bid against the opponent's equilibrium
 * mix: the equilibrium's own bids are worth its value, no bid more (it is an equilibrium).
 */
function expectEquilibrium(state: ShazammState, insight: ReviewInsight | null | undefined, bid: number): void {
  const node = bidNode(shazammGame.view(state, 0), 0)!;
  expect(node).not.toBeNull();
  const solved = bidSolver().node(node.k, node.a, node.b);
  const rows = bidRows(insight!);
  const shown = new Map(rows.map((r) => [r.bid, r]));
  solved.mine.forEach((p, i) => {
    if (p > 1e-9) expect(shown.get(i + 1)?.p, `bid ${i + 1}`).toBe(p);
  });
  for (const r of rows) if (r.bid !== bid) expect(solved.mine[r.bid - 1], `bid ${r.bid} is not played at equilibrium`).toBeGreaterThan(1e-9);
  expect(rows.reduce((sum, r) => sum + r.p, 0)).toBeCloseTo(1, 9);
  expect(rows.filter((r) => r.marked).map((r) => r.bid)).toEqual([bid]);
  for (const r of rows) {
    expect(r.value).toBeLessThanOrEqual(solved.value + 1e-9);
    if (r.p > 1e-9) expect(r.value, `bid ${r.bid}`).toBeCloseTo(solved.value, 9);
  }
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
    expectEquilibrium(state, reviewed.insight, 7);
  }, 60_000);

  it("shows the solver's equilibrium beside a commit, wherever the mana and the wall stand, the bid made marked even off the equilibrium", () => {
    // 12 mana against 9 and 10 against 10, the wall midway; then the wall a step from seat 0 after
    // a turn it lost (19 against 15).
    const stepped = start({ mana: [20, 18] });
    turn(stepped, 1, [], 3, []);
    expect(bidNode(shazammGame.view(stepped, 0), 0)).toEqual({ k: 2, a: 19, b: 15 });
    for (const [state, bid] of [
      [start({ mana: [12, 9] }), 2],
      [start({ mana: [12, 9] }), 12],
      [start({ mana: [10, 10] }), 3],
      [stepped, 1],
      [stepped, 19],
    ] as const) {
      const insight = equilibriumInsight(shazammGame.view(state, 0), 0, { type: "commit", bid, cards: [] });
      expect(bidRows(insight!).filter((r) => r.p > 0).length, "a mixed equilibrium").toBeGreaterThan(1);
      expectEquilibrium(state, insight, bid);
    }
  });

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
