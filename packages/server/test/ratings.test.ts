// Ratings: openskill's updates checked against the Plackett–Luce formula written out by hand
// (test/support/plackett-luce.ts), ranks from outcomes (ties), and who a match rates.
import { ordinal as openskillOrdinal, rating as openskillRating } from "openskill";
import { describe, expect, it } from "vitest";
import { rateMatch } from "../src/rate-skills.ts";
import { botKey, endedTooEarly, INITIAL, isProvisional, matchResultOf, MIN_OWN_DECISIONS, ordinal, ownDecisions, ranksOf, repeatWeight, type MatchResult } from "../src/ratings.ts";
import type { SeatRecord } from "../src/storage.ts";
import { MU, plackettLuce, SIGMA } from "./support/plackett-luce.ts";

const result = (ranks: readonly number[], keys = ranks.map((_, i) => `p${i}`)): MatchResult => ({
  game: "g",
  tableId: "t",
  at: 1,
  seats: ranks.map((rank, seat) => ({ seat, key: keys[seat]!, rank, won: rank === 0 && ranks.filter((r) => r === 0).length === 1 })),
});

describe("rating updates against the Plackett–Luce formula", () => {
  it("starts everyone at mu 25, sigma 25/3 (ordinal 0)", () => {
    expect(INITIAL).toEqual({ mu: MU, sigma: SIGMA });
    expect(ordinal(INITIAL)).toBeCloseTo(0, 12);
  });

  it("the initial rating and the ordinal, written without openskill, are openskill's exactly", () => {
    expect(INITIAL).toEqual(openskillRating());
    for (const skill of [INITIAL, { mu: 31.7, sigma: 2.25 }, { mu: 12.5, sigma: 7.9 }, { mu: 0, sigma: 0 }, { mu: -3, sigma: 11 }]) {
      expect(ordinal(skill)).toBe(openskillOrdinal(skill));
    }
  });

  it("two new players, one wins", () => {
    const changes = rateMatch(result([0, 1]), new Map());
    const expected = plackettLuce([INITIAL, INITIAL], [0, 1]);
    for (const [i, e] of expected.entries()) {
      expect(changes[i]!.after.mu).toBeCloseTo(e.mu, 10);
      expect(changes[i]!.after.sigma).toBeCloseTo(e.sigma, 10);
    }
    // Between equals, by hand: the winner gains s²/(2c) and the loser loses as much.
    const s2 = SIGMA ** 2 + (25 / 300) ** 2;
    const c = Math.sqrt(2 * (s2 + (25 / 6) ** 2));
    expect(changes[0]!.after.mu).toBeCloseTo(25 + s2 / (2 * c), 10);
    expect(changes[1]!.after.mu).toBeCloseTo(25 - s2 / (2 * c), 10);
    expect(changes[0]!.after.mu).toBeCloseTo(27.6354, 4);
    expect(changes.map((c) => c.won)).toEqual([true, false]);
  });

  it("two players of different strengths, the underdog wins", () => {
    const current = new Map([
      ["p0", { mu: 20, sigma: 4 }],
      ["p1", { mu: 31, sigma: 6.5 }],
    ]);
    const changes = rateMatch(result([0, 1]), current);
    const expected = plackettLuce([current.get("p0")!, current.get("p1")!], [0, 1]);
    expect(changes.map((c) => c.after.mu)).toEqual(expected.map((e) => expect.closeTo(e.mu, 10)));
    expect(changes.map((c) => c.after.sigma)).toEqual(expected.map((e) => expect.closeTo(e.sigma, 10)));
    expect(changes[0]!.after.mu).toBeGreaterThan(20);
    expect(changes[1]!.after.mu).toBeLessThan(31);
  });

  it("five players with a tie for second place", () => {
    const players = [
      { mu: 25, sigma: SIGMA },
      { mu: 30, sigma: 5 },
      { mu: 18, sigma: 7 },
      { mu: 27, sigma: 3 },
      { mu: 22, sigma: 8 },
    ];
    const ranks = [2, 0, 1, 1, 3];
    const current = new Map(players.map((p, i) => [`p${i}`, p]));
    const changes = rateMatch(result(ranks), current);
    const expected = plackettLuce(players, ranks);
    for (const [i, e] of expected.entries()) {
      expect(changes[i]!.key).toBe(`p${i}`);
      expect(changes[i]!.before).toEqual(players[i]);
      expect(changes[i]!.after.mu).toBeCloseTo(e.mu, 10);
      expect(changes[i]!.after.sigma).toBeCloseTo(e.sigma, 10);
    }
    expect(changes.map((c) => c.won)).toEqual([false, true, false, false, false]);
    // tied players of equal rating move alike
    const tie = rateMatch(result([0, 1, 1, 2, 3]), new Map());
    expect(tie[1]!.after.mu).toBeCloseTo(tie[2]!.after.mu, 12);
  });

  it("a draw between equals changes no mean, only the uncertainty", () => {
    const changes = rateMatch(result([0, 0]), new Map());
    const expected = plackettLuce([INITIAL, INITIAL], [0, 0]);
    expect(changes[0]!.after.mu).toBeCloseTo(25, 10);
    expect(changes[0]!.after.sigma).toBeCloseTo(expected[0]!.sigma, 10);
    expect(changes.every((c) => !c.won)).toBe(true);
  });

  it("one identity on several seats (bots of one level) gets the mean of its seats", () => {
    const changes = rateMatch(result([0, 1, 2], ["p0", "bot:easy", "bot:easy"]), new Map());
    const expected = plackettLuce([INITIAL, INITIAL, INITIAL], [0, 1, 2]);
    expect(changes).toHaveLength(2);
    expect(changes[1]!.key).toBe("bot:easy");
    expect(changes[1]!.after.mu).toBeCloseTo((expected[1]!.mu + expected[2]!.mu) / 2, 10);
    expect(changes[1]!.rank).toBe(1);
  });
});

