// The game's board for the web client (React), loaded on demand through the catalog's board registry:
// the table (Board) and the end-of-game breakdown (Summary).
import type { BoardModule } from "@grimoire/web/kit";
import { EmmerlausBoard } from "./EmmerlausBoard.tsx";
import { EmmerlausSummary } from "./Summary.tsx";

export const Board: BoardModule["Board"] = EmmerlausBoard;
export const Summary: BoardModule["Summary"] = EmmerlausSummary;
export { sounds } from "./sounds.ts";
export { EmmerlausFaces as Faces } from "./Faces.tsx";
