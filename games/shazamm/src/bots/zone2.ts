// "zone2": a heuristic bot after the game's strategy guides. Keep a mana lead at least the
// wall's distance from the opponent (then an exhaustion pushes the wall all the way), and
// while it holds, bid 2; otherwise bid to win the turn. Spells are laid by simple rules.
// It sees only its view.
import type { Bot, BotContext } from "@grimoire/engine";
import { attackOf, recycleDeltas } from "../rules.ts";
import type { ShazammView } from "../view.ts";
import { isSpell, other, type Card, type ShazammAction, type ShazammSeat, type Spell } from "../data.ts";

const CLONE_PREFERENCE: readonly Spell[] = [14, 13, 8, 7, 10, 12, 11, 6, 5, 9, 3, 4, 1];

export function zone2Bot(): Bot<ShazammView, ShazammAction> {
  return { name: "zone2", decide: decideZone2 };
}

function decideZone2({ view, seat: rawSeat, legal }: BotContext<ShazammView, ShazammAction>): ShazammAction {
  const seat = rawSeat as ShazammSeat;
  const first = legal[0]!;
  switch (first.type) {
    case "commit":
      return zone2Commit(view, seat);
    case "arrange":
      // Strong cards first: the pile is drawn 5, then 3 per round.
      return [...legal].sort((a, b) => pileRank(a) - pileRank(b))[0]!;
    case "clone": {
      const offered = new Set(legal.map((a) => (a.type === "clone" ? a.card : null)));
      const card = CLONE_PREFERENCE.find((c) => offered.has(c)) ?? null;
      return { type: "clone", card };
    }
    case "larcin":
      return { type: "larcin", card: first.card, apply: keepStolen(view, seat, first.card) };
    case "recycle":
      return { type: "recycle", delta: recycle(view, seat) };
  }
}

function pileRank(action: ShazammAction): number {
  const order: readonly Spell[] = [14, 13, 12, 11, 9, 7, 8, 5, 10, 3, 6, 2, 4, 1];
  return action.type === "arrange" ? order.indexOf(action.card) : 99;
}

function distances(view: ShazammView, seat: ShazammSeat): { mine: number; theirs: number } {
  return { mine: Math.abs(view.wall - view.wizards[seat]), theirs: Math.abs(view.wall - view.wizards[other(seat)]) };
}

/** zone2's commit, from the view alone (the rollouts lay it without listing commits: rollout.ts). */
export function zone2Commit(view: ShazammView, seat: ShazammSeat): ShazammAction {
  const foe = other(seat);
  const mana = view.mana[seat];
  const foeMana = view.mana[foe];
  const { mine, theirs } = distances(view, seat);
  const lead = mana - foeMana;
  const hand = new Set<Card>(view.hand ?? []);
  const cards: Spell[] = [];
  const play = (card: Spell, when: boolean) => {
    if (when && hand.has(card) && !view.silenced) cards.push(card);
  };
  let bid: number;
  const holding = lead >= theirs && mine >= 2;
  if (holding) {
    bid = Math.min(2, mana);
    play(9, true); // a lost turn turns into a won one
  } else if (mana > foeMana) {
    bid = Math.min(mana, foeMana + 1); // wins the turn whatever the bid across
    play(12, true);
  } else {
    bid = Math.max(1, Math.min(mana, Math.ceil(foeMana / Math.max(1, mine + 1)) + 1));
    play(7, mine <= 1);
    play(8, mine <= 1);
    play(10, mine <= 2 && theirs <= 3);
    play(11, mine <= 1);
    play(12, true);
  }
  play(14, foeMana >= 10);
  play(13, mana - bid <= 37);
  play(5, mine <= 1 && theirs >= 4);
  play(4, theirs <= 1 && lead < 0);
  play(3, view.handSizes[foe] >= 5);
  play(2, view.lastPlayed[foe].some((c) => c === 14 || c === 13 || c === 8 || c === 7));
  play(6, bid >= 8);
  return { type: "commit", bid, cards: cards.sort((a, b) => a - b) };
}

function keepStolen(view: ShazammView, seat: ShazammSeat, card: Spell): boolean {
  const { mine, theirs } = distances(view, seat);
  const table = view.phase.type === "resolve" ? view.phase.table : null;
  if (card === 9 && table) return attackOf(table, seat) < attackOf(table, other(seat));
  if (card === 4) return theirs < mine;
  if (card === 1) return false;
  return isSpell(card);
}

function recycle(view: ShazammView, seat: ShazammSeat): number {
  if (view.phase.type !== "resolve") return 0;
  const table = view.phase.table;
  const deltas = recycleDeltas(view.mana[seat], table.bids[seat]);
  const theirs = attackOf(table, other(seat));
  const attackWith = (delta: number) => attackOf({ ...table, bids: seat === 0 ? [table.bids[0] + delta, table.bids[1]] : [table.bids[0], table.bids[1] + delta] }, seat);
  const winning = deltas.filter((d) => attackWith(d) > theirs);
  if (winning.length > 0) return Math.min(...winning);
  return Math.min(...deltas);
}
