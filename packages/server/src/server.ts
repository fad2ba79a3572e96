// The server put together: storage, the hub and its tables, bots, the cluster, moderation and
// the social side, HTTP (Fastify: the lobby's and tables' routes in table-routes.ts, players',
// moderation's, social and puzzle routes in theirs, operation at /healthz, /readyz, /metrics),
// WebSocket (ws, `connection.ts`) at /ws for matches, and the web client served statically. Every
// refused request gets `{error: {code, message, params?}}` (http.ts); request and header
// timeouts; JSON logs (pino) with a request id. `close()` shuts down gracefully.
import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnyGame } from "@grimoire/engine";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { staticOptions } from "./web-build.ts";
import fastifyCookie from "@fastify/cookie";
import proxyAddr from "@fastify/proxy-addr";
import { GUEST_COOKIE, lookAlikeAccounts } from "./accounts.ts";
import { BotPool, type BotRunner } from "./bots.ts";
import type { Cluster } from "./cluster.ts";
import { fencedStorage } from "./fencing.ts";
import { Connections } from "./connection.ts";
import { registerHealth } from "./health.ts";
import { answerClientError, pageOf, registerErrors, sendError } from "./http.ts";
import { registerModerationRoutes } from "./moderation/routes.ts";
import { Moderation } from "./moderation/service.ts";
import { Hub, sha256, systemClock, type Clock } from "./hub.ts";
import { KeyedBuckets, resolveLimits, type Limits } from "./limits.ts";
import { Metrics, measuredBots, measuredStorage } from "./metrics.ts";
import { registerPlayerRoutes } from "./players.ts";
import { LocalSocialBus, Social, type SocialBus } from "./social.ts";
import { registerSocialRoutes } from "./social-routes.ts";
import { rekeyAccounts } from "./rekey.ts";
import { registerPuzzleRoutes, seedPuzzles } from "./puzzles.ts";
import { registerTableRoutes } from "./table-routes.ts";
import { MAX_FRAME_BYTES } from "./protocol.ts";
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
  /** Start the bot workers with the first bot decision or review instead of at start (default false). */
  botWorkersOnDemand?: boolean;
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
    storage: () => storage.stats(),
  });
  const gameOf = (tableId: string) => hub?.liveTable(tableId)?.game ?? "unknown";
  const bots = config.bots ?? new BotPool(catalogUrl, config.botWorkers ?? 2, config.botBudgetMs ?? 3000, undefined, { onDemand: config.botWorkersOnDemand ?? false });
  // Several processes: the hub's writes carry this process's epoch on their table (fencing.ts).
  let cluster: Cluster | null = null;
  const measured = measuredStorage(storage, metrics, gameOf);
  const written = config.redisUrl ? fencedStorage(measured, (table) => cluster?.epochOf(table)) : measured;
  // The hub checks a spectator's chat name with `playerByNameKey`: it then finds look-alike accounts too.
  hub = new Hub(lookAlikeAccounts(written), catalog.games, measuredBots(bots, metrics, catalog.games), clock, log);
  hub.maxReviewsRunning = limits.reviewsRunning;
  if (config.abandonMs !== undefined) hub.abandonMs = config.abandonMs;
  // Several processes only: Redis's modules (the cluster, the social and moderation buses, ioredis)
  // are loaded when REDIS_URL is set, so a single process starts without them.
  if (config.redisUrl) {
    const { Cluster } = await import("./cluster.ts");
    cluster = new Cluster(hub, storage, { redisUrl: config.redisUrl, counters: metrics.cluster, ...config.cluster, log });
    await cluster.start();
  }
  // Follows, blocks, presence and notices: through Redis with several processes (social-redis.ts).
  let bus: SocialBus = new LocalSocialBus();
  if (config.redisUrl) {
    const { RedisSocialBus } = await import("./social-redis.ts");
    const redisBus = new RedisSocialBus(config.redisUrl, config.cluster?.prefix ?? "grimoire:", log, cluster?.node);
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
  if (config.redisUrl) {
    const { redisModerationBus } = await import("./moderation/bus.ts");
    moderation.bus = await redisModerationBus(moderation, config.redisUrl, config.cluster?.prefix ?? "grimoire:", log, cluster?.node);
  }
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
  registerTableRoutes(app, liveHub, catalog.games, limits, players, social);
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

/** The guest key (accounts.ts `GUEST_COOKIE`, hashed) of a WebSocket upgrade's Cookie header, or null. */
function guestKeyOf(app: FastifyInstance, header: string | undefined): string | null {
  if (header === undefined) return null;
  const cookie = app.parseCookie(header)[GUEST_COOKIE];
  return cookie !== undefined && /^[A-Za-z0-9_-]{24}$/.test(cookie) ? sha256(cookie) : null;
}
