// Sealed choices (audit): what the other seat and spectators get must not depend on what was
// committed or arranged — not the bid, not which cards, not how many (decoy or not).
import { SPECTATOR, deepEqual } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { shazammGame, type ShazammState } from "../src/index.ts";
import { play, start } from "./helpers.ts";

const others = [1, SPECTATOR] as const;

function seenAfter(setupState: () => ShazammState, action: unknown) {
  const s = setupState();
  const events = play(s, 0, action);
  return others.map((viewer) => ({
    view: shazammGame.view(s, viewer),
    events: events.map((e) => shazammGame.eventFor(e, viewer)),
    text: shazammGame.describeView(shazammGame.view(s, viewer), viewer),
    lines: events.map((e) => shazammGame.eventFor(e, viewer)).map((e) => (e === null ? null : shazammGame.describeEvent(e, viewer))),
  }));
}

describe("sealed commits reveal nothing before both are in", () => {
  it("the other seat and spectators see the same whatever the bid and however many cards were laid", () => {
    for (const variant of [0, 1] as const) {
      const fresh = () => start({ variant, mana: [50, 50] });
      const hand = fresh().hands[0];
      const commits = [
        { type: "commit", bid: 1, cards: [] },
        { type: "commit", bid: 50, cards: [0] },
        { type: "commit", bid: 17, cards: hand.filter((c) => c !== 0).slice(0, 3) },
        { type: "commit", bid: 9, cards: [...hand] },
      ];
      const seen = commits.map((commit) => seenAfter(fresh, commit));
      for (const other of seen.slice(1)) expect(deepEqual(other, seen[0])).toBe(true);
      // and what they see is only that seat 0 has committed, with both hands still full
      expect(seen[0]![0]!.view.phase).toEqual({ type: "commit", committed: [true, false], own: null });
      expect(seen[0]![0]!.view.handSizes).toEqual([hand.length, hand.length]);
    }
  });
  it("in variant 2, the other seat and spectators do not learn which card was put in a pile", () => {
    const fresh = () => shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant: 2 }), seed: 4 });
    const seen = [1, 7, 14].map((card) => seenAfter(fresh, { type: "arrange", card }));
    for (const other of seen.slice(1)) expect(deepEqual(other, seen[0])).toBe(true);
  });
});
