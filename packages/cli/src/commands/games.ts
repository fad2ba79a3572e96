// `grimoire games`: every registered game with its player counts, options, bots and levels,
// worded by each game's catalogue in the reader's language (the JSON too: ids stay as typed).
import type { Command } from "commander";
import type { AnyGame } from "@grimoire/engine";
import { defaultContext, print, type CliContext } from "../context.ts";
import { wordsFor, type Words } from "../text/index.ts";

interface OptionEntry {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** The accepted values as typed, the default first, with their words; empty when free. */
  readonly values: readonly { readonly value: string; readonly label: string }[];
}

function describeOptions(words: Words, game: AnyGame): OptionEntry[] {
  return game.optionDocs.map((doc) => ({
    name: doc.name,
    label: words.phrase(`option.${doc.name}.label`),
    description: words.phrase(`option.${doc.name}.description`),
    values: doc.values.map((value) => ({ value, label: words.phrase(`option.${doc.name}.value.${value}`) })),
  }));
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("games")
    .description("list the games, their player counts, options, bots and levels")
    .option("--json", "print the list as JSON")
    .action((flags: { json?: boolean }) => {
      const list = ctx.games.map((game) => {
        const words = wordsFor(ctx.lang, game);
        return {
          id: game.id,
          title: words.phrase("game.title"),
          players: { min: game.minSeats, max: game.maxSeats },
          options: describeOptions(words, game),
          defaults: game.optionsSchema.parse({}),
          bots: Object.fromEntries(Object.keys(game.bots).map((name) => [name, words.phrase(`bot.${name}.description`)])),
          levels: game.levels,
        };
      });
      if (flags.json) {
        print(ctx, JSON.stringify(list, null, 2));
        return;
      }
      const words = wordsFor(ctx.lang);
      if (list.length === 0) {
        print(ctx, words.line("cli.games.none"));
        return;
      }
      for (const game of list) {
        print(ctx, words.phrase("cli.games.header", { id: game.id, title: game.title, min: game.players.min, max: game.players.max, fixed: game.players.min === game.players.max }));
        if (game.options.length === 0) print(ctx, `  ${words.phrase("cli.games.noOptions")}`);
        for (const option of game.options) {
          const typed = option.values.length > 0 ? option.values.map((v) => v.value).join("|") : "…";
          print(ctx, `  ${words.phrase("cli.games.option", { name: option.name, values: typed, label: option.label, description: option.description })}`);
          option.values.forEach((v, i) => print(ctx, `      ${words.phrase(i === 0 ? "cli.games.defaultValue" : "cli.games.value", { value: v.value, label: v.label })}`));
        }
        print(ctx, `  ${words.phrase("cli.games.bots")}`);
        for (const [name, description] of Object.entries(game.bots)) print(ctx, `      ${words.phrase("cli.games.bot", { name, description })}`);
        print(ctx, `  ${words.phrase("cli.games.levels", game.levels)}`);
        print(ctx);
      }
    });
}
