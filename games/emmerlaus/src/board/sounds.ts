// Emmerlaüs' sounds: a hard square voice with a little crackle. A card played, a card cancelled,
// life lost or won, the dice rolled.
import type { SoundSet } from "@grimoire/web/kit";
import type { EmmerlausEvent } from "../state.ts";

export const sounds: SoundSet = {
  voice: { wave: "square", pitch: 330, grit: 0.2 },
  cueOf(raw) {
    const event = raw as EmmerlausEvent;
    switch (event.type) {
      case "played":
      case "shot":
        return "cast";
      case "cancelled":
      case "lapsed":
        return "fail";
      case "life":
        return event.delta < 0 ? "damage" : event.delta > 0 ? "heal" : null;
      case "died":
        return "damage";
      case "roll":
        return "reveal";
      default:
        return null;
    }
  },
};
