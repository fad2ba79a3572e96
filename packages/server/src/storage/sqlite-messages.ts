// What SQLite's storage and its writer thread say to each other (sqlite.ts ⇄ sqlite-writer.ts).
// To the writer: messages on its own port (`inbox`), each followed by a bump of the `WAKE` slot
// that wakes it out of a futex sleep (no turn of its event loop); back: `postMessage`.
import type { MessagePort } from "node:worker_threads";
import type { WriteOp } from "./types.ts";

export interface WriterData {
  file: string;
  /** `GRIMOIRE_CRASH_AT_WRITE`: the writer SIGKILLs the process before this write statement. */
  crashAtWrite: number | null;
  /** A `beforeWrite` hook lives on the main thread: ask it before every write statement. */
  askHook: boolean;
  /** Int32 slots, below: read by the writer at every statement, so they act at once. */
  shared: SharedArrayBuffer;
  /** Where the writer reads its `WriterIn` messages (`receiveMessageOnPort`), after each bump of `WAKE`. */
  inbox: MessagePort;
}

/** The hook's answer to the writer blocked on it: 0 none yet, 1 go on, 2 it threw. */
export const HOOK_ANSWER = 0;
/** 1: every write fails with SQLite's own SQLITE_READONLY (`query_only`), as on a read-only disk. */
export const REFUSE_WRITES = 1;
/** Milliseconds each commit waits before its COMMIT (a disk stall, for tests). */
export const COMMIT_DELAY = 2;
/** Bumped after each message put in the writer's inbox: the writer sleeps on it (Atomics.wait). */
export const WAKE = 3;
export const SHARED_SLOTS = 4;

/** An error sent across: SQLite's own keep their class and code; `hook` marks the hook's throw. */
export interface SentError {
  name: string;
  message: string;
  code?: string;
  hook?: number;
}

export type SentOutcome = { ok: true } | { ok: false; error: SentError };

export type WriterIn = { type: "batch"; id: number; writes: readonly WriteOp[] } | { type: "close" };

export type WriterOut =
  | { type: "ready" }
  | { type: "hook"; n: number }
  | { type: "batch"; id: number; outcomes: SentOutcome[] }
  | { type: "batch"; id: number; failed: SentError }
  | { type: "closed" };
