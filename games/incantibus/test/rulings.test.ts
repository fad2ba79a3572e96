// The README's numbered rulings, one test each where the rulebook was silent.
import { describe, expect, it } from "vitest";
import { canPay, fits, payments } from "../src/index.ts";
import { arranged, crypt, doAct, game, id, names, pointAll, roomSlot } from "./helpers.ts";

describe("rulings", () => {
  it("1: placement is automatic; a kind's overflow goes to the bag", () => {
    const trunk = ["Gold 1", "Gold 2", "Gold 3"].map(id);
    expect(fits(trunk, "apprentice")).toBe(true);
    expect(fits([...trunk, id("hidden:Gold 2")], "apprentice")).toBe(false);
    expect(fits([...trunk, id("Gui"), id("Spell"), id("Dae Mago")], "apprentice")).toBe(true);
  });

  it("1: the expert side has two grimoire slots, the apprentice side none", () => {
    const grimoires = [id("Grimoire 1 spell"), id("Grimoire 1 special")];
    expect(fits(grimoires, "expert")).toBe(true);
    expect(fits(grimoires, "apprentice")).toBe(false);
  });

  it("2: Sacoche tokens are never thrown to make room; paid only if the rest still fits", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["hidden:Gold 2", "Gui", "Gold 1", "Gold 3"], trunks: [["Sacoche", "visible:Gold 2", "Fortuna", "Gold 3", "hidden:Gold 3"], []] });
    pointAll(s, [roomSlot(s, "Gold 2"), roomSlot(s, "Gui")]);
    const legal = game.legalActions(s, 0);
    expect(legal).not.toContainEqual({ type: "throw", token: "Sacoche" });
    expect(canPay({ kind: "any", count: 1 }, [id("Sacoche")])).toBe(true);
  });

  it("3: gold is paid without superfluous tokens (no change given)", () => {
    const golds = [id("Gold 3"), id("Gold 1"), id("visible:Gold 2")];
    const options = payments({ kind: "gold", amount: 2 }, [], golds).map((p) => names(p).sort());
    expect(options).toEqual(expect.arrayContaining([["Gold 3"], ["Gold 2"]]));
    expect(options).not.toContainEqual(["Gold 1", "Gold 3"]);
    expect(options).not.toContainEqual(["Gold 1", "Gold 2"]);
  });

  it("3: payment is chosen token by token when there is a choice", () => {
    const s = arranged(2, { wands: [4, 1], room: "crypt", sorcerers: ["Lady Goblina", { token: "Dae Mago", faceUp: false }, { token: "Night Knight", faceUp: false }], trunks: [["visible:Gobelin 3", "hidden:Gobelin 4"], []] });
    pointAll(s, [crypt(s, 0), crypt(s, 1)]);
    expect(game.legalActions(s, 0)).toEqual([{ type: "pay", token: "Gobelin 3" }, { type: "pay", token: "Gobelin 4" }]);
    doAct(s, 0, { type: "pay", token: "Gobelin 3" });
    expect(names(s.trunks[0]!)).toEqual(["Gobelin 4", "Lady Goblina"]);
  });

  it("5: Ultimus is not a weapon for Night Knight", () => {
    expect(canPay({ kind: "weapons", count: 2 }, [id("Pieu ailé"), id("Ultimus")])).toBe(false);
    expect(canPay({ kind: "recipe", ingredients: ["Gui", "Gui"] }, [id("Gui"), id("Pierre philosophale")])).toBe(true);
    expect(canPay({ kind: "sameIngredients", count: 2 }, [id("Gui"), id("Pierre philosophale")])).toBe(false);
  });

  it("6: Ultimus is offered even with the matching weapon; declining keeps it and the weapon captures", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["visible:Vampire 3", "Gui", "Gold 1", "Gold 3"], trunks: [["Pieu ailé", "Ultimus"], []] });
    pointAll(s, [roomSlot(s, "Vampire 3"), roomSlot(s, "Gui")]);
    doAct(s, 0, { type: "ultimus", use: false });
    expect(names(s.trunks[0]!)).toEqual(["Pieu ailé", "Ultimus", "Vampire 3"]);
  });

  it("8: Retiro cannot fish an escaped sorcerer out of the moat", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "Gold 3"], spells: ["Retiro"], moat: ["Dae Mago", "Gui"] });
    pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
    doAct(s, 0, { type: "cast", spell: "Retiro" });
    expect(game.legalActions(s, 0)).toEqual([{ type: "retiro", token: "Gui" }]);
  });

  it("9: Alkimia may steal a Fortuna (it is gold)", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "Gold 3"], spells: ["Alkimia"], trunks: [[], ["Fortuna", "visible:Vampire 3", "Pieu ailé"]] });
    pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 2")]);
    doAct(s, 0, { type: "cast", spell: "Alkimia" });
    expect(game.legalActions(s, 0).map((a) => a.type === "steal" && a.token).sort()).toEqual(["Fortuna", "Gold 2", "Pieu ailé"]);
  });

  it("10: with no spell card face up, a spell token still scores but casts nothing", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 1", "Gold 2", "Gold 3"], spells: [] });
    s.pile = [];
    pointAll(s, [roomSlot(s, "Spell"), roomSlot(s, "Gold 1")]);
    expect(s.phase.type).toBe("point");
    expect(names(s.trunks[0]!)).toEqual(["Spell"]);
  });
});
