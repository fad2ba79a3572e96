// Each game's words for the page: its catalogues and how it words its events and actions, loaded
// on demand per game (its own chunk: the page's initial JavaScript holds no game's words). The
// rules and the bots (the whole catalog) load on demand too, for the replay.
import type { ManifestWords } from "@grimoire/engine/manifest";
import { manifests } from "./manifests.ts";

export type GameWords = ManifestWords;

// Each game's manifest loads its words (its own chunk).
const LOADERS: ReadonlyMap<string, () => Promise<GameWords>> = new Map(manifests.map((m) => [m.id, m.words]));

const loaded = new Map<string, GameWords>();
const loading = new Map<string, Promise<GameWords | undefined>>();

/** The game's words once loaded (`loadWords`), else undefined (also for an unknown game). */
export function findWords(gameId: string): GameWords | undefined {
  return loaded.get(gameId);
}

/** Whether the game has words to load at all. */
export function knownWords(gameId: string): boolean {
  return LOADERS.has(gameId);
}

/** Loads a game's words (once); undefined for an unknown game. */
export function loadWords(gameId: string): Promise<GameWords | undefined> {
  const ready = loaded.get(gameId);
  if (ready) return Promise.resolve(ready);
  if (!knownWords(gameId)) return Promise.resolve(undefined);
  let pending = loading.get(gameId);
  if (!pending) {
    pending = LOADERS.get(gameId)!().then((w) => {
      loaded.set(gameId, w);
      return w;
    });
    pending.catch(() => loading.delete(gameId));
    loading.set(gameId, pending);
  }
  return pending;
}
