// The games' own words in the reader's language: each game owns its catalogues
// (games/<id>/src/text), and this hook words its Messages with the page's current language, the
// players' display names, and "you" for the reader's seat. Re-renders when the language changes,
// and when the game's words arrive: they load on demand, per game (meanwhile texts read "…").
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { GameText, Message, MessageParams } from "@grimoire/engine";
import { formatLine, formatMessage, PSEUDO, type DisplayLanguage, type TextContext } from "@grimoire/engine/text";
import type { TableInfo } from "./protocol.ts";
import { eachAfterDe, elideBeforeNames } from "./i18n/elision.ts";
import { findWords, knownWords, loadWords, type GameWords } from "@grimoire/catalog/words";

const NO_TEXT: GameText = { en: {}, fr: {} };

export function displayLanguage(language: string | undefined): DisplayLanguage {
  return language === "fr" || language === PSEUDO ? language : "en";
}

/** Each seat's name as the reader sees it: a player's display name, or a bot's name and level. */
export function seatNames(table: TableInfo | null, level: (level: string) => string): (string | null)[] {
  return (table?.seats ?? []).map((seat) => {
    if (!seat.name) return null;
    return seat.kind === "bot" && seat.level ? `${seat.name} (${level(seat.level)})` : seat.name;
  });
}

export interface GameTextApi {
  readonly lang: DisplayLanguage;
  /** The game's catalogues and describers, or undefined for an unknown game. */
  readonly game: GameWords | undefined;
  /** A message of the game's catalogue, as a fragment of a sentence. */
  t(key: string, params?: MessageParams): string;
  /** A Message (event, action, prompt) as a line or a label on its own (first letter upper-cased). */
  line(message: Message): string;
  /** A player's name, or "you" for the reader's own seat. */
  name(seat: number): string;
  /** A player's display name even for the reader's own seat (the seats list, the replay's viewer). */
  displayName(seat: number): string;
}

/** What a text reads while its game's words are on their way. */
const PENDING = "…";

export function gameText(gameId: string, lang: DisplayLanguage, context: TextContext): GameTextApi {
  const game = findWords(gameId);
  if (!game && knownWords(gameId)) {
    requestWords(gameId);
    const name = (seat: number) => formatMessage(NO_TEXT, lang, { key: "common.name", params: { who: { seat } } }, context);
    return { lang, game: undefined, t: () => PENDING, line: () => PENDING, name, displayName: (seat) => formatMessage(NO_TEXT, lang, { key: "common.name", params: { who: { seat } } }, { ...context, me: null }) };
  }
  const text = game?.text ?? NO_TEXT;
  // French: "de Alice" written "d’Alice" (the catalogue cannot know how a name starts).
  const elide = lang === "fr" ? (words: string) => elideBeforeNames(words, context.names ?? []) : (words: string) => words;
  return {
    lang,
    game,
    t: (key, params) => elide(formatMessage(text, lang, params === undefined ? { key } : { key, params }, context)),
    line: (message) => elide(formatLine(text, lang, message, context)),
    name: (seat) => formatMessage(text, lang, { key: "common.name", params: { who: { seat } } }, context),
    displayName: (seat) => formatMessage(text, lang, { key: "common.name", params: { who: { seat } } }, { ...context, me: null }),
  };
}

const wordsListeners = new Set<() => void>();
let wordsLoaded = 0;
function notifyWords(): void {
  wordsLoaded++;
  for (const listener of wordsListeners) listener();
}
function subscribeWords(listener: () => void): () => void {
  wordsListeners.add(listener);
  return () => wordsListeners.delete(listener);
}

/** Loads a game's words ahead of their first use (tests, a page about to show the game). */
export async function preloadWords(gameId: string): Promise<void> {
  if (!findWords(gameId) && (await loadWords(gameId))) notifyWords();
}

/** The first wait before a failed load of a game's words is tried again, in ms; doubled each time. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;
/** Games whose words failed to load and are waiting for their next try. */
const retrying = new Set<string>();

/**
 * Loads a game's words for the texts being shown: each page showing them re-renders when they
 * arrive. A load that fails (a chunk request dropped) is said on the console and tried again,
 * waiting twice as long each time, so a table does not stay unworded until its next update.
 */
function requestWords(gameId: string, wait = RETRY_FIRST_MS): void {
  if (findWords(gameId) || !knownWords(gameId) || retrying.has(gameId)) return;
  loadWords(gameId).then(notifyWords, (error: unknown) => {
    if (retrying.has(gameId)) return;
    console.error(`the words of ${gameId} did not load (trying again in ${wait / 1000} s):`, error);
    retrying.add(gameId);
    setTimeout(() => {
      retrying.delete(gameId);
      if (!findWords(gameId)) requestWords(gameId, Math.min(wait * 2, RETRY_MOST_MS));
    }, wait);
  });
}

/** Re-renders the caller when some game's words arrive (a counter of loads). */
export function useWordsLoaded(): number {
  return useSyncExternalStore(subscribeWords, () => wordsLoaded);
}

/** The game's words for the reader at `seat` (null: a spectator) at `table`. */
export function useGameText(gameId: string, table: TableInfo | null, seat: number | null): GameTextApi {
  const { t, i18n } = useTranslation();
  const lang = displayLanguage(i18n.language);
  const loads = useWordsLoaded();
  useEffect(() => requestWords(gameId), [gameId]);
  return useMemo(() => {
    const names = seatNames(table, (level) => t(`create.level.${level}`));
    return gameText(gameId, lang, { names, me: seat });
    // `loads`: the words may have arrived since.
  }, [gameId, lang, table, seat, t, loads]);
}

/** Names joined as the language joins a list ("a, b and c", « a, b et c »). */
export function listOf(lang: DisplayLanguage, items: readonly string[]): string {
  return new Intl.ListFormat(lang === PSEUDO ? "en" : lang, { style: "long", type: "conjunction" }).format(items);
}

/**
 * Names joined for a sentence that puts them after "de" ("Waiting for {who}", « En attente de {who} »):
 * in French each name after the first takes its own "de" (« d’Alice et de Bob »); otherwise `listOf`.
 */
export function listAfterDe(lang: DisplayLanguage, items: readonly string[]): string {
  return listOf(lang, lang === "fr" ? eachAfterDe(items) : items);
}
