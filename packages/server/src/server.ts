// HTTP (Fastify) for the lobby, records and operation (/healthz, /readyz, /metrics), WebSocket
// (ws, `connection.ts`) at /ws for matches, and the web client served statically. Every refused
// request gets `{error: {code, message, params?}}`; per-address limits (`limits.ts`) on table
// creation, joins and live bot-only tables; request and header timeouts; JSON logs (pino) with a
// request id. `close()` shuts down gracefully.
import { existsSync } from "node:fs";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnyGame } from "@grimoire/engine";
import { describeIssues } from "@grimoire/engine";
import type { z } from "zod";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { staticOptions } from "./web-build.ts";
import fastifyCookie from "@fastify/cookie";
import proxyAddr from "@fastify/proxy-addr";
import { GUEST_COOKIE, GUEST_DAYS, lookAlikeAccounts } from "./accounts.ts";
import { BotPool, type BotRunner } from "./bots.ts";
import { Cluster } from "./cluster.ts";
import { fencedStorage } from "./fencing.ts";
import { Connections } from "./connection.ts";
import { registerHealth } from "./health.ts";
import { redisModerationBus } from "./moderation/bus.ts";
import { registerModerationRoutes } from "./moderation/routes.ts";
import { Moderation } from "./moderation/service.ts";
import { Hub, HubError, sha256, systemClock, type Clock } from "./hub.ts";
import { KeyedBuckets, resolveLimits, type Limits } from "./limits.ts";
import { Metrics, measuredBots, measuredStorage } from "./metrics.ts";
import { registerPlayerRoutes, type PlayerRoutes } from "./players.ts";
import { LocalSocialBus, Social, type SocialBus } from "./social.ts";
import { RedisSocialBus } from "./social-redis.ts";
import { registerSocialRoutes } from "./social-routes.ts";
import { rekeyAccounts } from "./rekey.ts";
import { registerPuzzleRoutes, seedPuzzles } from "./puzzles.ts";
import { cancelTableSchema, joinTableSchema, MAX_FRAME_BYTES, myTablesSchema, parseDisplayName, seatBotSchema, type ErrorCode, type ErrorParams, type GameInfo, type TableCreatorResponse } from "./protocol.ts";
import { originRefusal, parseAllowedOrigins, registerSecurityHeaders, UNSAFE_METHODS, type OriginPolicy } from "./security.ts";
import { PostgresStorage, SqliteStorage, type Storage } from "./storage.ts";

