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
import type { Message, ReviewedDecision, ReviewUnit } from "@grimoire/engine";
import { describeIssues } from "@grimoire/engine";
import { z } from "zod";

// The vocabulary (error codes, bot levels, modes, chat channels and limits, a seat request): vocabulary.ts.
export * from "./vocabulary.ts";
import { MAX_CHAT_LENGTH, type BotLevel, type ChatChannel, type ErrorCode, type TableMode, type WireViewer } from "./vocabulary.ts";

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
  /**
   * Instead of `hello`: this connection receives the notices of the session's account (an
   * invitation) and counts it online for its friends. Refused `not-logged-in` without a session.
   */
  z.object({ type: z.literal("notices") }).strict(),
]);
export type ClientIn = z.infer<typeof clientInSchema>;
export type ClientInType = ClientIn["type"];
export const CLIENT_IN_TYPES = ["hello", "act", "reclaim", "sync", "ping", "chat", "resign", "rematch", "hint", "notices"] as const satisfies readonly ClientInType[];

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
  /** Not listed in the lobby: reached by its link or an invitation. */
  readonly private?: boolean;
  /** Only the creator's friends may sit (and whoever a player invites). */
  readonly friendsOnly?: boolean;
  /** Ratings allowed to sit (rounded ordinals; null: open end). */
  readonly ratingRange?: { readonly min: number | null; readonly max: number | null };
  /** Nobody was at the table long enough (tables/attendance.ts): over with no result (`outcome` null), not rated. */
  readonly abandoned?: boolean;
}

/** Where an account is, as its friends see it: offline, online (the site open), or at tables (seated, connected). */
export type PresenceInfo = { readonly status: "offline" } | { readonly status: "online" } | { readonly status: "at-table"; readonly tables: readonly { readonly id: string; readonly game: string }[] };

/** An invitation to a table, as its invitee sees it. */
export interface InvitationInfo {
  readonly id: string;
  readonly table: string;
  readonly game: string;
  /** The inviting account's name. */
  readonly from: string;
  readonly expiresAt: number;
}

/** Something for an account, wherever it is connected (its notices connection). */
export type Notice = { readonly kind: "invitation"; readonly invitation: InvitationInfo };

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
   * position with nothing hidden (for the end-of-game summary). No outcome: the table was
   * abandoned before its match ended (`TableInfo.abandoned`).
   */
  | { readonly type: "over"; readonly version: number; readonly outcome: OutcomeInfo | null; readonly seed: string; readonly seedHash: string; readonly final?: FinalViews }
  /** Your `act` was logged and applied at `version` (for `reclaim`: the seat is yours again). */
  | { readonly type: "ack"; readonly ref: string | null; readonly version: number }
  /** Refused; nothing changed. `message` is an English fallback: word it from `code` and `params`. */
  | { readonly type: "error"; readonly code: ErrorCode; readonly message: string; readonly ref: string | null; readonly params?: ErrorParams }
  | { readonly type: "pong"; readonly ref: string | null; readonly now: number }
  /** One chat message this viewer may read (its channel's audience). */
  | { readonly type: "chat"; readonly message: ChatMessage }
  /** A moderator hid this chat message: remove it from the chat shown. */
  | { readonly type: "chat-hidden"; readonly id: number }
  /** Right after `welcome`: the latest chat messages this viewer may read, oldest first. */
  | { readonly type: "chat-history"; readonly messages: readonly ChatMessage[] }
  /** The rematch was made: go to table `tableId` (a seat's token holds the same seat there). */
  | { readonly type: "rematch"; readonly tableId: string }
  /** Answer to `hint`: every choice of the decision at `version` scored from your view (no move made yet). */
  | { readonly type: "hint"; readonly ref: string | null; readonly version: number; readonly unit: ReviewUnit; readonly review: ReviewedDecision | null }
  /** Answer to `notices`: from now on this connection receives the account's notices. */
  | { readonly type: "listening"; readonly name: string }
  /** A notice for the account (on its notices connections only). */
  | { readonly type: "notice"; readonly notice: Notice };
export type ServerOutType = ServerOut["type"];

/** Who produced a logged action: the seat's player, its bot, or a bot standing in for it. */
export const ACTOR_KINDS = ["player", "bot", "clock", "absent"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

// The REST shapes: rest.ts.
export * from "./rest.ts";
import type { ErrorParams } from "./rest.ts";

// ---------------------------------------------------------------- parsing, in one place

export interface ProtocolError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly params?: ErrorParams;
}

// Names and chat text: text-checks.ts (display and account names, their skeleton, chat messages).
export { MAX_MARKS, MAX_NAME_LENGTH, nameShapeError, nameSkeleton, parseChatText, parseDisplayName } from "./text-checks.ts";

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
    const message = describeIssues(parsed.error);
    return { ok: false, error: { code: "bad-message", message } };
  }
  return { ok: true, value: parsed.data };
}
