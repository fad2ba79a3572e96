// Several server processes behind one load balancer (REDIS_URL with a PostgreSQL DATABASE_URL).
// PostgreSQL holds the truth (tables, the action log); Redis only coordinates:
// - a lease per live table (`<prefix>lease:<table>` = "<process>:<nonce>", SET NX PX, renewed by
//   its holder with a compare-and-extend script): its holder owns the table, the only process that
//   writes it, runs its bots and clocks. A lease that is not renewed expires; the next sweep of any
//   process takes it and rebuilds the table from the log. Safety never rests on the lease alone:
//   whoever takes a lease first takes a new epoch of the table in PostgreSQL (`takeEpoch`, one
//   more than the last), then reads the log; every write of an owner carries its epoch
//   (fencing.ts) and PostgreSQL refuses it in the same transaction once the stored epoch is newer.
//   So an owner that lost its lease without knowing (paused past it, issue #24) has its next write
//   refused, whatever it is, and steps down (hub.ts); and what it wrote before the new epoch was
//   taken is in the log the new owner reads. (table_id, version), the log's primary key, stays
//   a second guard.
// - pub/sub: the owner publishes each change on `<prefix>table:<id>` (the row and the action);
//   every process holding the table replays it through the engine (a deterministic replica) and
//   sends its own clients their view. A gap in versions is filled from the log. A process listens
//   only to the tables it owns or its clients watch (issue #23): it subscribes to a table's channel
//   as a client arrives (before the table is read) or as it takes the lease, and a few seconds
//   after the last of its clients left a table it does not own, unsubscribes and lets the table
//   leave its memory (read again from the log when someone comes back).
//   The owner's chat messages go the same way, each process sending them to its clients who may read them.
//   With no other process listening, the owner publishes no change (cluster-publish.ts).
// - each process's inbox `<prefix>node:<id>`: the changes a process's clients ask for a table it
//   does not own, forwarded to the owner (`OwnerCall`: acts, joins, chat, resign, reclaim, rematch,
//   the creator's cancel and seat → bot; cluster-calls.ts), the owner's answers, and the seats
//   connected to each process (the owner's grace periods count them). Ownership follows the
//   clients: an owner none of whose clients watch a table hands it (its lease, atomically) to a
//   process where its seats are connected, so that forwarding is the exception behind a load
//   balancer that sends a table's clients to one process.
// - the log-in rate limits (`<prefix>rate:<name>:<key>`): one token bucket per address and per
//   account name for all the processes, taken atomically by a script on Redis's clock.
// - a claim per review being computed (`<prefix>review:<table>/<seat>`, a lease renewed with the
//   tables', its progress beside it): one process computes it, the others answer with its progress.
import { randomBytes } from "./random.ts";
import { Redis } from "ioredis";
import { PendingCalls, replyTo } from "./cluster-calls.ts";
import { TableChannels } from "./cluster-channels.ts";
import { TablePublisher } from "./cluster-publish.ts";
import { ReviewClaims } from "./cluster-reviews.ts";
import { connectionOptions, RELEASE, RENEW, TRANSFER, sharedBuckets, type ClusterOptions, type InboxMessage, type TableMessage } from "./cluster-redis.ts";
import { HubError, type Coordinator, type Hub, type OwnerCall, type ReviewClaim } from "./hub.ts";
import { isMoved, movedError } from "./tables/types.ts";
import type { Buckets, KeyedBuckets } from "./limits.ts";
import type { ChatRecord, LoggedAction, Storage, TableRecord } from "./storage.ts";

export type { ClusterOptions } from "./cluster-redis.ts";

export class Cluster implements Coordinator {
  /** This process, as the others address it. */
  readonly node = randomBytes(6).toString("hex");
  /** How this process's own change messages begin (`published`). */
  private readonly ownChange = `${JSON.stringify({ kind: "change", from: this.node }).slice(0, -1)},`;
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly log: (line: string) => void;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  /** The value of each lease held, by table. */
  private readonly leases = new Map<string, string>();
  /** This process's epoch on each table it owns or owned (kept after the lease is lost: a write in flight stays fenced). */
  private readonly epochs = new Map<string, number>();
  private readonly reviews: ReviewClaims;
  /** When the leases were last all renewed (past `leaseMs` without it, this process owns nothing). */
  private renewedAt = Date.now();
  private readonly calls: PendingCalls;
  private readonly channels: TableChannels;
  /** The last process that announced it took each table over (a stale owner's later words are ignored). */
  private readonly announced = new Map<string, string>();
  /** Tables being handed over from here. */
  private readonly handing = new Set<string>();
  private readonly publisher: TablePublisher;
  private readonly counters: NonNullable<ClusterOptions["counters"]>;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private closed = false;

