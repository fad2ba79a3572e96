// Every word Abraca…What? shows, in English and in French (keys: see en.ts).
import type { GameText } from "@grimoire/engine";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const text: GameText = { en, fr };
export { en, fr };
