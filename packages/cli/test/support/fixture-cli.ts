// The CLI as a real process, with the engine's test fixture registered (used by the
// child-process tests while the catalog may still be empty).
import { defaultContext } from "../../src/context.ts";
import { run } from "../../src/main.ts";
import { fixtureGames } from "./harness.ts";

process.exitCode = await run(process.argv.slice(2), {
  ...defaultContext(),
  games: fixtureGames,
  findGame: (id) => fixtureGames.find((g) => g.id === id),
});
