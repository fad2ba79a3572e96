// Shazamm!'s manifest: what the catalog derives from this game (packages/engine/src/manifest.ts),
// each part loaded on demand. Its board and emblem are board/index.ts and board/Emblem.tsx.
// Only the engine's manifest module: the page loads this file with its first JavaScript.
import { wordsOf, type GameManifest } from "@grimoire/engine/manifest";
import type { ShazammEvent } from "./state.ts";
import type { ShazammAction } from "./data.ts";

export const manifest: GameManifest = {
  id: "shazamm",
  game: async () => (await import("./index.ts")).shazammGame,
  words: async () => {
    const [{ text }, describe] = await Promise.all([import("./text/index.ts"), import("./describe.ts")]);
    return wordsOf<ShazammEvent, ShazammAction>(text, describe);
  },
};
