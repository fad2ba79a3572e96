// Event-sourced storage: table metadata (game, options, seats, seed) and an append-only log of
// actions per match. A match is its setup plus its log: replaying the log through the engine
// rebuilds it after a crash. Two implementations pass the same suite: SQLite (embedded, WAL)
// and PostgreSQL. Schema changes are versioned migrations, applied in order once.
import { mkdirSync } from "node:fs";
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
  saveTable(table: TableRecord): Promise<void>;
  getTable(id: string): Promise<TableRecord | null>;
  listTables(status?: TableStatus): Promise<TableRecord[]>;
  /** Appends one action; rejects if that version is already logged (the log is append-only). */
  appendAction(tableId: string, entry: LoggedAction): Promise<void>;
  loadActions(tableId: string): Promise<LoggedAction[]>;
  close(): Promise<void>;
}

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
  ];
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

// ---------------------------------------------------------------- SQLite

export class SqliteStorage implements Storage {
  readonly kind = "sqlite" as const;
  private readonly db: Database.Database;

  /** `file` is a path, or ":memory:". */
  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // FULL: a committed append survives a crash of the process and of the machine.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
  }

  static inDirectory(dir: string): SqliteStorage {
    mkdirSync(dir, { recursive: true });
    return new SqliteStorage(join(dir, "grimoire.sqlite"));
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

  async saveTable(t: TableRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO tables (id, game, options, seats, status, turn_seconds, grace_seconds, seed, seed_hash, outcome, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET options = excluded.options, seats = excluded.seats, status = excluded.status,
           turn_seconds = excluded.turn_seconds, grace_seconds = excluded.grace_seconds, outcome = excluded.outcome`,
      )
      .run(...toParams(t));
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

  async appendAction(tableId: string, e: LoggedAction): Promise<void> {
    this.db
      .prepare("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(tableId, e.version, e.seat, JSON.stringify(e.action), e.by, e.at);
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const rows = this.db.prepare("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = ? ORDER BY version").all(tableId) as ActionRow[];
    return rows.map(fromActionRow);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

// ---------------------------------------------------------------- PostgreSQL

export class PostgresStorage implements Storage {
  readonly kind = "postgres" as const;
  private readonly pool: pg.Pool;

  /** `schema`: the PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  constructor(
    url: string,
    private readonly schema = "public",
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
    this.pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
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

  async saveTable(t: TableRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO tables (id, game, options, seats, status, turn_seconds, grace_seconds, seed, seed_hash, outcome, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET options = excluded.options, seats = excluded.seats, status = excluded.status,
         turn_seconds = excluded.turn_seconds, grace_seconds = excluded.grace_seconds, outcome = excluded.outcome`,
      toParams(t),
    );
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

  async appendAction(tableId: string, e: LoggedAction): Promise<void> {
    await this.pool.query("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES ($1, $2, $3, $4, $5, $6)", [
      tableId,
      e.version,
      e.seat,
      JSON.stringify(e.action),
      e.by,
      e.at,
    ]);
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
