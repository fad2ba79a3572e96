// What each viewer sees, event projection, resampling and shuffleHidden.
import { createRng, randomInt } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, checkConservation, countOf, holdChances, makeView, unseenCounts } from "../src/index.ts";
import { arranged, cast, end } from "./helpers.ts";

const four = { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [4, 5, 6, 7] };

describe("views", () => {
  it("a seat sees every hand but its own, whose size is public", () => {
    const s = arranged(4, four);
    const v = game.view(s, 1);
    expect(v.hands[1]).toBeNull();
    expect(v.hands[0]).toEqual(s.hands[0]);
    expect(v.handSizes).toEqual([5, 5, 5, 5]);
    expect(JSON.stringify(v)).not.toContain('"pile":');
    expect(v.pileSize).toBe(12);
    expect(v.secretCount).toBe(4);
  });
  it("spectators see the public table only, even with spectatorsSeeHands, during a round", () => {
    const s = arranged(4, four);
    expect(game.view(s, "spectator").hands).toEqual([null, null, null, null]);
    const open = arranged(4, four, { spectatorsSeeHands: true });
    // A seated player can open a spectator tab on its own table: no hand while the round runs.
    expect(game.view(open, "spectator").hands).toEqual([null, null, null, null]);
    expect(game.view(open, "spectator").taken).toEqual([null, null, null, null]);
    const t = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]] }, { spectatorsSeeHands: true });
    for (const event of cast(t, 0, 1)) {
      const seen = game.eventFor(event, "spectator")!;
      if (seen.type === "refill") expect(seen.stones).toBeNull();
      if (seen.type === "round-start") expect(seen.hands.every((h) => h === null)).toBe(true);
    }
  });
  it("the round-end event turns every hand over for the players (their own at last), and for spectators with spectatorsSeeHands", () => {
    const hands = [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]];
    for (const spectatorsSeeHands of [true, false]) {
      const t = arranged(3, { hands, life: [1, 6, 6] }, { spectatorsSeeHands });
      const before = t.hands.map((h) => h.slice());
      const events = cast(t, 0, 8); // self knock-out: the round ends
      const roundEnd = events.find((e) => e.type === "round-end")!;
      for (const seat of [0, 1, 2] as const) {
        const seen = game.eventFor(roundEnd, seat);
        expect(seen && seen.type === "round-end" && seen.hands).toEqual(before);
        expect(game.describeEvent(roundEnd, seat).key).toBe("event.roundEnd.hands");
      }
      const spectator = game.eventFor(roundEnd, "spectator");
      expect(spectator && spectator.type === "round-end" && spectator.hands).toEqual(spectatorsSeeHands ? before : null);
      expect(game.describeEvent(roundEnd, "spectator").key).toBe(spectatorsSeeHands ? "event.roundEnd.hands" : "event.roundEnd");
    }
  });
  it("the deal event hides each seat's own stones", () => {
    const s = game.setup({ seats: 3, options: game.optionsSchema.parse({}), seed: 3 });
    const t = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], life: [1, 6, 6] });
    const events = cast(t, 0, 8); // self knock-out: a new round is dealt
    const deal = events.find((e) => e.type === "round-start")!;
    for (const seat of [0, 1, 2]) {
      const seen = game.eventFor(deal, seat);
      expect(seen && seen.type === "round-start" && seen.hands[seat]).toBeNull();
      expect(seen && seen.type === "round-start" && seen.hands[(seat + 1) % 3]).toEqual(t.hands[(seat + 1) % 3]);
    }
    const spectator = game.eventFor(deal, "spectator");
    expect(spectator && spectator.type === "round-start" && spectator.hands).toEqual([null, null, null]);
    void s;
  });
});

