// Emmerlaüs game state (plain JSON): players, the draw and discard piles, the current turn, and
// the phase — a discriminated union handled by an explicit switch in rules.ts.
import type { RngState } from "@grimoire/engine";
import type { EmmerlausOptions } from "./data.ts";

/** A card lying in front of a player (not an object): Sommeil, Malédiction, Sanctuaire (R15). */
export interface Lying {
  readonly card: string;
  /** Who laid it. */
  readonly from: number;
  /**
   * Sommeil: "asleep" = next turn skipped, "groggy" = defenceless until the following turn (R24).
   * Expansion potions: "waiting" until the owner's next turn, then "active". An AD or AM card laid
   * on its owner's staff (Bâton d'attaque, massive): "stored"; it follows the staff.
   */
  stage?: "asleep" | "groggy" | "waiting" | "active" | "stored";
  /** Expansion potions: the owner's turns still to start with it active. */
  turns?: number;
}

export interface Player {
  life: number;
  alive: boolean;
  hand: string[];
  /** Objects in play (category O), in the order laid. */
  objects: string[];
  lying: Lying[];
  /** Résistance accrue played this turn (R12). */
  heightened: boolean;
}

export interface Turn {
  seat: number;
  /** Play continues clockwise from this seat's place (the acting seat). */
  anchor: number;
  /** Cards still to play this turn. */
  playsLeft: number;
  /** In the plays granted by Vitesse double: may stop, no ST (R32). */
  bonus: boolean;
  /** Intervention divine ended the turn without a draw (R26). */
  noDraw: boolean;
  /** Turns started so far (for logs and bounds). */
  number: number;
}

/** A Miroir chain on one target's share: `count` Miroirs played so far (R11). */
export interface MirrorChain {
  readonly target: number;
  count: number;
}

/** A card played and waiting for its answers (R6). */
export interface Pending {
  readonly caster: number;
  readonly card: string;
  /** Sacrifice d'Emmerlaüs' X (R27). */
  readonly x: number | null;
  /** Intervention divine: the card kept. */
  readonly keep: string | null;
  /** Players the card is aimed at, clockwise from the caster. */
  readonly targets: number[];
  /** Players asked for an answer, in order (R6 b). */
  readonly askers: number[];
  asked: number;
  annulled: number;
  mirrors: MirrorChain[];
  /** A Miroir chain waiting for `seat`'s answer. */
  chain: { target: number; seat: number } | null;
  /** Colère du magicien's forced AD: no answer, no roll, doubled (R23). */
  readonly forced: boolean;
  /** A staff's shot: `card` is the staff, which stays in play; `x` is the number of dice. */
  readonly shot?: true;
}

export type PickPurpose = "dispel-ring" | "steal" | "steal-excess" | "acid" | "wrath";

export type Phase =
  | { type: "play" }
  | { type: "answer"; pending: Pending }
  | { type: "pick"; seat: number; purpose: PickPurpose; victim: number; kind?: string }
  /** Bâton d'attaque at the start of its owner's turn: which opponent it fires at. */
  | { type: "aim"; seat: number; staff: string }
  | { type: "over"; winner: number | null };

export interface EmmerlausState {
  rng: RngState;
  players: Player[];
  /** Top of the draw pile first; hidden from everyone. */
  deck: string[];
  /** Face up, most recent last. */
  discard: string[];
  turn: Turn;
  phase: Phase;
  /** The table's options (public): which cards are in the game, and so the hand size. */
  options: EmmerlausOptions;
  /** Seats in clockwise order, once a Transfert de corps has made two players swap places (R25); absent = seat order. */
  seating?: number[];
}

/**
 * What a roll was for (ExpansionRoll below for the expansion objects): a card's amount (damage, drain, healing), one of Main brûlante's hits, a
 * resistance roll, Robe d'absorption's die, acid's die, or Au seuil de la mort's new life.
 */
export type RollPurpose = "amount" | "hit" | "resistance" | "absorption" | "acid" | "set-life" | ExpansionRoll;
/**
 * Expansion objects' dice: Anneau de vitalité's life, Amulette anti-miroir's 1d10 (a 1 turns the card
 * back), a robe's answer to a hit (contre-attaque, miroir, vampirique), a potion's number of turns.
 */
export type ExpansionRoll = "vitality" | "turn-back" | "retaliation" | "mirror-robe" | "vampiric" | "duration";
/** A resistance roll: natural 1 (nothing gets through), at or under the threshold, over it, natural 20 (doubled). */
export type ResistanceResult = "full" | "success" | "fail" | "fatal";
/** Why an object left its owner's play for the discard pile. */
export type LossReason = "dispel" | "acid" | "limit";

// Events are data: describe.ts words them from the catalogues in text/.
export type EmmerlausEvent =
  | { type: "turn"; seat: number }
  | { type: "played"; seat: number; card: string; target?: number; x?: number; keep?: string | null; replace?: string; ring?: string }
  | { type: "discarded"; seat: number; card: string }
  /** An AD or AM laid on `seat`'s staff. */
  | { type: "stored"; seat: number; card: string; staff: string }
  /** `seat`'s staff fires, at `target` (Bâton d'attaque) or at every opponent. */
  | { type: "shot"; seat: number; card: string; target?: number }
  | { type: "answered"; seat: number; answer: "pass" | "annul" | "mirror" | "heighten"; count?: number }
  | { type: "cancelled"; card: string }
  /**
   * Dice rolled by `seat` for `card` (the card resolving; Robe d'absorption for its own die): `die`
   * sides, the faces, and the result (an amount "× PL" multiplies the faces). A resistance roll
   * carries the threshold it was rolled against and its result; a hit, its number (1–5).
   */
  | { type: "roll"; seat: number; what: RollPurpose; card: string; die: number; dice: number[]; total: number; hit?: number; threshold?: number; result?: ResistanceResult }
  | { type: "life"; seat: number; delta: number; life: number }
  /** A card lying in front of `seat` ends at the start of their turn (Sanctuaire, Sommeil). */
  | { type: "lapsed"; seat: number; card: string }
  /** `seat` sleeps through this turn (Sommeil). */
  | { type: "slept"; seat: number }
  /** `seat` lifts the Malédiction with two Annulations (R18). */
  | { type: "curse-lifted"; seat: number }
  /** Dépouillement: every object of `seat` is discarded. */
  | { type: "despoiled"; seat: number }
  /** An object of `seat` is discarded: picked by `by` (a dispelled ring, acid) or by `seat` over a limit (R30). */
  | { type: "object-lost"; seat: number; card: string; by: number; why: LossReason }
  /** La main qui vole: `seat` takes `card` from `from`. */
  | { type: "stolen"; seat: number; from: number; card: string }
  /** Transfert de corps: `seat` and `other` swap bodies and places (R25). */
  | { type: "swapped"; seat: number; other: number }
  | { type: "drew"; seat: number; cards: string[] | null; count: number }
  | { type: "reshuffled"; size: number }
  | { type: "telepathy"; seat: number; target: number; hand: string[] | null }
  | { type: "died"; seat: number }
  | { type: "resurrected"; seat: number }
  | { type: "over"; winner: number | null };
