// The wire protocol between the browser (or any client) and the game server.
//
// One WebSocket per client at `/ws`, JSON text frames. Messages are named by direction:
// `ClientIn` (client → server) and `ServerOut` (server → client). Every ClientIn frame is
// validated here, in one place (`parseClientIn`); a refused frame gets one `error` message with
// a typed `code` back to its sender and changes nothing.
// The lobby is REST under `/api` (shapes at the end of this file).
//
// Versions: every applied action is one version of its match (1, 2, ...). A seat receives,
// per version, only the events it may see (possibly none) and its new view; a client that
// comes back sends the last version it saw (`since`) and receives what it missed, or a
// full `sync` when that is simpler. Stable: extend only additively.
import type { Message, Review, ReviewedDecision, ReviewUnit } from "@grimoire/engine";
import unhomoglyph from "unhomoglyph";
import { z } from "zod";

// ---------------------------------------------------------------- vocabulary

export const ERROR_CODES = [
  // the frame itself
  "bad-json", // not JSON
  "bad-message", // JSON, but not a valid message of a known type (details in `message`)
  "unknown-type", // a `type` the server does not know
  "too-large", // payload over the size limit (the connection may be closed after it)
  "rate-limited", // too many messages or requests; wait `params.retryAfterMs` and retry
  "unsupported-media-type", // REST: a body that is not application/json (HTTP 415)
  "timeout", // REST: the request (headers or body) took too long (HTTP 408)
  "unavailable", // the server is shutting down or its storage is unreachable; retry later
  // who you are
  "not-authorized", // unknown or wrong seat token, or no `hello` yet
  "bad-name", // display or account name refused: `params.reason` is "empty", "too-short" (`params.min`), "too-long" (`params.max`), "characters", "control", "bidi", "first-letter", "marks" (`params.max`), "scripts", "invisible" (zero-width, soft hyphen, Hangul fillers…) or "bot" (reads as a bot's label)
  "bad-password", // an account password refused: `params.reason` "too-short" (`params.min`) or "too-long" (`params.max`)
  "name-taken", // an account of this name, or of one that looks the same (`nameSkeleton`), exists already
  "account-name", // a guest's name is an account's, or looks the same (`nameSkeleton`): log in as it, or choose another name
  "bad-credentials", // log in: no such name, or a wrong password (one answer for both)
  "wrong-password", // a password change: the current password given is wrong
  "bad-origin", // a state-changing request or a WebSocket upgrade from another site's page (its Origin is neither ours nor an ALLOWED_ORIGINS one): HTTP 403
  "not-logged-in", // this needs an account session (the `grimoire_session` cookie)
  "unknown-player",
  "too-many-tables", // this client already runs `params.max` live bot-only tables
  "too-many-connections", // this address already holds `params.max` connections
  "unknown-table",
  "unknown-game",
  "bad-options", // table options refused by the game's schema
  "bad-seats", // seat count or seat list refused
  "seat-taken",
  "table-full",
  "already-started",
  "not-started",
  "not-finished", // the record of a match is only given once it is over
  "hints-refused", // hints are not given at a rated table (see `isRated`)
  "bad-seat", // REST: a seat number the table does not have
  // the game (the engine's ActionErrorCode)
  "game-over",
  "not-your-turn",
  "malformed-action",
  "illegal-action",
  "internal",
  "not-found", // REST: no such route
  "unavailable", // storage could not record the change: nothing changed, try again
  // at the table
  "chat-empty", // a chat message with no text
  "chat-too-long", // over `params.max` characters
  "chat-too-fast", // too many chat messages; wait `params.retryAfterMs`
  "chat-bad-text", // `params.reason`: "control" (control or text-direction characters; only line breaks are kept), "invisible" (nothing visible: zero-width characters only) or "marks" (over `params.max` combining marks on one character)
  "not-creator", // only the table's creator may do that (cancel, seat → bot)
  "table-cancelled", // the creator cancelled this table
  "already-resigned", // this seat has resigned: a bot plays it out
  "not-a-seat", // only a seated player may do that (resign, rematch)
  "rematch-closed", // the rematch has already been made (or the table was cancelled)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Real time (a clock of seconds or minutes, or none), or turn-based (hours or days per decision). */
export const TABLE_MODES = ["realtime", "turn-based"] as const;
export type TableMode = (typeof TABLE_MODES)[number];

/** Players' chat (every seat; spectators read it) and spectators' chat (players read it if the table allows). */
export const CHAT_CHANNELS = ["players", "spectators"] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
/** Characters in one chat message. */
export const MAX_CHAT_LENGTH = 500;
/** Chat messages: a burst of CHAT_BURST, then one every CHAT_EVERY_MS (per seat, or per spectator address). */
export const CHAT_BURST = 5;
export const CHAT_EVERY_MS = 2000;
/** Chat messages a client receives on arrival (the latest). */
export const CHAT_HISTORY = 100;

/** A table seat as the creator asks for it: open for a human, or a bot of a level. */
export const seatRequestSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open") }).strict(),
  z.object({ kind: z.literal("bot"), level: z.enum(BOT_LEVELS) }).strict(),
]);
export type SeatRequest = z.infer<typeof seatRequestSchema>;