export interface ServerConfig {
  port?: number;
  host?: string;
  /** SQLite directory (used when neither `storage` nor `databaseUrl` is given). */
  dataDir?: string;
  /** postgres://… : use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  storage?: Storage;
  /** redis://… with PostgreSQL storage: several processes share the tables (cluster.ts). */
  redisUrl?: string;
  /** Redis key prefix (default "grimoire:") and lease length (default 3000 ms) in that mode. */
  cluster?: { prefix?: string; leaseMs?: number };
  clock?: Clock;
  /** A real-time table nobody is at is abandoned after this long (default 30 minutes; ABANDON_MINUTES). */
  abandonMs?: number;
  /** Module exporting `games` (the catalog); the bot workers load it too. */
  catalogUrl?: string;
  /** A game's seed puzzle file (untrusted JSON, or undefined): imported at start for each game with no puzzle stored (`npm start`: the catalog's). */
  puzzleSeeds?: (gameId: string) => Promise<unknown>;
  botWorkers?: number;
  botBudgetMs?: number;
  bots?: BotRunner;
  /** Messages per second allowed on one connection, and the burst (same as `limits.messagesPerSecond`, `limits.messageBurst`). */
  rateLimit?: { perSecond: number; burst: number };
  /** Any limit to change from `DEFAULT_LIMITS` (tests lower them). */
  limits?: Partial<Limits>;
  /** Directory of the built web client, or null for the API only. */
  webDist?: string | null;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs, or
   * `loopback`, `uniquelocal`): per-address limits then apply to the client behind them.
   */
  trustProxy?: string;
  /**
   * Origins other than the server's own whose pages may post to the API and open /ws
   * (comma-separated, `https://games.example.org`; the ALLOWED_ORIGINS variable).
   */
  allowedOrigins?: string;
  /** A pino logger (JSON lines); none by default. */
  logger?: FastifyBaseLogger;
  /** Also receives the hub's lines (table started, bot took over, …). */
  log?: (line: string) => void;
}

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly hub: Hub;
  readonly storage: Storage;
  readonly metrics: Metrics;
  readonly limits: Limits;
  /** Graceful: stop accepting, finish the writes in flight, close sockets with 1001, then storage. */
  close(): Promise<void>;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  "unknown-table": 404,
  "not-found": 404,
  "unknown-game": 404,
  "unknown-puzzle": 404,
  "not-authorized": 403,
  "bad-credentials": 401,
  "wrong-password": 403,
  "bad-recovery-code": 401,
  "unknown-session": 404,
  "still-seated": 409,
  "not-logged-in": 401,
  "unknown-player": 404,
  "name-taken": 409,
  "account-name": 409,
  "not-creator": 403,
  "cannot-self": 400,
  "not-friends": 403,
  blocked: 403,
  "friends-only": 403,
  "rating-out-of-range": 403,
  "not-a-seat": 403,
  "unknown-invitation": 404,
  "invitation-expired": 410,
  "invitation-used": 409,
  "already-invited": 409,
  "bad-origin": 403,
  "table-cancelled": 409,
  "already-resigned": 409,
  "rematch-closed": 409,
  "chat-too-fast": 429,
  "hints-refused": 403,
  "bad-seat": 400,
  timeout: 408,
  "seat-taken": 409,
  "table-full": 409,
  "already-started": 409,
  "not-started": 409,
  "not-finished": 409,
  "too-large": 413,
  "unsupported-media-type": 415,
  "rate-limited": 429,
  "too-many-tables": 429,
  "too-many-connections": 429,
  muted: 403,
  banned: 403,
  "not-moderator": 403,
  "unknown-message": 404,
  "unknown-report": 404,
  "unknown-sanction": 404,
  "already-reported": 409,
  "report-closed": 409,
  internal: 500,
  unavailable: 503,
};

const MAX_ID_LENGTH = 64;
const PAGE = { default: 50, max: 200 };

