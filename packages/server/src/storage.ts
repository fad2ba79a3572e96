// Event-sourced storage: table metadata (game, options, seats, seed) and an append-only log of
// actions per match. A match is its setup plus its log: replaying the log through the engine
// rebuilds it after a crash. Two implementations pass the same suite: SQLite (embedded, WAL)
// and PostgreSQL. Schema changes are versioned migrations, applied in order once.
// Every change of state is one transaction: an action with the table row it changes (the clock's
// deadline, the end of the match), a join with the start it triggers.
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { ActorKind, BotLevel, ChatChannel, ChatMessage, OutcomeInfo, TableMode, TableStatus, TakeoverReason } from "./protocol.ts";
import { INITIAL as INITIAL_SKILL, rateMatch, type MatchResult, type RatingChange, type Skill } from "./ratings.ts";

export interface SeatRecord {
  kind: "open" | "human" | "bot";
  name: string | null;
  level: BotLevel | null;
  /** SHA-256 of the seat token (the token itself is never stored). */
  tokenHash: string | null;
  /** A bot plays for this human seat now. */
  takeover: boolean;
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
}

export interface PlayerRecord {
  id: string;
  name: string;
  /** `nameKey(name)`: unique, so names are unique ignoring case. */
  nameKey: string;
  passwordHash: string;
  createdAt: number;
}

export interface SessionRecord {
  /** SHA-256 of the session token (the cookie); the token itself is never stored. */
  tokenHash: string;
  playerId: string;
  createdAt: number;
  expiresAt: number;
}

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

