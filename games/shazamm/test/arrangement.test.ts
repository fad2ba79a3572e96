// Any position as an arrangement (issue #17): toArrangement and fromArrangement round-trip every
// state of random play (the engine's property), the fields of a position are read as documented,
// the old `decks` format still loads, and `rng` or a pile's order fixes what comes next.
import { act, unwrap } from "@grimoire/engine";
import { checkArrangementProperty } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { SPELLS, checkInvariant, shazammGame as game, toArrangement, type ShazammState } from "../src/index.ts";

const setup = (variant = 0, seed = 1) => ({ seats: 2, options: game.optionsSchema.parse({ variant }), seed });
function build(a: unknown, variant = 0): ShazammState {
  const state = unwrap(game.fromArrangement(setup(variant), a));
  checkInvariant(state);
  return state;
}
function error(a: unknown, variant = 0): string {
  const r = game.fromArrangement(setup(variant), a);
  return r.ok ? "ok" : r.error;
}

describe("toArrangement ∘ fromArrangement on random play", () => {
  for (const variant of [0, 1, 2] as const) {
    it(`variant ${variant}`, () => {
      const report = checkArrangementProperty(game, { seats: 2, options: { variant }, games: 300, seed: 50 + 1000 * variant });
      expect(report.states).toBeGreaterThan(300 * 10);
    }, 120_000);
  }

  it("reaches every phase: arranging, sealed commits, each follow-up question, game over", () => {
    const seen = new Set<string>();
    for (const variant of [0, 2] as const) {
      for (let seed = 1; seed <= 200; seed++) {
        const s = game.setup(setup(variant, seed));
        const rng = { s: [seed, 2, 3, 4], forced: [] };
        while (s.phase.type !== "over") {
          const a = toArrangement(s);
          seen.add(a.arranging ? "arranging" : a.table ? `ask ${a.table.ask?.type}` : a.sealed?.some((c) => c !== null) ? "sealed" : "commit");
          const d = game.decision(s);
          const seat = d.type === "turn" ? d.seat : d.type === "simultaneous" ? d.seats[0]! : 0;
          game.apply(s, seat, game.sampleActions(s, seat, rng, 1)[0]!);
        }
        seen.add("over");
      }
    }
    expect([...seen].sort()).toEqual(["arranging", "ask clone", "ask larcin", "ask recycle", "commit", "over", "sealed"]);
  });
});