/** A viewer on the wire: a seat number, or "spectator". */
export type WireViewer = number | "spectator";

// ---------------------------------------------------------------- client → server (ws)

export const MAX_FRAME_BYTES = 16 * 1024;

export const clientInSchema = z.discriminatedUnion("type", [
  /**
   * First message on a connection: take a seat (with its token) or watch (no token).
   * `since`: the last version this client saw; missing = send a full sync.
   */
  z
    .object({
      type: z.literal("hello"),
      tableId: z.string().min(1).max(64),
      token: z.string().min(1).max(128).optional(),
      since: z.number().int().min(0).optional(),
    })
    .strict(),
  /** Plays an action for the authenticated seat; `ref` is echoed in the `ack` or `error`. */
  z.object({ type: z.literal("act"), action: z.unknown(), ref: z.string().max(64).optional() }).strict(),
  /** The seat's player takes its seat back from the bot playing for it (clock ran out or away). */
  z.object({ type: z.literal("reclaim"), ref: z.string().max(64).optional() }).strict(),
  /** Asks for a full sync (view, decision, legal actions) now. */
  z.object({ type: z.literal("sync") }).strict(),
  z.object({ type: z.literal("ping"), ref: z.string().max(64).optional() }).strict(),
  /**
   * A chat message: a seat writes in the players' channel, a spectator in the spectators' one
   * (`name`: how a spectator signs; seats are named by their seat). Checked by `parseChatText`.
   */
  z.object({ type: z.literal("chat"), text: z.string().max(4 * MAX_CHAT_LENGTH), name: z.string().max(1000).optional(), ref: z.string().max(64).optional() }).strict(),
  /** Resigns the authenticated seat (the game's result counts it lost). */
  z.object({ type: z.literal("resign"), ref: z.string().max(64).optional() }).strict(),
  /** Accepts a rematch of this finished table (same seats, new seed); made once every human seat accepts. */
  z.object({ type: z.literal("rematch"), ref: z.string().max(64).optional() }).strict(),
  /**
   * Asks for the review of the decision the authenticated seat faces now, from its view (refused
   * with `hints-refused` at a rated table); answered by `hint` with the same `ref`.
   */
  z.object({ type: z.literal("hint"), ref: z.string().max(64).optional() }).strict(),
]);
export type ClientIn = z.infer<typeof clientInSchema>;
export type ClientInType = ClientIn["type"];
export const CLIENT_IN_TYPES = ["hello", "act", "reclaim", "sync", "ping", "chat", "resign", "rematch", "hint"] as const satisfies readonly ClientInType[];

// ---------------------------------------------------------------- server → client (ws)

export interface SeatInfo {
  readonly seat: number;
  readonly kind: "open" | "human" | "bot";
  /** Display name of the human, or the bot's own name (distinct at the table; `level` apart). */
  readonly name: string | null;
  readonly level?: BotLevel;
  readonly connected: boolean;
  /** A bot plays for this human seat now (clock ran out or away past the grace period). */
  readonly botTakeover: boolean;
  /** The seat is held by an account (its name is the account's: a link to the profile). */
  readonly account?: boolean;
  /** The seat's rating (openskill ordinal) when it was taken; only at a table that counts for ratings. */
  readonly rating?: number;
  /** Why a bot plays for it (set when `botTakeover`): its clock ran out, or it was away past the grace period. */
  readonly takeoverReason?: TakeoverReason;
}

/** Why a bot stands in for a human seat; the seat's player takes it back with `reclaim` (or by coming back). */
export const TAKEOVER_REASONS = ["clock", "absent"] as const;
export type TakeoverReason = (typeof TAKEOVER_REASONS)[number];

