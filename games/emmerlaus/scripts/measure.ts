// Head-to-head of an Emmerlaüs bot against copies of another: one seat for bot A, rotating every
// game, the others for bot B; Wilson 95 % interval on A's win rate (a draw counts as half a win).
// Usage: node --import tsx games/emmerlaus/scripts/measure.ts [games=1000] [seats=2] [botA=heuristic] [botB=random] [options JSON]
import { createRng, formatProportion, playout, wilson, type Bot } from "@grimoire/engine";
import { DEFAULT_OPTIONS, emmerlausGame, type EmmerlausOptions } from "../src/index.ts";

export function headToHead(games: number, seats: number, a: string, b: string, seed = 1, options: EmmerlausOptions = DEFAULT_OPTIONS) {
  let wins = 0;
  let draws = 0;
  for (let g = 0; g < games; g++) {
    const aSeat = g % seats;
    const bots = Array.from({ length: seats }, (_, s) => emmerlausGame.bots[s === aSeat ? a : b]!.create()) as Bot<unknown, unknown>[];
    const state = emmerlausGame.setup({ seats, options, seed: seed + g });
    playout(emmerlausGame, state, bots, createRng(seed * 100_003 + g));
    const outcome = emmerlausGame.outcome(state)!;
    if (outcome.draw) draws++;
    else if (outcome.winners[0] === aSeat) wins++;
  }
  return { wins, draws, losses: games - wins - draws, score: wilson(wins + draws / 2, games) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [games = "1000", seats = "2", a = "heuristic", b = "random", options = "{}"] = process.argv.slice(2);
  const started = performance.now();
  const r = headToHead(Number(games), Number(seats), a, b, 1, emmerlausGame.optionsSchema.parse(JSON.parse(options)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${a} vs ${b} ×${Number(seats) - 1}, ${seats} players, ${games} games: ${r.wins} wins, ${r.draws} draws, ${r.losses} losses; score ${formatProportion(r.score)} (${seconds} s)`);
}
