// Issue #28: Incantibus's pointings are simultaneous, so the review values them against a mixed
// model of the other seats' pointings (greedy's target half the time, any target the other half),
// never one deterministic reply, and says so; decisions in turn are valued by rollouts.
import { createRng, decisionRng, reviewDecision, stableKey } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { greedyBot, incantibusGame as game } from "../src/index.ts";
import { GREEDY_SHARE, mixedPointing } from "../src/review.ts";
import type { Action, State } from "../src/state.ts";

function pointing(seed: number): State {
  const state = game.setup({ seats: 3, options: { mode: "expert" }, seed });
  expect(state.phase.type).toBe("point");
  return state;
}

describe("Incantibus review of a pointing", () => {
  it("draws the other seats' pointings from a mix: greedy's target about half the time, other targets too", () => {
    const state = pointing(5);
    const greedy = greedyBot();
    const legal = game.legalActions(state, 1) as Action[];
    expect(legal.length).toBeGreaterThan(2);
    // Greedy breaks its ties at random: its own distribution first.
    const tally = (draw: (rng: ReturnType<typeof createRng>) => Action, seed: number): Map<string, number> => {
      const seen = new Map<string, number>();
      const rng = createRng(seed);
      for (let i = 0; i < draws; i++) {
        const key = stableKey(draw(rng));
        seen.set(key, (seen.get(key) ?? 0) + 1 / draws);
      }
      return seen;
    };
    const draws = 600;
    const context = (rng: ReturnType<typeof createRng>) => ({ view: game.view(state, 1), seat: 1, legal, rng });
    const alone = tally((rng) => greedy.decide(context(rng)), 27);
    const seen = tally((rng) => mixedPointing(greedy, context(rng)), 28);
    // Each target: its share of greedy's half plus its share of the uniform half.
    for (const action of legal) {
      const key = stableKey(action);
      const expected = GREEDY_SHARE * (alone.get(key) ?? 0) + (1 - GREEDY_SHARE) / legal.length;
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(expected - 0.08);
      expect(seen.get(key) ?? 0, key).toBeLessThan(expected + 0.08);
    }
    expect(alone.size).toBeLessThan(seen.size);
    expect(seen.size).toBeGreaterThan(2);
  });

  it("says a pointing was valued against a mixed model, and gives it a label", () => {
    const state = pointing(5);
    const legal = game.legalActions(state, 0);
    const reviewed = reviewDecision(game, game.reviewer, { view: game.view(state, 0), seat: 0, legal, rng: decisionRng(1, 0) }, legal[0], 0)!;
    expect(reviewed.kind).toBe("mixed-model");
    expect(reviewed.choices.length).toBe(legal.length);
  }, 120_000);

  it("does not judge a forced move", () => {
    const state = pointing(5);
    const legal = game.legalActions(state, 0);
    // The decision offered one choice only (as when a seat can point at one target alone).
    const reviewed = reviewDecision(game, game.reviewer, { view: game.view(state, 0), seat: 0, legal: [legal[0]], rng: decisionRng(1, 0) }, legal[0], 0)!;
    expect(reviewed.kind).toBe("not-judged");
    expect(reviewed.label).toBeNull();
    expect(reviewed.loss).toBe(0);
    expect(reviewed.choices).toHaveLength(1);
  }, 120_000);
});
