// Shazamm! actions, events and views as Messages: keys of the catalogues in ./text with seats,
// cards and numbers as parameters. Nothing here is worded: the reader's client does that.
// Tiles are shown numbered from 1 (the state numbers them from 0).
import { SPECTATOR, msg, seatRef, type Message, type Seat, type Viewer } from "@grimoire/engine";
import type { ShazammEvent } from "./state.ts";
import type { TileMark } from "./text/picture.ts";
import type { ShazammView } from "./view.ts";
import { BRIDGE_TILES, DECOY, other, type BySeat, type Card, type Commit, type ShazammAction, type ShazammSeat, type Spell } from "./data.ts";

/** A spell's name, as a message parameter. */
export const spellName = (spell: Spell): Message => msg(`spell.${spell}.name`);
/** A card as it reads inside a sentence: "Blaze (10)", "the decoy". */
export const cardRef = (card: Card): Message => (card === DECOY ? msg("card.decoy") : msg("card.spell", { n: card, name: spellName(card) }));
/** Parameters for a list of cards: `count` (plurals, "no card") and `cards`, joined as a list. */
export const cardsParams = (cards: readonly Card[]) => ({ count: cards.length, cards: cards.map(cardRef) });
/** A list of cards on its own ("no card" when empty). */
export const cardList = (cards: readonly Card[]): Message => msg("cards.list", cardsParams(cards));

const tile = (index: number): number => index + 1;
/** The two seats as parameters `firstSeat` and `secondSeat`. */
const seats = { firstSeat: seatRef(0), secondSeat: seatRef(1) };
/** The seat the wall moves toward when it goes from `from` to `to`. */
const toward = (from: number, to: number): Seat => (to < from ? 0 : 1);

export function describeAction(action: ShazammAction): Message {
  switch (action.type) {
    case "commit":
      return msg("action.commit", { bid: action.bid, ...cardsParams(action.cards) });
    case "arrange":
      return msg("action.arrange", { card: cardRef(action.card) });
    case "clone":
      return action.card === null ? msg("action.cloneNothing") : msg("action.clone", { card: cardRef(action.card) });
    case "larcin":
      return msg(action.apply ? "action.larcinApply" : "action.larcinDestroy", { card: cardRef(action.card) });
    case "recycle":
      return msg("action.recycle", { change: action.delta > 0 ? "up" : action.delta < 0 ? "down" : "same", n: Math.abs(action.delta) });
  }
}

const commitOf = (seat: Seat, commit: Commit): Message => msg("event.commitOf", { actor: seatRef(seat), bid: commit.bid, ...cardsParams(commit.cards) });

function describeWall(event: Extract<ShazammEvent, { type: "wall" }>): Message {
  const target = seatRef(toward(event.from, event.to));
  const steps = Math.abs(event.to - event.from);
  switch (event.reason) {
    case "attack":
      return msg("event.wallAttack", { target, steps, to: tile(event.to) });
    case "exhaustion":
      return msg("event.wallExhaustion", { target, steps, to: tile(event.to) });
    case "resisted":
      return msg("event.wallResisted", { target, from: tile(event.from) });
    case "milieu":
      return msg("event.wallMilieu", { to: tile(event.to) });
  }
}

