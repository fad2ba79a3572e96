// `grimoire tournament` in-process on the engine fixture, and the Elo fit.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { seatingOf } from "../src/commands/seating.ts";
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

  it("--seats rotates one seating over each deal: every bot at every seat of every deal", () => {
    const seats = ["hard", "medium", "medium", "medium"];
    const games = Array.from({ length: 8 }, (_, g) => seatingOf(5, g, seats));
    expect(games.map((d) => d.seed)).toEqual([5, 5, 5, 5, 6, 6, 6, 6]);
    expect(games.slice(0, 4).map((d) => d.names.indexOf("hard")).sort()).toEqual([0, 1, 2, 3]);
    expect(games.slice(4).map((d) => d.names.indexOf("hard")).sort()).toEqual([0, 1, 2, 3]);
    for (const d of games) expect([...d.names].sort()).toEqual([...seats].sort());
    // Two seats: the duplicate of --bots, the bots swapping seats on the same deal.
    expect([0, 1, 2, 3].map((g) => seatingOf(1, g, ["a", "b"]))).toEqual([
      { seed: 1, names: ["a", "b"] },
      { seed: 1, names: ["b", "a"] },
      { seed: 2, names: ["a", "b"] },
      { seed: 2, names: ["b", "a"] },
    ]);
  });

  it("--seats seats one bot against three, scores each bot's share of the wins against its fair share", async () => {
    const { code, stdout, stderr } = await runCli(["tournament", "--game", "bidding", "--seats", "greedy,random,random,random", "--games", "24", "--seed", "3", "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.players).toBe(4);
    expect(summary.games).toBe(24);
    const [greedy, random] = summary.bots;
    expect(greedy).toMatchObject({ bot: "greedy", seats: 1, fairShare: 0.25 });
    expect(random).toMatchObject({ bot: "random", seats: 3, fairShare: 0.75 });
    // Every game's win is shared out between the bots.
    expect(greedy.score + random.score).toBeCloseTo(24, 9);
    expect(greedy.decisions).toBeGreaterThan(0);
    expect(random.decisions).toBeGreaterThan(greedy.decisions);
    const text = await runCli(["tournament", "--game", "bidding", "--seats", "greedy,random,random", "--games", "6"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/greedy: 1 seat of 3, fair share 33\.3 %, score [\d.]+ of 6/);
  });

  it("--seats on worker threads gives the same scores as in one thread (a registered game)", async () => {
    const args = ["tournament", "--game", "incantibus", "--seats", "medium,easy,easy", "--games", "6", "--seed", "2", "--json"];
    const one = await runCli(args, "", { games });
    const two = await runCli([...args, "--workers", "2"], "", { games });
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const scores = (out: string) => JSON.parse(out).bots.map((b: { score: number }) => b.score);
    expect(scores(two.stdout)).toEqual(scores(one.stdout));
    expect(scores(one.stdout).reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(6, 9);
  });

  it("--seats rejects a seating that is not one", async () => {
    expect((await runCli(["tournament", "--game", "bidding", "--seats", "random,random"])).stderr).toMatch(/at least two different bots/);
    expect((await runCli(["tournament", "--game", "bidding", "--seats", "random,greedy,random,greedy,random"])).stderr).toMatch(/2–4 players, got 5/);
    expect((await runCli(["tournament", "--game", "bidding", "--seats", "random,greedy,random", "--players", "4"])).stderr).toMatch(/names 3 seats but --players is 4/);
    expect((await runCli(["tournament", "--game", "bidding", "--seats", "random,greedy", "--bots", "random,greedy"])).stderr).toMatch(/one or the other/);
    expect((await runCli(["tournament", "--game", "bidding", "--seats", "random,nobody"])).stderr).toMatch(/unknown bot "nobody"/);
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
