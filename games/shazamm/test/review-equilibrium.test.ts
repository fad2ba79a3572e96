// Issue #28: the review of Shazamm!'s simultaneous bids. In a bid-only round (neither hand holds a
// spell) a commit is valued against the round's equilibrium, solved exactly: a bid the equilibrium
// plays loses nothing, so it is never worse than "good" (the position at (3, 35, 35), where
// bid 5 was labelled a blunder against zone2's one reply; and a property over random positions).
// Elsewhere a commit is valued against a mixed model of the opponent, a forced move not judged,
// and every decision says which kind of value it got.
import { describe, expect, it } from "vitest";
import { createRng, decisionRng, labelOf, randomFloat, randomInt, reviewDecision, unwrap, type ReviewedDecision } from "@grimoire/engine";
import { BidSolver } from "../src/bots/solver.ts";
import { nondecreasing, THRESHOLDS } from "../src/review.ts";
import { bidOnlyRound, roundEquilibrium, shazammGame, type ShazammAction, type ShazammState } from "../src/index.ts";

const setup = { seats: 2, options: shazammGame.optionsSchema.parse({}), seed: 7 };

/** Round 1, both hands down to the decoy (their spells played), the wall `k` tiles from seat 0's wizard. */
function bidOnly(k: number, mana: [number, number], collapsed = 0, wall = 9): ShazammState {
  const wizards: [number, number] = [wall - k, wall - k + 6];
  return unwrap(
    shazammGame.fromArrangement(setup, {
      round: 1 + collapsed,
      turn: 11,
      collapsed,
      wall,
      wizards,
      mana,
      hands: [[], []],
      piles: [
        [6, 7, 8, 9, 10, 11, 12, 13, 14],
        [6, 7, 8, 9, 10, 11, 12, 13, 14],
      ],
      discards: [
        [1, 2, 3, 4, 5],
        [1, 2, 3, 4, 5],
      ],
    }),
  );
}

function review(state: ShazammState, seat: 0 | 1, chosen: ShazammAction, index = 0): ReviewedDecision {
  const legal = shazammGame.legalActions(state, seat);
  const reviewed = reviewDecision(shazammGame, shazammGame.reviewer, { view: shazammGame.view(state, seat), seat, legal, rng: decisionRng(1, index) }, chosen, index);
  expect(reviewed).not.toBeNull();
  return reviewed!;
}

