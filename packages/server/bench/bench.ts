// `npm run bench:server`: the server under load, and a bare `ws` echo server as the ceiling, in
// the same run, and where the time goes: each server's CPU per act and event-loop lag. Each server
// runs in its own process (its RSS and CPU are its own; it reports its CPU time and loop delay
// through a side channel, see serve.ts); clients are separate processes over loopback. Phases per
// server:
//   idle     C connections that said hello and do nothing: RSS per idle connection;
//   open     (Grimoire) `--matches` × 10 matches started, nobody connected: RSS per open match;
//   bot      `--matches` concurrent matches, each a human seat driven by a client process
//            (acting as soon as it may) against an easy bot on the server, with `--spectators`
//            spread over them: actions/s (every logged action, bots' included) and the human
//            acts' ack latency, p50 / p99 / max; the echo's clients act in a free closed loop;
//   fanout   one match with `--fanout` spectators: the ack latency of its acts;
//   hvh      `--tables` busy Abraca…What? tables of two human seats, both driven over WebSocket,
//            each acting with a legal action `--think` ms after its turn comes (55: the load
//            issue #23 was measured under, one act per 55 ms per connection); the echo's clients
//            are pairs in a room taking turns (each acts when the other's update arrives, after
//            the same think time), the same number of clients: acts/s, act→ack p50 / p99, and
//            Grimoire's acts/s as a percentage of the echo's;
//   flat out the same with no think time: the most either server does (its capacity);
//   set-up   (Grimoire) hvh tables set up and closed again, ten at a time, none played: what a
//            table costs before its first act and after its last (created, both seats joined,
//            both players connected and synced, both connections closed), the server's CPU per
//            set-up; the hvh phases set up a new table after each match, and the report says
//            how much of their CPU per act that is.
// Before them, a second of a few hvh tables and two seconds of matches against bots warm the
// server up, its bot threads included (not measured).
// Every play phase reports the server's CPU per act (its process's user + system time over the
// phase, bot threads included, divided by the acts it logged or, for the echo, acked), its main
// thread's alone, Grimoire's storage writes per act and their mean duration (from /metrics) and
// the event-loop lag p99 over the phase.
// --processes P: instead, the bot and hvh phases on 1, 2, … P server processes sharing PostgreSQL
// and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL; a fresh schema and key prefix), tables created on
// one process, their players and spectators connected to one process per table (--placement table,
// the default) or to the others (spread): the same figures, CPU per act
// summed over every process, and its ratio to one process's.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { ClientJob } from "./client.ts";

const USAGE = `Usage: npm run bench:server -- [options]

Grimoire's server against a bare ws echo server: actions/s, ack latency, CPU per act, event-loop
lag p99, RSS per open match and per idle connection.

Options:
  --matches N      bot phase: concurrent matches, a human seat against an easy bot (20)
  --spectators M   bot phase: spectators spread over the matches (200)
  --tables T       hvh phase: busy human-vs-human tables, both seats driven by the bench (50)
  --think MS       hvh phase: a seat's think time once it is its turn (55, the load issue #23
                   was measured under); the flat-out phase has none
  --seconds S      length of the bot and hvh phases (10)
  --fanout F       fan-out phase: spectators on one match (1000)
  --idle C         idle connections held for RSS per connection (1000)
  --clients K      client processes per phase (2)
  --processes P    instead: the bot and hvh phases on 1, 2, … P processes on PostgreSQL and Redis
                   (BENCH_DATABASE_URL, BENCH_REDIS_URL)
  --rounds R       with --processes: R rounds of 1, 2, … P processes, taking turns, so a change
                   in the machine's speed touches each count alike; the targets take the median
                   of the rounds' ratios (1)
  --placement W    with --processes: \`table\` (a table's connections all to one process, as
                   deploy/nginx.conf does; default) or \`spread\` (each connection to the next
                   process: most changes forwarded to the owner)
  --profile DIR    run every server with a V8 CPU profile, written to DIR when it stops (one
                   .cpuprofile per thread; open it in Chrome's DevTools): where its time goes
  --json           print one JSON object instead of tables
  -h, --help       this help
`;

