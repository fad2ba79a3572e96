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
