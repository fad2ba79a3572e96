// Bots for the levels around the greedy bot.
// - "rollout": greedy's move, improved by Monte Carlo rollouts where they are sure of it. For
//   each decision it redeals what the seat cannot see (the game's resample; other seats' sealed
//   choices redrawn as greedy would make them), tries every legal action on each deal, plays on
//   with greedy for every seat until the room is cleared (in the crypt: until a sorcerer is gone),
//   and scores that state by a softmax of the points plus half a point per wand rank. Every action
//   meets the same deal and the same random stream, and another action replaces greedy's only when
//   its gain, deal by deal, is over one standard error. Deals per decision: at most 16, fewer when
//   there are many actions (96 rollouts at 2 players, scaled by 2 / seats), at least 8.
// - "search": information-set MCTS from the engine, its rollouts played by the greedy bot (with
//   some random moves), on determinizations from the game's resample. At 150 iterations it only
//   draws level with greedy (docs/bots.md) and is slow, so it is offered, not a level.
// - "steady": the greedy bot with a random move one time in three (offered by name).
// All see only their view.
import { botRollout, ismctsBot, noisyBot, rolloutBot, scoreShare, type AnyGame, type Bot, type RngState } from "@grimoire/engine";
import { greedyBot, tokenWorth } from "../bots.ts";
import { pointTargets, scores } from "../rules.ts";
import { pointsOf } from "../trunk.ts";
import type { Action, State, View } from "../types.ts";
import { makeView, resampleView } from "../view.ts";

export function strongBot(game: AnyGame, iterations = 150): Bot<View, Action> {
  return ismctsBot<unknown, Action, View>(game, {
    name: "search",
    iterations,
    rollout: botRollout(game, greedyBot() as Bot<unknown, Action>, 0.25),
  });
}

export function steadyBot(noise = 1 / 3): Bot<View, Action> {
  return noisyBot(greedyBot(), noise, "steady");
}

export interface RolloutOptions {
  /** Deals (determinizations) per decision at most. */
  readonly determinizations: number;
  /** Rollouts per decision at 2 players (deals × legal actions), scaled by 2 / seats; never fewer than `minDeterminizations` deals. */
  readonly rollouts: number;
  readonly minDeterminizations: number;
  /** Rollout length cap in actions. */
  readonly rolloutDepth: number;
  /** Standard errors by which another action must beat greedy's own. */
  readonly confidence: number;
  /** How much a point weighs in the softmax of the estimated scores. */
  readonly pointWeight: number;
  /** Share of a non-scoring token's worth to greedy counted in the estimate (0: points only). */
  readonly potential: number;
  /** Points an estimate counts per wand rank held (the strongest wand wins contests). */
  readonly wandWeight: number;
  /** Where rollouts stop: "stage" the room (in the crypt, the next sorcerer gone), "room" the room (the crypt to the end), or the game's end. */
  readonly horizon: "stage" | "room" | "game";
  /** Other seats' sealed choices redrawn as greedy would choose them (true) or uniformly (the game's resample). */
  readonly greedyCommits: boolean;
}

export const ROLLOUT_DEFAULTS: RolloutOptions = {
  determinizations: 16, rollouts: 96, minDeterminizations: 8, rolloutDepth: 60,
  confidence: 1, pointWeight: 0.3, potential: 0, wandWeight: 0.5, horizon: "stage", greedyCommits: true,
};

/** Estimated final score of each seat: its points, plus part of what its other tokens are worth to greedy. */
export function estimatedScores(state: State, potential: number, wandWeight = 0): number[] {
  const points = scores(state);
  if (wandWeight !== 0) {
    // Rank of each seat's wand among the wands in play, 0 for the weakest.
    const sorted = [...state.wands].sort((a, b) => a - b);
    for (let seat = 0; seat < points.length; seat++) points[seat]! += wandWeight * sorted.indexOf(state.wands[seat]!);
  }
  if (potential === 0) return points;
  return points.map((p, seat) => {
    const trunk = state.trunks[seat]!;
    let extra = 0;
    for (const id of trunk) if (pointsOf(id) === 0) extra += Math.max(0, tokenWorth(id, trunk));
    return p + potential * extra;
  });
}

/** A state scored for `seat`: its share of exp(pointWeight × estimated score) over every seat. */
export function softmaxValue(state: State, seat: number, pointWeight: number, potential: number, wandWeight = 0): number {
  return scoreShare(estimatedScores(state, potential, wandWeight), seat, pointWeight);
}

/** The stage a rollout stays in: the room, or in the crypt (with `crypt`) the number of sorcerers left. */
function stageOf(state: State, crypt: boolean): number {
  if (state.room !== null) return state.room;
  if (!crypt) return -1;
  let left = 0;
  for (const s of state.sorcerers) if (s) left++;
  return -1 - left;
}

export function rolloutGreedyBot(game: AnyGame, overrides: Partial<RolloutOptions> = {}, name = "rollout"): Bot<View, Action> {
  const o = { ...ROLLOUT_DEFAULTS, ...overrides };
  const greedy = greedyBot();
  // Sealed choices of other seats, redrawn on the deal as greedy (the rollout policy) would make them.
  const resample = (view: View, seat: number, rng: RngState): State => {
    const state = resampleView(view, seat, rng);
    if (o.greedyCommits && state.phase.kind === "point") {
      const choices = state.phase.choices;
      for (let other = 0; other < state.seats; other++) {
        if (other === seat || choices[other] === null) continue;
        const legal = pointTargets(state, other).map((target): Action => ({ type: "point", target }));
        choices[other] = null;
        const action = greedy.decide({ view: makeView(state, other), seat: other, legal, rng });
        if (action.type === "point") choices[other] = action.target;
      }
    }
    return state;
  };
  const searchWith = (determinizations: number): Bot<View, Action> => rolloutBot<State, Action, View>(game, {
    name,
    determinizations,
    rolloutDepth: o.rolloutDepth,
    policy: botRollout(game, greedy as Bot<unknown, Action>, 0),
    prior: (context) => greedy.decide(context),
    confidence: o.confidence,
    ...(o.horizon === "game" ? {} : { horizon: (state: State) => stageOf(state, o.horizon === "stage") }),
    evaluate: (state, seat) => softmaxValue(state, seat, o.pointWeight, o.potential, o.wandWeight),
    resample,
  });
  const bots = new Map<number, Bot<View, Action>>();
  return {
    name,
    decide(context) {
      const budget = (o.rollouts * 2) / Math.max(2, context.view.seats);
      const deals = Math.max(o.minDeterminizations, Math.min(o.determinizations, Math.floor(budget / context.legal.length)));
      let bot = bots.get(deals);
      if (!bot) bots.set(deals, (bot = searchWith(deals)));
      return bot.decide(context);
    },
  };
}
