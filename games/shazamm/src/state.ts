// The full Shazamm! state (plain JSON) and the events of a game. The bridge runs from tile 0
// (seat 0's end) to tile 18 (seat 1's end); `collapsed` tiles are gone at each end.
import type { BaseState, Seat } from "@grimoire/engine";
import type { BySeat, Card, Commit, ShazammSeat, Spell, Variant } from "./data.ts";

/** One spell on the table this turn, in resolution order (number, then a Clone's copy after). */
export interface Entry {
  card: Spell;
  /** Who the spell acts for (the thief after Larcin). */
  owner: ShazammSeat;
  /** Whose card it physically is (where it is discarded). A copy has no card of its own. */
  from: ShazammSeat;
  copy: boolean;
  stolen: boolean;
  /** For a stolen spell: the thief's choice, null until asked. */
  apply: boolean | null;
  status: "pending" | "applied" | "void" | "destroyed";
}

/** A follow-up choice asked of one player during the resolution. */
export type Ask = { type: "clone"; seat: ShazammSeat } | { type: "larcin"; seat: ShazammSeat } | { type: "recycle"; seat: ShazammSeat };

/** The turn being resolved, all of it public since the reveal. */
export interface Table {
  commits: BySeat<Commit>;
  /** Spells physically played this turn (decoys excluded); discarded when the turn ends. */
  played: BySeat<Spell[]>;
  cancelled: Spell[];
  /** Bids as Recyclage leaves them: what is paid, and the base of the attack. */
  bids: BySeat<number>;
  entries: Entry[];
  next: number;
  /** How many Boost attaque / Double dose / Boost réserve / Aspiration act for each seat
   * (a Clone's copy or a stolen spell can double one up). */
  boost: BySeat<number>;
  double: BySeat<number>;
  resist: BySeat<boolean>;
  miser: BySeat<boolean>;
  reserve: BySeat<number>;
  aspire: BySeat<number>;
  reverse: boolean;
  blaze: boolean;
  /** Fin de manche resolved: the turn stops, nobody pays, the round ends. */
  ended: boolean;
  ask: Ask | null;
}

export type Phase =
  /** Variant 2, before the first round: each player builds their pile from their hand. */
  | { type: "arrange" }
  | { type: "commit"; sealed: BySeat<Commit | null> }
  | { type: "resolve"; table: Table }
  | { type: "over"; winner: ShazammSeat | null };

export interface ShazammState extends BaseState {
  variant: Variant;
  round: number;
  /** Turns revealed so far in the game. */
  turn: number;
  collapsed: number;
  wall: number;
  wizards: BySeat<number>;
  mana: BySeat<number>;
  /** Ascending; always holds the decoy (0). Committed cards stay here until the reveal. */
  hands: BySeat<Card[]>;
  /** Draw piles, top first. */
  piles: BySeat<Spell[]>;
  discards: BySeat<Spell[]>;
  /** Mutisme resolved this round: no spell has any effect until the round ends. */
  silenced: boolean;
  /** Spells each player laid in the last revealed turn (what Clone may copy). */
  lastPlayed: BySeat<Spell[]>;
  /**
   * The public events of the last revealed turn, from its "revealed" on (a turn with a follow-up
   * question spans several actions): what the board shows as the last reveal. Empty before the first.
   */
  lastTurn: ShazammEvent[];
  phase: Phase;
}

export type RoundEndReason = "wall" | "fin-de-manche" | "exhaustion";

export type ShazammEvent =
  | { type: "arranged"; seat: Seat; card?: Spell }
  | { type: "committed"; seat: Seat; commit?: Commit }
  | { type: "revealed"; commits: BySeat<Commit> }
  | { type: "cancelled"; card: Spell }
  | { type: "silenced"; seat: Seat; card: Spell }
  | { type: "voided"; seat: Seat; card: Spell }
  | { type: "cast"; seat: Seat; card: Spell; copy: boolean; stolen: boolean }
  | { type: "cloned"; seat: Seat; card: Spell | null }
  | { type: "stolen"; seat: Seat; card: Spell; apply: boolean }
  | { type: "recycled"; seat: Seat; bid: number }
  | { type: "attacks"; attacks: BySeat<number> }
  | { type: "wall"; from: number; to: number; reason: "attack" | "milieu" | "exhaustion" | "resisted" }
  | { type: "paid"; seat: Seat; amount: number; mana: number }
  | { type: "gained"; seat: Seat; card: Spell; amount: number; mana: number }
  | { type: "round-over"; round: number; loser: Seat | null; reason: RoundEndReason }
  | { type: "new-round"; round: number; wall: number; wizards: BySeat<number>; collapsed: number }
  | { type: "drew"; seat: Seat; count: number; cards?: Spell[] }
  | { type: "game-over"; winner: Seat | null };
