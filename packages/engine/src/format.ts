// Words a Message (./text.ts) in a language, with intl-messageformat (ICU plural, select, numbers).
// The same function serves the web client and the CLI. `pseudo` is a test language: English with
// every message wrapped in ⟦…⟧, so a test can prove that every word on a page came from a catalogue.
import { IntlMessageFormat } from "intl-messageformat";
import type { Seat } from "./game.ts";
import { isMessage, isSeatRef, type Catalogue, type GameText, type Language, type Message, type MessageParam } from "./text.ts";

export const PSEUDO = "pseudo" as const;
export type DisplayLanguage = Language | typeof PSEUDO;

/** Text every game may use: how a player is named when the reader has no better name. */
export const COMMON_TEXT: GameText = {
  en: {
    "common.you": "you",
    "common.seat": "Seat {n}",
    "common.name": "{who}",
    "common.number": "{n, number}",
  },
  fr: {
    "common.you": "vous",
    "common.seat": "Place {n}",
    "common.name": "{who}",
    "common.number": "{n, number}",
  },
};

export interface TextContext {
  /** Display name of each seat (null or missing: "Seat n"). */
  readonly names?: readonly (string | null | undefined)[];
  /** The reader's own seat, named "you"; null for a spectator. */
  readonly me?: Seat | null;
}

export class TextError extends Error {}

/** Compiled messages, per catalogue object and key (a game's `fr` and `en` are different objects). */
const formats = new WeakMap<Catalogue, Map<string, IntlMessageFormat>>();

function locale(lang: DisplayLanguage): Language {
  return lang === PSEUDO ? "en" : lang;
}

function compiled(text: GameText, lang: DisplayLanguage, key: string): IntlMessageFormat {
  const own = text[locale(lang)];
  const catalogue = Object.hasOwn(own, key) ? own : COMMON_TEXT[locale(lang)];
  let byKey = formats.get(catalogue);
  if (byKey === undefined) formats.set(catalogue, (byKey = new Map()));
  let format = byKey.get(key);
  if (format === undefined) {
    const source = catalogue[key];
    if (!Object.hasOwn(catalogue, key) || source === undefined) throw new TextError(`no message "${key}" in ${lang}`);
    format = new IntlMessageFormat(source, locale(lang));
    byKey.set(key, format);
  }
  return format;
}

const wrap = (lang: DisplayLanguage, text: string): string => (lang === PSEUDO ? `⟦${text}⟧` : text);

function seatName(seat: Seat, lang: DisplayLanguage, context: TextContext): string {
  if (context.me === seat) return formatMessage(COMMON_TEXT, lang, { key: "common.you" }, context);
  const name = context.names?.[seat];
  return name ? name : formatMessage(COMMON_TEXT, lang, { key: "common.seat", params: { n: seat + 1 } }, context);
}

const listFormats = new Map<Language, Intl.ListFormat>();

function listFormat(lang: DisplayLanguage): Intl.ListFormat {
  let format = listFormats.get(locale(lang));
  if (format === undefined) listFormats.set(locale(lang), (format = new Intl.ListFormat(locale(lang), { style: "long", type: "conjunction" })));
  return format;
}

function paramValue(text: GameText, lang: DisplayLanguage, param: MessageParam, context: TextContext): string | number {
  if (typeof param === "number") return param;
  if (typeof param === "string") return param;
  if (typeof param === "boolean") return String(param);
  if (Array.isArray(param)) return listFormat(lang).format(param.map((item) => String(paramValue(text, lang, item, context))));
  if (isSeatRef(param)) return seatName(param.seat, lang, context);
  if (isMessage(param)) return formatMessage(text, lang, param, context);
  throw new TextError(`unknown message parameter ${JSON.stringify(param)}`);
}

/**
 * The message in `lang`, from the game's catalogue (or the common one). Throws a TextError for a
 * missing key or parameter: a message is data the game produced, so that is a bug to catch in tests.
 */
export function formatMessage(text: GameText, lang: DisplayLanguage, message: Message, context: TextContext = {}): string {
  const values: Record<string, string | number> = {};
  for (const [name, param] of Object.entries(message.params ?? {})) {
    values[name] = paramValue(text, lang, param, context);
    if (isSeatRef(param)) values[`${name}_me`] = context.me === param.seat ? "yes" : "no";
  }
  let out: unknown;
  try {
    out = compiled(text, lang, message.key).format(values);
  } catch (error) {
    if (error instanceof TextError) throw error;
    throw new TextError(`message "${message.key}" in ${lang}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof out !== "string") throw new TextError(`message "${message.key}" in ${lang} did not format to text`);
  return wrap(lang, out);
}

/** `formatMessage` with the first letter upper-cased: for a line or a label on its own. */
export function formatLine(text: GameText, lang: DisplayLanguage, message: Message, context: TextContext = {}): string {
  const line = formatMessage(text, lang, message, context);
  const at = lang === PSEUDO ? 1 : 0;
  return line.slice(0, at) + line.charAt(at).toLocaleUpperCase(locale(lang)) + line.slice(at + 1);
}
