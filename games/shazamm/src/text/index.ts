// Every word Shazamm! shows, in English and French (same keys, same parameters).
import type { GameText } from "@grimoire/engine";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const text: GameText = { en, fr };
