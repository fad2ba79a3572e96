// HTTP (Fastify) for the lobby and records, WebSocket (ws) at /ws for matches, and the web
// client served statically. Every incoming socket frame goes through `parseClientIn`; every
// refused one gets a typed `error` back and changes nothing. Per-connection rate limit.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnyGame } from "@grimoire/engine";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import { WebSocketServer, type WebSocket } from "ws";
import { BotPool, type BotRunner } from "./bots.ts";
import { Hub, HubError, systemClock, type Clock, type Subscriber } from "./hub.ts";
import { joinTableSchema, MAX_FRAME_BYTES, parseClientIn, type ErrorCode, type GameInfo, type ServerOut } from "./protocol.ts";
import { PostgresStorage, SqliteStorage, type Storage } from "./storage.ts";

export interface ServerConfig {
  port?: number;
  host?: string;
  /** SQLite directory (used when neither `storage` nor `databaseUrl` is given). */
  dataDir?: string;
  /** postgres://… : use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  storage?: Storage;
  clock?: Clock;
  /** Module exporting `games` (the catalog); the bot workers load it too. */
  catalogUrl?: string;
  botWorkers?: number;
  botBudgetMs?: number;
  bots?: BotRunner;
  /** Messages per second allowed on one connection, and the burst. */
  rateLimit?: { perSecond: number; burst: number };
  /** Directory of the built web client, or null for the API only. */
  webDist?: string | null;
  log?: (line: string) => void;
}

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly hub: Hub;
  readonly storage: Storage;
  close(): Promise<void>;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  "unknown-table": 404,
  "not-found": 404,
  "unknown-game": 404,
  "not-authorized": 403,
  "seat-taken": 409,
  "table-full": 409,
  "already-started": 409,
  "not-started": 409,
  "not-finished": 409,
  "too-large": 413,
  "rate-limited": 429,
  internal: 500,
  unavailable: 503,
};

export const DEFAULT_CATALOG_URL = import.meta.resolve("@grimoire/catalog");
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export async function createServer(config: ServerConfig = {}): Promise<RunningServer> {
  const log = config.log ?? (() => {});
  const catalogUrl = config.catalogUrl ?? DEFAULT_CATALOG_URL;
  const catalog = (await import(catalogUrl)) as { games: readonly AnyGame[] };
  const storage =
    config.storage ??
    (config.databaseUrl ? new PostgresStorage(config.databaseUrl) : SqliteStorage.inDirectory(config.dataDir ?? join(process.cwd(), "data")));
  const version = await storage.migrate();
  log(`storage: ${storage.kind}, schema version ${version}`);
  const bots = config.bots ?? new BotPool(catalogUrl, config.botWorkers ?? 2, config.botBudgetMs ?? 3000);
  const hub = new Hub(storage, catalog.games, bots, config.clock ?? systemClock, log);
  await hub.restore();

  const app: FastifyInstance = Fastify({ bodyLimit: MAX_FRAME_BYTES, logger: false });
  registerRoutes(app, hub, catalog.games);
  const webDist = config.webDist === undefined ? null : config.webDist;
  if (webDist && existsSync(join(webDist, "index.html"))) {
    await app.register(fastifyStatic, { root: webDist, prefix: "/" });
    // Client-side routes (anything but the API) get the page itself.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === "GET" && !request.url.startsWith("/api/")) return reply.sendFile("index.html");
      return sendError(reply, "not-found", `no route ${request.method} ${request.url.split("?")[0]}`);
    });
    log(`web client: ${webDist}`);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  app.server.on("upgrade", (request, socket, head) => {
    if (!request.url || new URL(request.url, "http://x").pathname !== "/ws") {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => handleSocket(ws, hub, config.rateLimit ?? { perSecond: 20, burst: 40 }, config.clock ?? systemClock));
  });

  await app.listen({ port: config.port ?? 8080, host: config.host ?? "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (config.port ?? 8080);
  return {
    port,
    url: `http://${config.host ?? "127.0.0.1"}:${port}`,
    hub,
    storage,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await app.close();
      await hub.close();
      await bots.close();
      await storage.close();
    },
  };
}

function sendError(reply: FastifyReply, code: ErrorCode, message: string) {
  return reply.status(STATUS[code] ?? 400).send({ error: { code, message } });
}

