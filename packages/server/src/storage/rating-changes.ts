// The new ratings written with the end of a rated match, from the stored ones. Its own module: it
// loads openskill, which SQLite's writer thread loads only once it is up, and PostgreSQL's batches
// on the first rated match's end (it costs 0.2–0.5 s to load).
import { rateMatch } from "../rate-skills.ts";
import { repeatWeight, type MatchResult, type RatingChange, type Skill } from "../ratings.ts";
import type { RatingRecord } from "./types.ts";

/** The accounts' pairs of a match (bots' keys left out: a bot is everyone's opponent). */
export function accountPairs(result: MatchResult): [string, string][] {
  const accounts = [...new Set(result.seats.map((s) => s.key).filter((key) => !key.startsWith("bot:")))].sort();
  return accounts.flatMap((a, i) => accounts.slice(i + 1).map((b): [string, string] => [a, b]));
}

/**
 * New ratings from the stored ones (missing: a first match), for the rows written with the end.
 * `earlier`: rated matches of this game the pair of accounts that met most here already played in
 * the window (`PAIR_MATCHES`); past `repeatWeight`'s limit, no rating changes at all.
 */
export function changesFor(result: MatchResult, stored: readonly RatingRecord[], earlier = 0): { change: RatingChange; played: number; won: number }[] {
  const weight = repeatWeight(earlier);
  if (weight === 0) return [];
  const current = new Map<string, Skill>(stored.map((r) => [r.key, { mu: r.mu, sigma: r.sigma }]));
  const counts = new Map(stored.map((r) => [r.key, r]));
  return rateMatch(result, current, weight).map((change) => ({
    change,
    played: (counts.get(change.key)?.played ?? 0) + 1,
    won: (counts.get(change.key)?.won ?? 0) + (change.won ? 1 : 0),
  }));
}
