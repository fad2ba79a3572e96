// Every spell alone, and every interaction settled in shazamm-notes.md.
import { describe, expect, it } from "vitest";
import { asked, play, start, turn } from "./helpers.ts";

describe("a plain turn", () => {
  it("the stronger bid pushes the wall one tile toward the other wizard; both pay", () => {
    const s = start();
    turn(s, 10, [], 5, []);
    expect(s.wall).toBe(10);
    expect(s.mana).toEqual([40, 45]);
  });
  it("equal attacks leave the wall; the decoy has no effect and goes back to hand", () => {
    const s = start();
    turn(s, 7, [0], 7, [0]);
    expect(s.wall).toBe(9);
    expect(s.hands[0]).toContain(0);
    expect(s.discards[0]).toEqual([]);
  });
  it("identical spells cancel, both discarded with no effect", () => {
    const s = start();
    const events = turn(s, 5, [7], 5, [7]);
    expect(events).toContainEqual({ type: "cancelled", card: 7 });
    expect(s.wall).toBe(9);
    expect(s.discards).toEqual([[7], [7]]);
  });
});

describe("1 Mutisme", () => {
  it("voids the other spells of the turn and every spell until the round ends", () => {
    const s = start({ mana: [50, 50] });
    turn(s, 5, [1, 7], 5, [8]);
    expect(s.silenced).toBe(true);
    expect(s.wall).toBe(9);
    turn(s, 5, [], 5, [7]); // Boost attaque silenced: equal attacks
    expect(s.wall).toBe(9);
    expect(s.discards[1]).toEqual([8, 7]);
    turn(s, 5, [4], 1, []); // Fin de manche silenced too: the round goes on
    expect(s.round).toBe(1);
  });
  it("stops at the end of the round", () => {
    const s = start({ mana: [2, 50] });
    turn(s, 1, [1], 1, []);
    expect(s.silenced).toBe(true);
    turn(s, 1, [], 1, []); // seat 0 exhausted: round over
    expect(s.round).toBe(2);
    expect(s.silenced).toBe(false);
    turn(s, 5, [7], 10, []); // 12 against 10
    expect(s.wall).toBeGreaterThan(0);
    expect(s.discards[0]).toContain(7);
  });
});

describe("2 Clone", () => {
  it("copies a card the opponent played last turn, at that card's number", () => {
    const s = start();
    turn(s, 5, [], 5, [13]);
    turn(s, 5, [2], 5, []);
    expect(asked(s)).toEqual({ type: "clone", seat: 0 });
    play(s, 0, { type: "clone", card: 13 });
    expect(s.mana[0]).toBe(50); // 45 - 5 + 13, capped at 50
    expect(s.discards[1]).toEqual([13]); // the original stays where it was
  });
  it("asks nothing when the opponent played nothing last turn", () => {
    const s = start();
    turn(s, 5, [2], 5, []);
    expect(s.phase.type).toBe("commit");
  });
  it("may copy a card cancelled as a duplicate", () => {
    const s = start();
    turn(s, 5, [7], 5, [7]);
    turn(s, 4, [2], 10, []);
    play(s, 0, { type: "clone", card: 7 });
    expect(s.wall).toBe(10); // 4 + 7 = 11 beats 10
  });
  it("may copy nothing, and may not copy a card not played", () => {
    const s = start();
    turn(s, 5, [], 5, [13]);
    turn(s, 5, [2], 5, []);
    expect(() => play(s, 0, { type: "clone", card: 14 })).toThrow(/did not play/);
    play(s, 0, { type: "clone", card: null });
    expect(s.mana[0]).toBe(40);
  });
  it("a copy adds to the same spell played by its owner", () => {
    const s = start();
    turn(s, 5, [], 5, [7]);
    turn(s, 5, [2, 7], 18, []);
    play(s, 0, { type: "clone", card: 7 });
    expect(s.wall).toBe(9); // from 8: 5 + 7 + 7 = 19 > 18
  });
  it("a cloned Mutisme acts at once", () => {
    const s = start({ mana: [5, 50] });
    turn(s, 5, [], 1, [1]); // seat 0 runs dry: the round ends, Mutisme with it
    expect(s.round).toBe(2);
    expect(s.silenced).toBe(false);
    expect(s.wall).toBe(6);
    turn(s, 5, [2, 7], 5, []);
    play(s, 0, { type: "clone", card: 1 });
    expect(s.silenced).toBe(true);
    expect(s.wall).toBe(6); // Boost attaque voided: equal attacks
  });
});

