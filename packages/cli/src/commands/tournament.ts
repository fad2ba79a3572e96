// `grimoire tournament`: a round-robin between bots (names or levels) of one game, with every
// pair's score and its Wilson 95 % interval, Elo ratings fitted to all results (Bradley–Terry,
// maximum likelihood) with 95 % intervals, and the mean time per decision of each bot.
// Each pair plays `--games` games in duplicate: games 2k and 2k + 1 are dealt from the same seed
// S + k with the two bots' seats swapped (with more players, seats are shared out alternately
// and swapped). Every deal is thus played from both sides, so neither the luck of a deal nor a
// feature of the seed (the first draw of a generator seeded with n has n's parity, which decided
// the starting wands in Incantibus when seats alternated with the seed) favours one bot.
// `--seats a,b,b,b` instead seats one bot per seat and rotates that seating over each deal
// (seating.ts): one hard bot against three mediums, say.
// `--workers n` plays the pairs on n worker threads (each runs this file).
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { createRng, msg, playout, wilson, type AnyGame, type Language, type MessageParams, type Proportion } from "@grimoire/engine";
import { CliError, createBot, defaultContext, parseCount, parseOptions, parseSeats, print, requireGame, type CliContext } from "../context.ts";
import { wordsFor } from "../text/index.ts";
import { playSeating, seatingText, summarizeSeating, timed, type SeatingJob, type SeatingResult } from "./seating.ts";
import { progressFormat, proportionText } from "./simulate.ts";

export interface PairJob {
  readonly gameId: string;
  readonly a: string;
  readonly b: string;
  readonly pair: number;
  readonly players: number;
  readonly options: unknown;
  readonly seed: number;
  /** Game indices of this job within the pair. */
  readonly from: number;
  readonly to: number;
}

export interface PairResult {
  readonly pair: number;
  /** Games played, a's score (win 1, draw or shared win by both ½), and per-bot timing. */
  readonly games: number;
  readonly scoreA: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
  readonly decisions: readonly [number, number];
  readonly ms: readonly [number, number];
  readonly maxMs: readonly [number, number];
}

/** The deal of game `g` of a pair and which bot (0 or 1) sits at each seat: duplicate pairs of games. */
export function dealOf(seed: number, g: number, players: number): { seed: number; sides: number[] } {
  return { seed: seed + Math.floor(g / 2), sides: Array.from({ length: players }, (_, k) => (k + g) % 2) };
}

/** Plays games [from, to) of one pair; `onGame` after each. */
export function playPair(game: AnyGame, job: PairJob, onGame?: () => void): PairResult {
  const clocks = [
    { decisions: 0, ms: 0, maxMs: 0 },
    { decisions: 0, ms: 0, maxMs: 0 },
  ] as const;
  let scoreA = 0;
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  for (let g = job.from; g < job.to; g++) {
    // Seat k plays for a when (k + g) is even: a and b swap seats on the same deal.
    const { seed, sides } = dealOf(job.seed, g, job.players);
    const state = game.setup({ seats: job.players, options: job.options, seed });
    const bots = sides.map((side) => timed(createBot(game, side === 0 ? job.a : job.b).bot, clocks[side as 0 | 1]));
    playout(game, state, bots, createRng((job.seed + g) * 31 + job.pair));
    const outcome = game.outcome(state);
    if (!outcome) throw new CliError("cli.error.noOutcome", { id: game.id, seed: String(seed) });
    const aWon = outcome.winners.some((s) => sides[s] === 0);
    const bWon = outcome.winners.some((s) => sides[s] === 1);
    if (outcome.draw || (aWon && bWon) || (!aWon && !bWon)) {
      draws++;
      scoreA += 0.5;
    } else if (aWon) {
      winsA++;
      scoreA += 1;
    } else winsB++;
    onGame?.();
  }
  return {
    pair: job.pair,
    games: job.to - job.from,
    scoreA,
    winsA,
    winsB,
    draws,
    decisions: [clocks[0].decisions, clocks[1].decisions],
    ms: [clocks[0].ms, clocks[1].ms],
    maxMs: [clocks[0].maxMs, clocks[1].maxMs],
  };
}

export interface Rating {
  readonly bot: string;
  /** Elo relative to the first bot (0), with its 95 % interval. */
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  readonly msPerDecision: number;
  /** The longest decision. */
  readonly maxMs: number;
  readonly decisions: number;
}

export interface PairSummary {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
  /** a's score rate (draws count ½) with its Wilson 95 % interval. */
  readonly score: Proportion;
}

export interface TournamentSummary {
  readonly game: string;
  readonly players: number;
  readonly gamesPerPair: number;
  readonly seed: number;
  readonly options: unknown;
  readonly bots: readonly { name: string; resolves: string }[];
  readonly pairs: readonly PairSummary[];
  readonly ratings: readonly Rating[];
}

