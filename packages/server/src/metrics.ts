// What `/metrics` exposes, in Prometheus text through prom-client, one registry per server:
// tables by game and status, connections, actions (a counter: rate() gives actions per second),
// ack latency, refused messages by code, bot decision time by game and level, storage write
// latency, storage commits and the writes they held (group commit: writes / commits is the mean
// batch), the process's CPU time by thread (threads.ts) and Node's defaults (event-loop lag,
// memory, GC). Storage and bots are measured by wrapping them, so neither knows about metrics.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AnyGame } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import type { ActorKind, ErrorCode, TableStatus } from "./protocol.ts";
import type { LoggedAction, Storage, StorageStats } from "./storage.ts";
import { ThreadCpu, THREAD_KINDS } from "./threads.ts";
import { wrappedMethods } from "./wrapped-methods.ts";

export type ConnectionKind = "pending" | "seat" | "spectator";

export interface MetricsSources {
  /** Tables in memory of each game, by status. */
  tables(): readonly { game: string; status: TableStatus; count: number }[];
  connections(): Readonly<Record<ConnectionKind, number>>;
  /** The store's commits and the writes they held, since it opened. */
  storage(): StorageStats;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class Metrics {
  readonly registry = new Registry();
  readonly actions: Counter<"game" | "by">;
  readonly ackLatency: Histogram;
  readonly refused: Counter<"code">;
  readonly botDecision: Histogram<"game" | "level">;
  readonly storageWrite: Histogram<"op">;
  /** Several processes: calls forwarded to a table's owner, tables handed to where their clients are, and owned tables' changes published or kept off Redis. */
  readonly cluster: { forwarded(): void; handedOver(): void; published(sent: boolean): void };

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: "grimoire_tables",
      help: "Tables in memory, by game and status (open: waiting for players, playing: a match in progress, over)",
      labelNames: ["game", "status"],
      registers,
      collect() {
        this.reset();
        for (const t of sources.tables()) this.set({ game: t.game, status: t.status }, t.count);
      },
    });
    new Gauge({
      name: "grimoire_connections",
      help: "Open WebSocket connections: pending (no hello yet), seat, spectator",
      labelNames: ["kind"],
      registers,
      collect() {
        for (const [kind, n] of Object.entries(sources.connections())) this.set({ kind }, n);
      },
    });
    this.actions = new Counter({ name: "grimoire_actions_total", help: "Actions logged and applied, by game and actor kind", labelNames: ["game", "by"], registers });
    this.ackLatency = new Histogram({ name: "grimoire_ack_latency_seconds", help: "From an act's arrival to its ack", buckets: LATENCY_BUCKETS, registers });
    this.refused = new Counter({ name: "grimoire_refused_messages_total", help: "Refused socket messages and HTTP requests, by error code", labelNames: ["code"], registers });
    this.botDecision = new Histogram({
      name: "grimoire_bot_decision_seconds",
      help: "Time to a bot's decision (queue and thinking), by game and level",
      labelNames: ["game", "level"],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10],
      registers,
    });
    this.storageWrite = new Histogram({ name: "grimoire_storage_write_seconds", help: "Storage write latency, by operation", labelNames: ["op"], buckets: LATENCY_BUCKETS, registers });
    new Counter({
      name: "grimoire_storage_commits_total",
      help: "Storage commits: each holds every write asked for while the one before was landing (group commit)",
      registers,
      collect() {
        this.reset();
        this.inc(sources.storage().commits);
      },
    });
    new Counter({
      name: "grimoire_storage_batched_writes_total",
      help: "Writes that went through the group commit, by result (ok: committed; failed: refused alone, or with their batch's commit); ok / commits is the mean batch",
      labelNames: ["result"],
      registers,
      collect() {
        const { writes, failed } = sources.storage();
        this.reset();
        this.inc({ result: "ok" }, writes);
        this.inc({ result: "failed" }, failed);
      },
    });
    const threadCpu = new ThreadCpu();
    new Counter({
      name: "grimoire_thread_cpu_seconds_total",
      help: "The process's CPU time by thread: main (the event loop), sqlite-writer, bot-worker (all of them), other (V8's GC and compiler threads, libuv's pool); Linux only",
      labelNames: ["thread"],
      registers,
      collect() {
        const totals = threadCpu.read();
        if (!totals) return;
        this.reset();
        for (const thread of THREAD_KINDS) this.inc({ thread }, totals[thread] / 1000);
      },
    });
    const forwarded = new Counter({ name: "grimoire_forwarded_calls_total", help: "Several processes: changes forwarded to the process owning their table", registers });
    const handedOver = new Counter({ name: "grimoire_tables_handed_over_total", help: "Several processes: tables this process handed to the process where their clients are", registers });
    const changes = new Counter({ name: "grimoire_table_changes_total", help: "Several processes: changes of tables owned here, published on its channel (published) or not, as no other process listened to it (unheard)", labelNames: ["result"], registers });
    const published = changes.labels("published");
    const unheard = changes.labels("unheard");
    this.cluster = { forwarded: () => forwarded.inc(), handedOver: () => handedOver.inc(), published: (yes) => (yes ? published : unheard).inc() };
  }

  refuse(code: ErrorCode | string): void {
    this.refused.inc({ code });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const WRITE = /^(save|append|insert|update|delete|write|start|finish)/;

/**
 * The storage, with every write timed (any method whose name says it writes, so methods added
 * later are timed too) and every appended action counted. Everything else is passed through.
 */
export function measuredStorage(storage: Storage, metrics: Metrics, gameOf: (tableId: string) => string): Storage {
  // Each label set's child is looked up once (prom-client hashes the labels on every lookup): an
  // act's path observes a write and counts an action.
  const actions = new Map<string, Counter.Internal>();
  const countAction = (game: string, by: ActorKind): void => {
    const key = `${game}\n${by}`;
    let child = actions.get(key);
    if (!child) actions.set(key, (child = metrics.actions.labels({ game, by })));
    child.inc();
  };
  return wrappedMethods(storage, (prop, value) => {
    if (typeof prop !== "string" || !WRITE.test(prop)) return value.bind(storage);
    const timed = metrics.storageWrite.labels({ op: prop });
    return async (...args: unknown[]) => {
      const end = timed.startTimer();
      let result: unknown;
      try {
        result = await (value as (...a: unknown[]) => Promise<unknown>).apply(storage, args);
      } finally {
        end();
      }
      if (prop === "appendAction") {
        const [tableId, entry] = args as [string, LoggedAction];
        countAction(gameOf(tableId), entry.by satisfies ActorKind);
      }
      return result;
    };
  });
}

/** The bot pool, with each decision timed by game and level (the lowest level played by that bot). */
export function measuredBots(bots: BotRunner, metrics: Metrics, games: readonly AnyGame[]): BotRunner {
  const levelOf = (game: string, bot: string): string => {
    const levels = games.find((g) => g.id === game)?.levels as Record<string, string> | undefined;
    return Object.entries(levels ?? {}).find(([, name]) => name === bot)?.[0] ?? bot;
  };
  return wrappedMethods(bots, (prop, value) => {
    if (prop !== "decide") return value.bind(bots);
    return async (request: { game: string; bot: string }, ...rest: unknown[]) => {
      const end = metrics.botDecision.startTimer({ game: request.game, level: levelOf(request.game, request.bot) });
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).call(bots, request, ...rest);
      } finally {
        end();
      }
    };
  });
}
