// Public history of a seat's own stones: its failed casts (and successes) constrain what it may hold,
// and resample, shuffleHidden and the reasoner's chances must all condition on them.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, checkConservation } from "../src/index.ts";
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
