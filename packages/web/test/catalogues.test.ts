// Every catalogue of the project, in every language: the same keys, valid ICU, the same
// parameters. Games own theirs (games/<id>/src/text); the page frame and the common words too.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { COMMON_TEXT } from "@grimoire/engine/text";
import { checkCatalogues } from "@grimoire/engine/text-check";
import type { Catalogue } from "@grimoire/engine";
import { en } from "../src/i18n/en.ts";
import { fr } from "../src/i18n/fr.ts";
import { ERROR_CODES } from "../../server/src/protocol.ts";

/** The page frame's nested texts as flat dotted keys, as i18next looks them up. */
function flatten(tree: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out[prefix + key] = value;
    else if (Array.isArray(value)) value.forEach((item, i) => (out[`${prefix}${key}.${i}`] = String(item)));
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

describe("catalogues", () => {
  it("the common words agree in every language", () => {
    expect(checkCatalogues("common", COMMON_TEXT)).toEqual([]);
  });

  it("the page frame agrees in every language", () => {
    expect(checkCatalogues("web", { en: flatten(en) as Catalogue, fr: flatten(fr) as Catalogue })).toEqual([]);
  });

  it("words every error code the server can send, in every language", () => {
    for (const words of [flatten(en), flatten(fr)]) expect(ERROR_CODES.filter((code) => !(`errors.${code}` in words))).toEqual([]);
  });

  for (const game of games) {
    it(`${game.id} agrees in every language, and words its title, bots and options`, () => {
      expect(checkCatalogues(game.id, game.text)).toEqual([]);
      const needed = ["game.title", "game.short", ...Object.keys(game.bots).map((bot) => `bot.${bot}.description`)];
      for (const option of game.optionDocs) {
        needed.push(`option.${option.name}.label`, `option.${option.name}.description`, ...option.values.map((v: string) => `option.${option.name}.value.${v}`));
      }
      expect(needed.filter((key) => !Object.hasOwn(game.text.en, key))).toEqual([]);
      expect(Object.keys(game.text.en).some((key) => key.startsWith("rules."))).toBe(true);
    });
  }
});
