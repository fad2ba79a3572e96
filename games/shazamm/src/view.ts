// What each seat may see (shazamm-notes.md, "What each seat may see"), events per viewer, and
// the resampling of everything a seat cannot know: the opponent's hand and pile, the order of
// one's own pile (except in variant 2, where one chose it), and a sealed commit not yet revealed.
import { SPECTATOR, createRng, deepClone, forkRng, randomInt, shuffle, type RngState, type Seat, type Viewer } from "@grimoire/engine";
import { followUpAnswers, randomCommit } from "./rules.ts";
import type { ShazammEvent, ShazammState, Table } from "./state.ts";
import { BRIDGE_TILES, DECOY, MAX_MANA, SPELLS, isSpell, other, type BySeat, type Card, type Commit, type ShazammAction, type ShazammSeat, type Spell, type Variant } from "./data.ts";

export type ViewPhase =
  | { type: "arrange" }
  | { type: "commit"; committed: BySeat<boolean>; own: Commit | null }
  | { type: "resolve"; table: Table }
  | { type: "over"; winner: ShazammSeat | null };

export interface ShazammView {
  viewer: Viewer;
  variant: Variant;
  round: number;
  turn: number;
  collapsed: number;
  wall: number;
  wizards: BySeat<number>;
  mana: BySeat<number>;
  silenced: boolean;
  /** The viewer's own hand (null for a spectator). */
  hand: Card[] | null;
  /** The viewer's own pile: ascending, or in its chosen order in variant 2 (null for a spectator). */
  pile: Spell[] | null;
  handSizes: BySeat<number>;
  pileSizes: BySeat<number>;
  discards: BySeat<Spell[]>;
  lastPlayed: BySeat<Spell[]>;
  /** The public events of the last revealed turn (state.lastTurn): what the board shows of it. */
  lastTurn: ShazammEvent[];
  phase: ViewPhase;
}

/**
 * `copy` false: the view shares the state's arrays and objects instead of copying them (for the
 * search, which only reads the views of the states it samples and plays on); the same view otherwise.
 */
export function view(state: ShazammState, viewer: Viewer, copy = true): ShazammView {
  const clone = <T>(value: T): T => (copy ? deepClone(value) : value);
  const list = <T>(values: readonly T[]): T[] => (copy ? [...values] : (values as T[]));
  const seat = viewer === SPECTATOR ? null : (viewer as ShazammSeat);
  const phase = state.phase;
  let viewPhase: ViewPhase;
  switch (phase.type) {
    case "arrange":
      viewPhase = { type: "arrange" };
      break;
    case "commit":
      viewPhase = {
        type: "commit",
        committed: [phase.sealed[0] !== null, phase.sealed[1] !== null],
        own: seat === null ? null : clone(phase.sealed[seat]),
      };
      break;
    case "resolve":
      viewPhase = { type: "resolve", table: clone(phase.table) };
      break;
    case "over":
      viewPhase = { type: "over", winner: phase.winner };
      break;
  }
  return {
    viewer,
    variant: state.variant,
    round: state.round,
    turn: state.turn,
    collapsed: state.collapsed,
    wall: state.wall,
    wizards: list(state.wizards) as BySeat<number>,
    mana: list(state.mana) as BySeat<number>,
    silenced: state.silenced,
    hand: seat === null ? null : list(state.hands[seat]),
    // In variant 1 the pile's order is hidden even from its owner: always a sorted copy.
    pile: seat === null ? null : state.variant === 2 ? list(state.piles[seat]) : [...state.piles[seat]].sort((a, b) => a - b),
    handSizes: [state.hands[0].length, state.hands[1].length],
    pileSizes: [state.piles[0].length, state.piles[1].length],
    discards: copy ? [[...state.discards[0]], [...state.discards[1]]] : state.discards,
    lastPlayed: copy ? [[...state.lastPlayed[0]], [...state.lastPlayed[1]]] : state.lastPlayed,
    lastTurn: clone(state.lastTurn),
    phase: viewPhase,
  };
}

/**
 * The legal actions of `seat`, from its own view only, for clients that never see the state (the
 * server lists no actions for Shazamm!, whose commits are too many): the answers to Clone, Larcin
 * and Recyclage and the arrangement of a variant-2 pile in full; `null` when the seat must commit
 * (any bid 1..its mana with any cards of its hand, decoy included); `[]` when it has nothing to do.
 */
export function viewChoices(v: ShazammView, seat: ShazammSeat): ShazammAction[] | null {
  if (v.viewer !== seat || !v.hand) return [];
  const phase = v.phase;
  switch (phase.type) {
    case "arrange":
      return v.pileSizes[seat] < SPELLS.length ? v.hand.filter(isSpell).map((card) => ({ type: "arrange", card })) : [];
    case "commit":
      return phase.committed[seat] ? [] : null;
    case "resolve": {
      const { table } = phase;
      const ask = table.ask;
      if (!ask || ask.seat !== seat) return [];
      return followUpAnswers(table, seat, v.mana[seat], v.lastPlayed[other(seat)]);
    }
    case "over":
      return [];
  }
}

export function eventFor(event: ShazammEvent, viewer: Viewer): ShazammEvent | null {
  switch (event.type) {
    case "committed":
      return viewer === event.seat ? deepClone(event) : { type: "committed", seat: event.seat };
    case "arranged":
      return viewer === event.seat ? deepClone(event) : { type: "arranged", seat: event.seat };
    case "drew":
      return viewer === event.seat ? deepClone(event) : { type: "drew", seat: event.seat, count: event.count };
    default:
      return deepClone(event);
  }
}