const { values: flags } = parseArgs({
  options: {
    matches: { type: "string" },
    spectators: { type: "string" },
    tables: { type: "string" },
    seconds: { type: "string" },
    fanout: { type: "string" },
    idle: { type: "string" },
    clients: { type: "string" },
    processes: { type: "string" },
    placement: { type: "string" },
    rounds: { type: "string" },
    think: { type: "string" },
    profile: { type: "string" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (flags.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const option = (name: keyof typeof flags, fallback: number) => {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(value) || value < 0) throw new Error(`--${name} takes a number, not ${String(raw)}`);
  return value;
};
const MATCHES = option("matches", 20);
const SPECTATORS = option("spectators", 200);
const TABLES = option("tables", 50);
const SECONDS = option("seconds", 10);
const FANOUT = option("fanout", 1000);
const IDLE = option("idle", 1000);
const CLIENTS = Math.max(1, option("clients", 2));
const THINK = option("think", 55);
const PROCESSES = option("processes", 0);
const ROUNDS = Math.max(1, Math.floor(option("rounds", 1)));
const PLACEMENT = flags.placement ?? "table";
if (PLACEMENT !== "table" && PLACEMENT !== "spread") throw new Error(`--placement takes table or spread, not ${PLACEMENT}`);
const placement: "table" | "spread" = PLACEMENT;
const JSON_OUT = flags.json;
const GAME = "abracadawhat";

/** Issue #23's targets. */
const TARGETS = { hvhPercentOfEcho: 50, hvhAckP99Ms: 20, cpuPerActMs: 0.2, processesCpuRatio: 1.5 };

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const children = new Set<ChildProcess>();
function node(script: string, argv: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const profile = script === "serve.ts" && flags.profile !== undefined ? ["--cpu-prof", `--cpu-prof-dir=${flags.profile}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", here(script), ...argv], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, ...env } });
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
        child.off("close", onClose);
        resolve(line);
      }
    };
    // "close", not "exit": a process can exit before its last (long) line has been read.
    const onClose = (code: number | null) => reject(new Error(`${child.spawnargs.join(" ")} exited with ${code} without printing the line awaited`));
    child.stdout!.on("data", onData);
    // Removed once the line came: a server is asked for its stats many times (MaxListenersExceededWarning before).
    child.once("close", onClose);
  });
}

interface Server {
  child: ChildProcess;
  port: number;
}
interface Stats {
  cpuMs: number;
  mainCpuMs: number;
  /** The SQLite writer thread's and the bot workers' (0 where there is none). */
  writerCpuMs: number;
  botsCpuMs: number;
  loopLagP99Ms: number;
}

async function startServer(kind: "grimoire" | "echo" | "cluster", env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = node("serve.ts", [kind], env);
  const port = Number((await lineFrom(child, (l) => l.startsWith("PORT "))).slice(5));
  return { child, port };
}

async function stop(servers: Server[]): Promise<void> {
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once("exit", r)))));
}

/** The server's CPU time so far and its loop delay p99 since the last ask (serve.ts's side channel). */
async function statsOf(server: Server): Promise<Stats> {
  const line = lineFrom(server.child, (l) => l.startsWith("STATS "));
  server.child.stdin!.write("stats\n");
  return JSON.parse((await line).slice(6)) as Stats;
}

interface ClientResults {
  latencies: number[];
  errors: number;
  refused: Record<string, number>;
  matchesPlayed: number;
  tablesSetUp: number;
  /** From the first client's start to the last one's end (epoch ms), the processes' start-up left out. */
  began: number;
  ended: number;
  /** The client processes' CPU time over their playing time, summed. */
  cpuMs: number;
}

async function runClients(jobs: ClientJob[]): Promise<ClientResults> {
  const results = await Promise.all(jobs.map((job) => lineFrom(node("client.ts", [JSON.stringify(job)]), (l) => l.startsWith("{")).then((l) => JSON.parse(l) as ClientResults)));
  return {
    latencies: results.flatMap((r) => r.latencies),
    errors: results.reduce((n, r) => n + r.errors, 0),
    refused: results.reduce<Record<string, number>>((all, r) => {
      for (const [code, n] of Object.entries(r.refused)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
    matchesPlayed: results.reduce((n, r) => n + r.matchesPlayed, 0),
    tablesSetUp: results.reduce((n, r) => n + r.tablesSetUp, 0),
    began: Math.min(...results.map((r) => r.began)),
    ended: Math.max(...results.map((r) => r.ended)),
    cpuMs: sum(results.map((r) => r.cpuMs)),
  };
}

/** From Grimoire's /metrics: actions logged so far, storage writes (every operation) and their seconds summed, commits and the writes they held. */
async function counters(port: number): Promise<Counters> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const total = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0);
  return {
    actions: total(/^grimoire_actions_total\{[^}]*\} (\S+)$/gm),
    storageWrites: total(/^grimoire_storage_write_seconds_count\{[^}]*\} (\S+)$/gm),
    storageSeconds: total(/^grimoire_storage_write_seconds_sum\{[^}]*\} (\S+)$/gm),
    commits: total(/^grimoire_storage_commits_total (\S+)$/gm),
    committedWrites: total(/^grimoire_storage_batched_writes_total\{result="ok"\} (\S+)$/gm),
    published: total(/^grimoire_table_changes_total\{result="published"\} (\S+)$/gm),
    unheard: total(/^grimoire_table_changes_total\{result="unheard"\} (\S+)$/gm),
  };
}
interface Counters {
  actions: number;
  storageWrites: number;
  storageSeconds: number;
  /** The store's commits, and the writes they held (group commit). */
  commits: number;
  committedWrites: number;
  /** Several processes: the owners' changes published on Redis, and kept off it (nobody else listened). */
  published: number;
  unheard: number;
}

async function post(port: number, path: string, body: unknown): Promise<any> {
  return (await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const split = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One play phase's figures. */
interface Phase {
  acts: number;
  /** Per second of the clients' playing time (their processes' start-up left out). */
  actsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** The server's CPU time (every process's, summed) over the phase, per act it logged or acked. */
  cpuPerActMs: number;
  /** The same, its main thread's only (the event loop, without bot workers, GC threads and libuv's pool). */
  mainCpuPerActMs: number;
  /** The same, the SQLite writer thread's, the bot workers', and every other thread's (V8's GC and compiler threads, libuv's pool). */
  writerCpuPerActMs: number;
  botsCpuPerActMs: number;
  otherCpuPerActMs: number;
  /**
   * The client processes' CPU time per act. They run on the server's cores: at a flat-out phase the
   * machine is the limit, and this says how much of it the clients took.
   */
  clientCpuPerActMs: number;
  /** Server and clients together: the share of the machine's cores busy over the phase (0–1). */
  machineBusy: number;
  /**
   * Grimoire: storage writes per act and their mean duration, from asked to committed (null for
   * the echo). They wait for their commit, off the event loop; several overlap, so their product is
   * no time of a thread.
   */
  storageWritesPerAct: number | null;
  storageWriteMeanMs: number | null;
  /** Grimoire: the writes each commit held, on average (group commit; null for the echo). */
  writesPerCommit: number | null;
  /** Several processes: the share (0–1) of the owners' changes published on Redis, the others heard by no other process (null: one process without Redis, or the echo). */
  changesPublished: number | null;
  /** The worst process's event-loop lag p99 over the phase. */
  loopLagP99Ms: number;
  matchesPlayed: number;
  /** Tables the clients set up (hvh: one for each seat pair at the start, a new one after each match). */
  tablesSetUp: number;
  errors: number;
  /** Refused acts by error code. */
  refused: Record<string, number>;
}

/**
 * Runs `jobs` against `servers`, counting acts as Grimoire logged them (every process's
 * `grimoire_actions_total`) or, for the echo server, as acked.
 */
async function phase(kind: "grimoire" | "echo", servers: Server[], jobs: ClientJob[]): Promise<Phase> {
  const count = async () => {
    const each = kind === "echo" ? [] : await Promise.all(servers.map((s) => counters(s.port)));
    const summed = (key: keyof Counters) => sum(each.map((c) => c[key]));
    const keys = ["actions", "storageWrites", "storageSeconds", "commits", "committedWrites", "published", "unheard"] as const;
    return Object.fromEntries(keys.map((key) => [key, summed(key)])) as unknown as Counters;
  };
  const logged = await count();
  const before = await Promise.all(servers.map(statsOf));
  const results = await runClients(jobs);
  const elapsed = (results.ended - results.began) / 1000;
  const after = await Promise.all(servers.map(statsOf));
  const end = await count();
  const acts = kind === "grimoire" ? end.actions - logged.actions : results.latencies.length;
  const cpuMs = sum(after.map((a, i) => a.cpuMs - before[i]!.cpuMs));
  const spent = (key: "mainCpuMs" | "writerCpuMs" | "botsCpuMs") => sum(after.map((a, i) => a[key] - before[i]![key]));
  const [mainCpuMs, writerCpuMs, botsCpuMs] = [spent("mainCpuMs"), spent("writerCpuMs"), spent("botsCpuMs")];
  const writes = end.storageWrites - logged.storageWrites;
  const commits = end.commits - logged.commits;
  const published = end.published - logged.published;
  const changes = published + end.unheard - logged.unheard;
  return {
    acts,
    actsPerSecond: acts / elapsed,
    p50: percentile(results.latencies, 50),
    p99: percentile(results.latencies, 99),
    max: results.latencies.length > 0 ? results.latencies.reduce((a, b) => Math.max(a, b), 0) : NaN,
    cpuPerActMs: acts > 0 ? cpuMs / acts : NaN,
    mainCpuPerActMs: acts > 0 ? mainCpuMs / acts : NaN,
    writerCpuPerActMs: acts > 0 ? writerCpuMs / acts : NaN,
    botsCpuPerActMs: acts > 0 ? botsCpuMs / acts : NaN,
    // Every other thread's, and those of threads that ended during the phase: what the process's own count has beyond the named threads.
    otherCpuPerActMs: acts > 0 ? Math.max(0, cpuMs - mainCpuMs - writerCpuMs - botsCpuMs) / acts : NaN,
    clientCpuPerActMs: acts > 0 ? results.cpuMs / acts : NaN,
    machineBusy: elapsed > 0 ? (cpuMs + results.cpuMs) / (elapsed * 1000 * cpus().length) : NaN,
    storageWritesPerAct: kind === "echo" ? null : acts > 0 ? writes / acts : NaN,
    storageWriteMeanMs: kind === "echo" ? null : writes > 0 ? ((end.storageSeconds - logged.storageSeconds) * 1000) / writes : NaN,
    writesPerCommit: kind === "echo" ? null : commits > 0 ? (end.committedWrites - logged.committedWrites) / commits : NaN,
    changesPublished: changes > 0 ? published / changes : null,
    loopLagP99Ms: Math.max(...after.map((a) => a.loopLagP99Ms)),
    matchesPlayed: results.matchesPlayed,
    tablesSetUp: results.tablesSetUp,
    errors: results.errors,
    refused: results.refused,
  };
}

/** Jobs for `matches` tables over the client processes; with several processes each job starts on the next one. */
function jobsFor(ports: number[], kind: "grimoire" | "echo", mode: "play" | "hvh" | "setup", matches: number, spectators: number, seconds: number, thinkMs = 0): ClientJob[] {
  return split(matches, CLIENTS)
    .filter((m) => m > 0)
    .map((m, i): ClientJob => {
      const rotated = ports.map((_, k) => ports[(i + k) % ports.length]!);
      return { port: rotated[0]!, ...(ports.length > 1 ? { ports: rotated, placement } : {}), kind, mode, game: GAME, matches: m, spectators, seconds, thinkMs };
    });
}

/**
 * Not measured: a second of a few hvh tables, then two seconds (at most a phase's) per process of
 * matches against bots, so the phases run on warm code: every process's threads (its main
 * thread, its bot workers) compile and optimize the same code in their own isolates, here and not
 * in the bot phase. With P processes sharing the matches, each gets a P-th of them, so the
 * warm-up lasts P times as long to give each process as much as a single one gets.
 */
async function warmUp(kind: "grimoire" | "echo", ports: number[]): Promise<void> {
  await runClients(jobsFor(ports, kind, "hvh", Math.min(TABLES, 4), 0, 1).slice(0, 1));
  await runClients(jobsFor(ports, kind, "play", Math.max(MATCHES, 2 * ports.length), 0, Math.min(2, SECONDS) * ports.length));
}

const spectatorsPerMatch = MATCHES > 0 ? Math.floor(SPECTATORS / MATCHES) : 0;

interface ServerRow {
  server: "echo" | "grimoire";
  bot: Phase;
  fanout: Phase;
  hvh: Phase;
  /** hvh with no think time. */
  flatOut: Phase;
  rssPerMatchKb: number | null;
  rssPerConnectionKb: number;
  /** Grimoire: what a table's set-up and close cost (null for the echo). */
  setUp: SetUpCost | null;
}

interface SetUpCost {
  tables: number;
  /** The server's CPU time (every thread's) over the phase, per table set up; its main thread's. */
  cpuPerTableMs: number;
  mainCpuPerTableMs: number;
}

/** Ten set-ups at a time for up to 5 s (setup mode, client.ts): the server's CPU per table. */
async function setUpCost(server: Server): Promise<SetUpCost> {
  const before = await statsOf(server);
  const results = await runClients(jobsFor([server.port], "grimoire", "setup", 10, 0, Math.min(SECONDS, 5)));
  const after = await statsOf(server);
  const tables = results.tablesSetUp;
  return { tables, cpuPerTableMs: (after.cpuMs - before.cpuMs) / tables, mainCpuPerTableMs: (after.mainCpuMs - before.mainCpuMs) / tables };
}

async function measure(kind: "grimoire" | "echo"): Promise<ServerRow> {
  const server = await startServer(kind);
  const { child, port } = server;
  const pid = child.pid!;
  await sleep(1000);

  // idle connections
  const table = kind === "grimoire" ? ((await post(port, "/api/tables", { game: GAME, seats: [{ kind: "open" }, { kind: "open" }] })).table.id as string) : "";
  const before = rssMb(pid);
  const holder = node("client.ts", [JSON.stringify({ port, kind, mode: "idle", game: GAME, matches: 0, spectators: 0, seconds: 0, connections: IDLE, table } satisfies ClientJob)]);
  await lineFrom(holder, (l) => l === "READY");
  await sleep(1000);
  const rssPerConnectionKb = IDLE > 0 ? ((rssMb(pid) - before) * 1024) / IDLE : NaN;
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

  await warmUp(kind, [port]);
  const bot = await phase(kind, [server], jobsFor([port], kind, "play", MATCHES, spectatorsPerMatch, SECONDS));
  const fanout = await phase(kind, [server], [{ port, kind, mode: "play", game: GAME, matches: 1, spectators: FANOUT, seconds: Math.min(SECONDS, 6) }]);
  const hvh = await phase(kind, [server], jobsFor([port], kind, "hvh", TABLES, 0, SECONDS, THINK));
  const flatOut = await phase(kind, [server], jobsFor([port], kind, "hvh", TABLES, 0, SECONDS));
  const setUp = kind === "grimoire" ? await setUpCost(server) : null;
  await stop([server]);
  return { server: kind, bot, fanout, hvh, flatOut, rssPerMatchKb, rssPerConnectionKb, setUp };
}

interface ProcessesRow {
  /** With --rounds: which round (from 1); each round measures 1, 2, … P processes in turn. */
  round: number;
  processes: number;
  bot: Phase;
  hvh: Phase;
}

/** The bot and hvh phases on `n` processes in cluster mode (hvh flat out: what the processes can do). */
async function measureProcesses(n: number, round: number): Promise<ProcessesRow> {
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
  const servers: Server[] = [];
  try {
    for (let i = 0; i < n; i++) servers.push(await startServer("cluster", env));
    const ports = servers.map((s) => s.port);
    await warmUp("grimoire", ports);
    const bot = await phase("grimoire", servers, jobsFor(ports, "grimoire", "play", MATCHES, spectatorsPerMatch, SECONDS));
    const hvh = await phase("grimoire", servers, jobsFor(ports, "grimoire", "hvh", TABLES, 0, SECONDS));
    return { round, processes: n, bot, hvh };
  } finally {
    await stop(servers);
    await storage.dropSchema();
    await storage.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

// ------------------------------------------------------------------------------------- report

const cpu = cpus();
const machine = { cpus: cpu.length, model: cpu[0]?.model ?? "?", memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10, node: process.version, load: Math.round(loadavg()[0]! * 100) / 100 };
const machineLine = `Machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB.toFixed(1)} GiB, Node ${machine.node}, load ${machine.load.toFixed(2)}\n`;
const options = { matches: MATCHES, spectators: SPECTATORS, tables: TABLES, think: THINK, seconds: SECONDS, fanout: FANOUT, idle: IDLE, clients: CLIENTS, processes: PROCESSES, ...(PROCESSES > 0 ? { placement: PLACEMENT } : {}) };
const ms = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : "—");
/** The clients' CPU per act (— where a phase's acts are not its measure) and how busy the machine was: two cells. */
const machineCells = (p: Phase, perAct = true) => `${perAct ? ms(p.clientCpuPerActMs, 3) : "—"} | ${ms(100 * p.machineBusy, 0)}%`;
const refusedText = (p: Phase) => `${p.errors}${p.errors > 0 ? ` (${Object.entries(p.refused).map(([code, n]) => `${code} ${n}`).join(", ")})` : ""}`;
/** Where the server's CPU per act goes, by thread: a table of `rows` (a label and its phase). */
const threadsTable = (rows: [string, Phase][]) =>
  "\n\nWhere the server's CPU per act goes, by thread (ms; other: V8's GC and compiler threads, libuv's pool):\n\n" +
  "| phase | all | main thread | SQLite writer | bot workers | other |\n| ----- | --: | ----------: | ------------: | ----------: | ----: |\n" +
  rows.map(([label, p]) => `| ${label} | ${ms(p.cpuPerActMs, 3)} | ${ms(p.mainCpuPerActMs, 3)} | ${ms(p.writerCpuPerActMs, 3)} | ${ms(p.botsCpuPerActMs, 3)} | ${ms(p.otherCpuPerActMs, 3)} |`).join("\n");
const met = (ok: boolean) => (ok ? "yes" : "**no**");
const targetTable = (rows: [string, string, boolean][]) =>
  "| target | measured | met |\n| ------ | -------: | :-: |\n" + rows.map(([what, value, ok]) => `| ${what} | ${value} | ${met(ok)} |`).join("\n") + "\n";

if (PROCESSES > 0) {
  const rows: ProcessesRow[] = [];
  for (let round = 1; round <= ROUNDS; round++) for (let n = 1; n <= PROCESSES; n++) rows.push(await measureProcesses(n, round));
  // Each row against one process in the same round.
  const oneOf = (r: ProcessesRow) => rows.find((o) => o.round === r.round && o.processes === 1)!;
  const ratio = (r: ProcessesRow, p: "bot" | "hvh") => r[p].cpuPerActMs / oneOf(r)[p].cpuPerActMs;
  const lasts = rows.filter((r) => r.processes === PROCESSES);
  const medianRatio = { bot: median(lasts.map((r) => ratio(r, "bot"))), hvh: median(lasts.map((r) => ratio(r, "hvh"))) };
  const oneHvh = median(rows.filter((r) => r.processes === 1).map((r) => r.hvh.cpuPerActMs));
  const over = ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : "";
  if (JSON_OUT) {
    const processes = rows.map((r) => ({ ...r, botCpuRatio: ratio(r, "bot"), hvhCpuRatio: ratio(r, "hvh") }));
    process.stdout.write(`${JSON.stringify({ machine, options, targets: TARGETS, processes, medianRatio })}\n`);
  } else {
    const line = (r: ProcessesRow, p: "bot" | "hvh") =>
      `| ${ROUNDS > 1 ? `${r.round}: ` : ""}${r.processes} | ${p} | ${r[p].actsPerSecond.toFixed(0)} | ${ms(r[p].p50)} | ${ms(r[p].p99)} | ${ms(r[p].cpuPerActMs, 3)} | ${ms(ratio(r, p), 2)}× | ${ms(r[p].mainCpuPerActMs, 3)} | ${ms(r[p].storageWritesPerAct ?? NaN, 2)} × ${ms(r[p].storageWriteMeanMs ?? NaN, 2)} | ${ms(r[p].writesPerCommit ?? NaN, 1)} | ${ms(100 * (r[p].changesPublished ?? NaN), 0)}% | ${ms(r[p].loopLagP99Ms)} | ${machineCells(r[p])} | ${r[p].matchesPlayed} | ${refusedText(r[p])} |`;
    process.stdout.write(
      machineLine +
        `PostgreSQL + Redis, ${SECONDS} s a phase; bot: ${MATCHES} matches (${GAME}, a human seat against an easy bot, ${spectatorsPerMatch} spectators each); ` +
        `hvh: ${TABLES} tables of two human seats acting flat out (no think time); tables created on one process, ${PLACEMENT === "table" ? "each table's players and spectators connected to one process picked from its id (as deploy/nginx.conf does)" : "their players and spectators connected to the others"}\n` +
        "CPU per act: every process's CPU time over the phase (every thread: bots, GC) over the acts logged, and their main threads' alone; " +
        "storage: writes per act × their mean ms (they overlap), and the writes each commit held (group commit); changes published: the share of the owners' table changes sent on Redis (the others no other process listened to); loop lag: the worst process's p99; PostgreSQL's and Redis's own CPU not counted; " +
        "clients: the client processes' CPU per act (they share the machine); machine busy: servers' and clients' CPU over the phase over every core's time\n\n" +
        "| processes | phase | acts/s | ack p50 ms | ack p99 ms | CPU per act ms | CPU per act vs 1 process | main threads' ms | storage writes per act × mean ms | writes per commit | changes published | loop lag p99 ms | clients' CPU per act ms | machine busy | matches played | refused acts |\n" +
        "| --------: | ----- | -----: | ---------: | ---------: | -------------: | -----------------------: | ---------------: | -------------------------------: | ----------------: | ----------------: | --------------: | ----------------------: | -----------: | -------------: | -----------: |\n" +
        rows.flatMap((r) => [line(r, "bot"), line(r, "hvh")]).join("\n") +
        threadsTable(rows.flatMap((r): [string, Phase][] => [[`${ROUNDS > 1 ? `round ${r.round}, ` : ""}${r.processes}: bot`, r.bot], [`${ROUNDS > 1 ? `round ${r.round}, ` : ""}${r.processes}: hvh`, r.hvh]])) +
        "\n\n" +
        targetTable([
          [`CPU per act ≤ ${TARGETS.cpuPerActMs} ms (hvh, 1 process${over})`, `${ms(oneHvh, 3)} ms`, oneHvh <= TARGETS.cpuPerActMs],
          [`${PROCESSES}-process CPU per act ≤ ${TARGETS.processesCpuRatio}× one process's (hvh${over})`, `${ms(medianRatio.hvh, 2)}×`, medianRatio.hvh <= TARGETS.processesCpuRatio],
          [`${PROCESSES}-process CPU per act ≤ ${TARGETS.processesCpuRatio}× one process's (bot${over})`, `${ms(medianRatio.bot, 2)}×`, medianRatio.bot <= TARGETS.processesCpuRatio],
        ]),
    );
  }
  process.exit(0);
}