describe("ranks from an outcome", () => {
  it("winners share first place, the others follow by score with ties", () => {
    expect(ranksOf({ winners: [1], scores: [3, 9, 5, 3, 7], draw: false }, 5)).toEqual([3, 0, 2, 3, 1]);
    expect(ranksOf({ winners: [0, 2], scores: [5, 1, 5], draw: false }, 3)).toEqual([0, 1, 0]);
    expect(ranksOf({ winners: [], scores: [3, 3], draw: true }, 2)).toEqual([0, 0]);
    // a three-way game drawn between two: they tie first, the third is last
    expect(ranksOf({ winners: [], scores: [5, 2, 5], draw: true }, 3)).toEqual([0, 2, 0]);
    expect(ranksOf({ winners: [1], scores: [], draw: false }, 3)).toEqual([1, 0, 1]);
    expect(ranksOf({ winners: [], scores: [], draw: true }, 3)).toEqual([0, 0, 0]);
  });

  it("seats that resigned share the last place, whatever their score", () => {
    // seat 0 resigned with the best score: the winner first, then the others by score, seat 0 last
    expect(ranksOf({ winners: [1], scores: [9, 5, 3, 4], draw: false }, 4, [0])).toEqual([3, 0, 2, 1]);
    expect(ranksOf({ winners: [1], scores: [9, 5, 3, 4], draw: false }, 4, [0, 2])).toEqual([2, 0, 2, 1]);
    expect(ranksOf({ winners: [], scores: [5, 5, 5], draw: true }, 3, [2])).toEqual([0, 0, 2]);
    // two players: the one who resigned loses, as without the list
    expect(ranksOf({ winners: [1], scores: [], draw: false }, 2, [0])).toEqual([1, 0]);
  });
});

