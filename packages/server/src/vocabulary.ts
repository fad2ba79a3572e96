// The protocol's vocabulary (protocol.ts re-exports it): error codes, bot levels, table modes,
// chat channels and limits, a seat request. A module of its own, importing nothing of the
// protocol's, so the modules protocol.ts is made of can use its values while they load.
import { z } from "zod";

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
  "wrong-password", // a password change, new recovery codes, deleting the account: the password given is wrong
  "bad-recovery-code", // a recovery: no such name, or not one of its unused recovery codes (one answer for both)
  "unknown-session", // ending a session: not one of this account's (its id from GET /api/me/sessions)
  "still-seated", // deleting an account that holds `params.tables` seats at tables not over: resign or leave them first
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
  // moderation
  "muted", // chat refused: this account (or this guest's address) is muted until `params.until` (epoch ms, or "never"), for `params.reason`
  "banned", // log-in, hello, act and chat refused: this account is banned until `params.until` (epoch ms, or "never"), for `params.reason`
  "not-moderator", // only a moderator may do that (HTTP 403)
  "unknown-message", // no such chat message that you can read (a forged id, a hidden one, another channel's)
  "already-reported", // you have already reported this message
  "bad-report", // a report refused: `params.reason` "self" (yourself or your own message), "note" (the reason "other" wants a note)
  "unknown-report",
  "report-closed", // this report is already resolved or dismissed
  "unknown-sanction", // no such sanction in force
  // friends, invitations, blocks and table options (social.ts)
  "cannot-self", // following, blocking or inviting your own account
  "not-friends", // an invitation goes to a friend only (each follows the other)
  "blocked", // one of the two accounts blocks the other: no join, invitation, rematch or follow between them
  "friends-only", // a "friends only" table: only friends of its creator (logged in) may sit, or whoever a player invited
  "rating-out-of-range", // the table's rating range (`params.min`, `params.max`) excludes your rating (`params.rating`) in this game; logged in only
  "unknown-invitation", // no such invitation for this account (forged, or someone else's)
  "invitation-expired", // the invitation's time ran out (`params.expiredAt`)
  "invitation-used", // the invitation was already accepted or declined
  "already-invited", // this account already has a pending invitation to this table
  // puzzles
  "unknown-puzzle", // no such puzzle (a forged or malformed id)
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

