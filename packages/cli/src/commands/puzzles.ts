// `grimoire puzzles generate --game G (--from RECORDS… | --self-play N) [--players P] [--seed S]
// [--out FILE]`: puzzles from finished games — recorded games or server match records, or bot
// self-play — where one move is clearly best from the deciding seat's own view (the game's puzzle
// judge, packages/engine/src/puzzle.ts; margins in docs/bots.md). Written as a puzzle file (JSON)
// to FILE or stdout. `grimoire puzzles import FILE`: adds a puzzle file's puzzles to the storage
// the server uses (DATABASE_URL, else SQLite in DATA_DIR, as `grimoire start`); puzzles already
// there (same id) are left as they are.
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { loadScenario, puzzlesOfGame, selfPlayPuzzles, type Puzzle, type PuzzleJudge } from "@grimoire/engine";
import { CliError, defaultContext, parseCount, parseOptions, parseSeats, print, requireGame, type CliContext } from "../context.ts";
import { wordsFor } from "../text/index.ts";
import { readJsonFile } from "./replay.ts";

export const PUZZLE_FILE_FORMAT = "grimoire-puzzles";

export interface PuzzleFile {
  readonly format: typeof PUZZLE_FILE_FORMAT;
  readonly version: 1;
  readonly game: string;
  readonly puzzles: readonly Puzzle[];
}

function parseSeed(raw: string): number | string {
  const seed = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof seed === "number" ? !Number.isSafeInteger(seed) : !/^[0-9a-f]{32}$/i.test(seed)) throw new CliError("cli.error.seed", { got: raw });
  return seed;
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  const puzzles = program.command("puzzles").description("puzzles from finished games: generate them, import them into the server's storage");
  puzzles
    .command("generate")
    .description("positions where one move is clearly best from the seat's own view, from records or bot self-play")
    .requiredOption("--game <id>", "the game")
    .option("--from <files...>", "recorded games or match records (JSON)")
    .option("--self-play <n>", "bot self-play games (the game's medium bots)")
    .option("--players <n>", "players in self-play games (default: the game's least)")
    .option("--option <name=value...>", "game option for self-play games", [])
    .option("--per-game <n>", "at most this many puzzles from one game, clearest first", "3")
    .option("--seed <seed>", "seed of the deals and of the puzzles' own draws (default 1)", "1")
    .option("--out <file>", "write the puzzle file here instead of stdout")
    .action((flags: { game: string; from?: string[]; selfPlay?: string; players?: string; option: string[]; perGame: string; seed: string; out?: string }) => {
      const game = requireGame(ctx, flags.game);
      if ((flags.from === undefined) === (flags.selfPlay === undefined)) throw new CliError("cli.error.puzzleSource", {});
      const judge = game.puzzleJudge as PuzzleJudge<unknown, unknown> | undefined;
      if (!judge) throw new CliError("cli.error.noPuzzles", { id: game.id });
      const seed = parseSeed(flags.seed);
      const perGame = parseCount("--per-game", flags.perGame);
      const out: Puzzle[] = [];
      if (flags.selfPlay !== undefined) {
        const games = parseCount("--self-play", flags.selfPlay);
        const seats = parseSeats(game, flags.players);
        const gameOptions = parseOptions(game, flags.option);
        out.push(...selfPlayPuzzles(game, { games, seats, seed, perGame, gameOptions }));
      } else {
        const seen = new Set<string>();
        for (const file of flags.from ?? []) {
          const raw = readJsonFile(file);
          const { seedHash: _hash, outcome: _outcome, eventsHash: _events, ...envelope } = (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
          const loaded = loadScenario(raw !== null && typeof raw === "object" && !Array.isArray(raw) ? envelope : raw, ctx.findGame);
          if (!loaded.ok) throw new CliError("cli.error.file", { file, detail: loaded.error });
          const scenario = loaded.value;
          if (scenario.game.id !== game.id) throw new CliError("cli.error.file", { file, detail: `a game of ${scenario.game.id}, not ${game.id}` });
          const setup = { seats: scenario.names.length, options: scenario.options };
          const found = puzzlesOfGame(game, judge, setup, scenario.initial, scenario.actions, { kind: "record", ref: file.split("/").pop() ?? file }, { seed, perGame });
          if (!found.ok) throw new CliError("cli.error.file", { file, detail: found.error });
          for (const puzzle of found.value) if (!seen.has(puzzle.id)) (seen.add(puzzle.id), out.push(puzzle));
        }
      }
      const text = JSON.stringify({ format: PUZZLE_FILE_FORMAT, version: 1, game: game.id, puzzles: out } satisfies PuzzleFile, null, 1);
      if (flags.out === undefined) return print(ctx, text);
      writeFileSync(flags.out, `${text}\n`);
      print(ctx, wordsFor(ctx.lang).line("cli.puzzles.written", { count: out.length, file: flags.out }));
    });
  puzzles
    .command("import")
    .description("add a puzzle file's puzzles to the server's storage (DATABASE_URL, else DATA_DIR)")
    .argument("<file>", "a puzzle file from `puzzles generate`")
    .action(async (file: string) => {
      const raw = readJsonFile(file);
      let server: Record<string, unknown>;
      try {
        server = await ctx.loadServer();
      } catch (error) {
        throw new CliError("cli.error.server", { detail: (error as Error).message });
      }
      const importPuzzles = server.importPuzzlesFromEnv as (raw: unknown) => Promise<{ ok: true; added: number; kept: number } | { ok: false; error: string }>;
      const result = await importPuzzles(raw);
      if (!result.ok) throw new CliError("cli.error.file", { file, detail: result.error });
      print(ctx, wordsFor(ctx.lang).line("cli.puzzles.imported", { added: result.added, kept: result.kept }));
    });
}
