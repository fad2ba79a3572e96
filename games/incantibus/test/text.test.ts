// Incantibus's words: the catalogues agree, every component is named (and explained) in both
// languages, and a sample of labels, prompts, events and view lines read as expected in English and
// French — names for players, "you" for the reader, plurals, targets named by what they are.
import { createRng, msg, pick, type Message } from "@grimoire/engine";
import { formatLine, PSEUDO, type DisplayLanguage } from "@grimoire/engine/text";
import { checkCatalogues } from "@grimoire/engine/text-check";
import { describe, expect, it } from "vitest";
import { componentKeys, text, tokenMessage } from "../src/index.ts";
import { stepPrompt } from "../src/describe.ts";
import { arranged, crypt, doAct, game, id, imperium, pointAll, room, roomSlot, video } from "./helpers.ts";

const NAMES = ["Aurélie", "Cléo", "Charles", "Floriane"];
/** A message as a line, read by `me` (null: a spectator). */
const say = (lang: DisplayLanguage, m: Message, me: number | null = null): string => formatLine(text, lang, m, { names: NAMES, me });

describe("catalogues", () => {
  it("have every key in both languages, valid ICU, the same parameters", () => {
    expect(checkCatalogues("incantibus", text)).toEqual([]);
  });

  it("name every token, potion, grimoire, sorcerer, spell, room and wand, and give each effect", () => {
    const { named, withEffect, withArticle } = componentKeys();
    for (const lang of ["en", "fr"] as const) {
      for (const key of named) if (key !== "token.gold") expect(text[lang], `${lang} ${key}`).toHaveProperty([`${key}.name`]);
      for (const key of withEffect) expect(text[lang][`${key}.effect`]?.length ?? 0, `${lang} ${key}.effect`).toBeGreaterThan(40);
      for (const key of withArticle) expect(text[lang], `${lang} ${key}`).toHaveProperty([`${key}.the`]);
    }
    // French names are the rulebook's.
    expect(say("fr", tokenMessage(id("Pieu ailé"), "name"))).toBe("Pieu ailé");
    expect(say("en", tokenMessage(id("Pieu ailé"), "name"))).toBe("Winged Stake");
    expect(say("fr", msg("room.armoury.name"))).toBe("Salle d’armes");
    expect(say("fr", tokenMessage(id("Le Comte Vlad")))).toBe("Le Comte Vlad");
    expect(say("en", tokenMessage(id("Le Comte Vlad")))).toBe("Count Vlad");
  });

  it("use the typographic apostrophe only (a straight one would quote ICU braces)", () => {
    for (const lang of ["en", "fr"] as const) for (const [key, source] of Object.entries(text[lang])) expect(source, key).not.toContain("'");
  });
});

