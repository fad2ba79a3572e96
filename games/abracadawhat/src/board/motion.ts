// What moves on the Abraca…What? board for the events of a change (played by the kit's useMotion):
// a cast stone flies from its caster's rack to its plaque, whose count ticks; a heart lost or won
// ticks; a drawn secret stone flies from the secret stones to its taker; a refill flies from the
// pile to the rack; a round's points tick on the scores. The die rolls by itself (the kit's Die).
import type { Motion } from "@grimoire/web/kit";
import type { Event } from "../events.ts";

const seatAt = (seat: number) => `.ab-seat[data-seat="${seat}"]`;

export function abracaMotions(events: readonly Event[]): Motion[] {
  const motions: Motion[] = [];
  for (const e of events) {
    switch (e.type) {
      case "cast":
        if (e.outcome === "success") {
          motions.push({ kind: "fly", to: `.ab-plaque.s${e.spell} .ab-plaque-top`, from: `${seatAt(e.seat)} .ab-rack` });
          motions.push({ kind: "tick", at: `.ab-plaque.s${e.spell} .ab-count`, up: true });
        } else motions.push({ kind: "shake", at: `${seatAt(e.seat)} .ab-rack` });
        break;
      case "life":
        if (e.change !== 0) motions.push({ kind: "tick", at: `${seatAt(e.seat)} .ab-hearts > :nth-child(${Math.max(1, e.change < 0 ? e.life + 1 : e.life)})`, up: e.change > 0 });
        break;
      case "secret":
        if (!e.none) motions.push({ kind: "fly", to: `${seatAt(e.seat)} .ab-taken > :last-child`, from: ".ab-secrets" });
        break;
      case "refill":
        if (e.count > 0) motions.push({ kind: "fly", to: `${seatAt(e.seat)} .ab-rack > :last-child`, from: ".ab-pile" });
        break;
      case "round-end":
        e.points.forEach((p, s) => {
          if (p !== 0) motions.push({ kind: "tick", at: `${seatAt(s)} .ab-score`, up: p > 0 });
        });
        break;
      default:
        break;
    }
  }
  return motions;
}
