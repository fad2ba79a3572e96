// The games this browser has learnt: a guided first game played to its end marks its game here.
// Kept in localStorage (`grimoire.learnt`, a JSON list of game ids) for guests and accounts alike:
// the account has no preference storage yet, so a learnt game does not follow an account to
// another browser (docs/web.md says so).
import { useSyncExternalStore } from "react";

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
const snapshot = () => (cache ??= read());

/** Marks a game as learnt (once). */
export function markLearnt(game: string): void {
  const now = read();
  if (now.includes(game)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...now, game]));
  } catch {
    /* storage refused (private mode): the page still says it for this visit */
  }
  cache = [...now, game];
  for (const l of listeners) l();
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
