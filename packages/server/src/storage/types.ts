// The storage's vocabulary: the records it keeps, the `Storage` interface both dialects implement,
// its errors, and the test seams (a hook before every write statement, a delay before every commit).
import type { ActorKind, BotLevel, ChatChannel, ChatMessage, OutcomeInfo, TableMode, TableStatus, TakeoverReason } from "../protocol.ts";
import type { MatchResult } from "../ratings.ts";
import type { ModerationReads, ModerationWrite } from "./moderation.ts";
import type { PuzzleReads, PuzzleWrite } from "./puzzles.ts";


export interface SeatRecord {
  kind: "open" | "human" | "bot";
  name: string | null;
  level: BotLevel | null;
  /** SHA-256 of the seat token (the token itself is never stored). */
  tokenHash: string | null;
  /** A bot plays for this human seat now. */
  takeover: boolean;
  /** A guest's seat: SHA-256 of its browser's guest cookie (accounts.ts `GUEST_COOKIE`); never sent to clients. */
  guestKey?: string | null;
  /** The account holding this human seat (its id), or null/absent for a guest. */
  player?: string | null;
  /** The seat's displayed rating (ordinal) when it was taken, at a rated table. */
  rating?: number | null;
  /** Why (absent on rows written before reasons were kept: "absent"). */
  takeoverReason?: TakeoverReason;
}

export interface TableRecord {
  id: string;
  game: string;
  options: unknown;
  seats: SeatRecord[];
  status: TableStatus;
  turnSeconds: number | null;
  graceSeconds: number | null;
  /** 32 hex digits, drawn at creation; revealed only once the match is over. */
  seed: string;
  seedHash: string;
  outcome: OutcomeInfo | null;
  createdAt: number;
  /** Epoch ms when the current decision's clock runs out (clocked tables), so a restart keeps it. */
  deadline: number | null;
  /** SHA-256 of every version's events, written with the last action (see `eventsHash`). */
  eventsHash: string | null;
  /** The creator asked for a rated table (it counts only if every human seat is an account). */
  rated: boolean;
  /** What happens at the table around the match (mode, banks, creator, resignations, rematch). */
  meta: TableMeta;
  /** Created with hints allowed (every human agrees by joining); see rated.ts. */
  hints: boolean;
  /** The account that created the table, logged in (its session is the creator's, as `meta.creatorHash`'s token is); null or absent: a guest, or unknown. */
  creatorPlayer?: string | null;
}

/** The table's metadata, stored as one JSON column (`meta`, migration 6). */
export interface TableMeta {
  mode: TableMode;
  /** Each player's bank at the start, in seconds (null: no bank). */
  bankSeconds: number | null;
  /** Each seat's bank left in ms, as of the current decision's start (null: no bank). */
  banks: number[] | null;
  /** SHA-256 of the creator's token (null: a table from before creators were known). */
  creatorHash: string | null;
  /**
   * Resignations, in order, with the version at which each happened, and for games whose rules let
   * a player leave, the version after whose action the seat was taken out (`removedAt`).
   */
  resigned: { seat: number; version: number; removedAt?: number | null }[];
  /** Seats that accepted a rematch; the rematch's table once made; the table this one rematches. */
  rematchAccepted: number[];
  rematchNext: string | null;
  rematchOf: string | null;
  /** Players read the spectators' channel. */
  spectatorChat: boolean;
  /**
   * A rated table whose match ended before every human seat made its own first decisions
   * (`MIN_OWN_DECISIONS`, ratings.ts): aborted, so unrated. Absent in rows written before.
   */
  aborted?: boolean;
  /** Not listed in the lobby: reached by its link or an invitation (issue 27). */
  private?: boolean;
  /** Only friends of the creator (each follows the other) may sit, and whoever a player invites. */
  friendsOnly?: boolean;
  /** The ratings (ordinals, rounded) allowed to sit at a rated table; null ends are open. */
  ratingRange?: { min: number | null; max: number | null } | null;
  /**
   * Nobody was at the table (tables/attendance.ts) long enough: it ended with no result, unrated
   * (`outcome` null). Not `aborted`: that is a match its rules ended too early; this one never ended.
   */
  abandoned?: boolean;
  /** Since when no human seat still in the match has been connected (null or absent: someone is). */
  unattendedSince?: number | null;
}

