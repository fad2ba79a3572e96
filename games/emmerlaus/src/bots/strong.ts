// "strong": information-set MCTS from the engine, its rollouts played by the heuristic bot
// (with some random moves), on determinizations from the game's resample. Sees only its view.
import { botRollout, ismctsBot, type AnyGame, type Bot } from "@grimoire/engine";
import { heuristicBot } from "../bots.ts";
import type { EmmerlausView } from "../view.ts";
import type { Action } from "../vocabulary.ts";

export function strongBot(game: AnyGame, iterations = 200): Bot<EmmerlausView, Action> {
  return ismctsBot<unknown, Action, EmmerlausView>(game, {
    name: "strong",
    iterations,
    rollout: botRollout(game, heuristicBot() as Bot<unknown, Action>, 0),
  });
}
