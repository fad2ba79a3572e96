// Medium against hard in one game, two players, default options, exactly the duplicate deals of
// `grimoire tournament --bots medium,hard --seed 1` (game g: seed 1 + ⌊g/2⌋, seats swapped on odd
// g, the playout generator of pair 0), with the hard bot's wall-clock and CPU time per decision
// (`process.cpuUsage`, process-wide: run it in a process that plays nothing else):
// `npx tsx scripts/hard-vs-medium.ts GAME FROM TO` (games FROM…TO−1; the table "Hard against
// medium, issue #18" in docs/bots.md). Prints one line of JSON.
import { findGame } from "@grimoire/catalog";
import { createRng, playout, type Bot } from "@grimoire/engine";

const game = findGame(process.argv[2] ?? "");
const from = Number(process.argv[3]);
const to = Number(process.argv[4]);
if (!game || !Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to <= from) {
  console.error("usage: npx tsx scripts/hard-vs-medium.ts GAME FROM TO");
  process.exit(2);
}
let score = 0;
let decisions = 0;
let cpu = 0;
let wall = 0;
let maxCpu = 0;
let maxWall = 0;
for (let g = from; g < to; g++) {
  const seed = 1 + Math.floor(g / 2);
  const sides = [g % 2, (g + 1) % 2]; // 0: medium, 1: hard
  const state = game.setup({ seats: 2, options: game.optionsSchema.parse({}), seed });
  const hard = game.bots[game.levels.hard]!.create() as Bot<unknown, unknown>;
  const timed: Bot<unknown, unknown> = {
    name: hard.name,
    decide(context) {
      const start = performance.now();
      const before = process.cpuUsage();
      const action = hard.decide(context);
      const used = process.cpuUsage(before);
      const ms = (used.user + used.system) / 1000;
      const elapsed = performance.now() - start;
      decisions++;
      cpu += ms;
      wall += elapsed;
      maxCpu = Math.max(maxCpu, ms);
      maxWall = Math.max(maxWall, elapsed);
      return action;
    },
  };
  const bots = sides.map((side) => (side === 0 ? (game.bots[game.levels.medium]!.create() as Bot<unknown, unknown>) : timed));
  playout(game, state, bots, createRng((1 + g) * 31));
  const outcome = game.outcome(state)!;
  const hardWon = outcome.winners.some((s) => sides[s] === 1);
  const mediumWon = outcome.winners.some((s) => sides[s] === 0);
  score += hardWon && !mediumWon ? 1 : hardWon === mediumWon ? 0.5 : 0;
}
console.log(JSON.stringify({ game: game.id, games: to - from, hardScore: score, decisions, cpuMsMean: cpu / decisions, cpuMsMax: maxCpu, wallMsMean: wall / decisions, wallMsMax: maxWall }));