const ELO = 400 / Math.LN10;

/**
 * Bradley–Terry ratings by Newton's method, first rating fixed at 0, a weak prior (one drawn
 * game against the first bot) keeping ratings finite on a clean sweep; 95 % intervals from
 * the inverse observed information.
 */
export function fitElo(count: number, results: readonly { i: number; j: number; n: number; scoreI: number }[]): { elo: number[]; half: number[] } {
  const r = new Array<number>(count).fill(0);
  const data = [...results, ...Array.from({ length: count - 1 }, (_, k) => ({ i: k + 1, j: 0, n: 1, scoreI: 0.5 }))];
  let inverse: number[][] = [];
  for (let iter = 0; iter < 100; iter++) {
    const m = count - 1;
    const grad = new Array<number>(m).fill(0);
    const hess = Array.from({ length: m }, () => new Array<number>(m).fill(0));
    for (const { i, j, n, scoreI } of data) {
      const p = 1 / (1 + Math.exp(r[j]! - r[i]!));
      const g = scoreI - n * p;
      const w = n * p * (1 - p);
      if (i > 0) {
        grad[i - 1]! += g;
        hess[i - 1]![i - 1]! += w;
      }
      if (j > 0) {
        grad[j - 1]! -= g;
        hess[j - 1]![j - 1]! += w;
      }
      if (i > 0 && j > 0) {
        hess[i - 1]![j - 1]! -= w;
        hess[j - 1]![i - 1]! -= w;
      }
    }
    inverse = invert(hess);
    let step = 0;
    for (let a = 0; a < m; a++) {
      let d = 0;
      for (let b = 0; b < m; b++) d += inverse[a]![b]! * grad[b]!;
      r[a + 1]! += d;
      step = Math.max(step, Math.abs(d));
    }
    if (step < 1e-9) break;
  }
  const half = r.map((_, k) => (k === 0 ? 0 : 1.96 * Math.sqrt(Math.max(0, inverse[k - 1]?.[k - 1] ?? 0))));
  return { elo: r.map((x) => x * ELO), half: half.map((h) => h * ELO) };
}

/** Gauss–Jordan inverse of a small symmetric positive-definite matrix. */
function invert(matrix: number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]! || 1e-12;
    for (let k = 0; k < 2 * n; k++) a[col]![k]! /= p;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = a[row]![col]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) a[row]![k]! -= f * a[col]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}

export function summarize(
  game: AnyGame,
  bots: readonly string[],
  setup: { players: number; gamesPerPair: number; seed: number; options: unknown },
  pairs: readonly [number, number][],
  results: readonly PairResult[],
): TournamentSummary {
  const merged = pairs.map(() => ({ games: 0, scoreA: 0, winsA: 0, winsB: 0, draws: 0 }));
  const time = bots.map(() => ({ n: 0, ms: 0, max: 0 }));
  for (const result of results) {
    const m = merged[result.pair]!;
    m.games += result.games;
    m.scoreA += result.scoreA;
    m.winsA += result.winsA;
    m.winsB += result.winsB;
    m.draws += result.draws;
    const [i, j] = pairs[result.pair]!;
    time[i]!.n += result.decisions[0];
    time[i]!.ms += result.ms[0];
    time[i]!.max = Math.max(time[i]!.max, result.maxMs[0]);
    time[j]!.n += result.decisions[1];
    time[j]!.ms += result.ms[1];
    time[j]!.max = Math.max(time[j]!.max, result.maxMs[1]);
  }
  const fit = fitElo(
    bots.length,
    merged.map((m, k) => ({ i: pairs[k]![0], j: pairs[k]![1], n: m.games, scoreI: m.scoreA })),
  );
  return {
    game: game.id,
    players: setup.players,
    gamesPerPair: setup.gamesPerPair,
    seed: setup.seed,
    options: setup.options,
    bots: bots.map((name) => ({ name, resolves: name === "easy" || name === "medium" || name === "hard" ? game.levels[name] : name })),
    pairs: merged.map((m, k) => {
      // Wilson on the score: a draw counts as half a win (rounded trials kept whole).
      const score = wilson(m.scoreA, m.games);
      return { a: bots[pairs[k]![0]]!, b: bots[pairs[k]![1]]!, games: m.games, winsA: m.winsA, winsB: m.winsB, draws: m.draws, score };
    }),
    ratings: bots.map((bot, k) => ({
      bot,
      elo: fit.elo[k]!,
      low: fit.elo[k]! - fit.half[k]!,
      high: fit.elo[k]! + fit.half[k]!,
      msPerDecision: time[k]!.n > 0 ? time[k]!.ms / time[k]!.n : 0,
      maxMs: time[k]!.max,
      decisions: time[k]!.n,
    })),
  };
}

