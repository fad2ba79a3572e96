// Grimoire's threads, as the operating system sees them. Each names itself (the SQLite writer, the
// bot workers), so `ps -T`, `top -H` and /proc/<pid>/task/<tid>/comm tell them from V8's and
// libuv's, which are all "node"; and the process's CPU time is told apart by those names, for
// `/metrics` (`grimoire_thread_cpu_seconds_total`) and `npm run bench:server`. Linux only: Linux
// keeps 15 bytes of a name; elsewhere nothing is named and nothing is counted.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/**
 * `Atomics.waitAsync` (V8; Node ≥ 16), not in this project's `lib` yet: a wait on a shared slot
 * that leaves the event loop running (the SQLite writer until its rating code loads; bench:wakeups).
 */
export const waitAsync = (Atomics as unknown as { waitAsync(view: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> } }).waitAsync;

export const THREAD_NAMES = { writer: "sqlite-writer", bot: "bot-worker" } as const;

/** How the CPU time is told apart: the event loop, Grimoire's named threads, and every other thread. */
export type ThreadKind = "main" | typeof THREAD_NAMES.writer | typeof THREAD_NAMES.bot | "other";
export const THREAD_KINDS: readonly ThreadKind[] = ["main", THREAD_NAMES.writer, THREAD_NAMES.bot, "other"];

export function nameThread(name: string): void {
  try {
    // A synchronous write runs on the calling thread, so /proc/thread-self is this thread.
    writeFileSync("/proc/thread-self/comm", name.slice(0, 15));
  } catch {
    // not Linux, or /proc not mounted: the name only helps an operator
  }
}

/**
 * This process's CPU time by kind of thread, in ms, counting only up: each read adds what every
 * live thread ran since the read before (its first read, all it ran), so a thread that ended
 * keeps what was counted of it (what it ran after the last read before it ended is lost).
 */
export class ThreadCpu {
  /** Per thread id: the CPU time counted of it so far. */
  private readonly counted = new Map<string, number>();
  private readonly totals: Record<ThreadKind, number> = { main: 0, [THREAD_NAMES.writer]: 0, [THREAD_NAMES.bot]: 0, other: 0 };

  /** The totals so far; null where the threads cannot be read (not Linux). */
  read(): Readonly<Record<ThreadKind, number>> | null {
    let tids: string[];
    try {
      tids = readdirSync("/proc/self/task");
    } catch {
      return null;
    }
    const live = new Set<string>();
    for (const tid of tids) {
      const thread = readThread(tid);
      if (!thread) continue; // ended meanwhile
      live.add(tid);
      const kind: ThreadKind = Number(tid) === process.pid ? "main" : thread.name === THREAD_NAMES.writer || thread.name === THREAD_NAMES.bot ? thread.name : "other";
      this.totals[kind] += Math.max(0, thread.ms - (this.counted.get(tid) ?? 0));
      this.counted.set(tid, thread.ms);
    }
    for (const tid of this.counted.keys()) if (!live.has(tid)) this.counted.delete(tid);
    return { ...this.totals };
  }
}

/** A thread's name and time on a CPU: schedstat's first field (ns), or stat's utime + stime (fields 14 and 15, 10 ms ticks). */
function readThread(tid: string): { name: string; ms: number } | null {
  const dir = `/proc/self/task/${tid}`;
  try {
    const name = readFileSync(`${dir}/comm`, "utf8").trim();
    try {
      return { name, ms: Number(readFileSync(`${dir}/schedstat`, "utf8").split(" ")[0]) / 1e6 };
    } catch {
      const stat = readFileSync(`${dir}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 };
    }
  } catch {
    return null;
  }
}
