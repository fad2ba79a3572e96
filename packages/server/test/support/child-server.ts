// A server in its own process, for the crash, flood, shutdown and atomicity tests: DATA_DIR from the
// environment (or PostgreSQL: DATABASE_URL and PG_SCHEMA), CHILD_PORT or else port 0; prints "PORT <n>" once listening;
// SIGTERM shuts it down gracefully. REDIS_URL (with PG_SCHEMA), REDIS_PREFIX and LEASE_MS: one of
// several processes. The LIMIT_* variables set a limit (the per-address ones are lifted otherwise:
// tests talk from one address). GRIMOIRE_CRASH_AT_WRITE=N makes it SIGKILL itself just before its
// N-th write. CHILD_CATALOG: the catalog's URL when it runs from the run's build (child-bundle.ts),
// the test catalog's source otherwise. Its bot workers start with its first bot decision.
import { createLogger, createServer, limitsFromEnv, PostgresStorage } from "../../src/index.ts";
import { stopOnSignals } from "../../src/shutdown.ts";
import { ROOMY, TEST_CATALOG } from "./harness.ts";

const logger = createLogger({ level: process.env.LOG_LEVEL ?? "warn" });
const storage = process.env.PG_SCHEMA ? new PostgresStorage(process.env.DATABASE_URL!, { schema: process.env.PG_SCHEMA }) : undefined;
const server = await createServer({
  port: Number(process.env.CHILD_PORT ?? 0),
  dataDir: process.env.DATA_DIR!,
  ...(storage ? { storage } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL, cluster: { prefix: process.env.REDIS_PREFIX, leaseMs: Number(process.env.LEASE_MS ?? 3000) } } : {}),
  catalogUrl: process.env.CHILD_CATALOG ?? TEST_CATALOG,
  botBudgetMs: Number(process.env.BOT_BUDGET_MS ?? 5000),
  botWorkers: Number(process.env.BOT_WORKERS ?? 2),
  botWorkersOnDemand: true,
  limits: { ...ROOMY, ...limitsFromEnv() },
  ...(process.env.ABANDON_MINUTES ? { abandonMs: Math.round(Number(process.env.ABANDON_MINUTES) * 60_000) } : {}),
  logger,
});
stopOnSignals(server, logger);
process.stdout.write(`PORT ${server.port}\n`);
