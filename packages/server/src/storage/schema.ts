// The schema in one place: versioned migrations with each dialect's SQL, the rows as the databases
// return them and their mapping to records, and the SQL both dialects share ($1-style; SQLite's
// side converts with `sqlite()`).
import type { ActorKind, ChatChannel, OutcomeInfo, TableStatus } from "../protocol.ts";
import { MIGRATION_14 } from "./moderation.ts";
import { MIGRATION_16 } from "./puzzles.ts";
import { DEFAULT_META, type ChatRecord, type InvitationRecord, type LoggedAction, type PlayerMatch, type PlayerRecord, type RatingHistoryEntry, type RatingRecord, type Relations, type SeatLink, type SeatRecord, type TableMeta, type TableRecord } from "./types.ts";

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
    // grimoire_fence: the first statement of a fenced write. It raises GF001 (FencedError) when the
    // table's epoch is newer, so a fenced write stays one statement in a pipelined batch.
    postgres: `ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
      CREATE FUNCTION grimoire_fence(fenced_table TEXT, fenced_epoch BIGINT) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE tables SET epoch = fenced_epoch WHERE id = fenced_table AND epoch <= fenced_epoch;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'table % was taken over after epoch %', fenced_table, fenced_epoch USING ERRCODE = 'GF001';
        END IF;
      END $$;`,
  },
  {
    version: 12,
    description: "accounts: sessions seen, known devices, recovery codes, deletion, names re-keyed by skeleton",
    sqlite: `
      ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER;
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      ALTER TABLE players ADD COLUMN deleted_at INTEGER;
      ALTER TABLE players ADD COLUMN name_flag TEXT;
      ALTER TABLE players ADD COLUMN rekeyed INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE devices (token_hash TEXT NOT NULL, player_id TEXT NOT NULL REFERENCES players(id), created_at INTEGER NOT NULL, PRIMARY KEY (token_hash, player_id));
      CREATE INDEX devices_player ON devices(player_id);
      CREATE TABLE recovery_codes (code_hash TEXT NOT NULL, used INTEGER NOT NULL, player_id TEXT NOT NULL REFERENCES players(id), at INTEGER NOT NULL, PRIMARY KEY (code_hash, used));
      CREATE INDEX recovery_codes_player ON recovery_codes(player_id);`,
    postgres: `
      ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT;
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      ALTER TABLE players ADD COLUMN deleted_at BIGINT;
      ALTER TABLE players ADD COLUMN name_flag TEXT;
      ALTER TABLE players ADD COLUMN rekeyed INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE devices (token_hash TEXT NOT NULL, player_id TEXT NOT NULL REFERENCES players(id), created_at BIGINT NOT NULL, PRIMARY KEY (token_hash, player_id));
      CREATE INDEX devices_player ON devices(player_id);
      CREATE TABLE recovery_codes (code_hash TEXT NOT NULL, used INTEGER NOT NULL, player_id TEXT NOT NULL REFERENCES players(id), at BIGINT NOT NULL, PRIMARY KEY (code_hash, used));
      CREATE INDEX recovery_codes_player ON recovery_codes(player_id);`,
  },
  {
    version: 13,
    description: "follows, blocks and invitations between accounts",
    sqlite: `
      CREATE TABLE follows (follower TEXT NOT NULL REFERENCES players(id), followee TEXT NOT NULL REFERENCES players(id), at INTEGER NOT NULL, PRIMARY KEY (follower, followee));
      CREATE INDEX follows_followee ON follows(followee);
      CREATE TABLE blocks (blocker TEXT NOT NULL REFERENCES players(id), blocked TEXT NOT NULL REFERENCES players(id), at INTEGER NOT NULL, PRIMARY KEY (blocker, blocked));
      CREATE INDEX blocks_blocked ON blocks(blocked);
      CREATE TABLE invitations (
        id TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), from_player TEXT NOT NULL REFERENCES players(id),
        to_player TEXT NOT NULL REFERENCES players(id), created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending', used_nonce TEXT, used_at INTEGER);
      CREATE INDEX invitations_to ON invitations(to_player, expires_at);`,
    postgres: `
      CREATE TABLE follows (follower TEXT NOT NULL REFERENCES players(id), followee TEXT NOT NULL REFERENCES players(id), at BIGINT NOT NULL, PRIMARY KEY (follower, followee));
      CREATE INDEX follows_followee ON follows(followee);
      CREATE TABLE blocks (blocker TEXT NOT NULL REFERENCES players(id), blocked TEXT NOT NULL REFERENCES players(id), at BIGINT NOT NULL, PRIMARY KEY (blocker, blocked));
      CREATE INDEX blocks_blocked ON blocks(blocked);
      CREATE TABLE invitations (
        id TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), from_player TEXT NOT NULL REFERENCES players(id),
        to_player TEXT NOT NULL REFERENCES players(id), created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending', used_nonce TEXT, used_at BIGINT);
      CREATE INDEX invitations_to ON invitations(to_player, expires_at);`,
  },
  MIGRATION_14,
  {
    version: 15,
    description: "the games an account has learnt (finished their guided first game)",
    sqlite: `CREATE TABLE learnt (player_id TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (player_id, game));`,
    postgres: `CREATE TABLE learnt (player_id TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (player_id, game));`,
  },
  MIGRATION_16,
];

