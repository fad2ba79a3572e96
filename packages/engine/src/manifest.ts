// A game's manifest: everything the catalog derives from one game, each part loaded on demand so a
// page downloads only what it shows (a table its own board, the home page the emblems, the log a
// game's words) and the server no React. Each game writes one, `games/<id>/src/manifest.ts`; the
// catalog lists them (packages/catalog/src/manifests.ts) and derives its game list, board loaders,
// emblems and words from that one list. A game's board and emblem are found by the folder
// template, `games/<id>/src/board/index.ts` and `board/Emblem.tsx` (the catalog's boards.ts), so
// that nothing outside the browser client's build follows an import into React code.
import type { AnyGame, GameWords, Viewer } from "./game.ts";
import type { Message } from "./text.ts";

/** The words a page needs to write a game's log and menus (the server sends events and actions). */
export type ManifestWords = Pick<GameWords<unknown, unknown, unknown>, "text" | "describeEvent" | "describeAction">;

export interface GameManifest {
  readonly id: string;
  /** The whole game (rules, views, words, bots): the server, the CLI, the bots and the replay. */
  readonly game: () => Promise<AnyGame>;
  /** Its catalogues and how it words events and actions, without the rules. */
  readonly words: () => Promise<ManifestWords>;
}

/** The games of a list of manifests, loaded, in the list's order. */
export function gamesOf(manifests: readonly GameManifest[]): Promise<AnyGame[]> {
  return Promise.all(
    manifests.map(async (manifest) => {
      const game = await manifest.game();
      if (game.id !== manifest.id) throw new Error(`manifest ${manifest.id} loads game ${game.id}`);
      return game;
    }),
  );
}

/** A manifest's words from a game's text module and describe module (its events and actions are the game's own). */
export function wordsOf<E, A>(
  text: GameWords<A, unknown, E>["text"],
  describe: { describeEvent(event: E, viewer: Viewer): Message; describeAction(action: A): Message },
): ManifestWords {
  return {
    text,
    describeEvent: (event, viewer) => describe.describeEvent(event as E, viewer),
    describeAction: (action) => describe.describeAction(action as A),
  };
}
