// Emmerlaüs's manifest: what the catalog derives from this game (packages/engine/src/manifest.ts),
// each part loaded on demand. Its board and emblem are board/index.ts and board/Emblem.tsx.
// Only the engine's manifest module: the page loads this file with its first JavaScript.
import { wordsOf, type GameManifest } from "@grimoire/engine/manifest";
import type { EmmerlausEvent } from "./state.ts";
import type { Action } from "./data.ts";

export const manifest: GameManifest = {
  id: "emmerlaus",
  game: async () => (await import("./index.ts")).emmerlausGame,
  words: async () => {
    const [{ text }, describe] = await Promise.all([import("./text/index.ts"), import("./describe.ts")]);
    return wordsOf<EmmerlausEvent, Action>(text, describe);
  },
};
