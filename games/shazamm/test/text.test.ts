// Shazamm!'s words: the catalogues agree, and a sample of actions, events, prompts and view lines
// read as expected in English and French, for the reader ("you") and for the others.
import { SPECTATOR, type Message, type Viewer } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";
import { checkCatalogues } from "@grimoire/engine/text-check";
import { describe, expect, it } from "vitest";
import { SPELLS, shazammGame, spellName, text, type ShazammEvent } from "../src/index.ts";
import { asked, play, start, turn } from "./helpers.ts";

const names = ["Ada", "Bérénice"];
const say = (lang: "en" | "fr", message: Message, me: number | null = null): string => formatLine(text, lang, message, { names, me });
const event = (e: ShazammEvent, viewer: Viewer = SPECTATOR) => shazammGame.describeEvent(shazammGame.eventFor(e, viewer)!, viewer);
const both = (message: Message, me: number | null = null) => ({ en: say("en", message, me), fr: say("fr", message, me) });

describe("Shazamm! text", () => {
  it("the catalogues agree: every key in both languages, valid ICU, the same parameters", () => {
    expect(checkCatalogues("shazamm", text)).toEqual([]);
  });

  it("keeps the rulebook's French spell names and gives them English ones", () => {
    const fr = SPELLS.map((spell) => say("fr", spellName(spell)));
    expect(fr).toEqual(["Mutisme", "Clone", "Larcin", "Fin de manche", "Milieu", "Recyclage", "Boost attaque", "Double dose", "Qui perd gagne", "Brasier", "Résistance", "Harpagon", "Boost réserve", "Aspiration"]);
    const en = SPELLS.map((spell) => say("en", spellName(spell)));
    expect(new Set(en).size).toBe(14);
    expect(en[0]).toBe("Silence");
    for (const spell of SPELLS) {
      for (const lang of ["en", "fr"] as const) expect(text[lang][`spell.${spell}.effect`]!.length).toBeGreaterThan(40);
    }
    expect(say("fr", { key: "decoy.name" })).toBe("Fausse carte");
  });

  it("words action labels", () => {
    expect(both(shazammGame.describeAction({ type: "commit", bid: 7, cards: [0, 10] }))).toEqual({
      en: "Bid 7 with the decoy and Blaze (10)",
      fr: "Miser 7 avec la fausse carte et Brasier (10)",
    });
    expect(both(shazammGame.describeAction({ type: "commit", bid: 12, cards: [] }))).toEqual({ en: "Bid 12, no card", fr: "Miser 12, sans carte" });
    expect(both(shazammGame.describeAction({ type: "larcin", card: 7, apply: false }))).toEqual({
      en: "Destroy the stolen Attack Boost (7)",
      fr: "Détruire le sort volé Boost attaque (7)",
    });
    expect(both(shazammGame.describeAction({ type: "recycle", delta: -3 }))).toEqual({ en: "Lower your bid by 3", fr: "Baisser votre mise de 3" });
    expect(both(shazammGame.describeAction({ type: "clone", card: null }))).toEqual({ en: "Copy nothing", fr: "Ne rien copier" });
  });

  it("words events for the reader as “you” and for the others by name", () => {
    const paid: ShazammEvent = { type: "paid", seat: 0, amount: 7, mana: 43 };
    expect(both(event(paid, 0), 0)).toEqual({ en: "You pay 7 mana; 43 left", fr: "Vous payez 7 points ; il vous reste 43" });
    expect(both(event(paid, 1), 1)).toEqual({ en: "Ada pays 7 mana; 43 left", fr: "Ada paie 7 points ; il lui reste 43" });
    const miser: ShazammEvent = { type: "paid", seat: 1, amount: 0, mana: 20 };
    expect(both(event(miser, 1), 1)).toEqual({ en: "You pay nothing; 20 left", fr: "Vous ne payez rien ; il vous reste 20" });
    const reached: ShazammEvent = { type: "round-over", round: 2, loser: 1, reason: "wall" };
    expect(both(event(reached, 1), 1)).toEqual({ en: "End of round 2: the wall of fire reaches you", fr: "Fin de la manche 2 : le mur de feu vous atteint" });
    expect(both(event(reached))).toEqual({ en: "End of round 2: the wall of fire reaches Bérénice", fr: "Fin de la manche 2 : le mur de feu atteint Bérénice" });
    const won: ShazammEvent = { type: "game-over", winner: 0 };
    expect(both(event(won, 0), 0)).toEqual({ en: "You win the duel: Bérénice falls into the lava", fr: "Vous gagnez le duel : Bérénice tombe dans la lave" });
    expect(both(event(won, 1), 1)).toEqual({ en: "Ada wins the duel: you fall into the lava", fr: "Ada gagne le duel : vous tombez dans la lave" });
    const stolen: ShazammEvent = { type: "stolen", seat: 0, card: 11, apply: true };
    expect(both(event(stolen, 0), 0)).toEqual({ en: "You use the stolen Resistance (11)", fr: "Vous appliquez à votre profit le sort volé Résistance (11)" });
  });

  it("agrees counts: one card or several, one tile or two", () => {
    const one: ShazammEvent = { type: "drew", seat: 1, count: 1, cards: [4] };
    const three: ShazammEvent = { type: "drew", seat: 1, count: 3, cards: [1, 5, 9] };
    expect(both(event(one, 0), 0)).toEqual({ en: "Bérénice draws 1 card", fr: "Bérénice pioche 1 carte" });
    expect(both(event(three, 0), 0)).toEqual({ en: "Bérénice draws 3 cards", fr: "Bérénice pioche 3 cartes" });
    expect(both(event(three, 1), 1)).toEqual({
      en: "You draw Silence (1), Midpoint (5), and Loser Wins (9)",
      fr: "Vous piochez Mutisme (1), Milieu (5) et Qui perd gagne (9)",
    });
    expect(both(event({ type: "wall", from: 9, to: 8, reason: "attack" }))).toEqual({
      en: "The wall of fire moves 1 tile toward Ada, to tile 9",
      fr: "Le mur de feu avance d’une dalle vers Ada, jusqu’à la dalle 9",
    });
    expect(both(event({ type: "wall", from: 9, to: 11, reason: "attack" }), 1)).toEqual({
      en: "The wall of fire moves 2 tiles toward you, to tile 12",
      fr: "Le mur de feu avance de 2 dalles vers vous, jusqu’à la dalle 12",
    });
    const collapsed: ShazammEvent = { type: "new-round", round: 2, wall: 10, wizards: [7, 13], collapsed: 1 };
    expect(say("fr", event(collapsed))).toBe("Manche 2 : 1 dalle effondrée à chaque bout ; le mur reste sur la dalle 11, les sorciers se placent sur les dalles 8 et 14 ; 50 points de Mana chacun");
  });

  it("hides a sealed commit in words too: the other seat reads only that a choice was made", () => {
    const s = start();
    const events = play(s, 0, { type: "commit", bid: 9, cards: [0, 7] });
    expect(both(event(events[0]!, 0), 0)).toEqual({ en: "You choose: bid 9 with the decoy and Attack Boost (7)", fr: "Vous choisissez : mise de 9 avec la fausse carte et Boost attaque (7)" });
    expect(both(event(events[0]!, 1), 1)).toEqual({ en: "Ada has made their choice", fr: "Ada a fait son choix" });
  });

  it("words follow-up prompts with the card or the bid at stake", () => {
    const s = start();
    turn(s, 5, [3], 4, [7, 11]);
    expect(asked(s)).toEqual({ type: "larcin", seat: 0 });
    const decision = shazammGame.decision(s);
    expect(decision.type === "turn" && both(decision.prompt)).toEqual({
      en: "Larceny: use the stolen Attack Boost (7) for yourself, or destroy it",
      fr: "Larcin : appliquez à votre profit le sort volé Boost attaque (7), ou détruisez-le",
    });
  });

  it("words the terminal view, and the pseudo-language marks every message", () => {
    const s = start({ collapsed: 1 });
    const lines = shazammGame.describeView(shazammGame.view(s, 1), 1);
    expect(say("fr", lines[1]!, 1)).toBe("Pont   ~.....1..#..2.....~   (1 : Ada, 2 : vous ; # : le mur de feu ; ~ : effondré)");
    expect(say("en", lines[2]!, 1)).toBe("Mana: Ada 50, you 50");
    expect(formatLine(text, "pseudo", lines[2]!, { names, me: 1 })).toBe("⟦Mana: Ada 50, ⟦you⟧ 50⟧");
  });
});
