// Group commit (issue 23), on SQLite and on PostgreSQL alike, with every commit delayed 200 ms
// (a disk stall, `delayCommits`): the writes asked for in one tick share ONE commit, the event
// loop stays responsive while it is pending, one failing write of a batch fails alone (its
// savepoint) while the others commit, and each caller's writes land in the order it asked; and
// every batch is answered however it finds SQLite's writer thread (asleep, waking, busy).
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { nameKey } from "../src/accounts.ts";
import { NameTakenError, PostgresStorage, SqliteStorage, StaleRowError, type LoggedAction, type TableRecord } from "../src/storage.ts";
import { PG_URL, postgresBackend, sqliteBackend, tableRecord, type Backend } from "./support/stores.ts";

const STALL_MS = 200;

function table(id: string): TableRecord {
  return tableRecord(id, 1, {
    options: {},
    seats: [
      { kind: "human", name: "Ann", level: null, tokenHash: `a-${id}`, takeover: false },
      { kind: "human", name: "Bob", level: null, tokenHash: `b-${id}`, takeover: false },
    ],
    status: "playing",
    turnSeconds: null,
    rated: false,
  });
}

const action = (version: number, at = version): LoggedAction => ({ version, seat: version % 2, action: { n: version }, by: "player", at });

/** `commitDelayMs` undefined: from GRIMOIRE_COMMIT_DELAY_MS. */
function open(backend: Backend, commitDelayMs: number | undefined): SqliteStorage | PostgresStorage {
  const options = commitDelayMs === undefined ? {} : { commitDelayMs };
  return backend.name === "sqlite" ? SqliteStorage.inDirectory(backend.dir!, options) : new PostgresStorage(PG_URL, { schema: backend.schema!, ...options });
}

/** How long each timer of a setTimeout(0) chain waited, while `pending` is unsettled. */
async function timerLags(pending: Promise<unknown>): Promise<number[]> {
  let done = false;
  void pending.then(
    () => (done = true),
    () => (done = true),
  );
  const lags: number[] = [];
  while (!done) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    lags.push(performance.now() - asked);
  }
  return lags;
}