export const DEFAULT_META: TableMeta = {
  mode: "realtime",
  bankSeconds: null,
  banks: null,
  creatorHash: null,
  resigned: [],
  rematchAccepted: [],
  rematchNext: null,
  rematchOf: null,
  spectatorChat: false,
};

/** A stored chat message (`chat` table, migration 7). */
export interface ChatRecord extends ChatMessage {
  readonly channel: ChatChannel;
  /** Who wrote it (never sent to clients): the account's id, or null (a guest). Absent on rows before migration 14. Who blocks it does not read it (social.ts). */
  readonly author?: string | null;
  /** A guest writer's address, hashed with the installation's key (an address mute); never sent to clients. */
  readonly addressHash?: string | null;
  /** Hidden by a moderator: kept for the reports, shown to nobody. */
  readonly hidden?: boolean;
}

/** An account's follows and blocks, both ways (account ids; migration 13). */
export interface Relations {
  following: string[];
  followers: string[];
  blocks: string[];
  blockedBy: string[];
}

/** An invitation of one account by another to a table (migration 13; social.ts). */
export interface InvitationRecord {
  id: string;
  tableId: string;
  from: string;
  to: string;
  createdAt: number;
  expiresAt: number;
  state: "pending" | "accepted" | "declined";
  usedAt: number | null;
}

export interface PlayerRecord {
  id: string;
  name: string;
  /** `nameKey(name)`: unique, so names are unique ignoring case. */
  nameKey: string;
  passwordHash: string;
  createdAt: number;
  /** Deleted (epoch ms): a tombstone holding the name until `NAME_HELD_DAYS` passed (account-data.ts); no log-in. */
  deletedAt?: number;
  /** Set by the re-keying at start (rekey.ts): why this account kept its old key. */
  nameFlag?: string;
}

export interface SessionRecord {
  /** SHA-256 of the session token (the cookie); the token itself is never stored. */
  tokenHash: string;
  playerId: string;
  createdAt: number;
  expiresAt: number;
  /** The browser's User-Agent, cut to 200 characters (shown in the account's sessions list). */
  userAgent?: string | null;
}

/** A session as the account's sessions list shows it. */
export interface SessionInfo {
  tokenHash: string;
  createdAt: number;
  /** The last request seen with it (written at most every few minutes), or its creation. */
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
}

/** A chat message an account wrote, with its table (export, deletion). */
export interface PlayerChat extends ChatRecord {
  readonly tableId: string;
}

/** A seat held by an account and its new token (old ones are refused from then on). */
export interface SeatToken {
  tableId: string;
  seat: number;
  token: string;
}

/**
 * One change to an account, ONE transaction each (account-sql.ts builds its statements for both
 * dialects). `end-sessions`: sessions end (all, or those listed), the account's seat tokens are
 * replaced, and with them a new password, the one browser's new session, a spent recovery code.
 */
export type AccountChange =
  | {
      kind: "end-sessions";
      playerId: string;
      /** The sessions to end (their hashes); absent: every session of the account. */
      only?: readonly string[];
      seatTokens: readonly SeatToken[];
      passwordHash?: string;
      open?: SessionRecord;
      /** A recovery code's hash, spent here: a second spending of it fails the whole change (`RecoveryCodeSpentError`). */
      spend?: string;
      at: number;
    }
  | { kind: "touch-session"; tokenHash: string; at: number }
  | { kind: "device"; playerId: string; tokenHash: string; at: number }
  | { kind: "recovery-codes"; playerId: string; hashes: readonly string[]; at: number }
  | { kind: "delete"; playerId: string; at: number; tables: readonly TableRecord[]; seatTokens: readonly SeatToken[] }
  | { kind: "purge-deleted"; before: number }
  | { kind: "rekey"; playerId: string; key: string | null; flag: string | null };

/** A recovery code already spent (by a request at the same time): nothing changed. */
export class RecoveryCodeSpentError extends Error {}

/** A seat held by an account: its token is kept so the account's other browsers can take it up. */
export interface SeatLink {
  playerId: string;
  tableId: string;
  seat: number;
  token: string;
  at: number;
}

export interface RatingRecord {
  /** An account id, or "bot:<level>". */
  key: string;
  game: string;
  mu: number;
  sigma: number;
  played: number;
  won: number;
}

