// `npm run bench:server` runs and reports every figure: the bench itself (bench/bench.ts) for about
// a second a phase with tiny numbers, its --json output checked for every figure as a finite
// number, on one process (SQLite) and on two (PostgreSQL + Redis); and `npm run bench:wakeups`
// (bench/wakeups.ts) with a few wake-ups of each kind. Nothing is asserted about the values: they
// measure a shared machine.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BENCH = fileURLToPath(new URL("../bench/bench.ts", import.meta.url));
const WAKEUPS = fileURLToPath(new URL("../bench/wakeups.ts", import.meta.url));
const TINY = ["--seconds", "1", "--matches", "2", "--spectators", "2", "--tables", "2", "--fanout", "5", "--idle", "20", "--clients", "1", "--json"];
const PHASE_FIGURES = ["acts", "actsPerSecond", "p50", "p99", "max", "cpuPerActMs", "mainCpuPerActMs", "writerCpuPerActMs", "botsCpuPerActMs", "otherCpuPerActMs", "clientCpuPerActMs", "machineBusy", "loopLagP99Ms", "matchesPlayed", "errors"];

/** Runs a bench script to its end: its exit code and what it printed. */
async function runScript(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const env = {
    ...process.env,
    ...(process.env.TEST_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...(process.env.TEST_REDIS_URL ? { BENCH_REDIS_URL: process.env.TEST_REDIS_URL } : {}),
  };
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, out, err };
}

