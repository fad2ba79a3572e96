// One test per rule of the rulebook and of the rulings (abracadawhat-notes.md).
import { act, createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, checkConservation, countOf, gameWinners, type State } from "../src/index.ts";
import { arranged, cast, end, ofType, turnSeat } from "./helpers.ts";

const setup = (seats: number, options: object = {}, seed = 1) => game.setup({ seats, options: game.optionsSchema.parse(options), seed });
const revealedTotal = (s: State) => s.revealed.reduce((a, b) => a + b, 0);

// Four players; seat 0 holds 1,2,3,4,5, seat 1 holds 6,6,7,7,8, etc.
const four = { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [4, 5, 6, 7] };

describe("components and the deal", () => {
  it("has 36 stones, spell k with k stones", () => {
    const s = setup(4);
    checkConservation(s);
  });
  it.each([
    [2, 12, 10],
    [3, 6, 11],
    [4, 0, 12],
    [5, 0, 7],
  ])("%i players: 5 stones each, %i revealed on the board, 4 secret stones, pile of %i", (seats, revealed, pile) => {
    const s = setup(seats);
    expect(s.hands.map(countOf)).toEqual(new Array(seats).fill(5));
    expect(revealedTotal(s)).toBe(revealed);
    expect(s.secret).toHaveLength(4);
    expect(s.pile).toHaveLength(pile);
    expect(s.life).toEqual(new Array(seats).fill(6));
    expect(s.round).toBe(1);
    expect(turnSeat(s)).toBe(0);
  });
});

