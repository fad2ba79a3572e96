// Each limit, lowered through options so the tests reach it quickly: connections and handshakes
// per address, hello timeout, message flood, send buffer, silent peers (a bot takes the seat),
// table creation, joins, bot-only tables, display names, and the HTTP edge (typed 404s, long ids,
// 415, pagination, slow bodies and headers).
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { boot, Client, http, ManualClock, type TestServer } from "./support/harness.ts";
import { RawSocket, rawRequest, text } from "./support/raw-ws.ts";
import type { Limits } from "../src/index.ts";

const servers: TestServer[] = [];
async function serve(limits: Partial<Limits>, extra: Parameters<typeof boot>[0] = {}): Promise<TestServer> {
  const server = await boot({ ...extra, limits });
  servers.push(server);
  return server;
}
afterAll(async () => {
  for (const s of servers) await s.stop();
});

const UPGRADE = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) as { error: { code: string; params?: Record<string, number> } };

function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once("close", (code) => resolve(code)));
}

async function until(test: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function seatedTable(server: TestServer, game = "bidding") {
  const created = await http(server, "POST", "/api/tables", { game, seats: [{ kind: "open" }, { kind: "open" }] });
  const id = created.body.table.id as string;
  const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
  const b = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
  return { id, tokens: [a.body.token as string, b.body.token as string] };
}

describe("WebSocket limits", () => {
  it("connections per address: one over the limit is refused with 429 in the error shape, and accepted again once one closes", async () => {
    const server = await serve({ connectionsPerIp: 3 });
    const open = await Promise.all([0, 1, 2].map(() => Client.open(server)));
    const refused = await rawRequest(server.port, UPGRADE);
    expect(refused).toMatch(/^HTTP\/1.1 429/);
    expect(bodyOf(refused).error).toMatchObject({ code: "too-many-connections", params: { max: 3 } });
    await open[0]!.close();
    let again: Client | null = null;
    await until(async () => {
      again = await Client.open(server).catch(() => null);
      return again !== null;
    });
    await Promise.all([...open.slice(1), again!].map((c) => c.close()));
  });

  it("handshakes per minute: over the rate, 429 rate-limited with retryAfterMs", async () => {
    const server = await serve({ handshakesPerMinute: 4 });
    for (let i = 0; i < 4; i++) await (await Client.open(server)).close();
    const refused = await rawRequest(server.port, UPGRADE);
    expect(refused).toMatch(/^HTTP\/1.1 429/);
    expect(refused).toMatch(/Retry-After: \d+/);
    const { error } = bodyOf(refused);
    expect(error.code).toBe("rate-limited");
    expect(error.params!.retryAfterMs).toBeGreaterThan(0);
  });

  it("a connection that says no hello is closed with 1008", async () => {
    const server = await serve({ helloTimeoutMs: 300 });
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`);
    expect(await closeCode(ws)).toBe(1008);
  });

  it("rate-limited errors keep the ref and say when to retry; a client that keeps flooding is closed with 1008", async () => {
    const server = await serve({ messagesPerSecond: 1, messageBurst: 2, rateStrikes: 5 });
    const c = await Client.open(server);
    const closed = closeCode(c.ws);
    for (let i = 0; i < 20; i++) c.send({ type: "ping", ref: `p${i}` });
    expect(await closed).toBe(1008);
    expect(c.of("pong").map((p) => p.ref)).toEqual(["p0", "p1"]);
    const errors = c.of("error");
    expect(errors.map((e) => e.ref)).toEqual(["p2", "p3", "p4", "p5"]);
    for (const e of errors) {
      expect(e.code).toBe("rate-limited");
      expect(e.params!.retryAfterMs).toBeGreaterThan(0);
    }
  });

  it("a client that does not read is dropped once its send buffer is full; it comes back with `since`", async () => {
    const server = await serve({ sendBufferBytes: 64 * 1024, messagesPerSecond: 1_000_000, messageBurst: 1_000_000 });
    const { id } = await seatedTable(server, "abracadawhat");
    const reader = await RawSocket.open(server.port, { read: false });
    reader.write(text({ type: "hello", tableId: id }));
    // Ask for the full picture over and over and never read the answers.
    const sync = text({ type: "sync" });
    for (let i = 0; i < 200_000 && !reader.closed; i++) {
      if (!reader.write(sync)) await new Promise((r) => setTimeout(r, 1));
      if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
    }
    expect(await reader.waitClosed(20_000)).toBe(true);
    const back = await Client.open(server);
    back.send({ type: "hello", tableId: id, since: 0 });
    expect((await back.waitFor("sync")).version).toBe(0);
    await back.close();
  }, 120_000);

  it("a seat whose socket goes silent (no pong) counts as away: after the grace period a bot plays for it", async () => {
    const clock = new ManualClock();
    const server = await serve({ heartbeatMs: 150 }, { clock });
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], graceSeconds: 30 });
    const id = created.body.table.id as string;
    const ann = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
    // Bob stays at the table (with nobody at it, nothing would be played for Ann's seat).
    const bobSeat = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
    const bob = await Client.open(server);
    bob.send({ type: "hello", tableId: id, token: bobSeat.body.token });
    await bob.waitFor("sync");
    const spectator = await Client.open(server);
    spectator.send({ type: "hello", tableId: id });
    await spectator.waitFor("sync");
    // Ann's client says hello, then goes silent without closing: it never answers a ping.
    const silent = await RawSocket.open(server.port);
    silent.write(text({ type: "hello", tableId: id, token: ann.body.token }));
    await spectator.waitFor("table", (t) => t.table.seats[0]!.connected);
    await spectator.waitFor("table", (t) => !t.table.seats[0]!.connected);
    expect(await silent.waitClosed()).toBe(true);
    clock.advance(30_001);
    expect((await spectator.waitFor("table", (t) => t.table.seats[0]!.botTakeover)).table.seats[0]!.connected).toBe(false);
    expect((await spectator.waitFor("update", (u) => u.actor === 0)).by).toBe("absent");
    await Promise.all([spectator.close(), bob.close()]);
  });
});

describe("lobby limits", () => {
  it("table creations per address: over the rate, 429 rate-limited with retryAfterMs", async () => {
    const server = await serve({ tablesPerMinute: 3 });
    const make = () => http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    for (let i = 0; i < 3; i++) expect((await make()).status).toBe(200);
    const refused = await make();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate-limited");
    expect(refused.body.error.params.retryAfterMs).toBeGreaterThan(0);
  });

  it("joins per address: over the rate, 429 rate-limited", async () => {
    const server = await serve({ joinsPerMinute: 2 });
    const created = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    expect((await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).status).toBe(200);
    expect((await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).status).toBe(200);
    const refused = await http(server, "POST", `/api/tables/${id}/join`, { name: "Cy" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate-limited");
  });

  it("live bot-only tables per address are capped; tables with a human seat are not", async () => {
    const server = await serve({ botTablesPerIp: 2 });
    const bots = { game: "bidding-slow", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] };
    expect((await http(server, "POST", "/api/tables", bots)).status).toBe(200);
    expect((await http(server, "POST", "/api/tables", bots)).status).toBe(200);
    const refused = await http(server, "POST", "/api/tables", bots);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "too-many-tables", params: { max: 2 } });
    expect((await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] })).status).toBe(200);
  });

  it("'your tables' look-ups per address are rate-limited", async () => {
    const server = await serve({ myTablesPerMinute: 2 });
    const ask = () => http(server, "POST", "/api/my-tables", { seats: [] });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate-limited");
  });

  it("display names: NUL, control and bidi characters, no letter first, stacked accents and mixed scripts refused with bad-name; trimmed; at most 40 characters", async () => {
    const server = await serve({});
    const created = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }, { kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const join = (name: string) => http(server, "POST", `/api/tables/${id}/join`, { name });
    const cases: [string, string][] = [
      ["Ann\u0000", "control"],
      ["A\u0007nn", "control"],
      ["Ann\u009b", "control"],
      ["evil\u202Egnp.exe", "bidi"],
      ["\u2066Ann", "bidi"],
      ["   ", "empty"],
      ["x".repeat(41), "too-long"],
      ["...", "first-letter"],
      ["- -", "first-letter"],
      ["\u0301\u0301", "first-letter"],
      ["Z\u0351\u0352\u0353algo", "marks"],
      ["\u0410da Lovelace", "scripts"],
    ];
    for (const [name, reason] of cases) {
      const refused = await join(name);
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.error.code).toBe("bad-name");
      expect(refused.body.error.params.reason).toBe(reason);
    }
    expect((await join("x".repeat(41))).body.error.params.max).toBe(40);
    const ok = await join("  Zoé  ");
    expect(ok.status).toBe(200);
    expect(ok.body.table.seats[ok.body.seat].name).toBe("Zoé");
    expect((await join("é".repeat(40))).status).toBe(200);
    // a guest's name keeps its spaces and punctuation after the first letter
    for (const name of ["Jean-Luc O'Brien", "Zoë 2"]) expect((await join(name)).status, name).toBe(200);
  });

  it("GET /api/tables is paginated: limit, offset, total and next", async () => {
    const server = await serve({});
    for (let i = 0; i < 5; i++) await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const first = await http(server, "GET", "/api/tables?limit=2");
    expect(first.body.tables).toHaveLength(2);
    expect(first.body.total).toBe(5);
    expect(first.body.next).toBe(2);
    const last = await http(server, "GET", "/api/tables?limit=2&offset=4");
    expect(last.body.tables).toHaveLength(1);
    expect(last.body.next).toBeNull();
    const ids = new Set([...first.body.tables, ...(await http(server, "GET", "/api/tables?limit=2&offset=2")).body.tables, ...last.body.tables].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(5);
    expect((await http(server, "GET", "/api/tables")).body.tables).toHaveLength(5);
    const bad = await http(server, "GET", "/api/tables?limit=100000");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "bad-message", params: { max: 200 } });
  });
});

describe("behind a trusted proxy", () => {
  /** Opens an upgrade as the proxy would, for `client`; resolves to the status line, the socket kept open. */
  const upgradeFor = (port: number, client: string, sockets: Socket[]) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(UPGRADE.replace("\r\n\r\n", `\r\nX-Forwarded-For: ${client}\r\n\r\n`)));
      sockets.push(socket);
      socket.once("data", (chunk: Buffer) => resolve(chunk.toString().split("\r\n")[0]!));
      socket.once("error", reject);
    });

  it("limits apply to the address the proxy forwards, not to the proxy", async () => {
    const server = await serve({ connectionsPerIp: 1, tablesPerMinute: 1 }, { trustProxy: "127.0.0.1" });
    const sockets: Socket[] = [];
    expect(await upgradeFor(server.port, "203.0.113.1", sockets)).toMatch(/ 101 /);
    expect(await upgradeFor(server.port, "203.0.113.2", sockets)).toMatch(/ 101 /);
    expect(await upgradeFor(server.port, "203.0.113.1", sockets)).toMatch(/ 429 /);
    // A forwarded header that is no address at all: still answered.
    expect(await upgradeFor(server.port, "garbage, 999.1.1.1, ::zz", sockets)).toMatch(/^HTTP\/1.1 \d{3}/);
    for (const s of sockets) s.destroy();
    const create = (client: string) =>
      fetch(`${server.url}/api/tables`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] }) });
    expect((await create("203.0.113.1")).status).toBe(200);
    expect((await create("203.0.113.2")).status).toBe(200);
    expect((await create("203.0.113.1")).status).toBe(429);
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
    const server = await serve({ tablesPerMinute: 1 });
    const create = (client: string) =>
      fetch(`${server.url}/api/tables`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] }) });
    expect((await create("203.0.113.1")).status).toBe(200);
    expect((await create("203.0.113.2")).status).toBe(429);
  });
});

describe("HTTP edge", () => {
  it("unknown routes, over-long ids and wrong content types answer in the error shape", async () => {
    const server = await serve({});
    const missing = await http(server, "GET", "/api/nothing");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not-found");
    expect((await http(server, "DELETE", "/api/tables")).body.error.code).toBe("not-found");
    const long = await http(server, "GET", `/api/tables/${"x".repeat(500)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "bad-message", params: { max: 64 } });
    const typed = await fetch(`${server.url}/api/tables`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
    expect(typed.status).toBe(415);
    expect(((await typed.json()) as { error: { code: string } }).error.code).toBe("unsupported-media-type");
    const form = await fetch(`${server.url}/api/tables`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "game=bidding" });
    expect(form.status).toBe(415);
    // Errors carry what a client needs to word them itself.
    const seats = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }] });
    expect(seats.body.error).toMatchObject({ code: "bad-seats", params: { min: 2, max: 5 } });
  });

  it("a body sent one byte at a time is cut off by the request timeout (408)", async () => {
    const server = await serve({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    const socket = connect(server.port, "127.0.0.1");
    let answer = "";
    let closed = false;
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("close", () => (closed = true));
    socket.on("error", () => {});
    await new Promise((r) => socket.once("connect", r));
    socket.write("POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n");
    // 200 bytes at one every 100 ms would take 20 s.
    for (let i = 0; i < 200 && !closed; i++) {
      socket.write("{");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error.code).toBe("timeout");
  }, 30_000);

  it("headers sent one byte at a time are cut off too", async () => {
    const server = await serve({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    const socket = connect(server.port, "127.0.0.1");
    let closed = false;
    socket.on("close", () => (closed = true));
    socket.on("error", () => {});
    await new Promise((r) => socket.once("connect", r));
    const head = `GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(200)}\r\n\r\n`;
    for (let i = 0; i < head.length && !closed; i++) {
      socket.write(head[i]!);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(closed).toBe(true);
  }, 40_000);
});
