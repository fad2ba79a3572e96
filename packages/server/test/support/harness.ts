// A real booted server for tests (port 0, temporary data directory) and small HTTP/ws clients.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { createServer, type Clock, type Limits, type RunningServer, type ServerConfig, type ServerOut } from "../../src/index.ts";

export const TEST_CATALOG = new URL("./catalog.ts", import.meta.url).href;

/** Every test talks from 127.0.0.1: per-address limits are lifted unless a test lowers one. */
export const ROOMY: Partial<Limits> = {
  connectionsPerIp: 10_000,
  handshakesPerMinute: 100_000,
  tablesPerMinute: 100_000,
  joinsPerMinute: 100_000,
  botTablesPerIp: 10_000,
  loginsPerMinute: 10_000,
  myTablesPerMinute: 100_000,
};

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  stop(): Promise<void>;
}

export async function boot(config: ServerConfig = {}, dataDir = mkdtempSync(join(tmpdir(), "grimoire-server-"))): Promise<TestServer> {
  // Bot workers start when a test's first bot decides: most tests have no bot, and two workers
  // through tsx cost about 2 s of CPU per server (the suite is bound by CPU).
  const server = await createServer({ port: 0, dataDir, catalogUrl: TEST_CATALOG, botBudgetMs: 5000, botWorkersOnDemand: true, ...config, limits: { ...ROOMY, ...config.limits } });
  return {
    ...server,
    port: server.port,
    url: server.url,
    hub: server.hub,
    storage: server.storage,
    close: () => server.close(),
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function http(server: { url: string }, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/** A ws client that records every message and can wait for one. */
export class Client {
  readonly messages: ServerOut[] = [];
  private waiters: { test: (m: ServerOut) => boolean; resolve: (m: ServerOut) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as ServerOut;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  /** `headers`: sent with the upgrade (a session `cookie`, say). */
  static async open(server: { port: number }, headers: Record<string, string> = {}): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Client(ws);
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first message (already received or to come) matching `test`, after index `from` (a generous wait: a loaded machine may start bot workers slowly). */
  waitFor<T extends ServerOut["type"]>(type: T, test: (m: Extract<ServerOut, { type: T }>) => boolean = () => true, from = 0, ms = 60_000): Promise<Extract<ServerOut, { type: T }>> {
    const match = (m: ServerOut) => m.type === type && test(m as Extract<ServerOut, { type: T }>);
    const found = this.messages.slice(from).find(match);
    if (found) return Promise.resolve(found as Extract<ServerOut, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}; got ${this.messages.map((m) => m.type).join(",")}`)), ms);
      this.waiters.push({
        test: match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<ServerOut, { type: T }>);
        },
      });
    });
  }

  /**
   * Plays `seat` until the match is over (or `ms` pass): whenever the latest sync/update asks
   * this seat, sends `choose(latest)`. Stays under the server's rate limit (20 messages a second,
   * bots answer in milliseconds), and sends again after a refusal instead of waiting forever.
   * Returns how many acts were sent.
   */
  async playUntilOver(seat: number, choose: (latest: Extract<ServerOut, { type: "sync" | "update" }>) => unknown, ms = 60_000): Promise<number> {
    const deadline = Date.now() + ms;
    let lastActed = -1;
    let errorsSeen = 0;
    let sent = 0;
    while (this.of("over").length === 0 && Date.now() < deadline) {
      const errors = this.of("error").length;
      if (errors > errorsSeen) {
        errorsSeen = errors;
        lastActed = -1;
      }
      const latest = [...this.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as
        | Extract<ServerOut, { type: "sync" | "update" }>
        | undefined;
      if (latest && latest.decision.seats.includes(seat) && latest.version !== lastActed) {
        const action = choose(latest);
        if (action !== undefined) {
          lastActed = latest.version;
          this.send({ type: "act", action, ref: `v${latest.version}` });
          sent++;
          await new Promise((r) => setTimeout(r, 60));
        }
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return sent;
  }

  of<T extends ServerOut["type"]>(type: T): Extract<ServerOut, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as Extract<ServerOut, { type: T }>[];
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once("close", () => resolve());
      this.ws.close();
    });
  }
}

/** Creates a table (`settings`: the body of POST /api/tables) and joins it by name for each seat in order: its id and each name's token. */
export async function openTable<Name extends string>(server: { url: string }, settings: unknown, names: readonly Name[]): Promise<{ id: string; tokens: Record<Name, string> }> {
  const created = await http(server, "POST", "/api/tables", settings);
  const id = created.body.table.id as string;
  const tokens = {} as Record<Name, string>;
  for (const name of names) tokens[name] = (await http(server, "POST", `/api/tables/${id}/join`, { name })).body.token as string;
  return { id, tokens };
}

/** Says hello at the table with a seat's token (as a spectator without one) and waits for the first sync. */
export async function connect(server: { port: number }, tableId: string, token?: string): Promise<Client> {
  const c = await Client.open(server);
  c.send(token === undefined ? { type: "hello", tableId } : { type: "hello", tableId, token });
  await c.waitFor("sync");
  return c;
}

/** Joins a table by name for each seat in order, and connects each seat with its token (synced). */
export async function seatAll(server: { url: string; port: number }, tableId: string, names: readonly string[]): Promise<Client[]> {
  const tokens: string[] = [];
  for (const name of names) tokens.push((await http(server, "POST", `/api/tables/${tableId}/join`, { name })).body.token as string);
  return Promise.all(
    tokens.map(async (token) => {
      const c = await Client.open(server);
      c.send({ type: "hello", tableId, token });
      await c.waitFor("sync");
      return c;
    }),
  );
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private time = 1_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const t of due) t.fn();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
