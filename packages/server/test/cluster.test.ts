// Several server processes (REDIS_URL + PostgreSQL): real processes on loopback ports, the real
// PostgreSQL (127.0.0.1:5432, a fresh schema per test) and the real Redis (127.0.0.1:6379, a fresh
// key prefix per test). One table's players on different processes play to the end while
// spectators on every process see each update in order (once more behind Debian's nginx with
// deploy/nginx.conf, when installed); the owner is SIGKILLed mid-game and
// another process takes over; a paused owner comes back after its lease and is refused. The table's
// other messages (chat, resign, reclaim, rematch, the creator's cancel and seat → bot, hints) asked
// on a process that does not own the table reach the owner, and their effect every process's clients;
// "your tables" on a third process knows whose turn it is, and a review asked of two processes is
// computed by one. An account's session and ratings are the same on every process, and the log-in
// limits hold across processes. A process listens only to the channels of the tables it owns or
// its clients watch, and an owner publishes nothing while no other process listens; a dropped
// subscriber connection (the owner's, a follower's) loses nothing.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnyGame } from "@grimoire/engine";
import { nameSkeleton, type ServerOut, type TableInfo } from "../src/protocol.ts";
import { games } from "@grimoire/catalog";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createServer, DEFAULT_META, PostgresStorage, StaleRowError, type TableRecord } from "../src/index.ts";
import { childProcesses, type ChildServer } from "./support/children.ts";
import { Client, http, ROOMY, sleep, TEST_CATALOG } from "./support/harness.ts";
import { hasNginx, startNginx } from "./support/nginx.ts";
import { Roaming } from "./support/roaming.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const { spawnServer, track } = childProcesses();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
});

interface Cluster {
  storage: PostgresStorage;
  servers: ChildServer[];
  prefix: string;
  redis: Redis;
}

/** `n` processes sharing a fresh PostgreSQL schema and Redis prefix (`env`: LIMIT_* and the like). */
async function startCluster(n: number, leaseMs: number, env: NodeJS.ProcessEnv = {}): Promise<Cluster> {
  const schema = `cluster_${randomBytes(5).toString("hex")}`;
  const prefix = `grimoire-test:${schema}:`;
  const storage = new PostgresStorage(PG_URL, { schema });
  await storage.migrate();
  const redis = new Redis(REDIS_URL);
  const servers: ChildServer[] = [];
  for (let i = 0; i < n; i++) {
    servers.push(
      await spawnServer({ DATA_DIR: "/nonexistent", DATABASE_URL: PG_URL, PG_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix, LEASE_MS: String(leaseMs), LOG_LEVEL: "info", BOT_WORKERS: "1", ...env }),
    );
  }
  cleanups.push(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.exited));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await storage.dropSchema();
    await storage.close();
  });
  return { storage, servers, prefix, redis };
}

