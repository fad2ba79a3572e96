// Records a full 3-player bot game (heuristic against two random bots) as a scenario file.
// Usage: node --import tsx games/emmerlaus/scripts/record.ts > games/emmerlaus/test/scenarios/full-game.json
import { createRng, playout, type Bot } from "@grimoire/engine";
import { emmerlausGame } from "../src/index.ts";

const seed = 21;
const state = emmerlausGame.setup({ seats: 3, options: {}, seed });
const bots = ["heuristic", "random", "random"].map((name) => emmerlausGame.bots[name]!.create()) as Bot<unknown, unknown>[];
const played = playout(emmerlausGame, state, bots, createRng(seed + 1));
const outcome = emmerlausGame.outcome(state)!;
const file = {
  game: "emmerlaus",
  title: "A full game: heuristic (Seat 1) against two random bots",
  description: `Dealt from seed ${seed}, recorded with scripts/record.ts; ${outcome.draw ? "a draw" : `Seat ${outcome.winners[0]! + 1} wins`} after ${played.length} actions.`,
  seats: ["heuristic", "random", "random"],
  options: {},
  seed,
  actions: played,
};
const lines = JSON.stringify({ ...file, actions: [] }, null, 2).replace('"actions": []', `"actions": [\n${played.map((p) => `    ${JSON.stringify(p)}`).join(",\n")}\n  ]`);
console.log(lines);
