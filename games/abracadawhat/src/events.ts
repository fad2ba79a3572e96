// What happens in a game of Abraca…What?, and what each viewer may see of it.
// A seat never sees its own stones (deal, refill) nor another seat's secret stone;
// spectators never see stones during a round; `round-end` shows every hand to everyone when the
// table has `spectatorsSeeHands` (the round is over, nothing left to hide).
import type { Viewer } from "@grimoire/engine";
import { SPELL_NAMES, type Spell } from "./data.ts";
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
  /** `hands`: each seat's stones when the round ended, with `spectatorsSeeHands` (else null). */
  | { type: "round-end"; round: number; end: RoundEnd; winner: number | null; points: number[]; scores: number[]; life: number[]; hands: Counts[] | null }
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
    case "cast":
    case "roll":
    case "life":
    case "turn-end":
    case "round-end":
    case "game-over":
      return event;
  }
}

const who = (seat: number, viewer: Viewer) => (seat === viewer ? "You" : `Seat ${seat + 1}`);
/** "2 3 3", or "none". */
const stonesText = (counts: Counts) => counts.flatMap((n, spell) => Array.from({ length: n }, () => spell)).join(" ") || "none";
const spellText = (spell: Spell) => `${spell} (${SPELL_NAMES[spell]})`;

export function describeEvent(full: Event, viewer: Viewer): string {
  // Projected again, so a caller handing over an unprojected event still reveals nothing hidden.
  const event = eventFor(full, viewer);
  if (event === null) return "";
  switch (event.type) {
    case "round-start":
      return `Round ${event.round} begins; Seat ${event.first + 1} casts first.`;
    case "cast":
      switch (event.outcome) {
        case "success":
          return `${who(event.seat, viewer)} cast ${spellText(event.spell)}.`;
        case "failure":
          return `${who(event.seat, viewer)} called ${spellText(event.spell)} without holding it.`;
        case "illegal":
          return `${who(event.seat, viewer)} called ${spellText(event.spell)}, lower than the previous cast: penalty.`;
      }
      break;
    case "roll":
      return `${who(event.seat, viewer)} rolled ${event.value}.`;
    case "life":
      return `${who(event.seat, viewer)} ${event.change >= 0 ? "gained" : "lost"} ${Math.abs(event.change)} life (now ${event.life}).`;
    case "secret":
      if (event.none) return `${who(event.seat, viewer)} found no secret stone left.`;
      return event.spell === null ? `${who(event.seat, viewer)} took a secret stone.` : `${who(event.seat, viewer)} took a secret stone: ${spellText(event.spell)}.`;
    case "refill":
      return `${who(event.seat, viewer)} drew ${event.count} stone${event.count === 1 ? "" : "s"}${event.stones ? `: ${event.stones.join(", ")}` : ""}.`;
    case "turn-end":
      return `Turn over for ${who(event.seat, viewer).replace("You", "you")}; Seat ${event.next + 1} is next.`;
    case "round-end": {
      const winner = event.winner === null ? "no winner" : `${who(event.winner, viewer)} won it`;
      const hands = event.hands === null ? "" : `; stones in front: ${event.hands.map((h, seat) => `${who(seat, viewer)} ${stonesText(h)}`).join(", ")}`;
      return `Round ${event.round} over (${event.end}): ${winner}; points ${event.points.join("/")}, scores ${event.scores.join("/")}${hands}.`;
    }
    case "game-over":
      return `Game over: ${event.winners.map((s) => who(s, viewer)).join(" and ")} won with ${event.scores.join("/")}.`;
  }
}
