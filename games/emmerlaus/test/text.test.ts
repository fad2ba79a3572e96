// Emmerlaüs' words: both catalogues agree (keys, valid ICU, parameters), every card has its name and
// full effect in both languages with the card data's dice, and sample events, actions, prompts and
// view lines are worded as a French and an English player expect ("you"/"vous", plurals).
import type { Message } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";
import { checkCatalogues } from "@grimoire/engine/text-check";
import { describe, expect, it } from "vitest";
import { CARDS, emmerlausGame, text, type EmmerlausEvent } from "../src/index.ts";
import { en } from "../src/text/en.ts";
import { fr } from "../src/text/fr.ts";
import { play, start } from "./helpers.ts";

const names = ["Ada", "Bérénice", "Merlin (difficile)"];
const say = (lang: "en" | "fr", message: Message, me: number | null = null): string => formatLine(text, lang, message, { names, me });
const event = (e: EmmerlausEvent, me: number | null = null) => ({
  en: say("en", emmerlausGame.describeEvent(e, me ?? "spectator"), me),
  fr: say("fr", emmerlausGame.describeEvent(e, me ?? "spectator"), me),
});

describe("catalogues", () => {
  it("every key in both languages, valid ICU, the same parameters", () => {
    expect(checkCatalogues("emmerlaus", text)).toEqual([]);
  });

  it("typographic apostrophes only (a straight one would start an ICU quote)", () => {
    for (const catalogue of [en, fr] as Record<string, string>[]) for (const [key, value] of Object.entries(catalogue)) expect(value.includes("'"), key).toBe(false);
  });

  it("every one of the 78 cards has a name and a full effect in both languages, and the names differ where the French ones are translated", () => {
    expect(CARDS).toHaveLength(78);
    const all = { ...en } as Record<string, string>;
    const french = fr as Record<string, string>;
    for (const c of CARDS) {
      for (const key of [`card.${c.id}.name`, `card.${c.id}.effect`]) {
        expect(all[key], key).toBeTruthy();
        expect(french[key], key).toBeTruthy();
      }
      expect(all[`card.${c.id}.effect`]!.length, c.id).toBeGreaterThan(120);
    }
    expect([fr["card.eclair.name"], en["card.eclair.name"]]).toEqual(["Éclair", "Lightning Bolt"]);
    expect([fr["card.annulation.name"], en["card.annulation.name"]]).toEqual(["Annulation", "Nullify"]);
    expect(fr["card.sacrifice-d-emmerlaus.name"]).toBe("Sacrifice d’Emmerlaüs");
  });

  it("each card's effect text carries the card data's dice, threshold malus and category code", () => {
    for (const c of CARDS) {
      const texts = [en[`card.${c.id}.effect` as keyof typeof en], fr[`card.${c.id}.effect` as keyof typeof fr]];
      const e = c.effect;
      const amount = e.kind === "damage" || e.kind === "drain" || e.kind === "heal" || e.kind === "sanctuary" ? e.amount : null;
      for (const t of texts) {
        expect(t, c.id).toContain(`(${c.category})`);
        if (amount?.dice) expect(t, c.id).toMatch(new RegExp(`\\d+d${amount.dice.die}\\b`));
        if (amount?.flat) expect(t, c.id).toContain(String(amount.flat));
        if (c.malus) expect(t, c.id).toContain(String(c.malus));
        if (e.kind === "power" || e.kind === "protection") expect(t, c.id).toContain(String(e.kind === "power" ? e.value : e.bonus));
      }
      // The defence band is spelled out for every card that takes answers.
      if (c.category !== "CA") {
        expect(texts[0], c.id).toContain("Defence band");
        expect(texts[1], c.id).toContain("Bande de défense");
        if (c.band.annul === 2) expect(texts[1], c.id).toContain("deux Annulations");
        if (!c.object) expect(texts[0], c.id).toContain(c.band.mirror ? "Mirror allowed" : "no Mirror");
      }
    }
  });
});

