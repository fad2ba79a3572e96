// Bots for the levels around the greedy bot.
// - "search": information-set MCTS from the engine, its rollouts played by the greedy bot (with
//   some random moves), on determinizations from the game's resample. At 150 iterations it only
//   draws level with greedy (docs/bots.md) and is slow, so it is offered, not a level.
// - "steady": the greedy bot with a random move one time in three: the medium level, between
//   random (easy) and greedy (hard).
// Both see only their view.
import { botRollout, ismctsBot, pick, randomFloat, type AnyGame, type Bot } from "@grimoire/engine";
import { greedyBot } from "../bots.ts";
import type { Action, View } from "../types.ts";

export function strongBot(game: AnyGame, iterations = 150): Bot<View, Action> {
  return ismctsBot<unknown, Action, View>(game, {
    name: "search",
    iterations,
    rollout: botRollout(game, greedyBot() as Bot<unknown, Action>, 0.25),
  });
}

export function steadyBot(noise = 1 / 3): Bot<View, Action> {
  const greedy = greedyBot();
  return {
    name: "steady",
    decide: (context) => (randomFloat(context.rng) < noise ? pick(context.rng, context.legal) : greedy.decide(context)),
  };
}
