// The listed legal actions sorted by where they are taken on the board: a card of the hand (then a
// player to aim at, or a button for the card's other forms), an answer, an object or card to pick,
// a player a staff fires at, and the turn's buttons. Pure: the board and its tests read it.
import type { Action } from "../data.ts";

export type PlayAction = Extract<Action, { type: "play" }>;

/** What a card of the hand can do now. */
export interface CardChoices {
  readonly discard: Action | undefined;
  readonly store: Action | undefined;
  /** Plays aimed at a player, by the player aimed at (ring spells: one per ring given up). */
  readonly at: ReadonlyMap<number, readonly PlayAction[]>;
  /** Plays aimed at nobody in particular: one each (object replacements, kept cards, rings given up). */
  readonly untargeted: readonly PlayAction[];
  /** Sacrifice d'Emmerlaüs' X values, in order. */
  readonly xs: readonly PlayAction[];
}

export interface Choices {
  readonly cards: ReadonlyMap<string, CardChoices>;
  readonly liftCurse: Action | undefined;
  readonly endTurn: Action | undefined;
  readonly pass: Action | undefined;
  readonly annul: ReadonlyMap<1 | 2, Action>;
  readonly mirror: Action | undefined;
  readonly heighten: Action | undefined;
  /** Picks by card id (null: nothing). */
  readonly picks: ReadonlyMap<string | null, Action>;
  /** A staff's shot, by the player it fires at. */
  readonly aims: ReadonlyMap<number, Action>;
}

interface MutableCard {
  discard: Action | undefined;
  store: Action | undefined;
  at: Map<number, PlayAction[]>;
  untargeted: PlayAction[];
  xs: PlayAction[];
}

export function choicesOf(actions: readonly Action[]): Choices {
  const cards = new Map<string, MutableCard>();
  const cardOf = (id: string): MutableCard => {
    let c = cards.get(id);
    if (!c) cards.set(id, (c = { discard: undefined, store: undefined, at: new Map(), untargeted: [], xs: [] }));
    return c;
  };
  let liftCurse: Action | undefined;
  let endTurn: Action | undefined;
  let pass: Action | undefined;
  let mirror: Action | undefined;
  let heighten: Action | undefined;
  const annul = new Map<1 | 2, Action>();
  const picks = new Map<string | null, Action>();
  const aims = new Map<number, Action>();
  for (const a of actions) {
    switch (a.type) {
      case "play": {
        const c = cardOf(a.card);
        if (a.target !== undefined) c.at.set(a.target, [...(c.at.get(a.target) ?? []), a]);
        else if (a.x !== undefined) c.xs.push(a);
        else c.untargeted.push(a);
        break;
      }
      case "discard":
        cardOf(a.card).discard = a;
        break;
      case "store":
        cardOf(a.card).store = a;
        break;
      case "lift-curse":
        liftCurse = a;
        break;
      case "end-turn":
        endTurn = a;
        break;
      case "pass":
        pass = a;
        break;
      case "annul":
        annul.set(a.count, a);
        break;
      case "mirror":
        mirror = a;
        break;
      case "heighten":
        heighten = a;
        break;
      case "pick":
        picks.set(a.card, a);
        break;
      case "aim":
        aims.set(a.target, a);
        break;
    }
  }
  for (const c of cards.values()) c.xs.sort((a, b) => a.x! - b.x!);
  return { cards, liftCurse, endTurn, pass, annul, mirror, heighten, picks, aims };
}

/** The answer a counter-attack card of the hand gives when clicked (Annulation: one; Miroir; Résistance accrue). */
export function answerOfCard(choices: Choices, id: string): Action | undefined {
  if (id === "annulation") return choices.annul.get(1) ?? choices.annul.get(2);
  if (id === "miroir") return choices.mirror;
  if (id === "resistance-accrue") return choices.heighten;
  return undefined;
}
