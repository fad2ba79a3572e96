// Incantibus vocabulary: state, targets, follow-up steps, actions, events, views.
import type { BaseState } from "@grimoire/engine";
import type { Mode, Spell } from "./data.ts";

export interface Options {
  mode: Mode;
}

/**
 * What a wand points at: a room slot, a potion or grimoire of the row, a crypt sorcerer slot.
 * Components are named by their stable names (./names.ts: "Potion green Gui+Champignon", "Pieu ailé"),
 * never by internal ids. A room or crypt target is positional: the slot alone decides what is
 * taken, and it also says what everyone sees there, so its label names it: `token` is the face-up
 * token's name (null when face down), and `twin` is true when another token there looks the same
 * (the label then adds its position).
 */
export type Target =
  | { type: "room"; slot: number; token: string | null; twin: boolean }
  | { type: "potion"; potion: string }
  | { type: "grimoire"; grimoire: string }
  | { type: "sorcerer"; slot: number; token: string | null; twin: boolean };

export interface RoomToken {
  token: number;
  hidden: boolean;
  /** Seats that looked under it (Video); they see its face, others only that they looked. */
  knownBy: number[];
}
export interface SorcererSlot {
  token: number;
  faceUp: boolean;
}

/** Follow-ups of one incantation, resolved front first (takes, spells, wand swaps, end). */
export type Step =
  | { k: "take"; seat: number; target: Target; wand: number }
  | { k: "receive"; seat: number; token: number; spellNow: boolean; retiro: boolean }
  | { k: "ultimus"; seat: number; token: number }
  /** Video found a monster its caster can capture only with Ultimus: use it, or the token goes back. */
  | { k: "videoUltimus"; seat: number; slot: number }
  | { k: "place"; seat: number; token: number }
  | { k: "pay"; seat: number; reward: number; chosen: number[] }
  | { k: "spells" }
  | { k: "cast"; seat: number }
  | { k: "effect"; seat: number; spell: Spell }
  | { k: "swaps"; pairs: [number, number][] }
  | { k: "end" };

export type Phase =
  | { type: "point"; choices: (Target | null)[] }
  | { type: "resolve"; queue: Step[]; owed: number[] }
  | { type: "over"; reason: "sorcerers" | "stuck" };

/** An Incanto!: every seat's target as revealed, and the incantation it revealed. */
export interface LastIncanto {
  of: number;
  choices: Target[];
}

export interface State extends BaseState {
  seats: number;
  mode: Mode;
  wands: number[];
  visiblePool: number[];
  hiddenPool: number[];
  specials: number[];
  potionSupply: number[];
  potionRow: number[];
  grimoireSupply: number[];
  grimoireRow: number[];
  /** Rooms still to explore, next first. */
  rooms: number[];
  /** The room being searched; null once in the crypt. */
  room: number | null;
  roomTokens: (RoomToken | null)[];
  sorcerers: (SorcererSlot | null)[];
  /** Sorcerers removed unseen at setup (2–3 players). */
  sorcerersOut: number[];
  pile: number[];
  faceUp: number[];
  usedCards: number[];
  trunks: number[][];
  moat: number[];
  /** Grimoires in apprentice mode. */
  outOfGame: number[];
  incantation: number;
  /** The last Incanto!, what the board shows of it (null before the first). */
  lastIncanto: LastIncanto | null;
  phase: Phase;
  /** Draws fixed by a scenario, used in order before any random one; empty in a dealt game. */
  next: Stacked;
}

/**
 * What a scenario put on top of the draws (its `next`): the tokens drawn next from each pool
 * (held apart, still unseen) and the face-down crypt sorcerers turned face up next.
 */
export interface Stacked {
  visible: number[];
  hidden: number[];
  potions: number[];
  grimoires: number[];
  sorcerers: number[];
}

/** Tokens and spells are named by their stable names (./names.ts); identical copies are interchangeable. */
export type Action =
  | { type: "point"; target: Target }
  | { type: "ultimus"; use: boolean }
  /** Full trunk: throw a token of this name (one of the trunk's, or the new one) into the moat. */
  | { type: "throw"; token: string }
  | { type: "pay"; token: string }
  /** Cast a face-up spell card of this spell. */
  | { type: "cast"; spell: Spell }
  /** Alkimia: `from` is the trunk it is taken from. */
  | { type: "steal"; token: string; from: number }
  /** Imperium and Video name their room token as a pointing does (see Target). */
  | { type: "imperium"; slot: number; token: string; twin: boolean }
  | { type: "retiro"; token: string }
  | { type: "video"; slot: number; twin: boolean };

export type Event =
  | { type: "pointed"; seat: number }
  | { type: "revealed"; choices: Target[] }
  | { type: "took"; seat: number; token: number }
  | { type: "escaped"; token: number; seat: number | null }
  | { type: "moat"; seat: number | null; token: number }
  | { type: "peek"; seat: number; slot: number; token: number | null }
  | { type: "cast"; seat: number; card: number; spell: Spell }
  | { type: "stole"; seat: number; from: number; token: number }
  | { type: "swap"; seats: [number, number]; wands: [number, number] }
  | { type: "room"; room: number | null }
  | { type: "sorcerer"; slot: number; token: number }
  | { type: "over"; scores: number[]; winner: number };

export interface View {
  viewer: number | "spectator";
  seats: number;
  mode: Mode;
  wands: number[];
  visiblePool: number;
  hiddenPool: number;
  specials: number[];
  potionSupply: number;
  potionRow: number[];
  grimoireSupply: number;
  grimoireRow: number[];
  /** Rooms still to explore, in id order (their order is hidden). */
  rooms: number[];
  room: number | null;
  roomTokens: ({ token: number | null; hidden: boolean; knownBy: number[] } | null)[];
  sorcerers: ({ token: number | null; faceUp: boolean } | null)[];
  sorcerersOut: number;
  pile: number;
  faceUp: number[];
  usedCards: number[];
  trunks: number[][];
  moat: number[];
  outOfGame: number[];
  incantation: number;
  /** The last Incanto! (state.lastIncanto): everyone's target, public since the reveal. */
  lastIncanto: LastIncanto | null;
  phase:
    | { type: "point"; chosen: boolean[]; mine: Target | null }
    | { type: "resolve"; queue: Step[]; owed: number[] }
    | { type: "over"; reason: "sorcerers" | "stuck" };
}
