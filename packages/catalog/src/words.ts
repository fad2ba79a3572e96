// Each game's words for the page: its catalogues and how it words its events and actions, loaded
// on demand per game (its own chunk: the page's initial JavaScript holds no game's words). The
// rules and the bots (the whole catalog) load on demand too, for the replay.
import type { GameText, Message, Viewer } from "@grimoire/engine";

export interface GameWords {
  readonly text: GameText;
  /** An event as `viewer` saw it (the server projected it), as a Message. */
  describeEvent(event: unknown, viewer: Viewer): Message;
  describeAction(action: unknown): Message;
}

type Describe<T> = (value: T, viewer: Viewer) => Message;
interface Describers<E, A> {
  describeEvent: Describe<E>;
  describeAction: (a: A) => Message;
}
// The wire's events and actions are the game's own, typed as unknown at this edge.
const words = async <E, A>(text: Promise<{ text: GameText }>, describe: Promise<Describers<E, A>>): Promise<GameWords> => {
  const [t, d] = await Promise.all([text, describe]);
  return { text: t.text, describeEvent: (e, viewer) => d.describeEvent(e as E, viewer), describeAction: (a) => d.describeAction(a as A) };
};

const LOADERS: Readonly<Record<string, () => Promise<GameWords>>> = {
  abracadawhat: () => words(import("@grimoire/abracadawhat/text"), import("@grimoire/abracadawhat/describe")),
  emmerlaus: () => words(import("@grimoire/emmerlaus/text"), import("@grimoire/emmerlaus/describe")),
  incantibus: () => words(import("@grimoire/incantibus/text"), import("@grimoire/incantibus/describe")),
  shazamm: () => words(import("@grimoire/shazamm/text"), import("@grimoire/shazamm/describe")),
};

const loaded = new Map<string, GameWords>();
const loading = new Map<string, Promise<GameWords | undefined>>();

/** The game's words once loaded (`loadWords`), else undefined (also for an unknown game). */
export function findWords(gameId: string): GameWords | undefined {
  return loaded.get(gameId);
}

/** Whether the game has words to load at all. */
export function knownWords(gameId: string): boolean {
  return Object.hasOwn(LOADERS, gameId);
}

/** Loads a game's words (once); undefined for an unknown game. */
export function loadWords(gameId: string): Promise<GameWords | undefined> {
  const ready = loaded.get(gameId);
  if (ready) return Promise.resolve(ready);
  if (!knownWords(gameId)) return Promise.resolve(undefined);
  let pending = loading.get(gameId);
  if (!pending) {
    pending = LOADERS[gameId]!().then((w) => {
      loaded.set(gameId, w);
      return w;
    });
    pending.catch(() => loading.delete(gameId));
    loading.set(gameId, pending);
  }
  return pending;
}
