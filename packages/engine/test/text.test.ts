import { describe, expect, it } from "vitest";
import { checkGameProperties } from "../src/testing.ts";
import { formatLine, formatMessage, TextError } from "../src/format.ts";
import { checkCatalogues, messageParameters } from "../src/text-check.ts";
import { msg, seatRef, type GameText } from "../src/text.ts";
import { biddingGame } from "./fixtures/bidding.ts";

const text: GameText = {
  en: {
    draws: "{actor_me, select, yes {you draw} other {{actor} draws}} {n, plural, one {# card} other {# cards}}",
    cast: "{actor} casts {spell}",
    "spell.2": "Clone",
    list: "{items}",
    big: "{n, number} points",
  },
  fr: {
    draws: "{actor_me, select, yes {vous piochez} other {{actor} pioche}} {n, plural, one {# carte} other {# cartes}}",
    cast: "{actor} lance {spell}",
    "spell.2": "Clone",
    list: "{items}",
    big: "{n, number} points",
  },
};
const names = ["Ada", "Bérénice", "Merlin (hard)"];

describe("formatMessage", () => {
  it("names players, says you for the reader, and agrees the verb", () => {
    const m = msg("draws", { actor: seatRef(1), n: 2 });
    expect(formatMessage(text, "en", m, { names })).toBe("Bérénice draws 2 cards");
    expect(formatMessage(text, "en", m, { names, me: 1 })).toBe("you draw 2 cards");
    expect(formatLine(text, "fr", m, { names, me: 1 })).toBe("Vous piochez 2 cartes");
    expect(formatMessage(text, "fr", m, { names, me: 0 })).toBe("Bérénice pioche 2 cartes");
  });

  it("follows each language's plural rules (French 0 and 1 are singular)", () => {
    expect(formatMessage(text, "en", msg("draws", { actor: seatRef(0), n: 0 }), { names })).toBe("Ada draws 0 cards");
    expect(formatMessage(text, "fr", msg("draws", { actor: seatRef(0), n: 0 }), { names })).toBe("Ada pioche 0 carte");
    expect(formatMessage(text, "fr", msg("draws", { actor: seatRef(0), n: 1 }), { names })).toBe("Ada pioche 1 carte");
  });

  it("formats numbers in the reader's locale", () => {
    expect(formatMessage(text, "en", msg("big", { n: 12345 }))).toBe("12,345 points");
    expect(formatMessage(text, "fr", msg("big", { n: 12345 }))).toMatch(/^12\s345 points$/u);
  });

  it("words nested messages and lists, and a seat without a name", () => {
    expect(formatMessage(text, "en", msg("cast", { actor: seatRef(4), spell: msg("spell.2") }), { names })).toBe("Seat 5 casts Clone");
    expect(formatMessage(text, "fr", msg("cast", { actor: seatRef(4), spell: msg("spell.2") }), { names })).toBe("Place 5 lance Clone");
    expect(formatMessage(text, "en", msg("list", { items: [seatRef(0), seatRef(1), seatRef(2)] }), { names })).toBe("Ada, Bérénice, and Merlin (hard)");
    expect(formatMessage(text, "fr", msg("list", { items: [seatRef(0), seatRef(1), seatRef(2)] }), { names })).toBe("Ada, Bérénice et Merlin (hard)");
  });

  it("wraps every message, nested ones too, in the pseudo-locale", () => {
    expect(formatMessage(text, "pseudo", msg("cast", { actor: seatRef(0), spell: msg("spell.2") }), { names })).toBe("⟦Ada casts ⟦Clone⟧⟧");
    expect(formatLine(text, "pseudo", msg("draws", { actor: seatRef(0), n: 1 }), { names, me: 0 })).toBe("⟦You draw 1 card⟧");
    expect(formatMessage(text, "pseudo", msg("cast", { actor: seatRef(0), spell: msg("spell.2") }), { names, me: 0 })).toBe("⟦⟦you⟧ casts ⟦Clone⟧⟧");
  });

  it("throws on a missing key or parameter", () => {
    expect(() => formatMessage(text, "en", msg("nope"))).toThrow(TextError);
    expect(() => formatMessage(text, "en", msg("cast", { actor: seatRef(0) }))).toThrow(TextError);
  });
});

describe("checkCatalogues", () => {
  it("passes catalogues that agree", () => {
    expect(checkCatalogues("test", text)).toEqual([]);
    expect(checkCatalogues("bidding", biddingGame.text)).toEqual([]);
  });

  it("names a missing key, a differing parameter, an empty or invalid message", () => {
    const bad: GameText = {
      en: { a: "{x} and {y}", b: "B", c: "C", d: "{n, plural, one {#} other {#}}" },
      fr: { a: "{x}", b: "", d: "{n, plural, one {#}" },
    };
    const problems = checkCatalogues("bad", bad);
    expect(problems.some((p) => p.includes('"a": parameters differ'))).toBe(true);
    expect(problems.some((p) => p.includes('missing "c"'))).toBe(true);
    expect(problems.some((p) => p.includes('"b": empty'))).toBe(true);
    expect(problems.some((p) => p.includes('fr "d": not valid ICU'))).toBe(true);
  });

  it("lets one language agree a verb with a player where the other need not", () => {
    expect(checkCatalogues("agree", { en: { a: "{who} fell" }, fr: { a: "{who_me, select, yes {vous êtes tombé} other {{who} est tombé}}" } })).toEqual([]);
    expect(checkCatalogues("agree", { en: { a: "{who} fell" }, fr: { a: "{other_me, select, yes {x} other {y}}" } })).not.toEqual([]);
  });

  it("lists a message's parameters through plurals and selects", () => {
    expect([...messageParameters("{a_me, select, yes {you} other {{a}}} {n, plural, one {# {thing}} other {#}}").keys()].sort()).toEqual(["a", "a_me", "n", "thing"]);
  });
});

describe("the property suite words everything a game says", () => {
  it("fails a game whose event line uses a key its catalogue lacks", () => {
    const { "event.claimed": _dropped, ...en } = biddingGame.text.en;
    const broken = { ...biddingGame, text: { en, fr: biddingGame.text.fr } };
    expect(() => checkGameProperties(broken, { seats: 2, games: 5 })).toThrow(/event\.claimed/);
  });

  it("fails a game whose prompt is a sentence, not a Message", () => {
    const broken = { ...biddingGame, decision: (state: never) => ({ ...biddingGame.decision(state), prompt: "Bid!" }) };
    expect(() => checkGameProperties(broken as typeof biddingGame, { seats: 2, games: 1 })).toThrow(/not a Message/);
  });
});
