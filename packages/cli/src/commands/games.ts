// `grimoire games`: every registered game with its player counts, options, bots and levels.
import type { Command } from "commander";
import { defaultContext, print, type CliContext } from "../context.ts";

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("games")
    .description("list the games, their player counts, options, bots and levels")
    .option("--json", "print the list as JSON")
    .action((flags: { json?: boolean }) => {
      const list = ctx.games.map((game) => ({
        id: game.id,
        title: game.title,
        players: { min: game.minSeats, max: game.maxSeats },
        options: game.optionDocs,
        defaults: game.optionsSchema.parse({}),
        bots: Object.fromEntries(Object.entries(game.bots).map(([name, info]) => [name, info.description])),
        levels: game.levels,
      }));
      if (flags.json) {
        print(ctx, JSON.stringify(list, null, 2));
        return;
      }
      if (list.length === 0) {
        print(ctx, "No game is registered yet (packages/catalog/src/index.ts).");
        return;
      }
      for (const game of list) {
        print(ctx, `${game.id} — ${game.title}, ${game.players.min}–${game.players.max} players`);
        if (game.options.length === 0) print(ctx, "  options: none");
        for (const option of game.options) print(ctx, `  --option ${option.name}=…  ${option.description} (${option.values})`);
        print(ctx, `  bots: ${Object.entries(game.bots).map(([name, description]) => `${name} (${description})`).join("; ")}`);
        print(ctx, `  levels: easy = ${game.levels.easy}, medium = ${game.levels.medium}, hard = ${game.levels.hard}`);
        print(ctx);
      }
    });
}
