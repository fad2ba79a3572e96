// The rollout bot: decides from its view only (a sealed choice of the other seat included), and
// keeps greedy's move when it cannot be sure of another.
import { createRng, deepEqual, nextActor } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { greedyBot, type Action, type State } from "../src/index.ts";
import { rolloutGreedyBot, softmaxValue } from "../src/bots/strong.ts";
import { game, id } from "./helpers.ts";

/** Positions from greedy games with a real choice, the first where the other seat has already pointed. */
function positions(seats: number, mode: "apprentice" | "expert", count: number): { state: State; seat: number }[] {
  const out: { state: State; seat: number }[] = [];
  const greedy = greedyBot();
  const rng = createRng(4);
  for (let g = 0; out.length < count && g < 20; g++) {
    const state = game.setup({ seats, options: { mode }, seed: 40 + g });
    for (let step = 0; step < 7 + 9 * g; step++) {
      const seat = nextActor(game.decision(state));
      if (seat === null) break;
      const legal = game.legalActions(state, seat);
      game.apply(state, seat, greedy.decide({ view: game.view(state, seat), seat, legal, rng }));
    }
    const seat = nextActor(game.decision(state));
    if (seat !== null && game.legalActions(state, seat).length > 1) out.push({ state, seat });
  }
  return out;
}

const decide = (state: State, seat: number, overrides: Parameters<typeof rolloutGreedyBot>[1]): Action =>
  rolloutGreedyBot(game, overrides).decide({ view: game.view(state, seat), seat, legal: game.legalActions(state, seat), rng: createRng(9) });

describe("rollout bot", () => {
  it("decides the same on a state with every hidden thing redrawn, a sealed choice included", () => {
    const found = positions(2, "expert", 4);
    expect(found.length).toBe(4);
    // Seat 2 choosing after seat 1 pointed: the sealed choice must not reach the decision.
    const sealed = game.setup({ seats: 2, options: { mode: "apprentice" }, seed: 8 });
    game.apply(sealed, 0, game.legalActions(sealed, 0)[2]!);
    found.push({ state: sealed, seat: 1 });
    for (const { state, seat } of found) {
      const other = game.shuffleHidden(game.clone(state), seat, createRng(77));
      expect(deepEqual(game.view(other, seat), game.view(state, seat))).toBe(true);
      const options = { determinizations: 4, minDeterminizations: 4 };
      expect(decide(other, seat, options)).toEqual(decide(state, seat, options));
    }
  });

  it("plays greedy's move when no gain can be significant enough", () => {
    const found = positions(3, "apprentice", 4);
    expect(found.length).toBe(4);
    for (const { state, seat } of found) {
      const legal = game.legalActions(state, seat);
      const greedy = greedyBot().decide({ view: game.view(state, seat), seat, legal, rng: createRng(9) });
      expect(decide(state, seat, { determinizations: 4, minDeterminizations: 4, confidence: 1e9 })).toEqual(greedy);
    }
  });

  it("scores a state by its share of the softmax of the points", () => {
    const state = game.setup({ seats: 2, options: { mode: "apprentice" }, seed: 1 });
    expect(softmaxValue(state, 0, 0.3, 0)).toBeCloseTo(0.5);
    state.trunks[0]!.push(id("Gold 3"));
    expect(softmaxValue(state, 0, 0.3, 0)).toBeCloseTo(1 / (1 + Math.exp(-0.9)));
    expect(softmaxValue(state, 0, 0.3, 0) + softmaxValue(state, 1, 0.3, 0)).toBeCloseTo(1);
  });
});
