/// <reference types="vite/client" />
// Each game's board (React, games/<id>/src/board), loaded on demand by the web client so a table
// downloads only its own game's board, and its emblem (a few SVG shapes, drawn on the home and
// how-to pages, so loaded with the page). Both are found by the folder template
// (board/index.ts, board/Emblem.tsx) for every game of the manifests (./manifests.ts, whose order
// the home page shows): nothing here or in packages/web names a game.
import type { ComponentType } from "react";
import type { BoardModule } from "@grimoire/web/kit";
import { manifests } from "./manifests.ts";

// Vite resolves these at build time (and vitest at test time): one chunk per board, emblems inline.
const boardModules = import.meta.glob<BoardModule>("../../../games/*/src/board/index.ts");
const emblemModules = import.meta.glob<{ Emblem: ComponentType }>("../../../games/*/src/board/Emblem.tsx", { eager: true });

const folder = (id: string) => `../../../games/${id}/src/board`;

/** Every game the web client offers, in the home page's order. */
export const gameIds: readonly string[] = manifests.map((manifest) => manifest.id);

/** The loader of a game's board, or undefined for a game without one. */
export function findBoard(gameId: string): (() => Promise<BoardModule>) | undefined {
  return gameIds.includes(gameId) ? boardModules[`${folder(gameId)}/index.ts`] : undefined;
}

/** A game's emblem (SVG shapes in a 64×40 box, decorative: the page names the game beside it), or undefined for an unknown game. */
export function findEmblem(gameId: string): ComponentType | undefined {
  return gameIds.includes(gameId) ? emblemModules[`${folder(gameId)}/Emblem.tsx`]?.Emblem : undefined;
}