/** A table of `seats` humans created on process 0, seat i joined through process i mod n (or all through `lb`, a load balancer). */
async function humanTable(c: Cluster, game: AnyGame, seats: number, lb?: { url: string }): Promise<{ id: string; tokens: string[] }> {
  const created = await http(lb ?? c.servers[0]!, "POST", "/api/tables", { game: game.id, seats: Array.from({ length: seats }, () => ({ kind: "open" })) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.table.id as string;
  // The lobby is the same on every process (read from PostgreSQL).
  for (const s of c.servers) expect(((await http(s, "GET", "/api/tables")).body.tables as { id: string }[]).map((t) => t.id)).toContain(id);
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) {
    const joined = await http(lb ?? c.servers[i % c.servers.length]!, "POST", `/api/tables/${id}/join`, { name: `P${i}`, seat: i });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    tokens.push(joined.body.token as string);
  }
  for (const s of c.servers) expect(((await http(s, "GET", "/api/tables")).body.tables as { id: string }[]).map((t) => t.id)).not.toContain(id);
  return { id, tokens };
}

const portsFrom = (c: Cluster, first: number) => c.servers.map((_, i) => c.servers[(first + i) % c.servers.length]!.port);

/** Every update a watcher saw on one connection: consecutive versions, from its sync to the end. */
function expectInOrder(watcher: Roaming, last: number): void {
  const sync = watcher.messages.find((m) => m.type === "sync") as { version: number };
  const seen = watcher.runs.flat();
  expect(seen).toEqual(Array.from({ length: last - sync.version }, (_, i) => sync.version + i + 1));
}

/** Every acknowledged action is in the log at its version, and the log has each version once. */
async function expectLogged(c: Cluster, tableId: string, players: Roaming[], last: number): Promise<void> {
  const log = await c.storage.loadActions(tableId);
  expect(log.map((a) => a.version)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  for (const p of players) {
    for (const ack of p.acks) {
      const entry = log[ack.version - 1]!;
      expect(entry.seat).toBe(p.seat);
      expect(entry.action).toEqual(ack.action);
    }
  }
  const acked = players.flatMap((p) => p.acks.map((a) => a.version));
  expect(new Set(acked).size).toBe(acked.length);
}

/**
 * A match of each game on three processes, spectators on every process (or all of them through
 * `lb`, a load balancer's port): every update in order, each act acknowledged and logged once.
 * Resolves to how many processes listened to each table's channel at its end.
 */
async function everyGame(c: Cluster, lb?: { port: number; url: string }): Promise<number[]> {
  const listeners: number[] = [];
  const via = (first: number) => (lb === undefined ? portsFrom(c, first) : [lb.port]);
  for (const game of games) {
    const seats = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
    const { id, tokens } = await humanTable(c, game, seats, lb);
    const players = tokens.map((token, i) => new Roaming(`${game.id}-p${i}`, game, id, token, via(i % 3), i + 1));
    const spectators = c.servers.map((_, i) => new Roaming(`${game.id}-s${i}`, game, id, undefined, via(i), 0));
    for (const s of spectators) await s.connect();
    for (const p of players) await p.connect();
    for (const p of [...players, ...spectators]) await p.waitFor(() => p.over, 240_000, "the end");
    const last = players[0]!.version;
    expect(last).toBeGreaterThan(0);
    for (const s of spectators) {
      expect(s.runs, `${s.name} closed ${s.closes.join(",")}; servers ${c.servers.map((x) => x.child.exitCode ?? x.child.signalCode).join(",")}`).toHaveLength(1);
      expectInOrder(s, last);
    }
    // Each act acknowledged once and logged once.
    for (const p of players) expect(p.acks.length).toBeGreaterThan(0);
    await expectLogged(c, id, players, last);
    const table = await c.storage.getTable(id);
    expect(table?.status).toBe("over");
    // No process fell over on the way.
    for (const s of c.servers) expect(s.child.exitCode ?? s.child.signalCode).toBeNull();
    listeners.push(Number(((await c.redis.call("PUBSUB", "NUMSUB", `${c.prefix}table:${id}`)) as (string | number)[])[1]));
    for (const p of [...players, ...spectators]) p.close();
  }
  return listeners;
}

describe("several processes", () => {
  it("REDIS_URL with SQLite storage is refused at start with a clear error", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "grimoire-cluster-"));
    try {
      await expect(createServer({ port: 0, dataDir, redisUrl: REDIS_URL, catalogUrl: TEST_CATALOG, limits: ROOMY })).rejects.toThrow(/REDIS_URL .*needs DATABASE_URL pointing at PostgreSQL/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a row write that expects a row another process has changed is refused and changes nothing (PostgreSQL)", async () => {
    const schema = `cluster_${randomBytes(5).toString("hex")}`;
    const storage = new PostgresStorage(PG_URL, { schema });
    cleanups.push(async () => {
      await storage.dropSchema();
      await storage.close();
    });
    await storage.migrate();
    const open = { kind: "open" as const, name: null, level: null, tokenHash: null, takeover: false };
    const base: TableRecord = {
      meta: { ...DEFAULT_META },
      hints: false,
      id: "t1",
      game: "abracadawhat",
      options: {},
      seats: [open, open],
      status: "open",
      turnSeconds: null,
      graceSeconds: null,
      seed: "0".repeat(32),
      seedHash: "h",
      outcome: null,
      createdAt: 1,
      deadline: null,
      eventsHash: null,
      rated: false,
    };
    await storage.saveTable(base);
    const seat = (name: string, tokenHash: string) => ({ kind: "human" as const, name, level: null, tokenHash, takeover: false });
    // The owner takes seat 1 knowing the row as it is: accepted.
    const byOwner: TableRecord = { ...base, seats: [open, seat("B", "b")] };
    await storage.saveTable(byOwner, { expected: base });
    // A stale owner, still knowing seat 1 open, gives it to someone else: refused.
    await expect(storage.saveTable({ ...base, seats: [open, seat("C", "c")] }, { expected: base })).rejects.toBeInstanceOf(StaleRowError);
    expect((await storage.getTable("t1"))!.seats[1]).toEqual(seat("B", "b"));
    // A flag that does not change who holds the seats is not a conflict.
    await storage.saveTable({ ...byOwner, seats: [open, { ...seat("B", "b"), takeover: true }] }, { expected: { ...byOwner, seats: [open, { ...seat("B", "b"), takeover: true }] } });
    expect((await storage.getTable("t1"))!.seats[1]!.takeover).toBe(true);
  });

  it("three processes: a match of each game with its players on different processes, spectators on all three see every update in order", async () => {
    const c = await startCluster(3, 3000);
    await everyGame(c);
  }, 600_000);

  it.skipIf(!hasNginx)(`the same behind nginx (deploy/nginx.conf: hash on the table's id, WebSocket upgrades)${hasNginx ? "" : ": SKIPPED, /usr/sbin/nginx is missing (apt-get install nginx)"}`, async () => {
    const c = await startCluster(3, 3000);
    const nginx = await startNginx(c.servers.map((s) => s.port), track);
    cleanups.push(() => nginx.stop());
    const listeners = await everyGame(c, nginx);
    // Each table's requests and clients all reached one process (the table's hash; the creator, picked
    // at random, keeps no copy of an open table): that one alone listened to the table.
    console.log(`behind nginx: processes listening to each table at its end: ${listeners.join(", ")}`);
    for (const n of listeners) expect(n).toBe(1);
    // The process that took each table's first join (the table's own, its hash) owns it from its
    // start, where its clients are: nothing changes hands and forwarding is the exception.
    const counter = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? 0);
    let forwarded = 0;
    let handedOver = 0;
    let actions = 0;
    for (const s of c.servers) {
      const text = (await http(s, "GET", "/metrics")).body as string;
      forwarded += counter(text, "grimoire_forwarded_calls_total");
      handedOver += counter(text, "grimoire_tables_handed_over_total");
      actions += [...text.matchAll(/^grimoire_actions_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    }
    console.log(`behind nginx: ${forwarded} calls forwarded, ${handedOver} tables handed over, ${actions} actions`);
    expect(actions).toBeGreaterThan(0);
    expect(handedOver).toBe(0);
    expect(forwarded).toBe(0);
    expect(nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  }, 600_000);

  it("SIGKILL of the owner mid-game: another process takes over from the log; the match finishes, nothing acknowledged is lost or doubled", async () => {
    const c = await startCluster(3, 3000);
    const game = games.find((g) => g.id === "abracadawhat")!;
    const { id, tokens } = await humanTable(c, game, 3);
    const players = tokens.map((token, i) => new Roaming(`k-p${i}`, game, id, token, portsFrom(c, i), 10 + i));
    const spectators = [1, 2].map((i) => new Roaming(`k-s${i}`, game, id, undefined, portsFrom(c, i), 0));
    for (const s of spectators) await s.connect();
    for (const p of players) await p.connect();
    await spectators[0]!.waitFor(() => spectators[0]!.version >= 6, 60_000, "version 6");
    // Seat 0 joined through process 0 first: it owns the table.
    const killedAt = Date.now();
    c.servers[0]!.child.kill("SIGKILL");
    const versionAtKill = spectators[0]!.version;
    await spectators[0]!.waitFor(() => spectators[0]!.version > versionAtKill + 1, 30_000, "the match to move again").catch((e) => {
      for (const s of c.servers.slice(1)) console.log(s.output().split("\n").filter((l) => /cluster|table|storage/.test(l)).map((l) => { try { return JSON.parse(l).msg; } catch { return l; } }).join("\n"));
      for (const p of players) console.log(p.name, p.version, JSON.stringify(p.messages.slice(-4)).slice(0, 800));
      throw e;
    });
    const takeover = Date.now() - killedAt;
    // Figure for docs/server.md (lease 3000 ms; target under 5 s).
    console.log(`takeover after SIGKILL: ${takeover} ms (from the kill to the next update on a surviving process)`);
    expect(takeover, "issue #16's target: the match moves again within 5 s of its owner's death").toBeLessThan(5000);
    for (const p of [...players, ...spectators]) await p.waitFor(() => p.over, 240_000, "the end");
    const last = spectators[0]!.version;
    // Spectators on the surviving processes kept their connection and saw every update in order.
    for (const s of spectators) {
      expect(s.runs).toHaveLength(1);
      expectInOrder(s, last);
    }
    // The player of the dead process reconnected elsewhere and resumed with `since`.
    expect(players[0]!.runs.length).toBeGreaterThan(1);
    await expectLogged(c, id, players, last);
    for (const s of c.servers.slice(1)) expect(s.child.exitCode ?? s.child.signalCode).toBeNull();
    for (const p of [...players, ...spectators]) p.close();
  }, 600_000);

  it("a process that dies takes its seats with it: the owner's grace period starts for them and a bot plays for them", async () => {
    const c = await startCluster(2, 1500);
    const game = games.find((g) => g.id === "abracadawhat")!;
    const created = await http(c.servers[0]!, "POST", "/api/tables", { game: game.id, seats: [{ kind: "open" }, { kind: "open" }], graceSeconds: 5 });
    const id = created.body.table.id as string;
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) tokens.push((await http(c.servers[i]!, "POST", `/api/tables/${id}/join`, { name: `G${i}`, seat: i })).body.token as string);
    const here = new Roaming("g-p0", game, id, tokens[0], [c.servers[0]!.port], 40);
    const there = new Roaming("g-p1", game, id, tokens[1], [c.servers[1]!.port], 41);
    await here.connect();
    await there.connect();
    // Seat 1 is connected through process 1 only: the owner (process 0) counts it as connected.
    await here.waitFor(() => here.messages.some((m) => m.type === "table" && m.table.seats[1]!.connected), 15_000, "seat 1 connected");
    there.stopped = true;
    c.servers[1]!.child.kill("SIGKILL");
    await here.waitFor(() => here.messages.some((m) => m.type === "update" && m.by === "absent" && m.actor === 1), 60_000, "a bot to play for seat 1");
    here.close();
  }, 120_000);

  it("a table nobody is at: only its owner abandons it, every process's lobby leaves it out, and it stays over", async () => {
    // ABANDON_MINUTES as a fraction: 3 s of real time with nobody at the table.
    const c = await startCluster(2, 1500, { ABANDON_MINUTES: "0.05" });
    const created = await http(c.servers[0]!, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const id = created.body.table.id as string;
    // The only human joins through process 0, which so owns the table (an open table's owner is
    // whoever takes its first join), then plays through process 1; a spectator on process 0 keeps
    // it there (an owner nobody watches hands a table to where its seats are).
    const token = (await http(c.servers[0]!, "POST", `/api/tables/${id}/join`, { name: "Solo", seat: 0 })).body.token as string;
    const keeper = await Client.open(c.servers[0]!);
    keeper.send({ type: "hello", tableId: id });
    await keeper.waitFor("welcome");
    const player = await Client.open(c.servers[1]!);
    player.send({ type: "hello", tableId: id, token });
    await player.waitFor("sync");
    const spectator = await Client.open(c.servers[1]!);
    spectator.send({ type: "hello", tableId: id });
    await spectator.waitFor("welcome");
    const listed = async (on: number) => ((await http(c.servers[on]!, "GET", "/api/tables?status=playing")).body.tables as TableInfo[]).map((t) => t.id);
    for (let i = 0; i < 100 && !(await listed(0)).includes(id); i++) await sleep(100);
    expect(await listed(0)).toContain(id);
    expect(await listed(1)).toContain(id);
    await player.close();
    const over = await spectator.waitFor("over", () => true, 0, 60_000);
    expect(over.outcome).toBeNull();
    expect((await spectator.waitFor("table", (t) => t.table.status === "over")).table).toMatchObject({ abandoned: true, rated: false });
    const row = (await c.storage.getTable(id))!;
    expect(row).toMatchObject({ status: "over", outcome: null, meta: { abandoned: true } });
    // Abandoned once, by its owner.
    const said = (i: number) => c.servers[i]!.output().split("\n").filter((l) => l.includes(`${id}: abandoned`)).length;
    expect(said(0)).toBe(1);
    expect(said(1)).toBe(0);
    expect(await listed(0)).not.toContain(id);
    expect(await listed(1)).not.toContain(id);
    await spectator.close();
    await keeper.close();
    // The owner dies; the survivor's sweeps take up no table of it: it stays over, listed nowhere.
    c.servers[0]!.child.kill("SIGKILL");
    await sleep(3000);
    expect((await c.storage.getTable(id))!.status).toBe("over");
    expect(await listed(1)).not.toContain(id);
    expect(((await http(c.servers[1]!, "GET", `/api/tables/${id}`)).body.table as TableInfo).abandoned).toBe(true);
  }, 120_000);

  it("an owner paused past its lease (SIGSTOP/SIGCONT): its append of a version already logged is refused and it steps down", async () => {
    const c = await startCluster(2, 1500);
    const game = games.find((g) => g.id === "abracadawhat")!;
    const { id, tokens } = await humanTable(c, game, 2);
    const [a, b] = tokens.map((token, i) => new Roaming(`z-p${i}`, game, id, token, portsFrom(c, i), 20 + i));
    await a!.connect();
    await b!.connect();
    await a!.waitFor(() => a!.version >= 3, 60_000, "version 3");
    a!.playing = false;
    b!.playing = false;
    // Quiet: no act in flight.
    let count = -1;
    while (count !== a!.messages.length + b!.messages.length) {
      count = a!.messages.length + b!.messages.length;
      await new Promise((r) => setTimeout(r, 400));
    }
    const latest = [...b!.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as { version: number; decision: { seats: readonly number[] } };
    const before = latest.version;
    const w = latest.decision.seats[0]!;
    // The waiting seat, connected to both processes with one token.
    const onStale = new Roaming("z-stale", game, id, tokens[w], [c.servers[0]!.port], 30);
    const onNew = new Roaming("z-new", game, id, tokens[w], [c.servers[1]!.port], 31);
    onStale.playing = false;
    onNew.playing = false;
    await onStale.connect();
    await onNew.connect();
    await onStale.waitFor(() => onStale.version === before, 10_000, "sync");
    await onNew.waitFor(() => onNew.version === before, 10_000, "sync");
    const lease = `${c.prefix}lease:${id}`;
    const held = await c.redis.get(lease);
    expect(held).not.toBeNull();
    c.servers[0]!.child.kill("SIGSTOP");
    try {
      // Process 1 takes the table once the lease has run out.
      const until = Date.now() + 20_000;
      while ((await c.redis.get(lease)) === held || (await c.redis.get(lease)) === null) {
        if (Date.now() > until) throw new Error("no takeover");
        await new Promise((r) => setTimeout(r, 100));
      }
      const mine = onNew.act(onNew.choose(onNew.messages.findLast((m) => m.type === "sync") as never));
      await onNew.waitFor(() => onNew.acks.some((x) => x.ref === mine), 15_000, "the new owner's ack");
      expect(onNew.acks.find((x) => x.ref === mine)!.version).toBe(before + 1);
      // The same decision through the paused process: it will read this before anything else.
      onStale.act(onStale.choose(onStale.messages.findLast((m) => m.type === "sync") as never));
    } finally {
      c.servers[0]!.child.kill("SIGCONT");
    }
    await onStale.waitFor(() => onStale.errors.length > 0, 15_000, "the refusal");
    expect(onStale.acks).toHaveLength(0);
    expect(onStale.errors[0]!.code).toBe("unavailable");
    await onStale.waitFor(() => /stepping down/.test(c.servers[0]!.output()), 15_000, "the stale owner to step down");
    // It follows the new owner: its client gets version before+1 as the new owner wrote it.
    await onStale.waitFor(() => onStale.version >= before + 1, 15_000, "the stale process to catch up");
    const log = await c.storage.loadActions(id);
    expect(log.filter((e) => e.version === before + 1)).toHaveLength(1);
    expect(log[before]!.action).toEqual(onNew.acks[0]!.action);
    // And the match goes on to its end through both processes.
    onStale.close();
    onNew.close();
    a!.playing = true;
    b!.playing = true;
    a!.maybeAct();
    b!.maybeAct();
    for (const p of [a!, b!]) await p.waitFor(() => p.over, 240_000, "the end");
    await expectLogged(c, id, [a!, b!, onNew], a!.version);
  }, 600_000);
});

describe("several processes: a table's other messages go to its owner", () => {
  // One cluster for these tests (three processes take a while to start on a loaded machine).
  let started: Promise<Cluster> | null = null;
  const cluster = () => (started ??= startCluster(3, 3000));
  const game = games.find((g) => g.id === "abracadawhat")!;

  /** An open table created on process 0 (owned by whichever process takes its first join). */
  async function openTable(c: Cluster, extra: Record<string, unknown> = {}): Promise<{ id: string; creatorToken: string }> {
    const created = await http(c.servers[0]!, "POST", "/api/tables", { game: game.id, seats: [{ kind: "open" }, { kind: "open" }], ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { id: created.body.table.id as string, creatorToken: created.body.creatorToken as string };
  }

  /** Seat `seat` joined through process `via`. */
  async function join(c: Cluster, id: string, seat: number, via: number): Promise<string> {
    const joined = await http(c.servers[via]!, "POST", `/api/tables/${id}/join`, { name: `P${seat}`, seat });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    return joined.body.token as string;
  }

  /** A client of process `on` at the table (a seat with its token, else a spectator), welcomed. */
  async function connect(c: Cluster, on: number, id: string, token?: string): Promise<Client> {
    const client = await Client.open(c.servers[on]!);
    client.send({ type: "hello", tableId: id, ...(token ? { token } : {}) });
    await client.waitFor("welcome");
    return client;
  }

  /**
   * A playing two-seat table owned by process 0 (both seats joined through it: an open table's
   * owner is whoever takes its first join): seat i played through process `seats[i]`, spectators on `watchers`.
   */
  async function playing(c: Cluster, seats: [number, number], watchers: number[], extra: Record<string, unknown> = {}) {
    const { id } = await openTable(c, extra);
    const tokens = [await join(c, id, 0, 0), await join(c, id, 1, 0)];
    const players = await Promise.all(tokens.map((token, i) => connect(c, seats[i]!, id, token)));
    const spectators = await Promise.all(watchers.map((on) => connect(c, on, id)));
    for (const client of [...players, ...spectators]) await client.waitFor("sync");
    return { id, tokens, players, spectators };
  }

  const closeAll = (clients: Client[]) => Promise.all(clients.map((x) => x.close()));

  it("chat sent on a process that does not own the table reaches a third process, with the channels' rules", async () => {
    const c = await cluster();
    const { id, tokens, players, spectators } = await playing(c, [0, 1], [2, 1]);
    const [owner, seated] = players as [Client, Client];
    const [farSpectator, nearSpectator] = spectators as [Client, Client];
    seated.send({ type: "chat", text: "bonjour", ref: "c1" });
    const heard = await farSpectator.waitFor("chat", (m) => m.message.text === "bonjour");
    expect(heard.message).toMatchObject({ channel: "players", seat: 1, name: "P1" });
    await owner.waitFor("chat", (m) => m.message.text === "bonjour");
    await seated.waitFor("ack", (m) => m.ref === "c1");
    // Its sender sees it once, as everyone else (it came back from the owner).
    await seated.waitFor("chat", (m) => m.message.text === "bonjour");
    // A spectator's message reaches the spectators of every process, not the players (spectatorChat is off).
    nearSpectator.send({ type: "chat", text: "psst", name: "Onlooker", ref: "c2" });
    await farSpectator.waitFor("chat", (m) => m.message.text === "psst" && m.message.channel === "spectators");
    await nearSpectator.waitFor("ack", (m) => m.ref === "c2");
    seated.send({ type: "chat", text: "encore", ref: "c3" });
    // In order from the owner: the players got the message after "psst" and never "psst".
    for (const p of players) {
      await p.waitFor("chat", (m) => m.message.text === "encore");
      expect(p.of("chat").map((m) => m.message.text)).toEqual(["bonjour", "encore"]);
    }
    // One numbering for the table, whatever the process.
    await farSpectator.waitFor("chat", (m) => m.message.text === "encore");
    expect(farSpectator.of("chat").map((m) => m.message.id)).toEqual([1, 2, 3]);
    // A process that followed the chat gives it in the history of its later arrivals, per viewer.
    const late = await connect(c, 2, id);
    expect((await late.waitFor("chat-history")).messages.map((m) => m.text)).toEqual(["bonjour", "psst", "encore"]);
    const lateSeat = await connect(c, 2, id, tokens[0]);
    expect((await lateSeat.waitFor("chat-history")).messages.map((m) => m.text)).toEqual(["bonjour", "encore"]);
    expect((await c.storage.loadChat(id, 10)).map((m) => m.text)).toEqual(["bonjour", "psst", "encore"]);
    await closeAll([...players, ...spectators, late, lateSeat]);
  }, 180_000);

  it("resign sent on a process that does not own the table ends it for everyone; the owner's refusals come back with their codes", async () => {
    const c = await cluster();
    const { id, players, spectators } = await playing(c, [2, 1], [0]);
    const resigning = players[1]!;
    resigning.send({ type: "resign", ref: "r1" });
    await resigning.waitFor("ack", (m) => m.ref === "r1");
    for (const client of [...players, ...spectators]) {
      const over = await client.waitFor("over");
      expect(over.outcome?.winners).toEqual([0]);
    }
    const row = await c.storage.getTable(id);
    expect(row?.status).toBe("over");
    expect(row?.meta.resigned.map((r) => r.seat)).toEqual([1]);
    // Asked again, the owner refuses it: the same code as on one process.
    resigning.send({ type: "resign", ref: "r2" });
    expect((await resigning.waitFor("error", (m) => m.ref === "r2")).code).toBe("game-over");
    await closeAll([...players, ...spectators]);
  }, 180_000);

  it("a rematch asked on processes that do not own the table: both seats are sent to the new table, which keeps their tokens", async () => {
    const c = await cluster();
    // Nobody watches on process 0: once over, the table leaves its memory and its lease.
    const { id, tokens, players } = await playing(c, [1, 2], []);
    players[0]!.send({ type: "resign", ref: "r" });
    for (const p of players) await p.waitFor("over");
    players[0]!.send({ type: "rematch", ref: "m0" });
    await players[0]!.waitFor("ack", (m) => m.ref === "m0");
    // The first acceptance reached everyone with the row.
    await players[1]!.waitFor("table", (m) => m.table.rematch.accepted.includes(0));
    players[1]!.send({ type: "rematch", ref: "m1" });
    const sent = await Promise.all(players.map((p) => p.waitFor("rematch")));
    const next = sent[0]!.tableId;
    expect(sent[1]!.tableId).toBe(next);
    const info = (await http(c.servers[0]!, "GET", `/api/tables/${next}`)).body.table as { status: string; rematch: { previous: string } };
    expect(info).toMatchObject({ status: "playing", rematch: { previous: id } });
    expect((await c.storage.getTable(id))?.meta.rematchNext).toBe(next);
    // Each token holds the same seat at the new table, through any process.
    for (const [seat, token] of tokens.entries()) {
      const back = await connect(c, seat, next, token);
      expect((back.of("welcome")[0] as Extract<ServerOut, { type: "welcome" }>).you).toBe(seat);
      await back.waitFor("sync");
      await back.close();
    }
    await closeAll(players);
  }, 180_000);

  it("reclaim sent on a process that does not own the table clears a clock take-over for everyone", async () => {
    const c = await cluster();
    // Seat 0 decides first and lets its clock run out; seat 1 waits its turn without acting.
    const { players, spectators } = await playing(c, [1, 2], [0], { turnSeconds: 5 });
    const [seat0] = players as [Client, Client];
    const watcher = spectators[0]!;
    const taken = await watcher.waitFor("table", (m) => m.table.seats[0]!.botTakeover && m.table.seats[0]!.takeoverReason === "clock", 0, 90_000);
    const from = watcher.messages.indexOf(taken) + 1;
    seat0.send({ type: "reclaim", ref: "back" });
    await seat0.waitFor("ack", (m) => m.ref === "back");
    // The owner (process 0) cleared the flag: its clients and the other processes' see it.
    await watcher.waitFor("table", (m) => !m.table.seats[0]!.botTakeover, from);
    await players[1]!.waitFor("table", (m) => !m.table.seats[0]!.botTakeover, players[1]!.messages.findIndex((m) => m.type === "table" && m.table.seats[0]!.botTakeover));
    await closeAll([...players, ...spectators]);
  }, 180_000);

  it("the creator cancels through a process that does not own the table: the table is cancelled everywhere", async () => {
    const c = await cluster();
    const { id, creatorToken } = await openTable(c);
    const watcher = await connect(c, 2, id);
    // Another's token is refused by the owner, with its code.
    const wrong = await http(c.servers[1]!, "POST", `/api/tables/${id}/cancel`, { creatorToken: "x".repeat(32) });
    expect(wrong.body.error?.code).toBe("not-creator");
    const cancelled = await http(c.servers[1]!, "POST", `/api/tables/${id}/cancel`, { creatorToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.table.status).toBe("cancelled");
    await watcher.waitFor("table", (m) => m.table.status === "cancelled");
    expect((await c.storage.getTable(id))?.status).toBe("cancelled");
    for (const s of c.servers) {
      expect(((await http(s, "GET", "/api/tables")).body.tables as { id: string }[]).map((t) => t.id)).not.toContain(id);
      const joined = await http(s, "POST", `/api/tables/${id}/join`, { name: "Late" });
      expect(joined.body.error?.code).toBe("table-cancelled");
    }
    await watcher.close();
  }, 180_000);

  it("the creator gives a seat to a bot through a process that does not own the table: the match starts and the owner runs the bot", async () => {
    const c = await cluster();
    const { id, creatorToken } = await openTable(c);
    const token = await join(c, id, 0, 2);
    const player = await connect(c, 2, id, token);
    const seated = await http(c.servers[1]!, "POST", `/api/tables/${id}/seats/1/bot`, { creatorToken, level: "easy" });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    expect(seated.body.table.seats[1]).toMatchObject({ kind: "bot", level: "easy" });
    expect(seated.body.table.status).toBe("playing");
    for (const s of c.servers) expect(((await http(s, "GET", "/api/tables")).body.tables as { id: string }[]).map((t) => t.id)).not.toContain(id);
    // The player acts (each act forwarded) until the bot has played once.
    const until = Date.now() + 120_000;
    let acted = -1;
    let refused = 0;
    while (!player.messages.some((m) => m.type === "update" && m.by === "bot" && m.actor === 1)) {
      if (Date.now() > until) throw new Error(`the bot never played; last messages ${JSON.stringify(player.messages.slice(-3)).slice(0, 600)}`);
      if (player.of("error").length > refused) {
        refused = player.of("error").length;
        acted = -1;
      }
      const latest = player.messages.findLast((m) => m.type === "sync" || m.type === "update") as Extract<ServerOut, { type: "sync" | "update" }> | undefined;
      if (latest && latest.decision.seats.includes(0) && latest.version !== acted) {
        expect(latest.legal?.length).toBeGreaterThan(0);
        acted = latest.version;
        player.send({ type: "act", action: latest.legal![0]!.action, ref: `a${latest.version}` });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await player.close();
  }, 180_000);

  it("with the owner gone and its lease not yet run out, chat, resign and reclaim are refused `unavailable` with a delay to try again", async () => {
    // Its own cluster, with a long lease: nobody takes the table over during the test.
    const c = await startCluster(2, 60_000);
    const { id } = await openTable(c);
    // Joined through process 0, which so owns the table (whoever takes an open table's first join owns it).
    const tokens = [await join(c, id, 0, 0), await join(c, id, 1, 1)];
    // A client of the owner's, so that it keeps the table (an owner nobody watches hands it over to
    // where its seats are connected; cluster.ts).
    const watcher = await connect(c, 0, id);
    const players = await Promise.all(tokens.map((token) => connect(c, 1, id, token)));
    for (const p of players) await p.waitFor("sync");
    c.servers[0]!.child.kill("SIGKILL");
    await watcher.close().catch(() => {});
    await c.servers[0]!.exited;
    const seat = players[1]!;
    for (const [ref, message] of [
      ["c", { type: "chat", text: "allô ?" }],
      ["r", { type: "resign" }],
      ["b", { type: "reclaim" }],
    ] as const) {
      seat.send({ ...message, ref });
      const refused = await seat.waitFor("error", (m) => m.ref === ref);
      expect(refused.code, refused.message).toBe("unavailable");
      expect(refused.params?.retryAfterMs).toBeGreaterThan(0);
    }
    // Nothing was applied: no chat message, no resignation.
    expect(seat.of("chat")).toHaveLength(0);
    expect(await c.storage.loadChat(id, 10)).toHaveLength(0);
    expect((await c.storage.getTable(id))?.meta.resigned).toEqual([]);
    await closeAll(players);
  }, 180_000);

  it("your tables asked on a process that neither owns nor follows the table: whose turn it is comes from the owner", async () => {
    const c = await cluster();
    // Both seats joined and played through the owner (process 0); process 2 never sees the table.
    const { id } = await openTable(c, { turnSeconds: 600 });
    const tokens = [await join(c, id, 0, 0), await join(c, id, 1, 0)];
    const players = await Promise.all(tokens.map((token) => connect(c, 0, id, token)));
    const mine = async () => {
      const answer = await http(c.servers[2]!, "POST", "/api/my-tables", { seats: tokens.map((token) => ({ tableId: id, token })) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.tables as { table: { id: string; status: string }; seat: number; yourTurn: boolean; deadline: number | null }[];
    };
    const expectTurn = async (latest: Extract<ServerOut, { type: "sync" | "update" }>) => {
      const tables = await mine();
      expect(tables.map((t) => t.seat).sort()).toEqual([0, 1]);
      for (const t of tables) {
        expect(t.table).toMatchObject({ id, status: "playing" });
        expect(t.yourTurn, `seat ${t.seat} at version ${latest.version} (waiting: ${latest.decision.seats.join(",")})`).toBe(latest.decision.seats.includes(t.seat));
        // Its clock from the stored row: the turn's deadline for the seat that must decide.
        if (t.yourTurn) expect(t.deadline).toBe(latest.decision.deadline);
        else expect(t.deadline).toBeNull();
      }
      // The seat that must decide is listed first.
      expect(tables[0]!.yourTurn).toBe(true);
    };
    let latest: Extract<ServerOut, { type: "sync" | "update" }> = await players[0]!.waitFor("sync");
    await expectTurn(latest);
    // Play until the other seat must decide: the answer follows the owner's match.
    const first = latest.decision.seats[0]!;
    for (let n = 0; latest.decision.seats.includes(first); n++) {
      const from = players[first]!.messages.length;
      players[first]!.send({ type: "act", action: latest.legal!.find((l) => (l.action as { type: string }).type === "end")?.action ?? latest.legal![0]!.action, ref: `t${n}` });
      latest = await players[first]!.waitFor("update", () => true, from);
    }
    await expectTurn(latest);
    await closeAll(players);
  }, 180_000);

  it("a review asked of two processes at once is computed by one; the other answers with its progress, then the stored review", async () => {
    const c = await cluster();
    const { id, players } = await playing(c, [1, 2], []);
    // Eight decisions (whoever must decide), then seat 0 resigns.
    type Latest = Extract<ServerOut, { type: "sync" | "update" }>;
    let version = 0;
    let byZero = 0;
    for (let n = 0; n < 8; n++) {
      const views = players.map((p) => p.messages.findLast((m) => (m.type === "sync" || m.type === "update") && m.version === version) as Latest);
      if (views[0]!.decision.type === "over") break;
      const seat = views[0]!.decision.seats[0]!;
      const legal = views[seat]!.legal!;
      players[seat]!.send({ type: "act", action: legal[n % legal.length]!.action, ref: `v${version}` });
      if (seat === 0) byZero++;
      version++;
      await Promise.all(players.map((p) => p.waitFor("update", (m) => m.version === version)));
    }
    expect(byZero).toBeGreaterThan(0);
    players[0]!.send({ type: "resign", ref: "r" });
    for (const p of players) await p.waitFor("over");
    await closeAll(players);
    const ask = (i: number) => http(c.servers[i]!, "GET", `/api/tables/${id}/review?seat=0`);
    const first = await Promise.all([ask(1), ask(2)]);
    for (const answer of first) expect(answer.body).toMatchObject({ status: "pending", total: byZero });
    const done: unknown[] = [];
    for (const i of [1, 2]) {
      const until = Date.now() + 120_000;
      for (;;) {
        const answer = await ask(i);
        if (answer.status === 200) {
          done.push(answer.body.review);
          break;
        }
        expect(answer.body).toMatchObject({ status: "pending", total: byZero });
        if (Date.now() > until) throw new Error(`process ${i}: the review is still pending: ${JSON.stringify(answer.body)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(done[1]).toEqual(done[0]);
    const started = c.servers.flatMap((s) => s.output().match(new RegExp(`table ${id}: review of seat 0: \\d+ decisions to compute`, "g")) ?? []);
    expect(started, "one process computed the review").toHaveLength(1);
  }, 180_000);

  it("a process listens only to the tables its clients watch or it owns: none of a table's messages reach a process with no client at it; the owner publishes nothing while nobody else listens", async () => {
    // Its own processes: the changes counted on process 0 are this table's alone.
    const c = await startCluster(3, 3000);
    const { id } = await openTable(c);
    const tokens = [await join(c, id, 0, 0), await join(c, id, 1, 0)];
    // Both players on process 0 (the owner), moved by the test; one spectator on process 1; nobody on process 2.
    const players = tokens.map((token, i) => new Roaming(`sub-p${i}`, game, id, token, [c.servers[0]!.port], 50 + i));
    for (const p of players) {
      p.playing = false;
      await p.connect();
    }
    const channel = `${c.prefix}table:${id}`;
    const listeners = async () => Number(((await c.redis.call("PUBSUB", "NUMSUB", channel)) as (string | number)[])[1]);
    const until = async (what: string, test: () => Promise<boolean>) => {
      const end = Date.now() + 20_000;
      while (!(await test())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const step = () => actOnce(players);
    const watcher = new Roaming("sub-s1", game, id, undefined, [c.servers[1]!.port], 0);
    await watcher.connect();
    // The owner and process 1: not process 2, and no process listens to every table (no pattern).
    await until("two listeners", async () => (await listeners()) === 2);
    const patterns = (await c.redis.call("PUBSUB", "NUMPAT")) as number;
    const v1 = await step();
    await watcher.waitFor(() => watcher.version === v1, 10_000, "the update on process 1");
    /** The owner's changes published on the table's channel, and kept off it (nobody else listened). */
    const changes = async () => {
      const text = (await http(c.servers[0]!, "GET", "/metrics")).body as string;
      const count = (result: string) => Number(new RegExp(`^grimoire_table_changes_total\\{result="${result}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
      return { published: count("published"), unheard: count("unheard") };
    };
    // The spectator leaves: process 1 stops listening a few seconds later.
    watcher.close();
    await until("only the owner to listen", async () => (await listeners()) === 1);
    const v2 = await step();
    const v3 = await step();
    expect(v3).toBe(v2 + 1);
    // The first change after the spectator left reached the owner alone: the next ones stay off Redis.
    const alone = await changes();
    const v3b = await step();
    const silent = await changes();
    expect(silent.published, "nothing published once nobody else listens").toBe(alone.published);
    expect(silent.unheard).toBeGreaterThan(alone.unheard);
    // Someone comes back on process 1: the table is read again from the log, then followed (the
    // owner publishes again once the newcomer says it listens).
    const back = new Roaming("sub-s1b", game, id, undefined, [c.servers[1]!.port], 0);
    await back.connect();
    await back.waitFor(() => back.version === v3b, 10_000, "the version of the log");
    expect(await listeners()).toBe(2);
    const v4 = await step();
    await back.waitFor(() => back.version === v4, 10_000, "the next update");
    expect(back.runs.flat()).toEqual([v4]);
    expect((await changes()).published).toBeGreaterThan(silent.published);
    // Process 2 never listened; pattern subscriptions did not grow with this table.
    expect((await c.redis.call("PUBSUB", "NUMPAT")) as number).toBeLessThanOrEqual(patterns);
    back.close();
    for (const p of players) p.close();
  }, 180_000);

  it("the owner's subscriber connection dropped (CLIENT KILL) while its seats act: a spectator on another process keeps up, and the owner publishes again once it listens again", async () => {
    const c = await startCluster(2, 3000);
    const { id } = await openTable(c);
    const tokens = [await join(c, id, 0, 0), await join(c, id, 1, 0)];
    const players = tokens.map((token, i) => new Roaming(`kill-p${i}`, game, id, token, [c.servers[0]!.port], 60 + i));
    for (const p of players) {
      p.playing = false;
      await p.connect();
    }
    const step = () => actOnce(players);
    const watcher = new Roaming("kill-s1", game, id, undefined, [c.servers[1]!.port], 0);
    await watcher.connect();
    const v1 = await step();
    await watcher.waitFor(() => watcher.version === v1, 10_000, "the update on process 1");
    // The owner (the process named in the table's lease), by its name in CLIENT LIST: Redis closes its subscriber connection.
    const node = ((await c.redis.get(`${c.prefix}lease:${id}`)) ?? "").split(":")[0]!;
    const clients = (await c.redis.call("CLIENT", "LIST", "TYPE", "pubsub")) as string;
    const line = clients.split("\n").find((l) => l.includes(`name=grimoire-${node}-subscriber`));
    expect(line, clients).toBeDefined();
    // Each of its Redis connections carries its name: the cluster's two, the social bus's and the moderation bus's.
    const all = (await c.redis.call("CLIENT", "LIST")) as string;
    for (const role of ["commands", "subscriber", "social-commands", "social-subscriber", "moderation-publisher", "moderation-subscriber"]) expect(all, role).toContain(`name=grimoire-${node}-${role} `);
    expect(await c.redis.call("CLIENT", "KILL", "ID", /\bid=(\d+)/.exec(line!)![1]!)).toBe(1);
    // Its seats act on at once, while it listens again: whatever it published or kept meanwhile, process 1 catches up.
    let v = v1;
    for (let i = 0; i < 3; i++) v = await step();
    await watcher.waitFor(() => watcher.version === v, 10_000, "the version after the reconnection");
    // Listening again: the next change reaches process 1 as an update.
    for (let end = Date.now() + 10_000; !((await c.redis.call("CLIENT", "LIST", "TYPE", "pubsub")) as string).includes(`name=grimoire-${node}-subscriber`); await sleep(100)) {
      if (Date.now() > end) throw new Error("the owner's subscriber did not come back");
    }
    const next = await step();
    await watcher.waitFor(() => watcher.version === next, 10_000, "the next update");
    expect(watcher.runs.flat().at(-1)).toBe(next);
    // Now the follower's (process 1's) subscriber: it listens again, says so, and keeps up.
    const follower = ((await c.redis.call("CLIENT", "LIST", "TYPE", "pubsub")) as string).split("\n").find((l) => /name=grimoire-[0-9a-f]+-subscriber/.test(l) && !l.includes(`name=grimoire-${node}-`));
    expect(follower).toBeDefined();
    expect(await c.redis.call("CLIENT", "KILL", "ID", /\bid=(\d+)/.exec(follower!)![1]!)).toBe(1);
    for (let i = 0; i < 3; i++) v = await step();
    await watcher.waitFor(() => watcher.version === v, 10_000, "the version after the follower's reconnection");
    const last = await step();
    await watcher.waitFor(() => watcher.version === last, 10_000, "the update after that");
    watcher.close();
    for (const p of players) p.close();
  }, 180_000);

  it("a hint asked on a process that does not own the table is answered (from that process's copy of the match)", async () => {
    const c = await cluster();
    const { players, spectators } = await playing(c, [1, 2], [], { hints: true });
    const asker = players[0]!;
    asker.send({ type: "hint", ref: "h" });
    const hint = await asker.waitFor("hint", (m) => m.ref === "h", 0, 120_000);
    expect(hint.version).toBe(0);
    expect(hint.review).not.toBeNull();
    await closeAll([...players, ...spectators]);
  }, 180_000);
});

/** One act of whichever of `players` (moved by the test) has the turn; resolves to the version it made. */
async function actOnce(players: Roaming[]): Promise<number> {
  for (const p of players) {
    const latest = p.messages.findLast((m) => m.type === "sync" || m.type === "update") as Extract<ServerOut, { type: "sync" | "update" }> | undefined;
    if (!latest || !latest.decision.seats.includes(p.seat!)) continue;
    const ref = p.act(p.choose(latest as never));
    await p.waitFor(() => p.acks.some((a) => a.ref === ref), 15_000, "an ack");
    return p.acks.find((a) => a.ref === ref)!.version;
  }
  throw new Error("nobody to act");
}

/** An HTTP call with a session cookie (null: none); the cookie the answer sets, if any. */
async function withCookie(server: { url: string }, cookie: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; cookie: string | null }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers.get("set-cookie");
  return { status: response.status, body: await response.json(), cookie: set ? set.split(";")[0]! : null };
}

describe("several processes: accounts", () => {
  it("an account made on one process is logged in on the others; a rated result shows the same ratings on every process", async () => {
    // One rated match lists an account on the leaderboard here (the default asks five: ratings.ts).
    const c = await startCluster(2, 3000, { LIMIT_LEADERBOARD_MIN_GAMES: "1" });
    const [a, b] = c.servers as [ChildServer, ChildServer];
    const created = await withCookie(a, null, "POST", "/api/account", { name: "Roamer", password: "a long password" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const session = created.cookie!;
    expect((await withCookie(b, session, "GET", "/api/me")).body.player?.name).toBe("Roamer");
    // A log-in on B, its session used on A and ended there: B no longer knows it.
    const second = (await withCookie(b, null, "POST", "/api/login", { name: "roamer", password: "a long password" })).cookie!;
    expect((await withCookie(a, second, "GET", "/api/me")).body.player?.name).toBe("Roamer");
    await withCookie(a, second, "POST", "/api/logout");
    expect((await withCookie(b, second, "GET", "/api/me")).body.player).toBeNull();
    expect((await withCookie(b, session, "GET", "/api/me")).body.player?.name).toBe("Roamer");

    // A rated table against an easy bot, created (and owned) on A, joined with the account on B.
    const table = await http(a, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "bot", level: "easy" }], rated: true });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const id = table.body.table.id as string;
    const joined = await withCookie(b, session, "POST", `/api/tables/${id}/join`, { name: "Roamer", seat: 0 });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.table.rated).toBe(true);
    // The account's seat is known on the process that did not seat it.
    expect((await withCookie(a, session, "GET", "/api/me/seats")).body.seats).toMatchObject([{ table: id, seat: 0 }]);
    const seat = await Client.open(b);
    seat.send({ type: "hello", tableId: id, token: joined.body.token });
    await seat.waitFor("sync");
    // Two decisions of its own first: a match resigned before that is aborted, not rated (ratings.ts).
    for (let made = 0, acted = -1; made < 2; ) {
      const latest = [...seat.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as Extract<ServerOut, { type: "sync" | "update" }> | undefined;
      if (latest && latest.version !== acted && latest.decision.seats.includes(0) && latest.legal && latest.legal.length > 0) {
        acted = latest.version;
        const from = seat.messages.length;
        seat.send({ type: "act", action: latest.legal[0]!.action, ref: `a${made}` });
        await seat.waitFor("ack", (m) => m.ref === `a${made}`, from);
        made++;
      } else await new Promise((r) => setTimeout(r, 10));
    }
    seat.send({ type: "resign", ref: "r" });
    expect((await seat.waitFor("over")).outcome?.winners).toEqual([1]);
    await seat.close();
    const boards = await Promise.all(c.servers.map((s) => http(s, "GET", "/api/leaderboard/abracadawhat")));
    const profiles = await Promise.all(c.servers.map((s) => http(s, "GET", "/api/players/Roamer")));
    for (const answer of [...boards, ...profiles]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(boards[0]!.body.players).toMatchObject([
      { name: null, bot: "easy", played: 1, won: 1 },
      { name: "Roamer", bot: null, played: 1, won: 0 },
    ]);
    expect(profiles[0]!.body.games).toMatchObject([{ game: "abracadawhat", played: 1, won: 0, rating: { ordinal: expect.any(Number), provisional: true } }]);
    expect(profiles[0]!.body.matches).toMatchObject([{ table: id, result: "lost", rated: true }]);
    expect(boards[1]!.body).toEqual(boards[0]!.body);
    expect(profiles[1]!.body).toEqual(profiles[0]!.body);
  }, 180_000);

  it("the log-in limits hold across processes: per name and per address, whichever process is asked", async () => {
    const c = await startCluster(2, 3000, { LIMIT_LOGINS_PER_MINUTE: "4", LIMIT_LOGINS_PER_NAME_PER_MINUTE: "2" });
    const [a, b] = c.servers as [ChildServer, ChildServer];
    const login = (s: ChildServer, name: string) => http(s, "POST", "/api/login", { name, password: "not the one" });
    // Two tries on one name, one on each process; the third is refused on either.
    expect((await login(a, "target")).status).toBe(401);
    expect((await login(b, "Target")).status).toBe(401);
    const byName = await login(a, "TARGET");
    expect(byName.status, JSON.stringify(byName.body)).toBe(429);
    expect(byName.body.error).toMatchObject({ code: "rate-limited", params: { retryAfterMs: expect.any(Number) } });
    expect(byName.body.error.params.retryAfterMs).toBeGreaterThan(0);
    // This address has tried three times (on both processes): one more, then it waits, on both.
    expect((await login(b, "someone")).status).toBe(401);
    for (const s of [a, b]) {
      const byAddress = await login(s, "someone-else");
      expect(byAddress.status, JSON.stringify(byAddress.body)).toBe(429);
      expect(byAddress.body.error.message).toMatch(/at most 4 log-ins a minute/);
    }
    // One bucket per address, per name, and per name and address, kept in Redis.
    expect((await c.redis.keys(`${c.prefix}rate:*`)).sort()).toEqual(
      // (per name: per skeleton, UTS #39's "rn" for "m", so look-alike spellings share one)
      [
        `${c.prefix}rate:logins-by-address:127.0.0.1`,
        ...["target", "someone"].map((n) => `${c.prefix}rate:logins-by-name:${nameSkeleton(n)}`),
        ...["target", "someone"].map((n) => `${c.prefix}rate:logins-by-name-address:${nameSkeleton(n)}\n127.0.0.1`),
      ].sort(),
    );
  }, 180_000);
});
