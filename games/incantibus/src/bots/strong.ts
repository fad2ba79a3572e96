// "strong": information-set MCTS from the engine, its rollouts played by the greedy bot
// (with some random moves), on determinizations from the game's resample. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot } from "@grimoire/engine";
import { greedyBot } from "../bots.ts";
import type { Action, View } from "../types.ts";

export function strongBot(game: AnyGame, iterations = 300): Bot<View, Action> {
  return ismctsBot<unknown, Action, View>(game, {
    name: "strong",
    iterations,
    rollout: botRollout(game, greedyBot() as Bot<unknown, Action>, 0.25),
  });
}