describe("action labels name the target by what it is", () => {
  it("a face-up room token by its name; its position only when another looks the same", () => {
    const s = arranged(2, { roomTokens: ["Citrouille", "Gold 1", "Gold 1", "hidden:Vampire 5", "hidden:Gui"] });
    const labels = (lang: DisplayLanguage) => game.legalActions(s, 0).map((a) => say(lang, game.describeAction(a), 0));
    expect(labels("en")).toEqual([
      "Point at the Pumpkin",
      "Point at 1 Gold Coin (2nd token of the room)",
      "Point at 1 Gold Coin (3rd token of the room)",
      "Point at the face-down token (4th token of the room)",
      "Point at the face-down token (5th token of the room)",
    ]);
    expect(labels("fr")).toEqual([
      "Pointer la Citrouille",
      "Pointer 1 Pièce d’or (2e jeton de la Salle)",
      "Pointer 1 Pièce d’or (3e jeton de la Salle)",
      "Pointer le jeton Caché (4e jeton de la Salle)",
      "Pointer le jeton Caché (5e jeton de la Salle)",
    ]);
    expect(labels(PSEUDO)[0]).toBe("⟦Point at ⟦the Pumpkin⟧⟧");
  });

  it("potions, sorcerers face up and face down", () => {
    const s = arranged(2, { wands: [1, 4], room: "crypt", potionRow: ["Potion green Gui+Champignon"], sorcerers: ["Lady Goblina", { token: "Dae Mago", faceUp: false }], trunks: [["visible:Gobelin 3", "Gui", "Champignon"], []] });
    expect(game.legalActions(s, 0).map((a) => say("fr", game.describeAction(a)))).toEqual([
      "Pointer la Potion verte (Gui + Champignon)",
      "Pointer Lady Goblina",
      "Pointer le Sorcier face cachée",
    ]);
    expect(say("en", game.describeAction({ type: "point", target: crypt(s, 1) }))).toBe("Point at the face-down sorcerer");
  });

  it("spell targets: Imperium, Video, Alkimia from a named player", () => {
    const s = arranged(2, { roomTokens: ["Citrouille", "hidden:Gui", "hidden:Mandragore"] });
    expect(say("en", game.describeAction(imperium(s, 0)))).toBe("Take the Pumpkin");
    expect(say("fr", game.describeAction(video(s, 2)))).toBe("Regarder sous le jeton Caché (3e jeton de la Salle)");
    expect(say("fr", game.describeAction({ type: "steal", token: "Pieu ailé", from: 1 }), 0)).toBe("Voler le Pieu ailé à Cléo");
    expect(say("en", game.describeAction({ type: "cast", spell: "Alkimia" }))).toBe("Cast Alkimia");
  });

  it("pointing labels of one decision are all different, over random games", () => {
    const rng = createRng(5);
    for (let g = 0; g < 6; g++) {
      const s = game.setup({ seats: 2 + (g % 3), options: { mode: g % 2 ? "expert" : "apprentice" }, seed: 40 + g });
      for (let n = 0; n < 300; n++) {
        const d = game.decision(s);
        if (d.type === "over") break;
        const seat = d.type === "turn" ? d.seat : pick(rng, d.seats);
        const legal = game.legalActions(s, seat);
        const pointing = legal.filter((a) => a.type === "point" || a.type === "imperium" || a.type === "video");
        const labels = pointing.map((a) => say("en", game.describeAction(a)));
        expect(new Set(labels).size, labels.join(" | ")).toBe(labels.length);
        game.apply(s, seat, pick(rng, legal));
      }
    }
  });
});

