// Rules audit: fixes (each test of the first sections failed before its fix, see the commit messages)
// and tests for rules the suite had left untested.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { canPay, fits, payments, type Spell, type State } from "../src/index.ts";
import { arranged, crypt, doAct, game, id, imperium, names, pointAll, roomSlot, video } from "./helpers.ts";

/** Seat 0 (wand 4) wins a Spell token; seat 1 (wand 1) takes Gold 1; then seat 0 casts `spell`. */
function castBy0(spell: Spell, extra: Record<string, unknown> = {}): State {
  const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "hidden:Gold 3", "hidden:Vampire 5"], spells: [spell], ...extra });
  pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
  doAct(s, 0, { type: "cast", spell });
  return s;
}

describe("Video with Ultimus and no matching weapon (rulebook: what you cannot take goes back face down)", () => {
  it("declining Ultimus puts the monster back face down, known to the caster; it does not flee", () => {
    const s = castBy0("Video", { trunks: [["Ultimus"], []] });
    const events = doAct(s, 0, video(s, 4));
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0 });
    expect(game.legalActions(s, 0)).toEqual([{ type: "ultimus", use: true }, { type: "ultimus", use: false }]);
    // While deciding, the caster sees the face; the other seat does not.
    const slot = s.roomTokens.findIndex((t) => t?.token === id("hidden:Vampire 5"));
    expect(game.view(s, 0).roomTokens[slot]!.token).toBe(id("hidden:Vampire 5"));
    expect(game.view(s, 1).roomTokens[slot]!.token).toBeNull();
    expect(game.view(s, "spectator").roomTokens[slot]!.token).toBeNull();
    for (const e of events) expect(JSON.stringify(game.eventFor(e, 1))).not.toContain(`"token":${id("hidden:Vampire 5")}`);
    doAct(s, 0, { type: "ultimus", use: false });
    expect(s.moat).not.toContain(id("hidden:Vampire 5"));
    const back = s.roomTokens.find((t) => t?.token === id("hidden:Vampire 5"));
    expect(back).toMatchObject({ hidden: true, knownBy: [0] });
    expect(names(s.trunks[0]!)).toEqual(["Ultimus", "Spell"]);
  });

  it("using Ultimus captures the monster and throws Ultimus into the moat", () => {
    const s = castBy0("Video", { trunks: [["Ultimus"], []] });
    doAct(s, 0, video(s, 4));
    doAct(s, 0, { type: "ultimus", use: true });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Vampire 5"]);
    expect(names(s.moat)).toEqual(["Ultimus"]);
    expect(s.roomTokens.some((t) => t?.token === id("hidden:Vampire 5"))).toBe(false);
  });
});

describe("a Sacoche is a special token (rulebook: 'jeton spécial Sacoche'; Bankier and the grimoire take specials)", () => {
  it("pays the '1 special' grimoire and Teribil Bankier's any 4 when the rest of the trunk still fits", () => {
    expect(canPay({ kind: "special", count: 1 }, [id("Sacoche")])).toBe(true);
    expect(canPay({ kind: "any", count: 4 }, ["Sacoche", "Gold 1", "Gold 2", "Gui"].map(id))).toBe(true);
  });

  it("not when the bag it adds is needed by the tokens left", () => {
    const golds = ["Gold 1", "Gold 2", "Gold 3", "hidden:Gold 2"].map(id);
    expect(canPay({ kind: "special", count: 1 }, [id("Sacoche"), ...golds])).toBe(false);
    expect(payments({ kind: "any", count: 1 }, [], [id("Sacoche"), ...golds]).map(names)).not.toContainEqual(["Sacoche"]);
  });

  it("in play: an expert seat holding only a Sacoche may point at the '1 special' grimoire and pays with it", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Gold 1", "Gold 2", "Gui"], grimoireRow: ["Grimoire 1 special"], trunks: [["Sacoche"], []] }, "expert");
    const grimoire = { type: "grimoire" as const, grimoire: "Grimoire 1 special" };
    expect(game.legalActions(s, 0)).toContainEqual({ type: "point", target: grimoire });
    pointAll(s, [grimoire, roomSlot(s, "Gold 1")]);
    expect(names(s.trunks[0]!)).toEqual(["Grimoire 1 special"]);
    expect(names(s.moat)).toContain("Sacoche");
  });
});

