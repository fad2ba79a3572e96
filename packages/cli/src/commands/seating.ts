// `grimoire tournament --seats a,b,b,b`: one seating of bots (a name per seat), rotated across
// the duplicate deals. Each deal (seed S + k) is played once per rotation of the seating, so
// with `--seats hard,medium,medium,medium` every deal is played four times, hard at each seat
// once: neither the deal nor a seat's place in the turn order favours a bot. A bot's score in a
// game is its share of the winners (1 when it wins alone, ½ when it shares the win with one
// other seat, its share of the seats in a draw); its fair share is the share of the seats it holds.
import { performance } from "node:perf_hooks";
import { createRng, msg, playout, wilson, type AnyGame, type Bot, type Language, type Proportion } from "@grimoire/engine";
import { CliError, createBot } from "../context.ts";
import { wordsFor } from "../text/index.ts";
import { proportionText } from "./simulate.ts";

export interface SeatingJob {
  readonly kind: "seating";
  readonly gameId: string;
  /** A bot name (or level) per seat, in seat order before rotation. */
  readonly seats: readonly string[];
  readonly options: unknown;
  readonly seed: number;
  /** Game indices of this job. */
  readonly from: number;
  readonly to: number;
}

interface BotTally {
  score: number;
  wins: number;
  decisions: number;
  ms: number;
  maxMs: number;
}

export interface SeatingResult {
  readonly kind: "seating";
  readonly games: number;
  readonly draws: number;
  /** Per distinct bot name. */
  readonly bots: Readonly<Record<string, BotTally>>;
}

/** The bot, each decision's time added to `clock` (decisions, total and longest ms). */
export function timed(bot: Bot<unknown, unknown>, clock: { decisions: number; ms: number; maxMs: number }): Bot<unknown, unknown> {
  return {
    name: bot.name,
    decide(context) {
      const start = performance.now();
      const action = bot.decide(context);
      const ms = performance.now() - start;
      clock.ms += ms;
      clock.maxMs = Math.max(clock.maxMs, ms);
      clock.decisions++;
      return action;
    },
  };
}

/** Game `g`: its deal's seed and the bot name at each seat (the seating rotated by g mod players). */
export function seatingOf(seed: number, g: number, seats: readonly string[]): { seed: number; names: string[] } {
  const n = seats.length;
  const r = g % n;
  return { seed: seed + Math.floor(g / n), names: seats.map((_, k) => seats[(k + r) % n]!) };
}

/** The distinct names of a seating, in order of first appearance. */
export const distinctBots = (seats: readonly string[]): string[] => [...new Set(seats)];

/** Plays games [from, to) of a seating; `onGame` after each. */
export function playSeating(game: AnyGame, job: SeatingJob, onGame?: () => void): SeatingResult {
  const tallies: Record<string, BotTally> = {};
  for (const name of distinctBots(job.seats)) tallies[name] = { score: 0, wins: 0, decisions: 0, ms: 0, maxMs: 0 };
  let draws = 0;
  const players = job.seats.length;
  for (let g = job.from; g < job.to; g++) {
    const { seed, names } = seatingOf(job.seed, g, job.seats);
    const state = game.setup({ seats: players, options: job.options, seed });
    const bots = names.map((name) => timed(createBot(game, name).bot, tallies[name]!));
    playout(game, state, bots, createRng((job.seed + g) * 31));
    const outcome = game.outcome(state);
    if (!outcome) throw new CliError("cli.error.noOutcome", { id: game.id, seed: String(seed) });
    const winners = outcome.draw ? [] : outcome.winners;
    if (winners.length === 0) draws++;
    for (const [name, tally] of Object.entries(tallies)) {
      if (winners.length === 0) tally.score += names.filter((n) => n === name).length / players;
      else {
        const mine = winners.filter((s) => names[s] === name).length;
        tally.score += mine / winners.length;
        if (mine > 0) tally.wins++;
      }
    }
    onGame?.();
  }
  return { kind: "seating", games: job.to - job.from, draws, bots: tallies };
}

export interface SeatingSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly seed: number;
  readonly options: unknown;
  readonly seats: readonly string[];
  readonly draws: number;
  readonly bots: readonly {
    readonly bot: string;
    readonly resolves: string;
    /** Seats it holds in every game, and that share of the table. */
    readonly seats: number;
    readonly fairShare: number;
    readonly score: number;
    readonly wins: number;
    /** Its score rate with the Wilson 95 % interval. */
    readonly rate: Proportion;
    readonly msPerDecision: number;
    readonly maxMs: number;
    readonly decisions: number;
  }[];
}

export function summarizeSeating(game: AnyGame, setup: { seats: readonly string[]; games: number; seed: number; options: unknown }, results: readonly SeatingResult[]): SeatingSummary {
  const names = distinctBots(setup.seats);
  let draws = 0;
  const total = new Map(names.map((name) => [name, { score: 0, wins: 0, decisions: 0, ms: 0, maxMs: 0 }]));
  for (const result of results) {
    draws += result.draws;
    for (const name of names) {
      const t = total.get(name)!;
      const r = result.bots[name]!;
      t.score += r.score;
      t.wins += r.wins;
      t.decisions += r.decisions;
      t.ms += r.ms;
      t.maxMs = Math.max(t.maxMs, r.maxMs);
    }
  }
  const players = setup.seats.length;
  return {
    game: game.id,
    players,
    games: setup.games,
    seed: setup.seed,
    options: setup.options,
    seats: setup.seats,
    draws,
    bots: names.map((name) => {
      const t = total.get(name)!;
      const held = setup.seats.filter((s) => s === name).length;
      return {
        bot: name,
        resolves: name === "easy" || name === "medium" || name === "hard" ? game.levels[name] : name,
        seats: held,
        fairShare: held / players,
        score: t.score,
        wins: t.wins,
        rate: wilson(t.score, setup.games),
        msPerDecision: t.decisions > 0 ? t.ms / t.decisions : 0,
        maxMs: t.maxMs,
        decisions: t.decisions,
      };
    }),
  };
}

export function seatingText(game: AnyGame, s: SeatingSummary, lang: Language = "en"): string {
  const words = wordsFor(lang, game);
  return [
    words.line("cli.seating.header", {
      title: msg("game.title"),
      games: s.games,
      players: s.players,
      seating: s.seats.join(","),
      first: String(s.seed),
      last: String(s.seed + Math.ceil(s.games / s.players) - 1),
      options: JSON.stringify(s.options),
    }),
    "",
    ...s.bots.map((b) =>
      words.phrase("cli.seating.bot", {
        bot: b.bot === b.resolves ? b.bot : `${b.bot} (${b.resolves})`,
        seats: b.seats,
        players: s.players,
        fair: b.fairShare * 100,
        score: b.score,
        games: s.games,
        rate: proportionText(words, b.rate),
        ms: b.msPerDecision,
        max: Math.round(b.maxMs),
      }),
    ),
    words.phrase("cli.seating.draws", { count: s.draws }),
  ].join("\n");
}