/** One applied version of a match as one viewer may see it: who acted, how, and the visible events. */
export interface LogEntry {
  readonly version: number;
  readonly actor: number;
  readonly by: ActorKind;
  readonly events: readonly unknown[];
}

/** The end of a match with nothing hidden: each seat's final view, and the game's full view if it has one. */
export interface FinalViews {
  /** `view(state, seat)` for every seat: together, every hand and hidden piece. */
  readonly seats: readonly unknown[];
  /** The game's `fullView(state)` (one view with everything shown), or null when the game has none. */
  readonly full: unknown;
}

export type TableStatus = "open" | "playing" | "over" | "cancelled";

/** A rematch in the making (`accepted` seats) or made (`next`); `previous`: the table this one is a rematch of. */
export interface RematchInfo {
  readonly accepted: readonly number[];
  readonly next: string | null;
  readonly previous: string | null;
}

export interface ChatMessage {
  /** 1, 2, … per table. */
  readonly id: number;
  readonly channel: ChatChannel;
  /** The writer's seat, or null for a spectator. */
  readonly seat: number | null;
  /** The seat's display name, or the spectator's chosen name (null: an unnamed spectator). */
  readonly name: string | null;
  /** Plain text (line breaks kept): always shown as text, never as markup. */
  readonly text: string;
  readonly at: number;
}

export interface TableInfo {
  readonly id: string;
  readonly game: string;
  readonly gameTitle: string;
  readonly options: unknown;
  readonly status: TableStatus;
  readonly seats: readonly SeatInfo[];
  /** Seconds per decision, or null without clock. */
  readonly turnSeconds: number | null;
  /** Seconds a disconnected seat is waited for before a bot plays for it, or null. */
  readonly graceSeconds: number | null;
  /** SHA-256 (hex) of the seed, once the match has started. */
  readonly seedHash: string | null;
  /** Relative invitation link (`/?table=<id>`), to send to friends. */
  readonly invite: string;
  readonly createdAt: number;
  /** The match will change ratings: asked by the creator, and every human seat so far is a distinct account. */
  readonly rated?: boolean;
  readonly mode: TableMode;
  /** Each player's time bank in seconds at the start (null: none). */
  readonly bankSeconds: number | null;
  /** Each seat's time bank left, in ms, as of the current decision's start (null without a bank). */
  readonly banks: readonly number[] | null;
  /** Seats that resigned (a bot plays each out in games of 3+, until the rules take it out). */
  readonly resigned: readonly number[];
  /** Resigned seats the game's rules have taken out of the match (Emmerlaüs: the wizard is out). */
  readonly removed: readonly number[];
  readonly rematch: RematchInfo;
  /** Players read the spectators' channel too. */
  readonly spectatorChat: boolean;
  /** Hints may be asked at this table (no rated result at stake: see `isRated`); always sent by this server. */
  readonly hints?: boolean;
  /** A rated match that ended before every human made two decisions of their own: not rated (ratings.ts). */
  readonly aborted?: boolean;
}

export interface DecisionInfo {
  readonly type: "turn" | "simultaneous" | "over";
  /** Seats still to decide (for a simultaneous step: those who have not committed yet). */
  readonly seats: readonly number[];
  /** What the waiting seats are asked, as the game's Message (worded by the client); null when over. */
  readonly prompt: Message | null;
  /** Epoch milliseconds when the clock runs out for the waiting seats, or null. */
  readonly deadline: number | null;
  /**
   * With time banks: when each waiting seat's time is really up (the turn's deadline plus what is
   * left of its bank); a bot plays for it then. Absent without banks.
   */
  readonly seatDeadlines?: readonly { readonly seat: number; readonly deadline: number }[];
}

export interface LegalAction {
  readonly action: unknown;
  /** The game's describeAction: a Message the client words in its reader's language. */
  readonly label: Message;
}

export interface OutcomeInfo {
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly draw: boolean;
}