describe("casting", () => {
  it("a success puts the stone on the board and lets the caster go on or stop", () => {
    const s = arranged(4, four);
    const events = cast(s, 0, 5);
    expect(ofType(events, "cast")[0]).toMatchObject({ seat: 0, spell: 5, outcome: "success" });
    expect(s.board[5]).toBe(1);
    expect(s.hands[0]![5]).toBe(0);
    expect(turnSeat(s)).toBe(0);
    expect(game.legalActions(s, 0)).toContainEqual({ type: "end" });
  });
  it("a turn has at least one cast: ending first is refused", () => {
    const s = arranged(4, four);
    expect(game.legalActions(s, 0)).not.toContainEqual({ type: "end" });
    const r = game.parseAction(s, 0, { type: "end" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("illegal-action");
  });
  it("a failure costs 1 life and ends the turn", () => {
    const s = arranged(4, four);
    const events = cast(s, 0, 8);
    expect(ofType(events, "cast")[0]!.outcome).toBe("failure");
    expect(s.life[0]).toBe(5);
    expect(turnSeat(s)).toBe(1);
    expect(s.board[8]).toBe(0);
  });
  it("a failed spell 1 costs what the die shows", () => {
    const s = arranged(4, { ...four, hands: [[2, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [1, 5, 6, 7, 8]] }, {}, [3]);
    const events = cast(s, 0, 1);
    expect(ofType(events, "roll")[0]!.value).toBe(3);
    expect(s.life[0]).toBe(3);
  });
  it("the die option: d3 rolls 1..3 and d6 rolls 1..6", () => {
    for (const [die, sides] of [["d3", 3], ["d6", 6]] as const) {
      const seen = new Set<number>();
      for (let seed = 0; seed < 200; seed++) {
        const s = arranged(4, { ...four, hands: [[2, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [1, 5, 6, 7, 8]] }, { die }, [], seed);
        seen.add(ofType(cast(s, 0, 1), "roll")[0]!.value);
      }
      expect([...seen].sort()).toEqual(Array.from({ length: sides }, (_, i) => i + 1));
    }
  });
  it("a later cast may repeat the same number", () => {
    const s = arranged(4, { ...four, hands: [[7, 7, 2, 3, 4], [6, 6, 7, 8, 8], [6, 5, 8, 8, 8], [5, 5, 6, 1, 8]] });
    cast(s, 0, 7);
    expect(ofType(cast(s, 0, 7), "cast")[0]!.outcome).toBe("success");
  });
  it("a lower call after a cast is called out: 1 life, turn over, and nobody learns if the stone was there", () => {
    const s = arranged(4, four);
    cast(s, 0, 5);
    const events = cast(s, 0, 4);
    expect(ofType(events, "cast")[0]!.outcome).toBe("illegal");
    expect(s.life[0]).toBe(5);
    expect(s.hands[0]![4]).toBeGreaterThanOrEqual(1); // the 4 stays in front of the caster
    expect(s.board[4]).toBe(0);
    expect(turnSeat(s)).toBe(1);
  });
  it("easy variant: a later cast may have any number", () => {
    const s = arranged(4, four, { easy: true });
    cast(s, 0, 5);
    expect(ofType(cast(s, 0, 4), "cast")[0]!.outcome).toBe("success");
    expect(s.board[4]).toBe(1);
  });
});

describe("spell effects", () => {
  it("1 Ancient Dragon: every other player loses what the die shows", () => {
    const s = arranged(4, four, {}, [2]);
    cast(s, 0, 1);
    expect(s.life).toEqual([6, 4, 4, 4]);
  });
  it("2 Dark Wanderer: others lose 1, the caster gains 1 up to 6", () => {
    const s = arranged(4, { ...four, life: [4, 6, 6, 6] });
    cast(s, 0, 2);
    expect(s.life).toEqual([5, 5, 5, 5]);
    const t = arranged(4, four);
    cast(t, 0, 2);
    expect(t.life).toEqual([6, 5, 5, 5]);
  });
  it("3 Sweet Dream: the caster gains what the die shows, never above 6", () => {
    const s = arranged(4, { ...four, life: [2, 6, 6, 6] }, {}, [3]);
    cast(s, 0, 3);
    expect(s.life[0]).toBe(5);
    const t = arranged(4, { ...four, life: [5, 6, 6, 6] }, {}, [3]);
    cast(t, 0, 3);
    expect(t.life[0]).toBe(6);
  });
  it("4 Night Singer: the caster takes a secret stone that only they see", () => {
    const s = arranged(4, four);
    const events = cast(s, 0, 4);
    expect(s.taken[0]).toEqual([4]); // the first listed secret stone
    expect(s.secret).toHaveLength(3);
    const secretEvent = ofType(events, "secret")[0]!;
    expect(game.eventFor(secretEvent, 0)).toMatchObject({ spell: 4 });
    expect(game.eventFor(secretEvent, 1)).toMatchObject({ spell: null });
    expect(game.eventFor(secretEvent, "spectator")).toMatchObject({ spell: null });
    expect(game.view(s, 0).taken[0]).toEqual([4]);
    expect(game.view(s, 1).taken[0]).toBeNull();
    expect(game.view(s, 1).takenCounts[0]).toBe(1);
  });
  it("4 Night Singer with no secret stone left has no effect", () => {
    const s = arranged(4, four);
    for (const stone of s.secret.splice(0)) s.board[stone]!++; // as if every secret stone were gone
    checkConservation(s);
    const events = cast(s, 0, 4);
    expect(ofType(events, "secret")[0]).toMatchObject({ none: true, spell: null });
    expect(s.taken[0]).toEqual([]);
  });
  it("secret stones cannot be cast", () => {
    const s = arranged(4, { ...four, secret: [8, 5, 6, 7], hands: [[1, 2, 3, 4, 4], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]] });
    cast(s, 0, 4);
    expect(s.taken[0]).toEqual([8]);
    expect(ofType(cast(s, 0, 8), "cast")[0]!.outcome).toBe("failure");
  });
  it("5 Lightning Tempest: the players left and right lose 1 each", () => {
    const s = arranged(4, four);
    cast(s, 0, 5);
    expect(s.life).toEqual([6, 5, 6, 5]);
  });
  it("5 Lightning Tempest with two players: the opponent loses 1 in total", () => {
    const s = arranged(2, { hands: [[5, 1, 2, 3, 4], [6, 6, 7, 7, 8]] });
    cast(s, 0, 5);
    expect(s.life).toEqual([6, 5]);
  });
  it("6 Blizzard: the player to the left (next in turn) loses 1", () => {
    const s = arranged(4, { ...four, first: 1 });
    cast(s, 1, 6);
    expect(s.life).toEqual([6, 6, 5, 6]);
  });
  it("7 Fireball: the player to the right (previous in turn) loses 1", () => {
    const s = arranged(4, { ...four, first: 1 });
    cast(s, 1, 7);
    expect(s.life).toEqual([5, 6, 6, 6]);
  });
  it("8 Magic Drink: the caster gains 1, never above 6", () => {
    const s = arranged(4, { ...four, first: 1, life: [6, 3, 6, 6] });
    cast(s, 1, 8);
    expect(s.life[1]).toBe(4);
    const t = arranged(4, { ...four, first: 1 });
    cast(t, 1, 8);
    expect(t.life[1]).toBe(6);
  });
  it("life never goes below 0", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 6] }, {}, [3]);
    const events = cast(s, 0, 1);
    expect(ofType(events, "life").find((e) => e.seat === 1)).toMatchObject({ change: -1, life: 0 });
  });
});

