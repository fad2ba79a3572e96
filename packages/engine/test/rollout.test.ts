import { describe, expect, it } from "vitest";
import { cpuBudget, createRng, deepEqual, forkRng, ismctsSearch, pick, playout, rolloutBot, rolloutSearch, scoreShare, type Bot, type RolloutPolicy } from "../src/index.ts";
import { biddingGame, type BiddingAction, type BiddingState, type BiddingView } from "./fixtures/bidding.ts";

const options = biddingGame.optionsSchema.parse({ hand: 3 });
const uniform: RolloutPolicy<BiddingState, BiddingAction> = (_state, _seat, legal, rng) => pick(rng, legal);
/** Bids the lowest card it holds: a poor but deterministic policy to improve on. */
const lowest: Bot<BiddingView, BiddingAction> = {
  name: "lowest",
  decide: ({ legal }) => legal.reduce((best, a) => (a.card < best.card ? a : best)),
};
const lowestPolicy: RolloutPolicy<BiddingState, BiddingAction> = (state, seat, legal, rng) => lowest.decide({ view: biddingGame.view(state, seat), seat, legal, rng });

function midGame(seed: number): BiddingState {
  const state = biddingGame.setup({ seats: 2, options, seed });
  // Seat 1 commits a sealed bid first, so seat 0 faces a hidden hand and a hidden commit.
  biddingGame.apply(state, 1, biddingGame.legalActions(state, 1)[0]!);
  return state;
}

describe("rollout bot", () => {
  it("is deterministic for a given bot rng, and scores every legal action", () => {
    const state = midGame(7);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0) };
    const a = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 40, policy: uniform });
    const b = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 40, policy: uniform });
    expect(a).toEqual(b);
    expect(a.children.map((c) => c.action)).toEqual(context.legal);
    for (const child of a.children) expect(child.mean).toBeGreaterThanOrEqual(0);
  });

  it("a CPU cap stops the search once its floor is done, and judges on the deals it has", () => {
    const state = midGame(7);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0) };
    // A fake CPU clock: every reading is 10 ms later, so a 45 ms budget is spent after a few deals.
    let now = 0;
    const clock = () => (now += 10);
    const calls: number[] = [];
    const budget = cpuBudget(45, clock, 3);
    const spent = budget();
    const capped = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, {
      determinizations: 40,
      policy: uniform,
      budget: { floor: spent.floor, spent: () => (calls.push(now), spent.spent()) },
    });
    // Asked before deals 4 to 8 (it reads 10, 20, 30, 40, then 50 ms since its start): 7 deals.
    expect(calls).toHaveLength(5);
    const seven = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 7, policy: uniform });
    expect(capped).toEqual(seven);
    expect(capped).not.toEqual(rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 8, policy: uniform }));
    // A budget never spent changes nothing.
    const free = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 40, policy: uniform, budget: { floor: 1, spent: () => false } });
    expect(free).toEqual(rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 40, policy: uniform }));
  });

  it("decides from the view only: states with the same view give the same decision", () => {
    const bot = rolloutBot<BiddingState, BiddingAction, BiddingView>(biddingGame, { determinizations: 30, policy: lowestPolicy });
    for (let seed = 0; seed < 20; seed++) {
      const state = midGame(seed);
      const other = biddingGame.shuffleHidden(state, 0, createRng(seed + 99));
      expect(deepEqual(other, state)).toBe(false);
      const view = biddingGame.view(state, 0);
      expect(biddingGame.view(other, 0)).toEqual(view);
      const legal = biddingGame.legalActions(state, 0);
      const a = bot.decide({ view, seat: 0, legal, rng: createRng(seed) });
      const b = bot.decide({ view: biddingGame.view(other, 0), seat: 0, legal, rng: createRng(seed) });
      expect(b).toEqual(a);
    }
  });

  it("tries every action on the same deals and dice: a forced move scores the same whatever it is called", () => {
    // Two copies of the same action must get exactly the same mean: common random numbers.
    const state = midGame(3);
    const legal = biddingGame.legalActions(state, 0);
    const twice = [legal[0]!, { ...legal[0]! }];
    const result = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { view: biddingGame.view(state, 0), seat: 0, legal: twice, rng: createRng(1) }, { determinizations: 25, policy: uniform });
    expect(result.children[0]!.mean).toBe(result.children[1]!.mean);
  });

  it("plays the policy's direct move without listing the legal actions, and lists them where it has none", () => {
    const state = midGame(7);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0) };
    const listed = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(5) }, { determinizations: 20, policy: lowestPolicy });
    let lists = 0;
    const counting = { ...biddingGame, legalActions: (s: BiddingState, seat: number) => (lists++, biddingGame.legalActions(s, seat)) };
    // The same moves as the policy, made without the rollout listing them.
    const direct = (s: BiddingState, seat: number) => lowestPolicy(s, seat, biddingGame.legalActions(s, seat), createRng(0));
    const all = rolloutSearch<BiddingState, BiddingAction, BiddingView>(counting, { ...context, rng: createRng(5) }, { determinizations: 20, policy: lowestPolicy, direct });
    expect(all).toEqual(listed);
    expect(lists).toBe(0);
    // Direct for seat 1 only: seat 0's moves are listed and chosen by the policy, with the same result.
    const some = rolloutSearch<BiddingState, BiddingAction, BiddingView>(counting, { ...context, rng: createRng(5) }, { determinizations: 20, policy: lowestPolicy, direct: (s, seat) => (seat === 1 ? direct(s, seat) : undefined) });
    expect(some).toEqual(listed);
    expect(lists).toBeGreaterThan(0);
  });

  it("keeps the prior's move unless another is surely better", () => {
    const state = biddingGame.setup({ seats: 2, options, seed: 11 });
    state.phase = { type: "claim", winner: 0, revealed: [2, 6] };
    state.bids = [null, null];
    const legal = biddingGame.legalActions(state, 0);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal };
    const worst = (): BiddingAction => ({ type: "claim", card: 2 });
    // Claiming 6 is better on every deal: the paired gain is sure, so it replaces the prior.
    const sure = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(2) }, { determinizations: 60, policy: uniform, prior: worst });
    expect(sure.action).toEqual({ type: "claim", card: 6 });
    // Asked for more certainty than any sample gives, it keeps the prior.
    const stubborn = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, { ...context, rng: createRng(2) }, { determinizations: 60, policy: uniform, prior: worst, confidence: 1e9 });
    expect(stubborn.action).toEqual(worst());
  });

  it("stops at the horizon and scores the state there", () => {
    const state = midGame(5);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0), rng: createRng(4) };
    const seen: number[] = [];
    const result = rolloutSearch<BiddingState, BiddingAction, BiddingView>(biddingGame, context, {
      determinizations: 10,
      policy: uniform,
      horizon: (s) => s.round,
      evaluate: (s) => {
        seen.push(s.round);
        return 0.25;
      },
    });
    // Every rollout ends at the next round, never at the game's end.
    expect(seen.length).toBe(10 * context.legal.length);
    for (const round of seen) expect(round).toBe(state.round + 1);
    for (const child of result.children) expect(child.mean).toBe(0.25);
  });

  it("improves on its policy: rollouts from 'bid the lowest card' beat that policy", () => {
    const games = 120;
    let wins = 0;
    let losses = 0;
    const seeds = createRng(42);
    for (let g = 0; g < games; g++) {
      const improved = rolloutBot<BiddingState, BiddingAction, BiddingView>(biddingGame, { determinizations: 20, policy: lowestPolicy }) as Bot<unknown, unknown>;
      const base = lowest as Bot<unknown, unknown>;
      const seatOfImproved = g % 2;
      const state = biddingGame.setup({ seats: 2, options, seed: forkRng(seeds).s[0]! });
      playout(biddingGame, state, seatOfImproved === 0 ? [improved, base] : [base, improved], createRng(g));
      const outcome = biddingGame.outcome(state)!;
      if (outcome.draw) continue;
      if (outcome.winners.includes(seatOfImproved)) wins++;
      else losses++;
    }
    expect(wins).toBeGreaterThan(losses * 1.5);
  });
});

