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
import { botRollout, ismctsBot, noisyBot, rolloutSearch, scoreShare, type AnyGame, type Bot, type BotContext, type RngState, type RolloutBotOptions } from "@grimoire/engine";
import { greedyBot } from "../bots/index.ts";
import { pointTargets, scores } from "../rules.ts";
import type { Action, State, View } from "../state.ts";
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
  /** Points an estimate counts per wand rank held (the strongest wand wins contests). */
  readonly wandWeight: number;
}

export const ROLLOUT_DEFAULTS: RolloutOptions = { determinizations: 16, rollouts: 96, minDeterminizations: 8, rolloutDepth: 60, confidence: 1, pointWeight: 0.3, wandWeight: 0.5 };

/** Estimated final score of each seat: its points, plus `wandWeight` per rank of its wand (0 for the weakest). */
export function estimatedScores(state: State, wandWeight = 0): number[] {
  const points = scores(state);
  if (wandWeight !== 0) {
    const sorted = [...state.wands].sort((a, b) => a - b);
    for (let seat = 0; seat < points.length; seat++) points[seat]! += wandWeight * sorted.indexOf(state.wands[seat]!);
  }
  return points;
}

/** A state scored for `seat`: its share of exp(pointWeight × estimated score) over every seat. */
export function softmaxValue(state: State, seat: number, pointWeight: number, wandWeight = 0): number {
  return scoreShare(estimatedScores(state, wandWeight), seat, pointWeight);
}

/** The stage a rollout stays in: the room being searched, or in the crypt the number of sorcerers left. */
function stageOf(state: State): number {
  if (state.room !== null) return state.room;
  let left = 0;
  for (const s of state.sorcerers) if (s) left++;
  return -1 - left;
}

/**
 * The search of "rollout" for a decision among `legal` (the budget shared over them): deals redrawn
 * from the view, greedy playing every seat to the room's end, the softmax score. The review uses it
 * to score every choice.
 */
export function rolloutGreedyOptions(game: AnyGame, overrides: Partial<RolloutOptions> = {}): (context: BotContext<View, Action>, legal: readonly Action[]) => RolloutBotOptions<State, Action, View> {
  const o = { ...ROLLOUT_DEFAULTS, ...overrides };
  const greedy = greedyBot();
  // Sealed choices of other seats, redrawn on the deal as greedy (the rollout policy) would make them.
  const resample = (view: View, seat: number, rng: RngState): State => {
    const state = resampleView(view, seat, rng);
    if (state.phase.type === "point") {
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
  const policy = botRollout<State, Action>(game, greedy as Bot<unknown, Action>, 0);
  return (context, legal) => {
    const budget = (o.rollouts * 2) / Math.max(2, context.view.seats);
    const determinizations = Math.max(o.minDeterminizations, Math.min(o.determinizations, Math.floor(budget / legal.length)));
    return {
      determinizations,
      rolloutDepth: o.rolloutDepth,
      policy,
      prior: (c) => greedy.decide(c),
      confidence: o.confidence,
      horizon: stageOf,
      evaluate: (state, seat) => softmaxValue(state, seat, o.pointWeight, o.wandWeight),
      resample,
    };
  };
}

export function rolloutGreedyBot(game: AnyGame, overrides: Partial<RolloutOptions> = {}): Bot<View, Action> {
  const options = rolloutGreedyOptions(game, overrides);
  return {
    name: "rollout",
    decide(context) {
      if (context.legal.length === 1) return context.legal[0]!;
      return rolloutSearch<State, Action, View>(game, context, options(context, context.legal)).action;
    },
  };
}
