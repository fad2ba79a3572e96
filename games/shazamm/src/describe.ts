// One-line English for Shazamm! actions and events, and a text picture of a view (terminal).
import { SPECTATOR, type Viewer } from "@grimoire/engine";
import type { ShazammEvent } from "./state.ts";
import type { ShazammView } from "./view.ts";
import { BRIDGE_TILES, SPELL_NAMES, type Card, type ShazammAction } from "./vocabulary.ts";

export const cardName = (card: Card): string => (card === 0 ? "decoy" : `${card} ${SPELL_NAMES[card]}`);
const cardList = (cards: readonly Card[]): string => (cards.length === 0 ? "no card" : cards.map(cardName).join(", "));
const who = (seat: number): string => `Seat ${seat + 1}`;

export function describeAction(action: ShazammAction): string {
  switch (action.type) {
    case "commit":
      return `bid ${action.bid} with ${cardList(action.cards)}`;
    case "arrange":
      return `put ${cardName(action.card)} next in the pile`;
    case "clone":
      return action.card === null ? "Clone nothing" : `Clone ${cardName(action.card)}`;
    case "larcin":
      return `${action.apply ? "apply" : "destroy"} stolen ${cardName(action.card)}`;
    case "recycle":
      return `Recyclage: bid ${action.delta >= 0 ? "+" : ""}${action.delta}`;
  }
}

export function describeEvent(event: ShazammEvent, _viewer: Viewer): string {
  switch (event.type) {
    case "arranged":
      return event.card === undefined ? `${who(event.seat)} placed a card in their pile` : `${who(event.seat)} placed ${cardName(event.card)} in their pile`;
    case "committed":
      return event.commit ? `${who(event.seat)} committed: ${describeAction({ type: "commit", ...event.commit })}` : `${who(event.seat)} has committed`;
    case "revealed":
      return `Reveal — Seat 1: ${describeAction({ type: "commit", ...event.commits[0] })}; Seat 2: ${describeAction({ type: "commit", ...event.commits[1] })}`;
    case "cancelled":
      return `Both played ${cardName(event.card)}: both cancelled`;
    case "silenced":
      return `${cardName(event.card)} of ${who(event.seat)} has no effect (Mutisme)`;
    case "voided":
      return `${cardName(event.card)} of ${who(event.seat)} is void (Fin de manche)`;
    case "cast":
      return `${who(event.seat)}: ${cardName(event.card)}${event.copy ? " (cloned)" : ""}${event.stolen ? " (stolen)" : ""}`;
    case "cloned":
      return event.card === null ? `${who(event.seat)} clones nothing` : `${who(event.seat)} clones ${cardName(event.card)}`;
    case "stolen":
      return `${who(event.seat)} ${event.apply ? "keeps" : "destroys"} stolen ${cardName(event.card)}`;
    case "recycled":
      return `${who(event.seat)} now bids ${event.bid}`;
    case "attacks":
      return `Attacks: ${event.attacks[0]} against ${event.attacks[1]}`;
    case "wall":
      return event.reason === "resisted" ? `Résistance: the wall stays on tile ${event.from}` : `The wall moves from tile ${event.from} to ${event.to} (${event.reason})`;
    case "paid":
      return `${who(event.seat)} pays ${event.amount}, ${event.mana} mana left`;
    case "gained":
      return `${who(event.seat)} gains ${event.amount} mana (${cardName(event.card)}), now ${event.mana}`;
    case "round-over":
      return `Round ${event.round} over (${event.reason})${event.loser === null ? "" : `: ${who(event.loser)} is reached by the wall`}`;
    case "new-round":
      return `Round ${event.round}: ${event.collapsed} tile(s) gone at each end, wall on ${event.wall}, wizards on ${event.wizards[0]} and ${event.wizards[1]}`;
    case "drew":
      return event.cards ? `${who(event.seat)} draws ${cardList(event.cards)}` : `${who(event.seat)} draws ${event.count} card(s)`;
    case "game-over":
      return event.winner === null ? "Both wizards fall: a draw" : `${who(event.winner)} wins the duel`;
  }
}

export function describeView(view: ShazammView, viewer: Viewer): string {
  const tiles: string[] = [];
  for (let tile = 0; tile < BRIDGE_TILES; tile++) {
    if (tile < view.collapsed || tile > BRIDGE_TILES - 1 - view.collapsed) tiles.push("~");
    else if (tile === view.wall) tiles.push("#");
    else if (tile === view.wizards[0]) tiles.push("1");
    else if (tile === view.wizards[1]) tiles.push("2");
    else tiles.push(".");
  }
  const lines = [
    `Round ${view.round}, turn ${view.turn + 1}${view.silenced ? " — Mutisme: spells have no effect" : ""}`,
    `Bridge  ${tiles.join("")}   (1, 2 wizards; # fire wall; ~ collapsed)`,
    `Mana    Seat 1: ${view.mana[0]}   Seat 2: ${view.mana[1]}`,
    `Cards   in hand ${view.handSizes[0]} / ${view.handSizes[1]}, in pile ${view.pileSizes[0]} / ${view.pileSizes[1]}`,
    `Discard Seat 1: ${cardList(view.discards[0])}; Seat 2: ${cardList(view.discards[1])}`,
  ];
  if (viewer !== SPECTATOR && view.hand) lines.push(`Your hand: ${cardList(view.hand)}`);
  if (viewer !== SPECTATOR && view.pile && view.variant === 2) lines.push(`Your pile (top first): ${cardList(view.pile)}`);
  const phase = view.phase;
  if (phase.type === "commit") lines.push(`Committed: Seat 1 ${phase.committed[0] ? "yes" : "no"}, Seat 2 ${phase.committed[1] ? "yes" : "no"}`);
  if (phase.type === "resolve") lines.push(`On the table: bids ${phase.table.bids[0]} / ${phase.table.bids[1]}; ${phase.table.entries.map((e) => `${cardName(e.card)} for ${who(e.owner)} (${e.status})`).join(", ")}`);
  if (phase.type === "over") lines.push(phase.winner === null ? "Game over: a draw" : `Game over: ${who(phase.winner)} wins`);
  return lines.join("\n");
}
