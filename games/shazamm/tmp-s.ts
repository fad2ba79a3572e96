import { exploitability, equilibriumPolicy, randomPolicy } from "./src/bots/solver.ts";
const t0 = performance.now();
console.log("eq", exploitability(equilibriumPolicy), performance.now() - t0);
console.log("random", exploitability(randomPolicy));
