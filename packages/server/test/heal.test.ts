// Transient storage failures heal. SQLite: writes start failing with SQLite's own
// SQLITE_READONLY (query_only, switched on by the write hook at a chosen write, since chmod stops
// nothing for root); PostgreSQL: a TCP proxy of our own between the server and PostgreSQL is cut
// mid-match, then restored; and pg_terminate_backend on the pool's connections. Each time the
// failed change is refused with `unavailable` and changes nothing, and every table (bots and
// clocks) goes on by itself once storage is back, or after a restart.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createTcpServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStorage, SqliteStorage } from "../src/storage.ts";
import { boot, Client, http, ManualClock, type TestServer } from "./support/harness.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function until(what: string, test: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function watch(server: TestServer, tableId: string): Promise<Client> {
  const c = await Client.open(server);
  c.send({ type: "hello", tableId });
  await c.waitFor("welcome");
  return c;
}

const latestVersion = (c: Client) => Math.max(0, ...c.messages.map((m) => ("version" in m && typeof m.version === "number" ? m.version : 0)));

/** SQLite in a fresh directory whose writes start failing (SQLite's own error) `more` writes after `failAfter`. */
function failingStore(): { dir: string; store: SqliteStorage; failAfter(more: number): void } {
  const dir = mkdtempSync(join(tmpdir(), "grimoire-heal-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  let writes = 0;
  let failFrom = Infinity;
  const store: SqliteStorage = SqliteStorage.inDirectory(dir, {
    beforeWrite: (n) => {
      writes = n;
      if (n === failFrom) store.refuseWrites(true);
    },
  });
  return { dir, store, failAfter: (more) => (failFrom = writes + more) };
}

describe("SQLite: writes fail for a while", () => {
  it("refused with `unavailable`, nothing changes; bots and clocks resume by themselves when writes work again", async () => {
    const { dir, store, failAfter } = failingStore();
    const clock = new ManualClock();
    const lines: string[] = [];
    const server = await boot({ storage: store, clock, log: (l) => lines.push(l) }, dir);
    cleanups.push(() => server.close());

    // A human table with a clock (nobody will play: the clock will), and a bot-only match.
    const clocked = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 });
    const clockedId = clocked.body.table.id as string;
    const ann = (await http(server, "POST", `/api/tables/${clockedId}/join`, { name: "Ann" })).body.token as string;
    await http(server, "POST", `/api/tables/${clockedId}/join`, { name: "Bob" });
    const annClient = await Client.open(server);
    annClient.send({ type: "hello", tableId: clockedId, token: ann });
    const sync = await annClient.waitFor("sync");

    // Writes fail from the bot match's third action on.
    failAfter(3);
    const bots = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const botsId = bots.body.table.id as string;
    const spec = await watch(server, botsId);
    await until("a few failed writes (the bots retrying)", () => lines.filter((l) => l.includes(botsId) && l.includes("attempt to write a readonly database")).length >= 3);
    const stalled = latestVersion(spec);
    expect(spec.of("over")).toHaveLength(0);

    // A player's action is refused with a typed error, and nothing changes.
    annClient.send({ type: "act", action: sync.legal![0]!.action, ref: "while-down" });
    const refused = await annClient.waitFor("error", (e) => e.ref === "while-down");
    expect(refused.code).toBe("unavailable");
    expect(await server.storage.loadActions(clockedId)).toHaveLength(0);
    // The clock runs out while storage is down: the clock's bot cannot write either.
    clock.advance(10_001);
    await until("the clock's write to fail", () => lines.some((l) => l.includes(clockedId) && l.includes("readonly")));
    expect(annClient.of("update")).toHaveLength(0);
    expect(latestVersion(spec)).toBe(stalled);

    // Storage is back: nobody touches anything, both tables go on by themselves.
    store.refuseWrites(false);
    const over = await spec.waitFor("over", () => true, 0, 120_000);
    expect(over.version).toBeGreaterThan(stalled);
    const byClock = await annClient.waitFor("update", (u) => u.by === "clock", 0, 60_000);
    expect(byClock.version).toBe(1);
    const record = await http(server, "GET", `/api/tables/${botsId}/record`);
    expect(record.body.actions).toHaveLength(over.version);
    await Promise.all([spec.close(), annClient.close()]);
  }, 180_000);

  it("after a restart, a match stalled by failing writes goes on by itself", async () => {
    const { dir, store, failAfter } = failingStore();
    const lines: string[] = [];
    const first = await boot({ storage: store, log: (l) => lines.push(l) }, dir);
    failAfter(4);
    const bots = await http(first, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const id = bots.body.table.id as string;
    await until("a failed write", () => lines.some((l) => l.includes("readonly")));
    await first.close();

    const second = await boot({}, dir);
    cleanups.push(() => second.close());
    const spec = await watch(second, id);
    const over = await spec.waitFor("over", () => true, 0, 120_000);
    expect((await http(second, "GET", `/api/tables/${id}/record`)).body.actions).toHaveLength(over.version);
    await spec.close();
  }, 180_000);
});

/** A TCP proxy to PostgreSQL that a test can cut (every connection dropped, new ones refused) and restore. */
async function proxy(): Promise<{ port: number; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createTcpServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(5432, "127.0.0.1");
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function pgServer(url: string, beforeWrite?: (n: number) => void) {
  const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
  const applicationName = `grimoire_${schema}`;
  const lines: string[] = [];
  const log = (l: string) => lines.push(l);
  const storage = new PostgresStorage(url, { schema, applicationName, log, ...(beforeWrite ? { beforeWrite } : {}) });
  const server = await boot({ storage, log });
  cleanups.push(async () => {
    const drop = new PostgresStorage(PG_URL, schema);
    await drop.dropSchema();
    await drop.close();
  });
  cleanups.push(() => server.close());
  return { server, lines, applicationName };
}

describe("PostgreSQL: the connection goes away", () => {
  it("cut mid-match by a proxy, then restored: the bot-only match finishes by itself", async () => {
    const link = await proxy();
    cleanups.push(() => link.close());
    let writes = 0;
    let cutAt = Infinity;
    const { server, lines } = await pgServer(`postgres://postgres@127.0.0.1:${link.port}/test`, (n) => {
      writes = n;
      // The network goes down just before this write goes out.
      if (n === cutAt) link.cut();
    });
    cutAt = writes + 4;
    const bots = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const id = bots.body.table.id as string;
    const spec = await watch(server, id);
    await until("failed writes while PostgreSQL is unreachable", () => lines.filter((l) => l.includes(id) && l.includes("failed")).length >= 3);
    expect(spec.of("over")).toHaveLength(0);
    const stalled = latestVersion(spec);
    link.restore();
    const over = await spec.waitFor("over", () => true, 0, 120_000);
    expect(over.version).toBeGreaterThan(stalled);
    expect((await http(server, "GET", `/api/tables/${id}/record`)).body.actions).toHaveLength(over.version);
    await spec.close();
  }, 180_000);

  it("pg_terminate_backend on the pool's connections: logged, replaced, the process lives and the match finishes", async () => {
    const { server, lines, applicationName } = await pgServer(PG_URL);
    const bots = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const id = bots.body.table.id as string;
    const spec = await watch(server, id);
    await spec.waitFor("update");
    // Our own connections only, by the application_name the pool sets.
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    let terminated = 0;
    for (let i = 0; i < 3; i++) {
      const result = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [applicationName]);
      terminated += result.rowCount ?? 0;
      await new Promise((r) => setTimeout(r, 50));
    }
    await admin.end();
    expect(terminated).toBeGreaterThanOrEqual(1);
    const over = await spec.waitFor("over", () => true, 0, 120_000);
    expect((await http(server, "GET", `/api/tables/${id}/record`)).body.actions).toHaveLength(over.version);
    await until("the failure to be logged", () => lines.some((l) => l.startsWith("postgres:") || l.includes("storage:")), 10_000);
    await spec.close();
  }, 180_000);
});

describe("a write whose answer is lost", () => {
  it("the action was stored though refused: the next change catches memory up with storage first", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grimoire-heal-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const real = SqliteStorage.inDirectory(dir);
    let loseNextAnswer = false;
    // Like a PostgreSQL COMMIT that went through while the connection dropped before its reply.
    const storage = Object.assign(Object.create(real) as SqliteStorage, {
      appendAction: async (...args: Parameters<SqliteStorage["appendAction"]>) => {
        await real.appendAction(...args);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error("Connection terminated unexpectedly");
        }
      },
    });
    const server = await boot({ storage }, dir);
    cleanups.push(() => server.close());
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const tokens = [(await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token, (await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).body.token];
    const [ann, bob] = await Promise.all(
      tokens.map(async (token) => {
        const c = await Client.open(server);
        c.send({ type: "hello", tableId: id, token });
        await c.waitFor("sync");
        return c;
      }),
    );
    const annSync = await ann!.waitFor("sync");
    loseNextAnswer = true;
    ann!.send({ type: "act", action: annSync.legal![0]!.action, ref: "lost" });
    expect((await ann!.waitFor("error", (e) => e.ref === "lost")).code).toBe("unavailable");
    expect(await server.storage.loadActions(id)).toHaveLength(1);
    // Bob's bid: the server first applies Ann's stored bid (version 1), then Bob's (version 2).
    const bobSync = await bob!.waitFor("sync");
    bob!.send({ type: "act", action: bobSync.legal![0]!.action, ref: "b" });
    expect((await bob!.waitFor("ack", (a) => a.ref === "b")).version).toBe(2);
    expect((await ann!.waitFor("update", (u) => u.version === 1)).actor).toBe(0);
    expect((await server.storage.loadActions(id)).map((a) => [a.version, a.seat])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    await Promise.all([ann!.close(), bob!.close()]);
  }, 60_000);
});
