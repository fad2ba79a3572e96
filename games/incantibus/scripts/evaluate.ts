// Greedy vs random: one greedy seat (rotating) against random seats; prints Wilson 95 % intervals.
// Usage: npx tsx games/incantibus/scripts/evaluate.ts [games per count] [mode]
import os from "node:os";
import { createRng, formatProportion, playout, randomBot, wilson, type Bot } from "@grimoire/engine";
import { greedyBot, incantibusGame as game } from "../src/index.ts";

export function greedyWins(seats: number, games: number, mode: "apprentice" | "expert", seed = 1): number {
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const greedySeat = g % seats;
    const bots = Array.from({ length: seats }, (_, s) => (s === greedySeat ? greedyBot() : randomBot())) as Bot<unknown, unknown>[];
    const state = game.setup({ seats, options: { mode }, seed: seed + g });
    playout(game, state, bots, createRng(seed * 31 + g));
    if (game.outcome(state)!.winners.includes(greedySeat)) wins++;
  }
  return wins;
}

if (process.argv[1]?.endsWith("evaluate.ts")) {
  const games = Number(process.argv[2] ?? 1000);
  const mode = (process.argv[3] ?? "apprentice") as "apprentice" | "expert";
  console.log(`${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${games} games per count, ${mode}`);
  for (const seats of [2, 3, 4]) {
    const t0 = performance.now();
    const wins = greedyWins(seats, games, mode);
    console.log(`${seats} players: greedy wins ${formatProportion(wilson(wins, games))} (random baseline ${(100 / seats).toFixed(1)} %), ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}
