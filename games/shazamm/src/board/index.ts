// The game's board for the web client (React), loaded on demand through the catalog's board registry,
// and its end-of-game breakdown (round by round, every card shown).
import type { BoardModule } from "@grimoire/web/kit";
import { ShazammBoard } from "./ShazammBoard.tsx";
import { ShazammSummary } from "./Summary.tsx";

export const Board: BoardModule["Board"] = ShazammBoard;
export const Summary: BoardModule["Summary"] = ShazammSummary;
export { sounds } from "./sounds.ts";
export { ShazammFaces as Faces } from "./Faces.tsx";
