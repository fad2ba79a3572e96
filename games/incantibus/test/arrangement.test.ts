// Arrangements: the rooms named must be the ones in play for the player count.
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
