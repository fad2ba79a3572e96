// `npm run bench`: the speed of the rules, on one core. For every registered game and player
// count: uniformly random playouts (no views, no bots) from fixed seeds after a warm-up,
// reported as playouts and actions per second, and rounds per second for a game whose state
// counts its rounds (`round`: Abraca…What?'s four-player figure has a target of 20,000/s).
// Options: --seconds S (measuring time per row, default 1.5), --game ID (only that game).
// `npm run bench -- --bots [--games N] [--players 2,10] [--level hard]`: instead, the CPU time each
// level takes per decision, in self-play at every player count the game allows (or those listed;
// N games per row after one warm-up game, default 3): mean, 99th percentile, longest, and how
// many took over a second of CPU (the target is none). A progress bar (a line per game and per
// hundred decisions when stderr is not a terminal) shows each row as it runs.
import { cpus, loadavg, platform, release } from "node:os";
import { performance } from "node:perf_hooks";
import cliProgress from "cli-progress";
import { games } from "@grimoire/catalog";
import { createRng, pick, playout, randomInt, waitingSeats, type AnyGame, type Bot, type RngState } from "@grimoire/engine";

const WARM_UP_MS = 300;
const ROUNDS_TARGET = 20_000;

export interface BenchRow {
  readonly game: string;
  readonly seats: number;
  readonly playouts: number;
  readonly actions: number;
  readonly rounds: number | null;
  readonly seconds: number;
}

/** The round counter of a state, when the game keeps one (a numeric `round` field). */
function roundsOf(state: unknown): number | null {
  const round = (state as { round?: unknown }).round;
  return typeof round === "number" ? round : null;
}

/** One uniformly random game from `seed`; returns its length and its number of rounds. */
export function randomPlayout(game: AnyGame, seats: number, options: unknown, seed: number, rng: RngState): { actions: number; rounds: number | null } {
  const state = game.setup({ seats, options, seed });
  const startRound = roundsOf(state);
  const limit = game.maxActions(seats, options);
  let actions = 0;
  for (;;) {
    const decision = game.decision(state);
    if (decision.type === "over") break;
    const waiting = waitingSeats(decision);
    const seat = waiting.length === 1 ? waiting[0]! : waiting[randomInt(rng, 0, waiting.length - 1)]!;
    // One uniform draw among the legal actions (a sample of one when the game lists too many).
    const legal = game.sampleActions ? game.sampleActions(state, seat, rng, 1) : game.legalActions(state, seat);
    game.apply(state, seat, legal.length === 1 ? legal[0] : pick(rng, legal));
    if (++actions > limit) throw new Error(`${game.id}: game from seed ${seed} lasted more than ${limit} actions`);
  }
  const endRound = roundsOf(state);
  // Rounds played: the counter's progress, counting the round the game ended in.
  return { actions, rounds: startRound === null || endRound === null ? null : endRound - startRound + 1 };
}

export function benchGame(game: AnyGame, seats: number, seconds: number): BenchRow {
  const options = game.optionsSchema.parse({});
  const rng = createRng(2024);
  const warmUpEnd = performance.now() + WARM_UP_MS;
  for (let seed = 1_000_000; performance.now() < warmUpEnd; seed++) randomPlayout(game, seats, options, seed, rng);

  const measureRng = createRng(7);
  let playouts = 0;
  let actions = 0;
  let rounds: number | null = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  // Check the clock every few games only, so timing costs nothing measurable.
  while (performance.now() < end) {
    for (let i = 0; i < 16; i++) {
      const result = randomPlayout(game, seats, options, ++playouts, measureRng);
      actions += result.actions;
      rounds = rounds === null || result.rounds === null ? null : rounds + result.rounds;
    }
  }
  return { game: game.id, seats, playouts, actions, rounds, seconds: (performance.now() - start) / 1000 };
}

export interface BotBenchRow {
  readonly game: string;
  readonly seats: number;
  /** The level benched (hard unless asked) and the bot behind it. */
  readonly level: Level;
  readonly bot: string;
  /** Wall-clock milliseconds of every measured decision, longest first. */
  readonly times: readonly number[];
  /** CPU milliseconds (user + system) of every measured decision, longest first: what the one-second
   * budget is about, and what other work on a shared machine does not inflate as it does the wall clock. */
  readonly cpuTimes: readonly number[];
}

