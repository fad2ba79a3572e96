/// <reference types="vite/client" />
// Each game's guided first game (games/<id>/tutorial.json: a fixed deal and a script, read by the
// engine's `loadTutorial`), found by the folder template for every game of the manifests and
// loaded on demand (its own chunk, with the page that plays it): nothing here names a game.
import { manifests } from "./manifests.ts";

const tutorialFiles = import.meta.glob<{ default: unknown }>("../../../games/*/tutorial.json");

const fileOf = (id: string) => `../../../games/${id}/tutorial.json`;

/** Whether the game has a guided first game. */
export function hasTutorial(gameId: string): boolean {
  return manifests.some((m) => m.id === gameId) && fileOf(gameId) in tutorialFiles;
}

/** The game's tutorial file as untrusted JSON (for `loadTutorial`), or undefined for a game without one. */
export async function tutorialFile(gameId: string): Promise<unknown> {
  if (!hasTutorial(gameId)) return undefined;
  return (await tutorialFiles[fileOf(gameId)]!()).default;
}
