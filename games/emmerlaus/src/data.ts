// Emmerlaüs vocabulary: categories, defence bands, dice amounts, actions and options.
// Rulebook: /work/shared/seeds/card-duel-fr.txt; card data and rulings R1–R34: /work/shared/spec/emmerlaus-cards.md.
import { z } from "zod";

export const CATEGORIES = ["O", "CO", "CA", "AD", "AM", "A", "S", "ST", "SO", "E"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Resistance sphere: blue = a success cancels, yellow = a success halves, red = no roll. */
export const SPHERES = ["blue", "yellow", "red"] as const;
export type Sphere = (typeof SPHERES)[number];

export const DICE = [4, 6, 8, 10, 12, 20, 100] as const;
export type Die = (typeof DICE)[number];

export const OBJECT_KINDS = ["ring", "robe", "amulet", "staff", "belt"] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];
/** How many objects of each kind a player may have in play (R3). */
export const OBJECT_LIMITS: Readonly<Record<ObjectKind, number>> = { ring: 2, robe: 1, amulet: 1, staff: 1, belt: 1 };

export const LIFE_AT_START = 50;
/** The hand size with the base deck; 6 from 200 cards, 7 from 300 (§IX, R33): see handSize in cards.ts. */
export const HAND_SIZE = 5;
export const BASE_THRESHOLD = 10;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;

/**
 * An amount: `((flat ?? 0) + dice) × (times === "pl" ? PL : 1)`. A dice count of "pl" rolls one
 * die per power level (R1 "per PL"), "pl+1" one more, "target-pl" one per target's PL, "total-pl"
 * one per PL of every living player (R2; no base card uses it, expansions do).
 */
export interface Amount {
  readonly dice?: { readonly count: number | "pl" | "pl+1" | "target-pl" | "total-pl"; readonly die: Die };
  readonly flat?: number;
  readonly times?: "pl";
}

/** Whom a card is aimed at when played. */
export type Targeting = "self" | "opponent" | "all-opponents" | "left" | "everyone";

export type Action =
  | { readonly type: "play"; readonly card: string; readonly target?: number; readonly x?: number; readonly replace?: string; readonly keep?: string; readonly ring?: string }
  | { readonly type: "discard"; readonly card: string }
  | { readonly type: "lift-curse" }
  | { readonly type: "end-turn" }
  | { readonly type: "pass" }
  | { readonly type: "annul"; readonly count: 1 | 2 }
  | { readonly type: "mirror" }
  | { readonly type: "heighten" }
  | { readonly type: "pick"; readonly card: string | null }
  /** Expansion staves: lay an AD (AM) card on one's Bâton d'attaque (massive) as the turn's card, and aim its shot. */
  | { readonly type: "store"; readonly card: string }
  | { readonly type: "aim"; readonly target: number };

/** The deck sizes the rulebook plays with (§IX): one, two or three copies of the base deck. */
export const DECK_SIZES = [100, 200, 300] as const;
export type DeckSize = (typeof DECK_SIZES)[number];

export const optionsSchema = z
  .object({
    /** 100, 200 or 300 cards: one, two or three copies of the base deck (hands of 5, 6 or 7). */
    deck: z.coerce
      .number()
      .refine((n): n is DeckSize => (DECK_SIZES as readonly number[]).includes(n), "expected 100, 200 or 300")
      .default(100)
      .transform((n) => n as DeckSize),
    /** The expansion objects and cards of the card list (one of each), added to the deck. */
    expansions: z.boolean().default(false),
  })
  .strict();
export type EmmerlausOptions = z.infer<typeof optionsSchema>;
/** The options as a state carries them (plain data, public). */
export const DEFAULT_OPTIONS: EmmerlausOptions = { deck: 100, expansions: false };
