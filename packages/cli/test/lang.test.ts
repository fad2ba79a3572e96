// The CLI in French and English, in-process with the engine's test fixture: the language from
// --lang or the environment, the CLI's own catalogue (every key in both languages, with the same
// parameters; every key the code uses), and each command's lines in French.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Outcome } from "@grimoire/engine";
import { checkCatalogues } from "@grimoire/engine/text-check";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";
import { outcomeText } from "../src/context.ts";
import { CLI_TEXT, languageFromEnv, wordsFor } from "../src/text/index.ts";
import { runCli } from "./support/harness.ts";
import { telltales } from "./support/telltales.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-lang-"));
const ones = "1\n".repeat(40);

describe("the language", () => {
  it("comes from LC_ALL, then LC_MESSAGES, then LANG; fr… is French, anything else English", () => {
    expect(languageFromEnv({ LANG: "fr_FR.UTF-8" })).toBe("fr");
    expect(languageFromEnv({ LANG: "fr" })).toBe("fr");
    expect(languageFromEnv({ LANG: "fr_CA" })).toBe("fr");
    expect(languageFromEnv({ LANG: "en_GB.UTF-8" })).toBe("en");
    expect(languageFromEnv({ LANG: "C.UTF-8" })).toBe("en");
    expect(languageFromEnv({ LANG: "de_DE.UTF-8" })).toBe("en");
    expect(languageFromEnv({ LANG: "fy_NL" })).toBe("en");
    expect(languageFromEnv({})).toBe("en");
    expect(languageFromEnv({ LC_ALL: "en_US.UTF-8", LC_MESSAGES: "fr_FR", LANG: "fr_FR" })).toBe("en");
    expect(languageFromEnv({ LC_ALL: "fr_BE.UTF-8", LANG: "en_US" })).toBe("fr");
    expect(languageFromEnv({ LC_MESSAGES: "fr_FR", LANG: "en_US" })).toBe("fr");
    expect(languageFromEnv({ LC_MESSAGES: "C", LANG: "fr_FR" })).toBe("en");
    // An empty variable is unset.
    expect(languageFromEnv({ LC_ALL: "", LC_MESSAGES: "", LANG: "fr_FR.UTF-8" })).toBe("fr");
  });

  it("is --lang on any command, before or after it, over the environment's", async () => {
    const before = await runCli(["--lang", "fr", "games"]);
    const after = await runCli(["games", "--lang", "fr"], "", { lang: "en" });
    expect(before.stdout).toContain("bidding — Enchères scellées, de 2 à 4 joueurs");
    expect(after.stdout).toBe(before.stdout);
    expect((await runCli(["games", "--lang", "en"], "", { lang: "fr" })).stdout).toContain("bidding — Sealed Bids, 2–4 players");
    expect((await runCli(["games"], "", { lang: "fr" })).stdout).toContain("Enchères scellées");
  });

  it("refuses a language it does not speak, in one line", async () => {
    const { code, stderr } = await runCli(["play", "bidding", "--lang", "de"], ones);
    expect(code).toBe(1);
    expect(stderr).toBe('grimoire: --lang: expected one of en, fr, got "de"\n');
  });
});

describe("the telltale check", () => {
  it("finds the English words, whole, in any case, and not French words that contain them", () => {
    expect(telltales("Seat 2 draws; YOU play, then point at a card")).toEqual(["Seat", "draws", "play", "point at", "you"]);
    expect(telltales("Votre tour, vous jouez ; le tournoi ; replays ; rolls-royce")).toEqual(["rolls"]);
    expect(telltales("Vous piochez, à Merlin de jouer, Défausser, Pointer la Citrouille")).toEqual([]);
  });
});

