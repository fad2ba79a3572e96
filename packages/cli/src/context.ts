// What every command needs: the registered games, the terminal streams, and the parsing of
// untrusted command-line values into games, options, seeds and bots. Every failure is a
// CliError whose message is the one line printed on stderr.
import { randomInt as cryptoRandomInt } from "node:crypto";
import { createInterface } from "node:readline";
import { games as catalogGames, findGame as catalogFindGame } from "@grimoire/catalog";
import { describeIssues, isSeed, randomBot, type AnyGame, type Bot, type Outcome, type Seed, type Viewer } from "@grimoire/engine";

export interface OutputStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliContext {
  readonly games: readonly AnyGame[];
  findGame(id: string): AnyGame | undefined;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Loads the game server package (replaced in tests). */
  loadServer(): Promise<Record<string, unknown>>;
}

export function defaultContext(): CliContext {
  return {
    games: catalogGames,
    findGame: catalogFindGame,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    // A variable specifier: the server package may not export anything yet.
    loadServer: () => {
      const specifier = "@grimoire/server";
      return import(specifier) as Promise<Record<string, unknown>>;
    },
  };
}

/** An expected failure: its message is printed as one line on stderr, exit code 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}

export function print(ctx: CliContext, text = ""): void {
  ctx.stdout.write(`${text}\n`);
}

export function requireGame(ctx: CliContext, id: string): AnyGame {
  const game = ctx.findGame(id);
  if (game) return game;
  const known = ctx.games.map((g) => g.id).join(", ") || "none registered yet";
  throw new CliError(`unknown game "${id}" (games: ${known})`);
}

export function parseSeats(game: AnyGame, raw: string | undefined): number {
  if (raw === undefined) return game.minSeats;
  const seats = Number(raw);
  if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) {
    throw new CliError(`--players: ${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${raw}`);
  }
  return seats;
}

export function parseCount(name: string, raw: string, min = 1): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new CliError(`${name}: expected an integer ≥ ${min}, got ${raw}`);
  return value;
}

/** `--option k=v` pairs (v as JSON when it parses, else a string), validated by the game. */
export function parseOptions(game: AnyGame, pairs: readonly string[]): unknown {
  const raw: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new CliError(`--option expects key=value, got "${pair}"`);
    const text = pair.slice(at + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    raw[pair.slice(0, at)] = value;
  }
  const parsed = game.optionsSchema.safeParse(raw);
  if (!parsed.success) throw new CliError(`bad options for ${game.id}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export function parseSeed(raw: string | undefined): Seed {
  if (raw === undefined) return cryptoRandomInt(0, 2 ** 31 - 1);
  const seed: unknown = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (!isSeed(seed)) throw new CliError(`--seed: expected an integer or 32 hex digits, got "${raw}"`);
  return seed;
}

export interface NamedBot {
  readonly name: string;
  readonly bot: Bot<unknown, unknown>;
}

/** A bot by name: the game's own, "random" for any game, or a level (easy, medium, hard). */
export function createBot(game: AnyGame, name: string): NamedBot {
  const info = Object.hasOwn(game.bots, name) ? game.bots[name] : undefined;
  if (info) return { name, bot: info.create() };
  if (name === "random") return { name, bot: randomBot() };
  if (name === "easy" || name === "medium" || name === "hard") return createBot(game, game.levels[name]);
  const known = [...new Set([...Object.keys(game.bots), "random", "easy", "medium", "hard"])].join(", ");
  throw new CliError(`unknown bot "${name}" for ${game.id} (bots: ${known})`);
}

/** `--bots a,b,…`: one name for every seat, or exactly one name per seat. */
export function parseBots(game: AnyGame, list: string, count: number): NamedBot[] {
  const names = list.split(",").map((name) => name.trim());
  if (names.length !== 1 && names.length !== count) {
    throw new CliError(`--bots: expected one name or ${count} names, got ${names.length}`);
  }
  return Array.from({ length: count }, (_, i) => createBot(game, names.length === 1 ? names[0]! : names[i]!));
}

export function parseLevel(game: AnyGame, raw: string): string {
  if (raw !== "easy" && raw !== "medium" && raw !== "hard") throw new CliError(`--level: expected easy, medium or hard, got "${raw}"`);
  return game.levels[raw];
}

export function viewText(game: AnyGame, view: unknown, viewer: Viewer): string {
  return game.describeView ? game.describeView(view, viewer) : JSON.stringify(view, null, 2);
}

export function outcomeText(outcome: Outcome | null, names: readonly string[]): string {
  if (!outcome) return "no outcome";
  const scores = `scores ${outcome.scores.map((score, seat) => `${names[seat] ?? `Seat ${seat + 1}`} ${score}`).join(", ")}`;
  if (outcome.draw) return `a draw; ${scores}`;
  const winners = outcome.winners.map((seat) => names[seat] ?? `Seat ${seat + 1}`).join(" and ");
  return `${winners} ${outcome.winners.length > 1 ? "win" : "wins"}; ${scores}`;
}

export interface LineReader {
  /** The next line, or null at the end of input. */
  next(): Promise<string | null>;
  close(): void;
}

/** Reads lines one at a time; works on a terminal and on a pipe (lines read ahead are kept). */
export function lineReader(input: NodeJS.ReadableStream): LineReader {
  const rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async next() {
      const line = await lines.next();
      return line.done ? null : line.value;
    },
    close: () => rl.close(),
  };
}

/** One line for stderr, whatever was thrown. */
export function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, " ").trim();
}
