// The "rollout" bot (hard): the solver's commit improved by zone2 rollouts over candidate commits.
import { describe, expect, it } from "vitest";
import { createRng, randomInt, stableKey, waitingSeats } from "@grimoire/engine";
import { candidateCommits, rolloutParts, rolloutSolverBot } from "../src/bots/rollout.ts";
import { zone2Bot } from "../src/bots/zone2.ts";
import { view } from "../src/view.ts";
import { shazammGame, type ShazammAction, type ShazammState } from "../src/index.ts";
import { play, start } from "./helpers.ts";

const fresh = (seed: number): ShazammState => shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({}), seed });
const decide = (state: ShazammState, seat: 0 | 1, seed: number, options = {}): ShazammAction =>
  rolloutSolverBot(shazammGame, { deals: 6, ...options }).decide({ view: shazammGame.view(state, seat), seat, legal: shazammGame.sampleActions(state, seat, createRng(9), 64), rng: createRng(seed) });

describe("the rollout bot", () => {
  it("commits a legal action, the same for the same rng", () => {
    const state = fresh(3);
    const action = decide(state, 0, 1);
    expect(shazammGame.parseAction(state, 0, action).ok).toBe(true);
    expect(decide(state, 0, 1)).toEqual(action);
  });

  it("decides from its view: the opponent's sealed commit and hidden cards redrawn change nothing", () => {
    const base = start({ variant: 0, mana: [20, 20] });
    const a = shazammGame.clone(base);
    const b = shazammGame.clone(base);
    play(a, 1, { type: "commit", bid: 2, cards: [] });
    play(b, 1, { type: "commit", bid: 19, cards: [] });
    expect(shazammGame.view(a, 0)).toEqual(shazammGame.view(b, 0));
    const shuffled = shazammGame.shuffleHidden!(a, 0, createRng(5));
    const first = decide(a, 0, 4);
    expect(decide(b, 0, 4)).toEqual(first);
    expect(decide(shuffled, 0, 4)).toEqual(first);
  });

  it("plays the solver's commit when it cannot be sure of a better one", () => {
    const state = fresh(8);
    const solver = shazammGame.bots.solver!.create();
    const context = () => ({ view: shazammGame.view(state, 0), seat: 0, legal: shazammGame.sampleActions(state, 0, createRng(9), 64), rng: createRng(2) });
    const cautious = rolloutSolverBot(shazammGame, { deals: 6, confidence: Number.POSITIVE_INFINITY }).decide(context());
    expect(cautious).toEqual(solver.decide(context()));
  });

  it("lists legal candidates, the solver's first, each once", () => {
    const state = fresh(11);
    const view = shazammGame.view(state, 1);
    const prior = { type: "commit" as const, bid: 7, cards: view.hand!.slice(0, 1) };
    const zone2 = { type: "commit" as const, bid: 2, cards: [] };
    const list = candidateCommits(view, 1, prior, zone2, [0.1, 0.5, 0.9]);
    expect(list[0]).toEqual(prior);
    expect(new Set(list.map(stableKey)).size).toBe(list.length);
    for (const action of list) expect(shazammGame.parseAction(state, 1, action).ok).toBe(true);
    expect(list.some((a) => a.bid === 1 && a.cards.length === 0)).toBe(true);
  });

  it("searches on views that share the state's arrays, the same views as the copied ones", () => {
    for (let g = 0; g < 12; g++) {
      const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant: 1 + (g % 2) }), seed: g });
      const rng = createRng(g);
      for (let step = 0; step < 80; step++) {
        for (const viewer of ["spectator", 0, 1] as const) expect(JSON.stringify(view(state, viewer, false))).toBe(JSON.stringify(shazammGame.view(state, viewer)));
        expect(view(state, 0, false).mana).toBe(state.mana);
        expect(shazammGame.view(state, 0).mana).not.toBe(state.mana);
        const seats = waitingSeats(shazammGame.decision(state));
        if (seats.length === 0) break;
        const legal = shazammGame.sampleActions(state, seats[0]!, rng, 24);
        shazammGame.apply(state, seats[0]!, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
    }
  });

  it("lays zone2's commit in its rollouts without sampling commits, and leaves other decisions to the list", () => {
    const { direct } = rolloutParts();
    const zone2 = zone2Bot();
    let commits = 0;
    for (let g = 0; g < 12; g++) {
      const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant: 1 + (g % 2) }), seed: 100 + g });
      const rng = createRng(g);
      for (let step = 0; step < 80; step++) {
        const seats = waitingSeats(shazammGame.decision(state));
        if (seats.length === 0) break;
        const seat = seats[0]!;
        const legal = shazammGame.sampleActions(state, seat, rng, 24);
        const move = direct(state, seat);
        if (state.phase.type !== "commit" || legal.length === 1) expect(move).toBeUndefined();
        else {
          commits++;
          expect(move).toEqual(zone2.decide({ view: shazammGame.view(state, seat), seat, legal, rng: createRng(0) }));
          expect(shazammGame.parseAction(state, seat, move).ok).toBe(true);
        }
        shazammGame.apply(state, seat, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
    }
    expect(commits).toBeGreaterThan(50);
  });
});
