// The command line's own words (keys `cli.*`, ./en.ts and ./fr.ts, ICU MessageFormat like the
// games' catalogues) and how the CLI words a line: a game's messages and the CLI's are merged in
// one catalogue, so that a CLI sentence can nest a game's message (a prompt, an action label) and
// name players through the same TextContext (display names, "you" for the reader's seat).
// The language is `--lang`, else the environment as other Unix tools read it.
import { LANGUAGES, msg, type AnyGame, type GameText, type Language, type Message, type MessageParams } from "@grimoire/engine";
import { formatLine, formatMessage, type TextContext } from "@grimoire/engine/text";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const CLI_TEXT: GameText = { en, fr };

/** `fr` or `en` as typed, or null. */
export function parseLanguage(raw: string): Language | null {
  return (LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : null;
}

/**
 * The language of the environment, as POSIX tools pick it: the first set of LC_ALL, LC_MESSAGES
 * and LANG; its language part if we speak it (fr_FR.UTF-8, fr_CA and fr are French), else English.
 */
export function languageFromEnv(env: Readonly<Record<string, string | undefined>>): Language {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== "") ?? "";
  const base = /^([a-z]{2,3})(?![a-z])/i.exec(locale)?.[1]?.toLowerCase();
  return (base !== undefined && parseLanguage(base)) || "en";
}

const merged = new WeakMap<GameText, GameText>();
const EMPTY: GameText = { en: {}, fr: {} };

/** The game's catalogues with the CLI's (a game's keys never start with `cli.`). */
export function textWith(game: AnyGame | undefined): GameText {
  const own = (game?.text as GameText | undefined) ?? EMPTY;
  let text = merged.get(own);
  if (text === undefined) {
    text = Object.fromEntries(LANGUAGES.map((lang) => [lang, { ...own[lang], ...CLI_TEXT[lang] }])) as unknown as GameText;
    merged.set(own, text);
  }
  return text;
}

/** Words messages in one language, from one catalogue, for one reader. */
export class Words {
  constructor(
    readonly lang: Language,
    readonly text: GameText = CLI_TEXT,
    readonly context: TextContext = {},
  ) {}

  /** A line or a label on its own: first letter upper-cased. */
  line(key: string, params?: MessageParams): string {
    return formatLine(this.text, this.lang, msg(key, params), this.context);
  }

  /** Part of a sentence, as written. */
  phrase(key: string, params?: MessageParams): string {
    return formatMessage(this.text, this.lang, msg(key, params), this.context);
  }

  lineOf(message: Message): string {
    return formatLine(this.text, this.lang, message, this.context);
  }

  phraseOf(message: Message): string {
    return formatMessage(this.text, this.lang, message, this.context);
  }

  /** Whether the catalogue has this key in the reader's language. */
  has(key: string): boolean {
    return Object.hasOwn(this.text[this.lang], key);
  }

  /** The same catalogue and language for another reader. */
  with(context: TextContext): Words {
    return new Words(this.lang, this.text, context);
  }
}

/** Words of the CLI, or of a game and the CLI. */
export function wordsFor(lang: Language, game?: AnyGame, context: TextContext = {}): Words {
  return new Words(lang, game === undefined ? CLI_TEXT : textWith(game), context);
}
