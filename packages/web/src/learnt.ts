// The games learnt: a guided first game played to its end marks its game. A guest's are kept in
// this browser's localStorage (`grimoire.learnt`, a JSON list of game ids); logged in, they are
// also the account's (`/api/me/learnt`): the account's list is fetched at log-in (the ones learnt
// here as a guest are sent to it, as guest seats are) and each new one is sent, so it follows the
// account to its other browsers.
import { useSyncExternalStore } from "react";
import { api } from "./api.ts";

const KEY = "grimoire.learnt";
const listeners = new Set<() => void>();

function read(): readonly string[] {
  try {
    const raw = localStorage.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

let cache: readonly string[] | null = null;
/** The account's learnt games (null: a guest, or not fetched yet). */
let account: readonly string[] | null = null;
let loggedIn = false;
let both: readonly string[] | null = null;
const snapshot = () => (both ??= [...new Set([...(cache ??= read()), ...(account ?? [])])]);
const changed = () => {
  both = null;
  for (const l of listeners) l();
};

/** Follows the log-in: the account's learnt games (the browser's sent to it), or none once logged out. */
export async function syncAccountLearnt(logged: boolean): Promise<void> {
  loggedIn = logged;
  if (!logged) {
    account = null;
    return changed();
  }
  try {
    let games = await api.learnt();
    for (const game of read()) if (!games.includes(game)) games = await api.markLearnt(game);
    if (loggedIn) account = games;
  } catch {
    /* the browser's own list still shows */
  }
  changed();
}

/** Marks a game as learnt in this browser (once). */
function markLearntHere(game: string): void {
  const now = read();
  if (now.includes(game)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...now, game]));
  } catch {
    /* storage refused (private mode): the page still says it for this visit */
  }
  cache = [...now, game];
  changed();
}

/** Marks a game learnt here, and on the account when logged in. */
export function markLearnt(game: string): void {
  markLearntHere(game);
  if (loggedIn) {
    api.markLearnt(game).then(
      (games) => {
        if (loggedIn) account = games;
        changed();
      },
      () => {},
    );
  }
}

/** Whether the game is learnt in this browser; re-renders when it becomes so. */
export function useLearnt(game: string): boolean {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    snapshot,
  );
  return list.includes(game);
}
