// Game text as data. A game never writes a sentence: its rules and views return Messages (a key in
// the game's catalogue and its parameters), and whoever shows them (the web client, the CLI) words
// them in the reader's language with `formatMessage` (./format.ts). Catalogues are ICU MessageFormat
// strings, one per language, owned by each game (`games/<id>/src/text/{en,fr}.ts`).
//
// Parameters are data, not words:
//  - a number, formatted by the reader's locale (`{n, plural, one {…} other {…}}` for plurals);
//  - a string or boolean, only as the selector of an ICU `select` (never shown as it is);
//  - `{ seat }`, a player: rendered as their display name, or "you" for the reader's own seat; the
//    formatter also passes `<param>_me` ("yes" | "no") so a message can agree its verb
//    (`{actor_me, select, yes {You draw} other {{actor} draws}}`);
//  - a nested Message (a card's name inside a sentence), rendered first in the same catalogue;
//  - a list of parameters, rendered each and joined as the language joins lists ("a, b and c").
import type { Seat } from "./game.ts";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Message key → ICU MessageFormat string. */
export type Catalogue = Readonly<Record<string, string>>;
/** One catalogue per language, with the same keys and parameters (checked by `checkCatalogues`). */
export type GameText = Readonly<Record<Language, Catalogue>>;

export interface SeatRef {
  readonly seat: Seat;
}

export type MessageParam = number | string | boolean | SeatRef | Message | readonly MessageParam[];
export type MessageParams = Readonly<Record<string, MessageParam>>;

export interface Message {
  readonly key: string;
  readonly params?: MessageParams;
}

/** A message of the game's catalogue. */
export function msg(key: string, params?: MessageParams): Message {
  return params === undefined ? { key } : { key, params };
}

/** A player as a message parameter. */
export function seatRef(seat: Seat): SeatRef {
  return { seat };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).key === "string";
}

export function isSeatRef(value: unknown): value is SeatRef {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as SeatRef).seat === "number";
}
