// Shazamm! vocabulary: seats, the bridge, the spell cards (by number; names and effects in the
// catalogues of src/text, rules in src/rules.ts), actions and options.
// Rulings: /work/shared/spec/shazamm-notes.md.
import { z } from "zod";

export const SEATS = [0, 1] as const;
export type ShazammSeat = (typeof SEATS)[number];
export type BySeat<T> = [T, T];

export const BRIDGE_TILES = 19;
export const START_WALL = 9;
/** Wizards stand this many tiles from the wall at the start of every round. */
export const WIZARD_DISTANCE = 3;
export const MAX_MANA = 50;
export const FIRST_DRAW = 5;
export const ROUND_DRAW = 3;

/** The spells, by priority number (1..14). */
export const SPELLS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;
export type Spell = (typeof SPELLS)[number];
/** The decoy ("fausse carte"): card 0, never a spell, always back in hand. */
export const DECOY = 0 as const;
export type Card = Spell | typeof DECOY;

export function isSpell(value: unknown): value is Spell {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 14;
}

export function isCard(value: unknown): value is Card {
  return value === DECOY || isSpell(value);
}

export const other = (seat: ShazammSeat): ShazammSeat => (seat === 0 ? 1 : 0);

/** Variant 0: the base game; 1: every spell in hand from the start; 2: each player orders their own pile. */
export const VARIANTS = [0, 1, 2] as const;
export type Variant = (typeof VARIANTS)[number];

export const optionsSchema = z
  .object({
    variant: z.coerce
      .number()
      .int()
      .min(0)
      .max(2)
      .default(0)
      .transform((v) => v as Variant),
  })
  .strict();
export type ShazammOptions = z.infer<typeof optionsSchema>;

/** A sealed commit: the bid and the cards laid face down (ascending, may include the decoy). */
export interface Commit {
  bid: number;
  cards: Card[];
}

export type ShazammAction =
  | { type: "commit"; bid: number; cards: Card[] }
  /** Variant 2, before the game: the next card of one's own draw pile (top first). */
  | { type: "arrange"; card: Spell }
  /** Clone's owner: the opponent's card of last turn to copy, or null for none. */
  | { type: "clone"; card: Spell | null }
  /** Larcin's thief, one stolen spell at a time: apply it in the thief's favour, or destroy it. */
  | { type: "larcin"; card: Spell; apply: boolean }
  /** Recyclage's owner: the change to their bid (-5..+5). */
  | { type: "recycle"; delta: number };
