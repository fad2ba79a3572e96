// The benchmark's playout loop and table, on the engine's test fixture.
import { describe, expect, it } from "vitest";
import { createRng } from "@grimoire/engine";
import { benchBots, benchGame, benchTable, botBenchTable, machineLine, randomPlayout } from "../src/bench.ts";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";

describe("bench", () => {
  it("plays random games to the end, deterministically, counting rounds", () => {
    const a = randomPlayout(biddingGame, 3, { hand: 2 }, 5, createRng(1));
    const b = randomPlayout(biddingGame, 3, { hand: 2 }, 5, createRng(1));
    expect(a).toEqual(b);
    expect(a.actions).toBeGreaterThanOrEqual(6);
    expect(a.rounds).toBe(2);
  });

  it("measures rates and prints them as a table", () => {
    const row = benchGame(biddingGame, 2, 0.05);
    expect(row.playouts).toBeGreaterThan(0);
    expect(row.actions).toBeGreaterThanOrEqual(row.playouts * 4);
    expect(row.rounds).toBe(row.playouts * 2);
    const table = benchTable([row]);
    expect(table.split("\n")).toHaveLength(3);
    expect(table).toMatch(/^\| game +\| players \| playouts\/s \| actions\/s \| rounds\/s \| actions\/game \|$/m);
    expect(table).toMatch(/^\| bidding \| 2 +\| +[\d,]+ \| +[\d,]+ \| +[\d,]+ \| +\d+\.\d \|$/m);
    expect(machineLine()).toMatch(/cores \(one used\), .* Node v\d+.*, load average \d/);
  });

  it("times every decision of the hard level in self-play and tabulates them", () => {
    const row = benchBots(biddingGame, 2, 2);
    expect(row.bot).toBe(biddingGame.levels.hard);
    // Two games of two rounds, both seats bidding (a single legal action is played without asking).
    expect(row.times.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < row.times.length; i++) expect(row.times[i]).toBeLessThanOrEqual(row.times[i - 1]!);
    // One CPU time per decision, sorted the same way.
    expect(row.cpuTimes).toHaveLength(row.times.length);
    for (let i = 1; i < row.cpuTimes.length; i++) expect(row.cpuTimes[i]).toBeLessThanOrEqual(row.cpuTimes[i - 1]!);
    expect(row.level).toBe("hard");
    const table = botBenchTable([row]);
    expect(table.split("\n")).toHaveLength(3);
    expect(table).toMatch(/^\| bidding \| 2 +\| hard \(greedy\) +\| +\d+ \| +\d+\.\d \| +\d+ \| +\d+ \| +0 \| +\d+\.\d \| +\d+ \| +\d+ \| +0 \|$/m);
  });

  it("benches any level and reports its progress after every game", () => {
    const progress: { done: number; games: number; gameOver: boolean; decisions: number }[] = [];
    const row = benchBots(biddingGame, 3, 2, "easy", (p) => progress.push(p));
    expect(row.level).toBe("easy");
    expect(row.bot).toBe(biddingGame.levels.easy);
    const over = progress.filter((p) => p.gameOver);
    // The warm-up and the two measured games, each reported once it is over, decisions counting up.
    expect(over.map((p) => [p.done, p.games])).toEqual([[1, 3], [2, 3], [3, 3]]);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.decisions).toBeGreaterThanOrEqual(progress[i - 1]!.decisions);
    expect(over[2]!.decisions).toBeGreaterThanOrEqual(row.cpuTimes.length);
  });
});
