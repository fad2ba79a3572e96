// A server in its own process, for the crash test: DATA_DIR from the environment, port 0;
// prints "PORT <n>" once listening.
import { createServer } from "../../src/index.ts";
import { ROOMY, TEST_CATALOG } from "./harness.ts";

const server = await createServer({ port: 0, dataDir: process.env.DATA_DIR!, catalogUrl: TEST_CATALOG, botBudgetMs: Number(process.env.BOT_BUDGET_MS ?? 5000), limits: ROOMY });
process.stdout.write(`PORT ${server.port}\n`);
