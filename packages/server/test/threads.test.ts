// Grimoire's threads carry their names for the operating system (threads.ts): an operator's
// `ps -T` or `top -H`, `/metrics` and `npm run bench:server`'s split of the CPU by thread tell the
// SQLite writer and the bot workers from V8's and libuv's threads, which are all "node".
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BotPool } from "../src/bots.ts";
import { SqliteStorage } from "../src/storage.ts";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";
import { nameThread, ThreadCpu, THREAD_KINDS, THREAD_NAMES } from "../src/threads.ts";
import { TEST_CATALOG } from "./support/harness.ts";
import { tableRecord } from "./support/stores.ts";

/** The names of this process's threads now, the main thread's left out. */
function threadNames(): string[] {
  return readdirSync("/proc/self/task")
    .filter((tid) => Number(tid) !== process.pid)
    .flatMap((tid) => {
      try {
        return [readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim()];
      } catch {
        return []; // ended meanwhile
      }
    });
}
const count = (name: string) => threadNames().filter((n) => n === name).length;

describe.runIf(process.platform === "linux")("thread names", () => {
  it("the SQLite writer thread is named sqlite-writer, and goes with its store", async () => {
    const before = count(THREAD_NAMES.writer);
    const dir = mkdtempSync(join(tmpdir(), "grimoire-threads-"));
    const storage = SqliteStorage.inDirectory(dir);
    try {
      await storage.migrate();
      // The writer thread starts with the first write and names itself as it loads.
      await storage.saveTable(tableRecord("t1", 1, { options: {}, seats: [], status: "open", turnSeconds: null, rated: false }));
      expect(count(THREAD_NAMES.writer)).toBe(before + 1);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
    await expect.poll(() => count(THREAD_NAMES.writer)).toBe(before);
  }, 30_000);

  it("each bot worker is named bot-worker", async () => {
    const before = count(THREAD_NAMES.bot);
    const pool = new BotPool(TEST_CATALOG, 2, 5000);
    try {
      await pool.ready();
      expect(count(THREAD_NAMES.bot)).toBe(before + 2);
    } finally {
      await pool.close();
    }
    await expect.poll(() => count(THREAD_NAMES.bot)).toBe(before);
  }, 30_000);

  it("a pool on demand starts no worker until its first decision, then its workers, once", async () => {
    const before = count(THREAD_NAMES.bot);
    const pool = new BotPool(TEST_CATALOG, 2, 5000, undefined, { onDemand: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(count(THREAD_NAMES.bot)).toBe(before);
      const state = biddingGame.setup({ seats: 2, options: { hand: 3 }, seed: 7 });
      const job = { game: "bidding", bot: "greedy", view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0) };
      const answers = await Promise.all([pool.decide(job), pool.decide(job), pool.decide(job)]);
      expect(answers.map((a) => a.source)).toEqual(["bot", "bot", "bot"]);
      expect(count(THREAD_NAMES.bot)).toBe(before + 2);
      await pool.decide(job);
      expect(count(THREAD_NAMES.bot)).toBe(before + 2);
    } finally {
      await pool.close();
    }
    await expect.poll(() => count(THREAD_NAMES.bot)).toBe(before);
  }, 30_000);

  it("a name is cut to the 15 bytes Linux keeps, on the calling thread only", () => {
    const path = "/proc/thread-self/comm";
    const own = readFileSync(path, "utf8").trim();
    try {
      nameThread("a-name-longer-than-fifteen");
      expect(readFileSync(path, "utf8").trim()).toBe("a-name-longer-t");
    } finally {
      nameThread(own);
    }
    expect(readFileSync(path, "utf8").trim()).toBe(own);
  });

  it("the CPU time by kind of thread counts the writer's and the bots' work, and only grows, past the threads' end", async () => {
    const cpu = new ThreadCpu();
    const first = cpu.read()!;
    expect(Object.keys(first).sort()).toEqual([...THREAD_KINDS].sort());
    // This test's own thread has run: its time counts (as main, or as other in a worker thread).
    expect(first.main + first.other).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), "grimoire-threads-"));
    const storage = SqliteStorage.inDirectory(dir);
    const pool = new BotPool(TEST_CATALOG, 1, 5000);
    try {
      await storage.migrate();
      for (let i = 0; i < 20; i++) await storage.saveTable(tableRecord(`t${i}`, i, { options: {}, seats: [], status: "open", turnSeconds: null, rated: false }));
      const state = biddingGame.setup({ seats: 2, options: { hand: 3 }, seed: 7 });
      for (let i = 0; i < 5; i++) await pool.decide({ game: "bidding", bot: "greedy", view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0) });
      const during = cpu.read()!;
      expect(during[THREAD_NAMES.writer]).toBeGreaterThan(first[THREAD_NAMES.writer]);
      expect(during[THREAD_NAMES.bot]).toBeGreaterThan(first[THREAD_NAMES.bot]);
    } finally {
      await pool.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const before = cpu.read()!;
    // Once their threads have ended, what was counted of them stays.
    await expect.poll(() => count(THREAD_NAMES.writer) + count(THREAD_NAMES.bot)).toBe(0);
    const after = cpu.read()!;
    for (const kind of THREAD_KINDS) expect(after[kind], kind).toBeGreaterThanOrEqual(before[kind]);
    expect(after[THREAD_NAMES.writer]).toBeGreaterThan(0);
    expect(after[THREAD_NAMES.bot]).toBeGreaterThan(0);
  }, 30_000);
});