describe("sample sentences", () => {
  it("a card played at a player, seen by the caster, the target and a spectator", () => {
    const played: EmmerlausEvent = { type: "played", seat: 0, card: "eclair", target: 1 };
    expect(event(played, 0)).toEqual({ en: "You play Lightning Bolt on Bérénice", fr: "Vous jouez Éclair sur Bérénice" });
    expect(event(played, 1)).toEqual({ en: "Ada plays Lightning Bolt on you", fr: "Ada joue Éclair sur vous" });
    expect(event(played)).toEqual({ en: "Ada plays Lightning Bolt on Bérénice", fr: "Ada joue Éclair sur Bérénice" });
  });

  it("dice lines are structured: what for, the dice, the faces and the result", () => {
    expect(event({ type: "roll", seat: 0, what: "amount", card: "boule-de-feu", die: 8, dice: [4, 5], total: 9 })).toEqual({ en: "Ada rolls 2d8 for Fireball: 4 + 5 = 9", fr: "Ada lance 2d8 pour Boule de feu : 4 + 5 = 9" });
    expect(event({ type: "roll", seat: 0, what: "amount", card: "globe-infernal", die: 8, dice: [5], total: 15 }, 0)).toEqual({ en: "You roll 1d8 for Infernal Globe: 5, total 15", fr: "Vous lancez 1d8 pour Globe infernal : 5, total 15" });
    expect(event({ type: "roll", seat: 1, what: "resistance", card: "eclair", die: 20, dice: [7], total: 7, threshold: 10, result: "success" }, 1)).toEqual({
      en: "You roll 1d20 to resist Lightning Bolt, needing 10 or less: 7, success",
      fr: "Vous faites un jet de résistance contre Éclair (1d20, 10 ou moins) : 7, réussi",
    });
    expect(event({ type: "roll", seat: 1, what: "resistance", card: "eclair", die: 20, dice: [20], total: 20, threshold: 13, result: "fatal" }).fr).toBe("Bérénice fait un jet de résistance contre Éclair (1d20, 13 ou moins) : 20, 20 naturel — échec fatal, effet doublé");
    expect(event({ type: "roll", seat: 0, what: "hit", card: "main-brulante", die: 12, dice: [9], total: 9, hit: 3 }).en).toBe("Ada rolls 1d12 for hit 3 of Burning Hand: 9");
  });

  it("counts agree in number (French 0 and 1 singular)", () => {
    expect(event({ type: "drew", seat: 1, cards: null, count: 1 })).toEqual({ en: "Bérénice draws 1 card", fr: "Bérénice pioche 1 carte" });
    expect(event({ type: "drew", seat: 1, cards: null, count: 3 })).toEqual({ en: "Bérénice draws 3 cards", fr: "Bérénice pioche 3 cartes" });
    expect(event({ type: "answered", seat: 2, answer: "annul", count: 2 })).toEqual({ en: "Merlin (difficile) plays 2 Nullifies", fr: "Merlin (difficile) joue 2 Annulations" });
    expect(event({ type: "drew", seat: 0, cards: ["miroir", "boule-de-feu"], count: 2 }, 0)).toEqual({ en: "You draw Mirror and Fireball", fr: "Vous piochez Miroir et Boule de feu" });
    expect(say("fr", emmerlausGame.describeAction({ type: "annul", count: 1 }))).toBe("Jouer une Annulation");
    expect(say("en", emmerlausGame.describeAction({ type: "annul", count: 2 }))).toBe("Play 2 Nullifies together");
  });

  it("turns, life, deaths and the end", () => {
    expect(event({ type: "turn", seat: 2 }, 2)).toEqual({ en: "Your turn", fr: "À vous de jouer" });
    expect(event({ type: "turn", seat: 0 }, 2)).toEqual({ en: "Ada’s turn", fr: "À Ada de jouer" });
    expect(event({ type: "life", seat: 1, delta: -12, life: 38 }, 1)).toEqual({ en: "You lose 12 life (now 38)", fr: "Vous perdez 12 PV (total 38)" });
    expect(event({ type: "life", seat: 0, delta: 20, life: 70 })).toEqual({ en: "Ada gains 20 life (now 70)", fr: "Ada gagne 20 PV (total 70)" });
    expect(event({ type: "died", seat: 1 }, 1)).toEqual({ en: "You die", fr: "Vous mourez" });
    expect(event({ type: "over", winner: 0 }, 0).fr).toBe("Vous gagnez la partie, seul magicien encore debout");
    expect(event({ type: "over", winner: null }).en).toBe("Every wizard is dead: a draw");
  });

  it("actions and prompts", () => {
    expect(say("en", emmerlausGame.describeAction({ type: "play", card: "eclair", target: 1 }), 0)).toBe("Play Lightning Bolt on Bérénice");
    expect(say("fr", emmerlausGame.describeAction({ type: "discard", card: "fontaine" }))).toBe("Défausser Fontaine sans effet");
    expect(say("fr", emmerlausGame.describeAction({ type: "play", card: "sacrifice-d-emmerlaus", x: 12 }))).toBe("Jouer Sacrifice d’Emmerlaüs avec X = 12");
    const s = start({ hands: [["eclair"], ["miroir"]] });
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    const d = emmerlausGame.decision(s);
    if (d.type !== "turn") throw new Error("a turn");
    expect(say("fr", d.prompt, 1)).toBe("Ada lance Éclair sur vous : répondez par une contre-attaque, ou laissez venir (avec un jet de résistance s’il est permis)");
    expect(say("en", d.prompt, 1)).toBe("Ada aims Lightning Bolt at you: answer with a counter-attack, or let it come (with a resistance roll where allowed)");
  });

  it("the terminal view, in French, for the reader and the others", () => {
    const s = start({ hands: [["eclair", "miroir"], []], objects: [["anneau-de-puissance-1"], []] });
    const lines = emmerlausGame.describeView(emmerlausGame.view(s, 0), 0).map((line) => say("fr", line, 0));
    expect(lines.slice(0, 3)).toEqual(["Vous : 50 PV, NP 2, 2 cartes en main", "  objets : Anneau de puissance +1", "  votre main : Éclair et Miroir"]);
    expect(lines).toContain("Bérénice : 50 PV, NP 1, 0 carte en main");
  });
});