export interface Row {
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

export function fromRow(row: Row): TableRecord {
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

export function toParams(t: TableRecord): unknown[] {
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
export const UPSERT_COLUMNS = "id, game, options, seats, status, turn_seconds, grace_seconds, seed, seed_hash, outcome, created_at, deadline, events_hash, rated, meta, hints, creator_player";
export const UPSERT_UPDATE = `options = excluded.options, seats = excluded.seats, status = excluded.status, turn_seconds = excluded.turn_seconds,
  grace_seconds = excluded.grace_seconds, outcome = excluded.outcome, deadline = excluded.deadline, events_hash = excluded.events_hash, meta = excluded.meta`;

export interface InvitationRow {
  id: string;
  table_id: string;
  from_player: string;
  to_player: string;
  created_at: number | string;
  expires_at: number | string;
  state: string;
  used_at: number | string | null;
}

export function fromInvitationRow(row: InvitationRow): InvitationRecord {
  return {
    id: row.id,
    tableId: row.table_id,
    from: row.from_player,
    to: row.to_player,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    state: row.state as InvitationRecord["state"],
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

/** An account's relations (migration 13), one query for both dialects: `kind` is following, follower, blocks or blocked-by. */
export const RELATIONS = `SELECT 'following' AS kind, followee AS other FROM follows WHERE follower = $1
  UNION ALL SELECT 'follower', follower FROM follows WHERE followee = $1
  UNION ALL SELECT 'blocks', blocked FROM blocks WHERE blocker = $1
  UNION ALL SELECT 'blocked-by', blocker FROM blocks WHERE blocked = $1`;

export function fromRelationRows(rows: readonly { kind: string; other: string }[]): Relations {
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.other);
  return { following: of("following"), followers: of("follower"), blocks: of("blocks"), blockedBy: of("blocked-by") };
}

/** An account's invitations still pending and not expired, newest first. */
export const PENDING_INVITATIONS = "SELECT * FROM invitations WHERE to_player = $1 AND state = 'pending' AND expires_at > $2 ORDER BY created_at DESC, id LIMIT $3";

export interface ActionRow {
  version: number;
  seat: number;
  action: string;
  by_kind: string;
  at: number | string;
}

export function fromActionRow(row: ActionRow): LoggedAction {
  return { version: row.version, seat: row.seat, action: JSON.parse(row.action), by: row.by_kind as ActorKind, at: Number(row.at) };
}

export interface PlayerRow {
  id: string;
  name: string;
  name_key: string;
  password_hash: string;
  created_at: number | string;
  deleted_at?: number | string | null;
  name_flag?: string | null;
}

export function fromPlayerRow(row: PlayerRow): PlayerRecord {
  return {
    id: row.id,
    name: row.name,
    nameKey: row.name_key,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    // absent when none, as on records written before migration 12
    ...(row.deleted_at !== undefined && row.deleted_at !== null ? { deletedAt: Number(row.deleted_at) } : {}),
    ...(row.name_flag ? { nameFlag: row.name_flag } : {}),
  };
}

export interface RatingRow {
  player_key: string;
  game: string;
  mu: number | string;
  sigma: number | string;
  played: number | string;
  won: number | string;
}

export function fromRatingRow(row: RatingRow): RatingRecord {
  return { key: row.player_key, game: row.game, mu: Number(row.mu), sigma: Number(row.sigma), played: Number(row.played), won: Number(row.won) };
}

export interface HistoryRow {
  table_id: string;
  player_key: string;
  game: string;
  mu: number | string;
  sigma: number | string;
  rank: number | string;
  won: number | string;
  at: number | string;
}

export function fromHistoryRow(row: HistoryRow): RatingHistoryEntry {
  return { tableId: row.table_id, key: row.player_key, game: row.game, mu: Number(row.mu), sigma: Number(row.sigma), rank: Number(row.rank), won: Number(row.won) === 1, at: Number(row.at) };
}

export interface LinkRow {
  table_id: string;
  seat: number;
  player_id: string;
  token: string;
  linked_at: number | string;
}

export const LINKED_TABLES = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ps.player_id = $1 ORDER BY t.created_at DESC, t.id LIMIT $2`;

const LINKED = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id`;
/** Seats at tables not over: never pushed out by finished ones, however many (cancelled ones last). */
export const LIVE_SEATS = `${LINKED} WHERE ps.player_id = $1 AND t.status <> 'over'
  ORDER BY CASE WHEN t.status = 'cancelled' THEN 1 ELSE 0 END, t.created_at DESC, t.id, ps.seat LIMIT $2`;
const FINISHED = "ps.player_id = $1 AND t.status = 'over' AND t.outcome IS NOT NULL";
/** A profile's past games: every table over, finished or abandoned (over with no outcome). */
const PAST = "ps.player_id = $1 AND t.status = 'over'";
/**
 * `rated_*`: the account's rating after the match and its rank there (its rating_history row, null
 * when the match did not change its rating); `prev_*`: its rating in that game before the match
 * (the row before in its history of that game; null for its first rated match of the game).
 */
export const MATCHES = `SELECT ps.table_id AS link_table, ps.seat AS link_seat, ps.player_id AS link_player, ps.token AS link_token, ps.linked_at AS link_at, t.*,
  h.mu AS rated_mu, h.sigma AS rated_sigma, h.rank AS rated_rank,
  (SELECT p.mu FROM rating_history p WHERE p.player_key = h.player_key AND p.game = h.game AND (p.at < h.at OR (p.at = h.at AND p.table_id < h.table_id)) ORDER BY p.at DESC, p.table_id DESC LIMIT 1) AS prev_mu,
  (SELECT p.sigma FROM rating_history p WHERE p.player_key = h.player_key AND p.game = h.game AND (p.at < h.at OR (p.at = h.at AND p.table_id < h.table_id)) ORDER BY p.at DESC, p.table_id DESC LIMIT 1) AS prev_sigma
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id LEFT JOIN rating_history h ON h.table_id = t.id AND h.player_key = ps.player_id
  WHERE ${PAST} ORDER BY t.created_at DESC, t.id, ps.seat LIMIT $2 OFFSET $3`;
export const MATCH_COUNT = `SELECT COUNT(*) AS n FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ${PAST}`;
/** Played and won per game; `won` is each dialect's reading of the outcome's JSON: not a draw, and the seat among the winners. */
const recordSql = (won: string) => `SELECT t.game AS game, COUNT(*) AS played, SUM(CASE WHEN ${won} THEN 1 ELSE 0 END) AS won
  FROM player_seats ps JOIN tables t ON t.id = ps.table_id WHERE ${FINISHED} GROUP BY t.game ORDER BY t.game`;
export const RECORD_SQLITE = recordSql("COALESCE(json_extract(t.outcome, '$.draw'), 0) = 0 AND EXISTS (SELECT 1 FROM json_each(t.outcome, '$.winners') w WHERE w.value = ps.seat)");
export const RECORD_POSTGRES = recordSql("NOT COALESCE((t.outcome::jsonb ->> 'draw')::boolean, false) AND (t.outcome::jsonb -> 'winners') @> to_jsonb(ps.seat)");

export interface RecordRow {
  game: string;
  played: number | string;
  won: number | string | null;
}

export function fromRecordRow(row: RecordRow): { game: string; played: number; won: number } {
  return { game: row.game, played: Number(row.played), won: Number(row.won ?? 0) };
}

type Num = number | string | null;

export function fromMatchRow(row: Parameters<typeof fromLinkedRow>[0] & { rated_mu: Num; rated_sigma: Num; rated_rank: Num; prev_mu: Num; prev_sigma: Num }): PlayerMatch {
  const rated = row.rated_mu !== null && row.rated_sigma !== null;
  return {
    ...fromLinkedRow(row),
    rated,
    rating: rated
      ? {
          after: { mu: Number(row.rated_mu), sigma: Number(row.rated_sigma) },
          before: row.prev_mu !== null && row.prev_sigma !== null ? { mu: Number(row.prev_mu), sigma: Number(row.prev_sigma) } : null,
          rank: Number(row.rated_rank),
        }
      : null,
  };
}

export function fromLinkedRow(row: Row & { link_table: string; link_seat: number; link_player: string; link_token: string; link_at: number | string }): { link: SeatLink; table: TableRecord } {
  return { link: { tableId: row.link_table, seat: Number(row.link_seat), playerId: row.link_player, token: row.link_token, at: Number(row.link_at) }, table: fromRow(row) };
}

export const TABLE_LINKS = "SELECT table_id, seat, player_id, token, linked_at FROM player_seats WHERE table_id = $1 ORDER BY seat";

export function fromLinkRow(row: LinkRow): SeatLink {
  return { tableId: row.table_id, seat: Number(row.seat), playerId: row.player_id, token: row.token, at: Number(row.linked_at) };
}

/** Rated matches of one game that two identities played together since a time (ratings.ts, `repeatWeight`). */
export const PAIR_MATCHES = `SELECT COUNT(*) AS n FROM rating_history h1 JOIN rating_history h2 ON h2.table_id = h1.table_id
  WHERE h1.player_key = $1 AND h2.player_key = $2 AND h1.game = $3 AND h1.at > $4`;
/** Who a leaderboard lists: identities with `minPlayed` rated matches (`$n` its placeholder), and every bot level that played. */
export const listed = (minPlayed: string) => `(played >= ${minPlayed} OR (player_key LIKE 'bot:%' AND played > 0))`;
export const LEADERBOARD_ORDER = "ORDER BY mu - 3 * sigma DESC, played DESC, player_key";



/** `$1`-style placeholders to SQLite's `?`. */
export function sqlite(sql: string): string {
  return sql.replace(/\$\d+/g, "?");
}