export const DEFAULT_CATALOG_URL = import.meta.resolve("@grimoire/catalog");
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export async function createServer(config: ServerConfig = {}): Promise<RunningServer> {
  const limits = resolveLimits({
    ...(config.rateLimit ? { messagesPerSecond: config.rateLimit.perSecond, messageBurst: config.rateLimit.burst } : {}),
    ...config.limits,
  });
  const clock = config.clock ?? systemClock;
  const app: FastifyInstance = Fastify({
    bodyLimit: MAX_FRAME_BYTES,
    ...(config.logger ? { loggerInstance: config.logger } : { logger: false }),
    // A proxy's request id is kept when it looks like one; otherwise a fresh one.
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers["x-request-id"];
      return typeof header === "string" && /^[\w.:-]{1,64}$/.test(header) ? header : randomUUID();
    },
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))) },
    routerOptions: { maxParamLength: 1000 },
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    clientErrorHandler: answerClientError,
  });
  const trusted = config.trustProxy ? proxyAddr.compile(config.trustProxy.split(",").map((a) => a.trim())) : null;
  const origins: OriginPolicy = {
    trusted: (request) => trusted !== null && request.socket.remoteAddress !== undefined && trusted(request.socket.remoteAddress, 0),
    allowed: parseAllowedOrigins(config.allowedOrigins),
  };
  const log = (line: string) => {
    app.log.info(line);
    config.log?.(line);
  };
  const catalogUrl = config.catalogUrl ?? DEFAULT_CATALOG_URL;
  const catalog = (await import(catalogUrl)) as { games: readonly AnyGame[] };
  const postgres = config.storage ? config.storage.kind === "postgres" : config.databaseUrl !== undefined;
  if (config.redisUrl && !postgres) throw new Error("REDIS_URL (several processes) needs DATABASE_URL pointing at PostgreSQL: SQLite is one process's file");
  const storage =
    config.storage ??
    (config.databaseUrl ? new PostgresStorage(config.databaseUrl) : SqliteStorage.inDirectory(config.dataDir ?? join(process.cwd(), "data")));
  const version = await storage.migrate();
  log(`storage: ${storage.kind}, schema version ${version}`);
  // Accounts from before skeletons take theirs as key (once each).
  await rekeyAccounts(storage, log);
  if (config.puzzleSeeds) await seedPuzzles(storage, catalog.games, config.puzzleSeeds, clock.now(), log);

  let draining = false;
  let hub: Hub | null = null;
  let connections: Connections | null = null;
  const metrics = new Metrics({
    tables: () => hub?.tableCounts() ?? [],
    connections: () => connections?.counts() ?? { pending: 0, seat: 0, spectator: 0 },
  });
  const gameOf = (tableId: string) => hub?.liveTable(tableId)?.game ?? "unknown";
  const bots = config.bots ?? new BotPool(catalogUrl, config.botWorkers ?? 2, config.botBudgetMs ?? 3000);
  // Several processes: the hub's writes carry this process's epoch on their table (fencing.ts).
  let cluster: Cluster | null = null;
  const measured = measuredStorage(storage, metrics, gameOf);
  const written = config.redisUrl ? fencedStorage(measured, (table) => cluster?.epochOf(table)) : measured;
  // The hub checks a spectator's chat name with `playerByNameKey`: it then finds look-alike accounts too.
  hub = new Hub(lookAlikeAccounts(written), catalog.games, measuredBots(bots, metrics, catalog.games), clock, log);
  hub.maxReviewsRunning = limits.reviewsRunning;
  if (config.abandonMs !== undefined) hub.abandonMs = config.abandonMs;
  cluster = config.redisUrl ? new Cluster(hub, storage, { redisUrl: config.redisUrl, counters: metrics.cluster, ...config.cluster, log }) : null;
  if (cluster) await cluster.start();
  // Follows, blocks, presence and notices: through Redis with several processes (social-redis.ts).
  let bus: SocialBus = new LocalSocialBus();
  if (config.redisUrl) {
    const redisBus = new RedisSocialBus(config.redisUrl, config.cluster?.prefix ?? "grimoire:", log);
    await redisBus.start();
    bus = redisBus;
  }
  const social = new Social(storage, bus, clock, log);
  hub.setPolicy(social);
  await hub.restore();
  const liveHub = hub;
  // Sanctions in force, checked by the chat, hello, act and log-in; several processes hear each other's changes.
  const moderation = new Moderation(storage, clock, log);
  await moderation.start();
  if (config.redisUrl) moderation.bus = await redisModerationBus(moderation, config.redisUrl, config.cluster?.prefix ?? "grimoire:", log);
  liveHub.chatGate = (author, address) => {
    const hash = author === null ? moderation.hashAddress(address) : null;
    moderation.checkChat(author, hash);
    return hash;
  };
  liveHub.seatGate = (account) => {
    const banned = moderation.banRefusal(account);
    if (banned) throw banned;
  };

  // First, so that every answer (refusals included) carries the headers.
  await registerSecurityHeaders(app);
  registerErrors(app, metrics, () => draining);
  // Every state-changing request from a browser comes from our own pages (or ALLOWED_ORIGINS).
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const refusal = originRefusal(request.raw, origins);
    if (refusal) return sendError(reply, "bad-origin", refusal);
  });
  registerHealth(app, storage, metrics, () => draining);
  await app.register(fastifyCookie);
  const shared = cluster ? (name: string, perMinute: number, local: KeyedBuckets) => cluster.buckets(name, perMinute, local) : undefined;
  const players = registerPlayerRoutes(app, measuredStorage(storage, metrics, gameOf), catalog.games, limits, clock, log, pageOf, shared, (id) => moderation.storedBan(id), liveHub);
  registerRoutes(app, liveHub, catalog.games, limits, players, social);
  registerModerationRoutes(app, { storage, moderation, clock, log, accountOf: players.accountOf, pageOf });
  registerSocialRoutes(app, { hub: liveHub, social, players, storage: measuredStorage(storage, metrics, gameOf), clock, limits, log });
  registerPuzzleRoutes(app, { storage, games: catalog.games, clock, accountOf: players.accountOf });
  const webDist = config.webDist === undefined ? null : config.webDist;
  const served = webDist !== null && existsSync(join(webDist, "index.html"));
  if (served) {
    await app.register(fastifyStatic, staticOptions(webDist));
    log(`web client: ${webDist}`);
  }
  // Client-side routes (anything but the API) get the page itself; everything else is a typed 404.
  app.setNotFoundHandler((request, reply) => {
    if (served && request.method === "GET" && !request.url.startsWith("/api/")) return reply.sendFile("index.html");
    return sendError(reply, "not-found", `no route ${request.method} ${request.url.split("?")[0]!.slice(0, 200)}`);
  });

  const addressOf = (request: IncomingMessage) => (trusted ? proxyAddr(request, trusted) : request.socket.remoteAddress) ?? "unknown";
  connections = new Connections({ hub: liveHub, limits, clock, metrics, log: app.log, draining: () => draining, addressOf, originRefusal: (request) => originRefusal(request, origins), accountOf: (header) => players.accountOfCookie(header), guestOf: (header) => guestKeyOf(app, header), banRefusal: (account) => moderation.banRefusal(account), social });
  connections.listen(app.server);
  const liveConnections = connections;
  moderation.connect({ endAccount: (account, refusal) => liveConnections.endAccount(account, refusal), hideChat: (table, message) => liveHub.hideChat(table, message) });

  await app.listen({ port: config.port ?? 8080, host: config.host ?? "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (config.port ?? 8080);
  let closing: Promise<void> | null = null;
  return {
    port,
    url: `http://${config.host ?? "127.0.0.1"}:${port}`,
    hub: liveHub,
    storage,
    metrics,
    limits,
    close() {
      closing ??= (async () => {
        draining = true;
        await liveHub.close();
        await cluster?.close();
        await moderation.close();
        await liveConnections.close();
        await social.close();
        await app.close();
        await bots.close();
        await storage.close();
      })();
      return closing;
    },
  };
}

/** A request Node refused before Fastify saw it (timed out, headers too large, not HTTP): our error shape. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "timeout", "the request took too long"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "too-large", "the request headers are too large"]
        : [400, "bad-message", "not a valid HTTP request"];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

function sendError(reply: FastifyReply, code: ErrorCode, message: string, params?: ErrorParams) {
  if (params?.retryAfterMs !== undefined) void reply.header("retry-after", Math.ceil(Number(params.retryAfterMs) / 1000));
  return reply.status(STATUS[code] ?? 400).send({ error: { code, message, ...(params ? { params } : {}) } });
}

function registerErrors(app: FastifyInstance, metrics: Metrics, draining: () => boolean): void {
  // text/plain would reach the handlers as a string: only JSON bodies are accepted (415 otherwise).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
    if (draining() && request.url !== "/healthz" && request.url !== "/metrics") return sendError(reply, "unavailable", "the server is restarting", { retryAfterMs: 1000 });
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === "string" && payload.startsWith('{"error":{"code":"')) {
      metrics.refuse(payload.slice(18, payload.indexOf('"', 18)));
    }
    return payload;
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error instanceof HubError) return sendError(reply, error.code, error.message, error.params);
    if (error.statusCode === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendError(reply, "too-large", `bodies are limited to ${MAX_FRAME_BYTES} bytes`, { max: MAX_FRAME_BYTES });
    if (error.statusCode === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return sendError(reply, "unsupported-media-type", "bodies are JSON (content-type: application/json)");
    if (error.statusCode === 408) return sendError(reply, "timeout", "the request took too long");
    if (error.statusCode !== undefined && error.statusCode < 500) {
      const code: ErrorCode = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || /JSON/i.test(error.message) ? "bad-json" : "bad-message";
      return sendError(reply, code, error.message);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, "internal", "internal error");
  });
}

/** A table id from the path: bounded before anything looks it up. */
function tableIdOf(request: FastifyRequest<{ Params: { id: string } }>): string {
  const id = request.params.id;
  if (id.length > MAX_ID_LENGTH) throw new HubError("bad-message", `a table id has at most ${MAX_ID_LENGTH} characters`, { max: MAX_ID_LENGTH });
  return id;
}

function pageOf(query: unknown): { limit: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const number = (name: string, fallback: number, max: number) => {
    const raw = q[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || value > max) throw new HubError("bad-message", `${name} is a whole number up to ${max}`, { max });
    return value;
  };
  return { limit: Math.max(1, number("limit", PAGE.default, PAGE.max)), offset: number("offset", 0, 1e9) };
}

/** A request body through its schema, or a `bad-message` naming what is wrong. */
function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new HubError("bad-message", describeIssues(parsed.error));
  return parsed.data;
}

