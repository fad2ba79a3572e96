// Bot evaluation: the reasoner against three random bots in four-player games, its seat rotating.
import { createRng, forkRng, playout, wilson, type Bot, type Proportion } from "@grimoire/engine";
import { optionsSchema } from "./state.ts";
import { abracadawhatGame } from "./index.ts";

export function evaluateReasoner(games: number, seed: number, options: unknown = {}): Proportion {
  const parsed = optionsSchema.parse(options);
  const botRng = createRng(seed * 31 + 7);
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const reasonerSeat = g % 4;
    const seats = Array.from({ length: 4 }, (_, s) => (s === reasonerSeat ? abracadawhatGame.bots.reasoner! : abracadawhatGame.bots.random!).create() as Bot<unknown, unknown>);
    const state = abracadawhatGame.setup({ seats: 4, options: parsed, seed: seed * 100_003 + g });
    playout(abracadawhatGame, state, seats, forkRng(botRng));
    if (abracadawhatGame.outcome(state)!.winners.includes(reasonerSeat)) wins++;
  }
  return wilson(wins, games);
}
