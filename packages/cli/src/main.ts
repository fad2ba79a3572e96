// The `grimoire` command line: builds the program from one module per command
// (commands/<name>.ts, each exporting `register(program, ctx)`), runs it, and turns every
// failure into one line on stderr and a non-zero exit code. `--lang` (any command) sets the
// language of the context before a command runs.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import { LANGUAGES } from "@grimoire/engine";
import { defaultContext, errorLine, requireLanguage, type CliContext } from "./context.ts";
import { register as registerAdmin } from "./commands/admin.ts";
import { register as registerGames } from "./commands/games.ts";
import { register as registerPlay } from "./commands/play.ts";
import { register as registerPuzzles } from "./commands/puzzles.ts";
import { register as registerSimulate } from "./commands/simulate.ts";
import { register as registerReplay } from "./commands/replay.ts";
import { register as registerReview } from "./commands/review.ts";
import { register as registerStart } from "./commands/start.ts";
import { register as registerTournament } from "./commands/tournament.ts";
import { register as registerVerify } from "./commands/verify.ts";

/** The program; `ctx.lang` is set from `--lang` when a command runs. */
export function buildProgram(ctx: CliContext = defaultContext()): Command {
  const program = new Command("grimoire")
    .description("Grimoire: four wizard board games, in the terminal and in the browser")
    .option("--lang <lang>", `language of the output: ${LANGUAGES.join(" or ")} (default: from LC_ALL, LC_MESSAGES or LANG)`)
    .exitOverride()
    .configureOutput({ writeOut: (text) => ctx.stdout.write(text), writeErr: (text) => ctx.stderr.write(text) })
    .showHelpAfterError(false)
    .hook("preAction", (command) => {
      const lang = command.opts<{ lang?: string }>().lang;
      if (lang !== undefined) ctx.lang = requireLanguage(lang);
    });
  // One line per command; settings above are inherited by each.
  registerAdmin(program, ctx);
  registerGames(program, ctx);
  registerPlay(program, ctx);
  registerPuzzles(program, ctx);
  registerSimulate(program, ctx);
  registerReplay(program, ctx);
  registerReview(program, ctx);
  registerStart(program, ctx);
  registerTournament(program, ctx);
  registerVerify(program, ctx);
  return program;
}

/** Runs the command line `args` (without node and the script); resolves to the exit code. */
export async function run(args: readonly string[], base: CliContext = defaultContext()): Promise<number> {
  // The caller's context is left as it was: `--lang` sets this run's own.
  const ctx: CliContext = { ...base };
  const program = buildProgram(ctx);
  try {
    await program.parseAsync([...args], { from: "user" });
    return 0;
  } catch (error) {
    // Commander has already printed its own one-line message (or the help).
    if (error instanceof CommanderError) return error.exitCode;
    ctx.stderr.write(`grimoire: ${errorLine(error, ctx.lang)}\n`);
    return 1;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    const real = realpathSync(script);
    const here = fileURLToPath(import.meta.url);
    return real === here || real === realpathSync(fileURLToPath(new URL("../../../bin/grimoire.js", import.meta.url)));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // Output piped into a reader that stops early (`| head`): stop quietly.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  process.exitCode = await run(process.argv.slice(2));
}
