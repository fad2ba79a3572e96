// The game's board for the web client (React), loaded on demand through the catalog's board registry:
// the table (AbracaBoard.tsx) and the end-of-game breakdown (Summary.tsx).
import type { BoardModule } from "@grimoire/web/kit";
import { AbracaBoard } from "./AbracaBoard.tsx";
import { AbracaSummary } from "./Summary.tsx";

export const Board: BoardModule["Board"] = AbracaBoard;
export const Summary: NonNullable<BoardModule["Summary"]> = AbracaSummary;
export { sounds } from "./sounds.ts";
export { AbracaFaces as Faces } from "./Faces.tsx";