export function tournamentText(game: AnyGame, s: TournamentSummary, lang: Language = "en"): string {
  const words = wordsFor(lang, game);
  const names = s.bots.map((b) => (b.name === b.resolves ? b.name : `${b.name} (${b.resolves})`));
  const bot = words.phrase("cli.table.bot");
  const elo = words.phrase("cli.table.elo");
  const width = Math.max(bot.length, ...names.map((n) => n.length));
  const eloWidth = Math.max(24, elo.length);
  const lines = [
    words.line("cli.tournament.header", {
      title: msg("game.title"),
      games: s.gamesPerPair,
      players: s.players,
      first: String(s.seed),
      last: String(s.seed + Math.ceil(s.gamesPerPair / 2) - 1),
      options: JSON.stringify(s.options),
    }),
    "",
    `${bot.padEnd(width)}  ${elo.padEnd(eloWidth)}  ${words.phrase("cli.table.time")}`,
    ...s.ratings.map((r, k) => `${names[k]!.padEnd(width)}  ${`${fmt(r.elo).padStart(5)} [${fmt(r.low)}, ${fmt(r.high)}]`.padEnd(eloWidth)}  ${words.phrase("cli.tenths", { n: r.msPerDecision }).padStart(8)} (${words.phrase("cli.integer", { n: r.maxMs })})`),
    "",
    words.line("cli.tournament.pairs"),
    ...s.pairs.map((p) => words.phrase("cli.tournament.pair", { a: p.a, b: p.b, wins: p.winsA, losses: p.winsB, draws: p.draws, score: proportionText(words, p.score) })),
  ];
  return lines.join("\n");
}

const fmt = (x: number) => (Math.round(x) === 0 ? "0" : Math.round(x).toString());

interface TournamentFlags {
  game: string;
  bots: string;
  seats?: string;
  players?: string;
  games: string;
  seed: string;
  option: string[];
  workers: string;
  json?: boolean;
}

/** Runs jobs on worker threads (each loads this module through tsx and the catalog). */
function runOnWorkers<J extends PairJob | SeatingJob, R>(jobs: readonly J[], workers: number, onGame: () => void): Promise<R[]> {
  const queue = [...jobs];
  const results: R[] = [];
  const one = () =>
    new Promise<void>((resolve, reject) => {
      // A bootstrap registers tsx in the worker thread, then loads this module there.
      const tsx = import.meta.resolve("tsx/esm/api");
      const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
      const worker = new Worker(code, { eval: true, workerData: { tournamentWorker: true } });
      const next = () => {
        const job = queue.shift();
        if (job) worker.postMessage(job);
        else void worker.terminate().then(() => resolve());
      };
      worker.on("message", (message: { type: "game" } | { type: "done"; result: R } | { type: "error"; message: string; key?: string; params?: MessageParams }) => {
        if (message.type === "game") onGame();
        else if (message.type === "done") {
          results.push(message.result);
          next();
        } else reject(message.key !== undefined ? new CliError(message.key, message.params) : new CliError("cli.error.worker", { detail: message.message }));
      });
      worker.on("error", reject);
      next();
    });
  return Promise.all(Array.from({ length: Math.min(workers, jobs.length) }, one)).then(() => results);
}