for (const make of [sqliteBackend, postgresBackend]) {
  const backend = make();
  describe(`group commit: ${backend.name}`, () => {
    const store = open(backend, 0);
    afterAll(async () => {
      await store.close();
      await backend.cleanup();
    });

    it("writes asked for in one tick share one commit, and the event loop is free while it is pending", async () => {
      await store.migrate();
      await store.saveTables(["g1", "g2", "g3"].map(table));
      store.delayCommits(STALL_MS);
      const before = store.stats();
      const started = performance.now();
      const writes = Promise.all([
        store.appendAction("g1", action(1)),
        store.appendAction("g2", action(1), { ...table("g2"), deadline: 99 }),
        store.appendChat("g3", { id: 1, channel: "players", seat: 0, name: "Ann", text: "hi", at: 5 }),
        store.saveReview("g1", 0, { seat: 0 }),
      ]);
      const lags = (await timerLags(writes)).sort((a, b) => a - b);
      await writes;
      const took = performance.now() - started;
      store.delayCommits(0);
      expect(store.stats()).toEqual({ commits: before.commits + 1, writes: before.writes + 4, failed: before.failed });
      expect(took).toBeGreaterThanOrEqual(STALL_MS - 5);
      // A timer of 0 ms fires within a few ms while the commit is pending: nothing on this thread
      // waits on the disk (a commit on it would hold one timer the whole stall). The median, as the
      // 2-core machine is shared and may lose the CPU for a while.
      expect(lags.length).toBeGreaterThan(20);
      expect(lags[Math.floor(lags.length / 2)]).toBeLessThan(5);
      expect(lags.at(-1)).toBeLessThan(STALL_MS);
      // Resolved: the commit landed, and a read started now sees it.
      expect(await store.loadActions("g1")).toEqual([action(1)]);
      expect((await store.getTable("g2"))!.deadline).toBe(99);
      expect(await store.loadChat("g3", 5)).toHaveLength(1);
    });

    it("one failing write of a batch fails alone, with its own error; the others commit", async () => {
      await store.saveTable(table("g4"));
      store.delayCommits(STALL_MS);
      const before = store.stats();
      const ann = { id: "p-ann", name: "Ann", nameKey: nameKey("Ann"), passwordHash: "x", createdAt: 1 };
      await store.insertPlayer(ann, { tokenHash: "s1", playerId: "p-ann", createdAt: 1, expiresAt: 1e13 }, []);
      const settled = await Promise.allSettled([
        store.appendAction("g2", action(2)),
        // g1 has version 1 already: the log is append-only.
        store.appendAction("g1", action(1, 77), { ...table("g1"), status: "over" }),
        store.appendChat("g3", { id: 2, channel: "players", seat: 1, name: "Bob", text: "yo", at: 6 }),
        store.insertPlayer({ ...ann, id: "p-ann2", name: "ANN" }, { tokenHash: "s2", playerId: "p-ann2", createdAt: 1, expiresAt: 1e13 }, []),
        store.appendAction("g4", action(1)),
      ]);
      store.delayCommits(0);
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"]);
      const duplicate = (settled[1] as PromiseRejectedResult).reason as { code?: string };
      expect(duplicate.code).toMatch(/^(23505|SQLITE_CONSTRAINT_PRIMARYKEY)$/);
      expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(NameTakenError);
      // Two commits: the first account's, then the batch of five (three of them written).
      expect(store.stats()).toEqual({ commits: before.commits + 2, writes: before.writes + 4, failed: before.failed + 2 });
      expect((await store.loadActions("g1")).map((a) => a.at)).toEqual([1]);
      expect((await store.getTable("g1"))!.status).toBe("playing");
      expect((await store.loadActions("g2")).map((a) => a.version)).toEqual([1, 2]);
      expect((await store.loadChat("g3", 5)).map((m) => m.id)).toEqual([1, 2]);
      expect(await store.loadActions("g4")).toEqual([action(1)]);
      expect(await store.playerByNameKey(nameKey("Ann"))).toMatchObject({ id: "p-ann" });
    });

    it.runIf(backend.name === "postgres")("a stale row (`expected`) fails alone inside a batch", async () => {
      await store.saveTable(table("g5"));
      const known = table("g5");
      await store.saveTable({ ...known, status: "over" });
      const settled = await Promise.allSettled([store.saveTable({ ...known, deadline: 5 }, { expected: known }), store.appendAction("g5", action(1))]);
      expect(settled.map((s) => s.status)).toEqual(["rejected", "fulfilled"]);
      expect((settled[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleRowError);
      expect((await store.getTable("g5"))!.deadline).toBeNull();
    });

    it("GRIMOIRE_COMMIT_DELAY_MS stalls every commit of a store opened with it (child servers)", async () => {
      process.env.GRIMOIRE_COMMIT_DELAY_MS = String(STALL_MS);
      const stalled = (() => {
        try {
          return open(backend, undefined);
        } finally {
          delete process.env.GRIMOIRE_COMMIT_DELAY_MS;
        }
      })();
      try {
        // The first write also waits for SQLite's writer thread to start: time the second.
        await stalled.saveTable(table("g7"));
        const started = performance.now();
        await stalled.saveTable({ ...table("g7"), deadline: 7 });
        expect(performance.now() - started).toBeGreaterThanOrEqual(STALL_MS - 5);
      } finally {
        await stalled.close();
      }
    });

    it.runIf(backend.name === "postgres")("a COMMIT that fails (the connection cut while it is pending) fails every write of its batch", async () => {
      const applicationName = `grimoire-gc-${backend.schema}`;
      const cut = new PostgresStorage(PG_URL, { schema: backend.schema!, applicationName, commitDelayMs: STALL_MS });
      try {
        const writes = Promise.allSettled([cut.appendAction("g3", action(1)), cut.appendChat("g3", { id: 9, channel: "players", seat: 0, name: "Ann", text: "lost", at: 9 })]);
        await new Promise((resolve) => setTimeout(resolve, STALL_MS / 2));
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle in transaction'", [applicationName]);
        await admin.end();
        expect((await writes).map((s) => s.status)).toEqual(["rejected", "rejected"]);
        expect(await store.loadActions("g3")).toEqual([]);
        expect((await store.loadChat("g3", 10)).map((m) => m.id)).not.toContain(9);
        // The next batch gets a new connection.
        cut.delayCommits(0);
        await cut.appendAction("g3", action(1));
        expect(await store.loadActions("g3")).toEqual([action(1)]);
      } finally {
        await cut.close();
      }
    });

    it("a caller's writes land in the order it asked, within a batch and across batches", async () => {
      await store.saveTable(table("g6"));
      store.delayCommits(STALL_MS / 4);
      const resolved: number[] = [];
      const asked: Promise<void>[] = [];
      for (let v = 1; v <= 12; v++) {
        // Rows and actions alternate: each row must be the one its action wrote last.
        asked.push(store.appendAction("g6", action(v), { ...table("g6"), deadline: v }).then(() => void resolved.push(v)));
        // Some in this tick, some while a commit is pending.
        if (v % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(asked);
      store.delayCommits(0);
      expect(resolved).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect((await store.loadActions("g6")).map((a) => a.version)).toEqual(resolved);
      expect((await store.getTable("g6"))!.deadline).toBe(12);
    });

    it("every batch is answered, whether it finds the writer asleep, waking or busy: 400 writes, some awaited, some a few ms apart, some in one tick", async () => {
      // SQLite's writer sleeps in Atomics.wait between batches and reads its inbox when woken: a
      // batch whose wake-up it missed would stay unanswered, and this test time out.
      await store.saveTable(table("g7"));
      const asked: Promise<void>[] = [];
      for (let v = 1; v <= 400; v++) {
        asked.push(store.appendAction("g7", action(v)));
        if (v % 7 === 0) await asked.at(-1); // the writer goes back to sleep
        else if (v % 3 === 0) await new Promise((resolve) => setTimeout(resolve, v % 2)); // asleep or just waking
      }
      await Promise.all(asked);
      expect((await store.loadActions("g7")).map((a) => a.version)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    }, 30_000);
  });
}
