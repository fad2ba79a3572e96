// `grimoire play`: one human against bots in the terminal. The human sees only their seat's
// view and the events as their seat saw them, and picks among numbered legal actions.
// Reads one line per choice, so it works interactively and with piped input. Every word is the
// game's or the CLI's catalogue in the reader's language; players are named (bots: Merlin,
// Morgane, …; the human: "you"), never by seat number.
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import {
  act,
  botNames,
  createRng,
  forkRng,
  msg,
  seatRef,
  stableKey,
  waitingSeats,
  type AnyGame,
  type Message,
  type PlayedAction,
  type RngState,
  type Seat,
  type Seed,
} from "@grimoire/engine";
import { wordsFor, type Words } from "../text/index.ts";
import {
  botLabel,
  CliError,
  createBot,
  defaultContext,
  lineReader,
  outcomeText,
  parseBots,
  parseLevel,
  parseOptions,
  parseSeats,
  parseSeed,
  print,
  requireGame,
  viewText,
  type CliContext,
  type NamedBot,
} from "../context.ts";

export interface TerminalGame {
  readonly game: AnyGame;
  readonly seats: number;
  readonly human: Seat;
  /** One bot per seat; the human's entry is ignored. */
  readonly bots: readonly (NamedBot | null)[];
  readonly options: unknown;
  readonly seed: Seed;
  /** Where to save the game as a scenario file (seed + actions) at the end. */
  readonly record?: string | undefined;
}

