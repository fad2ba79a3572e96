// `grimoire tournament` in-process on the engine fixture, and the Elo fit.
import { describe, expect, it } from "vitest";
import { dealOf, fitElo } from "../src/commands/tournament.ts";
import { runCli } from "./support/harness.ts";

describe("grimoire tournament", () => {
  it("plays every pair and reports Elo, intervals and time per decision", async () => {
    const { code, stdout, stderr } = await runCli(["tournament", "--game", "bidding", "--bots", "random,greedy", "--games", "30", "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.pairs).toHaveLength(1);
    const pair = summary.pairs[0];
    expect(pair.winsA + pair.winsB + pair.draws).toBe(30);
    expect(summary.ratings.map((r: { bot: string }) => r.bot)).toEqual(["random", "greedy"]);
    expect(summary.ratings[0].elo).toBe(0);
    expect(summary.ratings[1].elo).toBeGreaterThan(0);
    expect(summary.ratings[1].low).toBeLessThan(summary.ratings[1].elo);
    expect(summary.ratings[1].high).toBeGreaterThan(summary.ratings[1].elo);
    expect(summary.ratings[1].decisions).toBeGreaterThan(0);
  });

  it("prints a table and rejects bad input", async () => {
    const { code, stdout } = await runCli(["tournament", "--game", "bidding", "--bots", "easy,medium,random", "--games", "4"]);
    expect(code).toBe(0);
    expect(stdout).toContain("easy (random)");
    expect(stdout).toMatch(/easy vs medium: \d+–\d+–\d+/);
    expect((await runCli(["tournament", "--game", "bidding", "--bots", "random"])).stderr).toMatch(/at least two bots/);
    expect((await runCli(["tournament", "--game", "bidding", "--bots", "random,nobody"])).stderr).toMatch(/unknown bot "nobody"/);
  });

  it("plays every deal twice, the bots swapping seats", () => {
    const games = Array.from({ length: 6 }, (_, g) => dealOf(10, g, 2));
    expect(games.map((d) => d.seed)).toEqual([10, 10, 11, 11, 12, 12]);
    for (let k = 0; k < 6; k += 2) {
      expect(games[k]!.sides).toEqual([0, 1]);
      expect(games[k + 1]!.sides).toEqual([1, 0]);
    }
    // With more players the seats are shared out alternately, and swapped on the same deal.
    expect(dealOf(1, 0, 3).sides).toEqual([0, 1, 0]);
    expect(dealOf(1, 1, 3).sides).toEqual([1, 0, 1]);
  });

  it("fits Elo: equal scores give equal ratings, a 75 % score about 190 points", () => {
    expect(fitElo(2, [{ i: 0, j: 1, n: 1000, scoreI: 500 }]).elo[1]).toBeCloseTo(0, 5);
    const fit = fitElo(2, [{ i: 0, j: 1, n: 10000, scoreI: 2500 }]);
    expect(fit.elo[1]).toBeGreaterThan(185);
    expect(fit.elo[1]).toBeLessThan(195);
    expect(fit.half[1]).toBeGreaterThan(5);
    expect(fit.half[1]).toBeLessThan(20);
  });
});