describe("which matches are rated", () => {
  const human = (player: string | null): SeatRecord => ({ kind: "human", name: "x", level: null, tokenHash: "h", takeover: false, player });
  const bot = (level: "easy" | "hard"): SeatRecord => ({ kind: "bot", name: "b", level, tokenHash: null, takeover: false });
  const outcome = { winners: [0], scores: [2, 1, 0], draw: false };
  const table = (seats: SeatRecord[], rated = true) => ({ id: "t", game: "g", rated, seats });

  it("accounts and bots (one identity per level)", () => {
    const r = matchResultOf(table([human("a"), bot("hard"), bot("easy")]), outcome, 5);
    expect(r).toEqual({ game: "g", tableId: "t", at: 5, seats: [
        { seat: 0, key: "a", rank: 0, won: true },
        { seat: 1, key: botKey("hard"), rank: 1, won: false },
        { seat: 2, key: "bot:easy", rank: 2, won: false },
      ],
    });
  });

  it("a seat that resigned ranks last", () => {
    const r = matchResultOf({ ...table([human("a"), human("b"), bot("easy")]), meta: { resigned: [{ seat: 0 }] } }, { winners: [1], scores: [9, 5, 3], draw: false }, 5);
    expect(r!.seats.map((s) => [s.key, s.rank, s.won])).toEqual([
      ["a", 2, false],
      ["b", 0, true],
      ["bot:easy", 1, false],
    ]);
  });

  it("none with a guest, by the creator's choice, with an account twice, or without any account", () => {
    expect(matchResultOf(table([human("a"), human(null), bot("easy")]), outcome, 5)).toBeNull();
    expect(matchResultOf(table([human("a"), human("b"), bot("easy")], false), outcome, 5)).toBeNull();
    expect(matchResultOf(table([human("a"), human("a"), bot("easy")]), outcome, 5)).toBeNull();
    expect(matchResultOf(table([bot("hard"), bot("easy"), bot("easy")]), outcome, 5)).toBeNull();
  });
});

describe("ratings that mean something", () => {
  const humanSeat = { kind: "human" as const };
  const botSeat = { kind: "bot" as const };

  it("a match counts only once every human seat made two decisions of its own", () => {
    const history = [
      { seat: 0, by: "player" },
      { seat: 1, by: "clock" },
      { seat: 0, by: "player" },
      { seat: 1, by: "player" },
      { seat: 2, by: "bot" },
    ];
    expect(ownDecisions(history, 3)).toEqual([2, 1, 0]);
    expect(endedTooEarly([humanSeat, humanSeat, botSeat], ownDecisions(history, 3))).toBe(true);
    expect(endedTooEarly([humanSeat, botSeat, botSeat], ownDecisions(history, 3))).toBe(false);
    // Resigning at version 0: nobody decided anything.
    expect(endedTooEarly([humanSeat, humanSeat], [0, 0])).toBe(true);
    expect(MIN_OWN_DECISIONS).toBe(2);
  });

  it("repeated matches of the same two accounts count fully twice, half twice, then not at all", () => {
    expect([0, 1, 2, 3, 4, 9].map(repeatWeight)).toEqual([1, 1, 0.5, 0.5, 0, 0]);
  });

  it("a match weighted one half moves each rating half of the way", () => {
    const match: MatchResult = { game: "g", tableId: "t", at: 1, seats: [{ seat: 0, key: "a", rank: 0, won: true }, { seat: 1, key: "b", rank: 1, won: false }] };
    const full = rateMatch(match, new Map());
    const half = rateMatch(match, new Map(), 0.5);
    for (const [i, change] of half.entries()) {
      expect(change.after.mu - INITIAL.mu).toBeCloseTo((full[i]!.after.mu - INITIAL.mu) / 2, 10);
      expect(change.after.sigma - INITIAL.sigma).toBeCloseTo((full[i]!.after.sigma - INITIAL.sigma) / 2, 10);
    }
    expect(rateMatch(match, new Map(), 0).map((c) => c.after)).toEqual([INITIAL, INITIAL].map((s) => ({ mu: s.mu, sigma: s.sigma })));
  });

  it("provisional below ten rated matches", () => {
    expect(isProvisional(9)).toBe(true);
    expect(isProvisional(10)).toBe(false);
  });
});
