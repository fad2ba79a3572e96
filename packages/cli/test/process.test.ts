// The CLI as a child process: `node bin/grimoire.js …` (the real entry point and catalog), and
// the same program with the engine's test fixture registered for a piped game to its end.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = join(root, "bin/grimoire.js");
const fixtureCli = fileURLToPath(new URL("./support/fixture-cli.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "grimoire-process-"));

/** The environment with its locale set (English unless told): the CLI's default language comes from it. */
function localeEnv(locale: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { LC_ALL: _all, LC_MESSAGES: _messages, LANG: _lang, ...env } = process.env;
  return { ...env, LANG: "C.UTF-8", ...locale };
}

function grimoire(args: string[], input = "", locale?: Record<string, string>) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: "utf8", timeout: 120_000, env: localeEnv(locale) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function withFixture(args: string[], input = "", locale?: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", fixtureCli, ...args], { cwd: root, input, encoding: "utf8", timeout: 60_000, env: localeEnv(locale) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("node bin/grimoire.js", () => {
  it("prints help and lists the registered games", () => {
    const help = grimoire(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["games", "play", "simulate", "replay", "start"]) expect(help.stdout).toContain(command);
    const listed = grimoire(["games", "--json"]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((g: { id: string }) => g.id)).toEqual(games.map((g) => g.id));
  });

  it("fails with one line on stderr and a non-zero code", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    const unknownGame = join(dir, "unknown.json");
    writeFileSync(unknownGame, JSON.stringify({ game: "no-such-game", seats: 2 }));
    for (const [args, message] of [
      [["play", "no-such-game"], /^grimoire: unknown game "no-such-game"/],
      [["simulate", "--game", "no-such-game"], /^grimoire: unknown game "no-such-game"/],
      [["replay", join(dir, "missing.json")], /^grimoire: cannot read .*: ENOENT$/],
      [["replay", bad], /^grimoire: .*bad\.json is not valid JSON/],
      [["replay", unknownGame], /^grimoire: .*unknown\.json: game: unknown game "no-such-game"$/],
      [["no-such-command"], /^error: unknown command 'no-such-command'$/],
    ] as const) {
      const { code, stderr } = grimoire([...args]);
      expect(code, args.join(" ")).not.toBe(0);
      expect(stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(message);
    }
  });

  // Abraca…What? for four once registered (what `npm start` falls back to), else any game.
  const game = games.find((g) => g.id === "abracadawhat") ?? games[0];
  it.skipIf(!game)(`plays ${game?.id} piped to the end`, () => {
    const players = game!.id === "abracadawhat" ? 4 : game!.minSeats;
    const { code, stdout, stderr } = grimoire(["play", game!.id, "--players", String(players), "--level", "easy", "--seed", "3"], "1\n".repeat(5000));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("Game over:");
  });
});

describe("the CLI process with the test fixture", () => {
  it("plays a piped game to its end", () => {
    const { code, stdout, stderr } = withFixture(["play", "bidding", "--players", "4", "--seed", "12"], "2\n".repeat(20));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("At the table, in turn order: you, Merlin (medium), Morgane (medium), and Viviane (medium).");
    expect(stdout).toMatch(/Game over: .*\. Scores: you \d+, Merlin \d+, Morgane \d+, and Viviane \d+\./);
  });

  it("speaks the language of LC_ALL, LC_MESSAGES or LANG, unless --lang says otherwise", () => {
    const args = ["play", "bidding", "--players", "3", "--seed", "12"];
    const input = "2\n".repeat(20);
    const french = withFixture(args, input, { LANG: "fr_FR.UTF-8" });
    expect(french.stderr).toBe("");
    expect(french.stdout).toContain("Enchères scellées : 3 joueurs, graine 12");
    expect(french.stdout).toContain("À la table, dans l’ordre du jeu : vous, Merlin (moyen) et Morgane (moyen).");
    expect(french.stdout).toMatch(/Partie terminée : .*\. Scores : vous \d+, Merlin \d+ et Morgane \d+\./);
    // LC_ALL wins over LANG (the other orders, and --lang, are tested in-process: lang.test.ts).
    expect(withFixture(args, input, { LC_ALL: "en_US.UTF-8", LANG: "fr_FR.UTF-8" }).stdout).toContain("Sealed Bids: 3 players, seed 12");
    // Errors too are in the reader's language.
    expect(withFixture(["play", "bidding", "--seed", "1"], "", { LANG: "fr_FR.UTF-8" }).stderr).toBe("grimoire: l’entrée s’est terminée avant la partie\n");
  });

  it("simulates with JSON on stdout and nothing on stderr when not a terminal", () => {
    const { code, stdout, stderr } = withFixture(["simulate", "--game", "bidding", "--players", "3", "--games", "20", "--json"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(JSON.parse(stdout)).toMatchObject({ game: "bidding", players: 3, games: 20 });
  });

  it("exits non-zero when piped input ends early", () => {
    const { code, stderr } = withFixture(["play", "bidding", "--seed", "1"], "");
    expect(code).toBe(1);
    expect(stderr).toBe("grimoire: input ended before the game did\n");
  });
});
