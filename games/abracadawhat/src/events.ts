// What happens in a game of Abraca…What?, and what each viewer may see of it.
// A seat never sees its own stones (deal, refill) nor another seat's secret stone;
// spectators never see stones during a round; `round-end` shows every hand to the seated players
// (the round is over: each sees their own stones at last), and to spectators too when the table has
// `spectatorsSeeHands`. Their words: describe.ts.
import type { Viewer } from "@grimoire/engine";
import type { Spell } from "./data.ts";
import type { Counts, RoundEnd } from "./state.ts";

export const CAST_OUTCOMES = ["success", "failure", "illegal"] as const;
export type CastOutcome = (typeof CAST_OUTCOMES)[number];

/** Events; in a projected event the hidden parts are null. */
export type Event =
  | { type: "round-start"; round: number; first: number; hands: (Counts | null)[]; revealed: Counts }
  /** "illegal": a call lower than the previous cast; nobody learns whether the stone was there. */
  | { type: "cast"; seat: number; spell: Spell; outcome: CastOutcome }
  | { type: "roll"; seat: number; value: number }
  | { type: "life"; seat: number; change: number; life: number }
  /** Night Singer: `spell` is the stone taken (null for everyone but its new holder), or no stone left. */
  | { type: "secret"; seat: number; spell: Spell | null; none: boolean }
  | { type: "refill"; seat: number; count: number; stones: Spell[] | null }
  | { type: "turn-end"; seat: number; next: number }
  /** `seat`: whose action ended the round (the loser of a self knock-out); `hands`: each seat's stones when the round ended (null for a spectator without `spectatorsSeeHands`). */
  | { type: "round-end"; round: number; end: RoundEnd; seat: number; winner: number | null; points: number[]; scores: number[]; life: number[]; hands: Counts[] | null; spectatorsSeeHands: boolean }
  | { type: "game-over"; winners: number[]; scores: number[] };

export function eventFor(event: Event, viewer: Viewer): Event | null {
  switch (event.type) {
    case "round-start":
      return {
        ...event,
        hands: event.hands.map((h, seat) => (viewer === seat || viewer === "spectator" ? null : h)),
      };
    case "secret":
      return viewer === event.seat ? event : { ...event, spell: null };
    case "refill":
      return viewer === event.seat || viewer === "spectator" ? { ...event, stones: null } : event;
    case "round-end":
      return viewer === "spectator" && !event.spectatorsSeeHands ? { ...event, hands: null } : event;
    case "cast":
    case "roll":
    case "life":
    case "turn-end":
    case "game-over":
      return event;
  }
}
