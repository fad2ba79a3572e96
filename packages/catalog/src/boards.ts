// Each game's board (React, games/<id>/src/board), loaded on demand by the web client so a table
// downloads only its own game's board. A new game registers here, beside index.ts and words.ts.
import type { BoardModule } from "@grimoire/web/kit";

const BOARDS: Readonly<Record<string, () => Promise<BoardModule>>> = {
  abracadawhat: () => import("@grimoire/abracadawhat/board"),
  emmerlaus: () => import("@grimoire/emmerlaus/board"),
  incantibus: () => import("@grimoire/incantibus/board"),
  shazamm: () => import("@grimoire/shazamm/board"),
};

/** The loader of a game's board, or undefined for a game without one. */
export function findBoard(gameId: string): (() => Promise<BoardModule>) | undefined {
  return Object.hasOwn(BOARDS, gameId) ? BOARDS[gameId] : undefined;
}
