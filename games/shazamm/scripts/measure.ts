// Head-to-head of two Shazamm! bots, seats swapped every other game, with a Wilson 95 % interval.
// Usage: node --import tsx games/shazamm/scripts/measure.ts [games=2000] [botA=zone2] [botB=random] [variant=0]
import { createRng, formatProportion, playout, wilson, type Bot } from "@grimoire/engine";
import { shazammGame } from "../src/index.ts";

export function headToHead(games: number, a: string, b: string, variant: number, seed = 1) {
  const options = shazammGame.optionsSchema.parse({ variant });
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (let g = 0; g < games; g++) {
    const aSeat = g % 2;
    const bots = [shazammGame.bots[a]!.create(), shazammGame.bots[b]!.create()] as Bot<unknown, unknown>[];
    if (aSeat === 1) bots.reverse();
    const state = shazammGame.setup({ seats: 2, options, seed: seed + g });
    playout(shazammGame, state, bots, createRng(seed * 100_003 + g));
    const outcome = shazammGame.outcome(state)!;
    if (outcome.draw) draws++;
    else if (outcome.winners[0] === aSeat) wins++;
    else losses++;
  }
  // A draw counts as half a win.
  return { wins, draws, losses, score: wilson(wins + draws / 2, games) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [games = "2000", a = "zone2", b = "random", variant = "0"] = process.argv.slice(2);
  const started = performance.now();
  const result = headToHead(Number(games), a, b, Number(variant));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${a} vs ${b}, variant ${variant}, ${games} games: ${result.wins} wins, ${result.draws} draws, ${result.losses} losses; score ${formatProportion(result.score)} (${seconds} s)`);
}