describe("end of turn", () => {
  it("the caster refills to 5 from the pile and the player to the left plays", () => {
    const s = arranged(4, four);
    cast(s, 0, 5);
    cast(s, 0, 5); // failure: no second 5
    expect(countOf(s.hands[0]!)).toBe(5);
    expect(s.pile).toHaveLength(11);
    expect(turnSeat(s)).toBe(1);
  });
  it("with an empty pile there is no refill", () => {
    const s = arranged(4, four);
    const pile = s.pile.splice(0);
    s.board[8]! += 0;
    // Put the pile's stones on the board, as if cast.
    for (const stone of pile) s.board[stone]!++;
    cast(s, 0, 5);
    end(s, 0);
    expect(countOf(s.hands[0]!)).toBe(4);
  });
  it("refilled stones are seen by the others, not by the holder", () => {
    const s = arranged(4, four);
    cast(s, 0, 5);
    const refill = ofType(end(s, 0), "refill")[0]!;
    expect(refill.count).toBe(1);
    expect(game.eventFor(refill, 0)).toMatchObject({ stones: null });
    expect(game.eventFor(refill, 1)!.type === "refill" && (game.eventFor(refill, 1) as typeof refill).stones).toHaveLength(1);
    expect(game.eventFor(refill, "spectator")).toMatchObject({ stones: null });
  });
});

