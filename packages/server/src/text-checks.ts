// What a name or a chat message may be, checked where they arrive (protocol.ts re-exports these):
// the shape of a display or account name (one script, no stacked marks, no controls, no bidi or
// invisible characters, not a bot's label), its UTS #39 skeleton (what it looks like, to compare
// names), and a chat message's text.
import unhomoglyph from "unhomoglyph";
import type { ProtocolError } from "./protocol.ts";
import { BOT_LEVELS, MAX_CHAT_LENGTH } from "./vocabulary.ts";

export const MAX_NAME_LENGTH = 40;
/** Bidirectional formatting characters (embeddings, overrides, isolates, marks): they reorder text around them. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 controls (NUL included), DEL, and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Combining marks allowed on one character (more is stacked "Zalgo" text). */
export const MAX_MARKS = 2;
/** The scripts a name's letters are told apart by; a letter of none of them counts as one more script ("other"). */
const SCRIPTS = [
  "Latin", "Greek", "Cyrillic", "Armenian", "Georgian", "Hebrew", "Arabic", "Syriac", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati",
  "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar", "Khmer", "Ethiopic", "Cherokee", "Mongolian",
  "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo",
] as const;
const SCRIPT_OF = SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, "u")] as const);
/** UTS #39's "highly restrictive" level: one script, or Han with the Japanese kana, with Bopomofo, or with Hangul. */
const SCRIPT_MIXES: readonly (readonly string[])[] = [["Han", "Hiragana", "Katakana"], ["Han", "Bopomofo"], ["Han", "Hangul"]];

/** Invisible in text: default-ignorable code points (zero-width space, soft hyphen, U+2060, the Hangul fillers U+3164, U+115F, U+FFA0…) and format characters. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** The joiners some scripts write words with (Persian's ZWNJ, Indic ZWJ): kept in a display name, though unseen by `nameSkeleton`. */
const JOINERS = /[\u200C\u200D]/gu;
/** The words a bot's seat reads as, in English and French ("bot", "Bot (easy)", "robot facile"). */
const BOT_WORDS = ["bot", "robot"];
/** Read when called: this module and protocol.ts import each other. */
const levelWords = (): readonly string[] => [...BOT_LEVELS, "facile", "moyen", "difficile"];
/** A name's skeleton, letters and digits only. */
const bareSkeleton = (name: string): string => nameSkeleton(name).replace(/[^\p{L}\p{N}]/gu, "");
let botLabel: RegExp | null = null;
/** Whether a name reads as a bot's seat: a bot word, alone or with a level word, compared by skeletons ("b0t medium" too). */
function readsAsBot(name: string): boolean {
  botLabel ??= (() => {
    const [bot, level] = [BOT_WORDS, levelWords()].map((words) => `(?:${words.map(bareSkeleton).join("|")})`);
    return new RegExp(`^(?:${bot}${level}?|${level}${bot})$`, "u");
  })();
  return botLabel.test(bareSkeleton(name));
}

/** Full case folding as far as JavaScript has it: "ß" is "ss", a final "ς" is "σ". */
const fold = (text: string): string => text.toUpperCase().toLowerCase().replace(/ς/gu, "σ");

/**
 * What a name looks like, to compare names by (UTS #39's skeleton, made case-blind): NFKC (a
 * fullwidth "ｃ" is "c"), case-folded, NFD, invisible characters removed, then every character
 * replaced by its prototype in Unicode's confusables.txt (the `unhomoglyph` data: a Cyrillic "с"
 * is "c", "0" is "O", "m" is "rn"), folded and mapped once more so a prototype's case counts for
 * nothing. Two names that look alike have one skeleton ("coco7", "сосо7", "ｃｏｃｏ７", "co\u200Bco7");
 * accents still count ("Zoé" is not "Zoe"). Not meant to be shown.
 */
export function nameSkeleton(name: string): string {
  const once = (text: string) => unhomoglyph(fold(text).normalize("NFD").replace(INVISIBLE, "")).normalize("NFD");
  return once(once(name.normalize("NFKC")));
}

/**
 * What makes a (normalised, non-empty) name unfit to tell people apart, or null: no invisible
 * characters but the joiners (`invisible`), start with a letter ("...", "---" and marks alone are
 * no names), carry at most MAX_MARKS combining marks on any character, not mix scripts (a
 * Cyrillic "А" in "Аda" passes for Latin), and not read as a bot's seat (`bot:easy`).
 */
