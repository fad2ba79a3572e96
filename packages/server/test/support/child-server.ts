// A server in its own process, for the crash tests: DATA_DIR from the environment (or
// PostgreSQL: DATABASE_URL and PG_SCHEMA), port 0; prints "PORT <n>" once listening.
// GRIMOIRE_CRASH_AT_WRITE=N makes it SIGKILL itself just before its N-th write.
import { createServer, PostgresStorage } from "../../src/index.ts";
import { TEST_CATALOG } from "./harness.ts";

const storage = process.env.PG_SCHEMA ? new PostgresStorage(process.env.DATABASE_URL!, { schema: process.env.PG_SCHEMA }) : undefined;
const server = await createServer({
  port: 0,
  dataDir: process.env.DATA_DIR!,
  ...(storage ? { storage } : {}),
  catalogUrl: TEST_CATALOG,
  botBudgetMs: Number(process.env.BOT_BUDGET_MS ?? 5000),
  botWorkers: Number(process.env.BOT_WORKERS ?? 2),
});
process.stdout.write(`PORT ${server.port}\n`);
