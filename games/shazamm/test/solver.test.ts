// The bid-only round solver: matrix games, backward induction, exploitability, and the bot.
import { describe, expect, it } from "vitest";
import { createRng } from "@grimoire/engine";
import { BidSolver, exploitability, equilibriumPolicy, randomPolicy, solveMatrixGame, solverBot, type BidPolicy } from "../src/bots/solver.ts";
import { shazammGame } from "../src/index.ts";

describe("solveMatrixGame", () => {
  it("solves matching pennies, rock-paper-scissors and a saddle point", () => {
    const pennies = solveMatrixGame([
      [1, -1],
      [-1, 1],
    ]);
    expect(pennies.value).toBeCloseTo(0, 9);
    expect(pennies.row[0]).toBeCloseTo(0.5, 9);
    const rps = solveMatrixGame([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ]);
    for (const p of [...rps.row, ...rps.col]) expect(p).toBeCloseTo(1 / 3, 9);
    const saddle = solveMatrixGame([
      [3, 1],
      [2, 2],
    ]);
    expect(saddle.value).toBeCloseTo(2, 9);
    expect(saddle.row).toEqual([0, 1]);
  });

  it("finds an unbalanced mix", () => {
    // Row plays the first row 1/4 of the time; both columns then pay 1/4.
    const a = [
      [4, -2],
      [-1, 1],
    ];
    const s = solveMatrixGame(a);
    const colPayoff = (j: number) => s.row[0]! * a[0]![j]! + s.row[1]! * a[1]![j]!;
    expect(colPayoff(0)).toBeCloseTo(s.value, 9);
    expect(colPayoff(1)).toBeCloseTo(s.value, 9);
    expect(s.value).toBeCloseTo(0.25, 9);
  });
});

describe("the bid-only round", () => {
  const solver = new BidSolver();

  it("values sure outcomes", () => {
    // One tile from their wizard, 2 mana against 1: bid 2 and the wall reaches them.
    expect(solver.value(5, 2, 1)).toBeCloseTo(1, 9);
    // Symmetric start: value 0.
    expect(solver.value(3, 50, 50)).toBeCloseTo(0, 9);
    // Mirror: my value is minus the opponent's.
    expect(solver.value(2, 7, 9)).toBeCloseTo(-solver.value(4, 9, 7), 9);
    // More mana never hurts.
    expect(solver.value(3, 20, 10)).toBeGreaterThanOrEqual(solver.value(3, 10, 10));
  });

  it("gives equilibrium bids that cannot be exploited, unlike random or greedy ones", () => {
    expect(exploitability(equilibriumPolicy, 3, 20, 20, solver)).toBeLessThan(1e-9);
    expect(exploitability(randomPolicy, 3, 20, 20, solver)).toBeGreaterThan(0.5);
    const alwaysOne: BidPolicy = () => [1];
    expect(exploitability(alwaysOne, 3, 20, 20, solver)).toBeGreaterThan(0.5);
  });
});

describe("the solver bot", () => {
  it("commits a legal bid and cards from its view", () => {
    const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({}), seed: 3 });
    const legal = shazammGame.legalActions(state, 0);
    const action = solverBot().decide({ view: shazammGame.view(state, 0), seat: 0, legal, rng: createRng(1) });
    expect(shazammGame.parseAction(state, 0, action).ok).toBe(true);
  });
});
