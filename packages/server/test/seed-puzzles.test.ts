// A new server's puzzles (issue 26): `npm start` imports each game's seed file
// (games/<id>/puzzles.json, through the catalog) into an empty store, so the puzzle page and the
// home page's daily puzzle work from the first start; a later start adds nothing, nor does a start
// on a store where a game already has puzzles; an unreadable or foreign seed file is logged and
// left out, and the server starts all the same.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { seedPuzzles } from "@grimoire/catalog/puzzles";
import { DEFAULT_CATALOG_URL } from "../src/server.ts";
import { boot, http, type TestServer } from "./support/harness.ts";

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "grimoire-seed-puzzles-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, puzzleSeeds: (id: string) => Promise<unknown>): Promise<{ server: TestServer; lines: string[] }> {
  const lines: string[] = [];
  const server = await boot({ catalogUrl: DEFAULT_CATALOG_URL, puzzleSeeds, log: (line) => lines.push(line) }, dataDir);
  return { server, lines };
}

describe("seed puzzles at start", () => {
  it("an empty store gets every game's seed puzzles, once; the daily puzzle is there at once", async () => {
    const dataDir = fresh();
    const expected = new Map<string, number>();
    for (const game of games) expected.set(game.id, ((await seedPuzzles(game.id)) as { puzzles: unknown[] }).puzzles.length);
    const first = await start(dataDir, seedPuzzles);
    for (const [id, count] of expected) {
      expect(await first.server.storage.puzzleCount(id), id).toBe(count);
      expect(first.lines).toContain(`puzzles: ${count} seed puzzles of ${id} added`);
      const daily = await http(first.server, "GET", `/api/puzzles/daily?game=${id}`);
      expect(daily.status).toBe(200);
      expect(daily.body.puzzle.game).toBe(id);
    }
    await first.server.close();
    // Started again on the same store: nothing read, nothing added.
    let asked = 0;
    const again = await start(dataDir, async (id) => {
      asked++;
      return seedPuzzles(id);
    });
    expect(asked).toBe(0);
    for (const [id, count] of expected) expect(await again.server.storage.puzzleCount(id)).toBe(count);
    expect(again.lines.filter((l) => l.startsWith("puzzles:"))).toEqual([]);
    await again.server.close();
  }, 120_000);

  it("a seed file that cannot be read, is another game's or does not check is logged and left out; the others are added", async () => {
    const dataDir = fresh();
    const [a, b, c, ...rest] = games.map((g) => g.id);
    const seeds = async (id: string): Promise<unknown> => {
      if (id === a) throw new Error("EACCES: permission denied");
      if (id === b) return seedPuzzles(c!);
      if (id === c) {
        const file = (await seedPuzzles(c!)) as { puzzles: { accepted: unknown[] }[] };
        return { ...file, puzzles: [{ ...file.puzzles[0]!, accepted: [{ forged: true }] }] };
      }
      return seedPuzzles(id);
    };
    const { server, lines } = await start(dataDir, seeds);
    expect(lines).toContain(`puzzles: the seed puzzles of ${a} cannot be read: EACCES: permission denied`);
    expect(lines).toContain(`puzzles: the seed puzzles of ${b} were left out: not a puzzle file of ${b}`);
    expect(lines.some((l) => l.startsWith(`puzzles: the seed puzzles of ${c} were left out: puzzles[0]:`))).toBe(true);
    for (const id of [a!, b!, c!]) expect(await server.storage.puzzleCount(id), id).toBe(0);
    for (const id of rest) expect(await server.storage.puzzleCount(id), id).toBeGreaterThanOrEqual(50);
    expect((await http(server, "GET", "/healthz")).status).toBe(200);
    await server.close();
  }, 120_000);
});
