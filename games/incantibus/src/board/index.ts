// The game's board for the web client (React), loaded on demand through the catalog's board registry:
// the table (Board) and the end-of-game breakdown (Summary).
import type { BoardModule } from "@grimoire/web/kit";
import { IncantibusBoard } from "./IncantibusBoard.tsx";
import { IncantibusSummary } from "./IncantibusSummary.tsx";

export const Board: BoardModule["Board"] = IncantibusBoard;
export const Summary: BoardModule["Summary"] = IncantibusSummary;
export { sounds } from "./sounds.ts";
export { IncantibusFaces as Faces } from "./Faces.tsx";