describe("a Sacoche paid first in a multi-token payment", () => {
  it("restricts the rest of the payment to tokens that leave a fitting trunk", () => {
    // Bag 1 + Sacoche: 4 golds fit. Bankier (any 4) paid with the Sacoche first must take away golds.
    const trunk = ["Sacoche", "Gold 1", "Gold 2", "Gold 3", "hidden:Gold 2", "Gui", "Champignon", "Citrouille"].map(id);
    for (const p of payments({ kind: "any", count: 4 }, [id("Sacoche")], trunk.slice(1))) {
      const left = trunk.slice(1).filter((t) => !p.includes(t));
      expect(fits(left, "apprentice")).toBe(true);
    }
    expect(payments({ kind: "any", count: 4 }, [id("Sacoche")], trunk.slice(1)).map(names)).not.toContainEqual(["Sacoche", "Gui", "Champignon", "Citrouille"]);
  });
});

describe("rules the suite did not test yet", () => {
  it("Retiro (note 2): a spell token fished from the moat casts a new spell at once", () => {
    const s = castBy0("Retiro", { spells: ["Retiro", "Fortuna", "Locus"], moat: ["hidden:Spell"] });
    doAct(s, 0, { type: "retiro", token: "Spell" });
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.cast" } });
    doAct(s, 0, { type: "cast", spell: "Fortuna" });
    expect(names(s.trunks[0]!)).toEqual(["Spell", "Spell", "Fortuna"]);
  });

  it("Video (note 2): a hidden spell token is taken and casts a new spell at once", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "hidden:Spell"], spells: ["Video", "Fortuna", "Locus"] });
    pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
    doAct(s, 0, { type: "cast", spell: "Video" });
    doAct(s, 0, video(s, 3));
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.cast" } });
  });

  it("ruling 11: a monster taken by Imperium without its weapon flees", () => {
    const s = castBy0("Imperium", { roomTokens: ["Spell", "Gold 1", "visible:Gobelin 3", "Gold 2"] });
    doAct(s, 0, imperium(s, 2));
    // Gobelin 3 flees, then the room's last token (Gold 2) falls into the moat too.
    expect(names(s.moat)).toEqual(["Gobelin 3", "Gold 2"]);
    expect(names(s.trunks[0]!)).toEqual(["Spell"]);
  });

  it("ruling 14: a face-down Sensei Ramus faced with wand 1 or 2 is defeated", () => {
    const s = arranged(2, { wands: [1, 4], room: "crypt", sorcerers: [{ token: "Sensei Ramus", faceUp: false }, { token: "Dae Mago", faceUp: false }] });
    pointAll(s, [crypt(s, 0), crypt(s, 1)]);
    expect(names(s.trunks[0]!)).toEqual(["Sensei Ramus"]);
  });

  it("monsters: three monster slots, a fourth goes to the bag, a fifth asks for room", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["visible:Vampire 3", "Gui", "Gold 1", "Gold 3"], trunks: [["Pieu ailé", "visible:Gobelin 3", "visible:Fantôme 3", "visible:Loup-Garou 3", "hidden:Vampire 4"], []] });
    pointAll(s, [roomSlot(s, "Vampire 3"), roomSlot(s, "Gui")]);
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.place" } });
    expect(fits(["Pieu ailé", "visible:Gobelin 3", "visible:Fantôme 3", "visible:Loup-Garou 3"].map(id), "apprentice")).toBe(true);
  });

  it("ruling 17: takes resolve strongest wand first (its full-trunk question comes before the weaker seat's take)", () => {
    const s = arranged(2, { wands: [1, 4], roomTokens: ["Gui", "Gold 2", "Gold 1", "Gold 3"], trunks: [[], ["Gold 1", "Gold 2", "Gold 3"]] });
    pointAll(s, [roomSlot(s, "Gui"), roomSlot(s, "Gold 2")]);
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 1 });
    expect(names(s.trunks[0]!)).toEqual([]);
  });
});

describe("the Video/Ultimus question and the view contract", () => {
  it("resampling from either seat's view keeps that view and the pending question", () => {
    const s = castBy0("Video", { trunks: [["Ultimus"], []] });
    doAct(s, 0, video(s, 4));
    for (const seat of [0, 1]) {
      const view = game.view(s, seat);
      const r = game.resample(view, seat, createRng(seat + 5));
      expect(game.view(r, seat)).toEqual(view);
      expect(game.decision(r)).toEqual(game.decision(s));
      expect(game.legalActions(r, 0)).toEqual(game.legalActions(s, 0));
      const h = game.shuffleHidden(s, seat, createRng(seat + 9));
      expect(game.view(h, seat)).toEqual(view);
    }
  });
});