describe("end of round and scoring", () => {
  it("emptying one's stones wins the round at once: +3, everyone else scores nothing", () => {
    const s = arranged(4, { ...four, hands: [[8, 8, 8, 8, 8], [6, 6, 7, 7, 8], [6, 7, 2, 2, 8], [5, 5, 6, 7, 1]] });
    for (let i = 0; i < 4; i++) cast(s, 0, 8);
    const events = cast(s, 0, 8);
    const roundEnd = ofType(events, "round-end")[0]!;
    expect(roundEnd).toMatchObject({ end: "emptied", winner: 0, points: [3, 0, 0, 0] });
    expect(roundEnd.life).toEqual([6, 0, 0, 0]);
    expect(s.scores).toEqual([3, 0, 0, 0]);
  });
  it("knocking out an opponent wins the round: +3, the knocked out 0, other survivors +1", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 6] });
    const events = cast(s, 0, 5);
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "knockout", winner: 0, points: [3, 0, 1, 1] });
  });
  it("knocking oneself out: no winner, the caster 0, everyone else +1", () => {
    const s = arranged(4, { ...four, life: [1, 6, 6, 6] });
    const events = cast(s, 0, 8);
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "self-knockout", winner: null, points: [0, 1, 1, 1] });
  });
  it("secret stones score 1 each for a survivor, nothing for the knocked out", () => {
    const s = arranged(4, { ...four, life: [6, 6, 1, 1], first: 2, hands: [[1, 2, 3, 5, 5], [6, 6, 7, 7, 8], [4, 7, 8, 8, 8], [4, 4, 6, 7, 8]] });
    cast(s, 2, 4); // seat 2 takes a secret stone
    end(s, 2);
    cast(s, 3, 4);
    cast(s, 3, 4); // seat 3 takes two
    cast(s, 3, 6); // seat 3's left is seat 0: no knockout
    end(s, 3);
    const events = cast(s, 0, 2); // seats 2 and 3 fall to 0
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "knockout", winner: 0, points: [3, 1, 0, 0] });
    const t = arranged(4, { ...four, life: [6, 1, 6, 6], hands: [[4, 2, 3, 5, 5], [6, 6, 7, 7, 8], [1, 7, 8, 8, 8], [4, 4, 6, 7, 8]] });
    cast(t, 0, 4);
    const again = cast(t, 0, 5);
    expect(ofType(again, "round-end")[0]).toMatchObject({ points: [4, 0, 1, 1] });
  });
  it("the next round: everything reshuffled, life back to 6, the next seat starts, the round counter moves", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 4], first: 2, hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]] });
    const events = cast(s, 2, 7); // seat 2's right is seat 1
    expect(ofType(events, "round-start")[0]).toMatchObject({ round: 2, first: 3 });
    expect(s.round).toBe(2);
    expect(s.life).toEqual([6, 6, 6, 6]);
    expect(s.taken.flat()).toEqual([]);
    expect(s.board.every((c) => c === 0)).toBe(true);
    expect(turnSeat(s)).toBe(3);
    checkConservation(s);
  });
  it("last standing takes all: the round goes on while two remain; the last one scores 2 + secret stones", () => {
    const s = arranged(3, { hands: [[4, 6, 6, 8, 8], [2, 7, 7, 1, 8], [5, 5, 6, 7, 8]], life: [6, 1, 1] }, { lastStanding: true });
    cast(s, 0, 4);
    const first = cast(s, 0, 6); // seat 1 is out, the round goes on
    expect(ofType(first, "round-end")).toHaveLength(0);
    expect(s.life[1]).toBe(0);
    end(s, 0);
    expect(turnSeat(s)).toBe(2); // the knocked-out seat is skipped
    cast(s, 2, 6); // seat 2's left is seat 0 now
    expect(s.life[0]).toBe(5);
    end(s, 2);
    const last = cast(s, 0, 6); // seat 0's left is now seat 2
    expect(ofType(last, "round-end")[0]).toMatchObject({ end: "last-standing", winner: 0, points: [3, 0, 0] });
  });
  it("last standing takes all: emptying one's stones also wins, 2 points", () => {
    const s = arranged(4, { ...four, hands: [[8, 8, 8, 8, 8], [6, 6, 7, 7, 8], [6, 7, 2, 2, 8], [5, 5, 6, 7, 1]] }, { lastStanding: true });
    for (let i = 0; i < 4; i++) cast(s, 0, 8);
    expect(ofType(cast(s, 0, 8), "round-end")[0]).toMatchObject({ end: "emptied", points: [2, 0, 0, 0] });
  });
  it("last standing: a self knock-out leaving one player gives that player the round", () => {
    const s = arranged(2, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8]], life: [1, 6] }, { lastStanding: true });
    expect(ofType(cast(s, 0, 8), "round-end")[0]).toMatchObject({ end: "last-standing", winner: 1, points: [0, 2] });
  });
  it("last standing: Lightning Tempest hits the nearest players still in", () => {
    const t = arranged(4, { ...four, hands: [[5, 5, 6, 1, 2], [6, 6, 7, 7, 8], [3, 7, 8, 8, 8], [4, 4, 6, 7, 8]], life: [6, 1, 6, 6] }, { lastStanding: true });
    cast(t, 0, 5); // seat 1 out, seat 3 loses 1
    cast(t, 0, 5); // now left is seat 2
    expect(t.life).toEqual([6, 0, 5, 4]);
  });
  it("last standing: the next round starts with whoever would have played next, skipping seats that are out", () => {
    // Seat 0 empties its stones after knocking seat 1 out: seat 2 would have played next.
    const emptied = arranged(3, { hands: [[6, 6, 7, 8, 8], [2, 7, 7, 1, 8], [5, 5, 6, 7, 8]], life: [6, 1, 6] }, { lastStanding: true });
    for (const spell of [6, 6, 7, 8] as const) cast(emptied, 0, spell);
    expect(emptied.life).toEqual([6, 0, 4]);
    const events = cast(emptied, 0, 8);
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "emptied", winner: 0, points: [2, 0, 0] });
    expect(ofType(events, "round-start")[0]).toMatchObject({ round: 2, first: 2 });
    expect(turnSeat(emptied)).toBe(2);
    // Seat 0 knocks out the last other player: it would have been its turn again (seat 1 is out).
    const alone = arranged(3, { hands: [[4, 6, 7, 8, 8], [2, 7, 7, 1, 8], [5, 5, 6, 7, 8]], life: [6, 1, 1] }, { lastStanding: true });
    cast(alone, 0, 6);
    const last = cast(alone, 0, 7);
    expect(ofType(last, "round-end")[0]).toMatchObject({ end: "last-standing", winner: 0 });
    expect(ofType(last, "round-start")[0]).toMatchObject({ first: 0 });
    // Without the variant the seat after the caster starts, even the one it knocked out.
    const base = arranged(3, { hands: [[4, 6, 7, 8, 8], [2, 7, 7, 1, 8], [5, 5, 6, 7, 8]], life: [6, 1, 1] });
    expect(ofType(cast(base, 0, 6), "round-start")[0]).toMatchObject({ first: 1 });
  });
});

