// `grimoire puzzles generate` and `puzzles import`: Abraca…What? puzzles from self-play and from a
// recorded game, the same file for the same seed, in both languages; bad arguments refused in one
// line; import hands the file to the server's storage (here a stand-in that records it).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selfPlayGame } from "@grimoire/engine";
import { findGame, games } from "@grimoire/catalog";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-puzzles-"));
const real = { games, findGame };

describe("grimoire puzzles", () => {
  it("generates puzzles from self-play, the same file for the same seed, another for another seed", async () => {
    const out = join(dir, "a.json");
    const first = await runCli(["puzzles", "generate", "--game", "abracadawhat", "--self-play", "3", "--players", "3", "--seed", "5", "--out", out], "", real);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const file = JSON.parse(readFileSync(out, "utf8"));
    expect(first.stdout).toBe(`${file.puzzles.length} puzzles written to ${out}\n`);
    expect(file).toMatchObject({ format: "grimoire-puzzles", version: 1, game: "abracadawhat" });
    expect(file.puzzles.length).toBeGreaterThan(3);
    const again = await runCli(["puzzles", "generate", "--game", "abracadawhat", "--self-play", "3", "--players", "3", "--seed", "5"], "", real);
    expect(JSON.parse(again.stdout)).toEqual(file);
    const other = await runCli(["puzzles", "generate", "--game", "abracadawhat", "--self-play", "3", "--players", "3", "--seed", "6"], "", real);
    expect(JSON.parse(other.stdout).puzzles.map((p: { id: string }) => p.id)).not.toEqual(file.puzzles.map((p: { id: string }) => p.id));
    const fr = await runCli(["puzzles", "generate", "--game", "abracadawhat", "--self-play", "1", "--players", "3", "--out", join(dir, "b.json"), "--lang", "fr"], "", { ...real, lang: "fr" });
    expect(fr.stdout).toMatch(/problèmes? écrits? dans /);
  }, 120_000);

  it("generates puzzles from a recorded game, each naming its file and the action", async () => {
    const game = findGame("abracadawhat")!;
    const options = game.optionsSchema.parse({});
    const { actions } = selfPlayGame(game, 3, options, 9);
    const record = join(dir, "game.json");
    writeFileSync(record, JSON.stringify({ game: "abracadawhat", seats: ["Ada", "Bo", "Cy"], options, seed: 9, actions }));
    const { code, stdout } = await runCli(["puzzles", "generate", "--game", "abracadawhat", "--from", record, "--per-game", "2"], "", real);
    expect(code).toBe(0);
    const file = JSON.parse(stdout);
    expect(file.puzzles.length).toBeGreaterThan(0);
    expect(file.puzzles.length).toBeLessThanOrEqual(2);
    for (const p of file.puzzles) expect(p.source).toMatchObject({ kind: "record", ref: "game.json" });
  }, 60_000);

  it("refuses a missing or double source, an unknown game and a bad seed in one line", async () => {
    for (const args of [
      ["puzzles", "generate", "--game", "abracadawhat"],
      ["puzzles", "generate", "--game", "abracadawhat", "--self-play", "1", "--from", "x.json"],
      ["puzzles", "generate", "--game", "chess", "--self-play", "1"],
      ["puzzles", "generate", "--game", "abracadawhat", "--self-play", "1", "--seed", "x"],
      ["puzzles", "generate", "--game", "abracadawhat", "--self-play", "0"],
    ]) {
      const { code, stderr } = await runCli(args, "", real);
      expect(code, args.join(" ")).not.toBe(0);
      expect(stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });

  it("imports a file into the server's storage", async () => {
    const file = join(dir, "a.json");
    let given: unknown = null;
    const loadServer = async () => ({ importPuzzlesFromEnv: async (raw: unknown) => ((given = raw), { ok: true, added: 4, kept: 1 }) });
    const { code, stdout } = await runCli(["puzzles", "import", file], "", { ...real, loadServer });
    expect(code).toBe(0);
    expect(stdout).toBe("4 puzzles added, 1 already there\n");
    expect(given).toEqual(JSON.parse(readFileSync(file, "utf8")));
    const refused = await runCli(["puzzles", "import", file], "", { ...real, loadServer: async () => ({ importPuzzlesFromEnv: async () => ({ ok: false, error: "not a puzzle file" }) }) });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("not a puzzle file");
  });
});
