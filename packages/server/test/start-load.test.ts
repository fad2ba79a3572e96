// What a single process loads at start (the server's module, as `grimoire start` and every child
// server of the crash tests import it): not openskill (155 modules, loaded on a rated match's end
// or a rated puzzle attempt) and not Redis's client (loaded only with REDIS_URL). Each of them
// cost a start 0.1–0.3 s, paid by every crash point of the crash-at-every-write tests.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The CommonJS modules loaded by importing the server's module in a fresh process, by package. */
function loadedAtStart(): Map<string, number> {
  const index = fileURLToPath(new URL("../src/index.ts", import.meta.url));
  const probe = `await import(${JSON.stringify(index)}); const { createRequire } = await import("node:module"); console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", probe], { encoding: "utf8", cwd: fileURLToPath(new URL(".", import.meta.url)) });
  expect(run.status, run.stderr).toBe(0);
  const files = JSON.parse(run.stdout.trim().split("\n").pop()!) as string[];
  const packages = new Map<string, number>();
  for (const file of files) {
    const name = /[/]node_modules[/]((?:@[^/]+[/])?[^/]+)[/]/.exec(file)?.[1];
    if (name) packages.set(name, (packages.get(name) ?? 0) + 1);
  }
  return packages;
}

describe("a single process's start", () => {
  it("loads the server's own dependencies, but not openskill's or Redis's", () => {
    const packages = loadedAtStart();
    // Loaded at start, as a check that the probe sees CommonJS modules at all.
    expect(packages.get("fastify")).toBeGreaterThan(10);
    expect(packages.get("better-sqlite3")).toBeGreaterThan(0);
    // openskill loads as an ES module (not listed); its @stdlib dependencies, which nothing else
    // uses, are CommonJS: listed when it is loaded.
    const unwanted = [...packages.keys()].filter((name) => name === "openskill" || name.startsWith("@stdlib/") || name === "ioredis");
    expect(unwanted).toEqual([]);
  });
});