function registerRoutes(app: FastifyInstance, hub: Hub, games: readonly AnyGame[]): void {
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    if (error instanceof HubError) return sendError(reply, error.code, error.message);
    if (error.statusCode === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendError(reply, "too-large", `bodies are limited to ${MAX_FRAME_BYTES} bytes`);
    if (error.statusCode !== undefined && error.statusCode < 500) {
      const code: ErrorCode = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || /JSON/i.test(error.message) ? "bad-json" : "bad-message";
      return sendError(reply, code, error.message);
    }
    return sendError(reply, "internal", "internal error");
  });

  app.get("/api/games", async () => ({
    games: games.map(
      (g): GameInfo => ({
        id: g.id,
        title: g.title,
        minSeats: g.minSeats,
        maxSeats: g.maxSeats,
        defaultOptions: g.optionsSchema.parse({}),
        optionDocs: g.optionDocs,
        levels: g.levels,
      }),
    ),
  }));
  app.get("/api/tables", async () => ({ tables: hub.listOpen() }));
  app.post("/api/tables", async (request) => ({ table: await hub.createTable(request.body ?? {}, request.ip) }));
  app.get<{ Params: { id: string } }>("/api/tables/:id", async (request) => ({ table: await hub.table(request.params.id) }));
  app.post<{ Params: { id: string } }>("/api/tables/:id/join", async (request, reply) => {
    const parsed = joinTableSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendError(reply, "bad-message", parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    return hub.join(request.params.id, parsed.data);
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id/record", async (request) => hub.record(request.params.id));
}

function handleSocket(ws: WebSocket, hub: Hub, rate: { perSecond: number; burst: number }, clock: Clock): void {
  let attached: { tableId: string; sub: Subscriber } | null = null;
  // A finished match may be read back from storage first: messages wait for the hello to finish.
  let attaching: Promise<void> | null = null;
  let closed = false;
  let tokens = rate.burst;
  let last = clock.now();
  const send = (message: ServerOut) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const refuse = (code: ErrorCode, message: string, ref: string | null = null) => send({ type: "error", code, message, ref });

  ws.on("message", (data, isBinary) => {
    if (attaching) {
      void attaching.then(() => ws.emit("message", data, isBinary));
      return;
    }
    // Rate limit: a token bucket per connection.
    const now = clock.now();
    tokens = Math.min(rate.burst, tokens + ((now - last) / 1000) * rate.perSecond);
    last = now;
    if (tokens < 1) return refuse("rate-limited", `at most ${rate.perSecond} messages per second`);
    tokens -= 1;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as ArrayBuffer).byteLength;
    if (size > MAX_FRAME_BYTES) return refuse("too-large", `frames are limited to ${MAX_FRAME_BYTES} bytes`);
    if (isBinary) return refuse("bad-message", "frames are JSON text");
    const parsed = parseClientIn(data.toString());
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
    const message = parsed.value;
    try {
      switch (message.type) {
        case "ping":
          return send({ type: "pong", ref: message.ref ?? null, now });
        case "hello": {
          if (attached) return refuse("bad-message", "this connection has already said hello");
          const tableId = message.tableId;
          attaching = hub.attach(tableId, message.token, (viewer) => ({ viewer, send }), message.since).then(
            (sub) => {
              attached = { tableId, sub };
              if (closed) hub.detach(tableId, sub);
            },
            (error) => (error instanceof HubError ? refuse(error.code, error.message) : refuse("internal", "internal error")),
          );
          void attaching.finally(() => (attaching = null));
          return;
        }
        case "sync":
          if (!attached) return refuse("not-authorized", "say hello first");
          return hub.resync(attached.tableId, attached.sub);
        case "act": {
          const ref = message.ref ?? null;
          if (!attached || typeof attached.sub.viewer !== "number") return refuse("not-authorized", "only a seated player may act (hello with its token)", ref);
          const seat = attached.sub.viewer;
          hub.act(attached.tableId, seat, message.action).then(
            (version) => send({ type: "ack", ref, version }),
            (error) => (error instanceof HubError ? refuse(error.code, error.message, ref) : refuse("internal", "internal error", ref)),
          );
          return;
        }
      }
    } catch (error) {
      if (error instanceof HubError) return refuse(error.code, error.message);
      return refuse("internal", "internal error");
    }
  });
  ws.on("close", () => {
    closed = true;
    if (attached) hub.detach(attached.tableId, attached.sub);
  });
}
