// Shazamm!'s sounds: a rasping sawtooth with a breath of fire. The bids turned over, spells cast or
// cancelled, the wall of fire moving, mana won back.
import type { SoundSet } from "@grimoire/web/kit";
import type { ShazammEvent } from "../state.ts";

export const sounds: SoundSet = {
  voice: { wave: "sawtooth", pitch: 220, grit: 0.45 },
  cueOf(raw) {
    const event = raw as ShazammEvent;
    switch (event.type) {
      case "revealed":
      case "round-over":
        return "reveal";
      case "cast":
        return "cast";
      case "cancelled":
      case "silenced":
      case "voided":
        return "fail";
      case "wall":
        return event.from === event.to ? null : "damage";
      case "gained":
        return "heal";
      default:
        return null;
    }
  },
};
