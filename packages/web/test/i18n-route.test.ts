// Language choice (stored, then the browser's, then English), both languages complete, and routes.
import { describe, expect, it } from "vitest";
import { detectLanguage } from "../src/i18n/index.ts";
import { en } from "../src/i18n/en.ts";
import { fr } from "../src/i18n/fr.ts";
import { hrefOf, parseRoute } from "../src/route.ts";

function keys(o: unknown, prefix = ""): string[] {
  if (o === null || typeof o !== "object" || Array.isArray(o)) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("language", () => {
  it("prefers the stored choice, then the browser's languages, then English", () => {
    expect(detectLanguage("fr", ["en-US"])).toBe("fr");
    expect(detectLanguage(null, ["de-DE", "fr-CA", "en"])).toBe("fr");
    expect(detectLanguage(null, ["en-GB"])).toBe("en");
    expect(detectLanguage("xx", ["de"])).toBe("en");
  });
  it("French has every English text of the page frame", () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
  it("reads the pseudo-locale, a test language, like a real one", () => {
    expect(detectLanguage("pseudo", ["fr"])).toBe("pseudo");
  });
  it("the how-to pages come from each game's own catalogues, not copies of the English", async () => {
    const { games } = await import("@grimoire/catalog");
    for (const game of games) {
      const rules = Object.keys(game.text.en).filter((key) => key.startsWith("rules."));
      expect(rules.length).toBeGreaterThan(2);
      expect(rules.filter((key) => game.text.fr[key] === game.text.en[key])).toEqual([]);
    }
  });
});

describe("routes", () => {
  it("reads and writes the invitation link and the other pages", () => {
    expect(parseRoute("?table=abc")).toEqual({ page: "table", id: "abc", watch: false });
    expect(parseRoute("?table=abc&watch=1")).toEqual({ page: "table", id: "abc", watch: true });
    expect(parseRoute("?howto=shazamm")).toEqual({ page: "howto", game: "shazamm" });
    expect(parseRoute("?replay=r1")).toEqual({ page: "replay", id: "r1" });
    expect(parseRoute("")).toEqual({ page: "home" });
    for (const r of [{ page: "table", id: "a b", watch: true }, { page: "howto", game: "incantibus" }, { page: "home" }] as const)
      expect(parseRoute(hrefOf(r).slice(1))).toEqual(r);
  });
});