describe("the CLI's catalogue", () => {
  it("has every key in both languages with the same parameters, all under cli.", () => {
    expect(checkCatalogues("cli", CLI_TEXT)).toEqual([]);
    for (const lang of LANGUAGES) for (const key of Object.keys(CLI_TEXT[lang])) expect(key).toMatch(/^cli\./);
  });

  it("has every key the code uses", () => {
    const src = fileURLToPath(new URL("../src/", import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.startsWith("text"));
    const used = new Set(files.flatMap((file) => [...readFileSync(join(src, file), "utf8").matchAll(/"(cli\.[\w.-]+)"/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) expect(Object.keys(CLI_TEXT.en), key).toContain(key);
    // Keys built from an action error's code.
    for (const code of ["game-over", "not-your-turn", "malformed-action", "illegal-action"]) expect(Object.keys(CLI_TEXT.en)).toContain(`cli.refused.${code}`);
  });

  it("writes French as French: typographic apostrophe, no “(s)” plurals", () => {
    for (const [key, text] of Object.entries(CLI_TEXT.fr)) {
      expect(text, key).not.toContain("'");
      expect(text, key).not.toContain("(s)");
    }
  });
});

describe("the outcome line", () => {
  const names = [null, "Merlin", "Morgane"];
  const line = (lang: "en" | "fr", outcome: Outcome) => outcomeText(wordsFor(lang, biddingGame, { names, me: 0 }), outcome);
  it("agrees its verb with the winners, the reader among them or not", () => {
    const shared = { winners: [0, 1], scores: [7, 7, 2], draw: false };
    expect(line("fr", shared)).toBe("Partie terminée : vous et Merlin gagnez ensemble. Scores : vous 7, Merlin 7 et Morgane 2.");
    expect(line("en", shared)).toBe("Game over: you and Merlin win together. Scores: you 7, Merlin 7, and Morgane 2.");
    expect(line("fr", { ...shared, winners: [1, 2] })).toBe("Partie terminée : Merlin et Morgane gagnent ensemble. Scores : vous 7, Merlin 7 et Morgane 2.");
    expect(line("fr", { winners: [0], scores: [1234, 0, 2], draw: false })).toBe("Partie terminée : vous gagnez. Scores : vous 1\u202f234, Merlin 0 et Morgane 2.");
    expect(line("en", { winners: [2], scores: [1, 0, 2], draw: false })).toBe("Game over: Morgane wins. Scores: you 1, Merlin 0, and Morgane 2.");
    expect(line("fr", { winners: [], scores: [3, 3, 3], draw: true })).toBe("Partie terminée : égalité. Scores : vous 3, Merlin 3 et Morgane 3.");
  });
});

describe("grimoire … --lang fr", () => {
  it("plays in French: the game's words, the CLI's, players by name, no English", async () => {
    const { code, stdout, stderr } = await runCli(["play", "bidding", "--players", "3", "--seed", "5", "--lang", "fr"], ones);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("Enchères scellées : 3 joueurs, graine 5 (rejouez cette donne avec --seed 5).");
    expect(stdout).toContain("À la table, dans l’ordre du jeu : vous, Merlin (moyen) et Morgane (moyen).");
    expect(stdout).toContain("Tapez le numéro de votre choix, ou q pour quitter.");
    expect(stdout).toContain("Misez une carte de votre main, en secret\n  1. Miser ");
    expect(stdout).toMatch(/Votre choix \(1–\d\) : 1\n/);
    expect(stdout).toMatch(/Votre main : \d et \d/);
    expect(stdout).toMatch(/Partie terminée : .*\. Scores : vous \d+, Merlin \d+ et Morgane \d+\./);
    expect(telltales(stdout)).toEqual([]);
  });

  it("filters the menu by the French labels, accents aside, and words refusals in French", async () => {
    const card = biddingGame.setup({ seats: 2, options: { hand: 2 }, seed: 3 }).hands[0]![1]!;
    const { code, stdout } = await runCli(["play", "bidding", "--seed", "3", "--lang", "fr"], `9\nmiser ${card}\nbonjour\n{oops\n{"type":"bid","card":99}\nquitter\n`);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`miser ${card}\\n {2}\\d\\. Miser ${card}\\n`));
    expect(stdout).toContain("Choisissez un nombre de 1 à 2.");
    expect(stdout).toContain("Tapez un nombre de 1 à 2, des mots pour filtrer, ou q pour quitter.");
    expect(stdout).toContain("Refusé : ce n’est pas du JSON valide.");
    expect(stdout).toContain("Refusé : cette action n’est pas permise maintenant.");
    expect(stdout).toContain("Vous avez quitté la partie.");
    const accents = await runCli(["play", "bidding", "--seed", "3", "--lang", "fr"], `MISÉR ${card}\nq\n`);
    expect(accents.stdout).toMatch(new RegExp(`MISÉR ${card}\\n {2}\\d\\. Miser ${card}\\n`));
  });

  it("lists the games with their French titles, options, values and bots", async () => {
    const { stdout } = await runCli(["games", "--lang", "fr"]);
    expect(stdout).toContain("bidding — Enchères scellées, de 2 à 4 joueurs");
    expect(stdout).toContain("--option hand=2|1|3 — Main : cartes distribuées à chaque place, et donc nombre de manches");
    expect(stdout).toContain("      2 : deux cartes (par défaut)\n      1 : une carte\n      3 : trois cartes\n");
    expect(stdout).toContain("greedy — mise sa plus forte carte, garde la plus forte");
    expect(stdout).toContain("niveaux : facile = random, moyen = greedy, difficile = greedy");
    const json = JSON.parse((await runCli(["games", "--json", "--lang", "fr"])).stdout);
    expect(json[0]).toMatchObject({ id: "bidding", title: "Enchères scellées", bots: { random: "coups légaux au hasard" } });
    expect(json[0].options[0]).toMatchObject({ name: "hand", label: "Main", values: [{ value: "2", label: "deux cartes" }, { value: "1", label: "une carte" }, { value: "3", label: "trois cartes" }] });
    expect((await runCli(["games", "--lang", "fr"], "", { games: [] })).stdout).toBe("Aucun jeu n’est encore enregistré (packages/catalog/src/index.ts).\n");
  });

  it("replays in French, with the record's names and “vous” for --as", async () => {
    const file = join(dir, "named.json");
    writeFileSync(
      file,
      JSON.stringify({
        game: "bidding",
        title: "Une première manche",
        seats: ["Anne", "Bruno"],
        seed: 7,
        arrangement: { deck: [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1] },
        actions: [
          { seat: 0, action: { type: "bid", card: 6 } },
          { seat: 1, action: { type: "bid", card: 4 } },
          { seat: 0, action: { type: "claim", card: 4 } },
        ],
      }),
    );
    const all = await runCli(["replay", file, "--lang", "fr"]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain("Enchères scellées — Une première manche : 2 joueurs, graine 7.\n  Main : deux cartes\n");
    expect(all.stdout).toContain("Toutes les actions, et les événements tels qu’un spectateur les a vus.");
    expect(all.stdout).toContain("#1 Anne : miser 6");
    expect(all.stdout).toContain("Mises révélées : 6 et 4 ; Anne gagne la manche");
    expect(all.stdout).toContain("#3 Anne : garder 4");
    expect(all.stdout).toContain("Après 3 actions, on attend Anne et Bruno : misez une carte de votre main, en secret");
    const bruno = await runCli(["replay", file, "--as", "2", "--lang", "fr"]);
    expect(bruno.stdout).toContain("Ce qu’a vu Bruno (« vous » ci-dessous).");
    expect(bruno.stdout).toContain("#2 vous : miser 4");
    expect(bruno.stdout).toContain("Votre main : 3 et 4");
    expect(telltales(all.stdout + bruno.stdout)).toEqual([]);
    // A record without names: "Place n".
    const played = join(dir, "played.json");
    await runCli(["play", "bidding", "--seed", "8", "--record", played, "--lang", "fr"], ones);
    const unnamed = await runCli(["replay", played, "--lang", "fr"]);
    expect(unnamed.stdout).toMatch(/#1 Place 1 : miser \d/);
    expect(unnamed.stdout).toMatch(/Partie terminée : (Place \d gagne|égalité)\. Scores : Place 1 \d+ et Place 2 \d+\./);
  });

  it("simulates and runs tournaments with French tables and numbers", async () => {
    const simulated = await runCli(["simulate", "--game", "bidding", "--players", "3", "--games", "50", "--seed", "4", "--lang", "fr"]);
    expect(simulated.stdout).toContain("Enchères scellées : 50 parties, 3 joueurs, graines 4…53");
    expect(simulated.stdout).toContain("place  robot   victoires  taux [intervalle à 95 %]");
    expect(simulated.stdout).toMatch(/^1 +random +\d+ +\d+,\d % \[\d+,\d ; \d+,\d\]$/m);
    expect(simulated.stdout).toMatch(/^égalités : \d+ \(/m);
    expect(simulated.stdout).toMatch(/^durée : \d+,\d actions en moyenne \(6–8\)$/m);
    const tournament = await runCli(["tournament", "--game", "bidding", "--bots", "easy,medium", "--games", "4", "--lang", "fr"]);
    expect(tournament.stdout).toContain("Enchères scellées : tournoi toutes rondes, 4 parties par paire");
    expect(tournament.stdout).toContain("ms/décision (max)");
    expect(tournament.stdout).toMatch(/easy contre medium : \d+–\d+–\d+, \d+,\d %/);
  });

  it("verifies a record in French", async () => {
    // A finished record as the server writes it: hex seed, its hash, actions, events hash, outcome.
    const seed = "0123456789abcdef0123456789abcdef";
    const state = biddingGame.setup({ seats: 2, options: { hand: 1 }, seed });
    const actions: { seat: number; action: unknown }[] = [];
    const events: unknown[][] = [];
    for (let decision = biddingGame.decision(state); decision.type !== "over"; decision = biddingGame.decision(state)) {
      const seat = decision.type === "turn" ? decision.seat : decision.seats[0]!;
      const action = biddingGame.legalActions(state, seat)[0]!;
      actions.push({ seat, action });
      events.push(biddingGame.apply(state, seat, action));
    }
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const { winners, scores, draw } = biddingGame.outcome(state)!;
    const record = { game: "bidding", seats: 2, options: { hand: 1 }, seed, actions, seedHash: sha(seed), eventsHash: sha(JSON.stringify(events)), outcome: { winners, scores, draw } };
    const file = join(dir, "record.json");
    writeFileSync(file, JSON.stringify(record));
    const ok = await runCli(["verify", file, "--lang", "fr"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("ok : l’empreinte de la graine est celle annoncée au début");
    expect(ok.stdout).toMatch(/ok : les \d actions sont toutes permises quand on rejoue la partie depuis la graine/);
    expect(ok.stdout).toContain(`${file} : vérifié`);
    writeFileSync(file, JSON.stringify({ ...record, outcome: { winners: [], scores: [0, 0], draw: true } }));
    const bad = await runCli(["verify", file, "--lang", "fr"]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("DIVERGENCE : le résultat de la partie rejouée");
    expect(bad.stderr).toBe(`grimoire: ${file} : la vérification a ÉCHOUÉ\n`);
  });

  it("words errors in French", async () => {
    const cases: [string[], string][] = [
      [["play", "chess"], "grimoire: jeu inconnu « chess » (jeux : bidding)"],
      [["play", "bidding", "--players", "9"], "grimoire: --players : Enchères scellées se joue de 2 à 4 joueurs, et non 9"],
      [["play", "bidding", "--seat", "3"], "grimoire: --seat : de 1 à 2 attendu, et non 3"],
      [["play", "bidding", "--bots", "genius"], "grimoire: robot inconnu « genius » pour bidding (robots : random, greedy, easy, medium, hard)"],
      [["play", "bidding", "--seed", "1"], "grimoire: l’entrée s’est terminée avant la partie"],
      [["replay", join(dir, "missing.json")], `grimoire: impossible de lire ${join(dir, "missing.json")} : ENOENT`],
    ];
    for (const [args, line] of cases) {
      const { code, stderr } = await runCli([...args, "--lang", "fr"], args[0] === "play" && args.length === 4 ? "1\n" : "");
      expect(code, args.join(" ")).toBe(1);
      expect(stderr).toBe(`${line}\n`);
    }
  });
});
