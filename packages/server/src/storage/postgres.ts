// PostgreSQL (node-postgres): a small pool for reads and migrations (under an advisory lock), one
// schema (`search_path`), and one pipelined connection for the group commit's batches
// (postgres-batch.ts: one round trip a batch of plain writes).
import { fromPlayerChatRow, fromRecoveryRow, fromSessionRow, KNOWN_DEVICE, PLAYER_CHAT, PLAYER_SESSIONS, PLAYERS_TO_REKEY, RECOVERY_CODE_UNUSED, RECOVERY_CODES, type PlayerChatRow, type RecoveryRow, type SessionRow } from "./account-sql.ts";
import { createRequire } from "node:module";
import type pg from "pg";
import type { TableStatus } from "../protocol.ts";
import type { MatchResult } from "../ratings.ts";
import { LEADERBOARD_MIN_GAMES } from "../rated.ts";
import { GroupCommit } from "./group-commit.ts";
import { PostgresBatches } from "./postgres-batch.ts";
import { fromActionRow, fromHistoryRow, fromInvitationRow, fromLinkedRow, fromLinkRow, fromMatchRow, fromPlayerRow, fromRatingRow, fromRecordRow, fromRelationRows, fromRow, LEADERBOARD_ORDER, LINKED_TABLES, listed, LIVE_SEATS, MATCH_COUNT, MATCHES, MIGRATIONS, PENDING_INVITATIONS, RECORD_POSTGRES, RELATIONS, TABLE_LINKS, type ActionRow, type HistoryRow, type InvitationRow, type LinkRow, type PlayerRow, type RatingRow, type RecordRow, type Row } from "./schema.ts";
import { SharedStore } from "./shared.ts";
import { fromFullChatRow, type FullChatRow } from "./moderation.ts";
import {
  commitDelayFromEnv,
  writeHookFromEnv,
  type ChatRecord,
  type InvitationRecord,
  type Relations,
  type LoggedAction,
  type PlayerMatch,
  type PlayerRecord,
  type RatingHistoryEntry,
  type RatingRecord,
  type Fence,
  type SeatLink,
  type PlayerChat,
  type SessionInfo,
  type Storage,
  type StorageOptions,
  type StorageStats,
  type TableRecord,
  type TableWrite,
  type WriteOp,
} from "./types.ts";

export interface PostgresOptions extends StorageOptions {
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  schema?: string;
  /** Shown in pg_stat_activity (tests terminate their own connections by it). */
  applicationName?: string;
  log?: (line: string) => void;
}

// node-postgres is loaded by the first PostgreSQL store, not with this module: a server on SQLite
// (the default) never loads it (about a tenth of a start's CPU).
const nodePostgres = (): typeof pg => createRequire(import.meta.url)("pg") as typeof pg;

export class PostgresStorage extends SharedStore implements Storage {
  readonly kind = "postgres" as const;
  private readonly pool: pg.Pool;
  /** The batches' connection: one, in pipeline mode. */
  private readonly writePool: pg.Pool;
  private readonly schema: string;
  private readonly log: (line: string) => void;
  private readonly batches: PostgresBatches;
  protected readonly group: GroupCommit<WriteOp>;