/**
 * Who is asking, as the seats they hold: the seat tokens a browser keeps and sends, and, logged
 * in, the account's seats at tables not over (taken from another browser too), each seat once.
 */
async function heldSeats(request: FastifyRequest, players: PlayerRoutes): Promise<{ tableId: string; token: string }[]> {
  const sent = parseBody(myTablesSchema, request.body).seats;
  const account = await players.seatsOf(request);
  const seen = new Set(sent.map((s) => `${s.tableId}\n${s.token}`));
  return [...sent, ...account.filter((s) => !seen.has(`${s.tableId}\n${s.token}`))];
}

function registerRoutes(app: FastifyInstance, hub: Hub, games: readonly AnyGame[], limits: Limits, players: PlayerRoutes, social: Social): void {
  const creations = new KeyedBuckets(limits.tablesPerMinute);
  const joins = new KeyedBuckets(limits.joinsPerMinute);
  const lookups = new KeyedBuckets(limits.myTablesPerMinute);
  /** Live bot-only tables created from each address. */
  const botTables = new Map<string, Set<string>>();
  const throttle = (buckets: KeyedBuckets, ip: string, what: string, perMinute: number) => {
    const wait = buckets.take(ip);
    if (wait > 0) throw new HubError("rate-limited", `at most ${perMinute} ${what} a minute`, { retryAfterMs: wait });
  };
  const liveBotTables = (ip: string): Set<string> => {
    const ids = botTables.get(ip) ?? new Set<string>();
    // A table no longer in memory is over (finished matches leave memory).
    for (const id of ids) if ((hub?.liveTable(id)?.status ?? "over") === "over") ids.delete(id);
    if (ids.size === 0) botTables.delete(ip);
    return ids;
  };

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
  app.get("/api/tables", async (request) => {
    const { limit, offset } = pageOf(request.query);
    const status = (request.query as Record<string, unknown> | undefined)?.status ?? "open";
    if (status !== "open" && status !== "playing") throw new HubError("bad-message", 'status is "open" (waiting for players) or "playing" (to watch)');
    // Private tables are not listed, nor tables of accounts the viewer blocks or is blocked by.
    const open = await hub.lobby(status, await social.listable((await players.accountOf(request))?.id ?? null));
    const tables = open.slice(offset, offset + limit);
    return { tables, total: open.length, next: offset + limit < open.length ? offset + limit : null };
  });
  app.post("/api/tables", async (request) => {
    const body = (request.body ?? {}) as { seats?: unknown };
    const botsOnly = Array.isArray(body.seats) && body.seats.length > 0 && body.seats.every((s) => (s as { kind?: unknown } | null)?.kind === "bot");
    if (botsOnly && liveBotTables(request.ip).size >= limits.botTablesPerIp) {
      throw new HubError("too-many-tables", `at most ${limits.botTablesPerIp} tables of bots only at once`, { max: limits.botTablesPerIp });
    }
    throttle(creations, request.ip, "tables", limits.tablesPerMinute);
    // Logged in, the account is recorded as the creator too: its session works from any browser.
    const { table, creatorToken } = await hub.create(request.body ?? {}, request.ip, await players.accountOf(request));
    if (botsOnly) {
      const ids = botTables.get(request.ip) ?? new Set<string>();
      ids.add(table.id);
      botTables.set(request.ip, ids);
    }
    return { table, creatorToken };
  });
  app.post<{ Params: { id: string } }>("/api/tables/:id/cancel", async (request) => {
    const id = tableIdOf(request);
    const body = parseBody(cancelTableSchema, request.body);
    return { table: await hub.cancel(id, body.creatorToken ?? null, await players.accountOf(request)) };
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id/creator", async (request) => {
    const id = tableIdOf(request);
    const account = await players.accountOf(request);
    return { creator: account !== null && (await hub.createdBy(id, account)) } satisfies TableCreatorResponse;
  });
  app.post<{ Params: { id: string; seat: string } }>("/api/tables/:id/seats/:seat/bot", async (request) => {
    const id = tableIdOf(request);
    if (!/^\d{1,2}$/.test(request.params.seat)) throw new HubError("bad-seats", "a seat is a number from 0");
    const body = parseBody(seatBotSchema, request.body);
    return { table: await hub.seatBot(id, Number(request.params.seat), body.creatorToken ?? null, body.level, await players.accountOf(request)) };
  });
  app.post("/api/my-tables", async (request) => {
    throttle(lookups, request.ip, "look-ups of your tables", limits.myTablesPerMinute);
    return { tables: await hub.myTables(await heldSeats(request, players)) };
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id", async (request) => ({ table: await hub.table(tableIdOf(request)) }));
  app.post<{ Params: { id: string } }>("/api/tables/:id/join", async (request, reply) => {
    const id = tableIdOf(request);
    throttle(joins, request.ip, "joins", limits.joinsPerMinute);
    const parsed = joinTableSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendError(reply, "bad-message", describeIssues(parsed.error));
    const name = parseDisplayName(parsed.data.name);
    if (!name.ok) return sendError(reply, name.error.code, name.error.message, name.error.params);
    // Logged in, the seat is the account's (its name), and reachable from its other browsers;
    // a guest may not sit under an account's name.
    const account = await players.accountOf(request);
    if (!account) await players.refuseAccountName(name.value);
    // A guest's browser gets a key (kept across its seats): its token-less tabs at the table read as the seat's.
    let guest: string | undefined;
    if (!account) {
      let cookie = request.cookies[GUEST_COOKIE];
      if (cookie === undefined || !/^[A-Za-z0-9_-]{24}$/.test(cookie)) {
        cookie = randomBytes(18).toString("base64url");
        void reply.setCookie(GUEST_COOKIE, cookie, { httpOnly: true, sameSite: "lax", path: "/", maxAge: GUEST_DAYS * 86_400, secure: request.protocol === "https" });
      }
      guest = sha256(cookie);
    }
    return hub.join(id, { ...parsed.data, name: name.value, ...(guest ? { guest } : {}) }, account);
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id/record", async (request) => hub.record(tableIdOf(request)));
  // 200 with the stored review, or 202 `pending` (with progress) while the bot workers compute it.
  app.get<{ Params: { id: string }; Querystring: { seat?: string } }>("/api/tables/:id/review", async (request, reply) => {
    const id = tableIdOf(request);
    const raw = request.query.seat;
    if (typeof raw !== "string" || !/^\d{1,3}$/.test(raw)) return sendError(reply, "bad-seat", "?seat=N: a seat number, from 0");
    const result = await hub.review(id, Number(raw));
    if (result.status === "pending") reply.code(202);
    return result;
  });
}

/** The guest key (accounts.ts `GUEST_COOKIE`, hashed) of a WebSocket upgrade's Cookie header, or null. */
function guestKeyOf(app: FastifyInstance, header: string | undefined): string | null {
  if (header === undefined) return null;
  const cookie = app.parseCookie(header)[GUEST_COOKIE];
  return cookie !== undefined && /^[A-Za-z0-9_-]{24}$/.test(cookie) ? sha256(cookie) : null;
}
