// The rulebook's examples and the room/take rules.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { GRIMOIRES, HIDDEN_POOL, POTIONS, ROOMS, SORCERERS, SPECIAL_TOKENS, SPELL_CARDS, VISIBLE_POOL, roomsFor, scores, tokenName, type State } from "../src/index.ts";
import { arranged, doAct, game, names, pointAll, room, roomSlot } from "./helpers.ts";

describe("component data", () => {
  it("has the rulebook's counts", () => {
    expect([VISIBLE_POOL.length, HIDDEN_POOL.length, SPECIAL_TOKENS.length, SPELL_CARDS.length, ROOMS.length, POTIONS.length, GRIMOIRES.length, SORCERERS.length]).toEqual([38, 26, 6, 12, 8, 9, 9, 12]);
    expect(ROOMS.reduce((s, r) => s + r.visible, 0)).toBe(38);
    expect(ROOMS.reduce((s, r) => s + r.hidden, 0)).toBe(26);
    expect(ROOMS.find((r) => r.name === "Dortoir")).toMatchObject({ visible: 4, hidden: 3 });
  });
});

describe("setup by player count", () => {
  for (const [seats, rooms, wands, sorcerers] of [[2, 3, [1, 4], 6], [3, 5, [1, 2, 4], 9], [4, 7, [1, 2, 3, 4], 12]] as const) {
    it(`${seats} players: Roof + ${rooms} rooms, wands ${wands.join(",")}, ${sorcerers} sorcerers, one face up`, () => {
      const s = game.setup({ seats, options: { mode: "apprentice" }, seed: 7 });
      expect(s.room).toBe(0);
      expect(s.roomTokens.length).toBe(7);
      expect(s.roomTokens.every((t) => t && !t.hidden)).toBe(true);
      expect(s.rooms.length).toBe(rooms);
      expect(roomsFor(seats).length).toBe(rooms);
      expect([...s.wands].sort()).toEqual(wands);
      expect(s.sorcerers.length).toBe(sorcerers);
      expect(s.sorcerers.filter((x) => x?.faceUp).length).toBe(1);
      expect(s.potionRow.length).toBe(3);
      expect(s.faceUp.length).toBe(3);
      expect(s.grimoireRow.length).toBe(0);
      expect(s.outOfGame.length).toBe(9);
    });
  }
  it("expert mode lays 3 grimoires", () => {
    const s = game.setup({ seats: 2, options: { mode: "expert" }, seed: 7 });
    expect(s.grimoireRow.length).toBe(3);
    expect(s.outOfGame.length).toBe(0);
  });
});

