// A server for `npm run bench:server`, in its own process so its RSS is its own: `grimoire`
// (the real server, SQLite in a temporary directory, limits lifted: the bench measures capacity,
// not the limits), `cluster` (the same, one of several processes on PostgreSQL and Redis) or `echo` (a bare ws server: ack first, then the same update to the room; the
// ceiling). Prints "PORT <n>". Side channel: each "stats" line on stdin is answered by one line
// "STATS {cpuMs, mainCpuMs, writerCpuMs, botsCpuMs, loopLagP99Ms}" on stdout: the process's CPU
// time so far (user + system, every thread: bot workers, GC and libuv's pool included), the main
// thread's alone (the event loop), the SQLite writer thread's and the bot workers' (the threads
// Grimoire names; threads.ts, from /proc/self/task/<tid>/schedstat), and the event loop's delay
// p99 since the previous "stats".
import { mkdtempSync, rmSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import { createServer, PostgresStorage } from "../src/index.ts";
import { THREAD_NAMES, ThreadCpu } from "../src/threads.ts";

const kind = process.argv[2];

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "stats") return;
  const { user, system } = process.cpuUsage();
  // The histogram records the intervals between runs of a 10 ms timer, in ns: the lag is what exceeds 10 ms.
  const loopLagP99Ms = loopDelay.count > 0 ? Math.max(0, loopDelay.percentile(99) / 1e6 - 10) : 0;
  loopDelay.reset();
  const threads = threadTimes();
  process.stdout.write(`STATS ${JSON.stringify({ cpuMs: (user + system) / 1000, ...threads, loopLagP99Ms })}\n`);
});
/** The CPU time (ms) so far of the main thread, the SQLite writer and the bot workers (threads.ts). */
const threadCpu = new ThreadCpu();
function threadTimes(): { mainCpuMs: number; writerCpuMs: number; botsCpuMs: number } {
  const t = threadCpu.read();
  return { mainCpuMs: t?.main ?? 0, writerCpuMs: t?.[THREAD_NAMES.writer] ?? 0, botsCpuMs: t?.[THREAD_NAMES.bot] ?? 0 };
}

if (kind === "grimoire" || kind === "cluster") {
  const dataDir = mkdtempSync(join(tmpdir(), "grimoire-bench-"));
  // cluster: one of several processes (PostgreSQL schema BENCH_PG_SCHEMA, Redis prefix BENCH_REDIS_PREFIX).
  const env = process.env;
  const server = await createServer({
    port: 0,
    dataDir,
    ...(kind === "cluster"
      ? {
          storage: new PostgresStorage(env.BENCH_DATABASE_URL!, { schema: env.BENCH_PG_SCHEMA! }),
          redisUrl: env.BENCH_REDIS_URL!,
          cluster: { prefix: env.BENCH_REDIS_PREFIX! },
        }
      : {}),
    limits: {
      connectionsPerIp: 1_000_000,
      handshakesPerMinute: 1_000_000,
      tablesPerMinute: 1_000_000,
      joinsPerMinute: 1_000_000,
      botTablesPerIp: 1_000_000,
      messagesPerSecond: 1_000_000,
      messageBurst: 1_000_000,
    },
  });
  process.stdout.write(`PORT ${server.port}\n`);
  process.once("SIGTERM", () => void server.close().then(() => (rmSync(dataDir, { recursive: true, force: true }), process.exit(0))));
} else {
  const rooms = new Map<string, Set<WebSocket>>();
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => wss.once("listening", r));
  let version = 0;
  wss.on("connection", (ws) => {
    let room: Set<WebSocket> | null = null;
    ws.on("error", () => {});
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as { type: string; room?: string; ref?: string; pad?: string };
      if (message.type === "hello") {
        room = rooms.get(message.room!) ?? new Set();
        rooms.set(message.room!, room);
        room.add(ws);
        ws.send(JSON.stringify({ type: "welcome" }));
      } else if (message.type === "act") {
        version++;
        ws.send(JSON.stringify({ type: "ack", ref: message.ref, version }));
        const update = JSON.stringify({ type: "update", version, pad: message.pad });
        for (const peer of room ?? []) if (peer !== ws) peer.send(update);
      }
    });
    ws.on("close", () => room?.delete(ws));
  });
  const address = wss.address();
  process.stdout.write(`PORT ${typeof address === "object" && address ? address.port : 0}\n`);
  process.once("SIGTERM", () => process.exit(0));
}
