// The state of a game of Abraca…What?, its options and actions (plain JSON data).
// Stones are counted per spell: a `Counts` array has 9 entries, index k = stones of spell k
// (index 0 is always 0). The pile and the secret stones are ordered lists (face down).
import type { RngState } from "@grimoire/engine";
import { z } from "zod";
import { DIE_KINDS, type Spell } from "./data.ts";

export const optionsSchema = z
  .object({
    die: z.enum(DIE_KINDS).default("d3"),
    /** Easy variant: a later cast in a turn may have any number. */
    easy: z.boolean().default(false),
    /** Variant: the round ends only when someone empties their stones or one player remains. */
    lastStanding: z.boolean().default(false),
    /** Table option: spectators see the stones in front of every player. */
    spectatorsSeeHands: z.boolean().default(false),
  })
  .strict();
export type Options = z.infer<typeof optionsSchema>;

/** Stones per spell: index k = how many of spell k (index 0 unused, always 0). */
export type Counts = number[];

export const ROUND_ENDS = ["emptied", "knockout", "self-knockout", "last-standing"] as const;
export type RoundEnd = (typeof ROUND_ENDS)[number];

/**
 * Public facts about a seat's own stones this round, in order: a cast it held ("held": one stone of
 * the spell went to the board), a cast it did not hold ("missing"), and stones it drew from the pile.
 * A lower (called-out) call tells nothing and is not logged. The seat itself never sees its stones,
 * so these facts are what constrain them (see posterior.ts).
 */
export const HAND_STEPS = ["held", "missing", "drew"] as const;
export type HandStep = { type: "held"; spell: Spell } | { type: "missing"; spell: Spell } | { type: "drew"; count: number };

export type Phase =
  /** `seat` is casting; `lastCast` is its previous successful cast this turn (0 = none yet). */
  | { type: "casting"; seat: number; lastCast: number }
  | { type: "over"; winners: number[] };

export interface State {
  rng: RngState;
  seats: number;
  options: Options;
  /** Rounds started so far (1 during the first round); benchmarks count rounds with it. */
  round: number;
  phase: Phase;
  /** The stones in front of each seat (that seat never sees its own). */
  hands: Counts[];
  /** Face-down draw pile; the top is the END of the list. */
  pile: Spell[];
  /** Secret stones still in the middle; Night Singer takes the END of the list. */
  secret: Spell[];
  /** Secret stones each seat took with Night Singer this round (only the holder knows them). */
  taken: Spell[][];
  /** Stones cast this round, per spell. */
  board: Counts;
  /** Per seat, the public facts about its own stones this round (reset at each deal). */
  handLog: HandStep[][];
  /** Stones laid face up at setup (2–3 players), per spell. */
  revealed: Counts;
  life: number[];
  scores: number[];
  /** Points each seat scored in the last finished round (the first tie-break). */
  lastRoundPoints: number[];
}

export type Action = { type: "cast"; spell: Spell } | { type: "end" };

export function emptyCounts(): Counts {
  return [0, 0, 0, 0, 0, 0, 0, 0, 0];
}

export function countOf(counts: Counts): number {
  let n = 0;
  for (let k = 1; k <= 8; k++) n += counts[k]!;
  return n;
}

export function countsOf(stones: readonly number[]): Counts {
  const counts = emptyCounts();
  for (const s of stones) counts[s]!++;
  return counts;
}

export function stonesOf(counts: Counts): Spell[] {
  const stones: Spell[] = [];
  for (let k = 1; k <= 8; k++) for (let i = 0; i < counts[k]!; i++) stones.push(k as Spell);
  return stones;
}

export function cloneState(s: State): State {
  return {
    rng: { s: s.rng.s.slice(), forced: s.rng.forced.slice() },
    seats: s.seats,
    options: { ...s.options },
    round: s.round,
    phase: s.phase.type === "casting" ? { ...s.phase } : { type: "over", winners: s.phase.winners.slice() },
    hands: s.hands.map((h) => h.slice()),
    pile: s.pile.slice(),
    secret: s.secret.slice(),
    taken: s.taken.map((t) => t.slice()),
    board: s.board.slice(),
    // Steps are never mutated once logged: sharing them is safe.
    handLog: s.handLog.map((log) => log.slice()),
    revealed: s.revealed.slice(),
    life: s.life.slice(),
    scores: s.scores.slice(),
    lastRoundPoints: s.lastRoundPoints.slice(),
  };
}
