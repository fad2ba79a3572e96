// Public history of a seat's own stones: its failed casts (and successes) constrain what it may hold,
// and resample, shuffleHidden and the reasoner's chances must all condition on them.
import { createRng, shuffle } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, callValues, chancesOf, checkConservation, failureCost, handPosterior, holdChances, seatChances, unseenCounts, type HandStep } from "../src/index.ts";
import { arranged, cast, end } from "./helpers.ts";

// Seat 0 holds no 8; five of the eight 8s are in the other hands, so three are unseen by seat 0.
const four = { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [4, 5, 6, 7] };

describe("resampling after a failed cast", () => {
  it("never gives a seat a stone of a spell it just failed to cast with unchanged stones", () => {
    const s = arranged(4, four);
    cast(s, 0, 8); // failure: seat 0 now knows it holds no 8; no stone left its hand, so no refill
    const view = game.view(s, 0);
    const rng = createRng(3);
    for (let i = 0; i < 300; i++) {
      const r = game.resample(view, 0, rng);
      checkConservation(r);
      expect(game.view(r, 0)).toEqual(view);
      expect(r.hands[0]![8]).toBe(0);
    }
  });
});

describe("the hand log", () => {
  it("records, publicly, each seat's casts held or missing and its draws, and restarts each round", () => {
    const s = arranged(4, four);
    cast(s, 0, 4);
    cast(s, 0, 5);
    cast(s, 0, 6); // seat 0 holds no 6: failure, then it draws 2
    expect(s.handLog[0]).toEqual([
      { type: "held", spell: 4 },
      { type: "held", spell: 5 },
      { type: "missing", spell: 6 },
      { type: "drew", count: 2 },
    ]);
    cast(s, 1, 6);
    cast(s, 1, 2); // lower than 6: called out, tells nothing, not logged
    expect(s.handLog[1]).toEqual([{ type: "held", spell: 6 }, { type: "drew", count: 1 }]);
    expect(game.view(s, 0).handLog).toEqual(s.handLog);
    expect(game.view(s, "spectator").handLog).toEqual(s.handLog);
    const t = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], life: [1, 6, 6] });
    cast(t, 0, 8); // self knock-out: a new round, a fresh log
    expect(t.handLog).toEqual([[], [], []]);
  });
});

