// Every registered game through the CLI, in-process: listed, simulated, played piped to its end
// and replayed from its record. The CLI knows games only through the engine contract.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findGame, games } from "@grimoire/catalog";
import { runCli } from "./support/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-catalog-"));
const real = { games, findGame };

describe.skipIf(games.length === 0)("every registered game", () => {
  for (const game of games) {
    describe(game.id, () => {
      it("is listed by `games`", async () => {
        const { code, stdout } = await runCli(["games"], "", real);
        expect(code).toBe(0);
        expect(stdout).toContain(`${game.id} — ${game.title}, ${game.minSeats}–${game.maxSeats} players`);
      });

      it("simulates random games", async () => {
        const args = ["simulate", "--game", game.id, "--players", String(game.maxSeats), "--games", "3", "--bots", "random", "--json"];
        const { code, stdout, stderr } = await runCli(args, "", real);
        expect(stderr).toBe("");
        expect(code).toBe(0);
        const summary = JSON.parse(stdout);
        expect(summary.wins).toHaveLength(game.maxSeats);
        expect(summary.averageActions).toBeGreaterThan(0);
      });

      it("plays piped to the end, and replays the record", async () => {
        const file = join(dir, `${game.id}.json`);
        const args = ["play", game.id, "--players", String(game.minSeats), "--level", "easy", "--seed", "11", "--record", file];
        const played = await runCli(args, "1\n".repeat(5000), real);
        expect(played.stderr).toBe("");
        expect(played.code).toBe(0);
        expect(played.stdout).toContain("Game over:");
        const replayed = await runCli(["replay", file, "--as", "1"], "", real);
        expect(replayed.stderr).toBe("");
        expect(replayed.code).toBe(0);
        expect(replayed.stdout).toContain("Game over:");
      });
    });
  }
});