/** CPU milliseconds this process has used so far. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export type Level = "easy" | "medium" | "hard";

/** Where a row stands, after each game and every ten decisions. */
export interface BotBenchProgress {
  /** Games finished (the warm-up counts) out of `games`, and whether one just did. */
  readonly done: number;
  readonly games: number;
  readonly gameOver: boolean;
  readonly decisions: number;
  /** The longest decision so far, in CPU milliseconds. */
  readonly longestCpu: number;
}

/** A level playing every seat: `games` games from fixed seeds after one unmeasured warm-up game. */
export function benchBots(game: AnyGame, seats: number, games: number, level: Level = "hard", onProgress?: (progress: BotBenchProgress) => void): BotBenchRow {
  const options = game.optionsSchema.parse({});
  const name = game.levels[level];
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let decisions = 0;
  let longestCpu = 0;
  for (let g = -1; g < games; g++) {
    const bots = Array.from({ length: seats }, (): Bot<unknown, unknown> => {
      const bot = game.bots[name]!.create() as Bot<unknown, unknown>;
      return {
        name: bot.name,
        decide(context) {
          const start = performance.now();
          const cpuStart = cpuMs();
          const action = bot.decide(context);
          const cpu = cpuMs() - cpuStart;
          if (g >= 0) {
            cpuTimes.push(cpu);
            times.push(performance.now() - start);
          }
          decisions++;
          longestCpu = Math.max(longestCpu, cpu);
          if (decisions % 10 === 0) onProgress?.({ done: g + 1, games: games + 1, gameOver: false, decisions, longestCpu });
          return action;
        },
      };
    });
    playout(game, game.setup({ seats, options, seed: 4000 + g }), bots, createRng(5000 + g));
    onProgress?.({ done: g + 2, games: games + 1, gameOver: true, decisions, longestCpu });
  }
  times.sort((a, b) => b - a);
  cpuTimes.sort((a, b) => b - a);
  return { game: game.id, seats, level, bot: name, times, cpuTimes };
}

export function botBenchTable(rows: readonly BotBenchRow[]): string {
  const header = ["game", "players", "level (bot)", "decisions", "mean ms", "p99 ms", "max ms", "over 1 s", "CPU mean ms", "CPU p99 ms", "CPU max ms", "CPU over 1 s"];
  const stats = (times: readonly number[]) => {
    const n = times.length;
    const mean = n === 0 ? 0 : times.reduce((a, b) => a + b, 0) / n;
    const p99 = n === 0 ? 0 : times[Math.floor(n / 100)]!;
    return [mean.toFixed(1), p99.toFixed(0), (times[0] ?? 0).toFixed(0), String(times.filter((t) => t > 1000).length)];
  };
  const body = rows.map((row) => [row.game, String(row.seats), `${row.level} (${row.bot})`, String(row.times.length), ...stats(row.times), ...stats(row.cpuTimes)]);
  return markdownTable(header, body, 3);
}

function formatRate(count: number, seconds: number): string {
  return Math.round(count / seconds).toLocaleString("en-US");
}

export function benchTable(rows: readonly BenchRow[]): string {
  const header = ["game", "players", "playouts/s", "actions/s", "rounds/s", "actions/game"];
  const body = rows.map((row) => [
    row.game,
    String(row.seats),
    formatRate(row.playouts, row.seconds),
    formatRate(row.actions, row.seconds),
    row.rounds === null ? "—" : formatRate(row.rounds, row.seconds),
    (row.actions / row.playouts).toFixed(1),
  ]);
  return markdownTable(header, body, 2);
}

