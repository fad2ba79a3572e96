// Memory soak: 5,000 finished matches leave memory once their subscribers go; the heap after a
// full GC comes back within 10 MB of its baseline, and a restart loads no finished match.
// Runs in a child process started with --expose-gc (test/support/soak.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./support/soak.ts", import.meta.url));

describe("soak", () => {
  it("5,000 finished matches: heap back within 10 MB of its baseline, nothing finished left in memory", async () => {
    const env = { ...process.env, ...(existsSync("/dev/shm") ? { SOAK_DIR: "/dev/shm" } : {}) };
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script, "5000"], { cwd: fileURLToPath(new URL("..", import.meta.url)), env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, err).toBe(0);
    const result = JSON.parse(out.trim().split("\n").at(-1)!) as { afterMB: number; baselineMB: number; loadedAfter: number; loadedOnRestart: number; lastRecordActions: number };
    expect(result.loadedAfter).toBe(0);
    expect(result.loadedOnRestart).toBe(0);
    // Records are read back from storage.
    expect(result.lastRecordActions).toBeGreaterThan(0);
    expect(result.afterMB - result.baselineMB).toBeLessThan(10);
  }, 600_000);
});
