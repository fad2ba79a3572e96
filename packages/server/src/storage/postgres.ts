// PostgreSQL (node-postgres): a small pool, one schema (`search_path`), migrations under an advisory lock.
import pg from "pg";
import type { TableStatus } from "../protocol.ts";
import { INITIAL as INITIAL_SKILL, type MatchResult } from "../ratings.ts";
import { changesFor, fromActionRow, fromChatRow, fromHistoryRow, fromLinkedRow, fromLinkRow, fromMatchRow, fromPlayerRow, fromRatingRow, fromRecordRow, fromRow, LEADERBOARD_ORDER, LINKED_TABLES, LIVE_SEATS, MATCH_COUNT, MATCHES, MIGRATIONS, RECORD_POSTGRES, TABLE_LINKS, toParams, UPSERT_COLUMNS, UPSERT_UPDATE, type ActionRow, type ChatRow, type HistoryRow, type LinkRow, type PlayerRow, type RatingRow, type RecordRow, type Row } from "./schema.ts";
import { isUniqueViolation, NameTakenError, StaleRowError, writeHookFromEnv, type ChatRecord, type LoggedAction, type PlayerMatch, type PlayerRecord, type RatingHistoryEntry, type RatingRecord, type SeatLink, type SessionRecord, type Storage, type StorageOptions, type TableRecord, type TableWrite, type WriteHook } from "./types.ts";
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

  async saveTable(t: TableRecord, also: TableWrite = {}): Promise<void> {
    if (also.expected) {
      const expected = also.expected;
      await this.transaction(async (client) => {
        // Who holds each seat and the status: what a stale owner would overwrite (a join, the start, the end).
        const stored = await client.query<Row>("SELECT * FROM tables WHERE id = $1 FOR UPDATE", [t.id]);
        const row = stored.rows[0] ? fromRow(stored.rows[0]) : null;
        const holders = (r: TableRecord) => JSON.stringify([r.status, r.seats.map((seat) => [seat.kind, seat.tokenHash])]);
        if (!row || holders(row) !== holders(expected)) throw new StaleRowError(`table ${t.id}: the stored row changed since this process read it`);
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

  async appendAction(tableId: string, e: LoggedAction, table?: TableRecord, result?: MatchResult | null): Promise<void> {
    await this.transaction(async (client) => {
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

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const result = await this.pool.query<ActionRow>("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = $1 ORDER BY version", [tableId]);
    return result.rows.map(fromActionRow);
  }

  async saveTables(tables: readonly TableRecord[], links: readonly SeatLink[] = []): Promise<void> {
    await this.transaction(async (client) => {
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

  async appendChat(tableId: string, m: ChatRecord): Promise<void> {
    this.write();
    await this.pool.query("INSERT INTO chat (table_id, id, channel, seat, name, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [tableId, m.id, m.channel, m.seat, m.name, m.text, m.at]);
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