export interface RatingHistoryEntry {
  tableId: string;
  key: string;
  game: string;
  mu: number;
  sigma: number;
  rank: number;
  won: boolean;
  at: number;
}

/** A past match of an account (finished, or abandoned: over with no outcome): its seat, the table, and whether it changed the account's rating. */
export interface PlayerMatch {
  link: SeatLink;
  table: TableRecord;
  rated: boolean;
  /** How the match changed the account's rating: after, before (null: its first rated match of the game), its rank (0 best). */
  rating: { after: { mu: number; sigma: number }; before: { mu: number; sigma: number } | null; rank: number } | null;
}

/** What else a table write carries in the same transaction. */
export interface TableWrite {
  /** A seat taken by an account (a join while logged in). */
  link?: SeatLink;
  /** The match ends rated: ratings are updated with the row that says it is over. */
  result?: MatchResult | null;
  /**
   * Several processes (PostgreSQL): the row as the writer last knew it. The write is refused with
   * `StaleRowError` (and nothing changes) if the stored row's seats or status differ: another
   * process owns the table now. SQLite (one process) ignores it.
   */
  expected?: TableRecord;
  /** Several processes: the writer's epoch on the table (see `Fence`). */
  fence?: Fence;
}

/** A row write refused because the stored row is not the one the writer knew (see `TableWrite.expected`). */
export class StaleRowError extends Error {}

/**
 * Several processes (PostgreSQL): the epoch of the writer's ownership of a table, from `takeEpoch`.
 * A write carrying it is refused with `FencedError` (nothing written), in its own transaction, when
 * the table's stored epoch is newer: another process has taken the table over since. SQLite (one
 * process) ignores it.
 */
export interface Fence {
  table: string;
  epoch: number;
}

/** A write refused because another process took the table over since the writer's epoch (see `Fence`). */
export class FencedError extends Error {}

/** A second account with a name already taken (ignoring case). */
export class NameTakenError extends Error {}

export interface LoggedAction {
  /** 1, 2, ...: the match version this action produced. */
  version: number;
  seat: number;
  action: unknown;
  by: ActorKind;
  at: number;
}

