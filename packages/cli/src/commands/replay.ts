// `grimoire replay FILE`: a scenario or a recorded game (the same envelope), step by step.
// By default the full record: every action and the events as a spectator saw them (a file
// holding the actions already tells everything). With --as SEAT, only what that seat saw:
// its own actions and the events as projected for it, never another seat's sealed choice.
// Players are named by the record's names when it has them (else "Seat n"); the --as seat is "you".
// With --at N only the first N actions are played; with --arrangement the position reached is
// printed as a scenario file (JSON, no actions) that replay loads back to the same position.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { loadScenario, msg, replayScenario, seatRef, SPECTATOR, waitingSeats, type AnyGame, type LoadedScenario, type Viewer } from "@grimoire/engine";
import { CliError, defaultContext, outcomeText, print, viewText, type CliContext } from "../context.ts";
import { wordsFor, type Words } from "../text/index.ts";

export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError("cli.error.read", { file, code: (error as NodeJS.ErrnoException).code ?? String(error) });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError("cli.error.json", { file, detail: (error as Error).message });
  }
}

/** The options of a game, one line each, worded by the game's catalogue ("Hand: two cards"). */
export function optionLines(words: Words, game: AnyGame, options: unknown): string[] {
  const values = (options ?? {}) as Record<string, unknown>;
  return game.optionDocs
    .filter((doc) => Object.hasOwn(values, doc.name))
    .map((doc) => {
      const value = values[doc.name];
      const key = `option.${doc.name}.value.${String(value)}`;
      const worded = typeof value !== "object" && words.has(key) ? msg(key) : JSON.stringify(value);
      return words.line("cli.option", { label: msg(`option.${doc.name}.label`), value: worded });
    });
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("replay")
    .description("print the log of a scenario or recorded game, step by step")
    .argument("<file>", "a scenario / recorded game JSON file (see docs/scenarios.md)")
    .option("--as <seat>", "print only what this seat saw, from 1 (first player)")
    .option("--at <n>", "stop after action n (0: the starting position)")
    .option("--arrangement", "print the position reached as a scenario file (JSON) instead of the log")
    .action((file: string, flags: { as?: string; at?: string; arrangement?: boolean }) => {
      const loaded = loadScenario(readJsonFile(file), ctx.findGame);
      if (!loaded.ok) throw new CliError("cli.error.file", { file, detail: loaded.error });
      const scenario = atAction(loaded.value, flags.at);
      if (flags.arrangement) return printArrangement(ctx, file, scenario);
      const { game } = scenario;
      const seats = scenario.names.length;
      let viewer: Viewer = SPECTATOR;
      if (flags.as !== undefined) {
        const seat = Number(flags.as) - 1;
        if (!Number.isInteger(seat) || seat < 0 || seat >= seats) throw new CliError("cli.error.as", { max: seats, got: flags.as });
        viewer = seat;
      }
      // The record's own names when it has them, else "Seat n"; the --as seat is "you".
      const names = typeof scenario.file.seats === "number" ? [] : scenario.file.seats;
      const words = wordsFor(ctx.lang, game, { names, me: viewer === SPECTATOR ? null : viewer });
      const title = scenario.file.title ? msg("cli.replay.titled", { game: msg("game.title"), name: scenario.file.title }) : msg("game.title");
      print(ctx, words.line("cli.replay.header", { title, seats, seed: String(scenario.seed) }));
      for (const line of optionLines(words, game, scenario.options)) print(ctx, `  ${line}`);
      if (scenario.file.description) print(ctx, scenario.file.description);
      print(ctx, viewer === SPECTATOR ? words.line("cli.replay.spectator") : words.line("cli.replay.as", { name: words.with({ names }).phraseOf(msg("common.name", { who: seatRef(viewer) })) }));
      print(ctx);
      print(ctx, viewText(words, game, game.view(scenario.initial, viewer), viewer));
      const result = replayScenario(scenario, (step) => {
        if (viewer === SPECTATOR || viewer === step.seat) {
          print(ctx, words.line("cli.replay.step", { index: step.index + 1, seat: seatRef(step.seat), action: game.describeAction(step.action) }));
        }
        for (const event of step.events) {
          const seen = game.eventFor(event, viewer);
          if (seen !== null) print(ctx, `   · ${words.lineOf(game.describeEvent(seen, viewer))}`);
        }
      });
      if (!result.ok) throw new CliError("cli.error.file", { file, detail: result.error });
      const state = result.value;
      print(ctx);
      if (viewer !== SPECTATOR) print(ctx, viewText(words, game, game.view(state, viewer), viewer));
      const decision = game.decision(state);
      if (decision.type === "over") {
        print(ctx, outcomeText(words, game.outcome(state)));
      } else {
        const waiting = waitingSeats(decision).map(seatRef);
        print(ctx, words.line("cli.replay.waiting", { count: scenario.actions.length, seats: waiting, prompt: decision.prompt }));
      }
    });
}

/** The scenario cut after its first `at` actions (all of them without --at). */
function atAction(scenario: LoadedScenario, at: string | undefined): LoadedScenario {
  if (at === undefined) return scenario;
  const count = Number(at);
  const max = scenario.actions.length;
  if (!Number.isInteger(count) || count < 0 || count > max) throw new CliError("cli.error.at", { max, got: at });
  return { ...scenario, actions: scenario.actions.slice(0, count) };
}

/** The position reached, as a scenario file: the same envelope, the game's arrangement, no actions. */
function printArrangement(ctx: CliContext, file: string, scenario: LoadedScenario): void {
  const { game } = scenario;
  const result = replayScenario(scenario);
  if (!result.ok) throw new CliError("cli.error.file", { file, detail: result.error });
  const state = result.value as { rng: { forced: number[] } };
  const { title, description, seats, options } = scenario.file;
  const position = {
    game: game.id,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined || scenario.actions.length > 0 ? {} : { description }),
    seats,
    options,
    seed: scenario.seed,
    // Forced dice not rolled yet stay forced; the generator's words are in the arrangement.
    ...(state.rng.forced.length > 0 ? { dice: [...state.rng.forced] } : {}),
    arrangement: game.toArrangement(state),
  };
  print(ctx, JSON.stringify(position, null, 2));
}
