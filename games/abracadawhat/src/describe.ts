// What Abraca…What? says, as Messages of its catalogues (./text): event lines, action labels,
// prompts and the terminal view. Players are seat references and spells nested messages, so the
// reader's client words them in its language, with "you" for the reader's own seat.
import { msg, seatRef, type Message, type Viewer } from "@grimoire/engine";
import type { Spell } from "./data.ts";
import { eventFor, type Event } from "./events.ts";
import { countOf, stonesOf, type Action, type Counts, type Phase, type RoundEnd } from "./state.ts";
import type { View } from "./view.ts";

/** A spell's name. */
export const spellName = (spell: number): Message => msg(`spell.${spell}.name`);

/** A spell in a sentence: its number and its name. */
export const spellRef = (spell: number): Message => msg("spell.ref", { n: spell, name: spellName(spell) });

const ROUND_END_KEYS: Readonly<Record<RoundEnd, string>> = {
  emptied: "event.roundEnd.emptied",
  knockout: "event.roundEnd.knockout",
  "self-knockout": "event.roundEnd.selfKnockout",
  "last-standing": "event.roundEnd.lastStanding",
};

function roundEndHow(end: RoundEnd, seat: number, winner: number | null): Message {
  return end === "self-knockout" ? msg(ROUND_END_KEYS[end], { loser: seatRef(seat) }) : msg(ROUND_END_KEYS[end], { winner: seatRef(winner ?? seat) });
}

export function describeEvent(full: Event, viewer: Viewer): Message {
  // Projected again, so a caller handing over an unprojected event still reveals nothing hidden.
  const event = eventFor(full, viewer);
  if (event === null) throw new Error(`abracadawhat: ${full.type} event is not for ${viewer}`);
  switch (event.type) {
    case "round-start":
      return msg("event.roundStart", { round: event.round, first: seatRef(event.first) });
    case "cast":
      return msg(`event.cast.${event.outcome}`, { player: seatRef(event.seat), spell: spellRef(event.spell) });
    case "roll":
      return msg("event.roll", { player: seatRef(event.seat), value: event.value });
    case "life": {
      const key = event.change > 0 ? "event.life.gain" : event.change < 0 ? "event.life.loss" : "event.life.same";
      return msg(key, { player: seatRef(event.seat), n: Math.abs(event.change), life: event.life });
    }
    case "secret":
      if (event.none) return msg("event.secret.none", { player: seatRef(event.seat) });
      if (event.spell === null) return msg("event.secret.hidden", { player: seatRef(event.seat) });
      return msg("event.secret.seen", { player: seatRef(event.seat), spell: spellRef(event.spell) });
    case "refill":
      if (event.stones === null) return msg("event.refill.hidden", { player: seatRef(event.seat), count: event.count });
      return msg("event.refill.seen", { player: seatRef(event.seat), count: event.count, stones: event.stones.slice() });
    case "turn-end":
      return msg("event.turnEnd", { player: seatRef(event.seat), next: seatRef(event.next) });
    case "round-end": {
      const params = {
        round: event.round,
        how: roundEndHow(event.end, event.seat, event.winner),
        points: event.points.map((points, seat) => msg("event.roundEnd.points", { player: seatRef(seat), points, score: event.scores[seat]! })),
      };
      if (event.hands === null) return msg("event.roundEnd", params);
      // The stones still in front of each player, turned over (for spectators: with `spectatorsSeeHands`).
      const hands = event.hands.map((counts, seat) => {
        const stones = counts.flatMap((n, spell) => Array.from({ length: n }, () => spell));
        return stones.length === 0 ? msg("event.roundEnd.noStone", { player: seatRef(seat) }) : msg("event.roundEnd.hand", { player: seatRef(seat), stones });
      });
      return msg("event.roundEnd.hands", { ...params, hands });
    }
    case "game-over": {
      const [only] = event.winners;
      if (event.winners.length === 1 && only !== undefined) return msg("event.gameOver.one", { winner: seatRef(only), score: event.scores[only]! });
      const others = event.winners.filter((seat) => seat !== viewer).map(seatRef);
      return msg("event.gameOver.shared", { you: others.length < event.winners.length ? "yes" : "no", winners: event.winners.map(seatRef), others });
    }
  }
}

export function describeAction(action: Action): Message {
  return action.type === "end" ? msg("action.end") : msg("action.cast", { spell: spellRef(action.spell) });
}

/** What the seat casting now is asked. */
export function prompt(lastCast: number, easy: boolean): Message {
  if (lastCast === 0) return msg("prompt.first");
  return easy ? msg("prompt.again") : msg("prompt.higher", { last: lastCast });
}

const stonesList = (counts: Counts): Spell[] => stonesOf(counts);

function turnLine(phase: Phase): Message {
  if (phase.type === "over") return msg("view.over", { count: phase.winners.length, winners: phase.winners.map(seatRef) });
  const player = seatRef(phase.seat);
  return phase.lastCast > 0 ? msg("view.turnAfter", { player, last: phase.lastCast }) : msg("view.turn", { player });
}

/** The view as lines for the terminal. */
export function describeView(view: View, _viewer: Viewer): Message[] {
  const lines = [msg("view.round", { round: view.round, cast: countOf(view.board), board: stonesList(view.board) })];
  if (countOf(view.revealed) > 0) lines.push(msg("view.revealed", { stones: stonesList(view.revealed) }));
  lines.push(msg("view.pile", { pile: view.pileSize, secret: view.secretCount }));
  for (let seat = 0; seat < view.seats; seat++) {
    const hand = view.hands[seat];
    const taken = view.taken[seat];
    const stones = hand ? msg("view.stones.seen", { count: countOf(hand), stones: stonesList(hand) }) : msg("view.stones.hidden", { count: view.handSizes[seat]! });
    const secret = taken ? msg("view.secret.seen", { stones: taken.slice() }) : msg("view.secret.hidden", { count: view.takenCounts[seat]! });
    lines.push(msg("view.seat", { player: seatRef(seat), life: view.life[seat]!, score: view.scores[seat]!, stones, taken: view.takenCounts[seat]!, secret }));
  }
  lines.push(turnLine(view.phase));
  return lines;
}