export function nameShapeError(name: string): ProtocolError | null {
  if (name.replace(JOINERS, "").match(INVISIBLE)) {
    return { code: "bad-name", message: "a name may not contain invisible characters (zero-width spaces, soft hyphens, fillers)", params: { reason: "invisible" } };
  }
  const chars = [...name];
  if (!/^\p{L}$/u.test(chars[0] ?? "")) return { code: "bad-name", message: "a name starts with a letter", params: { reason: "first-letter" } };
  if (stackedMarks(name)) return { code: "bad-name", message: `a name has at most ${MAX_MARKS} accents on one letter`, params: { reason: "marks", max: MAX_MARKS } };
  // Letters of no one script (Common, like the Japanese "ー", or Inherited) go with any.
  const scripts = new Set(chars.filter((c) => /^\p{L}$/u.test(c) && !/^[\p{Script=Common}\p{Script=Inherited}]$/u.test(c)).map((c) => SCRIPT_OF.find(([, test]) => test.test(c))?.[0] ?? "other"));
  if (scripts.size > 1 && !SCRIPT_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)))) {
    return { code: "bad-name", message: "a name is written in one script (no Latin and Cyrillic letters together, say)", params: { reason: "scripts" } };
  }
  if (readsAsBot(name)) {
    return { code: "bad-name", message: "a name may not read as a bot's seat", params: { reason: "bot" } };
  }
  return null;
}

/** Whether some character carries more than MAX_MARKS combining marks (stacked "Zalgo" text). */
function stackedMarks(text: string): boolean {
  let marks = 0;
  for (const c of text) {
    marks = /^\p{M}$/u.test(c) ? marks + 1 : 0;
    if (marks > MAX_MARKS) return true;
  }
  return false;
}

/**
 * A display name: trimmed, NFC, 1 to MAX_NAME_LENGTH characters, no control or bidi characters,
 * and shaped like a name (`nameShapeError`); spaces and punctuation after the first letter are kept.
 */
export function parseDisplayName(raw: string): { ok: true; value: string } | { ok: false; error: ProtocolError } {
  const name = raw.normalize("NFC").trim();
  if (CONTROL.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain control characters", params: { reason: "control" } } };
  if (BIDI.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain bidirectional formatting characters", params: { reason: "bidi" } } };
  if (name.length === 0) return { ok: false, error: { code: "bad-name", message: "a name is needed", params: { reason: "empty" } } };
  if ([...name].length > MAX_NAME_LENGTH) {
    return { ok: false, error: { code: "bad-name", message: `a name has at most ${MAX_NAME_LENGTH} characters`, params: { reason: "too-long", max: MAX_NAME_LENGTH } } };
  }
  const shape = nameShapeError(name);
  if (shape) return { ok: false, error: shape };
  return { ok: true, value: name };
}

/** Bidi and control characters a chat message may not hold (line breaks and tabs are kept). */
const CHAT_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;

/**
 * A chat message's text: NFC, trimmed, 1 to MAX_CHAT_LENGTH characters, no control or bidi
 * characters, something visible (not zero-width characters only), at most MAX_MARKS combining
 * marks on one character.
 */
export function parseChatText(raw: string): { ok: true; value: string } | { ok: false; error: ProtocolError } {
  const text = raw.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (text.length === 0) return { ok: false, error: { code: "chat-empty", message: "a chat message needs some text" } };
  if ([...text].length > MAX_CHAT_LENGTH) return { ok: false, error: { code: "chat-too-long", message: `a chat message has at most ${MAX_CHAT_LENGTH} characters`, params: { max: MAX_CHAT_LENGTH } } };
  if (CHAT_CONTROL.test(text) || BIDI.test(text)) return { ok: false, error: { code: "chat-bad-text", message: "a chat message may not contain control or text-direction characters", params: { reason: "control" } } };
  if (text.replace(INVISIBLE, "").trim().length === 0) return { ok: false, error: { code: "chat-bad-text", message: "a chat message needs some visible text", params: { reason: "invisible" } } };
  if (stackedMarks(text)) return { ok: false, error: { code: "chat-bad-text", message: `a chat message has at most ${MAX_MARKS} combining marks on one character`, params: { reason: "marks", max: MAX_MARKS } } };
  return { ok: true, value: text };
}
