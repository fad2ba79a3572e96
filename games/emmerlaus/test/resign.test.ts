// A resigned player's wizard leaves the game as a death takes one out (no ring brings it back):
// never asked again, stepped over by every card still resolving, and the last wizard left wins.
import { waitingSeats } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { emmerlausGame as game } from "../src/index.ts";
import type { EmmerlausState } from "../src/state.ts";

const options = game.optionsSchema.parse({});

/** A small deterministic generator for picking actions (the game's own rng stays untouched). */
function picker(seed: number): (n: number) => number {
  let x = seed * 2654435761 + 1;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

function playRandom(state: EmmerlausState, pick: (n: number) => number, steps: number): void {
  for (let i = 0; i < steps; i++) {
    const d = game.decision(state);
    if (d.type === "over") return;
    const seat = waitingSeats(d)[0]!;
    const legal = game.legalActions(state, seat);
    game.apply(state, seat, legal[pick(legal.length)]!);
  }
}

describe("Emmerlaüs: resigning", () => {
  it("takes the wizard out at once, its cards to the discard pile; it is never asked again and cannot win", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const pick = picker(seed);
      const state = game.setup({ seats: 4, options, seed });
      playRandom(state, pick, pick(60));
      if (game.decision(state).type === "over") continue;
      const deciding = waitingSeats(game.decision(state));
      const seat = [0, 1, 2, 3].find((s) => !deciding.includes(s) && state.players[s]!.alive);
      if (seat === undefined) continue;
      const cards = state.players[seat]!.hand.length + state.players[seat]!.objects.length;
      const discard = state.discard.length;
      const events = game.resign!(state, seat);
      expect(events[0]).toEqual({ type: "died", seat });
      expect(state.players[seat]!.alive).toBe(false);
      expect(state.players[seat]!.hand).toEqual([]);
      expect(state.discard.length).toBeGreaterThanOrEqual(discard + cards);
      // The view says the wizard is out, for everyone.
      expect(JSON.stringify(game.view(state, "spectator"))).toContain('"alive":false');
      for (let step = 0; step < 20_000 && game.decision(state).type !== "over"; step++) {
        expect(waitingSeats(game.decision(state))).not.toContain(seat);
        playRandom(state, pick, 1);
      }
      const outcome = game.outcome(state)!;
      expect(outcome).not.toBeNull();
      expect(outcome.winners).not.toContain(seat);
    }
  });

  it("the last wizard left wins when the others resign", () => {
    const state = game.setup({ seats: 3, options, seed: 5 });
    const first = waitingSeats(game.decision(state))[0]!;
    const others = [0, 1, 2].filter((s) => s !== first);
    expect(game.resign!(state, others[0]!)).toEqual([{ type: "died", seat: others[0]! }]);
    expect(game.decision(state).type).not.toBe("over");
    expect(game.resign!(state, others[1]!)).toEqual([
      { type: "died", seat: others[1]! },
      { type: "over", winner: first },
    ]);
    expect(game.outcome(state)).toMatchObject({ winners: [first], draw: false });
    // Nothing more to do once over, or for a wizard already out.
    expect(game.resign!(state, first)).toEqual([]);
    expect(game.resign!(state, others[0]!)).toEqual([]);
  });
});
