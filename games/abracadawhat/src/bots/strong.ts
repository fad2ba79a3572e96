// "strong": the reasoner's move, improved by Monte Carlo rollouts where they are sure of it.
// For each decision it redeals what the seat cannot see (`determinizations` times, by default
// the Bayesian deals of bayes.ts, weighted by how likely the other players' casts were; the
// game's exact but uniform resample for "rollout"), tries every legal call and
// ending the turn on each deal, plays the rest of the round with the reasoner for every seat,
// and scores the round's end by the points: a softmax of the scores, so 3 points ahead early
// counts about as much as it weighs in a game to 8. Every action meets the same deal and the
// same dice, and another action replaces the reasoner's own only when its gain, deal by deal,
// is over two standard errors: where the samples cannot tell, it plays the reasoner's move.
//
// Why not tree search: ISMCTS with reasoner rollouts to the game's end (docs/bots.md) lost to
// the reasoner itself, 9–51. One move changes the chance of winning a game of several rounds
// by a few percent, far less than the noise of a few hundred rollouts, so the search chose
// almost at random among calls the reasoner ranks with exact odds.
import { botRollout, rolloutBot, scoreShare, type AnyGame, type Bot, type RngState, type RolloutBotOptions } from "@grimoire/engine";
import type { Action, State } from "../state.ts";
import { bayesResample } from "./bayes.ts";
import { makeView, type View } from "../view.ts";
import { quickChances } from "./probability.ts";
import { reasonerBot } from "./reasoner.ts";

/** How much a point of score weighs at a round's end (softmax temperature, measured best of 0.3–1). */
const POINT_WEIGHT = 0.5;

/** A round's end scored for `seat`: its share of exp(POINT_WEIGHT × score) over every seat. */
export function roundEndValue(state: State, seat: number): number {
  return scoreShare(state.scores, seat, POINT_WEIGHT);
}

export interface StrongOptions {
  /** Deals per decision (default 300: about 0.1 s a decision, docs/bots.md). */
  readonly determinizations?: number;
  /** Weigh the deals by the other players' casts (default true); false: the game's uniform resample. */
  readonly bayes?: boolean;
  /** Standard errors another action must gain by to replace the reasoner's (default 2). */
  readonly confidence?: number;
}

/** The rollout search of "strong" (and of the review, which scores every call with it). */
export function strongOptions(game: AnyGame, options: StrongOptions = {}): RolloutBotOptions<State, Action, View> {
  const bayes = options.bayes ?? true;
  const reasoner = reasonerBot();
  return {
    name: bayes ? "strong" : "rollout",
    determinizations: options.determinizations ?? 300,
    // Rollouts ask the odds at every step: the quick estimate is most of the speed.
    // Its views share the sampled state's arrays (the reasoner only reads them).
    policy: botRollout(game, reasonerBot(quickChances) as Bot<unknown, Action>, 0, (state: State, seat) => makeView(state, seat, false)),
    prior: (context) => reasoner.decide(context),
    confidence: options.confidence ?? 2,
    horizon: (state) => state.round,
    evaluate: roundEndValue,
    ...(bayes ? { resample: (view: View, seat: number, rng: RngState) => bayesResample(view, seat, rng) } : {}),
  };
}

export function strongBot(game: AnyGame, options: StrongOptions = {}): Bot<View, Action> {
  return rolloutBot<State, Action, View>(game, strongOptions(game, options));
}
