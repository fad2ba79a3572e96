// The REST shapes of the protocol (protocol.ts re-exports them): the lobby's and the players'
// requests (zod schemas: untrusted input is parsed here) and answers under `/api`.
import type { Review, ReviewedDecision, ReviewUnit } from "@grimoire/engine";
import { z } from "zod";
import { BOT_LEVELS, TABLE_MODES, seatRequestSchema, type BotLevel, type ErrorCode } from "./vocabulary.ts";
import type { InvitationInfo, LegalAction, OutcomeInfo, PresenceInfo, TableInfo, TableStatus } from "./protocol.ts";

/** Turn-based tables: an hour to two weeks per decision, and a bank of up to 30 days. */
export const MIN_TURN_BASED_SECONDS = 3600;
export const MAX_TURN_SECONDS = 14 * 86_400;
export const MAX_BANK_SECONDS = 30 * 86_400;

/** POST /api/tables */
export const createTableSchema = z
  .object({
    game: z.string().min(1).max(64),
    options: z.record(z.string(), z.unknown()).default({}),
    seats: z.array(seatRequestSchema).min(1).max(16),
    turnSeconds: z.number().int().min(5).max(MAX_TURN_SECONDS).nullable().default(null),
    graceSeconds: z.number().int().min(5).max(86_400).nullable().default(null),
    /** false: an unrated table (by choice). A table is rated only when every human seat is an account. */
    rated: z.boolean().default(true),
    mode: z.enum(TABLE_MODES).default("realtime"),
    /** Each player's time bank (clocked tables): used once a turn's own time has run out. */
    bankSeconds: z.number().int().min(0).max(MAX_BANK_SECONDS).nullable().default(null),
    /** Players read the spectators' chat too (default: they do not). */
    spectatorChat: z.boolean().default(false),
    /** Every human at the table agrees to hints (joining it is agreeing): no rated result then. */
    hints: z.boolean().default(false),
    /** Not listed in the lobby: reached by its link or an invitation. */
    private: z.boolean().default(false),
    /** Only the creator's friends may sit (the creator logged in), and whoever a player invites. */
    friendsOnly: z.boolean().default(false),
    /** A rated table's rating range (rounded ordinals), either end optional. */
    minRating: z.number().int().min(-1000).max(10_000).nullable().default(null),
    maxRating: z.number().int().min(-1000).max(10_000).nullable().default(null),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.mode === "turn-based") {
      if (t.turnSeconds === null || t.turnSeconds < MIN_TURN_BASED_SECONDS) ctx.addIssue({ code: "custom", path: ["turnSeconds"], message: `a turn-based table has a clock of at least ${MIN_TURN_BASED_SECONDS} s (an hour) per decision` });
      if (t.graceSeconds !== null) ctx.addIssue({ code: "custom", path: ["graceSeconds"], message: "a turn-based table has no grace period: players come and go" });
    } else if (t.turnSeconds !== null && t.turnSeconds > 86_400) {
      ctx.addIssue({ code: "custom", path: ["turnSeconds"], message: "a real-time table has at most a day per decision (choose turn-based)" });
    }
    if ((t.minRating !== null || t.maxRating !== null) && (!t.rated || t.hints)) ctx.addIssue({ code: "custom", path: ["minRating"], message: "a rating range is for rated tables (rated, no hints)" });
    if (t.minRating !== null && t.maxRating !== null && t.minRating > t.maxRating) ctx.addIssue({ code: "custom", path: ["maxRating"], message: "the rating range's minimum is above its maximum" });
    if (t.bankSeconds !== null && t.turnSeconds === null) ctx.addIssue({ code: "custom", path: ["bankSeconds"], message: "a time bank needs a clock (turnSeconds)" });
  });
export type CreateTableRequest = z.input<typeof createTableSchema>;
/**
 * Response: the table (seats of bots already filled), and the creator's token: keep it secret, it
 * proves the creator (cancel the waiting table, turn an open seat into a bot).
 */
export interface CreateTableResponse {
  readonly table: TableInfo;
  readonly creatorToken: string;
}

/**
 * POST /api/tables/:id/cancel — the creator cancels a table still waiting for players. The creator
 * is proved by `creatorToken`, or by the session cookie of the account that created the table.
 */
export const cancelTableSchema = z.object({ creatorToken: z.string().min(1).max(128).optional() }).strict();
/** POST /api/tables/:id/seats/:seat/bot — the creator (as for cancel) fills an open seat with a bot (the match starts once full). */
export const seatBotSchema = z.object({ creatorToken: z.string().min(1).max(128).optional(), level: z.enum(BOT_LEVELS) }).strict();

/**
 * POST /api/my-tables — the tables of the seats this client holds (a browser keeps its seat
 * tokens): those waiting for your decision first (soonest deadline first), then the others.
 */
