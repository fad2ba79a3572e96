// `grimoire start` (what `npm start` runs) boots startFromEnv from the environment: PORT,
// DATA_DIR; SIGTERM stops it cleanly.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
