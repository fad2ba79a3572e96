// @grimoire/server: the game server. `startFromEnv()` for `npm start` / `grimoire start`,
// `createServer(config)` for tests (port 0, a temporary DATA_DIR).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "./log.ts";
import { limitsFromEnv } from "./limits.ts";
import { createServer, DEFAULT_WEB_DIST, type RunningServer } from "./server.ts";
import { logProcessErrors, stopOnSignals } from "./shutdown.ts";
import { buildClient, builtHash, clientSourceHash, WEB_ROOT } from "./web-build.ts";

export { createServer, type ServerConfig, type RunningServer } from "./server.ts";
export { Hub, HubError, systemClock, eventsHash, sha256, type Clock } from "./hub.ts";
export { SqliteStorage, PostgresStorage, StorageError, StaleRowError, FencedError, MIGRATIONS, DEFAULT_META, writeHookFromEnv, type ChatRecord, type TableMeta, type Storage, type StorageOptions, type PostgresOptions, type WriteHook, type TableRecord, type LoggedAction } from "./storage.ts";
export { BotPool } from "./bots.ts";
export { changeRole, changeRoleFromEnv, type RoleChange } from "./moderation/admin.ts";
export { importPuzzles, importPuzzlesFromEnv } from "./puzzles.ts";
export { DEFAULT_LIMITS, LIMIT_ENV, limitsFromEnv, type Limits } from "./limits.ts";
export { Metrics } from "./metrics.ts";
export { buildClient, builtHash, clientSourceHash } from "./web-build.ts";
export { createLogger } from "./log.ts";
export * from "./protocol.ts";

/**
 * The web client to serve: packages/web/dist, built with Vite when it is missing or was built from
 * other sources than those checked out now (its stamp, `web-build.ts`); null: API only.
 */
export async function ensureWebClient(log: (line: string) => void): Promise<string | null> {
  const dist = DEFAULT_WEB_DIST;
  const present = existsSync(join(dist, "index.html"));
  if (!existsSync(join(WEB_ROOT, "vite.config.ts"))) {
    if (!present) log("web client: packages/web/vite.config.ts not found, serving the API only");
    return present ? dist : null;
  }
  const hash = clientSourceHash();
  if (builtHash(dist) === hash) return dist;
  log(present ? "web client: its sources changed since packages/web/dist was built, building it again with Vite…" : "web client: packages/web/dist is missing, building it with Vite…");
  try {
    await buildClient(dist, hash);
  } catch (error) {
    log(`web client: the build failed (${(error as Error).message}), ${present ? "serving the previous build" : "serving the API only"}`);
  }
  return existsSync(join(dist, "index.html")) ? dist : null;
}

/**
 * PORT (8080), DATA_DIR (./data), DATABASE_URL (postgres://…, else SQLite), HOST (0.0.0.0),
 * REDIS_URL (with a PostgreSQL DATABASE_URL: several processes; REDIS_PREFIX, LEASE_MS),
 * SERVE_WEB (0: API only), LOG_LEVEL (info), TRUST_PROXY (proxies whose X-Forwarded-For is
 * believed), ALLOWED_ORIGINS (other sites' origins allowed to post and open /ws), ABANDON_MINUTES
 * (30: a real-time table nobody is at ends after that long), and the LIMIT_* variables (limits.ts).
 */
/** REDIS_PREFIX and LEASE_MS (milliseconds, at least 300). */
function clusterFromEnv(): { prefix?: string; leaseMs?: number } {
  const leaseMs = process.env.LEASE_MS === undefined ? undefined : Number(process.env.LEASE_MS);
  if (leaseMs !== undefined && (!Number.isInteger(leaseMs) || leaseMs < 300)) throw new Error(`LEASE_MS must be a whole number of milliseconds, at least 300, got "${process.env.LEASE_MS}"`);
  return { ...(process.env.REDIS_PREFIX ? { prefix: process.env.REDIS_PREFIX } : {}), ...(leaseMs !== undefined ? { leaseMs } : {}) };
}

export async function startFromEnv(): Promise<void> {
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? "info" });
  const log = (line: string) => logger.info(line);
  logProcessErrors(logger);
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  const limits = limitsFromEnv();
  const abandonMinutes = process.env.ABANDON_MINUTES === undefined ? undefined : Number(process.env.ABANDON_MINUTES);
  if (abandonMinutes !== undefined && !(Number.isFinite(abandonMinutes) && abandonMinutes > 0)) throw new Error(`ABANDON_MINUTES must be a positive number of minutes, got "${process.env.ABANDON_MINUTES}"`);
  // SERVE_WEB=0: the API only (no web client, no build).
  const webDist = process.env.SERVE_WEB === "0" ? null : await ensureWebClient(log);
  const server: RunningServer = await createServer({
    port,
    host: process.env.HOST ?? "0.0.0.0",
    dataDir: process.env.DATA_DIR ?? join(process.cwd(), "data"),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL, cluster: clusterFromEnv() } : {}),
    webDist,
    limits,
    ...(abandonMinutes !== undefined ? { abandonMs: Math.round(abandonMinutes * 60_000) } : {}),
    logger,
    ...(process.env.TRUST_PROXY ? { trustProxy: process.env.TRUST_PROXY } : {}),
    ...(process.env.ALLOWED_ORIGINS ? { allowedOrigins: process.env.ALLOWED_ORIGINS } : {}),
    // SEED_PUZZLES=0: a new server starts with no puzzles (see `grimoire puzzles import`).
    ...(process.env.SEED_PUZZLES === "0" ? {} : { puzzleSeeds: (await import("@grimoire/catalog/puzzles")).seedPuzzles }),
  });
  log(`Grimoire server listening on http://localhost:${server.port}`);
  stopOnSignals(server, logger);
}