describe("Shazamm! review of a bid-only round", () => {
  it("reviews bid 5 at (3, 35, 35) as good, against the equilibrium (issue #28)", () => {
    const state = bidOnly(3, [35, 35]);
    expect(bidOnlyRound(shazammGame.view(state, 0), 0)).toBe(true);
    for (const seat of [0, 1] as const) {
      const reviewed = review(state, seat, { type: "commit", bid: 5, cards: [] });
      expect(reviewed.kind).toBe("equilibrium");
      expect(reviewed.label).toBe("good");
      expect(reviewed.loss).toBe(0);
      // The table beside it is the equilibrium the review used: bid 5 among its bids, marked.
      const row = reviewed.insight!.rows.find((r) => r.marked)!;
      expect(row.label).toMatchObject({ key: "review.insight.bid", params: { n: 5 } });
      expect(row.values[0]).toBeGreaterThan(0.01);
      expect(row.values[1]).toBe(reviewed.best);
      // Every bid is valued, and none is worth more than the equilibrium's value.
      expect(reviewed.choices).toHaveLength(35);
      for (const c of reviewed.choices) expect(c.value).toBeLessThanOrEqual(reviewed.best);
    }
  }, 120_000);

  it("never rates a bid of the equilibrium's support worse than good, over many random rounds (property)", () => {
    const rng = createRng(28);
    for (let trial = 0; trial < 150; trial++) {
      const k = randomInt(rng, 1, 5);
      const a = randomInt(rng, 1, 14);
      const b = randomInt(rng, 1, 14);
      // Any chances of winning for the round's seven ends, the nearer the wall to the rival the better.
      const continuation = Array.from({ length: 7 }, () => randomFloat(rng)).sort((x, y) => x - y);
      const eq = roundEquilibrium(k, a, b, continuation);
      const solver = new BidSolver(continuation.map((p) => 2 * p - 1));
      const context = `trial ${trial}: (${k}, ${a}, ${b})`;
      // The equilibrium guarantees its value against every bid of the rival (checked bid by bid).
      for (let j = 1; j <= b; j++) {
        let sum = 0;
        eq.mine.forEach((p, i) => (sum += p * solver.next(k, a, b, i + 1, j)));
        expect((sum + 1) / 2, `${context}, rival bid ${j}`).toBeGreaterThanOrEqual(eq.value - 1e-9);
      }
      eq.bids.forEach((v, i) => {
        expect(v, `${context}, bid ${i + 1}`).toBeLessThanOrEqual(eq.value);
        if ((eq.mine[i] ?? 0) > 1e-9) expect(labelOf(eq.value - v, THRESHOLDS), `${context}, bid ${i + 1} in the support`).toBe("good");
      });
    }
  });

  it("labels every support bid good through the reviewer itself, on random bid-only positions", () => {
    const rng = createRng(2028);
    let judged = 0;
    for (let trial = 0; trial < 4; trial++) {
      const k = randomInt(rng, 2, 4);
      const mana: [number, number] = [randomInt(rng, 6, 16), randomInt(rng, 6, 16)];
      const state = bidOnly(k, mana);
      const first = review(state, 0, { type: "commit", bid: 1, cards: [] });
      if (first.kind === "not-judged") {
        // Every bid worth the same here (it happens: at (2, 4, 6) the rival wins the round whatever
        // one bids): nothing to judge.
        expect(first.label, `(${k}, ${mana})`).toBeNull();
        expect(first.choices.every((c) => c.value === first.best)).toBe(true);
        continue;
      }
      judged++;
      expect(first.kind).toBe("equilibrium");
      const support = first.insight!.rows.filter((r) => r.values[0]! > 1e-9).map((r) => Number(r.label.params?.["n"]));
      expect(support.length).toBeGreaterThan(0);
      for (const bid of support) {
        const reviewed = review(state, 0, { type: "commit", bid, cards: [] });
        expect(reviewed.label, `(${k}, ${mana}) bid ${bid}`).toBe("good");
        expect(reviewed.loss).toBe(0);
      }
    }
    expect(judged).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("reads a wall nearer the rival as never worse (the round's ends' chances, rollout noise pooled)", () => {
    const near = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach((x, i) => expect(x).toBeCloseTo(want[i]!, 12));
    };
    near(nondecreasing([0.1, 0.3, 0.2, 0.5, 0.4, 0.9, 1]), [0.1, 0.25, 0.25, 0.45, 0.45, 0.9, 1]);
    near(nondecreasing([0.5, 0.4, 0.3]), [0.4, 0.4, 0.4]);
    near(nondecreasing([0, 0.2, 1]), [0, 0.2, 1]);
  }, 120_000);
});

describe("Shazamm! review elsewhere", () => {
  it("values a commit with spells in hand against a mixed model of the rival, and says so", () => {
    const state = shazammGame.setup({ ...setup, seed: 5 });
    expect(bidOnlyRound(shazammGame.view(state, 0), 0)).toBe(false);
    const reviewed = review(state, 0, { type: "commit", bid: 7, cards: [] });
    expect(reviewed.kind).toBe("mixed-model");
    expect(reviewed.label).not.toBeNull();
  }, 120_000);

  it("does not judge a decision whose every choice is worth the same (one mana: bid 1, the decoy laid or not)", () => {
    const state = bidOnly(3, [1, 9]);
    const reviewed = review(state, 0, { type: "commit", bid: 1, cards: [0] });
    expect(reviewed.choices.length).toBe(2);
    expect(reviewed.kind).toBe("not-judged");
    expect(reviewed.label).toBeNull();
    expect(reviewed.loss).toBe(0);
  }, 120_000);
});