describe("3 Larcin", () => {
  it("the thief applies a stolen spell in their favour", () => {
    const s = start();
    turn(s, 5, [3], 10, [7]);
    expect(asked(s)).toEqual({ type: "larcin", seat: 0 });
    play(s, 0, { type: "larcin", card: 7, apply: true });
    expect(s.wall).toBe(10); // 5 + 7 = 12 against 10: toward seat 1
  });
  it("or destroys it, card by card", () => {
    const s = start();
    turn(s, 5, [3], 10, [7, 13]);
    play(s, 0, { type: "larcin", card: 7, apply: false });
    expect(asked(s)).toEqual({ type: "larcin", seat: 0 });
    play(s, 0, { type: "larcin", card: 13, apply: true });
    expect(s.wall).toBe(8); // 5 against 10: toward seat 0
    expect(s.mana).toEqual([50, 40]); // 45 + 13 capped; seat 1 gets nothing
    expect(s.discards[1]).toEqual([7, 13]); // stolen cards go back to their owner's discard
  });
  it("cannot take spells already applied", () => {
    const s = start();
    turn(s, 5, [3], 5, [1]);
    expect(s.silenced).toBe(true);
    expect(asked(s)).toBeNull();
  });
  it("takes a Clone's copy", () => {
    const s = start();
    turn(s, 5, [13], 5, []);
    turn(s, 5, [3], 5, [2]);
    play(s, 1, { type: "clone", card: 13 });
    expect(asked(s)).toEqual({ type: "larcin", seat: 0 });
    play(s, 0, { type: "larcin", card: 13, apply: true });
    expect(s.mana).toEqual([50, 40]);
  });
});

describe("4 Fin de manche", () => {
  it("with the cards in hand", () => {
    const s = start();
    turn(s, 10, [], 5, []);
    const events = turn(s, 20, [4, 13], 1, [7]);
    expect(events).toContainEqual({ type: "voided", seat: 0, card: 13 });
    expect(events).toContainEqual({ type: "round-over", round: 1, loser: null, reason: "fin-de-manche" });
    expect(s.wall).toBe(10);
    expect(s.wizards).toEqual([7, 13]);
    expect(s.collapsed).toBe(1);
    expect(s.mana).toEqual([50, 50]);
    expect(s.round).toBe(2);
  });
});

describe("5 Milieu", () => {
  it("puts the wall halfway between the wizards before the attacks", () => {
    const s = start();
    turn(s, 10, [], 5, []);
    turn(s, 5, [], 5, [5]);
    expect(s.wall).toBe(9);
  });
  it("is not blocked by Résistance and is no move toward anyone for Harpagon", () => {
    const s = start();
    turn(s, 10, [], 5, []);
    expect(s.wall).toBe(10);
    turn(s, 5, [11, 12], 5, [5]);
    expect(s.wall).toBe(9);
    expect(s.mana[0]).toBe(35); // Harpagon did not spare the bid
  });
});

describe("6 Recyclage", () => {
  it("the owner raises or lowers their bid by up to 5 after the reveal", () => {
    const s = start();
    turn(s, 10, [6], 12, []);
    expect(asked(s)).toEqual({ type: "recycle", seat: 0 });
    play(s, 0, { type: "recycle", delta: 5 });
    expect(s.wall).toBe(10);
    expect(s.mana).toEqual([35, 38]);
  });
  it("keeps the bid within 1..mana", () => {
    const s = start({ mana: [4, 50] });
    turn(s, 2, [6], 1, []);
    expect(() => play(s, 0, { type: "recycle", delta: 3 })).toThrow();
    expect(() => play(s, 0, { type: "recycle", delta: -2 })).toThrow();
    expect(() => play(s, 0, { type: "recycle", delta: 6 })).toThrow();
    play(s, 0, { type: "recycle", delta: -1 });
    expect(s.mana[0]).toBe(3);
    expect(s.wall).toBe(9);
  });
});

