// Grimoire's threads carry their names for the operating system (thread-name.ts): an operator's
// `ps -T` or `top -H`, and `npm run bench:server`'s split of the CPU by thread, tell the SQLite
// writer and the bot workers from V8's and libuv's threads, which are all "node".
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BotPool } from "../src/bots.ts";
import { SqliteStorage } from "../src/storage.ts";
import { nameThread, THREAD_NAMES } from "../src/thread-name.ts";
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
});