export function describeEvent(event: ShazammEvent, _viewer: Viewer): Message {
  switch (event.type) {
    case "arranged":
      return event.card === undefined ? msg("event.arrangedHidden", { actor: seatRef(event.seat) }) : msg("event.arranged", { actor: seatRef(event.seat), card: cardRef(event.card) });
    case "committed":
      return event.commit ? msg("event.committed", { actor: seatRef(event.seat), bid: event.commit.bid, ...cardsParams(event.commit.cards) }) : msg("event.committedHidden", { actor: seatRef(event.seat) });
    case "revealed":
      return msg("event.revealed", { first: commitOf(0, event.commits[0]), second: commitOf(1, event.commits[1]) });
    case "cancelled":
      return msg("event.cancelled", { card: cardRef(event.card) });
    case "silenced":
      return msg("event.silenced", { actor: seatRef(event.seat), card: cardRef(event.card) });
    case "voided":
      return msg("event.voided", { actor: seatRef(event.seat), card: cardRef(event.card) });
    case "cast": {
      const origin = event.copy && event.stolen ? "stolenCopy" : event.copy ? "copy" : event.stolen ? "stolen" : "own";
      return msg("event.cast", { actor: seatRef(event.seat), card: cardRef(event.card), origin });
    }
    case "cloned":
      return event.card === null ? msg("event.clonedNothing", { actor: seatRef(event.seat) }) : msg("event.cloned", { actor: seatRef(event.seat), card: cardRef(event.card) });
    case "stolen":
      return msg("event.stolen", { actor: seatRef(event.seat), card: cardRef(event.card), apply: event.apply });
    case "recycled":
      return msg("event.recycled", { actor: seatRef(event.seat), bid: event.bid });
    case "attacks":
      return msg("event.attacks", { first: event.attacks[0], second: event.attacks[1], ...seats });
    case "wall":
      return describeWall(event);
    case "paid":
      return msg("event.paid", { actor: seatRef(event.seat), amount: event.amount, mana: event.mana });
    case "gained":
      return msg("event.gained", { actor: seatRef(event.seat), amount: event.amount, mana: event.mana, card: cardRef(event.card) });
    case "round-over":
      return event.loser !== null
        ? msg("event.roundLost", { round: event.round, loser: seatRef(event.loser) })
        : msg("event.roundEnded", { round: event.round, reason: event.reason === "fin-de-manche" ? "spell" : "exhaustion" });
    case "new-round":
      return msg("event.newRound", { round: event.round, collapsed: event.collapsed, wall: tile(event.wall), first: tile(event.wizards[0]), second: tile(event.wizards[1]) });
    case "drew":
      return event.cards ? msg("event.drew", { actor: seatRef(event.seat), cards: event.cards.map(cardRef) }) : msg("event.drewHidden", { actor: seatRef(event.seat), count: event.count });
    case "game-over":
      return event.winner === null ? msg("event.gameDrawn") : msg("event.gameWon", { winner: seatRef(event.winner), loser: seatRef(other(event.winner as ShazammSeat)) });
  }
}

/** What stands on each tile, as the parameters `t0`..`t18` of `view.picture`. */
function picture(view: ShazammView): Message {
  const marks: Record<string, TileMark> = {};
  for (let t = 0; t < BRIDGE_TILES; t++) {
    const gone = t < view.collapsed || t > BRIDGE_TILES - 1 - view.collapsed;
    marks[`t${t}`] = gone ? "gone" : t === view.wall ? "wall" : t === view.wizards[0] ? "first" : t === view.wizards[1] ? "second" : "empty";
  }
  return msg("view.picture", marks);
}

const pair = <T extends number>(values: BySeat<T>) => ({ first: values[0], second: values[1] });

/** The view as lines for the terminal. */
export function describeView(view: ShazammView, viewer: Viewer): Message[] {
  const lines: Message[] = [
    msg("view.round", { round: view.round, turn: view.turn + 1, silenced: view.silenced }),
    msg("view.bridge", { picture: picture(view), ...seats }),
    msg("view.mana", { ...pair(view.mana), ...seats }),
    msg("view.cards", { firstHand: view.handSizes[0], secondHand: view.handSizes[1], firstPile: view.pileSizes[0], secondPile: view.pileSizes[1], ...seats }),
    msg("view.discards", { first: cardList(view.discards[0]), second: cardList(view.discards[1]), ...seats }),
  ];
  if (viewer !== SPECTATOR && view.hand) lines.push(msg("view.hand", { cards: cardList(view.hand) }));
  if (viewer !== SPECTATOR && view.pile && view.variant === 2) lines.push(msg("view.pile", { cards: cardList(view.pile) }));
  const phase = view.phase;
  switch (phase.type) {
    case "arrange":
      lines.push(msg("view.arrange"));
      break;
    case "commit":
      lines.push(msg("view.committed", { first: phase.committed[0], second: phase.committed[1], ...seats }));
      break;
    case "resolve": {
      const entries = phase.table.entries.map((e) => msg("view.entry", { card: cardRef(e.card), owner: seatRef(e.owner), status: e.status }));
      lines.push(msg("view.table", { ...pair(phase.table.bids), ...seats, count: entries.length, entries }));
      break;
    }
    case "over":
      lines.push(phase.winner === null ? msg("view.gameDrawn") : msg("view.gameWon", { winner: seatRef(phase.winner) }));
      break;
  }
  return lines;
}