describe("incantation", () => {
  it("Pieu ailé / Citrouille example: strongest wand takes, swaps with the weakest, the other loses the turn", () => {
    // Aurélie 4, Charles 2, Cléo 1 on the Pieu ailé; Floriane 3 on the Citrouille.
    const s = arranged(4, { wands: [4, 2, 1, 3], roomTokens: ["Pieu ailé", "Citrouille", "Gold 1", "Gold 2"] });
    const pieu = roomSlot(s, "Pieu ailé");
    pointAll(s, [pieu, pieu, pieu, roomSlot(s, "Citrouille")]);
    expect(names(s.trunks[0]!)).toEqual(["Pieu ailé"]);
    expect(s.trunks[1]).toEqual([]);
    expect(s.trunks[2]).toEqual([]);
    expect(names(s.trunks[3]!)).toEqual(["Citrouille"]);
    expect(s.wands).toEqual([1, 2, 4, 3]);
    expect(s.phase.type).toBe("point");
  });

  it("choices stay sealed until all have chosen", () => {
    const s = arranged(2, { roomTokens: ["Gold 1", "Gold 2", "Gold 3"] });
    const target = room(s, 2);
    expect(target).toEqual({ type: "room", slot: 2, token: "Gold 3", twin: false });
    const events = doAct(s, 0, { type: "point", target });
    expect(events).toEqual([{ type: "pointed", seat: 0 }]);
    const other = game.view(s, 1);
    expect(other.phase).toEqual({ type: "point", chosen: [true, false], mine: null });
    expect(JSON.stringify(other)).not.toContain('"slot":2');
    expect(game.view(s, 0).phase).toMatchObject({ mine: target });
    expect(game.decision(s)).toMatchObject({ type: "simultaneous", seats: [1] });
  });

  it("hidden tokens stay hidden from everyone, holder of the wand included", () => {
    const s = arranged(2, { roomTokens: ["Gold 1", "hidden:Vampire 5"] });
    for (const viewer of [0, 1, "spectator"] as const) expect(game.view(s, viewer).roomTokens[1]).toEqual({ token: null, hidden: true, knownBy: [] });
  });

  it("face-down sorcerers, the pools and the pile stay hidden; resampling keeps the view", () => {
    const s = game.setup({ seats: 4, options: { mode: "expert" }, seed: 11 });
    for (const viewer of [0, 3, "spectator"] as const) {
      const v = game.view(s, viewer);
      expect(v.sorcerers.filter((x) => x && x.token === null).length).toBe(11);
      expect(typeof v.pile).toBe("number");
      expect(typeof v.hiddenPool).toBe("number");
    }
    const resampled = game.resample(game.view(s, 2), 2, createRng(4));
    expect(game.view(resampled, 2)).toEqual(game.view(s, 2));
    expect(resampled.sorcerers.map((x) => x?.token)).not.toEqual(s.sorcerers.map((x) => x?.token));
  });

  it("Charles's Vampire: a hidden monster is captured with its weapon", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["hidden:Vampire 4", "Gold 1", "Gold 2"], trunks: [["Pieu ailé"], []] });
    pointAll(s, [roomSlot(s, "Vampire 4"), roomSlot(s, "Gold 1")]);
    expect(names(s.trunks[0]!)).toEqual(["Pieu ailé", "Vampire 4"]);
  });

  it("a monster without its weapon flees to the moat", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["hidden:Vampire 4", "Gold 1", "Gold 2", "Gold 3"], trunks: [["Filet magique"], []] });
    pointAll(s, [roomSlot(s, "Vampire 4"), roomSlot(s, "Gold 1")]);
    expect(names(s.trunks[0]!)).toEqual(["Filet magique"]);
    expect(names(s.moat)).toEqual(["Vampire 4"]);
  });

  it("Cléo's green potion: ingredients go to the moat, the potion to the trunk", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Gold 1", "Gold 2", "Gold 3"], potionRow: ["Potion green Gui+Champignon"], trunks: [["Gui", "Champignon"], []] });
    const targets = game.legalActions(s, 0).map((a) => a.type === "point" && a.target.type);
    expect(targets).toContain("potion");
    expect(game.legalActions(s, 1).some((a) => a.type === "point" && a.target.type === "potion")).toBe(false);
    pointAll(s, [{ type: "potion", potion: "Potion green Gui+Champignon" }, roomSlot(s, "Gold 1")]);
    expect(names(s.trunks[0]!)).toEqual(["Potion green Gui+Champignon"]);
    expect(names(s.moat).sort()).toEqual(["Champignon", "Gui"]);
    expect(s.potionRow).toEqual([]);
  });

  it("a full trunk asks to throw one of its tokens or the new one", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["hidden:Gold 2", "Gui", "Gold 1"], trunks: [["Gold 1", "Gold 2", "Gold 3"], []] });
    pointAll(s, [roomSlot(s, "Gold 2"), roomSlot(s, "Gui")]);
    expect(game.decision(s)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.place" } });
    // Gold 1, Gold 2 (the trunk's or the new one: one choice, the same face), Gold 3.
    const legal = game.legalActions(s, 0);
    expect(legal).toEqual(["Gold 1", "Gold 2", "Gold 3"].map((token) => ({ type: "throw", token })));
    doAct(s, 0, { type: "throw", token: tokenName(s.trunks[0]![0]!) });
    expect(names(s.trunks[0]!).sort()).toEqual(["Gold 2", "Gold 2", "Gold 3"]);
    expect(names(s.moat)).toContain("Gold 1");
  });

  it("throwing the new token leaves the trunk as it was", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Gui", "Gold 2", "Gold 1", "Gold 3"], trunks: [["Gui", "Gui", "Gui", "Champignon"], []] });
    pointAll(s, [roomSlot(s, "Gui"), roomSlot(s, "Gold 2")]);
    const newGui = (s.phase as { queue: { token: number }[] }).queue[0]!.token;
    doAct(s, 0, { type: "throw", token: "Gui" });
    expect(s.trunks[0]!.length).toBe(4);
    expect(s.moat).toEqual([newGui]);
  });

  it("a room with one token left is cleared: last token to the moat, rows refilled, next room, one sorcerer turned", () => {
    const s = arranged(2, { wands: [4, 1], rooms: ["Dortoir", "Cuisine"], roomTokens: ["Gold 1", "Gold 2", "Gui"], potionRow: ["Potion green Gui+Champignon"] });
    const faceUp = s.sorcerers.filter((x) => x?.faceUp).length;
    pointAll(s, [roomSlot(s, "Gold 1"), roomSlot(s, "Gold 2")]);
    expect(names(s.moat)).toEqual(["Gui"]);
    expect(s.room).toBe(ROOMS.findIndex((r) => r.name === "Dortoir"));
    expect(s.roomTokens.filter((t) => t && !t.hidden).length).toBe(4);
    expect(s.roomTokens.filter((t) => t && t.hidden).length).toBe(3);
    expect(s.potionRow.length).toBe(3);
    expect(s.sorcerers.filter((x) => x?.faceUp).length).toBe(faceUp + 1);
  });

  it("an arrangement naming a room lays that room's tokens", () => {
    const s = arranged(3, { room: "Dortoir" });
    expect(s.roomTokens.filter((t) => t && !t.hidden).length).toBe(4);
    expect(s.roomTokens.filter((t) => t && t.hidden).length).toBe(3);
  });

  it("after the last room comes the crypt", () => {
    const s = arranged(2, { wands: [4, 1], rooms: [], roomTokens: ["Gold 1", "Gold 2"], trunks: [[], []] });
    pointAll(s, [roomSlot(s, "Gold 1"), roomSlot(s, "Gold 2")]);
    expect(s.room).toBeNull();
    expect(s.roomTokens).toEqual([]);
  });
});