const echo = await measure("echo");
const grimoire = await measure("grimoire");
const hvhPercentOfEcho = (100 * grimoire.hvh.actsPerSecond) / echo.hvh.actsPerSecond;
const flatOutPercentOfEcho = (100 * grimoire.flatOut.actsPerSecond) / echo.flatOut.actsPerSecond;
if (JSON_OUT) {
  process.stdout.write(`${JSON.stringify({ machine, options, targets: TARGETS, servers: [echo, grimoire], hvhPercentOfEcho, flatOutPercentOfEcho })}\n`);
  process.exit(0);
}
/** A table's set-up and close, and its share of the hvh phases' CPU per act (they set up a new table after each match). */
function setUpText(r: ServerRow): string {
  if (!r.setUp) return "";
  const { tables, cpuPerTableMs, mainCpuPerTableMs } = r.setUp;
  const share = (label: string, p: Phase) => {
    const actsPerTable = p.acts / p.tablesSetUp;
    return `${label}, one table set up per ${ms(actsPerTable, 0)} acts: about ${ms(cpuPerTableMs / actsPerTable, 3)} ms of its ${ms(p.cpuPerActMs, 3)} ms per act`;
  };
  return (
    `\n\nA table's set-up and close (created, both seats joined, both players connected and synced, both connections closed; ${tables} tables, ten at a time): ` +
    `${ms(cpuPerTableMs, 2)} ms of the server's CPU per table, its main thread's ${ms(mainCpuPerTableMs, 2)}. ` +
    `${share(`hvh (${THINK} ms think)`, r.hvh)}; ${share("flat out", r.flatOut)}.`
  );
}
const name = (r: ServerRow) => (r.server === "grimoire" ? "Grimoire" : "bare ws echo");
// The fan-out phase's time goes mostly to connecting its spectators: its acts/s and CPU per act are not the server's per act.
const phaseLine = (r: ServerRow, label: string, p: Phase, perAct = true) =>
  `| ${name(r)} | ${label} | ${perAct ? p.actsPerSecond.toFixed(0) : "—"} | ${ms(p.p50)} | ${ms(p.p99)} | ${ms(p.max)} | ${perAct ? ms(p.cpuPerActMs, 3) : "—"} | ${perAct ? ms(p.mainCpuPerActMs, 3) : "—"} | ${p.storageWritesPerAct === null || !perAct ? "—" : `${ms(p.storageWritesPerAct, 2)} × ${ms(p.storageWriteMeanMs ?? NaN, 2)}`} | ${p.writesPerCommit === null || !perAct ? "—" : ms(p.writesPerCommit, 1)} | ${ms(p.loopLagP99Ms)} | ${machineCells(p, perAct)} | ${refusedText(p)} |`;
