// The registered games (rules, views, words, bots), for the server, the CLI and the replay: every
// manifest's game, loaded once (./manifests.ts is the one list that names them).
import { gamesOf, type AnyGame } from "@grimoire/engine";
import { manifests } from "./manifests.ts";

export { manifests } from "./manifests.ts";
export { gamesOf } from "@grimoire/engine";

// Sorted by id, as the list always was (the home page's order is the manifests').
export const games: readonly AnyGame[] = (await gamesOf(manifests)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function findGame(id: string): AnyGame | undefined {
  return games.find((game) => game.id === id);
}
