// French typography (issue #25), over every catalogue: the page frame's, the common words and each
// game's. A no-break space before « ; : ! ? » and inside « », no "de" + vowel left unelided; names
// elided at run time ("d’Alice", "d’Hector"); and every prompt has a form for those who are not
// deciding (a spectator never reads "Bid mana…" addressed to someone else).
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { COMMON_TEXT } from "@grimoire/engine/text";
import { fr } from "../src/i18n/fr.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { eachAfterDe, elideBeforeNames } from "../src/i18n/elision.ts";
import { gameText, listAfterDe, preloadWords } from "../src/text.tsx";
import { promptFor } from "../src/table/prompt.ts";
import { frenchTypographyFaults } from "./support/typography.ts";

function flatten(tree: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out[prefix + key] = value;
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

function faults(catalogue: Readonly<Record<string, string>>): string[] {
  return Object.entries(catalogue).flatMap(([key, text]) => frenchTypographyFaults(text).map((fault) => `${key}: ${fault}`));
}

describe("French typography in every catalogue", () => {
  it("the page frame's", () => expect(faults(flatten(fr))).toEqual([]));
  it("the common words", () => expect(faults(COMMON_TEXT.fr)).toEqual([]));
  for (const game of games) it(`${game.id}'s`, () => expect(faults(game.text.fr)).toEqual([]));

  it("the check finds what issue #25 found", () => {
    const found = frenchTypographyFaults("En attente de Alice: « Misez » ; Place 1: Moi");
    expect(found.length).toBe(6);
    expect(frenchTypographyFaults("En attente d’Alice\u00a0: «\u00a0Misez\u00a0»\u00a0; {v, number, ::percent} Shazamm!")).toEqual([]);
  });
});

describe("elision before a name", () => {
  it("writes d’ and qu’ before a vowel or an h, de and que otherwise", () => {
    expect(elideBeforeNames("En attente de Alice et de Hector, que Ève voit, de Bob", ["Alice", "Hector", "Ève", "Bob"])).toBe("En attente d’Alice et d’Hector, qu’Ève voit, de Bob");
    expect(elideBeforeNames("Analyse des décisions de Amelie0584", ["Amelie0584"])).toBe("Analyse des décisions d’Amelie0584");
    expect(elideBeforeNames("de Alicia", ["Ali"])).toBe("de Alicia");
  });

  it("gives each name of a list after \"de\" its own preposition, elided where the name asks for it", () => {
    expect(eachAfterDe(["Alice", "Bob"])).toEqual(["Alice", "de Bob"]);
    expect(eachAfterDe(["Bob", "Alice", "Hector", "Zoé"])).toEqual(["Bob", "d’Alice", "d’Hector", "de Zoé"]);
    expect(eachAfterDe(["Alice"])).toEqual(["Alice"]);
    expect(eachAfterDe([])).toEqual([]);
  });

  it("waiting for several players: « d’Alice et de Bob », « de Bob et d’Alice », and plainly in English", async () => {
    initI18n("fr");
    switchLanguage("fr");
    const { default: i18next } = await import("i18next");
    const waiting = (lang: "fr" | "en", names: string[]) => i18next.t("match.waitingFor", { who: listAfterDe(lang, names) });
    expect(waiting("fr", ["Alice", "Bob"])).toBe("En attente d’Alice et de Bob.");
    expect(waiting("fr", ["Bob", "Alice"])).toBe("En attente de Bob et d’Alice.");
    expect(waiting("fr", ["Bob", "Hector", "Alice"])).toBe("En attente de Bob, d’Hector et d’Alice.");
    expect(waiting("fr", ["Ève"])).toBe("En attente d’Ève.");
    switchLanguage("en");
    expect(waiting("en", ["Alice", "Bob"])).toBe("Waiting for Alice and Bob.");
    expect(waiting("en", ["Bob", "Hector", "Alice"])).toBe("Waiting for Bob, Hector, and Alice.");
  });

  it("in the page frame's words and in a game's, at run time", async () => {
    initI18n("fr");
    switchLanguage("fr");
    const { default: i18next } = await import("i18next");
    expect(i18next.t("match.waitingFor", { who: "Alice" })).toBe("En attente d’Alice.");
    expect(i18next.t("review.title", { name: "Hector" })).toBe("Analyse des décisions d’Hector");
    expect(i18next.t("review.title", { name: "Basile" })).toBe("Analyse des décisions de Basile");
    await preloadWords("abracadawhat");
    const tx = gameText("abracadawhat", "fr", { names: ["Alice", "Hector"], me: null });
    expect(tx.t("board.seatLabel", { player: { seat: 0 } })).toBe("place d’Alice");
    expect(tx.t("board.stonesOf", { player: { seat: 1 } })).toBe("pierres d’Hector");
    switchLanguage("en");
  });
});

describe("prompts for those not deciding", () => {
  for (const game of games) {
    it(`${game.id}: every prompt has a third-person form or is worded for every reader`, () => {
      const prompts = Object.keys(game.text.en).filter((key) => key.startsWith("prompt.") && !key.endsWith(".others"));
      expect(prompts.length).toBeGreaterThan(0);
      expect(prompts.filter((key) => !Object.hasOwn(game.text.en, `${key}.others`) && !/_me, select/.test(game.text.en[key]!))).toEqual([]);
    });
  }

  it("a spectator reads the third person, the decider the second", async () => {
    await preloadWords("shazamm");
    const tx = (me: number | null) => gameText("shazamm", "fr", { names: ["Alice", "Bob"], me });
    const decision = { type: "simultaneous" as const, seats: [0], prompt: { key: "prompt.commit" }, deadline: null };
    expect(promptFor(tx(0), decision, 0)).toBe("Misez de la Mana et posez des cartes face cachée");
    expect(promptFor(tx(null), decision, null)).toBe("Alice mise de la Mana et pose des cartes face cachée");
    expect(promptFor(tx(1), { ...decision, seats: [0, 1] }, null)).toBe("Alice et vous misent de la Mana et posent des cartes face cachée");
  });
});
