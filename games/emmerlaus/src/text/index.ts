// Emmerlaüs' words, in French (the rulebook's own terms) and English: ./fr.ts and ./en.ts hold the
// same keys (fr.ts is typed by en.ts, and checkCatalogues compares their parameters). Code never
// writes a sentence: it returns Messages (a key here and its parameters) that the reader's client
// words. Keys: game.*, rules.* (how to play, in order), bot.*, prompt.*, action.*, event.*, view.*,
// board.* (the web board), category.*, and card.<id>.name / card.<id>.effect for the 78 cards.
import { msg, type GameText, type Message } from "@grimoire/engine";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const text: GameText = { en, fr };

/** A card's name, as a parameter of a sentence. */
export const cardName = (id: string): Message => msg(`card.${id}.name`);

/** A card's full effect text (category, targets, dice, defence band). */
export const cardEffect = (id: string): Message => msg(`card.${id}.effect`);

/** A value as an ICU `select` selector, which may not contain "-": "dispel-ring" → "dispel_ring". */
export const selector = (value: string): string => value.replaceAll("-", "_");
