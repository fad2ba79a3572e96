// Bayesian deals: another player's cast of a spell is likelier when they saw few of its stones.
import { describe, expect, it } from "vitest";
import { createRng } from "@grimoire/engine";
import { abracadawhatGame } from "../src/index.ts";
import { bayesResample, castLogLikelihood } from "../src/bots/bayes.ts";
import type { Spell } from "../src/data.ts";
import type { State } from "../src/state.ts";

/** Seat 0's hand redealt from its stones and the pile, with as many (or as few) 3s as possible. */
function withThrees(base: State, many: boolean): State {
  const state = abracadawhatGame.clone(base);
  const hand = state.hands[0]!;
  const pool: Spell[] = [...state.pile];
  for (let k = 1; k <= 8; k++) for (let i = 0; i < hand[k]!; i++) pool.push(k as Spell);
  const size = pool.length - state.pile.length;
  pool.sort((a, b) => (many ? Number(b === 3) - Number(a === 3) : Number(a === 3) - Number(b === 3)));
  for (let k = 1; k <= 8; k++) hand[k] = 0;
  for (const stone of pool.slice(0, size)) hand[stone]!++;
  state.pile = pool.slice(size);
  return state;
}

describe("bayes", () => {
  const base = abracadawhatGame.setup({ seats: 2, options: abracadawhatGame.optionsSchema.parse({}), seed: 4 });

  it("finds another seat's cast of 3 likelier when I hold no 3", () => {
    const none = withThrees(base, false);
    const many = withThrees(base, true);
    expect(many.hands[0]![3]).toBeGreaterThan(none.hands[0]![3]!);
    for (const s of [none, many]) s.handLog[1] = [{ type: "held", spell: 3 }];
    expect(castLogLikelihood(none, 0)).toBeGreaterThan(castLogLikelihood(many, 0));
    // Without casts logged, every deal is as likely.
    expect(castLogLikelihood(base, 0)).toBe(0);
  });

  it("deals states consistent with the view, deterministically", () => {
    const view = abracadawhatGame.view(base, 0);
    const a = bayesResample(view, 0, createRng(3));
    const b = bayesResample(view, 0, createRng(3));
    expect(a).toEqual(b);
    expect(abracadawhatGame.view(a, 0)).toEqual(view);
  });
});
