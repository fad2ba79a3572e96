// Fits the logistic value model of src/bots/value.ts: heuristic self-play at 2 players, every
// turn-start state seen from both seats, labelled with the game's result for that seat.
// Usage: node --import tsx games/emmerlaus/scripts/fit-value.ts [games=3000] [seed=1]
import { createRng } from "@grimoire/engine";
import { emmerlausGame as game, heuristicBot } from "../src/index.ts";
import { FEATURES, features } from "../src/bots/value.ts";
import type { EmmerlausState } from "../src/state.ts";

export function collect(games: number, seed: number): { x: number[][]; y: number[] } {
  const bot = heuristicBot();
  const x: number[][] = [];
  const y: number[] = [];
  for (let g = 0; g < games; g++) {
    const state: EmmerlausState = game.setup({ seats: 2, options: {}, seed: seed + g });
    const rng = createRng(seed * 7919 + g);
    const samples: { f: number[]; seat: number }[] = [];
    let turn = -1;
    for (;;) {
      const d = game.decision(state);
      if (d.type === "over") break;
      if (state.turn.number !== turn && state.phase.type === "play") {
        turn = state.turn.number;
        for (const seat of [0, 1]) samples.push({ f: features(state, seat, 1 - seat), seat });
      }
      const seat = (d as { seat: number }).seat;
      const legal = game.legalActions(state, seat);
      game.apply(state, seat, legal.length === 1 ? legal[0]! : bot.decide({ view: game.view(state, seat), seat, legal, rng }));
    }
    const outcome = game.outcome(state)!;
    for (const s of samples) {
      x.push(s.f);
      y.push(outcome.draw ? 0.5 : outcome.winners[0] === s.seat ? 1 : 0);
    }
  }
  return { x, y };
}

export function fit(x: number[][], y: number[], l2 = 1e-4): number[] {
  const k = x[0]!.length;
  const w = new Array<number>(k).fill(0);
  // Newton's method (IRLS) on the mean log-loss with a little ridge.
  for (let it = 0; it < 30; it++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (let n = 0; n < x.length; n++) {
      const xi = x[n]!;
      let z = 0;
      for (let i = 0; i < k; i++) z += w[i]! * xi[i]!;
      const p = 1 / (1 + Math.exp(-z));
      const r = p - y[n]!;
      const v = p * (1 - p);
      for (let i = 0; i < k; i++) {
        grad[i]! += r * xi[i]!;
        for (let j = 0; j <= i; j++) hess[i]![j]! += v * xi[i]! * xi[j]!;
      }
    }
    for (let i = 0; i < k; i++) {
      grad[i] = grad[i]! / x.length + l2 * w[i]!;
      for (let j = 0; j <= i; j++) hess[i]![j] = hess[j]![i] = hess[i]![j]! / x.length + (i === j ? l2 : 0);
    }
    const step = solve(hess, grad);
    let change = 0;
    for (let i = 0; i < k; i++) {
      w[i]! -= step[i]!;
      change = Math.max(change, Math.abs(step[i]!));
    }
    if (change < 1e-7) break;
  }
  return w;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export function logLoss(x: number[][], y: number[], w: readonly number[]): number {
  let loss = 0;
  for (let n = 0; n < x.length; n++) {
    let z = 0;
    for (let i = 0; i < w.length; i++) z += w[i]! * x[n]![i]!;
    const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-z))));
    loss -= y[n]! * Math.log(p) + (1 - y[n]!) * Math.log(1 - p);
  }
  return loss / x.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const games = Number(process.argv[2] ?? 3000);
  const seed = Number(process.argv[3] ?? 1);
  const train = collect(games, seed);
  const test = collect(Math.round(games / 3), seed + 1_000_000);
  const w = fit(train.x, train.y);
  const base = FEATURES.map(() => 0);
  console.log(`${train.x.length} training states, ${test.x.length} test states`);
  console.log(`log-loss test: model ${logLoss(test.x, test.y, w).toFixed(4)}, constant ${logLoss(test.x, test.y, base).toFixed(4)}`);
  FEATURES.forEach((f, i) => console.log(`${f.padEnd(22)} ${w[i]!.toFixed(4)}`));
  console.log(JSON.stringify(w.map((v) => Number(v.toFixed(4)))));
}