export interface Storage extends ModerationReads, PuzzleReads {
  readonly kind: "sqlite" | "postgres";
  /** Commits and the writes they held since the store opened (group commit; `/metrics`). */
  stats(): StorageStats;
  /** Applies pending migrations; resolves to the schema version. */
  migrate(): Promise<number>;
  schemaVersion(): Promise<number>;
  /** Inserts or updates a table's row, with a seat link and a rated result when given (one transaction). */
  saveTable(table: TableRecord, also?: TableWrite): Promise<void>;
  getTable(id: string): Promise<TableRecord | null>;
  listTables(status?: TableStatus): Promise<TableRecord[]>;
  /**
   * Appends one action and, when given, the table's new row, in ONE transaction; rejects (and
   * writes nothing) if that version is already logged (the log is append-only).
   */
  appendAction(tableId: string, entry: LoggedAction, table?: TableRecord, result?: MatchResult | null, fence?: Fence): Promise<void>;
  /**
   * A new owner's epoch on a table (the stored one plus one, stored): from now on, writes fenced
   * with an older epoch are refused. Taken before the new owner reads the log, so the log it reads
   * holds every write of an older owner that will ever be accepted. Null if there is no such table.
   */
  takeEpoch(tableId: string): Promise<number | null>;
  loadActions(tableId: string): Promise<LoggedAction[]>;
  /** A new account with its first session and the guest seats it claims; NameTakenError if the name is taken. */
  insertPlayer(player: PlayerRecord, session: SessionRecord, links: readonly SeatLink[]): Promise<void>;
  /** A new session (a login) and the guest seats it claims (seats already linked are kept as they are). */
  insertSession(session: SessionRecord, links: readonly SeatLink[]): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * A new password, in ONE transaction with the end of every session of the account (every
   * browser logged in is logged out) and `session`, the one browser that changed it.
   */
  changePassword(playerId: string, passwordHash: string, session: SessionRecord): Promise<void>;
  /** One change to an account, in one transaction (see `AccountChange`). */
  changeAccount(change: AccountChange): Promise<void>;
  /** The account's sessions that have not expired at `now`, newest first. */
  playerSessions(playerId: string, now: number): Promise<SessionInfo[]>;
  /** A browser's device cookie (its hash) logged in to this account before. */
  knownDevice(playerId: string, tokenHash: string): Promise<boolean>;
  /** The account's recovery codes: unused, used, and when they were made (null: none ever). */
  recoveryCodes(playerId: string): Promise<{ unused: number; used: number; createdAt: number | null }>;
  /** Whether this code's hash is an unused recovery code of the account. */
  recoveryCodeUnused(playerId: string, codeHash: string): Promise<boolean>;
  /** Chat messages the account wrote: from its seats, and as a spectator under its name. */
  playerChat(playerId: string): Promise<PlayerChat[]>;
  /** Accounts not yet checked by the re-keying at start (rekey.ts), oldest first. */
  playersToRekey(limit: number): Promise<PlayerRecord[]>;
  /** The games the account has learnt (its guided first game finished), in the order learnt. */
  learntGames(playerId: string): Promise<string[]>;
  /** Marks a game learnt for the account; again for a game already learnt changes nothing. */
  markLearnt(playerId: string, game: string, at: number): Promise<void>;
  /** The account of a session that has not expired at `now`. */
  sessionPlayer(tokenHash: string, now: number): Promise<PlayerRecord | null>;
  playerByNameKey(nameKey: string): Promise<PlayerRecord | null>;
  playersById(ids: readonly string[]): Promise<PlayerRecord[]>;
  /** The account's seats with their tables, newest table first. */
  playerSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]>;
  /** The account's seats at tables not over, newest first, cancelled ones after the others. */
  playerLiveSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]>;
  /** The account's finished matches (over, with an outcome), newest first, a page of them and how many in all. */
  playerMatches(playerId: string, limit: number, offset: number): Promise<{ rows: PlayerMatch[]; total: number }>;
  /** Per game, the account's finished matches and those its seat won (a draw is not won), counted by the database. */
  playerRecord(playerId: string): Promise<{ game: string; played: number; won: number }[]>;
  ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]>;
  playerRatings(key: string): Promise<RatingRecord[]>;
  ratingHistory(key: string, limit: number): Promise<RatingHistoryEntry[]>;
  /** Rated identities of a game, best ordinal (mu − 3σ) first. */
  leaderboard(game: string, limit: number, offset: number, minPlayed?: number): Promise<{ rows: RatingRecord[]; total: number }>;
  /**
   * Inserts or updates several rows in ONE transaction, with seat links (a rematch: the new table,
   * the link to it, and its seats held by accounts).
   */
  saveTables(tables: readonly TableRecord[], links?: readonly SeatLink[], fence?: Fence): Promise<void>;
  /** The seats of one table held by accounts, by seat. */
  tableLinks(tableId: string): Promise<SeatLink[]>;
  /** Appends one chat message; rejects if its id is already taken at that table. */
  appendChat(tableId: string, message: ChatRecord, fence?: Fence): Promise<void>;
  /** A moderation change and its audit entry, in ONE transaction (storage/moderation.ts). */
  moderate(write: ModerationWrite): Promise<void>;
  /** The latest `limit` chat messages of a table, oldest first (hidden ones flagged). */
  loadChat(tableId: string, limit: number): Promise<ChatRecord[]>;
  /** Stores the review of one seat of a finished match (JSON); a second save of the same one is ignored. */
  saveReview(tableId: string, seat: number, review: unknown): Promise<void>;
  /** The stored review of one seat, or null. */
  getReview(tableId: string, seat: number): Promise<unknown | null>;
  /** Follows `followee` (`on`) or stops; following twice is one follow. */
  setFollow(follower: string, followee: string, on: boolean, at: number): Promise<void>;
  /** Blocks `blocked` (`on`, which also ends the follows between the two, both ways, in the same write) or stops. */
  setBlock(blocker: string, blocked: string, on: boolean, at: number): Promise<void>;
  relations(playerId: string): Promise<Relations>;
  saveInvitation(invitation: InvitationRecord): Promise<void>;
  getInvitation(id: string): Promise<InvitationRecord | null>;
  /**
   * Answers a pending invitation (`state`: accepted or declined) once: true for the one call that
   * changed it, false when it was answered already (by another request, on any process).
   */
  answerInvitation(id: string, state: "accepted" | "declined", at: number): Promise<boolean>;
  /** The account's pending invitations not expired at `now`, newest first. */
  pendingInvitations(playerId: string, now: number, limit: number): Promise<InvitationRecord[]>;
  /** Puzzles imported, or a rated first attempt, in ONE transaction (storage/puzzles.ts). */
  puzzleWrite(write: PuzzleWrite): Promise<void>;
  close(): Promise<void>;
}