/** The spells of `seat` in hand or pile (the others are discarded or on the table). */
function unseen(discards: Spell[], table: Table | null, seat: ShazammSeat): Spell[] {
  const gone = new Set<number>([...discards, ...(table ? table.played[seat] : [])]);
  return SPELLS.filter((card) => !gone.has(card));
}

function deal(rng: RngState, pool: Spell[], handSize: number): { hand: Card[]; pile: Spell[] } {
  const cards = shuffle(rng, [...pool]);
  const inHand = cards.slice(0, handSize - 1);
  return { hand: [DECOY, ...inHand].sort((a, b) => a - b), pile: cards.slice(handSize - 1) };
}

export function resample(v: ShazammView, rawSeat: Seat, rng: RngState): ShazammState {
  const seat = rawSeat as ShazammSeat;
  const foe = other(seat);
  const own = createRng(randomInt(rng, -0x80000000, 0x7fffffff));
  const table = v.phase.type === "resolve" ? deepClone(v.phase.table) : null;
  const foeCards = deal(own, unseen(v.discards[foe], table, foe), v.handSizes[foe]);
  const hands: BySeat<Card[]> = [[], []];
  const piles: BySeat<Spell[]> = [[], []];
  hands[seat] = [...v.hand!];
  piles[seat] = v.variant === 2 ? [...v.pile!] : shuffle(own, [...v.pile!]);
  hands[foe] = foeCards.hand;
  piles[foe] = foeCards.pile;
  const state: ShazammState = {
    rng: own,
    variant: v.variant,
    round: v.round,
    turn: v.turn,
    collapsed: v.collapsed,
    wall: v.wall,
    wizards: [...v.wizards],
    mana: [...v.mana],
    hands,
    piles,
    discards: [[...v.discards[0]], [...v.discards[1]]],
    silenced: v.silenced,
    lastPlayed: [[...v.lastPlayed[0]], [...v.lastPlayed[1]]],
    lastTurn: deepClone(v.lastTurn),
    phase: { type: "over", winner: null },
  };
  const phase = v.phase;
  switch (phase.type) {
    case "arrange":
      state.phase = { type: "arrange" };
      break;
    case "commit": {
      const sealed: BySeat<Commit | null> = [null, null];
      sealed[seat] = deepClone(phase.own);
      if (phase.committed[foe]) sealed[foe] = sealedCommit(randomCommit(state, foe, own));
      state.phase = { type: "commit", sealed };
      break;
    }
    case "resolve":
      state.phase = { type: "resolve", table: table! };
      break;
    case "over":
      state.phase = { type: "over", winner: phase.winner };
      break;
  }
  state.rng = forkRng(own);
  return state;
}

const sealedCommit = (action: { bid: number; cards: Card[] }): Commit => ({ bid: action.bid, cards: action.cards });

export function shuffleHidden(original: ShazammState, rawSeat: Seat, rng: RngState): ShazammState {
  const state = deepClone(original);
  const seat = rawSeat as ShazammSeat;
  const foe = other(seat);
  const pool = [...state.hands[foe].filter(isSpell), ...state.piles[foe]];
  const redealt = deal(rng, pool, state.hands[foe].length);
  state.hands[foe] = redealt.hand;
  state.piles[foe] = redealt.pile;
  if (state.variant !== 2) shuffle(rng, state.piles[seat]);
  if (state.phase.type === "commit" && state.phase.sealed[foe] !== null) {
    state.phase.sealed[foe] = sealedCommit(randomCommit(state, foe, rng));
  }
  state.rng = forkRng(rng);
  return state;
}

/** Every spell of each seat in exactly one place; mana and positions in range. Throws otherwise. */
export function checkInvariant(state: ShazammState): void {
  for (const seat of [0, 1] as const) {
    const table = state.phase.type === "resolve" ? state.phase.table.played[seat] : [];
    const all = [...state.hands[seat], ...state.piles[seat], ...state.discards[seat], ...table].sort((a, b) => a - b);
    const expected = [DECOY, ...SPELLS];
    if (all.length !== expected.length || all.some((card, i) => card !== expected[i])) {
      throw new Error(`seat ${seat}: cards not conserved: ${JSON.stringify(all)}`);
    }
    if (!state.hands[seat].includes(DECOY)) throw new Error(`seat ${seat}: decoy not in hand`);
    const mana = state.mana[seat];
    if (!Number.isInteger(mana) || mana < 0 || mana > MAX_MANA) throw new Error(`seat ${seat}: mana ${mana} out of 0..${MAX_MANA}`);
  }
  const low = state.collapsed;
  const high = BRIDGE_TILES - 1 - state.collapsed;
  if (state.phase.type !== "over") {
    // During a round the wall stands strictly between the wizards, who stand on the bridge 6 apart.
    if (!(low <= state.wizards[0] && state.wizards[0] < state.wall && state.wall < state.wizards[1] && state.wizards[1] <= high)) {
      throw new Error(`bridge out of order: wizards ${state.wizards}, wall ${state.wall}, collapsed ${state.collapsed}`);
    }
    if (state.wizards[1] - state.wizards[0] !== 6) throw new Error(`wizards ${state.wizards} not 6 apart`);
  }
  if (state.wall < 0 || state.wall > BRIDGE_TILES - 1) throw new Error(`wall ${state.wall} off the bridge`);
}
