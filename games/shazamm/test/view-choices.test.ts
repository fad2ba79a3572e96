// viewChoices: a client holding only its view gets exactly the legal answers (Clone, Larcin,
// Recyclage, variant-2 arrangement), and `null` exactly when it must commit.
import { SPECTATOR, createRng, stableKey, waitingSeats } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { shazammGame, viewChoices, type ShazammState } from "../src/index.ts";
import { play, start, turn } from "./helpers.ts";

const keys = (actions: readonly unknown[]) => actions.map((a) => stableKey(a)).sort();

describe("viewChoices", () => {
  it("matches legalActions for every seat at every step of random games, and null when committing", () => {
    const rng = createRng(5);
    const asked = new Set<string>();
    for (const variant of [0, 1, 2] as const) {
      for (let game = 0; game < 40; game++) {
        const s: ShazammState = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: 1000 * variant + game });
        for (let step = 0; step < 600; step++) {
          const d = shazammGame.decision(s);
          for (const seat of [0, 1] as const) {
            const choices = viewChoices(shazammGame.view(s, seat), seat);
            const waiting = d.type !== "over" && waitingSeats(d).includes(seat);
            if (waiting && s.phase.type === "commit") {
              expect(choices).toBeNull();
            } else {
              expect(choices).not.toBeNull();
              expect(keys(choices!)).toEqual(keys(shazammGame.legalActions(s, seat)));
              if (waiting && s.phase.type === "resolve") asked.add(s.phase.table.ask!.type);
            }
          }
          expect(viewChoices(shazammGame.view(s, 0), 1)).toEqual([]);
          expect(shazammGame.view(s, SPECTATOR).hand).toBeNull();
          if (d.type === "over") break;
          const seat = waitingSeats(d)[0]!;
          shazammGame.apply(s, seat, shazammGame.sampleActions(s, seat, rng, 1)[0]!);
        }
      }
    }
    expect([...asked].sort()).toEqual(["clone", "larcin", "recycle"]);
  });
  it("never offers a Clone of a Clone, nor a Recyclage past the bounds", () => {
    const s = start({ mana: [4, 50] });
    turn(s, 1, [], 1, [2, 13]);
    turn(s, 2, [2, 6], 1, []);
    expect(viewChoices(shazammGame.view(s, 0), 0)).toEqual([
      { type: "clone", card: null },
      { type: "clone", card: 13 },
    ]);
    play(s, 0, { type: "clone", card: null }); // mana 3 after the first turn, bid 2
    expect(viewChoices(shazammGame.view(s, 0), 0)).toEqual([-1, 0, 1].map((delta) => ({ type: "recycle", delta })));
  });
});