  constructor(
    private readonly hub: Hub,
    private readonly storage: Storage,
    options: ClusterOptions,
  ) {
    this.prefix = options.prefix ?? "grimoire:";
    this.leaseMs = options.leaseMs ?? 3000;
    this.calls = new PendingCalls(options.forwardTimeoutMs ?? 10_000);
    this.log = options.log ?? (() => {});
    this.counters = options.counters ?? { forwarded: () => {}, handedOver: () => {}, published: () => {} };
    this.cmd = new Redis(options.redisUrl, connectionOptions(this.node, "commands"));
    this.sub = new Redis(options.redisUrl, connectionOptions(this.node, "subscriber"));
    this.reviews = new ReviewClaims(this.cmd, this.prefix, this.node, this.leaseMs, this.log);
    const channels = `${this.prefix}table:`;
    // A channel dropped: not listening, this process would not hear the next owner announce itself (a stale name would make it ignore the real owner's rows).
    const dropped = (table: string) => this.announced.delete(table);
    this.channels = new TableChannels(this.sub, channels, hub, Math.max(5000, 2 * this.leaseMs), this.log, (table) => this.interested(table), dropped, (table) => this.publisher.listening(table));
    this.publisher = new TablePublisher(this.cmd, channels, this.node, hub, this.channels, (table) => this.leases.has(table), this.counters, this.log);
    for (const [name, client] of [
      ["commands", this.cmd],
      ["subscriber", this.sub],
    ] as const) {
      client.on("error", (error: Error) => this.log(`redis (${name}): ${error.message}`));
    }
  }

  private leaseKey(table: string): string {
    return `${this.prefix}lease:${table}`;
  }

  private inbox(node: string): string {
    return `${this.prefix}node:${node}`;
  }

  /** Connects, listens, and starts sweeping for tables without an owner. */
  async start(): Promise<void> {
    await this.cmd.connect();
    await this.sub.connect();
    const tables = `${this.prefix}table:`;
    this.sub.on("message", (channel: string, text: string) => {
      if (channel === this.inbox(this.node)) this.onInbox(text);
      else if (channel.startsWith(tables)) this.onTable(channel.slice(tables.length), text);
    });
    // Already connected: each "ready" from now on is a reconnection (ioredis subscribes again by
    // itself to every channel it was subscribed to), and what was published meanwhile is read from the log.
    this.sub.on("ready", () => {
      this.publisher.reconnected();
      this.hub.refollow();
      this.channels.reconnected().catch((error: Error) => this.log(`cluster: listening again failed: ${error.message}`));
    });
    await this.sub.subscribe(this.inbox(this.node));
    this.hub.coordinate(this);
    this.log(`cluster: process ${this.node}, leases of ${this.leaseMs} ms`);
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.sweeper.unref();
  }

  // ------------------------------------------------------------ leases

  /**
   * Takes a table's lease if nobody holds it, and a new epoch of the table (before anything of it
   * is read: the log read after holds every write an older owner will ever have accepted).
   */
  async claim(table: string): Promise<boolean> {
    const value = `${this.node}:${randomBytes(6).toString("hex")}`;
    const taken = await this.cmd.set(this.leaseKey(table), value, "PX", this.leaseMs, "NX");
    if (taken !== "OK") return false;
    return this.hold(table, value);
  }

  /** A lease just taken (or handed to this process): held, with a new epoch of the table. */
  private async hold(table: string, value: string): Promise<boolean> {
    this.leases.set(table, value);
    // The owner listens too: once it steps down, it follows.
    await this.watch(table);
    let epoch: number | null;
    try {
      epoch = await this.storage.takeEpoch(table);
    } catch (error) {
      await this.release(table).catch(() => {});
      throw error;
    }
    if (epoch === null) {
      await this.release(table);
      return false;
    }
    this.epochs.set(table, epoch);
    return true;
  }

  /** This process's epoch on a table it owns or owned (fencing.ts), or undefined. */
  epochOf(table: string): number | undefined {
    return this.epochs.get(table);
  }

  /** The process holding a table's lease, or null. */
  private async ownerOf(table: string): Promise<string | null> {
    const value = await this.cmd.get(this.leaseKey(table));
    return value === null ? null : value.split(":")[0]!;
  }

