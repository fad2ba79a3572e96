// Arrangements: the rooms named must be the ones in play for the player count; any position
// written by toArrangement comes back (issue #17); errors name the field.
import { checkArrangementProperty } from "@grimoire/engine/testing";
import { describe, expect, it } from "vitest";
import { ROOMS } from "../src/index.ts";
import { game } from "./helpers.ts";

const tryArrange = (seats: number, arrangement: unknown) => game.fromArrangement({ seats, options: { mode: "apprentice" }, seed: 1 }, arrangement);
const roomId = (name: string) => ROOMS.findIndex((r) => r.name === name);

describe("arrangement rooms", () => {
  it("rejects a room not used at this player count, naming the field", () => {
    expect(tryArrange(2, { rooms: ["Dortoir", "Laboratoire"] })).toEqual({ ok: false, error: 'rooms.1: "Laboratoire" is not used with 2 players' });
    expect(tryArrange(3, { rooms: ["Observatoire"] })).toEqual({ ok: false, error: 'rooms.0: "Observatoire" is not used with 3 players' });
    expect(tryArrange(2, { room: "Salle du trône" })).toEqual({ ok: false, error: 'room: "Salle du trône" is not used with 2 players' });
    expect(tryArrange(4, { rooms: ["Observatoire", "Laboratoire"] }).ok).toBe(true);
  });

  it("rejects the Roof among the rooms to come, a repeated room, and the current room", () => {
    expect(tryArrange(2, { rooms: ["Toit"] })).toEqual({ ok: false, error: 'rooms.0: the Roof is always explored first, not later' });
    expect(tryArrange(2, { rooms: ["Dortoir", "Dortoir"] })).toEqual({ ok: false, error: 'rooms.1: "Dortoir" is listed twice' });
    expect(tryArrange(2, { room: "Cuisine", rooms: ["Cuisine"] })).toEqual({ ok: false, error: 'rooms.0: "Cuisine" is the room being searched' });
  });

  it("a named current room is taken out of the rooms still to come", () => {
    const r = tryArrange(3, { room: "Dortoir" });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.room).toBe(roomId("Dortoir"));
    expect(r.value.rooms).not.toContain(roomId("Dortoir"));
    expect(r.value.rooms.length).toBe(4);
  });
});

describe("arrangement room tokens and sorcerers", () => {
  it("a hidden room token may be set as already looked under (Video), seen only by those seats", () => {
    const r = tryArrange(3, { roomTokens: [{ token: "hidden:Vampire 5", knownBy: [2] }, "Gui", "Gold 1"] });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.roomTokens[0]).toMatchObject({ hidden: true, knownBy: [2] });
    expect(game.view(r.value, 2).roomTokens[0]!.token).not.toBeNull();
    expect(game.view(r.value, 0).roomTokens[0]!.token).toBeNull();
    expect(game.view(r.value, "spectator").roomTokens[0]!.token).toBeNull();
  });

  it("errors name the faulty field", () => {
    expect(tryArrange(2, { roomTokens: [{ token: "hidden:Vampire 5", knownBy: [2] }, "Gui"] })).toEqual({ ok: false, error: "roomTokens.0.knownBy: seats are 0 to 1" });
    expect(tryArrange(2, { roomTokens: [{ token: "Gui", knownBy: [0] }, "Gold 1"] })).toEqual({ ok: false, error: "roomTokens.0.knownBy: only a hidden token can have been looked under" });
    expect(tryArrange(2, { roomTokens: ["Gui"] })).toEqual({ ok: false, error: "roomTokens: a room being searched holds at least 2 tokens (with one or none it is cleared)" });
    expect(tryArrange(2, { room: "crypt", roomTokens: ["Gui", "Gold 1"], sorcerers: ["Dame Blanche"] })).toEqual({ ok: false, error: "roomTokens: the crypt holds no room tokens" });
    expect(tryArrange(2, { sorcerers: ["Dame Blanche", "Dae Mago", "Night Knight", "Lady Goblina", "Aiti Romulus", "Le Comte Vlad", "Rexe Indigo"] })).toEqual({ ok: false, error: "sorcerers: at most 6 sorcerers with 2 players" });
  });
});

describe("arrangement rows and modes", () => {
  it("refuses grimoires in apprentice mode, and more than 3 potions, grimoires or spell cards face up", () => {
    expect(tryArrange(2, { trunks: [["Grimoire 1 spell"], []] })).toEqual({ ok: false, error: "trunks.0.0: grimoires are used in expert mode only" });
    expect(tryArrange(2, { grimoireRow: ["Grimoire 1 spell"] })).toEqual({ ok: false, error: "grimoireRow.0: grimoires are used in expert mode only" });
    expect(tryArrange(2, { potionRow: ["Potion green Gui+Champignon", "Potion red Citrouille+Citrouille", "Potion blue Mandragore+Mandragore", "Potion red Gui+Mandragore"] })).toEqual({ ok: false, error: "potionRow: at most 3 face up" });
    expect(tryArrange(2, { spells: ["Alkimia", "Imperium", "Retiro", "Video"] })).toEqual({ ok: false, error: "spells: at most 3 spell cards face up" });
    const expert = game.fromArrangement({ seats: 2, options: { mode: "expert" }, seed: 1 }, { trunks: [["Grimoire 1 spell"], []] });
    expect(expert.ok).toBe(true);
  });
});

