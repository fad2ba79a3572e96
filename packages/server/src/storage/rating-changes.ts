// The new ratings written with the end of a rated match, from the stored ones. Its own module: it
// loads openskill, which SQLite's writer thread loads only once it is up (it costs ~0.5 s to load).
import { rateMatch, type MatchResult, type RatingChange, type Skill } from "../ratings.ts";
import type { RatingRecord } from "./types.ts";

/** New ratings from the stored ones (missing: a first match), for the rows written with the end. */
export function changesFor(result: MatchResult, stored: readonly RatingRecord[]): { change: RatingChange; played: number; won: number }[] {
  const current = new Map<string, Skill>(stored.map((r) => [r.key, { mu: r.mu, sigma: r.sigma }]));
  const counts = new Map(stored.map((r) => [r.key, r]));
  return rateMatch(result, current).map((change) => ({
    change,
    played: (counts.get(change.key)?.played ?? 0) + 1,
    won: (counts.get(change.key)?.won ?? 0) + (change.won ? 1 : 0),
  }));
}
