// The bridge as a row of symbols for the terminal (`view.picture`): one ICU select per tile, the
// same in every language (symbols, not words). Each parameter `t<i>` is what stands on tile i.
import { BRIDGE_TILES } from "../data.ts";

/** What a tile of the picture shows: a collapsed tile, the wall of fire, a wizard, or nothing. */
export type TileMark = "gone" | "wall" | "first" | "second" | "empty";

export const BRIDGE_PICTURE: string = Array.from({ length: BRIDGE_TILES }, (_, i) => `{t${i}, select, gone {~} wall {#} first {1} second {2} other {.}}`).join("");
