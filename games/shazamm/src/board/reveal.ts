// The reveal of one turn as the board shows it, built from the view's last turn (the public events
// since the last "revealed": a turn with a follow-up question spans several actions), or from the
// table in the view. Pure: tested on its own.
import type { ShazammEvent, Table } from "../state.ts";
import type { ShazammView } from "../view.ts";
import type { BySeat, Card, Commit, Spell } from "../data.ts";
import type { CardTag } from "./SpellCard.tsx";

export interface RevealedCard {
  readonly card: Card;
  readonly tag: CardTag | undefined;
}

export interface TurnReveal {
  readonly commits: BySeat<Commit>;
  /** Each seat's cards as laid (decoy included), then the Clone copies cast for it, with what became of each. */
  readonly cards: BySeat<RevealedCard[]>;
  /** The bids after Recyclage, when it changed one. */
  readonly bids: BySeat<number>;
  readonly attacks: BySeat<number> | null;
  /** Events worth a line under the cards (the wall, mana gained, the round's end…), in order. */
  readonly lines: ShazammEvent[];
  /** Whether the turn is complete (its attacks compared, or the round stopped). */
  readonly done: boolean;
}

const LINE_TYPES = new Set<ShazammEvent["type"]>(["cloned", "stolen", "recycled", "wall", "gained", "round-over", "game-over"]);

export { turnEvents } from "../rules.ts";

/** The reveal from a turn's events (the first must be "revealed"); null when there is none. */
export function revealFromEvents(events: readonly ShazammEvent[]): TurnReveal | null {
  const first = events[0];
  if (!first || first.type !== "revealed") return null;
  const commits = first.commits;
  const cards: BySeat<{ card: Card; tag: CardTag | undefined }[]> = [
    commits[0].cards.map((card) => ({ card, tag: card === 0 ? undefined : "pending" })),
    commits[1].cards.map((card) => ({ card, tag: card === 0 ? undefined : "pending" })),
  ];
  const bids: BySeat<number> = [commits[0].bid, commits[1].bid];
  let attacks: BySeat<number> | null = null;
  let done = false;
  const lines: ShazammEvent[] = [];
  /** The laid card `card` still to come, looked for in `seats` in order (a stolen card is its owner's). */
  const laid = (card: Spell, seats: readonly (0 | 1)[]) => {
    for (const s of seats) {
      const found = cards[s].find((c) => c.card === card && c.tag === "pending");
      if (found) return found;
    }
    return undefined;
  };
  for (const event of events.slice(1)) {
    if (event.type === "revealed") break; // the next turn (not expected: turnEvents cuts there)
    switch (event.type) {
      case "cancelled":
        for (const s of [0, 1] as const) for (const c of cards[s]) if (c.card === event.card) c.tag = "cancelled";
        break;
      case "silenced":
      case "voided": {
        const c = laid(event.card, [event.seat as 0 | 1, event.seat === 0 ? 1 : 0]);
        if (c && c.tag === "pending") c.tag = event.type === "silenced" ? "silenced" : "void";
        break;
      }
      case "cast": {
        if (event.copy) {
          cards[event.seat as 0 | 1].push({ card: event.card, tag: "copy" });
        } else {
          const c = laid(event.card, event.stolen ? [event.seat === 0 ? 1 : 0] : [event.seat as 0 | 1]);
          if (c) c.tag = event.stolen ? "stolen" : undefined;
        }
        break;
      }
      case "stolen": {
        const c = laid(event.card, [event.seat === 0 ? 1 : 0]);
        if (c) c.tag = event.apply ? "stolen" : "destroyed";
        lines.push(event);
        break;
      }
      case "recycled":
        bids[event.seat as 0 | 1] = event.bid;
        lines.push(event);
        break;
      case "attacks":
        attacks = [...event.attacks];
        done = true;
        break;
      case "round-over":
        done = true;
        lines.push(event);
        break;
      case "paid":
        done = true;
        break;
      default:
        if (LINE_TYPES.has(event.type)) lines.push(event);
    }
  }
  return { commits, cards, bids, attacks, lines, done };
}

/** The reveal of the turn being resolved, from the view's table (no events needed). */
export function revealFromTable(table: Table): TurnReveal {
  const cards: BySeat<RevealedCard[]> = [[], []];
  for (const s of [0, 1] as const) {
    for (const card of table.commits[s].cards) {
      if (card === 0) {
        cards[s].push({ card, tag: undefined });
        continue;
      }
      if (table.cancelled.includes(card)) {
        cards[s].push({ card, tag: "cancelled" });
        continue;
      }
      const entry = table.entries.find((e) => e.card === card && e.from === s && !e.copy);
      cards[s].push({ card, tag: entry ? tagOf(entry) : undefined });
    }
  }
  for (const entry of table.entries) if (entry.copy) cards[entry.owner].push({ card: entry.card, tag: "copy" });
  return { commits: table.commits, cards, bids: [...table.bids], attacks: null, lines: [], done: false };
}

function tagOf(entry: Table["entries"][number]): CardTag | undefined {
  switch (entry.status) {
    case "pending":
      return entry.stolen ? "stolen" : "pending";
    case "void":
      return "void";
    case "destroyed":
      return "destroyed";
    case "applied":
      return entry.stolen ? "stolen" : undefined;
  }
}

/** What the board shows as the last reveal: the view's last turn, else the table being resolved. */
export function currentReveal(view: ShazammView): TurnReveal | null {
  const fromEvents = revealFromEvents(view.lastTurn);
  if (fromEvents) return fromEvents;
  if (view.phase.type === "resolve") return revealFromTable(view.phase.table);
  return null;
}
