// What an owner says on its tables' channels (cluster.ts): each change (the row and the action),
// published only while another process listens (issue #23). PUBLISH answers how many listened:
// when a change reached this process alone (it listens to its own tables, to follow them once it
// steps down), nobody else follows the table, and its next changes stay off Redis. A process
// that starts listening says so on the channel (`follow`, sent once Redis confirmed its
// subscription, so it hears the answer); the owner then publishes again, and first where the table
// stands (`at`: a listener behind it reads the log for what it was not sent). A count read before
// a `follow` was heard, or before a reconnection, decides nothing; a reconnection of the
// subscriber makes every table heard again, each listener saying `follow` again and each owner
// where its tables stand.
import type { Redis } from "ioredis";
import type { TableChannels } from "./cluster-channels.ts";
import type { ClusterOptions, TableMessage } from "./cluster-redis.ts";
import type { Hub } from "./hub.ts";
import type { LoggedAction, TableRecord } from "./storage.ts";

export class TablePublisher {
  /** Tables owned here that no other process listens to: their changes are not published. */
  private readonly unheard = new Set<string>();
  /** Counts the `follow`s heard and the reconnections (a listener count read before one says nothing). */
  private follows = 0;

  constructor(
    private readonly cmd: Redis,
    /** The channel of table T is `${prefix}T`. */
    private readonly prefix: string,
    private readonly node: string,
    private readonly hub: Hub,
    private readonly channels: TableChannels,
    /** Whether this process holds the table's lease. */
    private readonly leased: (table: string) => boolean,
    private readonly counters: NonNullable<ClusterOptions["counters"]>,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * A message on a table's channel; resolves to how many connections heard it, or null when it
   * failed (logged: the listeners catch up from the log).
   */
  send(table: string, message: TableMessage): Promise<number | null> {
    return this.cmd.publish(`${this.prefix}${table}`, JSON.stringify(message)).catch((error: Error) => {
      this.log(`cluster: table ${table}: publishing ${message.kind} failed: ${error.message}`);
      return null;
    });
  }

  /** A change of a table owned here: published, unless nobody else listens. */
  changed(record: TableRecord, entry: LoggedAction | null, present: number[]): void {
    const table = record.id;
    if (this.unheard.has(table)) {
      this.counters.published(false);
      return;
    }
    this.counters.published(true);
    const follows = this.follows;
    void this.send(table, { kind: "change", from: this.node, record, entry, present }).then((heard) => {
      // Heard by this process alone (its own subscription confirmed, no listener announced since
      // it was sent, its lease still held): nobody else follows the table.
      if (heard === 1 && follows === this.follows && this.leased(table) && this.channels.confirmed(table)) this.unheard.add(table);
    });
  }

  /** Redis confirmed that this process listens to the table: a listener says so; an owner (listening again) says where the table stands. */
  listening(table: string): void {
    if (!this.leased(table)) this.send(table, { kind: "follow", from: this.node });
    else if (this.hub.owns(table)) this.standsAt(table);
  }

  /** Another process listens to a table from now on: published again, first where it stands. */
  followed(table: string): void {
    this.follows++;
    this.unheard.delete(table);
    if (this.hub.owns(table)) this.standsAt(table);
  }

  /** The subscriber connection is back: whatever was counted meanwhile, every table is heard again. */
  reconnected(): void {
    this.follows++;
    this.unheard.clear();
  }

  /** The table's lease is no longer held here (a table is made unheard only while it is). */
  forget(table: string): void {
    this.unheard.delete(table);
  }

  private standsAt(table: string): void {
    const standing = this.hub.standing(table);
    if (standing) this.send(table, { kind: "at", from: this.node, ...standing });
  }
}
