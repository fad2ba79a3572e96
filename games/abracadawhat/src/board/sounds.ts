// Abraca…What?'s sounds: a clear triangle voice, like stones on a wooden board. A spell cast rings,
// a call without the stone (or a forbidden one) falls, lives lost or won, stones turned over.
import type { SoundSet } from "@grimoire/web/kit";
import type { Event } from "../events.ts";

export const sounds: SoundSet = {
  voice: { wave: "triangle", pitch: 523, grit: 0 },
  cueOf(raw) {
    const event = raw as Event;
    switch (event.type) {
      case "cast":
        return event.outcome === "success" ? "cast" : "fail";
      case "life":
        return event.change < 0 ? "damage" : event.change > 0 ? "heal" : null;
      case "secret":
      case "round-end":
        return "reveal";
      default:
        return null;
    }
  },
};
