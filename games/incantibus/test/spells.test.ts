// Each spell card, spell order (strongest wand first) and timing (after takes, before swaps).
import { describe, expect, it } from "vitest";
import { SPELL_CARDS, fits, scores, type Spell, type State } from "../src/index.ts";
import { arranged, doAct, game, id, imperium, names, pointAll, room, roomSlot, video } from "./helpers.ts";

/** Seat 0 (wand 4) wins a Spell token; seat 1 (wand 1) takes Gold 1; then seat 0 casts `spell`. */
function castBy0(spell: Spell, extra: Record<string, unknown> = {}): State {
  const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "hidden:Gold 3", "hidden:Vampire 5"], spells: [spell], ...extra });
  pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
  expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.cast" } });
  doAct(s, 0, { type: "cast", spell });
  return s;
}

describe("spells", () => {
  it("a spell token scores 1 and the used card is replaced from the pile", () => {
    const s = castBy0("Fortuna", { spells: ["Fortuna", "Alkimia", "Locus"] });
    expect(s.usedCards.length).toBe(1);
    expect(s.faceUp.length).toBe(3);
    expect(s.pile.length).toBe(8);
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Fortuna"]);
    expect(scores(s)[0]).toBe(4);
  });

  it("Alkimia steals an ingredient, weapon or gold (Ultimus and the stone too) from another trunk", () => {
    const s = castBy0("Alkimia", { trunks: [[], ["Pieu ailé", "Ultimus", "Spell"]] });
    const legal = game.legalActions(s, 0);
    expect(legal.map((a) => a.type === "steal" && a.token)).toEqual(["Pieu ailé", "Ultimus", "Gold 1"]);
    doAct(s, 0, { type: "steal", token: "Ultimus", from: 1 });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Ultimus"]);
    expect(names(s.trunks[1]!)).toEqual(["Pieu ailé", "Spell", "Gold 1"]);
  });

  it("Imperium takes a visible room token", () => {
    const s = castBy0("Imperium");
    expect(game.legalActions(s, 0)).toEqual([{ type: "imperium", slot: 2, token: "Gold 2", twin: false }]);
    doAct(s, 0, imperium(s, 2));
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Gold 2"]);
  });

  it("Retiro takes a moat token, even a monster without its weapon", () => {
    const s = castBy0("Retiro", { moat: ["visible:Vampire 3"] });
    doAct(s, 0, { type: "retiro", token: "Vampire 3" });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Vampire 3"]);
    expect(s.moat).toEqual([]);
  });

  it("Retiro with an empty moat has no effect", () => {
    const s = castBy0("Retiro");
    expect(s.phase.type).toBe("point");
  });

  it("Video takes a hidden token it can take", () => {
    const s = castBy0("Video");
    doAct(s, 0, video(s, 3));
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Gold 3"]);
  });

  it("Video puts back a monster it cannot capture, known to the caster only", () => {
    const s = castBy0("Video");
    const events = doAct(s, 0, video(s, 4));
    const slot = s.roomTokens.findIndex((t) => t?.knownBy.length);
    expect(s.roomTokens[slot]).toMatchObject({ token: id("hidden:Vampire 5"), hidden: true, knownBy: [0] });
    expect(game.view(s, 0).roomTokens[slot]!.token).toBe(id("hidden:Vampire 5"));
    expect(game.view(s, 1).roomTokens[slot]!.token).toBeNull();
    const peek = events.find((e) => e.type === "peek")!;
    expect(game.eventFor(peek, 1)).toMatchObject({ token: null });
    expect(game.eventFor(peek, 0)).toMatchObject({ token: id("hidden:Vampire 5") });
  });

  it("Locus adds a bag hole: one more token of any kind fits", () => {
    const s = castBy0("Locus");
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Sacoche"]);
    const golds = ["Gold 1", "Gold 2", "Gold 3", "Gold 2"].map((n, i) => id(i === 3 ? "hidden:Gold 2" : n));
    expect(fits([...golds], "apprentice")).toBe(false);
    expect(fits([...golds, id("Sacoche")], "apprentice")).toBe(true);
  });

  it("Philosophia: the stone replaces one ingredient of a potion, then goes to the moat", () => {
    const s = castBy0("Philosophia", { trunks: [["Gui"], []], potionRow: ["Potion green Gui+Champignon"] });
    expect(names(s.trunks[0]!)).toEqual(["Gui", "Spell", "Pierre philosophale"]);
    expect(game.legalActions(s, 0).some((a) => a.type === "point" && a.target.type === "potion")).toBe(true);
    pointAll(s, [{ type: "potion", potion: "Potion green Gui+Champignon" }, roomSlot(s, "Gold 2")]);
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Potion green Gui+Champignon"]);
    expect(names(s.moat).sort()).toEqual(["Gui", "Pierre philosophale"]);
  });

  it("Ultimus captures a monster in place of its weapon (optional), then goes to the moat", () => {
    const s = castBy0("Ultimus");
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Ultimus"]);
    const hidden = s.roomTokens.findIndex((t) => t?.token === id("hidden:Vampire 5"));
    pointAll(s, [room(s, hidden), roomSlot(s, "Gold 2")]);
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.ultimus" } });
    doAct(s, 0, { type: "ultimus", use: true });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Vampire 5"]);
    expect(names(s.moat)).toContain("Ultimus");
  });

  it("declining Ultimus without the weapon lets the monster flee", () => {
    const s = castBy0("Ultimus");
    const hidden = s.roomTokens.findIndex((t) => t?.token === id("hidden:Vampire 5"));
    pointAll(s, [room(s, hidden), roomSlot(s, "Gold 2")]);
    doAct(s, 0, { type: "ultimus", use: false });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Ultimus"]);
    expect(names(s.moat)).toContain("Vampire 5");
  });

  it("Fortuna gives a 3-gold special token", () => {
    const s = castBy0("Fortuna");
    expect(s.specials.map((t) => names([t])[0])).not.toContain(undefined);
    expect(names(s.trunks[0]!)).toContain("Fortuna");
  });

  it("a special spell whose tokens are gone has no effect", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "Gold 3"], spells: ["Ultimus"], trunks: [[], ["Ultimus"]] });
    pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
    doAct(s, 0, { type: "cast", spell: "Ultimus" });
    expect(names(s.trunks[0]!)).toEqual(["Spell"]);
  });

  it("a spell token won by a spell (Imperium) casts a new spell at once", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Spell", "Gold 3"], spells: ["Imperium", "Fortuna", "Locus"] });
    pointAll(s, [room(s, 0), roomSlot(s, "Gold 1")]);
    doAct(s, 0, { type: "cast", spell: "Imperium" });
    doAct(s, 0, imperium(s, 2));
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.cast" } });
    doAct(s, 0, { type: "cast", spell: "Fortuna" });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Spell", "Fortuna"]);
  });

  it("several spells: strongest wand chooses first; spells resolve after takes and before wand swaps", () => {
    // Seat 0 (wand 1) and seat 1 (wand 4) point at the same Spell; seat 2 (wand 2) at another.
    const s = arranged(3, { wands: [1, 4, 2], roomTokens: ["Spell", "Spell", "Gold 1", "Gold 2"], spells: ["Fortuna", "Fortuna", "Locus"] });
    pointAll(s, [room(s, 0), room(s, 0), room(s, 1)]);
    expect(names(s.trunks[1]!)).toEqual(["Spell"]);
    expect(names(s.trunks[2]!)).toEqual(["Spell"]);
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 1, prompt: { key: "prompt.cast" } });
    expect(s.wands).toEqual([1, 4, 2]);
    doAct(s, 1, { type: "cast", spell: SPELL_CARDS[s.faceUp[0]!]! });
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 2, prompt: { key: "prompt.cast" } });
    expect(s.wands).toEqual([1, 4, 2]);
    doAct(s, 2, { type: "cast", spell: SPELL_CARDS[s.faceUp[0]!]! });
    expect(s.wands).toEqual([4, 1, 2]);
  });
});
