// `grimoire start` (what `npm start` runs) boots startFromEnv from the environment: PORT,
// DATA_DIR; SIGTERM stops it cleanly.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../../bin/grimoire.js", import.meta.url));

describe("startFromEnv", () => {
  it("serves the API on PORT with its SQLite file under DATA_DIR, and stops on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "grimoire-start-"));
    const child = spawn(process.execPath, [bin, "start"], { env: { ...process.env, PORT: "0", DATA_DIR: dataDir, SERVE_WEB: "0", HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "pipe"] });
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    const games = (await (await fetch(`http://127.0.0.1:${port}/api/games`)).json()) as { games: { id: string }[] };
    expect(games.games.map((g) => g.id)).toContain("abracadawhat");
    expect(existsSync(join(dataDir, "grimoire.sqlite"))).toBe(true);
    const code = await new Promise<number | null>((resolve) => {
      child.once("exit", (c) => resolve(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});

describe("DATA_DIR errors", () => {
  async function startWith(dataDir: string): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [bin, "start"], { env: { ...process.env, PORT: "0", DATA_DIR: dataDir, SERVE_WEB: "0", HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    return { code, stderr };
  }

  it("a directory that cannot be created, or a database that cannot be opened: one line naming DATA_DIR and the cause, exit 1", async () => {
    const root = mkdtempSync(join(tmpdir(), "grimoire-datadir-"));
    // A path under a regular file can never be a directory (even for root, unlike chmod).
    writeFileSync(join(root, "file"), "");
    const underFile = join(root, "file", "data");
    const missing = await startWith(underFile);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toContain(`data directory ${underFile} (DATA_DIR) cannot be created`);
    expect(missing.stderr).toMatch(/ENOTDIR|EEXIST/);

    // The database file's place is taken by a directory: SQLite cannot open it.
    const taken = join(root, "taken");
    mkdirSync(join(taken, "grimoire.sqlite"), { recursive: true });
    const unopenable = await startWith(taken);
    expect(unopenable.code).not.toBe(0);
    expect(unopenable.stderr.trim().split("\n")).toHaveLength(1);
    expect(unopenable.stderr).toContain(`data directory ${taken} (DATA_DIR): cannot open ${join(taken, "grimoire.sqlite")}`);
    rmSync(root, { recursive: true, force: true });
  }, 60_000);
});

describe("several processes from the environment", () => {
  async function startWith(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), "grimoire-redis-"));
    const child = spawn(process.execPath, [bin, "start"], { env: { ...process.env, PORT: "0", DATA_DIR: dataDir, SERVE_WEB: "0", HOST: "127.0.0.1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    rmSync(dataDir, { recursive: true, force: true });
    return { code, stderr };
  }

  it("REDIS_URL without a PostgreSQL DATABASE_URL, or a LEASE_MS that is not a number of milliseconds: refused at start, exit 1", async () => {
    const sqlite = await startWith({ REDIS_URL: "redis://127.0.0.1:6379", DATABASE_URL: "" });
    expect(sqlite.code).not.toBe(0);
    expect(sqlite.stderr).toContain("REDIS_URL (several processes) needs DATABASE_URL pointing at PostgreSQL");
    const lease = await startWith({ REDIS_URL: "redis://127.0.0.1:6379", LEASE_MS: "soon" });
    expect(lease.code).not.toBe(0);
    expect(lease.stderr).toContain('LEASE_MS must be a whole number of milliseconds, at least 300, got "soon"');
  }, 60_000);
});