describe("the exact posterior of a seat's hand", () => {
  // Small pools, computed by hand (weights: Π C(pool_k, draw_k)).
  it("a success: {1, 3, 3} dealt 2, a 3 cast: the 1 is left with chance 2/3, not 1/2", () => {
    const d = handPosterior([0, 1, 0, 1, 0, 0, 0, 0, 0], [{ type: "held", spell: 3 }], 1, 2);
    const c = chancesOf(d);
    expect(c[1]).toBeCloseTo(2 / 3, 12);
    expect(c[3]).toBeCloseTo(1 / 3, 12);
  });
  it("a failure: {1, 2, 2, 3} dealt 2, a 1 missing: a 2 surely, a 3 with chance 2/3", () => {
    const c = chancesOf(handPosterior([0, 1, 2, 1, 0, 0, 0, 0, 0], [{ type: "missing", spell: 1 }], 2, 2));
    expect(c[1]).toBe(0);
    expect(c[2]).toBeCloseTo(1, 12);
    expect(c[3]).toBeCloseTo(2 / 3, 12);
  });
  it("success, failure, then a draw: {1, 2, 2, 3} dealt 2 gives 1/2, 2/3, 5/6", () => {
    const log = [{ type: "held", spell: 2 }, { type: "missing", spell: 1 }, { type: "drew", count: 1 }] as const;
    const c = chancesOf(handPosterior([0, 1, 1, 1, 0, 0, 0, 0, 0], [...log], 2, 2));
    expect(c[1]).toBeCloseTo(1 / 2, 12);
    expect(c[2]).toBeCloseTo(2 / 3, 12);
    expect(c[3]).toBeCloseTo(5 / 6, 12);
  });
  it("matches a brute-force replay of shuffled deals, rejecting those the log rules out", () => {
    // Pool: unseen now {1,2,2,3,3,3,4,4,4,4} plus the cast 3 and 4.
    const unseen = [0, 1, 2, 3, 4, 0, 0, 0, 0];
    const log: HandStep[] = [{ type: "held", spell: 3 }, { type: "missing", spell: 1 }, { type: "drew", count: 1 }, { type: "held", spell: 4 }, { type: "missing", spell: 2 }, { type: "drew", count: 1 }];
    const exact = chancesOf(handPosterior(unseen, log, 5));
    const rng = createRng(8);
    const hits = new Array(9).fill(0);
    let accepted = 0;
    while (accepted < 20000) {
      const deck = shuffle(rng, [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
      const hand = deck.splice(0, 5);
      const ok = log.every((step) => {
        if (step.type === "drew") return hand.push(...deck.splice(0, step.count)) > 0;
        const at = hand.indexOf(step.spell);
        if (step.type === "missing") return at < 0;
        if (at < 0) return false;
        hand.splice(at, 1);
        return true;
      });
      if (!ok) continue;
      accepted++;
      for (const k of new Set(hand)) hits[k]++;
    }
    for (let k = 1; k <= 4; k++) expect(Math.abs(hits[k] / accepted - exact[k]!)).toBeLessThan(0.015);
    expect(exact[1]! + exact[2]!).toBeGreaterThan(0); // the draws may bring them back
  });
});

describe("the reasoner after a failed cast", () => {
  it("knows it holds no stone of a spell it failed with unchanged stones", () => {
    const s = arranged(4, four);
    cast(s, 0, 8); // failure, no refill
    for (const seat of [1, 2, 3]) {
      cast(s, seat, 8);
      end(s, seat);
    }
    const view = game.view(s, 0);
    expect(seatChances(view, 0)[8]).toBe(0);
    expect(callValues(view, 0)[8]).toBeCloseTo(-failureCost(view, 0, 8), 12);
    // Without the log it would be the plain hypergeometric chance.
    expect(holdChances(unseenCounts(view, 0), 5)[8]).toBeGreaterThan(0);
  });
  it("shuffleHidden keeps the seat's hand consistent with its log too", () => {
    const s = arranged(4, four);
    cast(s, 0, 8);
    const rng = createRng(4);
    for (let i = 0; i < 200; i++) {
      const t = game.shuffleHidden(s, 0, rng);
      checkConservation(t);
      expect(t.hands[0]![8]).toBe(0);
    }
  });
});

describe("resample frequencies with a history", () => {
  it("deal the seat's hand with the exact posterior chances", () => {
    const s = arranged(4, four);
    cast(s, 0, 5); // held
    cast(s, 0, 6); // missing: seat 0 draws 1
    const view = game.view(s, 0);
    const exact = seatChances(view, 0);
    expect(exact[6]).toBeGreaterThan(0); // the drawn stone may be a 6
    expect(exact[6]).toBeLessThan(holdChances(unseenCounts(view, 0), 5)[6]!);
    const rng = createRng(12);
    const hits = new Array(9).fill(0);
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const hand = game.resample(view, 0, rng).hands[0]!;
      for (let k = 1; k <= 8; k++) if (hand[k]! > 0) hits[k]++;
    }
    for (let k = 1; k <= 8; k++) expect(Math.abs(hits[k] / n - exact[k]!)).toBeLessThan(0.035);
  });
});

describe("the conservation invariant checks the hand log", () => {
  it("fails when a seat holds a spell its log says it just failed to cast, or the sizes disagree", () => {
    const s = arranged(4, four);
    cast(s, 0, 8);
    checkConservation(s);
    const wrong = game.clone(s);
    wrong.hands[0]![8] = 1;
    wrong.hands[0]![5] = 0;
    wrong.hands[2]![8]! -= 1;
    wrong.hands[2]![5] = 1;
    expect(() => checkConservation(wrong)).toThrow(/failed to cast 8/);
    const short = game.clone(s);
    // A log may start from fewer than 5 stones (an arranged position), never from more.
    short.handLog[0]!.push({ type: "held", spell: 5 });
    expect(() => checkConservation(short)).toThrow(/starts from 6 stones/);
  });
});
