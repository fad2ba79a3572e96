// Incantibus's manifest: what the catalog derives from this game (packages/engine/src/manifest.ts),
// each part loaded on demand. Its board and emblem are board/index.ts and board/Emblem.tsx.
// Only the engine's manifest module: the page loads this file with its first JavaScript.
import { wordsOf, type GameManifest } from "@grimoire/engine/manifest";
import type { Action, Event } from "./state.ts";

export const manifest: GameManifest = {
  id: "incantibus",
  game: async () => (await import("./index.ts")).incantibusGame,
  words: async () => {
    const [{ text }, describe] = await Promise.all([import("./text/index.ts"), import("./describe.ts")]);
    return wordsOf<Event, Action>(text, describe);
  },
};
