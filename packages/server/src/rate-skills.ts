// The rating formulas, openskill's Plackett–Luce model (Weng & Lin): a match's new ratings, and a
// puzzle attempt's. The only module that loads openskill, and it is loaded on first use (a rated
// match's end, a rated puzzle attempt), never at start: openskill's 155 modules take 0.2–0.5 s to
// load. SQLite's writer thread loads it once it is up (storage/rating-changes.ts).
import { rate, rating } from "openskill";
import { INITIAL, type MatchResult, type RatingChange, type Skill } from "./ratings.ts";

/**
 * New ratings from the current ones (`current` lacks who has none yet). Every seat is its own
 * team; an identity on several seats (bots of one level) gets the mean of its seats' results.
 */
export function rateMatch(result: MatchResult, current: ReadonlyMap<string, Skill>, weight = 1): RatingChange[] {
  const skillOf = (key: string) => current.get(key) ?? INITIAL;
  // A match that counts less moves each rating part of the way (`repeatWeight`).
  const toward = (before: number, after: number) => before + weight * (after - before);
  const teams = result.seats.map((s) => [skillOf(s.key)]);
  const rated = rate(teams, { rank: result.seats.map((s) => s.rank) });
  const byKey = new Map<string, { mu: number; sigma: number; n: number; rank: number; won: boolean }>();
  result.seats.forEach((s, i) => {
    const r = rated[i]![0]!;
    const acc = byKey.get(s.key) ?? { mu: 0, sigma: 0, n: 0, rank: Infinity, won: false };
    acc.won ||= s.won;
    acc.mu += r.mu;
    acc.sigma += r.sigma;
    acc.n++;
    acc.rank = Math.min(acc.rank, s.rank);
    byKey.set(s.key, acc);
  });
  return [...byKey.entries()].map(([key, acc]) => ({
    key,
    before: skillOf(key),
    after: { mu: toward(skillOf(key).mu, acc.mu / acc.n), sigma: toward(skillOf(key).sigma, acc.sigma / acc.n) },
    rank: acc.rank,
    won: acc.won,
  }));
}

/** The rating change of one rated attempt: the player beats the puzzle (solved) or loses to it. */
export function ratePuzzleAttempt(player: Skill, puzzle: Skill, solved: boolean): { player: Skill; puzzle: Skill } {
  const [[p], [q]] = rate([[rating(player)], [rating(puzzle)]], { rank: solved ? [1, 2] : [2, 1] }) as [[Skill], [Skill]];
  return { player: { mu: p.mu, sigma: p.sigma }, puzzle: { mu: q.mu, sigma: q.sigma } };
}
