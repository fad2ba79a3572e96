// Names the calling thread for the operating system, so `ps -T`, `top -H` and
// /proc/<pid>/task/<tid>/comm tell Grimoire's threads (the SQLite writer, the bot workers) from
// V8's and libuv's, which are all "node". `npm run bench:server` splits the server's CPU time by
// these names. Linux keeps 15 bytes of a name; elsewhere nothing happens.
import { writeFileSync } from "node:fs";

export const THREAD_NAMES = { writer: "sqlite-writer", bot: "bot-worker" } as const;

export function nameThread(name: string): void {
  try {
    // A synchronous write runs on the calling thread, so /proc/thread-self is this thread.
    writeFileSync("/proc/thread-self/comm", name.slice(0, 15));
  } catch {
    // not Linux, or /proc not mounted: the name only helps an operator
  }
}
