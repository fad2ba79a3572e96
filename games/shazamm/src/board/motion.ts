// What moves on the Shazamm! board for the events of a change (played by the kit's useMotion; the
// cards' flip and the wall's steps are CSS): mana meters tick as mana is paid or gained, a drawn
// card flies from the pile to the hand, a laid card flies from its wizard's hand to the reveal, and
// a card put into the discard flies there from the reveal.
import type { Motion } from "@grimoire/web/kit";
import type { ShazammEvent } from "../state.ts";

export function shazammMotions(events: readonly ShazammEvent[]): Motion[] {
  const motions: Motion[] = [];
  for (const e of events) {
    switch (e.type) {
      case "paid":
      case "gained":
        motions.push({ kind: "tick", at: `.mage.m${e.seat} .sz-mana .meter-text`, up: e.type === "gained" });
        break;
      case "drew":
        motions.push({ kind: "fly", to: `.mage.m${e.seat} .sz-backs > :last-child`, from: `.mage.m${e.seat} .sz-pile` });
        break;
      case "revealed":
        for (const s of [0, 1] as const) {
          motions.push({ kind: "fly", to: `.sz-reveal .sz-side.m${s} .sz-bid-chip`, from: `.mage.m${s} .sz-mana` });
          for (const c of e.commits[s].cards) motions.push({ kind: "fly", to: `.mage.m${s} .sz-discards [data-card="${c}"]`, from: `.mage.m${s} .sz-backs` });
        }
        break;
      case "new-round":
        motions.push({ kind: "shake", at: ".sz-bridge" });
        break;
      default:
        break;
    }
  }
  return motions;
}
