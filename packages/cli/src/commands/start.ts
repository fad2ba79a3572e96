// `grimoire start`: the game server (@grimoire/server's startFromEnv). Until the server
// package provides it, a small fallback: Abraca…What? for four in the terminal, against bots.
import type { Command } from "commander";
import { CliError, createBot, defaultContext, parseSeed, print, requireGame, type CliContext } from "../context.ts";
import { wordsFor } from "../text/index.ts";
import { playInTerminal } from "./play.ts";

const FALLBACK_GAME = "abracadawhat";

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("start")
    .description("start the game server (configured by environment variables)")
    .action(async () => {
      const startFromEnv = await findStartFromEnv(ctx);
      if (startFromEnv) {
        await startFromEnv();
        return;
      }
      const words = wordsFor(ctx.lang);
      print(ctx, words.line("cli.start.unavailable"));
      print(ctx, words.line("cli.start.fallback", { game: FALLBACK_GAME }));
      const game = requireGame(ctx, FALLBACK_GAME);
      const bots = [null, ...[1, 2, 3].map(() => createBot(game, "medium"))];
      await playInTerminal(ctx, { game, seats: 4, human: 0, bots, options: game.optionsSchema.parse({}), seed: parseSeed(undefined) });
    });
}

async function findStartFromEnv(ctx: CliContext): Promise<(() => Promise<void>) | null> {
  let server: Record<string, unknown>;
  try {
    server = await ctx.loadServer();
  } catch (error) {
    // Only a missing server entry point means "not written yet"; any other failure is real.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" && /(@grimoire|packages)\/server\/src\/index\.ts'/.test(String((error as Error).message))) return null;
    throw new CliError("cli.error.server", { detail: (error as Error).message });
  }
  const start = server.startFromEnv;
  return typeof start === "function" ? (start as () => Promise<void>) : null;
}