export type ServerOut =
  /** Answer to `hello`: who you are at this table. */
  | { readonly type: "welcome"; readonly table: TableInfo; readonly you: WireViewer }
  /**
   * The match's whole log so far as this viewer may see it (versions 1..`version` with a visible
   * event; the same projection as live updates), sent before a full `sync` on `hello`: a reload,
   * a spectator and a late arrival see the full history.
   */
  | { readonly type: "log"; readonly version: number; readonly entries: readonly LogEntry[] }
  /** Table changed (a seat joined, the match started, a bot took over, ...). */
  | { readonly type: "table"; readonly table: TableInfo }
  /**
   * The whole picture for this viewer at `version`: its view, the decision, and its legal
   * actions when it must decide now (`legal` is null when too many to list; build one then).
   */
  | {
      readonly type: "sync";
      readonly version: number;
      readonly view: unknown;
      readonly decision: DecisionInfo;
      readonly legal: readonly LegalAction[] | null;
      readonly outcome: OutcomeInfo | null;
      /** Revealed only once the match is over. */
      readonly seed: string | null;
      readonly seedHash: string;
    }
  /**
   * One applied action (version `version`): `actor` acted; `events` are those this viewer may see,
   * (the client words them with the game's describeEvent); then its new view, the decision and its
   * legal actions.
   */
  | {
      readonly type: "update";
      readonly version: number;
      readonly actor: number;
      /** "player", or why someone else acted for the seat. */
      readonly by: ActorKind;
      readonly events: readonly unknown[];
      readonly view: unknown;
      readonly decision: DecisionInfo;
      readonly legal: readonly LegalAction[] | null;
    }
  /**
   * The match is over: the outcome, the seed revealed (check it against `seedHash`), and the final
   * position with nothing hidden (for the end-of-game summary).
   */
  | { readonly type: "over"; readonly version: number; readonly outcome: OutcomeInfo; readonly seed: string; readonly seedHash: string; readonly final?: FinalViews }
  /** Your `act` was logged and applied at `version` (for `reclaim`: the seat is yours again). */
  | { readonly type: "ack"; readonly ref: string | null; readonly version: number }
  /** Refused; nothing changed. `message` is an English fallback: word it from `code` and `params`. */
  | { readonly type: "error"; readonly code: ErrorCode; readonly message: string; readonly ref: string | null; readonly params?: ErrorParams }
  | { readonly type: "pong"; readonly ref: string | null; readonly now: number }
  /** One chat message this viewer may read (its channel's audience). */
  | { readonly type: "chat"; readonly message: ChatMessage }
  /** Right after `welcome`: the latest chat messages this viewer may read, oldest first. */
  | { readonly type: "chat-history"; readonly messages: readonly ChatMessage[] }
  /** The rematch was made: go to table `tableId` (a seat's token holds the same seat there). */
  | { readonly type: "rematch"; readonly tableId: string }
  /** Answer to `hint`: every choice of the decision at `version` scored from your view (no move made yet). */
  | { readonly type: "hint"; readonly ref: string | null; readonly version: number; readonly unit: ReviewUnit; readonly review: ReviewedDecision | null };
export type ServerOutType = ServerOut["type"];

/** Who produced a logged action: the seat's player, its bot, or a bot standing in for it. */
export const ACTOR_KINDS = ["player", "bot", "clock", "absent"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

// ---------------------------------------------------------------- REST (/api)

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
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.mode === "turn-based") {
      if (t.turnSeconds === null || t.turnSeconds < MIN_TURN_BASED_SECONDS) ctx.addIssue({ code: "custom", path: ["turnSeconds"], message: `a turn-based table has a clock of at least ${MIN_TURN_BASED_SECONDS} s (an hour) per decision` });
      if (t.graceSeconds !== null) ctx.addIssue({ code: "custom", path: ["graceSeconds"], message: "a turn-based table has no grace period: players come and go" });
    } else if (t.turnSeconds !== null && t.turnSeconds > 86_400) {
      ctx.addIssue({ code: "custom", path: ["turnSeconds"], message: "a real-time table has at most a day per decision (choose turn-based)" });
    }
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
  /** One page (`?limit=&offset=`, 50 by default, at most 200) of the finished matches, newest first, each with its replay. */
  readonly matches: readonly { readonly table: string; readonly game: string; readonly at: number; readonly seat: number; readonly result: "won" | "lost" | "draw"; readonly rated: boolean; readonly replay: string }[];
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
 * unavailable), `max` (a length or a count), `reason` (bad-name).
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** Every REST error body. HTTP status 400/404/408/409/413/415/429/503 with the same codes as the socket. */
export interface ErrorResponse {
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly params?: ErrorParams };
}

// ---------------------------------------------------------------- parsing, in one place

export interface ProtocolError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly params?: ErrorParams;
}