describe("the search's view", () => {
  it("shares the state's arrays and is the same view as the copied one, for every viewer along random games", () => {
    for (let g = 0; g < 20; g++) {
      const s = game.setup({ seats: 2 + (g % 4), options: game.optionsSchema.parse({}), seed: g });
      const rng = createRng(g);
      for (let step = 0; step < 60; step++) {
        for (const viewer of ["spectator", ...Array.from({ length: s.seats }, (_, i) => i)] as const) {
          expect(JSON.stringify(makeView(s, viewer, false))).toBe(JSON.stringify(game.view(s, viewer)));
        }
        expect(makeView(s, 0, false).life).toBe(s.life);
        expect(game.view(s, 0).life).not.toBe(s.life);
        const d = game.decision(s);
        if (d.type !== "turn") break;
        const legal = game.legalActions(s, d.seat);
        game.apply(s, d.seat, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
    }
  });
});

describe("resampling", () => {
  it("keeps every public fact and deals only the stones the seat cannot see", () => {
    const s = arranged(4, four);
    cast(s, 0, 4);
    cast(s, 0, 5);
    end(s, 0);
    const rng = createRng(9);
    for (const seat of [0, 1, 2, 3]) {
      const view = game.view(s, seat);
      for (let i = 0; i < 50; i++) {
        const r = game.resample(view, seat, rng);
        checkConservation(r);
        expect(game.view(r, seat)).toEqual(view);
        for (let other = 0; other < 4; other++) if (other !== seat) expect(r.hands[other]).toEqual(s.hands[other]);
      }
    }
  });
  it("deals the seat's own hand uniformly: frequencies match the exact chances", () => {
    const s = game.setup({ seats: 4, options: game.optionsSchema.parse({}), seed: 11 });
    const view = game.view(s, 0);
    const exact = holdChances(unseenCounts(view, 0), 5);
    const rng = createRng(5);
    const hits = new Array(9).fill(0);
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const hand = game.resample(view, 0, rng).hands[0]!;
      expect(countOf(hand)).toBe(5);
      for (let k = 1; k <= 8; k++) if (hand[k]! > 0) hits[k]++;
    }
    for (let k = 1; k <= 8; k++) expect(Math.abs(hits[k] / n - exact[k]!)).toBeLessThan(0.03);
  });
  it("shuffleHidden redraws the seat's hand, the pile and others' secret stones, not what it sees", () => {
    const s = arranged(4, four);
    cast(s, 0, 4); // seat 0 holds a secret stone
    end(s, 0);
    const rng = createRng(2);
    let changed = false;
    for (let i = 0; i < 30; i++) {
      const t = game.shuffleHidden(s, 1, rng);
      checkConservation(t);
      expect(game.view(t, 1)).toEqual(game.view(s, 1));
      if (JSON.stringify(t.hands[1]) !== JSON.stringify(s.hands[1]) || JSON.stringify(t.taken[0]) !== JSON.stringify(s.taken[0])) changed = true;
    }
    expect(changed).toBe(true);
    // The holder's own secret stone stays: it sees it.
    const own = game.shuffleHidden(s, 0, rng);
    expect(own.taken[0]).toEqual(s.taken[0]);
  });
});

describe("arrangement", () => {
  const setup = (seats: number) => ({ seats, options: game.optionsSchema.parse({}), seed: 1 });
  const error = (seats: number, a: unknown) => {
    const r = game.fromArrangement(setup(seats), a);
    return r.ok ? "ok" : r.error;
  };
  it("names the wrong field", () => {
    expect(error(4, { hands: [[1, 2, 3, 4, 5]] })).toContain("hands: expected 4 hands");
    expect(error(4, { ...four, hands: [[1, 1, 3, 4, 5], ...four.hands.slice(1)] })).toContain("hands.0.1: no stone of spell 1 left");
    expect(error(4, { ...four, secret: [4, 5] })).toContain("secret: expected 4 stones");
    expect(error(3, { hands: four.hands.slice(0, 3), revealed: [1] })).toContain("revealed: 3 players reveal 6 stones");
    expect(error(4, { ...four, life: [7, 6, 6, 6] })).toContain("life.0");
    expect(error(4, { ...four, first: 4 })).toContain("first: seat 4 does not exist");
    expect(error(4, { ...four, colour: "red" })).toContain("colour");
    expect(error(4, { deck: [1, 2] })).toContain("deck: expected all 36 stones");
    expect(error(4, { ...four, hands: [[9, 2, 3, 4, 5], ...four.hands.slice(1)] })).toContain("hands.0.0");
    expect(error(4, {})).toContain("hands: required");
  });
  it("deals a full deck in order: hands, revealed, secret, pile top first", () => {
    const deck = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8];
    const r = game.fromArrangement(setup(2), { deck });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.hands[0]).toEqual([0, 1, 2, 2, 0, 0, 0, 0, 0]);
    expect(r.value.revealed).toEqual([0, 0, 0, 0, 0, 5, 6, 1, 0]);
    expect(r.value.secret.slice().reverse()).toEqual([7, 7, 7, 7]);
    expect(r.value.pile.at(-1)).toBe(7);
    expect(r.value.pile[0]).toBe(8);
    checkConservation(r.value);
  });
});

describe("no leak through events", () => {
  it("over many random games, no event shows a seat its own stones or another seat's secret stone", () => {
    const rng = createRng(4);
    for (let g = 0; g < 150; g++) {
      const seats = 2 + (g % 4);
      const s = game.setup({ seats, options: game.optionsSchema.parse({ lastStanding: g % 3 === 0 }), seed: 500 + g });
      while (s.phase.type === "casting") {
        const seat = s.phase.seat;
        const legal = game.legalActions(s, seat);
        const events = game.apply(s, seat, legal[randomInt(rng, 0, legal.length - 1)]!);
        for (const event of events) {
          for (let viewer = 0; viewer < seats; viewer++) {
            const seen = game.eventFor(event, viewer)!;
            if (seen.type === "round-start") expect(seen.hands[viewer]).toBeNull();
            if (seen.type === "refill" && seen.seat === viewer) expect(seen.stones).toBeNull();
            if (seen.type === "secret" && seen.seat !== viewer) expect(seen.spell).toBeNull();
          }
          const spectator = game.eventFor(event, "spectator")!;
          if (spectator.type === "round-start") expect(spectator.hands.every((h) => h === null)).toBe(true);
          if (spectator.type === "refill") expect(spectator.stones).toBeNull();
          if (spectator.type === "secret") expect(spectator.spell).toBeNull();
        }
      }
    }
  });
});
