// `grimoire simulate`: bot-against-bot games from fixed seeds, with wins per seat and their
// Wilson 95 % intervals, draws and the average length. Game k is dealt from seed S + k.
// The table's words and numbers are in the reader's language; --json is for programs.
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { createRng, msg, playout, wilson, type AnyGame, type Language, type Proportion } from "@grimoire/engine";
import { wordsFor, type Words } from "../text/index.ts";
import { CliError, defaultContext, parseBots, parseCount, parseOptions, parseSeats, print, requireGame, type CliContext } from "../context.ts";

export interface SimulationSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly seed: number;
  readonly options: unknown;
  readonly bots: readonly string[];
  readonly wins: readonly (Proportion & { readonly seat: number; readonly bot: string })[];
  readonly draws: Proportion;
  readonly averageActions: number;
  readonly minActions: number;
  readonly maxActions: number;
}

export interface SimulationSetup {
  readonly game: AnyGame;
  readonly players: number;
  readonly games: number;
  readonly seed: number;
  readonly options: unknown;
  readonly bots: readonly string[];
}

/** Plays the games; `onGame` is told after each one (for a progress bar). */
export function simulate(setup: SimulationSetup, makeBots: () => ReturnType<typeof parseBots>, onGame?: (done: number) => void): SimulationSummary {
  const { game, players } = setup;
  const limit = game.maxActions(players, setup.options);
  const wins = new Array<number>(players).fill(0);
  let draws = 0;
  let total = 0;
  let min = Infinity;
  let max = 0;
  for (let g = 0; g < setup.games; g++) {
    const seed = setup.seed + g;
    const state = game.setup({ seats: players, options: setup.options, seed });
    const bots = makeBots().map((b) => b.bot);
    let steps = 0;
    playout(game, state, bots, createRng(seed + 0x5eed), () => {
      if (++steps > limit) throw new CliError("cli.error.tooLong", { id: game.id, seed: String(seed), limit });
    });
    const outcome = game.outcome(state);
    if (!outcome) throw new CliError("cli.error.noOutcome", { id: game.id, seed: String(seed) });
    if (outcome.draw) draws++;
    for (const seat of outcome.winners) wins[seat]!++;
    total += steps;
    min = Math.min(min, steps);
    max = Math.max(max, steps);
    onGame?.(g + 1);
  }
  return {
    game: game.id,
    players,
    games: setup.games,
    seed: setup.seed,
    options: setup.options,
    bots: setup.bots,
    wins: wins.map((count, seat) => ({ seat, bot: setup.bots[seat]!, ...wilson(count, setup.games) })),
    draws: wilson(draws, setup.games),
    averageActions: setup.games > 0 ? total / setup.games : 0,
    minActions: setup.games > 0 ? min : 0,
    maxActions: max,
  };
}

/** A proportion and its interval, as numbers are written in the language: "52.0 % [45.1, 58.8]". */
export function proportionText(words: Words, p: Proportion): string {
  return words.phrase("cli.proportion", { rate: 100 * p.rate, low: 100 * p.low, high: 100 * p.high });
}

export function summaryText(game: AnyGame, summary: SimulationSummary, lang: Language = "en"): string {
  const words = wordsFor(lang, game);
  const [seat, bot, wins] = [words.phrase("cli.table.seat"), words.phrase("cli.table.bot"), words.phrase("cli.table.wins")];
  const width = Math.max(bot.length, ...summary.bots.map((b) => b.length));
  const lines = [
    words.line("cli.simulate.header", {
      title: msg("game.title"),
      games: summary.games,
      players: summary.players,
      first: String(summary.seed),
      last: String(summary.seed + summary.games - 1),
      options: JSON.stringify(summary.options),
    }),
    `${seat.padEnd(4)}  ${bot.padEnd(width)}  ${wins.padStart(4)}  ${words.phrase("cli.table.rate")}`,
    ...summary.wins.map((w) => `${String(w.seat + 1).padEnd(Math.max(4, seat.length))}  ${w.bot.padEnd(width)}  ${String(w.successes).padStart(Math.max(4, wins.length))}  ${proportionText(words, w)}`),
    words.phrase("cli.simulate.draws", { count: summary.draws.successes, rate: proportionText(words, summary.draws) }),
    words.phrase("cli.simulate.length", { average: summary.averageActions, min: summary.minActions, max: summary.maxActions }),
  ];
  return lines.join("\n");
}

interface SimulateFlags {
  game: string;
  players?: string;
  games: string;
  bots: string;
  seed: string;
  option: string[];
  json?: boolean;
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("simulate")
    .description("play bots against each other and report wins per seat")
    .requiredOption("--game <id>", "game id")
    .option("--players <n>", "number of players (default: the game's minimum)")
    .option("--games <k>", "number of games", "100")
    .option("--bots <names>", "one bot name for every seat, or one per seat (names, random, easy, medium, hard)", "random")
    .option("--seed <s>", "game k is dealt from seed s + k", "1")
    .option("--option <key=value>", "a game option (repeatable)", (value: string, all: string[]) => [...all, value], [])
    .option("--json", "print the summary as JSON on stdout")
    .action((flags: SimulateFlags) => {
      const game = requireGame(ctx, flags.game);
      const players = parseSeats(game, flags.players);
      const games = parseCount("--games", flags.games);
      if (!/^-?\d+$/.test(flags.seed) || !Number.isSafeInteger(Number(flags.seed))) throw new CliError("cli.error.integerSeed", { got: flags.seed });
      const options = parseOptions(game, flags.option);
      const makeBots = () => parseBots(game, flags.bots, players);
      const bots = makeBots().map((b) => b.name);
      const bar = ctx.stderr.isTTY
        ? new cliProgress.SingleBar(
            { stream: ctx.stderr as NodeJS.WritableStream, clearOnComplete: true, hideCursor: true, format: progressFormat(wordsFor(ctx.lang), "cli.progress.simulate") },
            cliProgress.Presets.shades_classic,
          )
        : null;
      bar?.start(games, 0);
      let summary: SimulationSummary;
      try {
        summary = simulate({ game, players, games, seed: Number(flags.seed), options, bots }, makeBots, (done) => bar?.update(done));
      } finally {
        bar?.stop();
      }
      print(ctx, flags.json ? JSON.stringify(summary, null, 2) : summaryText(game, summary, ctx.lang));
    });
}

/** cli-progress' format ({bar}, {value}, …) around the words of the language. */
export function progressFormat(words: Words, key: string): string {
  return `${words.phrase(key)} [{bar}] {value}/{total} ${words.phrase("cli.progress.games")}, ${words.phrase("cli.progress.eta")} {eta_formatted}`;
}
