// SQLite (better-sqlite3): one file in WAL mode with synchronous=FULL.
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { TableStatus } from "../protocol.ts";
import type { MatchResult } from "../ratings.ts";
import { INITIAL as INITIAL_SKILL } from "../ratings.ts";
import { changesFor, fromActionRow, fromChatRow, fromHistoryRow, fromLinkedRow, fromLinkRow, fromMatchRow, fromPlayerRow, fromRatingRow, fromRecordRow, fromRow, LEADERBOARD_ORDER, LINKED_TABLES, LIVE_SEATS, MATCH_COUNT, MATCHES, MIGRATIONS, RECORD_SQLITE, sqlite, TABLE_LINKS, toParams, UPSERT_COLUMNS, UPSERT_UPDATE, type ActionRow, type ChatRow, type HistoryRow, type LinkRow, type PlayerRow, type RatingRow, type RecordRow, type Row } from "./schema.ts";
import { isUniqueViolation, NameTakenError, StorageError, writeHookFromEnv, type ChatRecord, type LoggedAction, type PlayerMatch, type PlayerRecord, type RatingHistoryEntry, type RatingRecord, type SeatLink, type SessionRecord, type Storage, type StorageOptions, type TableRecord, type TableWrite, type WriteHook } from "./types.ts";
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
