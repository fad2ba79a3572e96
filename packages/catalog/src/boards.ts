// Each game's board (React, games/<id>/src/board), loaded on demand by the web client so a table
// downloads only its own game's board, and its emblem (a few SVG shapes, drawn on the home and
// how-to pages, so loaded with the page). The web client takes its list of games from here: a new
// game registers here, beside index.ts and words.ts, and nothing in packages/web names it.
import type { ComponentType } from "react";
import type { BoardModule } from "@grimoire/web/kit";
import { Emblem as abracadawhatEmblem } from "@grimoire/abracadawhat/emblem";
import { Emblem as emmerlausEmblem } from "@grimoire/emmerlaus/emblem";
import { Emblem as incantibusEmblem } from "@grimoire/incantibus/emblem";
import { Emblem as shazammEmblem } from "@grimoire/shazamm/emblem";

interface BoardEntry {
  readonly id: string;
  readonly load: () => Promise<BoardModule>;
  /** SVG shapes in a 64×40 box (decorative: the page names the game beside it). */
  readonly Emblem: ComponentType;
}

// In the order the home page shows the games.
const BOARDS: readonly BoardEntry[] = [
  { id: "abracadawhat", load: () => import("@grimoire/abracadawhat/board"), Emblem: abracadawhatEmblem },
  { id: "shazamm", load: () => import("@grimoire/shazamm/board"), Emblem: shazammEmblem },
  { id: "incantibus", load: () => import("@grimoire/incantibus/board"), Emblem: incantibusEmblem },
  { id: "emmerlaus", load: () => import("@grimoire/emmerlaus/board"), Emblem: emmerlausEmblem },
];

/** Every game the web client offers, in the home page's order. */
export const gameIds: readonly string[] = BOARDS.map((entry) => entry.id);

/** The loader of a game's board, or undefined for a game without one. */
export function findBoard(gameId: string): (() => Promise<BoardModule>) | undefined {
  return BOARDS.find((entry) => entry.id === gameId)?.load;
}

/** A game's emblem, or undefined for an unknown game. */
export function findEmblem(gameId: string): ComponentType | undefined {
  return BOARDS.find((entry) => entry.id === gameId)?.Emblem;
}
