// Each game's seed puzzles (games/<id>/puzzles.json, written by `grimoire puzzles generate
// --self-play N` from the game's bots playing each other), which a new server imports so that its
// puzzle page and the home page's daily puzzle have something before its own players' finished
// games give more (`grimoire puzzles generate --from …` then `import`). Found by the folder
// template for every game of the manifests: nothing here names a game. Node only (the server).
import { readFile } from "node:fs/promises";
import { manifests } from "./manifests.ts";

/** The game's seed puzzle file as untrusted JSON (the server's import checks every puzzle), or undefined for a game without one. */
export async function seedPuzzles(gameId: string): Promise<unknown> {
  if (!manifests.some((m) => m.id === gameId)) return undefined;
  let text: string;
  try {
    text = await readFile(new URL(`../../../games/${gameId}/puzzles.json`, import.meta.url), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}