export const MAX_NAME_LENGTH = 40;
/** Bidirectional formatting characters (embeddings, overrides, isolates, marks): they reorder text around them. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 controls (NUL included), DEL, and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Combining marks allowed on one character (more is stacked "Zalgo" text). */
export const MAX_MARKS = 2;
/** The scripts a name's letters are told apart by; a letter of none of them counts as one more script ("other"). */
const SCRIPTS = [
  "Latin", "Greek", "Cyrillic", "Armenian", "Georgian", "Hebrew", "Arabic", "Syriac", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati",
  "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar", "Khmer", "Ethiopic", "Cherokee", "Mongolian",
  "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo",
] as const;
const SCRIPT_OF = SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, "u")] as const);
/** UTS #39's "highly restrictive" level: one script, or Han with the Japanese kana, with Bopomofo, or with Hangul. */
const SCRIPT_MIXES: readonly (readonly string[])[] = [["Han", "Hiragana", "Katakana"], ["Han", "Bopomofo"], ["Han", "Hangul"]];

/** Invisible in text: default-ignorable code points (zero-width space, soft hyphen, U+2060, the Hangul fillers U+3164, U+115F, U+FFA0…) and format characters. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** The joiners some scripts write words with (Persian's ZWNJ, Indic ZWJ): kept in a display name, though unseen by `nameSkeleton`. */
const JOINERS = /[\u200C\u200D]/gu;
/** The words a bot's seat reads as, in English and French ("bot", "Bot (easy)", "robot facile"). */
const BOT_WORDS = ["bot", "robot"];
const LEVEL_WORDS = [...BOT_LEVELS, "facile", "moyen", "difficile"];
/** A name's skeleton, letters and digits only. */
const bareSkeleton = (name: string): string => nameSkeleton(name).replace(/[^\p{L}\p{N}]/gu, "");
let botLabel: RegExp | null = null;
/** Whether a name reads as a bot's seat: a bot word, alone or with a level word, compared by skeletons ("b0t medium" too). */
function readsAsBot(name: string): boolean {
  botLabel ??= (() => {
    const [bot, level] = [BOT_WORDS, LEVEL_WORDS].map((words) => `(?:${words.map(bareSkeleton).join("|")})`);
    return new RegExp(`^(?:${bot}${level}?|${level}${bot})$`, "u");
  })();
  return botLabel.test(bareSkeleton(name));
}

/** Full case folding as far as JavaScript has it: "ß" is "ss", a final "ς" is "σ". */
const fold = (text: string): string => text.toUpperCase().toLowerCase().replace(/ς/gu, "σ");

/**
 * What a name looks like, to compare names by (UTS #39's skeleton, made case-blind): NFKC (a
 * fullwidth "ｃ" is "c"), case-folded, NFD, invisible characters removed, then every character
 * replaced by its prototype in Unicode's confusables.txt (the `unhomoglyph` data: a Cyrillic "с"
 * is "c", "0" is "O", "m" is "rn"), folded and mapped once more so a prototype's case counts for
 * nothing. Two names that look alike have one skeleton ("coco7", "сосо7", "ｃｏｃｏ７", "co\u200Bco7");
 * accents still count ("Zoé" is not "Zoe"). Not meant to be shown.
 */
export function nameSkeleton(name: string): string {
  const once = (text: string) => unhomoglyph(fold(text).normalize("NFD").replace(INVISIBLE, "")).normalize("NFD");
  return once(once(name.normalize("NFKC")));
}

/**
 * What makes a (normalised, non-empty) name unfit to tell people apart, or null: no invisible
 * characters but the joiners (`invisible`), start with a letter ("...", "---" and marks alone are
 * no names), carry at most MAX_MARKS combining marks on any character, not mix scripts (a
 * Cyrillic "А" in "Аda" passes for Latin), and not read as a bot's seat (`bot:easy`).
 */
export function nameShapeError(name: string): ProtocolError | null {
  if (name.replace(JOINERS, "").match(INVISIBLE)) {
    return { code: "bad-name", message: "a name may not contain invisible characters (zero-width spaces, soft hyphens, fillers)", params: { reason: "invisible" } };
  }
  const chars = [...name];
  if (!/^\p{L}$/u.test(chars[0] ?? "")) return { code: "bad-name", message: "a name starts with a letter", params: { reason: "first-letter" } };
  if (stackedMarks(name)) return { code: "bad-name", message: `a name has at most ${MAX_MARKS} accents on one letter`, params: { reason: "marks", max: MAX_MARKS } };
  // Letters of no one script (Common, like the Japanese "ー", or Inherited) go with any.
  const scripts = new Set(chars.filter((c) => /^\p{L}$/u.test(c) && !/^[\p{Script=Common}\p{Script=Inherited}]$/u.test(c)).map((c) => SCRIPT_OF.find(([, test]) => test.test(c))?.[0] ?? "other"));
  if (scripts.size > 1 && !SCRIPT_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)))) {
    return { code: "bad-name", message: "a name is written in one script (no Latin and Cyrillic letters together, say)", params: { reason: "scripts" } };
  }
  if (readsAsBot(name)) {
    return { code: "bad-name", message: "a name may not read as a bot's seat", params: { reason: "bot" } };
  }
  return null;
}