  /** `schema` (or `options.schema`): the PostgreSQL schema to use (created if missing). */
  constructor(url: string, schemaOrOptions: string | PostgresOptions = {}) {
    super();
    const options = typeof schemaOrOptions === "string" ? { schema: schemaOrOptions } : schemaOrOptions;
    this.schema = options.schema ?? "public";
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema)) throw new Error(`invalid schema name "${this.schema}"`);
    this.log = options.log ?? (() => {});
    const config: pg.PoolConfig = {
      connectionString: url,
      options: `-c search_path=${this.schema}`,
      application_name: options.applicationName ?? "grimoire",
      // A dead server or network answers with an error in bounded time instead of hanging.
      connectionTimeoutMillis: 10_000,
      query_timeout: 30_000,
      keepAlive: true,
    };
    const { Pool } = nodePostgres();
    this.pool = new Pool({ ...config, max: 4 });
    this.writePool = new Pool({ ...config, max: 1, pipeline: true });
    // A pooled connection that dies while idle (pg_terminate_backend, a restart, a failover)
    // is dropped by the pool, which opens a new one when next needed: log it, never crash.
    for (const pool of [this.pool, this.writePool]) pool.on("error", (error) => this.log(`postgres: an idle connection failed (${error.message}); it will be replaced`));
    this.batches = new PostgresBatches(this.writePool, options.beforeWrite ?? writeHookFromEnv(), this.log, options.commitDelayMs ?? commitDelayFromEnv());
    this.group = new GroupCommit((writes) => this.batches.run(writes));
  }

  /** Tests: every commit from now on waits `ms` before its COMMIT, holding its transaction open (a disk stall). */
  delayCommits(ms: number): void {
    this.batches.commitDelayMs = Math.max(0, ms);
  }

  /** Commits and the writes they held since the store opened. */
  stats(): StorageStats {
    return this.group.stats();
  }

  // ------------------------------------------------------------ writes (group commit)

  async saveTable(table: TableRecord, also: TableWrite = {}): Promise<void> {
    await this.group.request({ op: "saveTable", table, also });
  }

  async saveTables(tables: readonly TableRecord[], links: readonly SeatLink[] = [], fence?: Fence): Promise<void> {
    await this.group.request({ op: "saveTables", tables, links, ...(fence ? { fence } : {}) });
  }

  async appendAction(tableId: string, entry: LoggedAction, table?: TableRecord, result?: MatchResult | null, fence?: Fence): Promise<void> {
    await this.group.request({ op: "appendAction", tableId, entry, table: table ?? null, result: result ?? null, ...(fence ? { fence } : {}) });
  }

  async takeEpoch(tableId: string): Promise<number | null> {
    const result = await this.pool.query<{ epoch: string }>("UPDATE tables SET epoch = epoch + 1 WHERE id = $1 RETURNING epoch", [tableId]);
    return result.rows[0] ? Number(result.rows[0].epoch) : null;
  }

  async appendChat(tableId: string, message: ChatRecord, fence?: Fence): Promise<void> {
    await this.group.request({ op: "appendChat", tableId, message, ...(fence ? { fence } : {}) });
  }



  // ------------------------------------------------------------ accounts' own data (account-sql.ts)

  async playerSessions(playerId: string, now: number): Promise<SessionInfo[]> {
    return (await this.pool.query<SessionRow>(PLAYER_SESSIONS, [playerId, now])).rows.map(fromSessionRow);
  }

  async knownDevice(playerId: string, tokenHash: string): Promise<boolean> {
    return (await this.pool.query(KNOWN_DEVICE, [playerId, tokenHash])).rows.length > 0;
  }

  async recoveryCodes(playerId: string): Promise<{ unused: number; used: number; createdAt: number | null }> {
    return fromRecoveryRow((await this.pool.query<RecoveryRow>(RECOVERY_CODES, [playerId])).rows[0]);
  }

  async recoveryCodeUnused(playerId: string, codeHash: string): Promise<boolean> {
    return (await this.pool.query(RECOVERY_CODE_UNUSED, [playerId, codeHash])).rows.length > 0;
  }

  async playerChat(playerId: string): Promise<PlayerChat[]> {
    return (await this.pool.query<PlayerChatRow>(PLAYER_CHAT, [playerId, playerId, playerId])).rows.map(fromPlayerChatRow);
  }

  async playersToRekey(limit: number): Promise<PlayerRecord[]> {
    return (await this.pool.query<PlayerRow>(PLAYERS_TO_REKEY, [limit])).rows.map(fromPlayerRow);
  }

  // ------------------------------------------------------------ migrations and reads

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

  async learntGames(playerId: string): Promise<string[]> {
    const result = await this.pool.query<{ game: string }>("SELECT game FROM learnt WHERE player_id = $1 ORDER BY at, game", [playerId]);
    return result.rows.map((r) => r.game);
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

  async leaderboard(game: string, limit: number, offset: number, minPlayed = LEADERBOARD_MIN_GAMES): Promise<{ rows: RatingRecord[]; total: number }> {
    const rows = await this.pool.query<RatingRow>(`SELECT * FROM ratings WHERE game = $1 AND ${listed("$4")} ${LEADERBOARD_ORDER} LIMIT $2 OFFSET $3`, [game, limit, offset, minPlayed]);
    const total = await this.pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ratings WHERE game = $1 AND ${listed("$2")}`, [game, minPlayed]);
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

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const result = await this.pool.query<ActionRow>("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = $1 ORDER BY version", [tableId]);
    return result.rows.map(fromActionRow);
  }

  async tableLinks(tableId: string): Promise<SeatLink[]> {
    const result = await this.pool.query<LinkRow>(TABLE_LINKS, [tableId]);
    return result.rows.map(fromLinkRow);
  }

  async loadChat(tableId: string, limit: number): Promise<ChatRecord[]> {
    const result = await this.pool.query<FullChatRow>("SELECT * FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2", [tableId, limit]);
    return result.rows.reverse().map(fromFullChatRow);
  }

  protected async all<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  async getReview(tableId: string, seat: number): Promise<unknown | null> {
    const result = await this.pool.query<{ review: string }>("SELECT review FROM reviews WHERE table_id = $1 AND seat = $2", [tableId, seat]);
    const row = result.rows[0];
    return row ? JSON.parse(row.review) : null;
  }

  /** Drops the whole schema (tests). */
  // ------------------------------------------------------------ follows, blocks, invitations (migration 13)

  async setFollow(follower: string, followee: string, on: boolean, at: number): Promise<void> {
    await this.group.request({ op: "setFollow", follower, followee, on, at });
  }

  async setBlock(blocker: string, blocked: string, on: boolean, at: number): Promise<void> {
    await this.group.request({ op: "setBlock", blocker, blocked, on, at });
  }

  async relations(playerId: string): Promise<Relations> {
    const result = await this.pool.query<{ kind: string; other: string }>(RELATIONS, [playerId]);
    return fromRelationRows(result.rows);
  }

  async saveInvitation(invitation: InvitationRecord): Promise<void> {
    await this.group.request({ op: "saveInvitation", invitation });
  }

  async getInvitation(id: string): Promise<InvitationRecord | null> {
    const result = await this.pool.query<InvitationRow>("SELECT * FROM invitations WHERE id = $1", [id]);
    return result.rows[0] ? fromInvitationRow(result.rows[0]) : null;
  }

  /** One UPDATE … WHERE state = 'pending': of two answers at once (any processes), one changes the row. */
  async answerInvitation(id: string, state: "accepted" | "declined", at: number): Promise<boolean> {
    const result = await this.pool.query("UPDATE invitations SET state = $1, used_at = $2 WHERE id = $3 AND state = 'pending'", [state, at, id]);
    return result.rowCount === 1;
  }

  async pendingInvitations(playerId: string, now: number, limit: number): Promise<InvitationRecord[]> {
    const result = await this.pool.query<InvitationRow>(PENDING_INVITATIONS, [playerId, now, limit]);
    return result.rows.map(fromInvitationRow);
  }

  async dropSchema(): Promise<void> {
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  /** Waits for the writes asked for (their commits), then closes both pools. */
  async close(): Promise<void> {
    await this.group.drain();
    await Promise.all([this.pool.end(), this.writePool.end()]);
  }
}
