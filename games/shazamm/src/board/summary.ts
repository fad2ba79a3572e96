// The end-of-game breakdown, round by round, read from the match's log: who won each round and
// how, the turns played, the mana each wizard spent and the spells each laid. Pure: tested alone.
import type { RoundEndReason, ShazammEvent } from "../state.ts";
import type { ShazammView } from "../view.ts";
import { SPELLS, type BySeat, type Spell } from "../data.ts";

export interface RoundSummary {
  readonly round: number;
  /** The wizard the wall reached (null: nobody lost the round). */
  readonly loser: 0 | 1 | null;
  readonly reason: RoundEndReason | null;
  readonly turns: number;
  /** Mana actually paid (after Recyclage and Miser). */
  readonly spent: BySeat<number>;
  /** Spells laid (the decoy left out), in the order of the turns. */
  readonly spells: BySeat<Spell[]>;
}

export function roundsOf(events: readonly ShazammEvent[]): RoundSummary[] {
  const rounds: RoundSummary[] = [];
  let current = { round: 1, loser: null as 0 | 1 | null, reason: null as RoundEndReason | null, turns: 0, spent: [0, 0] as BySeat<number>, spells: [[], []] as BySeat<Spell[]> };
  let open = false;
  for (const event of events) {
    switch (event.type) {
      case "revealed":
        open = true;
        current.turns++;
        for (const s of [0, 1] as const) current.spells[s].push(...(event.commits[s].cards.filter((c) => c !== 0) as Spell[]));
        break;
      case "paid":
        current.spent[event.seat as 0 | 1] += event.amount;
        break;
      case "round-over":
        rounds.push({ ...current, round: event.round, loser: event.loser as 0 | 1 | null, reason: event.reason });
        current = { round: event.round + 1, loser: null, reason: null, turns: 0, spent: [0, 0], spells: [[], []] };
        open = false;
        break;
      default:
        break;
    }
  }
  if (open) rounds.push(current); // a round cut short (a resignation, a partial log)
  return rounds;
}

/** Each seat's spells at the end: played (discarded), and the rest split into hand and pile when the view shows them. */
export function cardsAtEnd(view: ShazammView, seat: 0 | 1): { played: Spell[]; hand: Spell[] | null; pile: Spell[] | null; unplayed: Spell[] } {
  const played = [...view.discards[seat]].sort((a, b) => a - b);
  const onTable = view.phase.type === "resolve" ? view.phase.table.played[seat] : [];
  const unplayed = SPELLS.filter((s) => !played.includes(s) && !onTable.includes(s));
  const own = view.viewer === seat && view.hand !== null && view.pile !== null;
  return {
    played,
    hand: own ? (view.hand!.filter((c) => c !== 0) as Spell[]) : null,
    pile: own ? [...view.pile!].sort((a, b) => a - b) : null,
    unplayed,
  };
}
