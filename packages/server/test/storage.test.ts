// The same storage suite on SQLite and on PostgreSQL (127.0.0.1:5432, database `test`, a fresh
// schema per run, dropped after): migrations, tables, the append-only action log, reopening.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS, PostgresStorage, SqliteStorage, type Storage, type TableRecord } from "../src/storage.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Backend {
  name: string;
  dir?: string;
  schema?: string;
  /** Opens the same store again (a restart). */
  open(): Storage;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), "grimoire-storage-"));
  return { name: "sqlite", dir, open: () => SqliteStorage.inDirectory(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

function postgresBackend(): Backend {
  const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
  return {
    name: "postgres",
    schema,
    open: () => new PostgresStorage(PG_URL, schema),
    cleanup: async () => {
      const store = new PostgresStorage(PG_URL, schema);
      await store.dropSchema();
      await store.close();
    },
  };
}

function table(id: string, createdAt: number): TableRecord {
  return {
    id,
    game: "bidding",
    options: { hand: 2 },
    seats: [
      { kind: "human", name: "Ann", level: null, tokenHash: "ab".repeat(32), takeover: false },
      { kind: "bot", name: "greedy", level: "medium", tokenHash: null, takeover: false },
    ],
    status: "open",
    turnSeconds: 30,
    graceSeconds: null,
    seed: "0123456789abcdef0123456789abcdef",
    seedHash: "cd".repeat(32),
    outcome: null,
    createdAt,
    deadline: null,
    eventsHash: null,
  };
}

for (const make of [sqliteBackend, postgresBackend]) {
  const backend = make();
  describe(`storage: ${backend.name}`, () => {
    afterAll(async () => {
      await backend.cleanup();
    });

    it("migrates to the last version, once", async () => {
      const store = backend.open();
      expect(await store.migrate()).toBe(MIGRATIONS.length);
      expect(await store.migrate()).toBe(MIGRATIONS.length);
      expect(await store.schemaVersion()).toBe(MIGRATIONS.at(-1)!.version);
      await store.close();
    });

    it("saves, updates, finds and lists tables", async () => {
      const store = backend.open();
      await store.migrate();
      await store.saveTable(table("t1", 1));
      await store.saveTable(table("t2", 2));
      const t1 = (await store.getTable("t1"))!;
      expect(t1).toEqual(table("t1", 1));
      t1.status = "over";
      t1.outcome = { winners: [0], scores: [5, 3], draw: false };
      t1.seats[0]!.takeover = true;
      await store.saveTable(t1);
      expect(await store.getTable("t1")).toEqual(t1);
      expect(await store.getTable("nope")).toBeNull();
      expect((await store.listTables("open")).map((t) => t.id)).toEqual(["t2"]);
      expect((await store.listTables()).map((t) => t.id)).toEqual(["t1", "t2"]);
      await store.close();
    });

    it("appends actions in order, refuses a version twice, and keeps them across a reopen", async () => {
      const store = backend.open();
      await store.migrate();
      await store.appendAction("t2", { version: 1, seat: 0, action: { type: "bid", card: 3 }, by: "player", at: 10 });
      await store.appendAction("t2", { version: 2, seat: 1, action: { type: "bid", card: 5 }, by: "bot", at: 11 });
      await expect(store.appendAction("t2", { version: 2, seat: 0, action: { type: "bid", card: 1 }, by: "player", at: 12 })).rejects.toThrow();
      await expect(store.appendAction("missing-table", { version: 1, seat: 0, action: 1, by: "player", at: 12 })).rejects.toThrow();
      await store.close();
      const again = backend.open();
      expect(await again.migrate()).toBe(MIGRATIONS.length);
      expect(await again.loadActions("t2")).toEqual([
        { version: 1, seat: 0, action: { type: "bid", card: 3 }, by: "player", at: 10 },
        { version: 2, seat: 1, action: { type: "bid", card: 5 }, by: "bot", at: 11 },
      ]);
      expect(await again.loadActions("t1")).toEqual([]);
      await again.close();
    });

    it("an action and the table row it changes are one transaction: both or neither", async () => {
      const store = backend.open();
      await store.migrate();
      await store.saveTable(table("t3", 3));
      const over: TableRecord = { ...table("t3", 3), status: "over", outcome: { winners: [1], scores: [1, 2], draw: false }, deadline: null, eventsHash: "ef".repeat(32) };
      await store.appendAction("t3", { version: 1, seat: 0, action: "a", by: "player", at: 1 }, { ...table("t3", 3), status: "playing", deadline: 5_000 });
      expect((await store.getTable("t3"))!.deadline).toBe(5_000);
      // Version 1 again: the append fails, so the row must not change either.
      await expect(store.appendAction("t3", { version: 1, seat: 1, action: "b", by: "player", at: 2 }, over)).rejects.toThrow();
      expect((await store.getTable("t3"))!.status).toBe("playing");
      await store.appendAction("t3", { version: 2, seat: 1, action: "b", by: "player", at: 2 }, over);
      expect(await store.getTable("t3")).toEqual(over);
      expect((await store.loadActions("t3")).map((a) => a.version)).toEqual([1, 2]);
      await store.close();
    });

    it("a write hook sees every write statement, and a throwing one fails that write and writes nothing", async () => {
      let fail = false;
      const seen: number[] = [];
      const hook = (n: number) => {
        seen.push(n);
        if (fail) throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      };
      const store = backend.name === "sqlite" ? SqliteStorage.inDirectory(backend.dir!, { beforeWrite: hook }) : new PostgresStorage(PG_URL, { schema: backend.schema!, beforeWrite: hook });
      await store.migrate();
      await store.saveTable(table("t4", 4));
      await store.appendAction("t4", { version: 1, seat: 0, action: "a", by: "player", at: 1 }, { ...table("t4", 4), status: "playing" });
      expect(seen).toEqual([1, 2, 3]);
      fail = true;
      await expect(store.appendAction("t4", { version: 2, seat: 0, action: "b", by: "player", at: 2 }, { ...table("t4", 4), status: "over" })).rejects.toThrow(/full/);
      fail = false;
      expect((await store.getTable("t4"))!.status).toBe("playing");
      expect(await store.loadActions("t4")).toHaveLength(1);
      await store.close();
    });
  });
}

describe("migrations", () => {
  it("are numbered 1, 2, ... and each has SQL for both databases", () => {
    MIGRATIONS.forEach((m, i) => {
      expect(m.version).toBe(i + 1);
      expect(m.sqlite.trim()).not.toBe("");
      expect(m.postgres.trim()).not.toBe("");
    });
  });

  it("a store at version 1 is brought to the last version, keeping its data", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grimoire-migrate-"));
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(join(dir, "grimoire.sqlite"));
    db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
    db.exec(MIGRATIONS[0]!.sqlite);
    db.prepare("INSERT INTO schema_migrations VALUES (1, 'x', 0)").run();
    db.prepare("INSERT INTO tables VALUES ('old', 'bidding', '{}', '[]', 'open', NULL, NULL, 's', 'h', NULL, 5)").run();
    db.close();
    const store = SqliteStorage.inDirectory(dir);
    expect(await store.schemaVersion()).toBe(1);
    expect(await store.migrate()).toBe(MIGRATIONS.length);
    expect((await store.getTable("old"))?.createdAt).toBe(5);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
