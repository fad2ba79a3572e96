// Bots for the levels around the heuristic bot.
// - "search": information-set MCTS from the engine, its rollouts played by the heuristic bot,
//   on determinizations from the game's resample. In this dice-heavy game a few hundred
//   iterations still lose to the heuristic itself (docs/bots.md), so it is offered, not a level.
// - "steady": the heuristic bot with a random move one time in three: the medium level, between
//   random (easy) and the heuristic (hard).
// Both see only their view.
import { botRollout, ismctsBot, pick, randomFloat, type AnyGame, type Bot } from "@grimoire/engine";
import { heuristicBot } from "../bots.ts";
import type { EmmerlausView } from "../view.ts";
import type { Action } from "../vocabulary.ts";

export function strongBot(game: AnyGame, iterations = 200): Bot<EmmerlausView, Action> {
  return ismctsBot<unknown, Action, EmmerlausView>(game, {
    name: "search",
    iterations,
    rollout: botRollout(game, heuristicBot() as Bot<unknown, Action>, 0),
  });
}

export function steadyBot(noise = 1 / 3): Bot<EmmerlausView, Action> {
  const heuristic = heuristicBot();
  return {
    name: "steady",
    decide: (context) => (randomFloat(context.rng) < noise ? pick(context.rng, context.legal) : heuristic.decide(context)),
  };
}
