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
import type { ActorKind, BotLevel, OutcomeInfo, TableStatus } from "./protocol.ts";

export interface SeatRecord {
  kind: "open" | "human" | "bot";
  name: string | null;
  level: BotLevel | null;
  /** SHA-256 of the seat token (the token itself is never stored). */
  tokenHash: string | null;
  /** A bot plays for this human seat now. */
  takeover: boolean;
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
}

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
  /** Inserts or updates a table's row (one statement). */
  saveTable(table: TableRecord): Promise<void>;
  getTable(id: string): Promise<TableRecord | null>;
  listTables(status?: TableStatus): Promise<TableRecord[]>;
  /**
   * Appends one action and, when given, the table's new row, in ONE transaction; rejects (and
   * writes nothing) if that version is already logged (the log is append-only).
   */
  appendAction(tableId: string, entry: LoggedAction, table?: TableRecord): Promise<void>;
  loadActions(tableId: string): Promise<LoggedAction[]>;
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
  ];
}

const UPSERT_COLUMNS = "id, game, options, seats, status, turn_seconds, grace_seconds, seed, seed_hash, outcome, created_at, deadline, events_hash";
const UPSERT_UPDATE = `options = excluded.options, seats = excluded.seats, status = excluded.status, turn_seconds = excluded.turn_seconds,
  grace_seconds = excluded.grace_seconds, outcome = excluded.outcome, deadline = excluded.deadline, events_hash = excluded.events_hash`;

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
      .prepare(`INSERT INTO tables (${UPSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET ${UPSERT_UPDATE}`)
      .run(...toParams(t));
  }

  async saveTable(t: TableRecord): Promise<void> {
    this.upsert(t);
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

  async appendAction(tableId: string, e: LoggedAction, table?: TableRecord): Promise<void> {
    this.db.transaction(() => {
      this.write();
      this.db
        .prepare("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(tableId, e.version, e.seat, JSON.stringify(e.action), e.by, e.at);
      if (table) this.upsert(table);
    })();
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const rows = this.db.prepare("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = ? ORDER BY version").all(tableId) as ActionRow[];
    return rows.map(fromActionRow);
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
      client.release();
    }
    return this.schemaVersion();
  }

  async schemaVersion(): Promise<number> {
    const result = await this.pool.query<{ v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations");
    return result.rows[0]?.v ?? 0;
  }

  private upsertSql = `INSERT INTO tables (${UPSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
    ON CONFLICT (id) DO UPDATE SET ${UPSERT_UPDATE}`;

  async saveTable(t: TableRecord): Promise<void> {
    this.write();
    await this.pool.query(this.upsertSql, toParams(t));
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

  async appendAction(tableId: string, e: LoggedAction, table?: TableRecord): Promise<void> {
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
    });
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const result = await this.pool.query<ActionRow>("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = $1 ORDER BY version", [tableId]);
    return result.rows.map(fromActionRow);
  }

  /** Drops the whole schema (tests). */
  async dropSchema(): Promise<void> {
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
