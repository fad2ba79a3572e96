// What moves on the Emmerlaüs board for the events of a change (played by the kit's useMotion; the
// dice roll by themselves, the kit's Die): a played card flies from its caster to the table, a card
// discarded, shot or lapsed flies to the discard pile, an object stored or stolen flies in front of
// its new owner, a drawn card flies from the deck to the reader's hand, and life and hand counts tick.
import type { Motion } from "@grimoire/web/kit";
import type { EmmerlausEvent } from "../state.ts";

const seatAt = (seat: number) => `.em-seat[data-seat="${seat}"]`;
const DISCARD_TOP = ".em-discard > :first-child";

export function emmerlausMotions(events: readonly EmmerlausEvent[]): Motion[] {
  const motions: Motion[] = [];
  for (const e of events) {
    switch (e.type) {
      case "played":
        motions.push({ kind: "fly", to: ".em-pending .em-cast", from: seatAt(e.seat) });
        break;
      case "discarded":
      case "shot":
      case "lapsed":
        motions.push({ kind: "fly", to: DISCARD_TOP, from: seatAt(e.seat) });
        break;
      case "cancelled":
        motions.push({ kind: "fly", to: DISCARD_TOP, from: ".em-table" });
        break;
      case "stored":
        motions.push({ kind: "fly", to: `${seatAt(e.seat)} .em-in-front > :last-child`, from: ".em-table" });
        break;
      case "stolen":
        motions.push({ kind: "fly", to: `${seatAt(e.seat)} .em-in-front > :last-child`, from: seatAt(e.from) });
        break;
      case "drew":
        if (e.cards !== null && e.cards.length > 0) motions.push({ kind: "fly", to: ".em-hand > :last-child", from: ".em-pile" });
        motions.push({ kind: "tick", at: `${seatAt(e.seat)} .em-hand-count`, up: true });
        break;
      case "swapped":
        motions.push({ kind: "tick", at: `${seatAt(e.seat)} .em-hand-count`, up: true }, { kind: "tick", at: `${seatAt(e.other)} .em-hand-count`, up: true });
        break;
      case "life":
        if (e.delta !== 0) motions.push({ kind: "tick", at: `${seatAt(e.seat)} .em-life-number`, up: e.delta > 0 });
        break;
      case "died":
        motions.push({ kind: "shake", at: `${seatAt(e.seat)} .em-seat-top` });
        break;
      default:
        break;
    }
  }
  return motions;
}
