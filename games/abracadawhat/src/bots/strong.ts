// "strong": information-set MCTS from the engine, its rollouts played by the reasoner bot
// (with some random moves), on determinizations from the game's resample ("strong") or from
// the Bayesian one of bayes.ts. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot, type RngState } from "@grimoire/engine";
import type { Action, State } from "../state.ts";
import { bayesResample } from "./bayes.ts";
import type { View } from "../view.ts";
import { reasonerBot } from "./reasoner.ts";

export function strongBot(game: AnyGame, iterations = 400, bayes = false): Bot<View, Action> {
  return ismctsBot<State, Action, View>(game, {
    name: bayes ? "bayes" : "strong",
    iterations,
    rollout: botRollout(game, reasonerBot() as Bot<unknown, Action>, 0.2),
    ...(bayes ? { resample: (view: unknown, seat: number, rng: RngState) => bayesResample(view as View, seat, rng) } : {}),
  });
}
