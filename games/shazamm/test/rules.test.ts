// The bridge, mana, rounds, the end of the game, the variants, the sealed commits and the
// validation of untrusted input.
import { SPECTATOR, act, createRng, unwrap } from "@grimoire/engine";
import { formatMessage } from "@grimoire/engine/text";
import { describe, expect, it } from "vitest";
import { SPELLS, checkInvariant, commitCount, shazammGame } from "../src/index.ts";
import { play, start, turn } from "./helpers.ts";

const setupOf = (variant: 0 | 1 | 2, seed = 3) => ({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed });

describe("setup", () => {
  it("19 tiles, the wall on 9, wizards 3 tiles away, 50 mana, 5 cards and the decoy", () => {
    const s = shazammGame.setup(setupOf(0));
    expect(s.wall).toBe(9);
    expect(s.wizards).toEqual([6, 12]);
    expect(s.mana).toEqual([50, 50]);
    expect(s.collapsed).toBe(0);
    for (const seat of [0, 1] as const) {
      expect(s.hands[seat]).toHaveLength(6);
      expect(s.hands[seat]).toContain(0);
      expect(s.piles[seat]).toHaveLength(9);
    }
    checkInvariant(s);
  });
  it("variant 1 puts all 14 spells in hand", () => {
    const s = shazammGame.setup(setupOf(1));
    expect(s.hands[0]).toEqual([0, ...SPELLS]);
    expect(s.piles[0]).toEqual([]);
  });
  it("variant 2: each player orders their own pile, then draws its first 5", () => {
    const s = shazammGame.setup(setupOf(2));
    expect(shazammGame.decision(s)).toMatchObject({ type: "simultaneous", seats: [0, 1] });
    const order = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    for (const card of order) play(s, 0, { type: "arrange", card });
    expect(shazammGame.decision(s)).toMatchObject({ type: "simultaneous", seats: [1] });
    for (const card of SPELLS) play(s, 1, { type: "arrange", card });
    expect(s.hands[0]).toEqual([0, 10, 11, 12, 13, 14]);
    expect(s.hands[1]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s.piles[0]).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(shazammGame.view(s, 0).pile).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]); // one's own chosen order
    expect(shazammGame.view(s, 1).pile).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
  it("an arrangement deals the given decks, top first, and names what is wrong", () => {
    const s = start({ variant: 0, decks: [[3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], [...SPELLS].reverse()] });
    expect(s.hands[0]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s.piles[0][0]).toBe(6);
    expect(s.hands[1]).toEqual([0, 10, 11, 12, 13, 14]);
    const bad = (arrangement: unknown) => shazammGame.fromArrangement(setupOf(0), arrangement);
    expect(bad({ decks: [[1, 2], [...SPELLS]] })).toMatchObject({ ok: false, error: expect.stringContaining("decks.0") });
    expect(bad({ decks: [[...SPELLS], [...SPELLS]], wall: 2 })).toMatchObject({ ok: false, error: expect.stringContaining("wall") });
    expect(bad({ decks: [[...SPELLS], [...SPELLS]], mana: [0, 50] })).toMatchObject({ ok: false, error: expect.stringContaining("mana") });
    expect(bad({ decks: [[...SPELLS], [...SPELLS]], extra: 1 })).toMatchObject({ ok: false, error: expect.stringContaining("extra") });
  });
});

