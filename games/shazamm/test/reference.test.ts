// An independent reading of one turn, written from shazamm-notes.md alone (no follow-up
// choices: Clone, Larcin and Recyclage left out), compared with the engine on random positions
// and random commits: wall, mana, silence and round.
import { createRng, randomInt, waitingSeats } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { shazammGame, type ShazammState } from "../src/index.ts";

interface Expected {
  wall: number;
  mana: [number, number];
  silenced: boolean;
  roundOver: boolean;
}

function reference(s: ShazammState, bids: [number, number], cards: [number[], number[]]): Expected {
  const played = cards.map((c) => c.filter((x) => x !== 0));
  if (s.silenced) return afterAttacks(s, bids, [[], []], false);
  const cancelled = played[0]!.filter((c) => played[1]!.includes(c));
  const live = played.map((p) => p.filter((c) => !cancelled.includes(c))) as [number[], number[]];
  if (live[0].includes(1) || live[1].includes(1)) return afterAttacks(s, bids, [[], []], true);
  if (live[0].includes(4) || live[1].includes(4)) return { wall: s.wall, mana: [50, 50], silenced: false, roundOver: true };
  return afterAttacks(s, bids, live, false);
}

function afterAttacks(s: ShazammState, bids: [number, number], live: [number[], number[]], silencedNow: boolean): Expected {
  const has = (seat: 0 | 1, card: number) => live[seat].includes(card);
  const any = (card: number) => has(0, card) || has(1, card);
  let wall = any(5) ? (s.wizards[0] + s.wizards[1]) / 2 : s.wall;
  const attack = ([0, 1] as const).map((seat) => (bids[seat] + (has(seat, 7) ? 7 : 0)) * (has(seat, 8) ? 2 : 1));
  let toward: 0 | 1 | null = null;
  if (attack[0] !== attack[1]) {
    const stronger = attack[0]! > attack[1]! ? 0 : 1;
    const target = any(9) ? stronger : stronger === 0 ? 1 : 0;
    if (!has(target, 11)) {
      const steps = any(10) ? 2 : 1;
      wall = target === 0 ? Math.max(s.wizards[0], wall - steps) : Math.min(s.wizards[1], wall + steps);
      toward = target;
    }
  }
  const mana = ([0, 1] as const).map((seat) => {
    let m = s.mana[seat] - (has(seat, 12) && toward === seat ? 0 : bids[seat]);
    if (has(seat, 13)) m = Math.min(50, m + 13);
    if (has(seat, 14)) m = Math.min(50, m + bids[seat === 0 ? 1 : 0]);
    return m;
  }) as [number, number];
  const reached = wall === s.wizards[0] || wall === s.wizards[1];
  const dry = mana[0] === 0 || mana[1] === 0;
  return { wall, mana, silenced: s.silenced || silencedNow, roundOver: reached || dry };
}

describe("one turn against an independent reading of the notes", () => {
  it("agrees on thousands of random turns without follow-up choices", () => {
    const rng = createRng(77);
    let compared = 0;
    for (const variant of [0, 1] as const) {
      for (let game = 0; game < 150; game++) {
        const s = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: 500 + 1000 * variant + game });
        for (let step = 0; step < 400; step++) {
          const d = shazammGame.decision(s);
          if (d.type === "over") break;
          if (s.phase.type === "commit" && s.phase.sealed[0] === null && s.phase.sealed[1] === null) {
            const bids: [number, number] = [randomInt(rng, 1, s.mana[0]), randomInt(rng, 1, s.mana[1])];
            const cards = ([0, 1] as const).map((seat) => s.hands[seat].filter((c) => ![2, 3, 6].includes(c) && randomInt(rng, 0, 3) === 0)) as [number[], number[]];
            const expected = reference(s, bids, cards);
            const round = s.round;
            shazammGame.apply(s, 0, { type: "commit", bid: bids[0], cards: cards[0] as never });
            shazammGame.apply(s, 1, { type: "commit", bid: bids[1], cards: cards[1] as never });
            const over = (s.phase as { type: string }).type === "over";
            expect(over || s.round !== round).toBe(expected.roundOver);
            if (!expected.roundOver) {
              expect({ wall: s.wall, mana: s.mana, silenced: s.silenced }).toEqual({ wall: expected.wall, mana: expected.mana, silenced: expected.silenced });
            } else if (!over && !cards.some((c) => c.includes(4))) {
              expect(s.silenced).toBe(false);
            }
            compared++;
            continue;
          }
          const seat = waitingSeats(d)[0]!;
          shazammGame.apply(s, seat, shazammGame.sampleActions(s, seat, rng, 1)[0]!);
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });
});
