// The table channels a process of a cluster listens to (cluster.ts): only the tables it owns or
// its clients watch (issue #23). A table is listened to before it is read (a client arrives, a
// change is asked of it) and while there is interest; a few seconds after the last (two leases, at
// least 5 s: a client may be arriving, a table being read) the process unsubscribes and the table
// leaves its memory, to be read again from the log when someone comes back.
import type { Redis } from "ioredis";
import type { Hub } from "./hub.ts";

export class TableChannels {
  /** The channels subscribed to, by table: since when, and the subscription (resolved once Redis confirmed it). */
  private readonly channels = new Map<string, { since: number; ready: Promise<void>; failed: boolean; confirmed: boolean }>();

  constructor(
    private readonly sub: Redis,
    /** The channel of table T is `${prefix}T`. */
    private readonly prefix: string,
    private readonly hub: Hub,
    /** How long a channel nobody is interested in is kept. */
    private readonly graceMs: number,
    private readonly log: (line: string) => void,
    /** Whether this process owns the table or a client of its watches it. */
    private readonly interested: (table: string) => boolean,
    /** A table no longer listened to. */
    private readonly dropped: (table: string) => void,
    /** A table listened to from now on (Redis confirmed it), before whoever waits for it goes on. */
    private readonly subscribed: (table: string) => void,
  ) {}

  /**
   * Listens to a table's channel (at once if it already does). A table held in memory while not
   * listened to may have missed changes: it is read again from the log once listening.
   */
  watch(table: string): Promise<void> {
    const known = this.channels.get(table);
    if (known && !known.failed) {
      // Kept for a while from now, even if the client that asked has not arrived yet.
      known.since = Date.now();
      return known.ready;
    }
    const missed = this.hub.holds(table);
    const entry = { since: Date.now(), ready: Promise.resolve(), failed: false, confirmed: false };
    entry.ready = this.sub.subscribe(`${this.prefix}${table}`).then(
      () => {
        entry.confirmed = true;
        this.subscribed(table);
        if (missed) this.hub.refollowTable(table);
      },
      (error: Error) => {
        // Tried again by the next sweep while there is interest.
        entry.failed = true;
        this.log(`cluster: table ${table}: subscribing failed: ${error.message}`);
      },
    );
    this.channels.set(table, entry);
    return entry.ready;
  }

  /** Each sweep: unsubscribes from tables nobody here watches or owns any more (after the grace); subscribes again where it failed. */
  tidy(): void {
    const now = Date.now();
    for (const [table, { since, failed }] of [...this.channels]) {
      if (failed) {
        this.channels.delete(table);
        if (this.interested(table)) void this.watch(table);
        continue;
      }
      if (this.interested(table) || now - since < this.graceMs) continue;
      this.channels.delete(table);
      this.dropped(table);
      this.hub.forget(table);
      this.sub.unsubscribe(`${this.prefix}${table}`).catch((error: Error) => this.log(`cluster: table ${table}: unsubscribing failed: ${error.message}`));
    }
  }

  /** The tables listened to (tests, metrics). */
  listening(): string[] {
    return [...this.channels.keys()];
  }

  /** Redis confirmed that this process listens to the table's channel (and the connection has not dropped since). */
  confirmed(table: string): boolean {
    return this.channels.get(table)?.confirmed === true && this.sub.status === "ready";
  }

  /**
   * The subscriber connection is back (ioredis subscribes again by itself): once Redis confirmed
   * every channel again, `subscribed` for each, as for a new subscription.
   */
  async reconnected(): Promise<void> {
    const tables = [...this.channels].filter(([, entry]) => entry.confirmed).map(([table]) => table);
    if (tables.length === 0) return;
    await this.sub.subscribe(...tables.map((table) => `${this.prefix}${table}`));
    for (const table of tables) if (this.channels.get(table)?.confirmed) this.subscribed(table);
  }
}