describe("rounds and the bridge", () => {
  it("the wall reaching a wizard ends the round: a tile collapses at each end, wizards 3 from the wall, 50 mana, 3 cards drawn", () => {
    const s = start({ variant: 0 });
    turn(s, 3, [], 1, []);
    turn(s, 3, [], 1, []);
    const events = turn(s, 3, [], 1, []);
    expect(events).toContainEqual({ type: "round-over", round: 1, loser: 1, reason: "wall" });
    expect(s.wall).toBe(12);
    expect(s.collapsed).toBe(1);
    expect(s.wizards).toEqual([9, 15]);
    expect(s.mana).toEqual([50, 50]);
    expect(s.hands[0]).toHaveLength(9);
    expect(s.piles[0]).toHaveLength(6);
  });
  it("a wizard who must stand on a collapsed tile loses the game", () => {
    const s = start({ wall: 6, collapsed: 3 });
    turn(s, 1, [], 5, [10]); // 6 -> 4
    turn(s, 1, [], 5, []); // 4 -> 3: seat 0 reached
    expect(s.phase).toEqual({ type: "over", winner: 1 });
    expect(shazammGame.outcome(s)).toEqual({ winners: [1], scores: [0, 1], draw: false });
  });
  it("both wizards off the bridge: a draw", () => {
    const s = start({ collapsed: 6 });
    turn(s, 1, [4], 1, []);
    expect(s.phase).toEqual({ type: "over", winner: null });
    expect(shazammGame.outcome(s)).toEqual({ winners: [], scores: [0, 0], draw: true });
    expect(shazammGame.decision(s)).toEqual({ type: "over" });
  });
  it("no more cards to draw: nothing drawn", () => {
    const s = start();
    turn(s, 1, [4], 1, []);
    expect(s.hands[0]).toHaveLength(14); // Fin de manche spent; nothing left to draw in variant 1
  });
});

describe("mana exhaustion", () => {
  it("a player at 0: the wall moves toward them by the other's mana and takes the round if it reaches", () => {
    const s = start({ mana: [5, 20] });
    const events = turn(s, 5, [], 1, []);
    expect(events).toContainEqual({ type: "wall", from: 10, to: 6, reason: "exhaustion" });
    expect(events).toContainEqual({ type: "round-over", round: 1, loser: 0, reason: "exhaustion" });
    expect(s.wizards).toEqual([3, 9]);
  });
  it("otherwise the round ends where the wall stopped", () => {
    const s = start({ mana: [2, 3] });
    const events = turn(s, 2, [], 1, []);
    expect(events).toContainEqual({ type: "wall", from: 10, to: 8, reason: "exhaustion" });
    expect(events).toContainEqual({ type: "round-over", round: 1, loser: null, reason: "exhaustion" });
    expect(s.wall).toBe(8);
    expect(s.wizards).toEqual([5, 11]);
  });
  it("both at 0: the round ends with the wall where it is", () => {
    const s = start({ mana: [3, 3] });
    const events = turn(s, 3, [], 3, []);
    expect(events).toContainEqual({ type: "round-over", round: 1, loser: null, reason: "exhaustion" });
    expect(s.wall).toBe(9);
    expect(s.round).toBe(2);
  });
});