/** A finished match of an account: its seat, the table, and whether it changed the account's rating. */
export interface PlayerMatch {
  link: SeatLink;
  table: TableRecord;
  rated: boolean;
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

export interface Storage {
  readonly kind: "sqlite" | "postgres";
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
  leaderboard(game: string, limit: number, offset: number): Promise<{ rows: RatingRecord[]; total: number }>;
  /**
   * Inserts or updates several rows in ONE transaction, with seat links (a rematch: the new table,
   * the link to it, and its seats held by accounts).
   */
  saveTables(tables: readonly TableRecord[], links?: readonly SeatLink[], fence?: Fence): Promise<void>;
  /** The seats of one table held by accounts, by seat. */
  tableLinks(tableId: string): Promise<SeatLink[]>;
  /** Appends one chat message; rejects if its id is already taken at that table. */
  appendChat(tableId: string, message: ChatRecord, fence?: Fence): Promise<void>;
  /** The latest `limit` chat messages of a table, oldest first. */
  loadChat(tableId: string, limit: number): Promise<ChatRecord[]>;
  /** Stores the review of one seat of a finished match (JSON); a second save of the same one is ignored. */
  saveReview(tableId: string, seat: number, review: unknown): Promise<void>;
  /** The stored review of one seat, or null. */
  getReview(tableId: string, seat: number): Promise<unknown | null>;
  close(): Promise<void>;
}

/**
 * Test seam: called before every write statement with its number (1, 2, …) since the store
 * opened; it may throw (the write fails) or end the process (a crash between two writes).
 */
export type WriteHook = (n: number) => void;

export interface StorageOptions {
  beforeWrite?: WriteHook;
}

/**
 * `GRIMOIRE_CRASH_AT_WRITE=N` (tests only): the process kills itself with SIGKILL just before its
 * N-th write statement, so a test can crash a server between every pair of writes.
 */
export function writeHookFromEnv(env: NodeJS.ProcessEnv = process.env): WriteHook | undefined {
  const at = Number(env.GRIMOIRE_CRASH_AT_WRITE);
  if (!Number.isInteger(at) || at < 1) return undefined;
  return (n) => {
    if (n !== at) return;
    process.kill(process.pid, "SIGKILL");
    // The signal is on its way: write nothing more meanwhile.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  };
}

/** A storage failure with what an operator needs: where and why. */
export class StorageError extends Error {}

/** Versioned migrations; never edit one that has shipped, add the next. */
export const MIGRATIONS: readonly { version: number; description: string; sqlite: string; postgres: string }[] = [
  {
    version: 1,
    description: "tables and the action log",
    sqlite: `
      CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        status TEXT NOT NULL, turn_seconds INTEGER, grace_seconds INTEGER,
        seed TEXT NOT NULL, seed_hash TEXT NOT NULL, outcome TEXT, created_at INTEGER NOT NULL);
      CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id), version INTEGER NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, by_kind TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (table_id, version));`,
    postgres: `
      CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        status TEXT NOT NULL, turn_seconds INTEGER, grace_seconds INTEGER,
        seed TEXT NOT NULL, seed_hash TEXT NOT NULL, outcome TEXT, created_at BIGINT NOT NULL);
      CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id), version INTEGER NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, by_kind TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (table_id, version));`,
  },
  {
    version: 2,
    description: "index tables by status for the lobby",
    sqlite: `CREATE INDEX tables_status ON tables(status);`,
    postgres: `CREATE INDEX tables_status ON tables(status);`,
  },
  {
    version: 3,
    description: "the clock's deadline and the events' hash on the table row",
    sqlite: `ALTER TABLE tables ADD COLUMN deadline INTEGER; ALTER TABLE tables ADD COLUMN events_hash TEXT;`,
    postgres: `ALTER TABLE tables ADD COLUMN deadline BIGINT; ALTER TABLE tables ADD COLUMN events_hash TEXT;`,
  },
  {
    version: 4,
    description: "accounts, sessions, seats held by accounts, rated tables",
    sqlite: `
      CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(id), created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
      CREATE INDEX sessions_player ON sessions(player_id);
      CREATE TABLE player_seats (
        table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, player_id TEXT NOT NULL REFERENCES players(id),
        token TEXT NOT NULL, linked_at INTEGER NOT NULL, PRIMARY KEY (table_id, seat));
      CREATE INDEX player_seats_player ON player_seats(player_id);
      ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;`,
    postgres: `
      CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created_at BIGINT NOT NULL);
      CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(id), created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
      CREATE INDEX sessions_player ON sessions(player_id);
      CREATE TABLE player_seats (
        table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, player_id TEXT NOT NULL REFERENCES players(id),
        token TEXT NOT NULL, linked_at BIGINT NOT NULL, PRIMARY KEY (table_id, seat));
      CREATE INDEX player_seats_player ON player_seats(player_id);
      ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    version: 5,
    description: "ratings per player and game, and their history",
    sqlite: `
      CREATE TABLE ratings (
        player_key TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
        played INTEGER NOT NULL, won INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (player_key, game));
      CREATE INDEX ratings_game ON ratings(game);
      CREATE TABLE rating_history (
        table_id TEXT NOT NULL REFERENCES tables(id), player_key TEXT NOT NULL, game TEXT NOT NULL,
        mu REAL NOT NULL, sigma REAL NOT NULL, rank INTEGER NOT NULL, won INTEGER NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (table_id, player_key));
      CREATE INDEX rating_history_player ON rating_history(player_key, at);`,
    postgres: `
      CREATE TABLE ratings (
        player_key TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
        played INTEGER NOT NULL, won INTEGER NOT NULL, updated_at BIGINT NOT NULL, PRIMARY KEY (player_key, game));
      CREATE INDEX ratings_game ON ratings(game);
      CREATE TABLE rating_history (
        table_id TEXT NOT NULL REFERENCES tables(id), player_key TEXT NOT NULL, game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, rank INTEGER NOT NULL, won INTEGER NOT NULL, at BIGINT NOT NULL,
        PRIMARY KEY (table_id, player_key));
      CREATE INDEX rating_history_player ON rating_history(player_key, at);`,
  },
  {
    version: 6,
    description: "table metadata: mode, time banks, creator, resignations, rematch, chat settings",
    sqlite: `ALTER TABLE tables ADD COLUMN meta TEXT;`,
    postgres: `ALTER TABLE tables ADD COLUMN meta TEXT;`,
  },
  {
    version: 7,
    description: "chat messages per table",
    sqlite: `
      CREATE TABLE chat (
        table_id TEXT NOT NULL REFERENCES tables(id), id INTEGER NOT NULL, channel TEXT NOT NULL, seat INTEGER,
        name TEXT, text TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (table_id, id));`,
    postgres: `
      CREATE TABLE chat (
        table_id TEXT NOT NULL REFERENCES tables(id), id INTEGER NOT NULL, channel TEXT NOT NULL, seat INTEGER,
        name TEXT, text TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (table_id, id));`,
  },
  {
    version: 8,
    description: "post-game reviews, one per finished table and seat, computed once",
    sqlite: `CREATE TABLE reviews (
        table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, review TEXT NOT NULL,
        created_at INTEGER NOT NULL, PRIMARY KEY (table_id, seat));`,
    postgres: `CREATE TABLE reviews (
        table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, review TEXT NOT NULL,
        created_at BIGINT NOT NULL, PRIMARY KEY (table_id, seat));`,
  },
  {
    version: 9,
    description: "tables created with hints allowed",
    sqlite: `ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;`,
    postgres: `ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    version: 10,
    description: "the account that created a table",
    sqlite: `ALTER TABLE tables ADD COLUMN creator_player TEXT;`,
    postgres: `ALTER TABLE tables ADD COLUMN creator_player TEXT;`,
  },
  {
    version: 11,
    description: "each table's ownership epoch (several processes: a stale owner's writes are refused)",
    sqlite: `ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;`,
    postgres: `ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;`,
  },
];

interface Row {
  id: string;
  game: string;
  options: string;
  seats: string;
  status: string;
  turn_seconds: number | null;
  grace_seconds: number | null;
  seed: string;
  seed_hash: string;
  outcome: string | null;
  created_at: number | string;
  deadline: number | string | null;
  events_hash: string | null;
  rated: number | string | null;
  meta?: string | null;
  hints: number | null;
  creator_player?: string | null;
}

function fromRow(row: Row): TableRecord {
  return {
    id: row.id,
    game: row.game,
    options: JSON.parse(row.options),
    seats: JSON.parse(row.seats) as SeatRecord[],
    status: row.status as TableStatus,
    turnSeconds: row.turn_seconds,
    graceSeconds: row.grace_seconds,
    seed: row.seed,
    seedHash: row.seed_hash,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as OutcomeInfo),
    createdAt: Number(row.created_at),
    deadline: row.deadline === null ? null : Number(row.deadline),
    eventsHash: row.events_hash,
    rated: Number(row.rated ?? 0) === 1,
    meta: row.meta ? { ...DEFAULT_META, ...(JSON.parse(row.meta) as Partial<TableMeta>) } : { ...DEFAULT_META },
    hints: Boolean(row.hints),
    // absent when none, as on the records written before it was kept
    ...(row.creator_player ? { creatorPlayer: row.creator_player } : {}),
  };
}

function toParams(t: TableRecord): unknown[] {
  return [
    t.id,
    t.game,
    JSON.stringify(t.options),
    JSON.stringify(t.seats),
    t.status,
    t.turnSeconds,
    t.graceSeconds,
    t.seed,
    t.seedHash,
    t.outcome === null ? null : JSON.stringify(t.outcome),
    t.createdAt,
    t.deadline,
    t.eventsHash,
    t.rated ? 1 : 0,
    JSON.stringify(t.meta),
    t.hints ? 1 : 0,
    t.creatorPlayer ?? null,
  ];
}

// creator_player is written with the row's first insert and never changed after.
const UPSERT_COLUMNS = "id, game, options, seats, status, turn_seconds, grace_seconds, seed, seed_hash, outcome, created_at, deadline, events_hash, rated, meta, hints, creator_player";
const UPSERT_UPDATE = `options = excluded.options, seats = excluded.seats, status = excluded.status, turn_seconds = excluded.turn_seconds,
  grace_seconds = excluded.grace_seconds, outcome = excluded.outcome, deadline = excluded.deadline, events_hash = excluded.events_hash, meta = excluded.meta`;

interface ChatRow {
  id: number;
  channel: string;
  seat: number | null;
  name: string | null;
  text: string;
  at: number | string;
}

function fromChatRow(row: ChatRow): ChatRecord {
  return { id: row.id, channel: row.channel as ChatChannel, seat: row.seat, name: row.name, text: row.text, at: Number(row.at) };
}

interface ActionRow {
  version: number;
  seat: number;
  action: string;
  by_kind: string;
  at: number | string;
}

function fromActionRow(row: ActionRow): LoggedAction {
  return { version: row.version, seat: row.seat, action: JSON.parse(row.action), by: row.by_kind as ActorKind, at: Number(row.at) };
}

interface PlayerRow {
  id: string;
  name: string;
  name_key: string;
  password_hash: string;
  created_at: number | string;
}

function fromPlayerRow(row: PlayerRow): PlayerRecord {
  return { id: row.id, name: row.name, nameKey: row.name_key, passwordHash: row.password_hash, createdAt: Number(row.created_at) };
}

interface RatingRow {
  player_key: string;
  game: string;
  mu: number | string;
  sigma: number | string;
  played: number | string;
  won: number | string;
}

function fromRatingRow(row: RatingRow): RatingRecord {
  return { key: row.player_key, game: row.game, mu: Number(row.mu), sigma: Number(row.sigma), played: Number(row.played), won: Number(row.won) };
}

interface HistoryRow {
  table_id: string;
  player_key: string;
  game: string;
  mu: number | string;
  sigma: number | string;
  rank: number | string;
  won: number | string;
  at: number | string;
}

function fromHistoryRow(row: HistoryRow): RatingHistoryEntry {
  return { tableId: row.table_id, key: row.player_key, game: row.game, mu: Number(row.mu), sigma: Number(row.sigma), rank: Number(row.rank), won: Number(row.won) === 1, at: Number(row.at) };
}

interface LinkRow {
  table_id: string;
  seat: number;
  player_id: string;
  token: string;
  linked_at: number | string;
}

const LINKED_TABLES = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ps.player_id = $1 ORDER BY t.created_at DESC, t.id LIMIT $2`;

const LINKED = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id`;
/** Seats at tables not over: never pushed out by finished ones, however many (cancelled ones last). */
const LIVE_SEATS = `${LINKED} WHERE ps.player_id = $1 AND t.status <> 'over'
  ORDER BY CASE WHEN t.status = 'cancelled' THEN 1 ELSE 0 END, t.created_at DESC, t.id, ps.seat LIMIT $2`;
const FINISHED = "ps.player_id = $1 AND t.status = 'over' AND t.outcome IS NOT NULL";
/** `rated_here`: the match changed this account's rating (a rating_history row), however old. */
const MATCHES = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*,
  CASE WHEN EXISTS (SELECT 1 FROM rating_history rh WHERE rh.table_id = t.id AND rh.player_key = ps.player_id) THEN 1 ELSE 0 END AS rated_here
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ${FINISHED} ORDER BY t.created_at DESC, t.id, ps.seat LIMIT $2 OFFSET $3`;
const MATCH_COUNT = `SELECT COUNT(*) AS n FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ${FINISHED}`;
/** Played and won per game; `won` is each dialect's reading of the outcome's JSON: not a draw, and the seat among the winners. */
const recordSql = (won: string) => `SELECT t.game AS game, COUNT(*) AS played, SUM(CASE WHEN ${won} THEN 1 ELSE 0 END) AS won
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ${FINISHED} GROUP BY t.game ORDER BY t.game`;
const RECORD_SQLITE = recordSql("COALESCE(json_extract(t.outcome, '$.draw'), 0) = 0 AND EXISTS (SELECT 1 FROM json_each(t.outcome, '$.winners') w WHERE w.value = ps.seat)");
const RECORD_POSTGRES = recordSql("NOT COALESCE((t.outcome::jsonb ->> 'draw')::boolean, false) AND (t.outcome::jsonb -> 'winners') @> to_jsonb(ps.seat)");

interface RecordRow {
  game: string;
  played: number | string;
  won: number | string | null;
}

function fromRecordRow(row: RecordRow): { game: string; played: number; won: number } {
  return { game: row.game, played: Number(row.played), won: Number(row.won ?? 0) };
}

function fromMatchRow(row: Parameters<typeof fromLinkedRow>[0] & { rated_here: number | string }): PlayerMatch {
  return { ...fromLinkedRow(row), rated: Number(row.rated_here) === 1 };
}

function fromLinkedRow(row: Row & { link_table: string; link_seat: number; link_player: string; link_token: string; link_at: number | string }): { link: SeatLink; table: TableRecord } {
  return { link: { tableId: row.link_table, seat: Number(row.link_seat), playerId: row.link_player, token: row.link_token, at: Number(row.link_at) }, table: fromRow(row) };
}

const TABLE_LINKS = "SELECT table_id, seat, player_id, token, linked_at FROM player_seats WHERE table_id = $1 ORDER BY seat";

function fromLinkRow(row: LinkRow): SeatLink {
  return { tableId: row.table_id, seat: Number(row.seat), playerId: row.player_id, token: row.token, at: Number(row.linked_at) };
}

const LEADERBOARD_ORDER = "ORDER BY mu - 3 * sigma DESC, played DESC, player_key";

/** New ratings from the stored ones (missing: a first match), for the rows written with the end. */
function changesFor(result: MatchResult, stored: readonly RatingRecord[]): { change: RatingChange; played: number; won: number }[] {
  const current = new Map<string, Skill>(stored.map((r) => [r.key, { mu: r.mu, sigma: r.sigma }]));
  const counts = new Map(stored.map((r) => [r.key, r]));
  return rateMatch(result, current).map((change) => ({
    change,
    played: (counts.get(change.key)?.played ?? 0) + 1,
    won: (counts.get(change.key)?.won ?? 0) + (change.won ? 1 : 0),
  }));
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** `$1`-style placeholders to SQLite's `?`. */
function sqlite(sql: string): string {
  return sql.replace(/\$\d+/g, "?");
}

// ---------------------------------------------------------------- SQLite

export class SqliteStorage implements Storage {
  readonly kind = "sqlite" as const;
  private readonly db: Database.Database;
  private writes = 0;
  private readonly beforeWrite: WriteHook | undefined;

  /** `file` is a path, or ":memory:". */
  constructor(file: string, options: StorageOptions = {}) {
    this.beforeWrite = options.beforeWrite ?? writeHookFromEnv();
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // FULL: a committed append survives a crash of the process and of the machine.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
  }

  /** The store in `dir` (DATA_DIR); a directory that cannot hold it is a one-line error naming it and why. */
  static inDirectory(dir: string, options: StorageOptions = {}): SqliteStorage {
    const file = join(dir, "grimoire.sqlite");
    const where = `data directory ${dir} (DATA_DIR)`;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new StorageError(`${where} cannot be created: ${cause(error)}`);
    }
    try {
      accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (error) {
      throw new StorageError(`${where} is not readable and writable: ${cause(error)}`);
    }
    try {
      const store = new SqliteStorage(file, options);
      // Opening is lazy: make SQLite touch the file now, so a bad file fails here.
      store.db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
      return store;
    } catch (error) {
      throw new StorageError(`${where}: cannot open ${file}: ${cause(error)}`);
    }
  }

  /**
   * Tests: every write fails with SQLite's own SQLITE_READONLY error while `on`, as on a data
   * directory that went read-only (tests run as root, for whom chmod stops nothing).
   */
  refuseWrites(on: boolean): void {
    this.db.pragma(`query_only = ${on ? "ON" : "OFF"}`);
  }

  private write(): void {
    this.beforeWrite?.(++this.writes);
  }

  async migrate(): Promise<number> {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
    const current = await this.schemaVersion();
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      this.db.transaction(() => {
        this.db.exec(m.sqlite);
        this.db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(m.version, m.description, Date.now());
      })();
    }
    return this.schemaVersion();
  }

  async schemaVersion(): Promise<number> {
    const row = this.db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number | null } | undefined;
    return row?.v ?? 0;
  }

  private upsert(t: TableRecord): void {
    this.write();
    this.db
      .prepare(`INSERT INTO tables (${UPSERT_COLUMNS}) VALUES (${UPSERT_COLUMNS.split(",").map(() => "?").join(", ")}) ON CONFLICT(id) DO UPDATE SET ${UPSERT_UPDATE}`)
      .run(...toParams(t));
  }

  async saveTable(t: TableRecord, also: TableWrite = {}): Promise<void> {
    if (!also.link && !also.result) {
      this.upsert(t);
      return;
    }
    this.db.transaction(() => {
      this.upsert(t);
      if (also.link) this.link(also.link, false);
      if (also.result) this.applyResult(also.result);
    })();
  }

  /** A seat held by an account; `keep`: a seat already linked stays as it is (a claim), else it is replaced. */
  private link(l: SeatLink, keep: boolean): void {
    this.write();
    this.db
      .prepare(`INSERT INTO player_seats (table_id, seat, player_id, token, linked_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO ${keep ? "NOTHING" : "UPDATE SET player_id = excluded.player_id, token = excluded.token, linked_at = excluded.linked_at"}`)
      .run(l.tableId, l.seat, l.playerId, l.token, l.at);
  }

  /** Inside the transaction that ends the match: reads the ratings, writes the new ones and their history. */
  private applyResult(result: MatchResult): void {
    const keys = [...new Set(result.seats.map((s) => s.key))];
    const stored = (this.db.prepare(`SELECT * FROM ratings WHERE game = ? AND player_key IN (${keys.map(() => "?").join(", ")})`).all(result.game, ...keys) as RatingRow[]).map(fromRatingRow);
    for (const { change, played, won } of changesFor(result, stored)) {
      this.write();
      this.db
        .prepare(`INSERT INTO ratings (player_key, game, mu, sigma, played, won, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (player_key, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, played = excluded.played, won = excluded.won, updated_at = excluded.updated_at`)
        .run(change.key, result.game, change.after.mu, change.after.sigma, played, won, result.at);
      this.write();
      this.db
        .prepare("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .run(result.tableId, change.key, result.game, change.after.mu, change.after.sigma, change.rank, change.won ? 1 : 0, result.at);
    }
  }

  async insertPlayer(player: PlayerRecord, session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    try {
      this.db.transaction(() => {
        this.write();
        this.db.prepare("INSERT INTO players (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)").run(player.id, player.name, player.nameKey, player.passwordHash, player.createdAt);
        this.session(session, links);
      })();
    } catch (error) {
      if (isUniqueViolation(error)) throw new NameTakenError(`the name "${player.name}" is taken`);
      throw error;
    }
  }

  private session(session: SessionRecord, links: readonly SeatLink[]): void {
    this.write();
    // the account's sessions that have expired go as it opens a new one
    this.db.prepare("DELETE FROM sessions WHERE player_id = ? AND expires_at <= ?").run(session.playerId, session.createdAt);
    this.write();
    this.db.prepare("INSERT INTO sessions (token_hash, player_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(session.tokenHash, session.playerId, session.createdAt, session.expiresAt);
    for (const l of links) this.link(l, true);
  }

  async insertSession(session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    this.db.transaction(() => this.session(session, links))();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.write();
    this.db.prepare("DELETE FROM sessions WHERE token_hash = ?").run(tokenHash);
  }

  async changePassword(playerId: string, passwordHash: string, session: SessionRecord): Promise<void> {
    this.db.transaction(() => {
      this.write();
      this.db.prepare("UPDATE players SET password_hash = ? WHERE id = ?").run(passwordHash, playerId);
      this.write();
      this.db.prepare("DELETE FROM sessions WHERE player_id = ?").run(playerId);
      this.session(session, []);
    })();
  }

  async sessionPlayer(tokenHash: string, now: number): Promise<PlayerRecord | null> {
    const row = this.db.prepare("SELECT p.* FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ? AND s.expires_at > ?").get(tokenHash, now) as PlayerRow | undefined;
    return row ? fromPlayerRow(row) : null;
  }

  async playerByNameKey(key: string): Promise<PlayerRecord | null> {
    const row = this.db.prepare("SELECT * FROM players WHERE name_key = ?").get(key) as PlayerRow | undefined;
    return row ? fromPlayerRow(row) : null;
  }

  async playersById(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    return (this.db.prepare(`SELECT * FROM players WHERE id IN (${ids.map(() => "?").join(", ")})`).all(...ids) as PlayerRow[]).map(fromPlayerRow);
  }

  async playerSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    return (this.db.prepare(sqlite(LINKED_TABLES)).all(playerId, limit) as Parameters<typeof fromLinkedRow>[0][]).map(fromLinkedRow);
  }

  async playerLiveSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    return (this.db.prepare(sqlite(LIVE_SEATS)).all(playerId, limit) as Parameters<typeof fromLinkedRow>[0][]).map(fromLinkedRow);
  }

  async playerMatches(playerId: string, limit: number, offset: number): Promise<{ rows: PlayerMatch[]; total: number }> {
    const rows = (this.db.prepare(sqlite(MATCHES)).all(playerId, limit, offset) as Parameters<typeof fromMatchRow>[0][]).map(fromMatchRow);
    const total = (this.db.prepare(sqlite(MATCH_COUNT)).get(playerId) as { n: number }).n;
    return { rows, total };
  }

  async playerRecord(playerId: string): Promise<{ game: string; played: number; won: number }[]> {
    return (this.db.prepare(sqlite(RECORD_SQLITE)).all(playerId) as RecordRow[]).map(fromRecordRow);
  }

  async ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]> {
    if (keys.length === 0) return [];
    return (this.db.prepare(`SELECT * FROM ratings WHERE game = ? AND player_key IN (${keys.map(() => "?").join(", ")})`).all(game, ...keys) as RatingRow[]).map(fromRatingRow);
  }

  async playerRatings(key: string): Promise<RatingRecord[]> {
    return (this.db.prepare("SELECT * FROM ratings WHERE player_key = ? ORDER BY game").all(key) as RatingRow[]).map(fromRatingRow);
  }

  async ratingHistory(key: string, limit: number): Promise<RatingHistoryEntry[]> {
    return (this.db.prepare("SELECT * FROM rating_history WHERE player_key = ? ORDER BY at DESC, table_id LIMIT ?").all(key, limit) as HistoryRow[]).map(fromHistoryRow);
  }

  async leaderboard(game: string, limit: number, offset: number): Promise<{ rows: RatingRecord[]; total: number }> {
    const rows = (this.db.prepare(`SELECT * FROM ratings WHERE game = ? ${LEADERBOARD_ORDER} LIMIT ? OFFSET ?`).all(game, limit, offset) as RatingRow[]).map(fromRatingRow);
    const total = (this.db.prepare("SELECT COUNT(*) AS n FROM ratings WHERE game = ?").get(game) as { n: number }).n;
    return { rows, total };
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const row = this.db.prepare("SELECT * FROM tables WHERE id = ?").get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  async listTables(status?: TableStatus): Promise<TableRecord[]> {
    const rows = (
      status === undefined
        ? this.db.prepare("SELECT * FROM tables ORDER BY created_at, id").all()
        : this.db.prepare("SELECT * FROM tables WHERE status = ? ORDER BY created_at, id").all(status)
    ) as Row[];
    return rows.map(fromRow);
  }

  async appendAction(tableId: string, e: LoggedAction, table?: TableRecord, result?: MatchResult | null): Promise<void> {
    this.db.transaction(() => {
      this.write();
      this.db
        .prepare("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(tableId, e.version, e.seat, JSON.stringify(e.action), e.by, e.at);
      if (table) this.upsert(table);
      if (result) this.applyResult(result);
    })();
  }

  async takeEpoch(tableId: string): Promise<number | null> {
    this.write();
    const row = this.db.prepare("UPDATE tables SET epoch = epoch + 1 WHERE id = ? RETURNING epoch").get(tableId) as { epoch: number } | undefined;
    return row?.epoch ?? null;
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const rows = this.db.prepare("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = ? ORDER BY version").all(tableId) as ActionRow[];
    return rows.map(fromActionRow);
  }

  async saveTables(tables: readonly TableRecord[], links: readonly SeatLink[] = []): Promise<void> {
    this.db.transaction(() => {
      for (const t of tables) this.upsert(t);
      for (const l of links) this.link(l, false);
    })();
  }

  async tableLinks(tableId: string): Promise<SeatLink[]> {
    return (this.db.prepare(sqlite(TABLE_LINKS)).all(tableId) as LinkRow[]).map(fromLinkRow);
  }

  async appendChat(tableId: string, m: ChatRecord): Promise<void> {
    this.write();
    this.db.prepare("INSERT INTO chat (table_id, id, channel, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(tableId, m.id, m.channel, m.seat, m.name, m.text, m.at);
  }

  async loadChat(tableId: string, limit: number): Promise<ChatRecord[]> {
    const rows = this.db.prepare("SELECT id, channel, seat, name, text, at FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?").all(tableId, limit) as ChatRow[];
    return rows.reverse().map(fromChatRow);
  }

  async saveReview(tableId: string, seat: number, review: unknown): Promise<void> {
    this.write();
    this.db.prepare("INSERT INTO reviews (table_id, seat, review, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").run(tableId, seat, JSON.stringify(review), Date.now());
  }

  async getReview(tableId: string, seat: number): Promise<unknown | null> {
    const row = this.db.prepare("SELECT review FROM reviews WHERE table_id = ? AND seat = ?").get(tableId, seat) as { review: string } | undefined;
    return row ? JSON.parse(row.review) : null;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

function cause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

// ---------------------------------------------------------------- PostgreSQL

export interface PostgresOptions extends StorageOptions {
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  schema?: string;
  /** Shown in pg_stat_activity (tests terminate their own connections by it). */
  applicationName?: string;
  log?: (line: string) => void;
}

export class PostgresStorage implements Storage {
  readonly kind = "postgres" as const;
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private writes = 0;
  private readonly beforeWrite: WriteHook | undefined;
  private readonly log: (line: string) => void;

  /** `schema` (or `options.schema`): the PostgreSQL schema to use (created if missing). */
  constructor(url: string, schemaOrOptions: string | PostgresOptions = {}) {
    const options = typeof schemaOrOptions === "string" ? { schema: schemaOrOptions } : schemaOrOptions;
    this.schema = options.schema ?? "public";
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema)) throw new Error(`invalid schema name "${this.schema}"`);
    this.beforeWrite = options.beforeWrite ?? writeHookFromEnv();
    this.log = options.log ?? (() => {});
    this.pool = new pg.Pool({
      connectionString: url,
      max: 4,
      options: `-c search_path=${this.schema}`,
      application_name: options.applicationName ?? "grimoire",
      // A dead server or network answers with an error in bounded time instead of hanging.
      connectionTimeoutMillis: 10_000,
      query_timeout: 30_000,
      keepAlive: true,
    });
    // A pooled connection that dies while idle (pg_terminate_backend, a restart, a failover)
    // is dropped by the pool, which opens a new one when next needed: log it, never crash.
    this.pool.on("error", (error) => this.log(`postgres: an idle connection failed (${error.message}); it will be replaced`));
  }

  private write(): void {
    this.beforeWrite?.(++this.writes);
  }

  /** Runs `fn` in one transaction on one connection; a failed connection is discarded. */
  private async transaction(fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    // Errors while checked out are reported on the client too: the query rejects, no crash.
    const onError = (error: Error) => this.log(`postgres: a connection failed in a transaction (${error.message})`);
    client.on("error", onError);
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      await fn(client);
      await client.query("COMMIT");
    } catch (error) {
      broken = error as Error;
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.off("error", onError);
      // Give a connection that failed back as broken: the pool closes it.
      client.release(broken);
    }
  }

  async migrate(): Promise<number> {
    const client = await this.pool.connect();
    // Several processes may start at once: one migrates, the others wait for it.
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [`grimoire-migrate:${this.schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at BIGINT NOT NULL)");
      const current = await this.schemaVersion();
      for (const m of MIGRATIONS) {
        if (m.version <= current) continue;
        await client.query("BEGIN");
        try {
          await client.query(m.postgres);
          await client.query("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [m.version, m.description, Date.now()]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1))", [`grimoire-migrate:${this.schema}`]).catch(() => {});
      client.release();
    }
    return this.schemaVersion();
  }

  async schemaVersion(): Promise<number> {
    const result = await this.pool.query<{ v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations");
    return result.rows[0]?.v ?? 0;
  }

  private upsertSql = `INSERT INTO tables (${UPSERT_COLUMNS}) VALUES (${UPSERT_COLUMNS.split(",").map((_, i) => `$${i + 1}`).join(", ")})
    ON CONFLICT (id) DO UPDATE SET ${UPSERT_UPDATE}`;

  /** Inside a write's transaction, first: refused if another process took the table over since `fence`'s epoch. */
  private async fenced(client: pg.PoolClient, fence: Fence | undefined): Promise<void> {
    if (!fence) return;
    // Locks the row: a takeover's `takeEpoch` waits for this transaction, or this one sees its epoch.
    const kept = await client.query("UPDATE tables SET epoch = $2 WHERE id = $1 AND epoch <= $2", [fence.table, fence.epoch]);
    if (kept.rowCount === 0) throw new FencedError(`table ${fence.table}: another process took it over after epoch ${fence.epoch}`);
  }

  async saveTable(t: TableRecord, also: TableWrite = {}): Promise<void> {
    if (also.expected || also.fence) {
      const expected = also.expected;
      await this.transaction(async (client) => {
        await this.fenced(client, also.fence);
        // Who holds each seat and the status: what a stale owner would overwrite (a join, the start, the end).
        const stored = await client.query<Row>("SELECT * FROM tables WHERE id = $1 FOR UPDATE", [t.id]);
        const row = stored.rows[0] ? fromRow(stored.rows[0]) : null;
        const holders = (r: TableRecord) => JSON.stringify([r.status, r.seats.map((seat) => [seat.kind, seat.tokenHash])]);
        if (expected && (!row || holders(row) !== holders(expected))) throw new StaleRowError(`table ${t.id}: the stored row changed since this process read it`);
        this.write();
        await client.query(this.upsertSql, toParams(t));
        if (also.link) await this.link(client, also.link, false);
        if (also.result) await this.applyResult(client, also.result);
      });
      return;
    }
    if (!also.link && !also.result) {
      this.write();
      await this.pool.query(this.upsertSql, toParams(t));
      return;
    }
    await this.transaction(async (client) => {
      this.write();
      await client.query(this.upsertSql, toParams(t));
      if (also.link) await this.link(client, also.link, false);
      if (also.result) await this.applyResult(client, also.result);
    });
  }

  private async link(client: pg.PoolClient, l: SeatLink, keep: boolean): Promise<void> {
    this.write();
    await client.query(
      `INSERT INTO player_seats (table_id, seat, player_id, token, linked_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, seat) DO ${keep ? "NOTHING" : "UPDATE SET player_id = excluded.player_id, token = excluded.token, linked_at = excluded.linked_at"}`,
      [l.tableId, l.seat, l.playerId, l.token, l.at],
    );
  }

  /**
   * Inside the transaction that ends the match: the rows are created if missing, then locked
   * (FOR UPDATE, in key order) so two matches ending at once with one player both count.
   */
  private async applyResult(client: pg.PoolClient, result: MatchResult): Promise<void> {
    const keys = [...new Set(result.seats.map((s) => s.key))].sort();
    for (const key of keys) {
      await client.query("INSERT INTO ratings (player_key, game, mu, sigma, played, won, updated_at) VALUES ($1, $2, $3, $4, 0, 0, $5) ON CONFLICT (player_key, game) DO NOTHING", [
        key,
        result.game,
        INITIAL_SKILL.mu,
        INITIAL_SKILL.sigma,
        result.at,
      ]);
    }
    const locked = await client.query<RatingRow>("SELECT * FROM ratings WHERE game = $1 AND player_key = ANY($2) ORDER BY player_key FOR UPDATE", [result.game, keys]);
    // Rows just created hold the initial rating with nothing played: the same as none.
    for (const { change, played, won } of changesFor(result, locked.rows.map(fromRatingRow))) {
      this.write();
      await client.query("UPDATE ratings SET mu = $3, sigma = $4, played = $5, won = $6, updated_at = $7 WHERE player_key = $1 AND game = $2", [
        change.key,
        result.game,
        change.after.mu,
        change.after.sigma,
        played,
        won,
        result.at,
      ]);
      this.write();
      await client.query("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", [
        result.tableId,
        change.key,
        result.game,
        change.after.mu,
        change.after.sigma,
        change.rank,
        change.won ? 1 : 0,
        result.at,
      ]);
    }
  }

  async insertPlayer(player: PlayerRecord, session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    try {
      await this.transaction(async (client) => {
        this.write();
        await client.query("INSERT INTO players (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)", [player.id, player.name, player.nameKey, player.passwordHash, player.createdAt]);
        await this.session(client, session, links);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new NameTakenError(`the name "${player.name}" is taken`);
      throw error;
    }
  }

  private async session(client: pg.PoolClient, session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    this.write();
    // the account's sessions that have expired go as it opens a new one
    await client.query("DELETE FROM sessions WHERE player_id = $1 AND expires_at <= $2", [session.playerId, session.createdAt]);
    this.write();
    await client.query("INSERT INTO sessions (token_hash, player_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", [session.tokenHash, session.playerId, session.createdAt, session.expiresAt]);
    for (const l of links) await this.link(client, l, true);
  }

  async insertSession(session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    await this.transaction((client) => this.session(client, session, links));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.write();
    await this.pool.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
  }

  async changePassword(playerId: string, passwordHash: string, session: SessionRecord): Promise<void> {
    await this.transaction(async (client) => {
      this.write();
      await client.query("UPDATE players SET password_hash = $1 WHERE id = $2", [passwordHash, playerId]);
      this.write();
      await client.query("DELETE FROM sessions WHERE player_id = $1", [playerId]);
      await this.session(client, session, []);
    });
  }

  async sessionPlayer(tokenHash: string, now: number): Promise<PlayerRecord | null> {
    const result = await this.pool.query<PlayerRow>("SELECT p.* FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1 AND s.expires_at > $2", [tokenHash, now]);
    return result.rows[0] ? fromPlayerRow(result.rows[0]) : null;
  }

  async playerByNameKey(key: string): Promise<PlayerRecord | null> {
    const result = await this.pool.query<PlayerRow>("SELECT * FROM players WHERE name_key = $1", [key]);
    return result.rows[0] ? fromPlayerRow(result.rows[0]) : null;
  }

  async playersById(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    const result = await this.pool.query<PlayerRow>("SELECT * FROM players WHERE id = ANY($1)", [[...ids]]);
    return result.rows.map(fromPlayerRow);
  }

  async playerSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    const result = await this.pool.query<Parameters<typeof fromLinkedRow>[0]>(LINKED_TABLES, [playerId, limit]);
    return result.rows.map(fromLinkedRow);
  }

  async playerLiveSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    const result = await this.pool.query<Parameters<typeof fromLinkedRow>[0]>(LIVE_SEATS, [playerId, limit]);
    return result.rows.map(fromLinkedRow);
  }

  async playerMatches(playerId: string, limit: number, offset: number): Promise<{ rows: PlayerMatch[]; total: number }> {
    const rows = await this.pool.query<Parameters<typeof fromMatchRow>[0]>(MATCHES, [playerId, limit, offset]);
    const total = await this.pool.query<{ n: string }>(MATCH_COUNT, [playerId]);
    return { rows: rows.rows.map(fromMatchRow), total: Number(total.rows[0]?.n ?? 0) };
  }

  async playerRecord(playerId: string): Promise<{ game: string; played: number; won: number }[]> {
    const result = await this.pool.query<RecordRow>(RECORD_POSTGRES, [playerId]);
    return result.rows.map(fromRecordRow);
  }

  async ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]> {
    if (keys.length === 0) return [];
    const result = await this.pool.query<RatingRow>("SELECT * FROM ratings WHERE game = $1 AND player_key = ANY($2) AND played > 0", [game, [...keys]]);
    return result.rows.map(fromRatingRow);
  }

  async playerRatings(key: string): Promise<RatingRecord[]> {
    const result = await this.pool.query<RatingRow>("SELECT * FROM ratings WHERE player_key = $1 AND played > 0 ORDER BY game", [key]);
    return result.rows.map(fromRatingRow);
  }

  async ratingHistory(key: string, limit: number): Promise<RatingHistoryEntry[]> {
    const result = await this.pool.query<HistoryRow>("SELECT * FROM rating_history WHERE player_key = $1 ORDER BY at DESC, table_id LIMIT $2", [key, limit]);
    return result.rows.map(fromHistoryRow);
  }

  async leaderboard(game: string, limit: number, offset: number): Promise<{ rows: RatingRecord[]; total: number }> {
    const rows = await this.pool.query<RatingRow>(`SELECT * FROM ratings WHERE game = $1 AND played > 0 ${LEADERBOARD_ORDER} LIMIT $2 OFFSET $3`, [game, limit, offset]);
    const total = await this.pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM ratings WHERE game = $1 AND played > 0", [game]);
    return { rows: rows.rows.map(fromRatingRow), total: Number(total.rows[0]?.n ?? 0) };
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const result = await this.pool.query<Row>("SELECT * FROM tables WHERE id = $1", [id]);
    const row = result.rows[0];
    return row ? fromRow(row) : null;
  }

  async listTables(status?: TableStatus): Promise<TableRecord[]> {
    const result =
      status === undefined
        ? await this.pool.query<Row>("SELECT * FROM tables ORDER BY created_at, id")
        : await this.pool.query<Row>("SELECT * FROM tables WHERE status = $1 ORDER BY created_at, id", [status]);
    return result.rows.map(fromRow);
  }

  async appendAction(tableId: string, e: LoggedAction, table?: TableRecord, result?: MatchResult | null, fence?: Fence): Promise<void> {
    await this.transaction(async (client) => {
      await this.fenced(client, fence);
      this.write();
      await client.query("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES ($1, $2, $3, $4, $5, $6)", [
        tableId,
        e.version,
        e.seat,
        JSON.stringify(e.action),
        e.by,
        e.at,
      ]);
      if (table) {
        this.write();
        await client.query(this.upsertSql, toParams(table));
      }
      if (result) await this.applyResult(client, result);
    });
  }

  async takeEpoch(tableId: string): Promise<number | null> {
    this.write();
    const result = await this.pool.query<{ epoch: string }>("UPDATE tables SET epoch = epoch + 1 WHERE id = $1 RETURNING epoch", [tableId]);
    return result.rows[0] ? Number(result.rows[0].epoch) : null;
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const result = await this.pool.query<ActionRow>("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = $1 ORDER BY version", [tableId]);
    return result.rows.map(fromActionRow);
  }

  async saveTables(tables: readonly TableRecord[], links: readonly SeatLink[] = [], fence?: Fence): Promise<void> {
    await this.transaction(async (client) => {
      await this.fenced(client, fence);
      for (const t of tables) {
        this.write();
        await client.query(this.upsertSql, toParams(t));
      }
      for (const l of links) await this.link(client, l, false);
    });
  }

  async tableLinks(tableId: string): Promise<SeatLink[]> {
    const result = await this.pool.query<LinkRow>(TABLE_LINKS, [tableId]);
    return result.rows.map(fromLinkRow);
  }

  async appendChat(tableId: string, m: ChatRecord, fence?: Fence): Promise<void> {
    const insert = (client: pg.Pool | pg.PoolClient) => client.query("INSERT INTO chat (table_id, id, channel, seat, name, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [tableId, m.id, m.channel, m.seat, m.name, m.text, m.at]);
    this.write();
    if (!fence) {
      await insert(this.pool);
      return;
    }
    await this.transaction(async (client) => {
      await this.fenced(client, fence);
      await insert(client);
    });
  }

  async loadChat(tableId: string, limit: number): Promise<ChatRecord[]> {
    const result = await this.pool.query<ChatRow>("SELECT id, channel, seat, name, text, at FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2", [tableId, limit]);
    return result.rows.reverse().map(fromChatRow);
  }

  async saveReview(tableId: string, seat: number, review: unknown): Promise<void> {
    this.write();
    await this.pool.query("INSERT INTO reviews (table_id, seat, review, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING", [tableId, seat, JSON.stringify(review), Date.now()]);
  }

  async getReview(tableId: string, seat: number): Promise<unknown | null> {
    const result = await this.pool.query<{ review: string }>("SELECT review FROM reviews WHERE table_id = $1 AND seat = $2", [tableId, seat]);
    const row = result.rows[0];
    return row ? JSON.parse(row.review) : null;
  }

  /** Drops the whole schema (tests). */
  async dropSchema(): Promise<void> {
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
