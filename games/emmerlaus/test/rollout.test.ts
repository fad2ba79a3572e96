// The "rollout" bot (src/bots/strong.ts): where it cannot be sure it plays the heuristic's move,
// it decides the same way for the same generator, its rollout view makes the heuristic play as on
// the real view, and the value model it scores with ranks states sensibly.
import { createRng, type RngState } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, emmerlausGame as game, heuristicBot, type EmmerlausState } from "../src/index.ts";
import { rolloutImprovedBot, rolloutImprovedOptions, rolloutView, rolloutsAt } from "../src/bots/strong.ts";
import { duelValue, stateValue } from "../src/bots/value.ts";
import { start } from "./helpers.ts";

const copy = (rng: RngState): RngState => ({ s: rng.s.slice(), forced: [] });

/** Decision points (more than one legal action) of a heuristic self-play game. */
function decisionPoints(seed: number, every = 3): { state: EmmerlausState; seat: number }[] {
  const state = game.setup({ seats: 2, options: DEFAULT_OPTIONS, seed });
  const bot = heuristicBot();
  const rng = createRng(seed);
  const points: { state: EmmerlausState; seat: number }[] = [];
  for (let step = 0; ; step++) {
    const d = game.decision(state);
    if (d.type === "over") return points;
    const seat = (d as { seat: number }).seat;
    const legal = game.legalActions(state, seat);
    if (legal.length > 1 && step % every === 0) points.push({ state: game.clone(state), seat });
    game.apply(state, seat, legal.length === 1 ? legal[0]! : bot.decide({ view: game.view(state, seat), seat, legal, rng }));
  }
}

describe("rollout bot", () => {
  const points = decisionPoints(3).slice(0, 12);

  it("with a huge confidence plays the heuristic's move", () => {
    const bot = rolloutImprovedBot(game, { rollouts: 24, minDeals: 2, confidence: 1e9 });
    const heuristic = heuristicBot();
    for (const { state, seat } of points) {
      const view = game.view(state, seat);
      const legal = game.legalActions(state, seat);
      expect(bot.decide({ view, seat, legal, rng: createRng(7) })).toEqual(heuristic.decide({ view, seat, legal, rng: createRng(7) }));
    }
  });

  it("decides the same for the same generator", () => {
    const bot = rolloutImprovedBot(game, { rollouts: 24, minDeals: 2 });
    for (const { state, seat } of points.slice(0, 6)) {
      const view = game.view(state, seat);
      const legal = game.legalActions(state, seat);
      const rng = createRng(11);
      expect(bot.decide({ view, seat, legal, rng: copy(rng) })).toEqual(bot.decide({ view, seat, legal, rng: copy(rng) }));
    }
  });

  it("its rollout view is the real view (sharing the state's arrays) and makes the heuristic play as on it", () => {
    const heuristic = heuristicBot();
    for (const { state, seat } of decisionPoints(4, 1)) {
      expect(JSON.stringify(rolloutView(state, seat))).toBe(JSON.stringify(game.view(state, seat)));
      expect(rolloutView(state, seat).players[seat]!.hand).toBe(state.players[seat]!.hand);
      expect(game.view(state, seat).players[seat]!.hand).not.toBe(state.players[seat]!.hand);
      const legal = game.legalActions(state, seat);
      const rng = createRng(5);
      expect(heuristic.decide({ view: rolloutView(state, seat), seat, legal, rng: copy(rng) })).toEqual(heuristic.decide({ view: game.view(state, seat), seat, legal, rng: copy(rng) }));
    }
  });

  it("values life and a Miroir in hand", () => {
    const even = start({ hands: [["eclair"], ["dommage"]], life: [30, 30] });
    const ahead = start({ hands: [["eclair"], ["dommage"]], life: [45, 30] });
    const mirror = start({ hands: [["miroir"], ["dommage"]], life: [30, 30] });
    for (const s of [even, ahead, mirror]) {
      expect(stateValue(s, 0)).toBeGreaterThan(0);
      expect(stateValue(s, 0)).toBeLessThan(1);
    }
    expect(stateValue(ahead, 0)).toBeGreaterThan(stateValue(even, 0));
    expect(stateValue(mirror, 0)).toBeGreaterThan(stateValue(even, 0));
    expect(stateValue(ahead, 1)).toBeLessThan(stateValue(even, 1));
  });

  it("at a bigger table every opponent counts: a hit on any of them and a kill raise the value (issue #28)", () => {
    const hands = [["eclair"], ["dommage"], [], []];
    const base = start({ seats: 4, hands, life: [60, 120, 40, 40] });
    // Against the strongest opponent alone (seat 1, 120 life), hitting seat 2 was worth nothing.
    const hit = start({ seats: 4, hands, life: [60, 120, 25, 40] });
    expect(stateValue(hit, 0)).toBeGreaterThan(stateValue(base, 0));
    const dead = start({ seats: 4, hands, life: [60, 120, 25, 40] });
    dead.players[2]!.alive = false;
    dead.players[2]!.life = 0;
    expect(stateValue(dead, 0)).toBeGreaterThan(stateValue(hit, 0));
    // The mean of the duels, a dead opponent counting as beaten.
    expect(stateValue(dead, 0)).toBeCloseTo((duelValue(dead, 0, 1) + 1 + duelValue(dead, 0, 3)) / 3, 12);
    // With one opponent left it is the duel model, as at two players.
    const duel = start({ hands: [["eclair"], ["dommage"]], life: [30, 45] });
    expect(stateValue(duel, 0)).toBe(duelValue(duel, 0, 1));
  });

  it("sizes its rollouts per table: the two-player count, times 2 / players", () => {
    expect([2, 3, 5, 10].map((n) => rolloutsAt(4000, n))).toEqual([4000, 2667, 1600, 800]);
    const state = start({ seats: 10, hands: [["eclair", "dommage"], ...Array.from({ length: 9 }, () => [])] });
    const legal = game.legalActions(state, 0);
    const options = rolloutImprovedOptions(game, { rollouts: 4000 })({ view: game.view(state, 0), seat: 0, legal, rng: createRng(1) }, legal);
    expect(options.determinizations).toBe(Math.min(250, Math.max(8, Math.round(800 / legal.length))));
    expect(options.budget).toBeUndefined();
    // With a CPU cap, each decision gets its own budget, floored at the fewest deals.
    let cpu = 0;
    const capped = rolloutImprovedOptions(game, { rollouts: 4000, cpu: { ms: 100, clock: () => cpu } })({ view: game.view(state, 0), seat: 0, legal, rng: createRng(1) }, legal);
    expect(capped.budget?.floor).toBe(8);
    expect(capped.budget?.spent()).toBe(false);
    cpu = 100;
    expect(capped.budget?.spent()).toBe(true);
  });
});