describe("end of game", () => {
  it("a seat reaching 8 at a round's end wins", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 6], scores: [5, 0, 7, 3] });
    const events = cast(s, 0, 5);
    expect(game.decision(s)).toEqual({ type: "over" });
    expect(ofType(events, "game-over")[0]).toMatchObject({ winners: [0] });
    expect(game.outcome(s)).toEqual({ winners: [0], scores: [8, 0, 8, 4], draw: false });
  });
  it("ties: most points in the last round, then most life, else a shared win", () => {
    const base = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [5, 5, 6, 7, 8]] });
    const tie = (scores: number[], last: number[], life: number[]) => gameWinners({ ...base, scores, lastRoundPoints: last, life });
    expect(tie([8, 9, 3], [1, 3, 0], [6, 6, 6])).toEqual([1]);
    expect(tie([8, 8, 3], [1, 1, 0], [2, 5, 6])).toEqual([1]);
    expect(tie([8, 8, 3], [1, 1, 0], [5, 5, 6])).toEqual([0, 1]);
    expect(tie([9, 8, 3], [3, 1, 0], [5, 5, 6])).toEqual([0]);
  });
  it("no game lasts more than maxActions", () => {
    expect(game.maxActions(5, game.optionsSchema.parse({}))).toBeGreaterThan(1000);
  });
});

describe("untrusted actions", () => {
  it("refuses malformed, out-of-turn and finished-game actions with typed errors", () => {
    const s = arranged(4, four);
    const code = (seat: number, raw: unknown) => {
      const r = act(game, game.clone(s), seat, raw);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code(0, { type: "cast", spell: 9 })).toBe("malformed-action");
    expect(code(0, { type: "cast", spell: 2, extra: 1 })).toBe("malformed-action");
    expect(code(0, "cast")).toBe("malformed-action");
    expect(code(1, { type: "cast", spell: 2 })).toBe("not-your-turn");
    expect(code(0, { type: "cast", spell: 2 })).toBe("ok");
    s.phase = { type: "over", winners: [0] };
    expect(code(0, { type: "cast", spell: 2 })).toBe("game-over");
  });
  it("the same seed deals the same game, another seed another", () => {
    expect(setup(4, {}, 5)).toEqual(setup(4, {}, 5));
    expect(setup(4, {}, 5).pile).not.toEqual(setup(4, {}, 6).pile);
    void createRng;
  });
});
