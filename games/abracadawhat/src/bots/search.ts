// "search": the engine's information-set MCTS, 400 iterations at 2 players (fewer beyond), the
// reasoner (quick odds, a random call one time in five) playing the rollouts to the game's end.
// Not a level: it loses to the reasoner (docs/bots.md), the reference for why "strong" is built
// on rollouts from the reasoner's move instead. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot } from "@grimoire/engine";
import type { Action, State } from "../state.ts";
import type { View } from "../view.ts";
import { quickChances } from "./probability.ts";
import { reasonerBot } from "./reasoner.ts";

export function searchBot(game: AnyGame, iterations = 400): Bot<View, Action> {
  const bots = new Map<number, Bot<View, Action>>();
  return {
    name: "search",
    decide(context) {
      const seats = context.view.seats;
      let bot = bots.get(seats);
      if (!bot) {
        bot = ismctsBot<State, Action, View>(game, {
          name: "search",
          iterations: Math.max(40, Math.round(iterations * (2 / Math.max(2, seats)) ** 2)),
          rollout: botRollout(game, reasonerBot(quickChances) as Bot<unknown, Action>, 0.2),
        });
        bots.set(seats, bot);
      }
      return bot.decide(context);
    },
  };
}
