// The end-of-game breakdown, computed from public information only: the points of each trunk by
// kind (gold, monsters, potions, grimoires, sorcerers, Spell tokens, Fortuna, the wand in expert
// mode), and the points each player made room by room, followed through the log's events (a token
// taken adds its points, one thrown into the moat, stolen or fled after it was taken removes them).
import type { Mode } from "../data.ts";
import { face, pointsOf } from "../trunk.ts";
import type { Event } from "../state.ts";

export const CATEGORIES = ["gold", "monsters", "potions", "grimoires", "sorcerers", "spells", "fortuna", "wand"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A trunk's points by kind (the wand's power counts in expert mode only). */
export function trunkBreakdown(trunk: readonly number[], mode: Mode, wand: number): Record<Category, number> {
  const out: Record<Category, number> = { gold: 0, monsters: 0, potions: 0, grimoires: 0, sorcerers: 0, spells: 0, fortuna: 0, wand: mode === "expert" ? wand : 0 };
  for (const id of trunk) {
    const f = face(id);
    const p = pointsOf(id);
    switch (f.kind) {
      case "gold": out.gold += p; break;
      case "monster": out.monsters += p; break;
      case "potion": out.potions += p; break;
      case "grimoire": out.grimoires += p; break;
      case "sorcerer": out.sorcerers += p; break;
      case "spell": out.spells += p; break;
      case "special": if (f.special === "Fortuna") out.fortuna += p; break;
      default: break;
    }
  }
  return out;
}

/** Points made in one room (null: the crypt), per seat. */
export interface RoomPoints {
  readonly room: number | null;
  readonly points: number[];
}

/** The points each seat made room by room, from the game's events in order (the Roof first). */
export function pointsByRoom(events: readonly Event[], seats: number): RoomPoints[] {
  const rooms: { room: number | null; points: number[] }[] = [{ room: 0, points: Array(seats).fill(0) }];
  const add = (seat: number, n: number) => { rooms[rooms.length - 1]!.points[seat]! += n; };
  for (const e of events) {
    switch (e.type) {
      case "room": if (e.room !== rooms[rooms.length - 1]!.room) rooms.push({ room: e.room, points: Array(seats).fill(0) }); break;
      case "took": add(e.seat, pointsOf(e.token)); break;
      case "moat": if (e.seat !== null) add(e.seat, -pointsOf(e.token)); break;
      // a monster taken then fled (no weapon) gives its points back; a sorcerer that resists never came
      case "escaped": if (e.seat !== null && face(e.token).kind === "monster") add(e.seat, -pointsOf(e.token)); break;
      case "stole": add(e.seat, pointsOf(e.token)); add(e.from, -pointsOf(e.token)); break;
      default: break;
    }
  }
  return rooms;
}
