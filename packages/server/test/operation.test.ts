// Operation: /healthz, /readyz (503 while storage is down), /metrics parsed by a Prometheus text
// parser with every metric the issue names, JSON logs with a request id and no seat token, and
// /readyz on PostgreSQL behind a proxy that stalls like a network partition.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Writable } from "node:stream";
import parsePrometheus from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, PostgresStorage, SqliteStorage, type Storage } from "../src/index.ts";
import { games } from "./support/catalog.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

/** A storage that can be switched off: every call rejects while `down`. */
function switchable(storage: Storage): { storage: Storage; set(down: boolean): void } {
  let down = false;
  const proxy = new Proxy(storage, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (down ? Promise.reject(new Error("storage is down")) : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { storage: proxy, set: (d) => (down = d) };
}

const dataDir = mkdtempSync(join(tmpdir(), "grimoire-operation-"));
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    done();
  },
});
const flaky = switchable(SqliteStorage.inDirectory(dataDir));
let server: TestServer;
beforeAll(async () => {
  server = await boot({ storage: flaky.storage, logger: createLogger({ level: "debug" }, sink) }, dataDir);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("operation", () => {
  it("/healthz and /readyz in JSON; /readyz answers 503 while storage is down, 200 again after", async () => {
    expect(await http(server, "GET", "/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await http(server, "GET", "/readyz")).toMatchObject({ status: 200, body: { status: "ready", storage: "sqlite" } });
    flaky.set(true);
    try {
      const down = await http(server, "GET", "/readyz");
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "unavailable", reason: "storage" });
      expect((await http(server, "GET", "/healthz")).status).toBe(200);
    } finally {
      flaky.set(false);
    }
    expect((await http(server, "GET", "/readyz")).status).toBe(200);
  });

  it("/metrics: Prometheus text with tables, connections, actions, ack latency, refusals, bot time, storage writes, event-loop lag", async () => {
    // Something to count: a human act, a bot match, a refused frame. A bot holding two equal cards
    // plays its only move without being asked (nothing to time), so the table is one where it chooses.
    const bidding = games.find((g) => g.id === "bidding")!;
    let id = "";
    for (let tries = 0; tries < 50 && !id; tries++) {
      const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] });
      const record = (await server.storage.getTable(created.body.table.id as string))!;
      const state = bidding.setup({ seats: 2, options: record.options, seed: record.seed });
      if (bidding.legalActions(state, 1).length > 1) id = record.id;
    }
    expect(id).not.toBe("");
    const { token } = (await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body as { token: string };
    const c = await Client.open(server);
    c.send({ type: "hello", tableId: id, token });
    const sync = await c.waitFor("sync");
    c.send({ type: "act", action: sync.legal![0]!.action, ref: "a" });
    await c.waitFor("ack", (a) => a.ref === "a");
    c.send("{nope");
    await c.waitFor("error", (e) => e.code === "bad-json");
    await c.waitFor("update", (u) => u.actor === 1);

    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    const families = new Map(parsePrometheus(text).map((f) => [f.name, f]));
    const expected: [string, string][] = [
      ["grimoire_tables", "GAUGE"],
      ["grimoire_connections", "GAUGE"],
      ["grimoire_actions_total", "COUNTER"],
      ["grimoire_ack_latency_seconds", "HISTOGRAM"],
      ["grimoire_refused_messages_total", "COUNTER"],
      ["grimoire_bot_decision_seconds", "HISTOGRAM"],
      ["grimoire_storage_write_seconds", "HISTOGRAM"],
      ["grimoire_storage_commits_total", "COUNTER"],
      ["grimoire_storage_batched_writes_total", "COUNTER"],
      ["grimoire_thread_cpu_seconds_total", "COUNTER"],
      ["nodejs_eventloop_lag_seconds", "GAUGE"],
    ];
    for (const [name, type] of expected) expect(families.get(name)?.type, name).toBe(type);
    const value = (name: string, labels: Record<string, string>) =>
      Number(families.get(name)!.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);
    expect(value("grimoire_tables", { game: "bidding", status: "playing" })).toBeGreaterThanOrEqual(1);
    expect(value("grimoire_connections", { kind: "seat" })).toBeGreaterThanOrEqual(1);
    expect(value("grimoire_actions_total", { game: "bidding", by: "player" })).toBeGreaterThanOrEqual(1);
    expect(value("grimoire_actions_total", { game: "bidding", by: "bot" })).toBeGreaterThanOrEqual(1);
    expect(value("grimoire_refused_messages_total", { code: "bad-json" })).toBeGreaterThanOrEqual(1);
    // Group commit: the store's own count of commits and of the writes they held (each commit holds one or more).
    const commits = value("grimoire_storage_commits_total", {});
    const committed = value("grimoire_storage_batched_writes_total", { result: "ok" });
    expect(commits).toBeGreaterThanOrEqual(2);
    expect(committed).toBeGreaterThanOrEqual(commits);
    expect(value("grimoire_storage_batched_writes_total", { result: "failed" })).toBeGreaterThanOrEqual(0);
    const stats = server.storage.stats();
    expect(stats.commits).toBeGreaterThanOrEqual(commits);
    expect(stats.writes).toBeGreaterThanOrEqual(committed);
    // The CPU time by thread: the event loop's, the SQLite writer's (it committed) and the bot worker's (it chose).
    for (const thread of ["main", "sqlite-writer", "bot-worker"]) expect(value("grimoire_thread_cpu_seconds_total", { thread }), thread).toBeGreaterThan(0);
    expect(value("grimoire_thread_cpu_seconds_total", { thread: "other" })).toBeGreaterThanOrEqual(0);
    // The parser flattens only unlabelled histograms: labelled counts are read from the text.
    const count = (name: string, labels: string) => Number(new RegExp(`^${name}_count${labels.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
    expect(count("grimoire_ack_latency_seconds", "")).toBeGreaterThanOrEqual(1);
    expect(count("grimoire_bot_decision_seconds", '{game="bidding",level="easy"}')).toBeGreaterThanOrEqual(1);
    expect(count("grimoire_storage_write_seconds", '{op="appendAction"}')).toBeGreaterThanOrEqual(2);
    await c.close();
  });

  it("logs are JSON lines with a request id, and never a seat token", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const tokens = [(await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token as string, (await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).body.token as string];
    for (const token of tokens) {
      const c = await Client.open(server);
      c.send({ type: "hello", tableId: id, token });
      const sync = await c.waitFor("sync");
      c.send({ type: "act", action: sync.legal![0]!.action, ref: "x" });
      await c.waitFor("ack");
      c.send({ type: "hello", tableId: id, token });
      await c.waitFor("error");
      await c.close();
    }
    const forged = await Client.open(server);
    forged.send({ type: "hello", tableId: id, token: `${tokens[0]}x` });
    await forged.waitFor("error");
    await forged.close();
    const tagged = await fetch(`${server.url}/api/tables/${id}`, { headers: { "x-request-id": "req-test-42" } });
    expect(tagged.headers.get("x-request-id")).toBe("req-test-42");
    await new Promise((r) => setTimeout(r, 100));

    expect(lines.length).toBeGreaterThan(10);
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; level: number; msg: string });
    expect(parsed.some((l) => l.reqId === "req-test-42")).toBe(true);
    expect(parsed.filter((l) => l.reqId !== undefined).length).toBeGreaterThan(5);
    const all = lines.join("\n");
    for (const token of tokens) {
      expect(all.includes(token)).toBe(false);
      expect(all.includes(token.slice(0, 16))).toBe(false);
    }
  });

  it("an unhandled promise rejection is logged, never fatal", () => {
    const script = fileURLToPath(new URL("./support/reject-child.ts", import.meta.url));
    const run = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("ALIVE");
    const logged = run.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { msg: string; err?: { message: string } });
    expect(logged.some((l) => l.msg === "unhandled rejection" && l.err?.message === "nobody handles this")).toBe(true);
  });
});

/** A TCP proxy to PostgreSQL that can stall: while stalled it forwards nothing, as a network partition would. */
async function stallingProxy(target: { host: string; port: number }) {
  let stalled = false;
  const pairs: { client: Socket; upstream: Socket }[] = [];
  const waiting: Socket[] = [];
  const link = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    pairs.push({ client, upstream });
  };
  const proxy = createNetServer((client) => (stalled ? waiting.push(client) : link(client)));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      stalled = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
      for (const client of waiting.splice(0)) link(client);
    },
    close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      proxy.close();
    },
  };
}

describe("readiness on PostgreSQL", () => {
  it("/readyz answers 503 while PostgreSQL is unreachable, 200 again once it is back", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    const proxy = await stallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
    const viaProxy = new URL(url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const pgServer = await boot({ storage: new PostgresStorage(viaProxy.href, schema) });
    try {
      expect(await http(pgServer, "GET", "/readyz")).toMatchObject({ status: 200, body: { status: "ready", storage: "postgres" } });
      proxy.stall();
      const down = await http(pgServer, "GET", "/readyz");
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "unavailable", reason: "storage", storage: "postgres" });
      expect((await http(pgServer, "GET", "/healthz")).status).toBe(200);
      proxy.resume();
      expect((await http(pgServer, "GET", "/readyz")).status).toBe(200);
    } finally {
      proxy.resume();
      await pgServer.close();
      proxy.close();
      const cleanup = new PostgresStorage(url.href, schema);
      await cleanup.dropSchema();
      await cleanup.close();
    }
  }, 60_000);
});