if (!isMainThread && parentPort && (workerData as { tournamentWorker?: boolean } | null)?.tournamentWorker) {
  const port = parentPort;
  const ctx = defaultContext();
  port.on("message", (job: PairJob | SeatingJob) => {
    try {
      const onGame = () => port.postMessage({ type: "game" });
      const game = requireGame(ctx, job.gameId);
      const result = "kind" in job ? playSeating(game, job, onGame) : playPair(game, job, onGame);
      port.postMessage({ type: "done", result });
    } catch (error) {
      // A CliError crosses as its message key, to be worded in the reader's language.
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage(error instanceof CliError ? { type: "error", message, key: error.key, params: error.params } : { type: "error", message });
    }
  });
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("tournament")
    .description("round-robin between bots, with Elo ratings, 95 % intervals and time per decision")
    .requiredOption("--game <id>", "game id")
    .option("--bots <names>", "two or more bot names or levels, comma-separated", "easy,medium,hard")
    .option("--seats <names>", "instead of --bots: one bot name or level per seat (hard,medium,medium,medium), the seating rotated so every deal is played from every seat")
    .option("--players <n>", "number of players (default: the game's minimum)")
    .option("--games <k>", "games per pair", "40")
    .option("--seed <s>", "each pair plays seeds s, s+1, … twice, the bots swapping seats", "1")
    .option("--option <key=value>", "a game option (repeatable)", (value: string, all: string[]) => [...all, value], [])
    .option("--workers <n>", "worker threads (1: play in this thread)", "1")
    .option("--json", "print the summary as JSON on stdout")
    .action(async (flags: TournamentFlags, command: Command) => {
      const game = requireGame(ctx, flags.game);
      const gamesPerPair = parseCount("--games", flags.games);
      const workers = parseCount("--workers", flags.workers);
      if (!/^-?\d+$/.test(flags.seed) || !Number.isSafeInteger(Number(flags.seed))) throw new CliError("cli.error.integerSeed", { got: flags.seed });
      const seed = Number(flags.seed);
      if (flags.seats !== undefined) {
        if (command.getOptionValueSource("bots") === "cli") throw new CliError("cli.error.seatsAndBots");
        const seats = flags.seats.split(",").map((name) => name.trim());
        const players = parseSeats(game, String(seats.length));
        if (flags.players !== undefined && parseSeats(game, flags.players) !== players) throw new CliError("cli.error.seatsPlayers", { count: players, players: flags.players });
        if (new Set(seats).size < 2) throw new CliError("cli.error.seatsBots");
        for (const name of seats) createBot(game, name); // fails early on an unknown name
        const options = parseOptions(game, flags.option);
        await runSeating(ctx, game, { seats, games: gamesPerPair, seed, options, workers, json: flags.json === true });
        return;
      }
      const players = parseSeats(game, flags.players);
      const options = parseOptions(game, flags.option);
      const bots = flags.bots.split(",").map((name) => name.trim());
      if (bots.length < 2) throw new CliError("cli.error.twoBots");
      for (const name of bots) createBot(game, name); // fails early on an unknown name
      const pairs: [number, number][] = [];
      for (let i = 0; i < bots.length; i++) for (let j = i + 1; j < bots.length; j++) pairs.push([i, j]);
      // Pairs are cut into chunks so that workers share the load evenly.
      const chunk = workers > 1 ? Math.max(1, Math.ceil(gamesPerPair / 4)) : gamesPerPair;
      const jobs: PairJob[] = pairs.flatMap(([i, j], pair) =>
        Array.from({ length: Math.ceil(gamesPerPair / chunk) }, (_, c) => ({
          gameId: game.id,
          a: bots[i]!,
          b: bots[j]!,
          pair,
          players,
          options,
          seed,
          from: c * chunk,
          to: Math.min(gamesPerPair, (c + 1) * chunk),
        })),
      );
      const results = await playWithProgress<PairJob, PairResult>(ctx, pairs.length * gamesPerPair, jobs, workers, (job, onGame) => playPair(game, job, onGame));
      const summary = summarize(game, bots, { players, gamesPerPair, seed, options }, pairs, results);
      print(ctx, flags.json ? JSON.stringify(summary, null, 2) : tournamentText(game, summary, ctx.lang));
    });
}

/**
 * Plays `jobs` (on `workers` threads, or here), a progress bar of `total` games on a terminal's
 * stderr: each job's results, in order.
 */
async function playWithProgress<J extends PairJob | SeatingJob, R>(ctx: CliContext, total: number, jobs: J[], workers: number, here: (job: J, onGame: () => void) => R): Promise<R[]> {
  const bar = new cliProgress.SingleBar(
    {
      stream: ctx.stderr as NodeJS.WritableStream,
      clearOnComplete: true,
      hideCursor: true,
      noTTYOutput: false,
      format: progressFormat(wordsFor(ctx.lang), "cli.progress.tournament"),
    },
    cliProgress.Presets.shades_classic,
  );
  const showBar = ctx.stderr.isTTY === true;
  if (showBar) bar.start(total, 0);
  let done = 0;
  const onGame = () => {
    done++;
    if (showBar) bar.update(done);
  };
  try {
    return workers > 1 ? await runOnWorkers<J, R>(jobs, workers, onGame) : jobs.map((job) => here(job, onGame));
  } finally {
    if (showBar) bar.stop();
  }
}

/** `--seats`: one seating rotated over the deals, cut into chunks of whole deals for the workers. */
async function runSeating(ctx: CliContext, game: AnyGame, setup: { seats: string[]; games: number; seed: number; options: unknown; workers: number; json: boolean }): Promise<void> {
  const { seats, games, seed, options, workers } = setup;
  const per = seats.length;
  const chunk = workers > 1 ? Math.max(per, per * Math.ceil(games / per / (workers * 2))) : games;
  const jobs: SeatingJob[] = Array.from({ length: Math.ceil(games / chunk) }, (_, c) => ({
    kind: "seating",
    gameId: game.id,
    seats,
    options,
    seed,
    from: c * chunk,
    to: Math.min(games, (c + 1) * chunk),
  }));
  const results = await playWithProgress<SeatingJob, SeatingResult>(ctx, games, jobs, workers, (job, onGame) => playSeating(game, job, onGame));
  const summary = summarizeSeating(game, { seats, games, seed, options }, results);
  print(ctx, setup.json ? JSON.stringify(summary, null, 2) : seatingText(game, summary, ctx.lang));
}
