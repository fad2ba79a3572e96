// Group commit (issue 23): every write asked for during one turn of the event loop (and all those
// asked for while the previous commit was landing) goes into ONE transaction and ONE commit. A
// caller's promise settles only once the commit holding its write landed, so whoever acknowledges
// after it (the hub) never acknowledges a write that could still be lost.
// The dialect runs a batch: each write in its own savepoint, so one write that fails (a duplicate
// version, a stale row, a name taken) fails alone, with its own error; a failed COMMIT (disk full,
// I/O, a lost connection) fails the whole batch. Batches run one at a time, in order: a caller's
// writes land in the order it asked for them.
import type { StorageStats } from "./types.ts";

/** What became of one write of a batch whose COMMIT landed. */
export type WriteOutcome = { ok: true } | { ok: false; error: unknown };

/** Runs a batch in one transaction: each write's outcome, in order; rejects if the commit failed. */
export type CommitBatch<W> = (writes: readonly W[]) => Promise<WriteOutcome[]>;

interface Pending<W> {
  write: W;
  resolve(): void;
  reject(error: unknown): void;
}

export class GroupCommit<W> {
  private queue: Pending<W>[] = [];
  private scheduled = false;
  private running: Promise<void> | null = null;
  private readonly counts: StorageStats = { commits: 0, writes: 0, failed: 0 };

  constructor(private readonly commitBatch: CommitBatch<W>) {}

  /** Resolves once `write` is committed; rejects with its own error, or with its batch's commit error. */
  request(write: W): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  stats(): StorageStats {
    return { ...this.counts };
  }

  /** Resolves once every write asked for so far has settled. */
  async drain(): Promise<void> {
    while (this.running || this.scheduled || this.queue.length > 0) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // setImmediate: after this turn's callbacks and their microtasks, so the turn's writes are all queued.
  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.running = this.flush().finally(() => {
        this.running = null;
        if (this.queue.length > 0) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: WriteOutcome[];
    try {
      outcomes = await this.commitBatch(batch.map((p) => p.write));
      this.counts.commits++;
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i] ?? { ok: false, error: new Error("storage: a write of the batch got no outcome") };
      if (outcome.ok) {
        this.counts.writes++;
        p.resolve();
      } else {
        this.counts.failed++;
        p.reject(outcome.error);
      }
    });
  }
}