export async function playInTerminal(ctx: CliContext, setup: TerminalGame): Promise<void> {
  const { game, seats, human } = setup;
  // Bots get distinct names (Merlin, Morgane, …); the human is "you".
  const botName = botNames(seats - 1);
  const names = Array.from({ length: seats }, (_, seat) => (seat === human ? null : botName[seat < human ? seat : seat - 1]!));
  const words = wordsFor(ctx.lang, game, { names, me: human });
  const state = game.setup({ seats, options: setup.options, seed: setup.seed });
  const botRng = forkRng(createRng(setup.seed));
  const played: PlayedAction[] = [];
  const input = lineReader(ctx.stdin);

  print(ctx, words.line("cli.play.header", { title: msg("game.title"), seats, seed: String(setup.seed) }));
  const table = Array.from({ length: seats }, (_, seat) => (seat === human ? seatRef(seat) : botLabel(seat, setup.bots[seat]!)));
  print(ctx, words.line("cli.play.table", { players: table }));
  print(ctx, words.line("cli.play.help"));
  try {
    for (;;) {
      const decision = game.decision(state);
      if (decision.type === "over") {
        print(ctx);
        print(ctx, viewText(words, game, game.view(state, human), human));
        print(ctx, outcomeText(words, game.outcome(state)));
        return;
      }
      const waiting = waitingSeats(decision);
      const seat = waiting.includes(human) ? human : waiting[0]!;
      // Bots choose among a sample when the game lists too many actions (as in playout).
      const { actions: legal, complete } =
        seat !== human && game.sampleActions
          ? { actions: game.sampleActions(state, seat, botRng, 64), complete: true }
          : humanChoices(game, state, seat, botRng);
      if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} must decide but has no legal action`);
      let action: unknown;
      if (seat === human) {
        print(ctx);
        print(ctx, viewText(words, game, game.view(state, human), human));
        if (legal.length === 1) {
          action = legal[0];
          print(ctx, words.line("cli.play.only", { prompt: decision.prompt, action: game.describeAction(action) }));
        } else {
          if (!complete) print(ctx, words.line("cli.play.sampled", { example: JSON.stringify(legal[0]) }));
          action = await askHuman(ctx, words, game, state, human, decision.prompt, complete ? legal : legal.slice(0, MENU_LINES), input);
          if (action === QUIT) {
            print(ctx, words.line("cli.play.left"));
            return;
          }
        }
      } else {
        const bot = setup.bots[seat];
        if (!bot) throw new Error(`no bot for seat ${seat}`);
        action = legal.length === 1 ? legal[0] : bot.bot.decide({ view: game.view(state, seat), seat, legal, rng: botRng });
      }
      const applied = act(game, state, seat, action);
      if (!applied.ok) throw new Error(`seat ${seat} played an action refused by the rules: ${applied.error.message}`);
      played.push({ seat, action });
      for (const event of applied.value) {
        const seen = game.eventFor(event, human);
        if (seen !== null) print(ctx, `  · ${words.lineOf(game.describeEvent(seen, human))}`);
      }
    }
  } finally {
    input.close();
    if (setup.record) {
      const file = { game: game.id, seats, options: setup.options, seed: setup.seed, actions: played };
      writeFileSync(setup.record, `${JSON.stringify(file, null, 2)}\n`);
      print(ctx, words.line("cli.play.recorded", { file: setup.record }));
    }
  }
}

const QUIT = Symbol("quit");
/** Longer menus are cut, and filtered by typing words. */
const MENU_LINES = 40;

/** The most actions listed to a human; a game with `sampleActions` and more gets examples and JSON input. */
const MAX_LISTED = 5000;

/**
 * A human's choices: every legal action, except for games that sample (Shazamm! can have 1.6 million
 * commits): `sampleActions` with max MAX_LISTED + 1 returns the complete list when it is short enough,
 * and random examples otherwise — never the whole enumeration.
 */
function humanChoices(game: AnyGame, state: unknown, seat: Seat, rng: RngState): { actions: unknown[]; complete: boolean } {
  if (!game.sampleActions) return { actions: game.legalActions(state, seat), complete: true };
  const sample = game.sampleActions(state, seat, rng, MAX_LISTED + 1);
  if (sample.length <= MAX_LISTED) return { actions: sample, complete: true };
  const seen = new Set<string>();
  const examples = sample.filter((action) => {
    const key = stableKey(action);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
  return { actions: examples, complete: false };
}

/** Lower case without accents, so that typing "eclair" finds "Éclair". */
const searchable = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const QUIT_WORDS = new Set(["q", "quit", "quitter"]);

async function askHuman(
  ctx: CliContext,
  words: Words,
  game: AnyGame,
  state: unknown,
  seat: Seat,
  prompt: Message,
  legal: readonly unknown[],
  input: ReturnType<typeof lineReader>,
): Promise<unknown> {
  print(ctx, words.lineOf(prompt));
  const menu = legal.map((action, i) => `  ${i + 1}. ${words.lineOf(game.describeAction(action))}`);
  const list = (lines: readonly string[]) => {
    lines.slice(0, MENU_LINES).forEach((line) => print(ctx, line));
    if (lines.length > MENU_LINES) print(ctx, `  ${words.line("cli.play.more", { count: lines.length - MENU_LINES })}`);
  };
  list(menu);
  for (;;) {
    ctx.stdout.write(words.line("cli.play.ask", { max: legal.length }));
    const line = await input.next();
    if (line === null) {
      print(ctx);
      throw new CliError("cli.error.inputEnded");
    }
    // A terminal echoes what was typed; piped input does not, so echo it for a readable transcript.
    if (!(ctx.stdin as { isTTY?: boolean }).isTTY) print(ctx, line);
    const text = line.trim();
    if (QUIT_WORDS.has(text.toLowerCase())) return QUIT;
    if (/^\d+$/.test(text)) {
      const choice = legal[Number(text) - 1];
      if (choice !== undefined) return choice;
      print(ctx, words.line("cli.play.range", { max: legal.length }));
      continue;
    }
    if (text.startsWith("{") || text.startsWith("[") || text.startsWith('"')) {
      // An action typed as JSON, checked by the game like any untrusted input.
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        print(ctx, words.line("cli.play.refused", { reason: msg("cli.refused.json") }));
        continue;
      }
      const parsed = game.parseAction(state, seat, raw);
      if (parsed.ok) return parsed.value;
      print(ctx, words.line("cli.play.refused", { reason: msg(`cli.refused.${parsed.error.code}`) }));
      continue;
    }
    // Words: list the actions whose label contains them all (for long menus), accents aside.
    const typed = searchable(text).split(/\s+/).filter(Boolean);
    const matching = menu.filter((item) => typed.every((word) => searchable(item).includes(word)));
    if (typed.length === 0 || matching.length === 0) print(ctx, words.line("cli.play.hint", { max: legal.length }));
    else list(matching);
  }
}

interface PlayFlags {
  players?: string;
  seat?: string;
  bots?: string;
  level?: string;
  option: string[];
  seed?: string;
  record?: string;
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("play")
    .description("play against bots in the terminal, seeing only your own seat's view")
    .argument("<game>", "game id (see `grimoire games`)")
    .option("--players <n>", "number of players (default: the game's minimum)")
    .option("--seat <k>", "your seat, from 1 (first player) to --players", "1")
    .option("--bots <names>", "bots for the other seats: one name for all, or one per other seat")
    .option("--level <level>", "easy, medium or hard (instead of --bots)", "medium")
    .option("--option <key=value>", "a game option (repeatable)", (value: string, all: string[]) => [...all, value], [])
    .option("--seed <seed>", "deal from this seed (integer or 32 hex digits)")
    .option("--record <file>", "save the game (seed and actions) as a scenario file")
    .action(async (id: string, flags: PlayFlags) => {
      const game = requireGame(ctx, id);
      const seats = parseSeats(game, flags.players);
      const human = Number(flags.seat) - 1;
      if (!Number.isInteger(human) || human < 0 || human >= seats) throw new CliError("cli.error.seat", { max: seats, got: String(flags.seat) });
      const options = parseOptions(game, flags.option);
      const others = flags.bots !== undefined ? parseBots(game, flags.bots, seats - 1) : Array.from({ length: seats - 1 }, () => createBot(game, parseLevel(flags.level ?? "medium")));
      const bots = Array.from({ length: seats }, (_, seat) => (seat === human ? null : others[seat < human ? seat : seat - 1]!));
      await playInTerminal(ctx, { game, seats, human, bots, options, seed: parseSeed(flags.seed), record: flags.record });
    });
}
