// Checks that a game's catalogues agree: every key in every language, each message valid ICU, and
// the same parameters (names and kinds) in each language. Run over every catalogue by a unit test.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { LANGUAGES, type Catalogue, type GameText } from "./text.ts";

/** Each parameter a message uses, with how it is used (argument, number, select, plural, ...). */
export function messageParameters(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          if (!found.has(element.value)) found.set(element.value, "argument");
          break;
        case TYPE.number:
          found.set(element.value, "number");
          break;
        case TYPE.select:
          found.set(element.value, "select");
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural:
          found.set(element.value, "plural");
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          walk(element.children);
          break;
        case TYPE.date:
        case TYPE.time:
          found.set(element.value, "date");
          break;
        default:
          break;
      }
    }
  };
  walk(parse(source, { requiresOtherClause: true }));
  return found;
}

/** The problems of a set of catalogues, one line each; empty when they agree. */
export function checkCatalogues(name: string, text: GameText): string[] {
  const problems: string[] = [];
  const keys = new Set(LANGUAGES.flatMap((lang) => Object.keys(text[lang])));
  const parsed = (catalogue: Catalogue, lang: string, key: string): Map<string, string> | null => {
    try {
      return messageParameters(catalogue[key]!);
    } catch (error) {
      problems.push(`${name} ${lang} "${key}": not valid ICU (${error instanceof Error ? error.message : String(error)})`);
      return null;
    }
  };
  for (const key of [...keys].sort()) {
    const params: [string, Map<string, string>][] = [];
    for (const lang of LANGUAGES) {
      const catalogue = text[lang];
      if (!Object.hasOwn(catalogue, key)) {
        problems.push(`${name} ${lang}: missing "${key}"`);
        continue;
      }
      if (catalogue[key]!.trim() === "") problems.push(`${name} ${lang} "${key}": empty`);
      const found = parsed(catalogue, lang, key);
      if (found) params.push([lang, found]);
    }
    const [first, ...rest] = params;
    if (!first) continue;
    // Names only: one language may need a plural or a select where the other prints the number,
    // and may agree a verb with a player (`<p>_me`, which the formatter passes with every player `p`).
    const describe = (found: Map<string, string>): string =>
      [...found.keys()].filter((name) => !(name.endsWith("_me") && found.has(name.slice(0, -3)))).sort().join(", ");
    for (const [lang, found] of rest) {
      if (describe(found) !== describe(first[1])) {
        problems.push(`${name} "${key}": parameters differ, ${first[0]} {${describe(first[1])}} but ${lang} {${describe(found)}}`);
      }
    }
  }
  return problems;
}