/** A bench script's --json object, once it exited 0. */
async function bench(args: string[], script = BENCH): Promise<any> {
  const { code, out, err } = await runScript(script, args);
  expect(code, err).toBe(0);
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

function expectFinite(value: unknown, where: string): void {
  expect(typeof value === "number" && Number.isFinite(value), `${where}: ${String(value)}`).toBe(true);
}

function expectPhase(phase: Record<string, unknown>, where: string, grimoire = true): void {
  for (const figure of PHASE_FIGURES) expectFinite(phase[figure], `${where}.${figure}`);
  for (const figure of ["storageWritesPerAct", "storageWriteMeanMs", "writesPerCommit"]) {
    if (grimoire) expectFinite(phase[figure], `${where}.${figure}`);
    else expect(phase[figure], `${where}.${figure}`).toBeNull();
  }
  expect(phase.acts as number, `${where}: no act`).toBeGreaterThan(0);
  // Every commit holds at least one write.
  if (grimoire) expect(phase.writesPerCommit as number, `${where}.writesPerCommit`).toBeGreaterThanOrEqual(1);
  // The clients report their own CPU over their playing time: every phase has some, and the machine was busy.
  expect(phase.clientCpuPerActMs as number, `${where}.clientCpuPerActMs`).toBeGreaterThan(0);
  expect(phase.machineBusy as number, `${where}.machineBusy`).toBeGreaterThan(0);
}

describe("bench:server", () => {
  it("--help names every option", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", BENCH, "--help"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
    for (const option of ["--matches", "--spectators", "--tables", "--seconds", "--fanout", "--idle", "--clients", "--processes", "--rounds", "--placement", "--think", "--profile", "--json", "--help"]) expect(out).toContain(option);
  });

  // About 20 s on a quiet machine, most of it starting client processes; 50 s seen under a load of 18 on 2 cores.

  it("one process: every phase's acts/s, ack p50 / p99, CPU per act and loop lag, for Grimoire and the echo", async () => {
    const report = await bench(TINY);
    expect(report.servers.map((s: { server: string }) => s.server)).toEqual(["echo", "grimoire"]);
    for (const server of report.servers) {
      for (const phase of ["bot", "fanout", "hvh", "flatOut"]) expectPhase(server[phase], `${server.server}.${phase}`, server.server === "grimoire");
      expectFinite(server.rssPerConnectionKb, `${server.server}.rssPerConnectionKb`);
    }
    expectFinite(report.servers[1].rssPerMatchKb, "grimoire.rssPerMatchKb");
    // A table's set-up and close: the server's CPU per table, and how many the hvh phases set up.
    const setUp = report.servers[1].setUp;
    expect(setUp.tables, "grimoire.setUp.tables").toBeGreaterThan(0);
    for (const figure of ["cpuPerTableMs", "mainCpuPerTableMs"]) {
      expectFinite(setUp[figure], `grimoire.setUp.${figure}`);
      expect(setUp[figure], `grimoire.setUp.${figure}`).toBeGreaterThan(0);
    }
    expect(report.servers[0].setUp, "echo.setUp").toBeNull();
    for (const phase of ["hvh", "flatOut"]) expect(report.servers[1][phase].tablesSetUp, `grimoire.${phase}.tablesSetUp`).toBeGreaterThan(0);
    // The split by thread finds Grimoire's named threads: the SQLite writer commits in every play
    // phase, the bot workers think in the bot phase; the echo has neither.
    const [echo, grimoire] = report.servers;
    for (const phase of ["bot", "hvh", "flatOut"]) {
      expect(grimoire[phase].writerCpuPerActMs, `grimoire.${phase}.writerCpuPerActMs`).toBeGreaterThan(0);
      expect(echo[phase].writerCpuPerActMs + echo[phase].botsCpuPerActMs, `echo.${phase}`).toBe(0);
    }
    expect(grimoire.bot.botsCpuPerActMs, "grimoire.bot.botsCpuPerActMs").toBeGreaterThan(0);
    // One process, no Redis: nothing to publish.
    for (const server of report.servers) expect(server.hvh.changesPublished, `${server.server}.hvh.changesPublished`).toBeNull();
    expectFinite(report.hvhPercentOfEcho, "hvhPercentOfEcho");
    expectFinite(report.flatOutPercentOfEcho, "flatOutPercentOfEcho");
    expect(report.options.think).toBe(55);
    for (const target of ["hvhPercentOfEcho", "hvhAckP99Ms", "cpuPerActMs", "processesCpuRatio"]) expectFinite(report.targets[target], `targets.${target}`);
    for (const figure of ["cpus", "memoryGiB", "load"]) expectFinite(report.machine[figure], `machine.${figure}`);
  }, 300_000);

  it("--processes 2 --rounds 2 (PostgreSQL + Redis): the same figures on 1 and 2 processes, twice in turn, CPU per act against one process of the same round and the rounds' median ratio; --profile: each server's CPU profile", async () => {
    const profiles = mkdtempSync(join(tmpdir(), "grimoire-bench-profiles-"));
    const report = await bench([...TINY, "--processes", "2", "--rounds", "2", "--profile", profiles]);
    try {
      // Six server processes (one, then two, in each of two rounds): each wrote its main thread's profile (V8 names it CPU.<date>.<time>.<pid>.0.<n>.cpuprofile).
      const mains = readdirSync(profiles).filter((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
      expect(new Set(mains.map((f) => f.split(".")[3])).size).toBe(6);
      for (const file of mains) {
        const profile = JSON.parse(readFileSync(join(profiles, file), "utf8")) as { nodes: unknown[]; samples: unknown[] };
        expect(profile.nodes.length, file).toBeGreaterThan(1);
        expect(profile.samples.length, file).toBeGreaterThan(0);
      }
    } finally {
      rmSync(profiles, { recursive: true, force: true });
    }
    // --rounds 2: 1 then 2 processes, twice, each row against one process of its own round.
    expect(report.processes.map((r: { processes: number }) => r.processes)).toEqual([1, 2, 1, 2]);
    expect(report.processes.map((r: { round: number }) => r.round)).toEqual([1, 1, 2, 2]);
    for (const phase of ["bot", "hvh"]) {
      const ratios = [1, 3].map((i) => report.processes[i][phase].cpuPerActMs / report.processes[i - 1][phase].cpuPerActMs);
      expect(report.processes[1][`${phase}CpuRatio`]).toBeCloseTo(ratios[0]!, 9);
      expect(report.processes[3][`${phase}CpuRatio`]).toBeCloseTo(ratios[1]!, 9);
      // The targets take the rounds' median: of two, their mean.
      expect(report.medianRatio[phase]).toBeCloseTo((ratios[0]! + ratios[1]!) / 2, 9);
    }
    for (const row of report.processes) {
      for (const phase of ["bot", "hvh"]) {
        expectPhase(row[phase], `${row.processes} processes.${phase}`);
        // Cluster mode, even with one process: the share of the owners' changes sent on Redis.
        expectFinite(row[phase].changesPublished, `${row.processes} processes.${phase}.changesPublished`);
      }
      // PostgreSQL: no writer thread; the bots think in the bot phase.
      expect(row.bot.writerCpuPerActMs, `${row.processes} processes.bot.writerCpuPerActMs`).toBe(0);
      expect(row.bot.botsCpuPerActMs, `${row.processes} processes.bot.botsCpuPerActMs`).toBeGreaterThan(0);
      expectFinite(row.botCpuRatio, `${row.processes} processes.botCpuRatio`);
      expectFinite(row.hvhCpuRatio, `${row.processes} processes.hvhCpuRatio`);
    }
  }, 300_000);
});

describe("bench:wakeups", () => {
  it("reports the CPU of a timer's wake-up and of each kind of round trip to a worker (the SQLite writer's included), back to back and spaced, as finite numbers", async () => {
    const result = await bench(["--count", "30", "--gap", "1", "--json"], WAKEUPS);
    expect(result.count).toBe(30);
    expectFinite(result.timerWakeUs, "timerWakeUs");
    expect(result.timerWakeUs).toBeGreaterThan(0);
    for (const kind of ["messageRoundTripUs", "atomicsRoundTripUs", "inboxRoundTripUs"]) {
      expectFinite(result[kind].backToBack, `${kind}.backToBack`);
      expect(result[kind].backToBack, `${kind}.backToBack`).toBeGreaterThan(0);
      expectFinite(result[kind].spaced, `${kind}.spaced`);
      expect(result[kind].spaced, `${kind}.spaced`).toBeGreaterThanOrEqual(0);
    }
    for (const [name, figure] of Object.entries(result.raw as Record<string, Record<string, number>>)) for (const key of ["cpuUs", "userUs", "systemUs", "wallUs"]) expectFinite(figure[key], `raw.${name}.${key}`);
    // Spaced by 1 ms, each spaced wake-up takes at least that long.
    expect(result.raw.timerAlone.wallUs).toBeGreaterThanOrEqual(1000);
  }, 60_000);

  it("refuses a count or a gap that is not one", async () => {
    for (const args of [["--count", "0"], ["--count", "many"], ["--gap=-1"], ["--gap", "soon"]]) {
      const { code, err } = await runScript(WAKEUPS, args);
      expect(code, args.join(" ")).not.toBe(0);
      expect(err).toMatch(/--(count|gap) takes/);
    }
  });
});