describe("7 Boost attaque and 8 Double dose", () => {
  it("Boost attaque adds 7 to the attack, not to the bill", () => {
    const s = start();
    turn(s, 5, [7], 11, []);
    expect(s.wall).toBe(10);
    expect(s.mana[0]).toBe(45);
  });
  it("Double dose doubles the attack", () => {
    const s = start();
    turn(s, 6, [8], 11, []);
    expect(s.wall).toBe(10);
    expect(s.mana[0]).toBe(44);
  });
  it("Double dose doubles after Boost attaque", () => {
    const s = start();
    turn(s, 5, [7, 8], 23, []);
    expect(s.wall).toBe(10); // (5 + 7) × 2 = 24 > 23
  });
});

describe("9 Qui perd gagne, 10 Brasier, 11 Résistance", () => {
  it("Qui perd gagne sends the wall toward the stronger attack", () => {
    const s = start();
    turn(s, 10, [9], 5, []);
    expect(s.wall).toBe(8);
  });
  it("Brasier moves the wall two tiles, whoever plays it", () => {
    const s = start();
    turn(s, 3, [10], 5, []);
    expect(s.wall).toBe(7);
  });
  it("Brasier stops on the wizard's tile", () => {
    const s = start();
    turn(s, 10, [], 5, []);
    turn(s, 10, [], 5, []);
    expect(s.wall).toBe(11);
    turn(s, 10, [10], 5, []);
    expect(s.round).toBe(2);
    expect(s.wall).toBe(12);
  });
  it("Résistance stops a move toward its owner", () => {
    const s = start();
    turn(s, 5, [11], 10, []);
    expect(s.wall).toBe(9);
    expect(s.mana).toEqual([45, 40]);
  });
  it("Résistance is judged after Qui perd gagne", () => {
    const s = start();
    turn(s, 10, [11], 5, [9]); // reversed toward seat 0, who resists
    expect(s.wall).toBe(9);
  });
  it("Résistance does not stop a move away from its owner", () => {
    const s = start();
    turn(s, 10, [11], 5, []);
    expect(s.wall).toBe(10);
  });
});

describe("12 Harpagon", () => {
  it("its owner pays nothing when the wall moved toward them", () => {
    const s = start();
    turn(s, 5, [12], 10, []);
    expect(s.wall).toBe(8);
    expect(s.mana).toEqual([50, 40]);
  });
  it("its owner pays when they win the turn", () => {
    const s = start();
    turn(s, 10, [12], 5, []);
    expect(s.mana).toEqual([40, 45]);
  });
  it("is judged after all spells: Qui perd gagne, then Résistance", () => {
    const won = start();
    turn(won, 10, [12], 5, [9]); // the stronger seat 0 is pushed back: no payment
    expect(won.wall).toBe(8);
    expect(won.mana[0]).toBe(50);
    const held = start();
    turn(held, 5, [11, 12], 10, []); // Résistance: the wall did not move, so seat 0 pays
    expect(held.mana[0]).toBe(45);
  });
});

describe("13 Boost réserve and 14 Aspiration", () => {
  it("Boost réserve adds 13 after paying, capped at 50", () => {
    const s = start({ mana: [30, 50] });
    turn(s, 5, [13], 5, []);
    expect(s.mana[0]).toBe(38);
    const full = start();
    turn(full, 5, [13], 5, []);
    expect(full.mana[0]).toBe(50);
  });
  it("Aspiration gains the opponent's bid, not their attack, capped at 50", () => {
    const s = start({ mana: [30, 50] });
    turn(s, 5, [14], 6, [7, 8]);
    expect(s.mana[0]).toBe(31); // 30 - 5 + 6
    const capped = start({ mana: [45, 50] });
    turn(capped, 5, [14], 20, []);
    expect(capped.mana[0]).toBe(50);
  });
  it("Aspiration counts the bid after Recyclage", () => {
    const s = start({ mana: [30, 50] });
    turn(s, 5, [14], 10, [6]);
    play(s, 1, { type: "recycle", delta: -5 });
    expect(s.mana[0]).toBe(30);
  });
});