describe("scoreShare", () => {
  it("shares 1 between the seats by exp(weight × score)", () => {
    expect(scoreShare([2, 2, 2], 1, 0.5)).toBeCloseTo(1 / 3, 12);
    expect(scoreShare([3, 0], 0, 0.5)).toBeCloseTo(1 / (1 + Math.exp(-1.5)), 12);
    expect(scoreShare([3, 0], 0, 0.5) + scoreShare([3, 0], 1, 0.5)).toBeCloseTo(1, 12);
  });
});

describe("ismcts options", () => {
  it("treeDepth 1 keeps statistics for the root's actions only", () => {
    const state = midGame(9);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0), rng: createRng(3) };
    const result = ismctsSearch<BiddingState, BiddingAction>(biddingGame, context, { iterations: 90, treeDepth: 1 });
    expect(result.children.reduce((n, c) => n + c.visits, 0)).toBe(90);
  });

  it("horizon stops rollouts once the stage has changed and evaluate scores them", () => {
    const state = midGame(9);
    const context = { view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0), rng: createRng(3) };
    const rounds = new Set<number>();
    const result = ismctsSearch<BiddingState, BiddingAction>(biddingGame, context, {
      iterations: 50,
      horizon: (s) => s.round,
      evaluate: (s) => (rounds.add(s.round), 0.75),
    });
    // The tree itself may pass a round; the rollout then stops at once.
    expect(rounds.size).toBeGreaterThan(0);
    for (const round of rounds) expect(round).toBeGreaterThan(state.round);
    expect(rounds.has(state.round + 1)).toBe(true);
    for (const child of result.children) expect(child.mean).toBeLessThanOrEqual(1);
  });
});

