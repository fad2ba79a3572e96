// The crypt: every sorcerer's weakness, Sensei Ramus, escapes, the early stop.
import { describe, expect, it } from "vitest";
import { SORCERERS, tokenName, type Face } from "../src/index.ts";
import { arranged, crypt, cryptSlot, doAct, game, names, pointAll } from "./helpers.ts";

const PAYS: Record<string, string[]> = {
  "Lady Goblina": ["visible:Gobelin 3"],
  "Aiti Romulus": ["visible:Loup-Garou 3"],
  "Dame Blanche": ["visible:Fantôme 3"],
  "Le Comte Vlad": ["visible:Vampire 3"],
  "Dae Mago": ["Spell", "Spell"],
  "Night Knight": ["Pieu ailé", "Pieu ailé", "Filet magique", "Filet magique", "Sacoche"],
  "Baronessa Magenta": ["Potion red Citrouille+Citrouille"],
  "Viper Esmeralda": ["Potion green Gui+Champignon"],
  "Rexe Indigo": ["Potion blue Mandragore+Mandragore"],
  "Prince Avaricum": ["Gold 2", "Gold 2"],
  "Teribil Bankier": ["Gui", "Champignon", "Citrouille", "Mandragore"],
  "Sensei Ramus": [],
};

describe("sorcerers", () => {
  for (const sorcerer of SORCERERS as (Face & { kind: "sorcerer" })[]) {
    it(`${sorcerer.name} is defeated by throwing their weakness`, () => {
      const pay = PAYS[sorcerer.name]!;
      const other = sorcerer.name === "Dae Mago" ? "Night Knight" : "Dae Mago";
      const s = arranged(2, { wands: [1, 4], room: "crypt", sorcerers: [sorcerer.name, { token: other, faceUp: false }], trunks: [pay, []] });
      const target = cryptSlot(s, sorcerer.name);
      expect(game.legalActions(s, 0)).toContainEqual({ type: "point", target });
      pointAll(s, [target, cryptSlot(s, other)]);
      while (game.decision(s).type === "turn") {
        const d = game.decision(s) as { seat: number };
        doAct(s, d.seat, game.legalActions(s, d.seat)[0]!);
      }
      expect(names(s.trunks[0]!).filter((n) => n !== "Sacoche")).toEqual([sorcerer.name]);
      expect(s.moat.length).toBe(pay.filter((n) => n !== "Sacoche").length + 1);
    });
  }

  it("a face-up sorcerer cannot be pointed at without the weakness", () => {
    const s = arranged(2, { wands: [1, 4], room: "crypt", sorcerers: ["Lady Goblina", { token: "Dae Mago", faceUp: false }], trunks: [["visible:Gobelin 3"], []] });
    expect(game.legalActions(s, 1).map((a) => a.type === "point" && a.target)).toEqual([crypt(s, 1)]);
  });

  it("Sensei Ramus: only wands 1 and 2 may point at him face up", () => {
    const s = arranged(3, { wands: [1, 2, 4], room: "crypt", sorcerers: ["Sensei Ramus", { token: "Dae Mago", faceUp: false }] });
    const ramus = cryptSlot(s, "Sensei Ramus");
    expect(game.legalActions(s, 0)).toContainEqual({ type: "point", target: ramus });
    expect(game.legalActions(s, 1)).toContainEqual({ type: "point", target: ramus });
    expect(game.legalActions(s, 2)).not.toContainEqual({ type: "point", target: ramus });
    // Wands 1 and 2 both point: wand 2 defeats him and swaps with wand 1.
    pointAll(s, [ramus, ramus, cryptSlot(s, "Dae Mago")]);
    expect(names(s.trunks[1]!)).toEqual(["Sensei Ramus"]);
    expect(s.wands.slice(0, 2)).toEqual([2, 1]);
  });

  it("Sensei Ramus face down escapes from a strong wand", () => {
    const s = arranged(2, { wands: [4, 1], room: "crypt", sorcerers: [{ token: "Sensei Ramus", faceUp: false }, { token: "Dae Mago", faceUp: false }, { token: "Night Knight", faceUp: false }] });
    pointAll(s, [crypt(s, 0), crypt(s, 1)]);
    expect(names(s.moat).sort()).toEqual(["Dae Mago", "Sensei Ramus"]);
  });

  it("crypt example: Cléo beats Charles to Viper Esmeralda, Aurélie beats Dame Blanche, Floriane's Dae Mago escapes", () => {
    // Aurélie 4, Charles 2, Cléo 3, Floriane 1.
    const s = arranged(4, {
      wands: [4, 2, 3, 1], room: "crypt",
      sorcerers: ["Viper Esmeralda", "Dame Blanche", { token: "Dae Mago", faceUp: false }, { token: "Lady Goblina", faceUp: false }],
      trunks: [["visible:Fantôme 3"], ["Potion green Gui+Champignon"], ["Potion green Citrouille+Mandragore"], ["Spell"]],
    });
    const viper = cryptSlot(s, "Viper Esmeralda");
    pointAll(s, [cryptSlot(s, "Dame Blanche"), viper, viper, cryptSlot(s, "Dae Mago")]);
    expect(names(s.trunks[0]!)).toEqual(["Dame Blanche"]);
    expect(names(s.trunks[1]!)).toEqual(["Potion green Gui+Champignon"]);
    expect(names(s.trunks[2]!)).toEqual(["Viper Esmeralda"]);
    expect(names(s.trunks[3]!)).toEqual(["Spell"]);
    expect(names(s.moat).sort()).toEqual(["Dae Mago", "Fantôme 3", "Potion green Citrouille+Mandragore"]);
    expect(s.wands).toEqual([4, 3, 2, 1]);
  });

  it("the game stops when nobody face down remains and a player can point at nothing", () => {
    const s = arranged(2, { wands: [4, 1], room: "crypt", sorcerers: ["Lady Goblina", { token: "Dae Mago", faceUp: false }], trunks: [["visible:Gobelin 3"], []] });
    pointAll(s, [cryptSlot(s, "Lady Goblina"), cryptSlot(s, "Dae Mago")]);
    expect(game.decision(s)).toEqual({ type: "over" });
    expect(s.phase).toMatchObject({ type: "over", reason: "sorcerers" });
    const t = arranged(2, { wands: [4, 1], room: "crypt", sorcerers: ["Lady Goblina", "Dame Blanche"], trunks: [["visible:Gobelin 3"], []] });
    expect(t.phase).toMatchObject({ type: "over", reason: "stuck" });
  });

  it("expert: grimoires can be pointed at with their requirement, in rooms and in the crypt", () => {
    const s = arranged(2, { wands: [4, 1], room: "crypt", grimoireRow: ["Grimoire 2 identical weapons"], sorcerers: [{ token: "Dae Mago", faceUp: false }, { token: "Lady Goblina", faceUp: false }], trunks: [["Pieu ailé", "Pieu ailé"], []] }, "expert");
    const g = s.grimoireRow[0]!;
    expect(game.legalActions(s, 1)).not.toContainEqual({ type: "point", target: { type: "grimoire", grimoire: tokenName(g) } });
    pointAll(s, [{ type: "grimoire", grimoire: tokenName(g) }, crypt(s, 0)]);
    expect(names(s.trunks[0]!)).toEqual(["Grimoire 2 identical weapons"]);
  });
});
