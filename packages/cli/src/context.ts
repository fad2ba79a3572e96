// What every command needs: the registered games, the terminal streams, the reader's language,
// and the parsing of untrusted command-line values into games, options, seeds and bots. Every
// failure is a CliError: a message of the CLI's catalogue, worded in the reader's language as the
// one line printed on stderr.
import { randomInt as cryptoRandomInt } from "node:crypto";
import { createInterface } from "node:readline";
import { games as catalogGames, findGame as catalogFindGame } from "@grimoire/catalog";
import {
  describeIssues,
  isSeed,
  LANGUAGES,
  msg,
  randomBot,
  seatRef,
  type AnyGame,
  type Bot,
  type GameText,
  type Language,
  type Message,
  type MessageParam,
  type MessageParams,
  type Outcome,
  type Seat,
  type Seed,
  type Viewer,
} from "@grimoire/engine";
import { formatMessage } from "@grimoire/engine/text";
import { CLI_TEXT, languageFromEnv, parseLanguage, textWith, type Words } from "./text/index.ts";

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
  /** The language of every line printed: `--lang`, else from the environment (set before a command runs). */
  lang: Language;
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
    lang: languageFromEnv(process.env),
  };
}

/**
 * An expected failure: a message of the CLI's catalogue (`cli.error.*`), printed as one line on
 * stderr in the reader's language, exit code 1. `message` is its English wording.
 */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    readonly key: string,
    readonly params: MessageParams = {},
    /** The catalogue to word it from: a game's merged with the CLI's when it names the game. */
    readonly text: GameText = CLI_TEXT,
  ) {
    super(formatMessage(text, "en", msg(key, params)));
  }

  wordIn(lang: Language): string {
    return formatMessage(this.text, lang, msg(this.key, this.params));
  }
}

/** `--lang`, checked. */
export function requireLanguage(raw: string): Language {
  const lang = parseLanguage(raw);
  if (lang === null) throw new CliError("cli.error.lang", { known: LANGUAGES.join(", "), got: raw });
  return lang;
}

export function print(ctx: CliContext, text = ""): void {
  ctx.stdout.write(`${text}\n`);
}

export function requireGame(ctx: CliContext, id: string): AnyGame {
  const game = ctx.findGame(id);
  if (game) return game;
  throw new CliError("cli.error.unknownGame", { id, known: ctx.games.map((g) => g.id).join(", "), none: ctx.games.length === 0 });
}

export function parseSeats(game: AnyGame, raw: string | undefined): number {
  if (raw === undefined) return game.minSeats;
  const seats = Number(raw);
  if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) {
    throw new CliError("cli.error.players", { title: msg("game.title"), min: game.minSeats, max: game.maxSeats, got: raw }, textWith(game));
  }
  return seats;
}

export function parseCount(name: string, raw: string, min = 1): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new CliError("cli.error.count", { name, min, got: raw });
  return value;
}

/** `--option k=v` pairs (v as JSON when it parses, else a string), validated by the game. */
export function parseOptions(game: AnyGame, pairs: readonly string[]): unknown {
  const raw: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new CliError("cli.error.optionPair", { pair });
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
  if (!parsed.success) throw new CliError("cli.error.options", { id: game.id, detail: describeIssues(parsed.error) });
  return parsed.data;
}

export function parseSeed(raw: string | undefined): Seed {
  if (raw === undefined) return cryptoRandomInt(0, 2 ** 31 - 1);
  const seed: unknown = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (!isSeed(seed)) throw new CliError("cli.error.seed", { got: raw });
  return seed;
}

export const LEVELS = ["easy", "medium", "hard"] as const;
export type Level = (typeof LEVELS)[number];
const isLevel = (name: string): name is Level => (LEVELS as readonly string[]).includes(name);

export interface NamedBot {
  readonly name: string;
  /** The level it was asked for by, if any. */
  readonly level?: Level;
  readonly bot: Bot<unknown, unknown>;
}

/** A bot by name: the game's own, "random" for any game, or a level (easy, medium, hard). */
export function createBot(game: AnyGame, name: string): NamedBot {
  const info = Object.hasOwn(game.bots, name) ? game.bots[name] : undefined;
  if (info) return { name, bot: info.create() };
  if (name === "random") return { name, bot: randomBot() };
  if (isLevel(name)) return { ...createBot(game, game.levels[name]), level: name };
  const known = [...new Set([...Object.keys(game.bots), "random", ...LEVELS])].join(", ");
  throw new CliError("cli.error.unknownBot", { name, id: game.id, known });
}

/** `--bots a,b,…`: one name for every seat, or exactly one name per seat. */
export function parseBots(game: AnyGame, list: string, count: number): NamedBot[] {
  const names = list.split(",").map((name) => name.trim());
  if (names.length !== 1 && names.length !== count) {
    throw new CliError("cli.error.botCount", { count, got: names.length });
  }
  return Array.from({ length: count }, (_, i) => createBot(game, names.length === 1 ? names[0]! : names[i]!));
}

export function parseLevel(raw: string): Level {
  if (!isLevel(raw)) throw new CliError("cli.error.level", { got: raw });
  return raw;
}

/** A bot at a table, as its seat's name and how it plays: "Merlin (hard)". */
export function botLabel(seat: Seat, bot: NamedBot): Message {
  return bot.level !== undefined ? msg("cli.bot.level", { name: seatRef(seat), level: bot.level }) : msg("cli.bot.named", { name: seatRef(seat), bot: bot.name });
}

/** The view as lines: the game's own description, else pretty JSON. */
export function viewText(words: Words, game: AnyGame, view: unknown, viewer: Viewer): string {
  return game.describeView ? game.describeView(view, viewer).map((line) => words.lineOf(line)).join("\n") : JSON.stringify(view, null, 2);
}

/** "Game over: Merlin wins. Scores: …", with the players named by `words`' context. */
export function outcomeText(words: Words, outcome: Outcome | null): string {
  if (!outcome) return words.line("cli.over.none");
  const scores: MessageParam[] = outcome.scores.map((score, seat) => msg("cli.score", { seat: seatRef(seat), score }));
  if (outcome.draw || outcome.winners.length === 0) return words.line("cli.over.draw", { scores });
  if (outcome.winners.length === 1) return words.line("cli.over.win", { winner: seatRef(outcome.winners[0]!), scores });
  const me = words.context.me;
  const mine = me !== null && me !== undefined && outcome.winners.includes(me);
  return words.line("cli.over.shared", { winners: outcome.winners.map(seatRef), withMe: mine, scores });
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

/** One line for stderr, whatever was thrown: a CliError in the reader's language. */
export function errorLine(error: unknown, lang: Language = "en"): string {
  const message = error instanceof CliError ? error.wordIn(lang) : error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, " ").trim();
}
