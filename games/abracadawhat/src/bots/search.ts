// "search": the engine's information-set MCTS, 400 iterations at 2 players (fewer beyond), the
// reasoner (quick odds, a random call one time in five) playing the rollouts to the game's end.
// Not a level: it loses to the reasoner (docs/bots.md), the reference for why "strong" is built
// on rollouts from the reasoner's move instead. Sees only its view.
import { botRollout, ismctsSearch, type AnyGame, type Bot } from "@grimoire/engine";
import type { Action, State } from "../state.ts";
import type { View } from "../view.ts";
import { quickChances } from "./probability.ts";
import { reasonerBot } from "./reasoner.ts";

export function searchBot(game: AnyGame, iterations = 400): Bot<View, Action> {
  const rollout = botRollout<State, Action>(game, reasonerBot(quickChances) as Bot<unknown, Action>, 0.2);
  return {
    name: "search",
    decide(context) {
      if (context.legal.length === 1) return context.legal[0]!;
      // Rollouts lengthen with the table: fewer iterations beyond two players.
      const budget = Math.max(40, Math.round(iterations * (2 / Math.max(2, context.view.seats)) ** 2));
      return ismctsSearch<State, Action>(game, context, { iterations: budget, rollout }).action;
    },
  };
}