export const myTablesSchema = z
  .object({ seats: z.array(z.object({ tableId: z.string().min(1).max(64), token: z.string().min(1).max(128) }).strict()).max(200) })
  .strict();
export interface MyTable {
  readonly table: TableInfo;
  readonly seat: number;
  /** The match waits for this seat's decision now. */
  readonly yourTurn: boolean;
  /** When this seat's time is up (its clock plus its bank), when it must decide on a clocked table. */
  readonly deadline: number | null;
}
export interface MyTablesResponse {
  readonly tables: readonly MyTable[];
}

/**
 * POST /api/tables/:id/join — `seat` optional: the first open seat. The match starts when every seat
 * is filled. `name` is checked by `parseDisplayName` (the schema only bounds its size).
 */
export const joinTableSchema = z
  .object({ name: z.string().max(1000), seat: z.number().int().min(0).max(63).optional() })
  .strict();
export type JoinTableRequest = z.input<typeof joinTableSchema>;
/** Response: keep `token` secret; it proves the seat (send it in `hello`). */
export interface JoinTableResponse {
  readonly table: TableInfo;
  readonly seat: number;
  readonly token: string;
}

/**
 * GET /api/tables?limit=&offset= → open tables (waiting for players), oldest first, `limit` (default
 * 50, at most 200) from `offset`; `next` is the offset of the following page, or null.
 * GET /api/tables/:id → one table.
 */
/**
 * GET /api/tables/:id/review?seat=N (finished matches only): the review of seat N's decisions, from
 * its view. Computed once, in the bot workers behind live decisions, then stored: `pending` (with
 * progress) until it is ready; ask again.
 */
export type ReviewResponse =
  | { readonly status: "done"; readonly review: Review }
  | { readonly status: "pending"; readonly done: number; readonly total: number };

export interface ListTablesResponse {
  readonly tables: readonly TableInfo[];
  readonly total: number;
  readonly next: number | null;
}

/** GET /api/tables/:id/creator → whether the session's account created this table (false for a guest). */
export interface TableCreatorResponse {
  readonly creator: boolean;
}

/** GET /api/games */
export interface GameInfo {
  readonly id: string;
  readonly title: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly defaultOptions: unknown;
  /** Each option's name and accepted values; its words are in the game's catalogues. */
  readonly optionDocs: readonly { readonly name: string; readonly values: readonly string[] }[];
  readonly levels: Readonly<Record<BotLevel, string>>;
}
export interface ListGamesResponse {
  readonly games: readonly GameInfo[];
}

/**
 * GET /api/tables/:id/record (finished matches only): the engine's scenario envelope
 * (game, seats, options, seed, actions) plus `seedHash`, for `grimoire verify FILE`.
 */
export interface MatchRecord {
  readonly game: string;
  readonly title?: string;
  readonly seats: readonly string[];
  readonly options: Record<string, unknown>;
  readonly seed: string;
  readonly seedHash: string;
  readonly actions: readonly { readonly seat: number; readonly action: unknown }[];
  /** The outcome the server reached, for verify to compare. */
  readonly outcome: OutcomeInfo;
  /** SHA-256 of the JSON of every version's full events, in order, for verify to compare. */
  readonly eventsHash?: string;
  /** Seats that resigned, with the version at which they did (see the engine's `outcomeWithResignations`). */
  readonly resigned?: readonly { readonly seat: number; readonly version: number; readonly removedAt?: number | null }[];
}

// ---------------------------------------------------------------- REST: players (/api)

/**
 * POST /api/account {name, password, seats?} creates an account and logs in; POST /api/login
 * {name, password, seats?} logs in; `seats` are guest seats this browser holds ({table, token}),
 * linked to the account. POST /api/logout. All answer like GET /api/me.
 */
/** GET /api/me */
/** `GET`/`POST /api/me/learnt`: the games the account has learnt (guided first games finished), in the order learnt. */
export interface LearntResponse {
  readonly games: readonly string[];
}

export interface MeResponse {
  readonly player: { readonly name: string; readonly createdAt: number } | null;
}

/** GET /api/me/seats: the account's seats in tables not over, newest first. */
export interface MySeatsResponse {
  readonly seats: readonly { readonly table: string; readonly game: string; readonly status: TableStatus; readonly seat: number; readonly token: string }[];
}

export interface RatingInfo {
  readonly mu: number;
  readonly sigma: number;
  /** mu − 3σ: the number shown. */
  readonly ordinal: number;
  /** From fewer than 10 rated matches (`PROVISIONAL_BELOW`): shown with a "?". Absent: settled or unknown. */
  readonly provisional?: boolean;
}

