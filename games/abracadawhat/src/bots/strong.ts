// "strong": information-set MCTS from the engine, its rollouts played by the reasoner bot
// (with some random moves), on determinizations from the game's resample ("strong") or from
// the Bayesian one of bayes.ts. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot, type RngState } from "@grimoire/engine";
import type { Action, State } from "../state.ts";
import { bayesResample } from "./bayes.ts";
import type { View } from "../view.ts";
import { reasonerBot } from "./reasoner.ts";

export function strongBot(game: AnyGame, iterations = 400, bayes = false): Bot<View, Action> {
  const bots = new Map<number, Bot<View, Action>>();
  const reasoner = reasonerBot();
  return {
    name: bayes ? "bayes" : "strong",
    decide(context) {
      // Rollouts lengthen with the table: the budget is `iterations` at 2 players, less beyond,
      // to keep a decision well under a second.
      const seats = context.view.seats;
      // At 4–5 players the affordable budget is small and the search lost to the reasoner in
      // short trials (docs/bots.md): there the reasoner decides.
      if (seats >= 4) return reasoner.decide(context);
      let bot = bots.get(seats);
      if (!bot) {
        bot = ismctsBot<State, Action, View>(game, {
          name: bayes ? "bayes" : "strong",
          iterations: Math.max(40, Math.round(iterations * (2 / Math.max(2, seats)) ** 2)),
          rollout: botRollout(game, reasonerBot() as Bot<unknown, Action>, 0.2),
          ...(bayes ? { resample: (view: unknown, seat: number, rng: RngState) => bayesResample(view as View, seat, rng) } : {}),
        });
        bots.set(seats, bot);
      }
      return bot.decide(context);
    },
  };
}
