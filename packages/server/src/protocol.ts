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
import type { Message } from "@grimoire/engine";
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
  "bad-name", // display name refused: `params.reason` is "empty", "too-long" (`params.max`), "control" or "bidi"
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
  // the game (the engine's ActionErrorCode)
  "game-over",
  "not-your-turn",
  "malformed-action",
  "illegal-action",
  "internal",
  "not-found", // REST: no such route
  "unavailable", // storage could not record the change: nothing changed, try again
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

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
  /** Asks for a full sync (view, decision, legal actions) now. */
  z.object({ type: z.literal("sync") }).strict(),
  z.object({ type: z.literal("ping"), ref: z.string().max(64).optional() }).strict(),
]);
export type ClientIn = z.infer<typeof clientInSchema>;
export type ClientInType = ClientIn["type"];
export const CLIENT_IN_TYPES = ["hello", "act", "sync", "ping"] as const satisfies readonly ClientInType[];

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
}

export type TableStatus = "open" | "playing" | "over";

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
}

export interface DecisionInfo {
  readonly type: "turn" | "simultaneous" | "over";
  /** Seats still to decide (for a simultaneous step: those who have not committed yet). */
  readonly seats: readonly number[];
  /** What the waiting seats are asked, as the game's Message (worded by the client); null when over. */
  readonly prompt: Message | null;
  /** Epoch milliseconds when the clock runs out for the waiting seats, or null. */
  readonly deadline: number | null;
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
  /** The match is over: the outcome, and the seed revealed (check it against `seedHash`). */
  | { readonly type: "over"; readonly version: number; readonly outcome: OutcomeInfo; readonly seed: string; readonly seedHash: string }
  /** Your `act` was logged and applied at `version`. */
  | { readonly type: "ack"; readonly ref: string | null; readonly version: number }
  /** Refused; nothing changed. `message` is an English fallback: word it from `code` and `params`. */
  | { readonly type: "error"; readonly code: ErrorCode; readonly message: string; readonly ref: string | null; readonly params?: ErrorParams }
  | { readonly type: "pong"; readonly ref: string | null; readonly now: number };
export type ServerOutType = ServerOut["type"];

/** Who produced a logged action: the seat's player, its bot, or a bot standing in for it. */
export const ACTOR_KINDS = ["player", "bot", "clock", "absent"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

// ---------------------------------------------------------------- REST (/api)

/** POST /api/tables */
export const createTableSchema = z
  .object({
    game: z.string().min(1).max(64),
    options: z.record(z.string(), z.unknown()).default({}),
    seats: z.array(seatRequestSchema).min(1).max(16),
    turnSeconds: z.number().int().min(5).max(86_400).nullable().default(null),
    graceSeconds: z.number().int().min(5).max(86_400).nullable().default(null),
  })
  .strict();
export type CreateTableRequest = z.input<typeof createTableSchema>;
/** Response: the table (seats of bots already filled). */
export interface CreateTableResponse {
  readonly table: TableInfo;
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
export interface ListTablesResponse {
  readonly tables: readonly TableInfo[];
  readonly total: number;
  readonly next: number | null;
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

/** A display name: trimmed, NFC, 1 to MAX_NAME_LENGTH characters, no control or bidi characters. */
export function parseDisplayName(raw: string): { ok: true; value: string } | { ok: false; error: ProtocolError } {
  const name = raw.normalize("NFC").trim();
  if (CONTROL.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain control characters", params: { reason: "control" } } };
  if (BIDI.test(name)) return { ok: false, error: { code: "bad-name", message: "a name may not contain bidirectional formatting characters", params: { reason: "bidi" } } };
  if (name.length === 0) return { ok: false, error: { code: "bad-name", message: "a name is needed", params: { reason: "empty" } } };
  if ([...name].length > MAX_NAME_LENGTH) {
    return { ok: false, error: { code: "bad-name", message: `a name has at most ${MAX_NAME_LENGTH} characters`, params: { reason: "too-long", max: MAX_NAME_LENGTH } } };
  }
  return { ok: true, value: name };
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