/** Whether some character carries more than MAX_MARKS combining marks (stacked "Zalgo" text). */
function stackedMarks(text: string): boolean {
  let marks = 0;
  for (const c of text) {
    marks = /^\p{M}$/u.test(c) ? marks + 1 : 0;
    if (marks > MAX_MARKS) return true;
  }
  return false;
}

/**
 * A display name: trimmed, NFC, 1 to MAX_NAME_LENGTH characters, no control or bidi characters,
 * and shaped like a name (`nameShapeError`); spaces and punctuation after the first letter are kept.
 */
export function parseDisplayName(raw: string): { ok: true; value: string } | { ok: false; error: ProtocolError } {
  const name = raw.normalize("NFC").trim();
  if (CONTROL.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain control characters", params: { reason: "control" } } };
  if (BIDI.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain bidirectional formatting characters", params: { reason: "bidi" } } };
  if (name.length === 0) return { ok: false, error: { code: "bad-name", message: "a name is needed", params: { reason: "empty" } } };
  if ([...name].length > MAX_NAME_LENGTH) {
    return { ok: false, error: { code: "bad-name", message: `a name has at most ${MAX_NAME_LENGTH} characters`, params: { reason: "too-long", max: MAX_NAME_LENGTH } } };
  }
  const shape = nameShapeError(name);
  if (shape) return { ok: false, error: shape };
  return { ok: true, value: name };
}

/** Bidi and control characters a chat message may not hold (line breaks and tabs are kept). */
const CHAT_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;

/**
 * A chat message's text: NFC, trimmed, 1 to MAX_CHAT_LENGTH characters, no control or bidi
 * characters, something visible (not zero-width characters only), at most MAX_MARKS combining
 * marks on one character.
 */
export function parseChatText(raw: string): { ok: true; value: string } | { ok: false; error: ProtocolError } {
  const text = raw.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (text.length === 0) return { ok: false, error: { code: "chat-empty", message: "a chat message needs some text" } };
  if ([...text].length > MAX_CHAT_LENGTH) return { ok: false, error: { code: "chat-too-long", message: `a chat message has at most ${MAX_CHAT_LENGTH} characters`, params: { max: MAX_CHAT_LENGTH } } };
  if (CHAT_CONTROL.test(text) || BIDI.test(text)) return { ok: false, error: { code: "chat-bad-text", message: "a chat message may not contain control or text-direction characters", params: { reason: "control" } } };
  if (text.replace(INVISIBLE, "").trim().length === 0) return { ok: false, error: { code: "chat-bad-text", message: "a chat message needs some visible text", params: { reason: "invisible" } } };
  if (stackedMarks(text)) return { ok: false, error: { code: "chat-bad-text", message: `a chat message has at most ${MAX_MARKS} combining marks on one character`, params: { reason: "marks", max: MAX_MARKS } } };
  return { ok: true, value: text };
}

/** Parses one untrusted text frame into a ClientIn, or says why not. */
export function parseClientIn(frame: string): { ok: true; value: ClientIn } | { ok: false; error: ProtocolError } {
  if (Buffer.byteLength(frame, "utf8") > MAX_FRAME_BYTES) {
    return { ok: false, error: { code: "too-large", message: `frames are limited to ${MAX_FRAME_BYTES} bytes`, params: { max: MAX_FRAME_BYTES } } };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, error: { code: "bad-json", message: "the frame is not valid JSON" } };
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || typeof (raw as { type?: unknown }).type !== "string") {
    return { ok: false, error: { code: "bad-message", message: "a message is a JSON object with a string `type`" } };
  }
  const type = (raw as { type: string }).type;
  if (!(CLIENT_IN_TYPES as readonly string[]).includes(type)) {
    return { ok: false, error: { code: "unknown-type", message: `unknown message type "${type.slice(0, 40)}"` } };
  }
  const parsed = clientInSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    return { ok: false, error: { code: "bad-message", message } };
  }
  return { ok: true, value: parsed.data };
}
