// The two stores every storage and crash test runs on: SQLite in a temporary directory, and
// PostgreSQL (TEST_DATABASE_URL, by default 127.0.0.1:5432, database `test`) in a fresh schema
// dropped after. A `Backend` is opened in-process; a `Place` is where a child server keeps its data.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_META, PostgresStorage, SqliteStorage, type Storage, type TableRecord } from "../../src/storage.ts";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const freshSchema = (): string => `grimoire_test_${randomBytes(6).toString("hex")}`;

async function dropSchema(schema: string): Promise<void> {
  const store = new PostgresStorage(PG_URL, schema);
  await store.dropSchema();
  await store.close();
}

export interface Backend {
  name: "sqlite" | "postgres";
  /** SQLite's directory. */
  dir?: string;
  /** PostgreSQL's schema. */
  schema?: string;
  /** Opens the same store again (a restart). */
  open(): Storage;
  cleanup(): Promise<void>;
  /** Runs raw SQL on the store (to build a database as an older version left it). */
  exec(sql: string): Promise<void>;
}

export function sqliteBackend(prefix = "grimoire-storage-"): Backend {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    name: "sqlite",
    dir,
    open: () => SqliteStorage.inDirectory(dir),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    exec: async (sql) => {
      const Database = (await import("better-sqlite3")).default;
      const db = new Database(join(dir, "grimoire.sqlite"));
      db.exec(sql);
      db.close();
    },
  };
}

export function postgresBackend(): Backend {
  const schema = freshSchema();
  return {
    name: "postgres",
    schema,
    open: () => new PostgresStorage(PG_URL, schema),
    cleanup: () => dropSchema(schema),
    exec: async (sql) => {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}; ${sql}`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Where a child server keeps its data: its environment, and a store on the same data for the restart. */
export interface Place {
  name: "sqlite" | "postgres";
  env: Record<string, string>;
  /** A fresh store on the same data, for the restart (none: the server opens SQLite in `dataDir`). */
  open(): Storage | undefined;
  dataDir: string;
  cleanup(): Promise<void>;
}

export function sqlitePlace(prefix: string): Place {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return { name: "sqlite", env: { DATA_DIR: dataDir }, open: () => undefined, dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export function postgresPlace(prefix: string): Place {
  const schema = freshSchema();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return {
    name: "postgres",
    env: { DATA_DIR: dataDir, DATABASE_URL: PG_URL, PG_SCHEMA: schema },
    open: () => new PostgresStorage(PG_URL, schema),
    dataDir,
    async cleanup() {
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A table record's fields that no storage test cares about; each test sets its seats, status and the rest. */
export function tableRecord(id: string, createdAt: number, fields: Pick<TableRecord, "options" | "seats" | "status" | "turnSeconds" | "rated">): TableRecord {
  return {
    meta: { ...DEFAULT_META },
    hints: false,
    id,
    game: "bidding",
    graceSeconds: null,
    seed: "0123456789abcdef0123456789abcdef",
    seedHash: "cd".repeat(32),
    outcome: null,
    createdAt,
    deadline: null,
    eventsHash: null,
    ...fields,
  };
}
