// Incantibus' sounds: pure sine bells in the tower. The Incanto! reveal, a token taken or a spell
// cast, a token lost to the moat or escaping, a theft, a glance under a hidden token.
import type { SoundSet } from "@grimoire/web/kit";
import type { Event } from "../state.ts";

export const sounds: SoundSet = {
  voice: { wave: "sine", pitch: 660, grit: 0 },
  cueOf(raw) {
    const event = raw as Event;
    switch (event.type) {
      case "revealed":
      case "peek":
      case "sorcerer":
        return "reveal";
      case "took":
      case "cast":
        return "cast";
      case "escaped":
      case "moat":
        return "fail";
      case "stole":
        return "damage";
      default:
        return null;
    }
  },
};
