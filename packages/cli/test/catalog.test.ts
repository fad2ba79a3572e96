// Every registered game through the CLI, in-process: listed, simulated, played piped to its end
// and replayed from its record, in English and in French. The CLI knows games only through the
// engine contract; every word of a game comes from its catalogue.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findGame, games } from "@grimoire/catalog";
import { waitingSeats, type AnyGame, type Language } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";
import { runCli } from "./support/harness.ts";
import { telltales } from "./support/telltales.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-catalog-"));
const real = { games, findGame };
const SEED = 11;

/** Words the game's catalogue says at the start of a deal, in `lang`: its title and the human's first prompt. */
function openingWords(game: AnyGame, lang: Language): string[] {
  const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: SEED });
  const decision = game.decision(state);
  const words = [game.text[lang]["game.title"]!];
  if (decision.type !== "over" && waitingSeats(decision).includes(0)) words.push(formatLine(game.text, lang, decision.prompt, { me: 0 }));
  return words;
}

describe.skipIf(games.length === 0)("every registered game", () => {
  for (const game of games) {
    describe(game.id, () => {
      it("is listed by `games`, in each language", async () => {
        const { code, stdout } = await runCli(["games"], "", real);
        expect(code).toBe(0);
        const players = game.minSeats === game.maxSeats ? `${game.minSeats} players` : `${game.minSeats}–${game.maxSeats} players`;
        expect(stdout).toContain(`${game.id} — ${game.text.en["game.title"]}, ${players}`);
        const french = await runCli(["games", "--lang", "fr"], "", real);
        const joueurs = game.minSeats === game.maxSeats ? `${game.minSeats} joueurs` : `de ${game.minSeats} à ${game.maxSeats} joueurs`;
        expect(french.stdout).toContain(`${game.id} — ${game.text.fr["game.title"]}, ${joueurs}`);
        for (const option of game.optionDocs) {
          expect(french.stdout).toContain(`${game.text.fr[`option.${option.name}.label`]} : ${game.text.fr[`option.${option.name}.description`]}`);
          for (const value of option.values) expect(french.stdout).toContain(`${value} : ${game.text.fr[`option.${option.name}.value.${value}`]}`);
        }
        for (const bot of Object.keys(game.bots)) expect(french.stdout).toContain(`${bot} — ${game.text.fr[`bot.${bot}.description`]}`);
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

      it("plays piped to the end in French, with no English word, and replays the record in French", async () => {
        const file = join(dir, `${game.id}.json`);
        const args = ["play", game.id, "--players", String(game.minSeats), "--level", "easy", "--seed", String(SEED), "--record", file, "--lang", "fr"];
        const played = await runCli(args, "1\n".repeat(5000), real);
        expect(played.stderr).toBe("");
        expect(played.code).toBe(0);
        for (const words of openingWords(game, "fr")) expect(played.stdout).toContain(words);
        expect(played.stdout).toContain("À la table, dans l’ordre du jeu : vous et Merlin (facile).");
        expect(played.stdout).toMatch(/Votre choix \(1–\d+\) : /);
        expect(played.stdout).toMatch(/\nPartie terminée : .*\. Scores : vous -?\d+ et Merlin -?\d+\.\n/);
        // Players are named: no "Place n" (the name of a seat without one) either.
        expect(played.stdout).not.toMatch(/Place \d/);
        expect(telltales(played.stdout)).toEqual([]);

        const replayed = await runCli(["replay", file, "--as", "1", "--lang", "fr"], "", real);
        expect(replayed.stderr).toBe("");
        expect(replayed.code).toBe(0);
        expect(replayed.stdout).toContain(`${game.text.fr["game.title"]} : ${game.minSeats} joueurs, graine ${SEED}.`);
        expect(replayed.stdout).toContain("Ce qu’a vu Place 1 (« vous » ci-dessous).");
        expect(replayed.stdout).toMatch(/\nPartie terminée : .*\. Scores : vous -?\d+ et Place 2 -?\d+\.\n/);
        expect(telltales(replayed.stdout)).toEqual([]);
      }, 300_000);

      it("plays the same deal in English", async () => {
        const args = ["play", game.id, "--players", String(game.minSeats), "--level", "easy", "--seed", String(SEED), "--lang", "en"];
        const played = await runCli(args, "1\n".repeat(5000), real);
        expect(played.stderr).toBe("");
        expect(played.code).toBe(0);
        for (const words of openingWords(game, "en")) expect(played.stdout).toContain(words);
        expect(played.stdout).toContain("At the table, in turn order: you and Merlin (easy).");
        expect(played.stdout).toMatch(/\nGame over: .*\. Scores: you -?\d+ and Merlin -?\d+\.\n/);
        expect(played.stdout).not.toMatch(/Seat \d/);
      }, 300_000);
    });
  }
});