describe("scoring", () => {
  const charles = ["Potion green Gui+Champignon", "hidden:Fantôme 5", "visible:Gobelin 3", "hidden:Gobelin 4", "visible:Vampire 3", "Gold 3", "Gold 2", "Spell", "Spell", "Baronessa Magenta"];
  it("Charles's trunk scores 35", () => {
    const s = arranged(2, { room: "crypt", sorcerers: [{ token: "Dae Mago", faceUp: false }], trunks: [[], charles] });
    expect(scores(s)[1]).toBe(35);
  });
  it("expert adds the wand's power", () => {
    const s = arranged(2, { wands: [1, 4], room: "crypt", sorcerers: [{ token: "Dae Mago", faceUp: false }], trunks: [[], charles] }, "expert");
    expect(scores(s)).toEqual([1, 39]);
  });
  it("a tie goes to the strongest wand", () => {
    const s = arranged(2, { wands: [4, 1], room: "crypt", sorcerers: ["Night Knight"], trunks: [["Gold 2"], ["Gold 2"]] });
    expect(game.decision(s)).toEqual({ type: "over" });
    expect(game.outcome(s)).toEqual({ winners: [0], scores: [2, 2], draw: false });
    const t: State = arranged(2, { wands: [1, 4], room: "crypt", sorcerers: ["Night Knight"], trunks: [["Gold 2"], ["Gold 2"]] });
    expect(game.outcome(t)?.winners).toEqual([1]);
  });
});
