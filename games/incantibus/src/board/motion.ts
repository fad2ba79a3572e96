// What moves on the Incantibus board for the events of a change (played by the kit's useMotion; the
// room's tokens laid down and the wands' swap are CSS): a token taken flies from the room to its
// taker's trunk, a stolen one from its victim's trunk, swapped wands fly between the two players,
// and the points of everyone whose trunk changed tick.
import type { Motion } from "@grimoire/web/kit";
import { tokenName } from "../names.ts";
import type { Event } from "../state.ts";

const player = (seat: number) => `.inc-player.seat-${seat}`;
const inTrunk = (seat: number, token: number) => `${player(seat)} .inc-trunk [data-piece="${tokenName(token)}"]`;

export function incantibusMotions(events: readonly Event[]): Motion[] {
  const motions: Motion[] = [];
  for (const e of events) {
    switch (e.type) {
      case "took":
        motions.push({ kind: "fly", to: inTrunk(e.seat, e.token), from: ".inc-room, .inc-market, .inc-crypt" });
        motions.push({ kind: "tick", at: `${player(e.seat)} .inc-score`, up: true });
        break;
      case "stole":
        motions.push({ kind: "fly", to: inTrunk(e.seat, e.token), from: `${player(e.from)} .inc-trunk` });
        motions.push({ kind: "tick", at: `${player(e.seat)} .inc-score`, up: true }, { kind: "tick", at: `${player(e.from)} .inc-score`, up: false });
        break;
      case "swap": {
        const [a, b] = e.seats;
        motions.push({ kind: "fly", to: `${player(a)} .inc-wand`, from: `${player(b)} .inc-player-head` }, { kind: "fly", to: `${player(b)} .inc-wand`, from: `${player(a)} .inc-player-head` });
        break;
      }
      default:
        break;
    }
  }
  return motions;
}
