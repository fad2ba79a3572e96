// Rounds per second of uniformly random four-player games on one core (legalActions + apply).
// Usage: npx tsx games/abracadawhat/scripts/bench.ts [seconds=5] [seats=4]
import { createRng, randomInt } from "@grimoire/engine";
import { abracadawhatGame as game } from "../src/index.ts";

const seconds = Number(process.argv[2] ?? 5);
const seats = Number(process.argv[3] ?? 4);
const options = game.optionsSchema.parse({});
const rng = createRng(12345);
let rounds = 0;
let actions = 0;
let games = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (let g = 0; g < 20; g++) {
    const state = game.setup({ seats, options, seed: games++ });
    for (;;) {
      const decision = game.decision(state);
      if (decision.type !== "turn") break;
      const legal = game.legalActions(state, decision.seat);
      game.apply(state, decision.seat, legal[randomInt(rng, 0, legal.length - 1)]!);
      actions++;
    }
    rounds += state.round;
  }
}
const elapsed = (performance.now() - start) / 1000;
console.log(`${seats} players: ${games} games, ${rounds} rounds, ${actions} actions in ${elapsed.toFixed(1)} s`);
console.log(`${Math.round(rounds / elapsed)} rounds/s, ${Math.round(actions / elapsed)} actions/s, node ${process.version}`);
