// A server in its own process, for the crash, flood and shutdown tests: DATA_DIR from the
// environment, port 0; prints "PORT <n>" once listening; SIGTERM shuts it down gracefully.
import { createLogger, createServer } from "../../src/index.ts";
import { stopOnSignals } from "../../src/shutdown.ts";
import { ROOMY, TEST_CATALOG } from "./harness.ts";

const logger = createLogger({ level: process.env.LOG_LEVEL ?? "warn" });
const server = await createServer({ port: 0, dataDir: process.env.DATA_DIR!, catalogUrl: TEST_CATALOG, botBudgetMs: Number(process.env.BOT_BUDGET_MS ?? 5000), limits: ROOMY, logger });
stopOnSignals(server, logger);
process.stdout.write(`PORT ${server.port}\n`);