describe("sealed commits", () => {
  it("the opponent sees only that a seat has committed, in views and events", () => {
    const s = start();
    const events = play(s, 0, { type: "commit", bid: 17, cards: [0, 7, 13] });
    for (const viewer of [1, SPECTATOR] as const) {
      const text = JSON.stringify(shazammGame.view(s, viewer));
      expect(text).not.toContain("17");
      expect(shazammGame.view(s, viewer).phase).toEqual({ type: "commit", committed: [true, false], own: null });
      expect(events.map((e) => shazammGame.eventFor(e, viewer))).toEqual([{ type: "committed", seat: 0 }]);
    }
    expect(shazammGame.view(s, 0).phase).toMatchObject({ own: { bid: 17, cards: [0, 7, 13] } });
    expect(shazammGame.view(s, 1).handSizes).toEqual([15, 15]); // committed cards stay counted in hand
    const reveal = play(s, 1, { type: "commit", bid: 3, cards: [] });
    expect(shazammGame.eventFor(reveal[1]!, 1)).toEqual({ type: "revealed", commits: [{ bid: 17, cards: [0, 7, 13] }, { bid: 3, cards: [] }] });
  });
  it("a seat cannot commit twice, and a committed seat is no longer waited for", () => {
    const s = start();
    play(s, 0, { type: "commit", bid: 1, cards: [] });
    expect(shazammGame.decision(s)).toMatchObject({ type: "simultaneous", seats: [1] });
    expect(act(shazammGame, s, 0, { type: "commit", bid: 2, cards: [] })).toMatchObject({ ok: false, error: { code: "not-your-turn" } });
  });
  it("resampling redraws the opponent's sealed commit, never copies it", () => {
    const s = start();
    play(s, 0, { type: "commit", bid: 17, cards: [7] });
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = shazammGame.resample(shazammGame.view(s, 1), 1, createRng(i));
      seen.add(JSON.stringify(r.phase));
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe("untrusted actions", () => {
  it("bid within 1..mana, cards from hand, each once; cards are sorted", () => {
    const s = start({ mana: [10, 50] });
    const parse = (raw: unknown) => shazammGame.parseAction(s, 0, raw);
    expect(parse({ type: "commit", bid: 0, cards: [] })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    expect(parse({ type: "commit", bid: 11, cards: [] })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    expect(parse({ type: "commit", bid: 2.5, cards: [] })).toMatchObject({ ok: false, error: { code: "malformed-action" } });
    expect(parse({ type: "commit", bid: 2, cards: [7, 7] })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    expect(parse({ type: "commit", bid: 2, cards: [15] })).toMatchObject({ ok: false, error: { code: "malformed-action" } });
    expect(parse({ type: "commit", bid: 2, cards: [13, 0, 7] })).toEqual({ ok: true, value: { type: "commit", bid: 2, cards: [0, 7, 13] } });
    expect(parse({ type: "clone", card: null })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    turn(s, 1, [7], 1, []);
    expect(shazammGame.parseAction(s, 0, { type: "commit", bid: 1, cards: [7] })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
  });
  it("legalActions lists every bid with every subset of the hand; samples are legal", () => {
    const s = start({ variant: 0, mana: [4, 50] });
    const legal = shazammGame.legalActions(s, 0);
    expect(legal).toHaveLength(4 * 2 ** 6);
    expect(commitCount(s, 0)).toBe(legal.length);
    const keys = new Set(legal.map((a) => JSON.stringify(a)));
    expect(keys.size).toBe(legal.length);
    for (const action of shazammGame.sampleActions(s, 0, createRng(5), 50)) {
      expect(keys.has(JSON.stringify(unwrap(shazammGame.parseAction(s, 0, action))))).toBe(true);
    }
    expect(shazammGame.sampleActions(s, 1, createRng(5), 10)).toHaveLength(10);
  });
});

describe("invariants and hidden draws", () => {
  it("checkInvariant catches a lost card, mana out of range and a wall off its place", () => {
    const lost = start();
    lost.hands[0] = lost.hands[0].filter((c) => c !== 7);
    expect(() => checkInvariant(lost)).toThrow(/conserved/);
    const rich = start();
    rich.mana[1] = 51;
    expect(() => checkInvariant(rich)).toThrow(/mana/);
    const wall = start();
    wall.wall = 13;
    expect(() => checkInvariant(wall)).toThrow(/bridge/);
  });
  it("the cards drawn are shown only to their owner", () => {
    const s = start({ variant: 0 });
    turn(s, 3, [], 1, []);
    turn(s, 3, [], 1, []);
    const events = turn(s, 3, [], 1, []);
    const drew = events.find((e) => e.type === "drew" && e.seat === 0)!;
    expect(shazammGame.eventFor(drew, 0)).toMatchObject({ cards: expect.any(Array) });
    expect(shazammGame.eventFor(drew, 1)).toEqual({ type: "drew", seat: 0, count: 3 });
    expect(shazammGame.eventFor(drew, SPECTATOR)).toEqual({ type: "drew", seat: 0, count: 3 });
  });
  it("describeView draws the bridge", () => {
    const s = start({ collapsed: 1 });
    const lines = shazammGame.describeView(shazammGame.view(s, 0), 0).map((line) => formatMessage(shazammGame.text, "en", line, { me: 0 }));
    expect(lines[1]).toContain("~.....1..#..2.....~");
  });
});
