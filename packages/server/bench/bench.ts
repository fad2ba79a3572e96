// `npm run bench:server`: the server under load, and a bare `ws` echo server as the ceiling, in
// the same run. Each server runs in its own process (its RSS is its own); clients are separate
// processes over loopback. Phases per server:
//   idle     C connections that said hello and do nothing: RSS per idle connection;
//   open     (Grimoire) `--matches` × 10 matches started, nobody connected: RSS per open match;
//   play     `--matches` concurrent matches, each a human seat driven by a client process
//            (acting as soon as it may) against an easy bot on the server, with `--spectators`
//            spread over them: actions/s (every logged action, bots' included) and the human
//            acts' ack latency, p50 / p99 / max;
//   fanout   one match with `--fanout` spectators: the ack latency of its acts.
// The echo server acks each act first, then sends a 1.5 KB update to the room.
// Options: --matches N (20), --spectators M (200), --seconds S (10), --fanout F (1000), --clients K (2).
// --processes P: instead, the play phase on 1, 2, … P server processes sharing PostgreSQL and Redis
// (BENCH_DATABASE_URL, BENCH_REDIS_URL; a fresh schema and key prefix), tables created on one process,
// their player and spectators connected to the others: actions/s and ack p50 / p99 for each count.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import type { ClientJob } from "./client.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} takes a number`);
  return value;
};
const MATCHES = option("matches", 20);
const SPECTATORS = option("spectators", 200);
const SECONDS = option("seconds", 10);
const FANOUT = option("fanout", 1000);
const CLIENTS = Math.max(1, option("clients", 2));
const PROCESSES = option("processes", 0);
const IDLE = 1000;
const GAME = "abracadawhat";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const children = new Set<ChildProcess>();
function node(script: string, argv: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", here(script), ...argv], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, ...env } });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}
// Whatever happens, no server or client is left behind.
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

function lineFrom(child: ChildProcess, test: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").slice(0, -1).find(test);
      if (line !== undefined) {
        child.stdout!.off("data", onData);
        resolve(line);
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${child.spawnargs.join(" ")} exited with ${code}`)));
  });
}

async function startServer(kind: "grimoire" | "echo" | "cluster", env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = node("serve.ts", [kind], env);
  const port = Number((await lineFrom(child, (l) => l.startsWith("PORT "))).slice(5));
  return { child, port };
}

async function runClients(jobs: ClientJob[]): Promise<{ latencies: number[]; errors: number; matchesPlayed: number }> {
  const results = await Promise.all(jobs.map((job) => lineFrom(node("client.ts", [JSON.stringify(job)]), (l) => l.startsWith("{")).then((l) => JSON.parse(l) as { latencies: number[]; errors: number; matchesPlayed: number })));
  return { latencies: results.flatMap((r) => r.latencies), errors: results.reduce((n, r) => n + r.errors, 0), matchesPlayed: results.reduce((n, r) => n + r.matchesPlayed, 0) };
}

async function actionsLogged(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return [...text.matchAll(/^grimoire_actions_total\{[^}]*\} (\S+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

async function post(port: number, path: string, body: unknown): Promise<any> {
  return (await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Row {
  server: string;
  actionsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  fanoutP50: number;
  fanoutP99: number;
  fanoutMax: number;
  rssPerMatchKb: number | null;
  rssPerConnectionKb: number;
  errors: number;
}

const split = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

async function measure(kind: "grimoire" | "echo"): Promise<Row> {
  const { child, port } = await startServer(kind);
  const pid = child.pid!;
  await sleep(1000);

  // idle connections
  const table = kind === "grimoire" ? ((await post(port, "/api/tables", { game: GAME, seats: [{ kind: "open" }, { kind: "open" }] })).table.id as string) : "";
  const before = rssMb(pid);
  const holder = node("client.ts", [JSON.stringify({ port, kind, mode: "idle", game: GAME, matches: 0, spectators: 0, seconds: 0, connections: IDLE, table } satisfies ClientJob)]);
  await lineFrom(holder, (l) => l === "READY");
  await sleep(1000);
  const rssPerConnectionKb = ((rssMb(pid) - before) * 1024) / IDLE;
  holder.stdin!.write("done\n");
  await new Promise((r) => holder.once("exit", r));

  // open matches, nobody connected
  let rssPerMatchKb: number | null = null;
  if (kind === "grimoire") {
    await sleep(500);
    const start = rssMb(pid);
    const count = Math.max(50, MATCHES * 10);
    for (let i = 0; i < count; i++) {
      const created = await post(port, "/api/tables", { game: GAME, seats: [{ kind: "open" }, { kind: "open" }] });
      await post(port, `/api/tables/${created.table.id}/join`, { name: "A" });
      await post(port, `/api/tables/${created.table.id}/join`, { name: "B" });
    }
    await sleep(1000);
    rssPerMatchKb = ((rssMb(pid) - start) * 1024) / count;
  }

  // play
  const logged = kind === "grimoire" ? await actionsLogged(port) : 0;
  const started = Date.now();
  const matches = split(MATCHES, CLIENTS);
  const spectatorsPerMatch = MATCHES > 0 ? Math.floor(SPECTATORS / MATCHES) : 0;
  const play = await runClients(matches.map((m): ClientJob => ({ port, kind, mode: "play", game: GAME, matches: m, spectators: spectatorsPerMatch, seconds: SECONDS })));
  const elapsed = (Date.now() - started) / 1000;
  const actions = kind === "grimoire" ? (await actionsLogged(port)) - logged : play.latencies.length;

  // fanout: one match, many spectators
  const fanout = await runClients([{ port, kind, mode: "play", game: GAME, matches: 1, spectators: FANOUT, seconds: Math.min(SECONDS, 6) }]);

  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return {
    server: kind === "grimoire" ? "Grimoire" : "bare ws echo",
    actionsPerSecond: actions / elapsed,
    p50: percentile(play.latencies, 50),
    p99: percentile(play.latencies, 99),
    max: Math.max(...play.latencies),
    fanoutP50: percentile(fanout.latencies, 50),
    fanoutP99: percentile(fanout.latencies, 99),
    fanoutMax: Math.max(...fanout.latencies),
    rssPerMatchKb,
    rssPerConnectionKb,
    errors: play.errors + fanout.errors,
  };
}

/** The play phase on `n` processes in cluster mode. */
async function measureProcesses(n: number): Promise<{ processes: number; actionsPerSecond: number; p50: number; p99: number; errors: number; matchesPlayed: number }> {
  const { PostgresStorage } = await import("../src/storage.ts");
  const { Redis } = await import("ioredis");
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const schema = `bench_${process.pid}_${n}`;
  const prefix = `grimoire-bench:${schema}:`;
  const storage = new PostgresStorage(databaseUrl, { schema });
  await storage.dropSchema();
  await storage.migrate();
  const env = { BENCH_DATABASE_URL: databaseUrl, BENCH_REDIS_URL: redisUrl, BENCH_PG_SCHEMA: schema, BENCH_REDIS_PREFIX: prefix };
  const servers = [];
  for (let i = 0; i < n; i++) servers.push(await startServer("cluster", env));
  await sleep(1000);
  const ports = servers.map((s) => s.port);
  const count = async () => (await Promise.all(ports.map(actionsLogged))).reduce((a, b) => a + b, 0);
  const logged = await count();
  const started = Date.now();
  const jobs = split(MATCHES, CLIENTS).map((m, i): ClientJob => {
    const rotated = ports.map((_, k) => ports[(i + k) % ports.length]!);
    return { port: rotated[0]!, ports: rotated, kind: "grimoire", mode: "play", game: GAME, matches: m, spectators: MATCHES > 0 ? Math.floor(SPECTATORS / MATCHES) : 0, seconds: SECONDS };
  });
  const play = await runClients(jobs);
  const elapsed = (Date.now() - started) / 1000;
  const actions = (await count()) - logged;
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once("exit", r)))));
  await storage.dropSchema();
  await storage.close();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  return { processes: n, actionsPerSecond: actions / elapsed, p50: percentile(play.latencies, 50), p99: percentile(play.latencies, 99), errors: play.errors, matchesPlayed: play.matchesPlayed };
}

if (PROCESSES > 0) {
  const results = [];
  for (let n = 1; n <= PROCESSES; n++) results.push(await measureProcesses(n));
  const cpu = cpus();
  process.stdout.write(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${loadavg()[0]!.toFixed(2)}\n` +
      `${MATCHES} matches (${GAME}, a human seat against an easy bot; the table created on one process, its player and ${Math.floor(SPECTATORS / Math.max(1, MATCHES))} spectators each on the others), ${SECONDS} s, PostgreSQL + Redis\n\n` +
      "| processes | actions/s | ack p50 ms | ack p99 ms | matches played | refused acts |\n| --------: | --------: | ---------: | ---------: | -------------: | -----------: |\n" +
      results.map((r) => `| ${r.processes} | ${r.actionsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.matchesPlayed} | ${r.errors} |`).join("\n") +
      "\n",
  );
  process.exit(0);
}

const rows: Row[] = [];
for (const kind of ["echo", "grimoire"] as const) rows.push(await measure(kind));
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "—");
const cpu = cpus();
process.stdout.write(
  `Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${loadavg()[0]!.toFixed(2)}\n` +
    `${MATCHES} matches (${GAME}, a human seat driven over loopback against an easy bot), ${SPECTATORS} spectators, ${SECONDS} s; fan-out: one match with ${FANOUT} spectators; ${IDLE} idle connections\n\n` +
    "| server | actions/s | ack p50 ms | ack p99 ms | ack max ms | fan-out ack p50 / p99 / max ms | RSS per open match | RSS per idle connection |\n" +
    "| ------ | --------: | ---------: | ---------: | ---------: | ------------------------------ | -----------------: | ----------------------: |\n" +
    rows
      .map(
        (r) =>
          `| ${r.server} | ${r.actionsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.fanoutP50)} / ${ms(r.fanoutP99)} / ${ms(r.fanoutMax)} | ${r.rssPerMatchKb === null ? "—" : `${r.rssPerMatchKb.toFixed(0)} KB`} | ${r.rssPerConnectionKb.toFixed(1)} KB |`,
      )
      .join("\n") +
    "\n" +
    (rows.some((r) => r.errors > 0) ? `\nrefused acts: ${rows.map((r) => `${r.server} ${r.errors}`).join(", ")}\n` : ""),
);
process.exit(0);
