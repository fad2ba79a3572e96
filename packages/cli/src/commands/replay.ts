// `grimoire replay FILE`: a scenario or a recorded game (the same envelope), step by step.
// By default the full record: every action and the events as a spectator saw them (a file
// holding the actions already tells everything). With --as SEAT, only what that seat saw:
// its own actions and the events as projected for it, never another seat's sealed choice.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { loadScenario, replayScenario, SPECTATOR, waitingSeats, type Viewer } from "@grimoire/engine";
import { CliError, defaultContext, outcomeText, print, viewText, type CliContext } from "../context.ts";

export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("replay")
    .description("print the log of a scenario or recorded game, step by step")
    .argument("<file>", "a scenario / recorded game JSON file (see docs/scenarios.md)")
    .option("--as <seat>", "print only what this seat saw, from 1 (first player)")
    .action((file: string, flags: { as?: string }) => {
      const loaded = loadScenario(readJsonFile(file), ctx.findGame);
      if (!loaded.ok) throw new CliError(`${file}: ${loaded.error}`);
      const scenario = loaded.value;
      const { game, names } = scenario;
      let viewer: Viewer = SPECTATOR;
      if (flags.as !== undefined) {
        const seat = Number(flags.as) - 1;
        if (!Number.isInteger(seat) || seat < 0 || seat >= names.length) throw new CliError(`--as: expected a seat from 1 to ${names.length}, got ${flags.as}`);
        viewer = seat;
      }
      const named = typeof scenario.file.seats !== "number";
      const who = (seat: number) => (named ? `${names[seat]} (Seat ${seat + 1})` : `Seat ${seat + 1}`);
      const header = scenario.file.title ? `${game.title} — ${scenario.file.title}` : game.title;
      print(ctx, `${header}: ${names.length} players, seed ${scenario.seed}, options ${JSON.stringify(scenario.options)}`);
      if (scenario.file.description) print(ctx, scenario.file.description);
      print(ctx, viewer === SPECTATOR ? "Every action, and the events as a spectator saw them." : `What ${who(viewer)} saw.`);
      print(ctx);
      print(ctx, viewText(game, game.view(scenario.initial, viewer), viewer));
      const result = replayScenario(scenario, (step) => {
        if (viewer === SPECTATOR || viewer === step.seat) print(ctx, `#${step.index + 1} ${who(step.seat)}: ${game.describeAction(step.action)}`);
        for (const event of step.events) {
          const seen = game.eventFor(event, viewer);
          if (seen !== null) print(ctx, `   · ${game.describeEvent(seen, viewer)}`);
        }
      });
      if (!result.ok) throw new CliError(`${file}: ${result.error}`);
      const state = result.value;
      print(ctx);
      if (viewer !== SPECTATOR) print(ctx, viewText(game, game.view(state, viewer), viewer));
      const decision = game.decision(state);
      if (decision.type === "over") {
        print(ctx, `Game over: ${outcomeText(game.outcome(state), names.map((_, seat) => who(seat)))}.`);
      } else {
        print(ctx, `After ${scenario.actions.length} actions, waiting for ${waitingSeats(decision).map(who).join(", ")}: ${decision.prompt}`);
      }
    });
}
