// Interactions the audit found untested: spells in the thief's hands, spells that meet on the
// same turn, and mana regained before the exhaustion check.
import { describe, expect, it } from "vitest";
import { asked, play, start, turn } from "./helpers.ts";

describe("Larcin: stolen spells act for the thief", () => {
  it("a stolen Résistance shields the thief, not its owner", () => {
    const s = start();
    turn(s, 5, [3], 10, [11]);
    play(s, 0, { type: "larcin", card: 11, apply: true });
    expect(s.wall).toBe(9); // the wall would move toward seat 0, who now resists
  });
  it("a stolen Harpagon spares the thief", () => {
    const s = start();
    turn(s, 5, [3], 10, [12]);
    play(s, 0, { type: "larcin", card: 12, apply: true });
    expect(s.wall).toBe(8);
    expect(s.mana).toEqual([50, 40]);
  });
  it("a stolen Fin de manche ends the round if applied, and nothing happens if destroyed", () => {
    const applied = start();
    turn(applied, 20, [3], 1, [4, 7]);
    play(applied, 0, { type: "larcin", card: 4, apply: true });
    play(applied, 0, { type: "larcin", card: 7, apply: true });
    expect(applied.round).toBe(2);
    expect(applied.wall).toBe(9);
    expect(applied.mana).toEqual([50, 50]);
    const destroyed = start();
    turn(destroyed, 20, [3], 1, [4]);
    play(destroyed, 0, { type: "larcin", card: 4, apply: false });
    expect(destroyed.round).toBe(1);
    expect(destroyed.wall).toBe(10);
    expect(destroyed.discards[1]).toEqual([4]);
  });
  it("a stolen Recyclage changes the thief's bid", () => {
    const s = start();
    turn(s, 10, [3], 10, [6]);
    play(s, 0, { type: "larcin", card: 6, apply: true });
    expect(asked(s)).toEqual({ type: "recycle", seat: 0 });
    play(s, 0, { type: "recycle", delta: 5 });
    expect(s.wall).toBe(10);
    expect(s.mana).toEqual([35, 40]);
  });
  it("a cloned Larcin steals like the card", () => {
    const s = start();
    turn(s, 1, [], 1, [3]);
    turn(s, 5, [2], 10, [7]);
    play(s, 0, { type: "clone", card: 3 });
    expect(asked(s)).toEqual({ type: "larcin", seat: 0 });
    play(s, 0, { type: "larcin", card: 7, apply: true });
    expect(s.wall).toBe(10); // 5 + 7 = 12 against 10
  });
});

describe("spells meeting on one turn", () => {
  it("two Mutisme cancel: nothing is silenced", () => {
    const s = start();
    const events = turn(s, 5, [1, 7], 5, [1]);
    expect(events).toContainEqual({ type: "cancelled", card: 1 });
    expect(s.silenced).toBe(false);
    expect(s.wall).toBe(10);
  });
  it("Brasier with Qui perd gagne: two tiles toward the stronger attack", () => {
    const s = start();
    turn(s, 10, [9], 5, [10]);
    expect(s.wall).toBe(7);
  });
  it("Brasier against Résistance: the wall stays", () => {
    const s = start();
    turn(s, 5, [11], 10, [10]);
    expect(s.wall).toBe(9);
  });
  it("Qui perd gagne twice (own card and a copy) still sends the wall toward the stronger attack", () => {
    const s = start();
    turn(s, 1, [], 1, [9]);
    turn(s, 10, [2, 9], 5, []);
    play(s, 0, { type: "clone", card: 9 });
    expect(s.wall).toBe(8);
  });
});

describe("mana regained before the exhaustion check", () => {
  it("Boost réserve after paying everything keeps the round going", () => {
    const s = start({ mana: [5, 50] });
    turn(s, 5, [13], 1, []);
    expect(s.round).toBe(1);
    expect(s.mana[0]).toBe(13);
  });
  it("Harpagon's owner, pushed back, keeps their mana and the round goes on", () => {
    const s = start({ mana: [5, 50] });
    turn(s, 5, [12], 10, []);
    expect(s.round).toBe(1);
    expect(s.mana[0]).toBe(5);
    expect(s.wall).toBe(8);
  });
});
