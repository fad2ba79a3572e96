// "strong": information-set MCTS from the engine, its rollouts played by the reasoner bot
// (with some random moves), on determinizations from the game's resample. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot } from "@grimoire/engine";
import type { Action } from "../state.ts";
import type { View } from "../view.ts";
import { reasonerBot } from "./reasoner.ts";

export function strongBot(game: AnyGame, iterations = 400): Bot<View, Action> {
  return ismctsBot<unknown, Action, View>(game, {
    name: "strong",
    iterations,
    rollout: botRollout(game, reasonerBot() as Bot<unknown, Action>, 0.2),
  });
}