process.stdout.write(
  machineLine +
    `bot: ${MATCHES} matches (${GAME}, a human seat driven over loopback against an easy bot; the echo's clients act in a free loop), ${SPECTATORS} spectators; ` +
    `fan-out: one match with ${FANOUT} spectators; hvh: ${TABLES} tables of two human seats (${2 * TABLES} clients; the echo's in pairs taking turns), ` +
    `each seat acting ${THINK} ms after its turn comes; flat out: the same with no think time; ` +
    `${SECONDS} s a phase; ${IDLE} idle connections\n` +
    "acts/s: every logged action (bots' included) for Grimoire, every ack for the echo; CPU per act: the server process's CPU time over the phase " +
    "(every thread: bots, GC) over those acts, and its main thread's alone; storage: writes per act × their mean ms, from asked to committed (off the event loop), and the writes each commit held (group commit); " +
    "loop lag: the server's event-loop delay p99 over the phase; fan-out: latencies only (its time goes to connecting spectators); " +
    "clients: the client processes' CPU per act (they run on the same cores); machine busy: server's and clients' CPU over the phase over every core's time " +
    "(near 100%, the machine, not the server, is the limit)\n\n" +
    "| server | phase | acts/s | ack p50 ms | ack p99 ms | ack max ms | CPU per act ms | main thread's ms | storage writes per act × mean ms | writes per commit | loop lag p99 ms | clients' CPU per act ms | machine busy | refused acts |\n" +
    "| ------ | ----- | -----: | ---------: | ---------: | ---------: | -------------: | ---------------: | -------------------------------: | ----------------: | --------------: | ----------------------: | -----------: | -----------: |\n" +
    [echo, grimoire].flatMap((r) => [phaseLine(r, "bot", r.bot), phaseLine(r, "fan-out", r.fanout, false), phaseLine(r, "hvh", r.hvh), phaseLine(r, "hvh flat out", r.flatOut)]).join("\n") +
    threadsTable([["Grimoire, bot", grimoire.bot], [`Grimoire, hvh (${THINK} ms think)`, grimoire.hvh], ["Grimoire, hvh flat out", grimoire.flatOut]]) +
    setUpText(grimoire) +
    "\n\n| server | RSS per open match | RSS per idle connection |\n| ------ | -----------------: | ----------------------: |\n" +
    [echo, grimoire].map((r) => `| ${name(r)} | ${r.rssPerMatchKb === null ? "—" : `${r.rssPerMatchKb.toFixed(0)} KB`} | ${ms(r.rssPerConnectionKb)} KB |`).join("\n") +
    "\n\n" +
    targetTable([
      [`hvh acts/s ≥ ${TARGETS.hvhPercentOfEcho}% of the echo's (same clients, ${THINK} ms think)`, `${ms(hvhPercentOfEcho, 0)}% (${grimoire.hvh.actsPerSecond.toFixed(0)} / ${echo.hvh.actsPerSecond.toFixed(0)})`, hvhPercentOfEcho >= TARGETS.hvhPercentOfEcho],
      [`hvh acts/s ≥ ${TARGETS.hvhPercentOfEcho}% of the echo's, flat out (capacity)`, `${ms(flatOutPercentOfEcho, 0)}% (${grimoire.flatOut.actsPerSecond.toFixed(0)} / ${echo.flatOut.actsPerSecond.toFixed(0)})`, flatOutPercentOfEcho >= TARGETS.hvhPercentOfEcho],
      [`hvh act→ack p99 < ${TARGETS.hvhAckP99Ms} ms (${TABLES} busy tables, ${THINK} ms think)`, `${ms(grimoire.hvh.p99)} ms`, grimoire.hvh.p99 < TARGETS.hvhAckP99Ms],
      [`hvh act→ack p99 < ${TARGETS.hvhAckP99Ms} ms (${TABLES} busy tables, flat out)`, `${ms(grimoire.flatOut.p99)} ms`, grimoire.flatOut.p99 < TARGETS.hvhAckP99Ms],
      [`CPU per act ≤ ${TARGETS.cpuPerActMs} ms (hvh flat out)`, `${ms(grimoire.flatOut.cpuPerActMs, 3)} ms`, grimoire.flatOut.cpuPerActMs <= TARGETS.cpuPerActMs],
      [`CPU per act ≤ ${TARGETS.cpuPerActMs} ms (hvh, ${THINK} ms think)`, `${ms(grimoire.hvh.cpuPerActMs, 3)} ms`, grimoire.hvh.cpuPerActMs <= TARGETS.cpuPerActMs],
      [`CPU per act ≤ ${TARGETS.cpuPerActMs} ms (bot, bots' thinking included)`, `${ms(grimoire.bot.cpuPerActMs, 3)} ms`, grimoire.bot.cpuPerActMs <= TARGETS.cpuPerActMs],
    ]),
);
process.exit(0);
