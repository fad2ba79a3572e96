// Ratings per game with openskill (Weng–Lin, its default Plackett–Luce model): every seat of a
// finished rated match is a team of one, ranked from the game's outcome. Who is rated: accounts
// (by account id) and bots (one identity per level: "bot:easy", "bot:medium", "bot:hard").
// Pure functions: the storage calls `rateMatch` (rate-skills.ts) inside the transaction that ends
// the match. This module does not load openskill: the main thread needs only the initial rating
// and the ordinal, and openskill's 155 modules would add 0.2–0.5 s to every start.
import type { BotLevel, OutcomeInfo } from "./protocol.ts";
import type { SeatRecord } from "./storage.ts";
import { MIN_OWN_DECISIONS, PROVISIONAL_BELOW } from "./rated.ts";

export { LEADERBOARD_MIN_GAMES, MIN_OWN_DECISIONS, PROVISIONAL_BELOW, REPEAT_WINDOW_MS } from "./rated.ts";

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** What a new player starts with: openskill's defaults, mu 25 and sigma 25/3 (ratings.test.ts checks them against it). */
export const INITIAL: Skill = { mu: 25, sigma: 25 / 3 };

/** The number shown: mu − 3σ (openskill's ordinal with its defaults), rounded to one decimal by the clients. */
export function ordinal(skill: Skill): number {
  return skill.mu - 3 * skill.sigma;
}

export function botKey(level: BotLevel): string {
  return `bot:${level}`;
}

/** One rated seat: who sits there, its rank (0 best; equal ranks are a tie), and whether it won. */
export interface RatedSeat {
  readonly seat: number;
  readonly key: string;
  readonly rank: number;
  readonly won: boolean;
}

/** A finished rated match, as the storage needs it to update ratings in the same transaction. */
export interface MatchResult {
  readonly game: string;
  readonly tableId: string;
  readonly at: number;
  readonly seats: readonly RatedSeat[];
}

// Ratings that mean something (issue 24: two accounts of one person, one resigning at version 0,
// took the other to first place in eight matches and 2.1 s). Three rules, as lichess has its own:
// - a rated match that ends before every human seat made MIN_OWN_DECISIONS decisions of its own
//   (not a bot's, not the clock's) is aborted: unrated, and shown as such (lichess aborts a game
//   before both sides moved);
// - rated matches between the same two accounts in one game within REPEAT_WINDOW_MS count less,
//   then not at all (`repeatWeight`);
// - the leaderboard lists accounts with LEADERBOARD_MIN_GAMES rated matches or more, and a rating
//   from fewer than PROVISIONAL_BELOW matches is provisional (marked "?").

export function isProvisional(played: number): boolean {
  return played < PROVISIONAL_BELOW;
}

/**
 * How much a rated match counts, from how many rated matches of the same game the same two
 * accounts (the pair that met most, at a table of several) already played in the window: the
 * first two fully, the next two half, none after (0: the match is not rated at all).
 */
export function repeatWeight(earlier: number): number {
  if (earlier < 2) return 1;
  if (earlier < 4) return 0.5;
  return 0;
}

/** Decisions each seat made itself (`by: "player"`), from a match's history. */
export function ownDecisions(history: readonly { readonly seat: number; readonly by: string }[], seats: number): number[] {
  const counts = Array<number>(seats).fill(0);
  for (const h of history) if (h.by === "player" && h.seat >= 0 && h.seat < seats) counts[h.seat]!++;
  return counts;
}

/** A rated table's match ended too early to count: some human seat made fewer than MIN_OWN_DECISIONS. */
export function endedTooEarly(seats: readonly Pick<SeatRecord, "kind">[], decisions: readonly number[]): boolean {
  return seats.some((s, i) => s.kind === "human" && (decisions[i] ?? 0) < MIN_OWN_DECISIONS);
}

/** One identity's new rating after a match. */
export interface RatingChange {
  readonly key: string;
  readonly before: Skill;
  readonly after: Skill;
  /** Its best seat's rank (0: among the winners). */
  readonly rank: number;
  readonly won: boolean;
}

/**
 * Ranks from the outcome: the winners share rank 0 and the others follow by score, highest first,
 * equal scores tied. Without winners (a draw) everyone is ranked by score, so those who share the
 * draw tie first; without scores, everyone ties. Seats that resigned lose to everyone who played
 * on: they share the last place, whatever their score.
 */
export function ranksOf(outcome: OutcomeInfo, seats: number, resigned: readonly number[] = []): number[] {
  const out = new Set(resigned.filter((s) => s >= 0 && s < seats));
  const score = (s: number) => outcome.scores[s] ?? 0;
  const first = outcome.draw ? 0 : outcome.winners.some((s) => !out.has(s)) ? 1 : 0;
  const others = [...Array(seats).keys()].filter((s) => !out.has(s) && (outcome.draw || !outcome.winners.includes(s))).sort((a, b) => score(b) - score(a));
  const ranks = Array<number>(seats).fill(0);
  let rank = first;
  others.forEach((s, i) => {
    if (i === 0 || score(s) !== score(others[i - 1]!)) rank = i + first;
    ranks[s] = rank;
  });
  for (const s of out) ranks[s] = seats - out.size;
  return ranks;
}

/**
 * The match to rate, or null when it is unrated: the creator chose unrated, a human seat is a
 * guest, an account holds two seats, or no account plays. Resigned seats (`meta.resigned`) rank last.
 */
export function matchResultOf(
  table: { id: string; game: string; rated: boolean; seats: readonly SeatRecord[]; meta?: { readonly resigned: readonly { readonly seat: number }[] } },
  outcome: OutcomeInfo,
  at: number,
  decisions?: readonly number[],
): MatchResult | null {
  if (!table.rated) return null;
  if (decisions && endedTooEarly(table.seats, decisions)) return null;
  const humans = table.seats.filter((s) => s.kind === "human");
  if (humans.length === 0 || humans.some((s) => !s.player)) return null;
  if (new Set(humans.map((s) => s.player)).size !== humans.length) return null;
  const ranks = ranksOf(outcome, table.seats.length, table.meta?.resigned.map((r) => r.seat) ?? []);
  const seats: RatedSeat[] = [];
  for (const [seat, s] of table.seats.entries()) {
    const key = s.kind === "human" ? s.player! : s.kind === "bot" && s.level ? botKey(s.level) : null;
    if (key === null) return null;
    seats.push({ seat, key, rank: ranks[seat]!, won: !outcome.draw && outcome.winners.includes(seat) });
  }
  return { game: table.game, tableId: table.id, at, seats };
}

