// Reasoner against three random bots in four-player games, the reasoner's seat rotating.
// Usage: npx tsx games/abracadawhat/scripts/evaluate.ts [games=2000] [seed=1]
import { formatProportion } from "@grimoire/engine";
import { evaluateReasoner } from "../src/evaluate.ts";

const games = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? 1);
const start = performance.now();
const result = evaluateReasoner(games, seed);
console.log(`reasoner vs 3 random, ${games} four-player games: win rate ${formatProportion(result)} (shared wins count as wins)`);
console.log(`${((performance.now() - start) / 1000).toFixed(1)} s, node ${process.version}`);