/** A past game on a profile, for the profile's player. */
export interface PastGame {
  readonly table: string;
  readonly game: string;
  readonly at: number;
  readonly seat: number;
  /** How many seats the table had. */
  readonly seats: number;
  /** "abandoned": nobody was at the table and it ended with no result. */
  readonly result: "won" | "lost" | "draw" | "abandoned";
  /** 1 for the first (ties share it), with more than two seats and a result; null otherwise. */
  readonly place: number | null;
  /** The match ended before every human made their own first decisions: it could not be rated. */
  readonly aborted: boolean;
  /** The other seats: an account by its name (`account`: has a profile), a guest by the name it gave, a bot by its level. */
  readonly opponents: readonly { readonly seat: number; readonly name: string | null; readonly account: boolean; readonly bot: BotLevel | null }[];
  readonly rated: boolean;
  /** The change of the player's shown rating (mu − 3σ) by this match, one decimal; null when unrated. */
  readonly ratingChange: number | null;
  readonly replay: string;
}

/** GET /api/players/:name */
export interface ProfileResponse {
  readonly name: string;
  readonly createdAt: number;
  readonly games: readonly {
    readonly game: string;
    readonly played: number;
    readonly won: number;
    /** Null: no rated match of this game yet. */
    readonly rating: RatingInfo | null;
    /** Oldest first: the rating after each rated match. */
    readonly history: readonly { readonly table: string; readonly at: number; readonly ordinal: number; readonly rank: number }[];
  }[];
  /** One page (`?limit=&offset=`, 50 by default, at most 200) of the past games (finished or abandoned), newest first, each with its replay. */
  readonly matches: readonly PastGame[];
  /** Finished matches in all, and the offset of the next page (null: this is the last). */
  readonly matchesTotal: number;
  readonly matchesNext: number | null;
}

/** GET /api/leaderboard/:game */
export interface LeaderboardResponse {
  readonly game: string;
  readonly players: readonly { readonly rank: number; readonly name: string | null; readonly bot: BotLevel | null; readonly played: number; readonly won: number; readonly rating: RatingInfo }[];
  readonly total: number;
  readonly next: number | null;
}

/**
 * What a client needs to word an error in its own language: `retryAfterMs` (rate-limited,
 * unavailable), `moved` (1: unavailable because the table changed hands, nothing changed: ask again at once), `max` (a length or a count), `reason` (bad-name).
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** Every REST error body. HTTP status 400/404/408/409/413/415/429/503 with the same codes as the socket. */
export interface ErrorResponse {
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly params?: ErrorParams };
}

// ---------------------------------------------------------------- friends, blocks, invitations (social.ts)

/** One account in a list of follows: whether the two are friends (each follows the other). */
export interface FollowEntry {
  readonly name: string;
  readonly friend: boolean;
}

/** GET /api/friends — the session's follows both ways, its friends with their presence, and whom it blocks. */
export interface FriendsResponse {
  readonly friends: readonly { readonly name: string; readonly presence: PresenceInfo }[];
  readonly following: readonly FollowEntry[];
  readonly followers: readonly FollowEntry[];
  readonly blocked: readonly { readonly name: string }[];
}

/** GET /api/players/:name/relation — the session's account and that one. */
export interface RelationResponse {
  readonly following: boolean;
  readonly followedBy: boolean;
  readonly friends: boolean;
  readonly blocked: boolean;
}

/** POST /api/tables/:id/invite — a player at the table invites a friend by name. */
export const inviteSchema = z.object({ name: z.string().min(1).max(200) }).strict();

/** GET /api/invitations — the session's pending invitations, newest first. */
export interface InvitationsResponse {
  readonly invitations: readonly InvitationInfo[];
}

// Puzzles (puzzles.ts): GET /api/puzzles/next, /daily, /:id, /ratings; POST /api/puzzles/:id/attempt.

/** What a player sees of a puzzle before trying it. */
export interface PuzzleInfo {
  readonly id: string;
  readonly game: string;
  readonly seats: number;
  readonly seat: number;
  readonly options: unknown;
  /** The seat's view of the position: what the board draws. */
  readonly view: unknown;
  /** The seat's legal moves there with their labels, as a table sends them (null: too many to list; the board builds them). */
  readonly legal: readonly LegalAction[] | null;
  readonly prompt: unknown;
  /** The puzzle's own rating (the number shown: mu − 3σ) and how often it was tried and solved. */
  readonly rating: number;
  readonly attempts: number;
  readonly solved: number;
}

export interface PuzzleRatingInfo {
  readonly game: string;
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
  readonly played: number;
}

export interface AttemptResponse {
  readonly correct: boolean;
  /** The accepted moves. */
  readonly answer: readonly unknown[];
  readonly explanation: ReviewedDecision;
  readonly unit: ReviewUnit;
  /** The move tried, as the game parsed it. */
  readonly move: unknown;
  /** Whether this attempt was rated (an account's first attempt at this puzzle). */
  readonly rated: boolean;
  /** Before and after, when rated. */
  readonly player: { readonly before: PuzzleRatingInfo; readonly after: PuzzleRatingInfo } | null;
  readonly puzzle: { readonly before: number; readonly after: number } | null;
}