describe("event lines and prompts", () => {
  it("name players, say you to the reader, agree the verb", () => {
    const took = game.describeEvent({ type: "took", seat: 1, token: id("Gold 2") }, 0);
    expect(say("en", took, 0)).toBe("Cléo takes 2 Gold Coins");
    expect(say("en", took, 1)).toBe("You take 2 Gold Coins");
    expect(say("fr", took, 0)).toBe("Cléo prend 2 Pièces d’or");
    expect(say("fr", took, 1)).toBe("Vous prenez 2 Pièces d’or");
    expect(say("fr", game.describeEvent({ type: "took", seat: 2, token: id("Gold 1") }, 0))).toBe("Charles prend 1 Pièce d’or");
    const stole = game.describeEvent({ type: "stole", seat: 0, from: 1, token: id("Gui") }, 1);
    expect(say("fr", stole, 1)).toBe("Aurélie vous vole le Gui");
    expect(say("fr", stole, 0)).toBe("Vous volez le Gui à Cléo");
    expect(say("en", stole, null)).toBe("Aurélie steals the Mistletoe from Cléo");
    const swap = game.describeEvent({ type: "swap", seats: [0, 1], wands: [1, 4] }, 1);
    expect(say("fr", swap, 1)).toBe("Aurélie et vous échangez vos baguettes (baguette 1 pour Aurélie, baguette 4 pour vous)");
    expect(say("en", swap, 2)).toBe("Aurélie and Cléo swap wands (now wand 1 for Aurélie, wand 4 for Cléo)");
  });

  it("monsters and sorcerers that escape, the end of the game", () => {
    expect(say("fr", game.describeEvent({ type: "escaped", seat: 0, token: id("hidden:Vampire 5") }, 0), 0)).toBe("Le Vampire (5 pts) vous échappe et s’enfuit dans les Douves");
    expect(say("en", game.describeEvent({ type: "escaped", seat: 0, token: id("Dae Mago") }, 1), 1)).toBe("Dae Mago resists Aurélie and escapes into the moat");
    expect(say("fr", game.describeEvent({ type: "sorcerer", slot: 0, token: id("Dae Mago") }, 0))).toBe("Un Sorcier est retourné : Dae Mago, 7 pts, point faible : 2 jetons Sort");
    const over = game.describeEvent({ type: "over", scores: [1, 7], winner: 1 }, 1);
    expect(say("fr", over, 1)).toBe("Fin de la partie — Aurélie 1 pt et vous 7 pts. Vous gagnez !");
    expect(say("en", over, 0)).toBe("Game over — you 1 pt and Cléo 7 pts. Cléo wins!");
  });

  it("the reveal names every target; the prompt speaks to the deciding player only", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Pieu ailé", "Citrouille", "Gold 1", "Gold 1"] });
    const events = pointAll(s, [roomSlot(s, "Pieu ailé"), room(s, 2)]);
    const reveal = events.find((e) => e.type === "revealed")!;
    expect(say("fr", game.describeEvent(reveal, 1), 1)).toBe("Incanto ! Aurélie pointe le Pieu ailé et vous pointez 1 Pièce d’or (3e jeton de la Salle)");
    const full = arranged(2, { trunks: [["Gold 1", "Gold 2", "Gold 3"], []], roomTokens: ["hidden:Gold 2", "Gui", "Citrouille"] });
    pointAll(full, [room(full, 0), room(full, 1)]);
    const prompt = game.decision(full);
    if (prompt.type !== "turn") throw new Error("expected a full-trunk question");
    expect(say("en", prompt.prompt, 0)).toBe("Your trunk is full: throw a token into the moat to make room for 2 Gold Coins, or throw it");
    expect(say("fr", prompt.prompt, 1)).toBe("Aurélie a la Malle pleine : un jeton doit partir dans les Douves");
    doAct(full, 0, { type: "throw", token: "Gold 2" });
  });
});

describe("terminal view", () => {
  it("reads in French", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Pieu ailé", "hidden:Vampire 5"], potionRow: ["Potion green Gui+Champignon"], trunks: [[], ["Gui"]] });
    const lines = game.describeView!(game.view(s, 1), 1).map((m) => say("fr", m, 1));
    expect(lines[1]).toBe("Salle : 1. Pieu ailé et 2. face cachée");
    expect(lines[2]).toBe("Potions : Potion verte (Gui + Champignon) (5 pts, demande Gui et Champignon)");
    expect(lines).toContain("Aurélie (baguette 4) : Malle vide");
    expect(lines).toContain("Vous (baguette 1) : Gui");
  });
});

describe("the payment prompt", () => {
  it("names what a sorcerer asks for, and does not repeat what a potion's or grimoire's name says", () => {
    const pay = (reward: string) => stepPrompt({ k: "pay", seat: 0, reward: id(reward), chosen: [] });
    expect(say("en", pay("Grimoire 2 different ingredients"), 0)).toBe("Pay for the Grimoire (2 different Ingredients): choose a token to throw into the moat");
    expect(say("en", pay("Potion green Gui+Champignon"), 0)).toBe("Pay for the Green Potion (Mistletoe + Mushroom): choose a token to throw into the moat");
    expect(say("en", pay("Dame Blanche"), 0)).toBe("Pay for Dame Blanche (a Ghost): choose a token to throw into the moat");
    expect(say("fr", pay("Dame Blanche"), 0)).toMatch(/^Payez Dame Blanche \(1 Fantôme\)\s: choisissez/);
  });
});