const spells = (...cards: number[]) => cards;
describe("a position", () => {
  // Round 3: a tile gone at each end... two, the wall moved since the round started.
  const position = {
    round: 3,
    turn: 14,
    collapsed: 2,
    wall: 8,
    wizards: [5, 11],
    mana: [17, 4],
    silenced: true,
    hands: [spells(2, 9, 14), spells(6, 7, 10, 11)],
    piles: [spells(12, 13), spells(1, 13)],
    discards: [spells(1, 3, 4, 5, 6, 7, 8, 10, 11), spells(2, 3, 4, 5, 8, 9, 12, 14)],
    lastPlayed: [spells(1, 8), spells(12)],
  };

  it("is built as written: hands, piles top first, discards, last turn, Mutisme, bridge, mana, round", () => {
    const s = build(position);
    expect(s.hands).toEqual([[0, 2, 9, 14], [0, 6, 7, 10, 11]]);
    expect(s.piles[0]).toEqual([12, 13]);
    expect(s.wizards).toEqual([5, 11]);
    expect(s.silenced).toBe(true);
    expect(s.phase).toEqual({ type: "commit", sealed: [null, null] });
    expect(toArrangement(s)).toEqual({ ...position, sealed: [null, null], rng: s.rng.s });
    // Mutisme: seat 1's Boost attaque does nothing; seat 0's bid of 5 beats 4 and the wall moves.
    unwrap(act(game, s, 1, { type: "commit", bid: 4, cards: [7] }));
    const events = unwrap(act(game, s, 0, { type: "commit", bid: 5, cards: [] }));
    expect(events).toContainEqual({ type: "silenced", seat: 1, card: 7 });
    expect(events).toContainEqual({ type: "wall", from: 8, to: 9, reason: "attack" });
    // Seat 1 is at 0 mana: exhaustion ends the round; each draws from its pile, top first.
    expect(events).toContainEqual({ type: "drew", seat: 0, count: 2, cards: [12, 13] });
    expect(s.round).toBe(4);
    expect(s.collapsed).toBe(3);
  });

  it("a sealed commit, and Clone waiting for its answer", () => {
    const sealed = build({ ...position, sealed: [{ bid: 3, cards: [14, 0] }, null] });
    expect(sealed.phase).toEqual({ type: "commit", sealed: [{ bid: 3, cards: [0, 14] }, null] });
    expect(game.decision(sealed)).toMatchObject({ type: "simultaneous", seats: [1] });

    const s = game.setup(setup(1, 3));
    unwrap(act(game, s, 0, { type: "commit", bid: 2, cards: [7] }));
    unwrap(act(game, s, 1, { type: "commit", bid: 1, cards: [13] }));
    unwrap(act(game, s, 0, { type: "commit", bid: 2, cards: [2] }));
    unwrap(act(game, s, 1, { type: "commit", bid: 1, cards: [] }));
    expect(s.phase.type).toBe("resolve");
    const a = toArrangement(s);
    expect(a.table?.ask).toEqual({ type: "clone", seat: 0 });
    const rebuilt = build(JSON.parse(JSON.stringify(a)), 1);
    expect(game.legalActions(rebuilt, 0)).toEqual(game.legalActions(s, 0));
  });

  it("the end of a game: the winner is whoever did not fall", () => {
    const s = build({ ...position, collapsed: 6, wall: 8, wizards: [5, 11], mana: [0, 20] });
    expect(s.phase).toEqual({ type: "over", winner: 1 });
    expect(error({ ...position, collapsed: 6, sealed: [null, null] })).toMatch(/^sealed: the game is over/);
  });

  it("names the field a referee would refuse", () => {
    expect(error({ ...position, hands: [spells(2, 9, 14, 12), position.hands[1]] })).toMatch(/^piles\.0\.0: spell 12 is already in hands\.0/);
    expect(error({ ...position, hands: [spells(2, 9), position.hands[1]] })).toMatch(/^hands\.0: spell 14 is nowhere/);
    expect(error({ ...position, hands: [spells(2, 9, 15), position.hands[1]] })).toMatch(/^hands\.0\.2/);
    expect(error({ ...position, lastPlayed: [spells(2), []] })).toMatch(/^lastPlayed\.0\.0: spell 2 is not in discards\.0/);
    expect(error({ ...position, wizards: [4, 11] })).toMatch(/^wizards: they stand 6 tiles apart/);
    expect(error({ ...position, wall: 12 })).toMatch(/^wall: tile 12 is not between the wizards/);
    expect(error({ ...position, mana: [0, 4] })).toMatch(/^mana\.0: a wizard at 0 mana ends the round/);
    expect(error({ ...position, mana: [51, 4] })).toMatch(/^mana\.0/);
    expect(error({ ...position, sealed: [{ bid: 18, cards: [] }, null] })).toMatch(/^sealed\.0\.bid: 18 is more than the 17 mana/);
    expect(error({ ...position, sealed: [{ bid: 1, cards: [6] }, null] })).toMatch(/^sealed\.0\.cards\.0: card 6 is not in hands\.0/);
    expect(error({ ...position, sealed: [{ bid: 1, cards: [] }, { bid: 1, cards: [] }] })).toMatch(/^sealed: with both commits in/);
    expect(error({ ...position, arranging: true })).toMatch(/^arranging: only in variant 2/);
    expect(error({ ...position, decks: [] })).toMatch(/^decks: give either decks/);
    expect(error({ ...position, colour: 1 })).toMatch(/colour/);
    expect(error({ ...position, rng: [0, 0, 0, 0] })).toMatch(/^rng: the generator's words cannot all be 0/);
    expect(error({ decks: [[...SPELLS], [...SPELLS]], rng: [1] })).toMatch(/^rng: expected the generator's 4 words/);
  });
});

describe("what comes next is fixed", () => {
  it("the old format still deals as before; with rng, the rest of a game replays whatever the seed", () => {
    const decks = [[3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], [...SPELLS].reverse()];
    const s = build({ decks });
    expect(s.hands).toEqual([[0, 1, 2, 3, 4, 5], [0, 10, 11, 12, 13, 14]]);
    expect(s.rng).toEqual(game.fromArrangement(setup(0, 1), { decks }).ok && s.rng);

    // Random play from a recorded position: the same actions give the same game from any seed.
    const start = game.setup(setup(0, 77));
    const a = unwrap(game.fromArrangement(setup(0, 1), toArrangement(start)));
    const b = unwrap(game.fromArrangement(setup(0, 2), toArrangement(start)));
    const rng = { s: [9, 8, 7, 6], forced: [] };
    while (a.phase.type !== "over") {
      const d = game.decision(a);
      const seat = d.type === "turn" ? d.seat : d.type === "simultaneous" ? d.seats[0]! : 0;
      const action = game.sampleActions(a, seat, rng, 1)[0]!;
      expect(act(game, b, seat, action)).toEqual(act(game, a, seat, action));
    }
    expect(b).toEqual(a);
  });
});
