// Incantibus's words in each language (see ../describe.ts for which message says what).
import type { GameText } from "@grimoire/engine";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const text: GameText = { en, fr };