/**
 * Test seam: called before every write statement with its number (1, 2, …) since the store
 * opened; it may throw (the write fails) or end the process (a crash between two writes).
 */
export type WriteHook = (n: number) => void;

export interface StorageOptions {
  beforeWrite?: WriteHook;
  /**
   * Test seam, a disk stall: every commit waits this long before its COMMIT (in SQLite's writer
   * thread, or holding the PostgreSQL transaction open). Default `GRIMOIRE_COMMIT_DELAY_MS`, or 0.
   */
  commitDelayMs?: number;
}

/** `GRIMOIRE_COMMIT_DELAY_MS=ms` (tests only): see `StorageOptions.commitDelayMs`. */
export function commitDelayFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.GRIMOIRE_COMMIT_DELAY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** What a store has committed since it opened (for metrics): commits, and the writes they held. */
export interface StorageStats {
  commits: number;
  writes: number;
  /** Writes that failed, alone (in their savepoint) or with their whole batch. */
  failed: number;
}

/**
 * One write a caller asked for, as plain data (SQLite's writer thread gets it by postMessage).
 * Each is one transaction's worth of change today's callers rely on: all of it or none of it.
 */
export type WriteOp =
  | { op: "saveTable"; table: TableRecord; also: TableWrite }
  | { op: "saveTables"; tables: readonly TableRecord[]; links: readonly SeatLink[]; fence?: Fence }
  | { op: "appendAction"; tableId: string; entry: LoggedAction; table: TableRecord | null; result: MatchResult | null; fence?: Fence }
  | { op: "insertPlayer"; player: PlayerRecord; session: SessionRecord; links: readonly SeatLink[] }
  | { op: "insertSession"; session: SessionRecord; links: readonly SeatLink[] }
  | { op: "deleteSession"; tokenHash: string }
  | { op: "changePassword"; playerId: string; passwordHash: string; session: SessionRecord }
  | { op: "markLearnt"; playerId: string; game: string; at: number }
  | { op: "appendChat"; tableId: string; message: ChatRecord; fence?: Fence }
  | { op: "takeEpoch"; tableId: string }
  | { op: "moderate"; write: ModerationWrite }
  | { op: "setFollow"; follower: string; followee: string; on: boolean; at: number }
  | { op: "setBlock"; blocker: string; blocked: string; on: boolean; at: number }
  | { op: "saveInvitation"; invitation: InvitationRecord }
  | { op: "answerInvitation"; id: string; state: "accepted" | "declined"; nonce: string; at: number }
  | { op: "saveReview"; tableId: string; seat: number; review: string; at: number }
  | { op: "account"; statements: readonly { sql: string; params: readonly unknown[] }[] }
  | { op: "puzzles"; write: PuzzleWrite };

/**
 * `GRIMOIRE_CRASH_AT_WRITE=N` (tests only): the process kills itself with SIGKILL just before its
 * N-th write statement, so a test can crash a server between every pair of writes.
 */
export function writeHookFromEnv(env: NodeJS.ProcessEnv = process.env): WriteHook | undefined {
  const at = crashAtWriteFromEnv(env);
  return at === null ? undefined : crashAt(at);
}

/** `GRIMOIRE_CRASH_AT_WRITE`'s number, or null. */
export function crashAtWriteFromEnv(env: NodeJS.ProcessEnv = process.env): number | null {
  const at = Number(env.GRIMOIRE_CRASH_AT_WRITE);
  return Number.isInteger(at) && at >= 1 ? at : null;
}

/** The hook that SIGKILLs the whole process (from any of its threads) before write `at`. */
export function crashAt(at: number): WriteHook {
  return (n) => {
    if (n !== at) return;
    process.kill(process.pid, "SIGKILL");
    // The signal is on its way: write nothing more meanwhile.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  };
}

/** A storage failure with what an operator needs: where and why. */
export class StorageError extends Error {}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