describe("any position (issue #17)", () => {
  it("toArrangement writes every place with exact names, and gives the same game back from another seed", () => {
    const s = game.setup({ seats: 3, options: { mode: "expert" }, seed: 21 });
    const written = game.toArrangement!(s) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual([
      "wands", "room", "rooms", "roomTokens", "sorcerers", "potionRow", "grimoireRow", "spells", "spellPile", "usedSpells", "trunks", "moat",
      "visiblePool", "hiddenPool", "potionSupply", "grimoireSupply", "specials", "sorcerersOut", "incantation", "rng",
    ]);
    expect(written["room"]).toBe("Toit");
    // Copies carry their number so the very same token comes back; unique tokens are named alone.
    expect((written["visiblePool"] as string[]).every((n) => /#\d+$/.test(n) || ["Gobelin 3", "Fantôme 3", "Loup-Garou 3", "Vampire 3"].includes(n))).toBe(true);
    const back = game.fromArrangement({ seats: 3, options: { mode: "expert" }, seed: 99 }, JSON.parse(JSON.stringify(written)));
    if (!back.ok) throw new Error(back.error);
    expect(back.value).toEqual(s);
  });

  it("the property on random states of every player count and mode", () => {
    for (const mode of ["apprentice", "expert"] as const) {
      for (const seats of [2, 3, 4]) {
        const report = checkArrangementProperty(game, { seats, options: { mode }, games: 12, seed: 500 + seats, every: 2 });
        expect(report.states).toBeGreaterThan(200);
      }
    }
  }, 600_000);

  it("names the faulty field of a position", () => {
    const crypt = { room: "crypt", sorcerers: ["Dame Blanche", { token: "Dae Mago", faceUp: false }] };
    expect(tryArrange(2, { roomTokens: [null, "Gui", "Gold 1"] })).toEqual({ ok: false, error: "roomTokens.0: an empty place only while an incantation resolves" });
    expect(tryArrange(2, { ...crypt, next: { sorcerers: ["Dame Blanche"] } })).toEqual({ ok: false, error: 'next.sorcerers.0: "Dame Blanche" is not a face-down sorcerer of the crypt' });
    expect(tryArrange(2, { next: { hidden: ["Pieu ailé#1"] } })).toEqual({ ok: false, error: 'next.hidden.0: "Pieu ailé#1" cannot go there' });
    expect(tryArrange(2, { trunks: [["Gold 1#2"], ["Gold 1#2"]] })).toEqual({ ok: false, error: 'trunks.1.0: no token "Gold 1#2" left' });
    expect(tryArrange(2, { roomTokens: ["Gui", "Gold 1"], pointed: [{ type: "room", slot: 5, token: null, twin: false }, null] })).toEqual({ ok: false, error: "pointed.0: not a target seat 0 may point at now" });
    expect(tryArrange(2, { roomTokens: ["Gui", "Gold 1"], pointed: [{ type: "room", slot: 0, token: "Gui", twin: false }, { type: "room", slot: 1, token: "Gold 1", twin: false }] }))
      .toEqual({ ok: false, error: "pointed: with every wand down the incantation resolves (give its steps as resolve)" });
    expect(tryArrange(2, { resolve: { queue: [{ k: "ultimus", seat: 0, token: "Vampire 5" }], owed: [0, 0] } })).toEqual({ ok: false, error: "resolve.queue.0: seat 0 holds no Ultimus token" });
    expect(tryArrange(2, { resolve: { queue: [{ k: "pay", seat: 0, reward: "Potion green Gui+Champignon", chosen: [] }], owed: [0, 0] }, potionRow: [] }))
      .toEqual({ ok: false, error: 'resolve.queue.0.reward: "Potion green Gui+Champignon" is not in the rows or the crypt' });
    expect(tryArrange(2, { resolve: { queue: [{ k: "pay", seat: 0, reward: "Potion green Gui+Champignon", chosen: [] }, { k: "end" }], owed: [0, 0] }, potionRow: ["Potion green Gui+Champignon"] }))
      .toEqual({ ok: false, error: "resolve: this incantation cannot go on (seat 0 cannot pay for Potion green Gui+Champignon)" });
  });

  it("a sealed pointing stays sealed: the others see only that the seat has chosen", () => {
    const r = tryArrange(2, { roomTokens: ["Gui", "Gold 1"], pointed: [null, { type: "room", slot: 1, token: "Gold 1", twin: false }] });
    if (!r.ok) throw new Error(r.error);
    expect(game.decision(r.value)).toMatchObject({ type: "simultaneous", seats: [0] });
    expect(game.view(r.value, 0).phase).toEqual({ type: "point", chosen: [false, true], mine: null });
  });
});

describe("face names and the room the seed laid", () => {
  it("a token named for a trunk is taken from the pools, not out of the room the seed laid, when a copy is free", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const r = game.fromArrangement({ seats: 2, options: { mode: "apprentice" }, seed }, { trunks: [["Gold 1", "Gui", "Spell"], []] });
      if (!r.ok) throw new Error(r.error);
      expect(r.value.roomTokens.length).toBe(7);
    }
  });
});