describe("every kind of line", () => {
  const events: EmmerlausEvent[] = [
    { type: "played", seat: 0, card: "anneau-de-puissance-2", replace: "anneau-de-puissance-1" },
    { type: "played", seat: 0, card: "intervention-divine-d-emmerlaus", keep: "miroir" },
    { type: "played", seat: 0, card: "intervention-divine-d-emmerlaus", keep: null },
    { type: "played", seat: 0, card: "sacrifice-d-emmerlaus", x: 7 },
    { type: "discarded", seat: 1, card: "annulation" },
    { type: "answered", seat: 1, answer: "pass" },
    { type: "answered", seat: 1, answer: "mirror" },
    { type: "answered", seat: 1, answer: "heighten" },
    { type: "cancelled", card: "fontaine" },
    { type: "roll", seat: 1, what: "absorption", card: "robe-d-absorption", die: 10, dice: [6], total: 6 },
    { type: "roll", seat: 0, what: "acid", card: "grenacide", die: 6, dice: [1], total: 1 },
    { type: "roll", seat: 0, what: "set-life", card: "au-seuil-de-la-mort", die: 10, dice: [3], total: 3 },
    { type: "roll", seat: 0, what: "amount", card: "sanctuaire-d-emmerlaus", die: 8, dice: [3, 5], total: 33 },
    { type: "life", seat: 1, delta: 0, life: 50 },
    { type: "lapsed", seat: 0, card: "sanctuaire-d-emmerlaus" },
    { type: "slept", seat: 1 },
    { type: "curse-lifted", seat: 1 },
    { type: "despoiled", seat: 1 },
    { type: "object-lost", seat: 1, card: "anneau-de-puissance-1", by: 0, why: "dispel" },
    { type: "object-lost", seat: 1, card: "robe-de-protection-2", by: 0, why: "acid" },
    { type: "object-lost", seat: 0, card: "anneau-de-puissance-1", by: 0, why: "limit" },
    { type: "stolen", seat: 0, from: 1, card: "robe-d-absorption" },
    { type: "swapped", seat: 0, other: 2 },
    { type: "reshuffled", size: 41 },
    { type: "telepathy", seat: 0, target: 1, hand: ["eclair", "miroir"] },
    { type: "telepathy", seat: 0, target: 1, hand: [] },
    { type: "telepathy", seat: 0, target: 1, hand: null },
    { type: "resurrected", seat: 1 },
  ];

  it("each event is worded in both languages for the actor, another player and a spectator", () => {
    for (const e of events) {
      for (const me of [0, 1, null]) {
        const { en: english, fr: french } = event(e, me);
        expect(english, JSON.stringify(e)).not.toMatch(/undefined|\{|\}/);
        expect(french, JSON.stringify(e)).not.toMatch(/undefined|\{|\}/);
      }
    }
    expect(event(events[0]!, 0)).toEqual({ en: "You play Ring of Power +2 in place of Ring of Power +1", fr: "Vous jouez Anneau de puissance +2 pour remplacer Anneau de puissance +1" });
    expect(event(events[2]!, 1).fr).toBe("Ada joue Intervention divine d’Emmerlaüs en gardant une carte");
    expect(event(events[12]!).en).toBe("Ada rolls 2d8 for Emmerlaüs’ Sanctuary: 3 + 5, total 33");
    expect(event(events[19]!, 1)).toEqual({ en: "The acid destroys your Robe of Protection +2", fr: "L’acide détruit votre Robe de protection +2" });
    expect(event(events[19]!, 0).fr).toBe("L’acide détruit Robe de protection +2 chez Bérénice");
    expect(event(events[24]!, 0)).toEqual({ en: "Bérénice shows you their hand: Lightning Bolt and Mirror", fr: "Bérénice vous montre sa main : Éclair et Miroir" });
    expect(event(events[25]!, 0).en).toBe("Bérénice shows you their hand: no card");
    expect(event(events[21]!, 1)).toEqual({ en: "Ada takes Robe of Absorption from you", fr: "Ada vous prend Robe d’absorption" });
  });

  it("every follow-up choice has its prompt and its view line", () => {
    for (const purpose of ["dispel_ring", "steal", "steal_excess", "acid", "wrath"]) {
      for (const lang of ["en", "fr"] as const) {
        const prompt = say(lang, { key: "prompt.pick", params: { purpose, victim: { seat: 1 } } }, 0);
        const line = say(lang, { key: "view.choosing", params: { actor: { seat: 0 }, purpose, victim: { seat: 1 } } }, 0);
        expect(prompt.length).toBeGreaterThan(20);
        expect(line.length).toBeGreaterThan(15);
      }
    }
    expect(say("fr", { key: "prompt.pick", params: { purpose: "dispel_ring", victim: { seat: 1 } } }, 0)).toBe("Choisissez l’anneau à dissiper chez Bérénice");
  });
});