/** A Markdown table, columns padded to width: the first `left` aligned left, the others (numbers) right. */
function markdownTable(header: readonly string[], body: readonly (readonly string[])[], left: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => (i < left ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((w, i) => (i < left ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...body.map(line)].join("\n");
}

export function machineLine(): string {
  const cpu = cpus();
  // The load average says how much other work shared the machine while measuring.
  return `${cpu[0]?.model.trim() ?? "unknown CPU"}, ${cpu.length} cores (one used), ${platform()} ${release()}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`;
}

/** One row of the bot bench, its progress on stderr: a bar on a terminal, else a line per game. */
function benchRow(game: AnyGame, seats: number, games: number, level: Level): BotBenchRow {
  const label = `${game.id}, ${seats} players, ${level}`;
  if (process.stderr.isTTY !== true) {
    return benchBots(game, seats, games, level, (p) => {
      if (p.gameOver) process.stderr.write(`  ${label}: game ${p.done}/${p.games} over (the first is the warm-up), ${p.decisions} decisions, longest ${Math.round(p.longestCpu)} ms of CPU\n`);
      else if (p.decisions % 100 === 0) process.stderr.write(`  ${label}: game ${p.done + 1}/${p.games}, ${p.decisions} decisions, longest ${Math.round(p.longestCpu)} ms of CPU\n`);
    });
  }
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, clearOnComplete: true, hideCursor: true, format: `  ${label} [{bar}] game {value}/{total}, {decisions} decisions, longest {longest} ms of CPU` },
    cliProgress.Presets.shades_classic,
  );
  bar.start(games + 1, 0, { decisions: 0, longest: 0 });
  try {
    return benchBots(game, seats, games, level, (p) => bar.update(p.done, { decisions: p.decisions, longest: Math.round(p.longestCpu) }));
  } finally {
    bar.stop();
  }
}

async function main(args: readonly string[]): Promise<void> {
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const seconds = Number(at("--seconds") ?? "1.5");
  const only = at("--game");
  const selected = games.filter((game) => only === undefined || game.id === only);
  if (!(seconds > 0)) throw new Error("--seconds: expected a positive number");
  if (selected.length === 0) {
    console.log(only === undefined ? "No game is registered yet (packages/catalog/src/index.ts)." : `Unknown game "${only}".`);
    return;
  }
  console.log(`Machine: ${machineLine()}`);
  if (args.includes("--bots")) {
    const games = Number(at("--games") ?? "3");
    if (!(Number.isInteger(games) && games > 0)) throw new Error("--games: expected a positive integer");
    const levels = (at("--level") ?? "hard").split(",") as Level[];
    if (levels.some((level) => level !== "easy" && level !== "medium" && level !== "hard")) throw new Error("--level: expected easy, medium, hard or a comma-separated list of them");
    const counts = at("--players")?.split(",").map(Number);
    if (counts?.some((n) => !Number.isInteger(n))) throw new Error("--players: expected a player count or a comma-separated list of them");
    console.log(`Each level in self-play (${levels.join(", ")}), default options, ${games} games per row after one warm-up game.\n`);
    const rows: BotBenchRow[] = [];
    for (const game of selected) {
      const seatCounts = Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, k) => game.minSeats + k).filter((n) => counts === undefined || counts.includes(n));
      for (const seats of seatCounts) {
        for (const level of levels) {
          const row = benchRow(game, seats, games, level);
          rows.push(row);
          process.stderr.write(`  ${game.id}, ${seats} players, ${level}: ${row.cpuTimes.length} decisions, longest ${(row.cpuTimes[0] ?? 0).toFixed(0)} ms of CPU (${(row.times[0] ?? 0).toFixed(0)} ms of wall clock)\n`);
        }
      }
    }
    console.log(`\n${botBenchTable(rows)}`);
    return;
  }
  console.log(`Uniformly random playouts, default options, fixed seeds, ${WARM_UP_MS} ms warm-up, ${seconds} s per row.\n`);
  const rows: BenchRow[] = [];
  for (const game of selected) {
    for (let seats = game.minSeats; seats <= game.maxSeats; seats++) {
      const row = benchGame(game, seats, seconds);
      rows.push(row);
      process.stderr.write(`  ${game.id}, ${seats} players: ${formatRate(row.playouts, row.seconds)} playouts/s\n`);
    }
  }
  console.log(`\n${benchTable(rows)}`);
  const abraca = rows.find((row) => row.game === "abracadawhat" && row.seats === 4);
  if (abraca?.rounds != null) {
    const rate = abraca.rounds / abraca.seconds;
    console.log(`\nAbraca…What?, four players: ${formatRate(abraca.rounds, abraca.seconds)} random rounds/s (target ≥ ${ROUNDS_TARGET.toLocaleString("en-US")}: ${rate >= ROUNDS_TARGET ? "met" : "NOT met"}).`);
  }
}

if (import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
