// The same storage suite on SQLite and on PostgreSQL (127.0.0.1:5432, database `test`, a fresh
// schema per run, dropped after): migrations, tables, the append-only action log, reopening.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_META, MIGRATIONS, PostgresStorage, SqliteStorage, type Storage, type TableRecord } from "../src/storage.ts";
import { PG_URL, postgresBackend, sqliteBackend, tableRecord } from "./support/stores.ts";

function table(id: string, createdAt: number): TableRecord {
  return tableRecord(id, createdAt, {
    options: { hand: 2 },
    seats: [
      { kind: "human", name: "Ann", level: null, tokenHash: "ab".repeat(32), takeover: false },
      { kind: "bot", name: "greedy", level: "medium", tokenHash: null, takeover: false },
    ],
    status: "open",
    turnSeconds: 30,
    rated: false,
  });
}

for (const make of [sqliteBackend, postgresBackend]) {
  const backend = make();
  describe(`storage: ${backend.name}`, () => {
    afterAll(async () => {
      await backend.cleanup();
    });

    it("migrates to the last version, once", async () => {
      const store = backend.open();
      expect(await store.migrate()).toBe(MIGRATIONS.at(-1)!.version);
      expect(await store.migrate()).toBe(MIGRATIONS.at(-1)!.version);
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
      expect(await again.migrate()).toBe(MIGRATIONS.at(-1)!.version);
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

    it("keeps a table's metadata (mode, banks, creator, resignations, rematch) across a reopening", async () => {
      const store = backend.open();
      await store.migrate();
      const meta = { ...DEFAULT_META, mode: "turn-based" as const, bankSeconds: 86_400, banks: [86_400_000, 3_600_000], creatorHash: "ee".repeat(32), resigned: [{ seat: 1, version: 4 }], rematchAccepted: [0], spectatorChat: true };
      await store.saveTable({ ...table("t5", 5), meta });
      await store.close();
      const again = backend.open();
      await again.migrate();
      expect((await again.getTable("t5"))!.meta).toEqual(meta);
      await again.close();
    });

    it("saves several rows in one transaction: a rematch and its link, both or neither", async () => {
      const store = backend.open();
      await store.migrate();
      await store.saveTable(table("t6", 6));
      const linked = { ...table("t6", 6), status: "over" as const, meta: { ...DEFAULT_META, rematchNext: "t7" } };
      const next = { ...table("t7", 7), status: "playing" as const, meta: { ...DEFAULT_META, rematchOf: "t6" } };
      await store.saveTables([next, linked]);
      expect((await store.getTable("t6"))!.meta.rematchNext).toBe("t7");
      expect((await store.getTable("t7"))!.meta.rematchOf).toBe("t6");
      // A row that cannot be written (no game: NOT NULL) fails the whole write: t8 is not there either.
      await expect(store.saveTables([table("t8", 8), { ...table("t9", 9), game: null as unknown as string }])).rejects.toThrow();
      expect(await store.getTable("t8")).toBeNull();
      await store.close();
    });

    it("appends chat messages per table and reads back the latest, oldest first", async () => {
      const store = backend.open();
      await store.migrate();
      await store.saveTable(table("c1", 10));
      for (let id = 1; id <= 5; id++) {
        await store.appendChat("c1", { id, channel: id === 3 ? "spectators" : "players", seat: id === 3 ? null : id % 2, name: id === 3 ? null : "Ann", text: `<b>hi</b> ${id}`, at: 100 + id });
      }
      await expect(store.appendChat("c1", { id: 5, channel: "players", seat: 0, name: "Ann", text: "again", at: 200 })).rejects.toThrow();
      await expect(store.appendChat("missing", { id: 1, channel: "players", seat: 0, name: "Ann", text: "x", at: 200 })).rejects.toThrow();
      const latest = await store.loadChat("c1", 3);
      expect(latest.map((m) => m.id)).toEqual([3, 4, 5]);
      expect(latest[0]).toEqual({ id: 3, channel: "spectators", seat: null, name: null, text: "<b>hi</b> 3", at: 103 });
      expect(await store.loadChat("t1", 10)).toEqual([]);
      await store.close();
    });

    it("stores a review once per table and seat, and reads it back", async () => {
      const store = backend.open();
      await store.migrate();
      await store.saveTable({ ...table("tr", 3), hints: true });
      expect((await store.getTable("tr"))!.hints).toBe(true);
      expect(await store.getReview("tr", 0)).toBeNull();
      await store.saveReview("tr", 0, { seat: 0, decisions: [1, 2] });
      await store.saveReview("tr", 0, { seat: 0, decisions: ["again"] });
      await store.saveReview("tr", 1, { seat: 1 });
      expect(await store.getReview("tr", 0)).toEqual({ seat: 0, decisions: [1, 2] });
      expect(await store.getReview("tr", 1)).toEqual({ seat: 1 });
      await store.close();
    });
  });
}

describe("migrations", () => {
  it("are numbered 1, 2, 3… (branches number theirs high and the merge renumbers) and each has SQL for both databases", () => {
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
    expect(await store.migrate()).toBe(MIGRATIONS.at(-1)!.version);
    expect((await store.getTable("old"))?.createdAt).toBe(5);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("node-postgres", () => {
  it("is loaded by the first PostgreSQL store, not by the server's modules: a server on SQLite never loads it", () => {
    // A fresh process: this one may have loaded it for the suites above.
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/pg/"));
      const server = await import("./packages/server/src/index.ts");
      const before = loaded();
      const store = new server.PostgresStorage("postgres://127.0.0.1:1/none", { schema: "none" });
      const after = loaded();
      await store.close();
      console.log(JSON.stringify({ before, after }));`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: join(import.meta.dirname, "../../.."), encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toEqual({ before: false, after: true });
  });
});