  /**
   * Every third of a lease: renews ours (stepping down from the ones lost), then takes the lease
   * of every playing table that has none (its owner died or left) and rebuilds it from the log.
   */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      await this.renew();
      // Epochs of tables no longer in memory here: nothing of this process writes them any more.
      for (const table of [...this.epochs.keys()]) if (!this.leases.has(table) && !this.hub.holds(table)) this.epochs.delete(table);
      this.channels.tidy();
      await this.calls.abandon((table) => this.ownerOf(table));
      await this.forgetDeadNodes();
      const playing = await this.storage.listTables("playing");
      for (const record of playing) {
        if (this.closed) return;
        if (this.hub.owns(record.id) || !this.hub.findGame(record.game)) continue;
        if (await this.claim(record.id)) await this.takeUp(record.id);
      }
    } catch (error) {
      this.log(`cluster: sweep failed: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  /** Processes whose inbox nobody listens to any more (they died): their seats are away. */
  private async forgetDeadNodes(): Promise<void> {
    const nodes = this.hub.remoteNodes();
    if (nodes.length === 0) return;
    const counts = (await this.cmd.call("PUBSUB", "NUMSUB", ...nodes.map((n) => this.inbox(n)))) as (string | number)[];
    nodes.forEach((node, i) => {
      if (Number(counts[2 * i + 1]) === 0) {
        this.log(`cluster: process ${node} is gone; its seats are away`);
        this.hub.forgetNode(node);
      }
    });
  }

  private async renew(): Promise<void> {
    const started = Date.now();
    try {
      const held = [...this.leases];
      const pipeline = this.cmd.pipeline();
      for (const [table, value] of held) pipeline.eval(RENEW, 1, this.leaseKey(table), value, this.leaseMs);
      const reviewsRenewed = this.reviews.renewIn(pipeline);
      const results = (await pipeline.exec()) ?? [];
      held.forEach(([table], i) => {
        const [error, kept] = results[i] ?? [null, 0];
        if (error || kept !== 1) this.lose(table, "its lease expired");
      });
      reviewsRenewed(results.slice(held.length));
      this.renewedAt = started;
    } catch (error) {
      // Redis unreachable: past a whole lease without renewal, another process may own them all.
      if (Date.now() - this.renewedAt > this.leaseMs) for (const table of [...this.leases.keys()]) this.lose(table, "Redis is unreachable");
      throw error;
    }
  }

  private lose(table: string, why: string): void {
    this.publisher.forget(table);
    if (!this.leases.delete(table)) return;
    this.log(`cluster: table ${table}: ${why}; stepping down`);
    this.hub.disown(table);
  }

  /** Owns a table whose lease was just taken: rebuilt from the log; the others re-send their seats. */
  private async takeUp(table: string): Promise<void> {
    const started = Date.now();
    try {
      await this.hub.own(table);
    } catch (error) {
      this.log(`cluster: table ${table}: cannot take it up: ${(error as Error).message}`);
      await this.release(table);
      return;
    }
    this.log(`cluster: table ${table}: taken up in ${Date.now() - started} ms`);
    this.announced.set(table, this.node);
    await this.cmd.publish(`${this.prefix}table:${table}`, JSON.stringify({ kind: "owner", from: this.node } satisfies TableMessage));
  }

  private async release(table: string): Promise<void> {
    const value = this.leases.get(table);
    this.leases.delete(table);
    this.publisher.forget(table);
    if (value !== undefined) await this.cmd.eval(RELEASE, 1, this.leaseKey(table), value);
  }

  released(table: string): void {
    this.release(table).catch((error: Error) => this.log(`cluster: table ${table}: releasing its lease failed: ${error.message}`));
    // Stepped down (still held here, followed): the new owner, if any yet, learns who is connected here.
    this.hub.sendPresence(table);
  }

  /**
   * Ownership follows the clients (so that forwarding is the exception): a table owned here that no
   * client of this process watches, while seats are connected to `to` (a load balancer sends a
   * table's clients to one process, deploy/nginx.conf), is handed to `to`. Its changes stop here
   * first (Hub.handOver, in the table's queue), the lease passes to `to`, which takes a newer epoch
   * and reads the log, as after any takeover; if `to` does not, the lease runs out and a sweep takes it.
   */
  private async handOver(table: string, to: string): Promise<void> {
    const ours = this.leases.get(table);
    if (ours === undefined || this.handing.has(table) || this.closed) return;
    this.handing.add(table);
    try {
      // The lease passes straight to `to` (no moment without one, when any sweep could take it).
      const theirs = `${to}:${randomBytes(6).toString("hex")}`;
      if (!(await this.hub.handOver(table, async () => (await this.cmd.eval(TRANSFER, 1, this.leaseKey(table), ours, theirs, this.leaseMs)) === 1))) return;
      this.counters.handedOver();
      this.log(`cluster: table ${table}: handed over to ${to}, where its clients are`);
      // Not heard (it died): the lease runs out and a sweep takes the table, as after any death.
      await this.cmd.publish(this.inbox(to), JSON.stringify({ kind: "handover", from: this.node, table, lease: theirs } satisfies InboxMessage));
    } finally {
      this.handing.delete(table);
    }
  }

  /** A table handed over to this process (its lease is already this process's): taken up. */
  private async takeHandover(table: string, lease: string): Promise<void> {
    if (this.closed || this.hub.owns(table) || (await this.cmd.get(this.leaseKey(table))) !== lease) return;
    if (await this.hold(table, lease)) await this.takeUp(table);
  }

  // ------------------------------------------------------------ per-table subscriptions

  private interested(table: string): boolean {
    return this.leases.has(table) || this.hub.owns(table) || this.hub.watched(table);
  }

  /** Listens to a table's channel (cluster-channels.ts). */
  watch(table: string): Promise<void> {
    return this.channels.watch(table);
  }

  /** The table channels this process listens to (tests, metrics). */
  listening(): string[] {
    return this.channels.listening();
  }

  // ------------------------------------------------------------ shared rate limits

  /**
   * Buckets of `perMinute` (a burst of as many) shared by every process; while Redis cannot be
   * reached, this process's own `local` ones count instead (each process then allows its own).
   */
  buckets(name: string, perMinute: number, local: KeyedBuckets): Buckets {
    return sharedBuckets(this.cmd, `${this.prefix}rate:${name}:`, perMinute, local, (why) => this.log(`cluster: rate limit ${name}: redis: ${why}; counting in this process`));
  }

  // ------------------------------------------------------------ reviews

  claimReview(key: string): Promise<ReviewClaim | { done: number }> {
    return this.reviews.claim(key);
  }

  // ------------------------------------------------------------ the owner's changes

  published(record: TableRecord, entry: LoggedAction | null, present: number[]): void {
    this.publisher.changed(record, entry, present);
  }

  private onTable(table: string, text: string): void {
    // The owner hears its own changes back (it listens, to follow once it steps down): dropped
    // unparsed, as they are the most frequent message and the largest (JSON keeps key order).
    if (text.startsWith(this.ownChange)) return;
    let message: TableMessage;
    try {
      message = JSON.parse(text) as TableMessage;
    } catch {
      return;
    }
    if (message.kind === "owner") this.announced.set(table, message.from);
    if (message.from === this.node) return;
    if (message.kind === "follow") {
      this.publisher.followed(table);
      return;
    }
    if (!this.hub.holds(table)) return;
    if (message.kind === "chat") {
      this.hub.followChat(table, message.message);
      return;
    }
    if (message.kind === "tokens") {
      this.hub.seatTokensReplaced([table], false).catch((error: Error) => this.log(`cluster: table ${table}: closing replaced seats failed: ${error.message}`));
      return;
    }
    if (message.kind === "owner") {
      // A new owner knows nobody: tell it who is connected here. (A paused owner reading this
      // steps down through its lease's renewal or its refused append, not through this message.)
      this.hub.sendPresence(table);
      // What the last owner logged but did not publish (it died in between) is read from the log.
      this.hub.refollowTable(table);
      return;
    }
    // A row without an action from a process that is no longer the owner (it has not noticed yet): stale.
    const owner = this.announced.get(table);
    if (message.kind === "at") {
      if (owner === undefined || owner === message.from) this.hub.at(table, message.version, message.record, message.present).catch((error: Error) => this.log(`cluster: table ${table}: catching up failed: ${error.message}`));
      return;
    }
    if (message.entry === null && owner !== undefined && owner !== message.from) return;
    if (message.record.status === "over") this.announced.delete(table);
    this.hub.follow(table, message.record, message.entry, message.present).catch((error: Error) => this.log(`cluster: table ${table}: following failed: ${error.message}`));
  }

  presence(table: string, seats: number[]): void {
    void (async () => {
      const owner = await this.ownerOf(table);
      if (owner === null || owner === this.node) return;
      await this.cmd.publish(this.inbox(owner), JSON.stringify({ kind: "presence", from: this.node, table, seats } satisfies InboxMessage));
    })().catch((error: Error) => this.log(`cluster: presence failed: ${error.message}`));
  }

  // ------------------------------------------------------------ forwarding

  tokensReplaced(table: string): void {
    void this.publisher.send(table, { kind: "tokens", from: this.node });
  }

  chatted(table: string, message: ChatRecord): void {
    void this.publisher.send(table, { kind: "chat", from: this.node, message });
  }

  /**
   * To the owner; with no owner, this process takes the lease and does it itself. Refused because
   * the table changed hands meanwhile (nothing changed), asked again of its new owner for up to a lease.
   */
  async forward(request: OwnerCall): Promise<unknown> {
    const until = Date.now() + this.leaseMs;
    for (;;) {
      try {
        return await this.forwardOnce(request);
      } catch (error) {
        if (!isMoved(error) || this.closed || Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  private async forwardOnce(request: OwnerCall): Promise<unknown> {
    let owner: string | null;
    try {
      owner = await this.ownerOf(request.table);
      if (owner === null && (await this.claim(request.table))) {
        await this.takeUp(request.table);
        owner = this.node;
      }
    } catch (error) {
      this.log(`cluster: redis: ${(error as Error).message}`);
      throw new HubError("unavailable", "the server cannot reach its peers now, try again", { retryAfterMs: 1000 });
    }
    if (owner === this.node) return this.perform(request);
    if (owner === null) throw movedError("this table is changing hands, try again");
    this.counters.forwarded();
    const { id, answer } = this.calls.open(request.table, owner);
    const heard = await this.cmd.publish(this.inbox(owner), JSON.stringify({ kind: "call", id, from: this.node, request } satisfies InboxMessage));
    // Nobody listens on the owner's inbox: it died, and its lease runs out soon; try again then.
    if (heard === 0) this.calls.fail(id, new HubError("unavailable", "the table's process is gone; another takes it over in a moment, try again", { retryAfterMs: this.leaseMs }));
    return answer;
  }

  private async perform(request: OwnerCall): Promise<unknown> {
    // The lease is ours but the table is still being taken up (its epoch, its log): wait for it
    // rather than refuse a change that arrives in those few milliseconds.
    const until = Date.now() + this.leaseMs;
    // Or handed to this process, its lease already ours in Redis, the handover message on its way.
    const ours = async () => this.leases.has(request.table) || (await this.ownerOf(request.table)) === this.node;
    while (!this.hub.owns(request.table) && Date.now() < until && (await ours())) await new Promise((r) => setTimeout(r, 20));
    if (!this.hub.owns(request.table)) throw movedError();
    return this.hub.perform(request);
  }

  private onInbox(text: string): void {
    let message: InboxMessage;
    try {
      message = JSON.parse(text) as InboxMessage;
    } catch {
      return;
    }
    switch (message.kind) {
      case "presence":
        this.hub.remotePresence(message.table, message.from, message.seats);
        if (message.seats.length > 0 && this.hub.owns(message.table) && !this.hub.watched(message.table)) {
          this.handOver(message.table, message.from).catch((error: Error) => this.log(`cluster: table ${message.table}: handing over failed: ${error.message}`));
        }
        return;
      case "handover":
        this.takeHandover(message.table, message.lease).catch((error: Error) => this.log(`cluster: table ${message.table}: taking a handover failed: ${error.message}`));
        return;
      case "reply":
        this.calls.answered(message);
        return;
      case "call": {
        const reply = (answer: InboxMessage) => this.cmd.publish(this.inbox(message.from), JSON.stringify(answer)).catch((error: Error) => this.log(`cluster: replying failed: ${error.message}`));
        this.perform(message.request).then(
          (value) => reply(replyTo(message.id, { ok: true, value })),
          (error: unknown) => reply(replyTo(message.id, { ok: false, error })),
        );
        return;
      }
    }
  }

  /** Releases every lease (the others take the tables up at once) and disconnects. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const table of [...this.leases.keys()]) await this.release(table).catch(() => {});
    await this.reviews.releaseAll();
    this.calls.close();
    this.sub.disconnect();
    await this.cmd.quit().catch(() => this.cmd.disconnect());
  }
}
