// Whether a table's result is at stake, in one place. Ratings apply when the creator left the table
// rated (a table with hints never is), someone plays who is not a bot, and every human seat is a
// distinct account (`matchResultOf` judges the same at the end). Hints (a review of the decision
// at hand) are given only where nothing is at stake: no ratings, and no other human who did not
// agree to them (two humans at a table created without hints play for the win on their own).
import type { SeatRecord } from "./storage.ts";

export interface RatedFacts {
  readonly seats: readonly (Pick<SeatRecord, "kind"> & { readonly player?: string | null })[];
  /** The creator left the table rated (accounts' ratings change at its end). */
  readonly rated: boolean;
  /** The table was created with hints allowed (every human agrees by joining). */
  readonly hints: boolean;
}

/** The match will change ratings, judged on the seats taken so far. */
export function ratingsApply(table: RatedFacts): boolean {
  const humans = table.seats.filter((seat) => seat.kind === "human");
  return (
    table.rated &&
    !table.hints &&
    table.seats.some((seat) => seat.kind !== "bot") &&
    humans.every((seat) => seat.player) &&
    new Set(humans.map((seat) => seat.player)).size === humans.length
  );
}

/** A result is at stake: ratings, or two humans or more (open seats are for humans) without hints. */
export function isRated(table: RatedFacts): boolean {
  const humans = table.seats.filter((seat) => seat.kind !== "bot").length;
  return ratingsApply(table) || (humans >= 2 && !table.hints);
}

/** Hints are given exactly where no result is at stake. */
export function hintsAllowed(table: RatedFacts): boolean {
  return !isRated(table);
}

// The rules against farming ratings (ratings.ts says why): their numbers, here without openskill,
// for the storage's SQL too.
/** Decisions of its own each human seat must have made for a rated match to count. */
export const MIN_OWN_DECISIONS = 2;
/** The window in which repeated matches between the same two accounts count less. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rated matches an account needs to be listed on a game's leaderboard. */
export const LEADERBOARD_MIN_GAMES = 5;
/** Below this many rated matches, a rating is provisional. */
export const PROVISIONAL_BELOW = 10;
