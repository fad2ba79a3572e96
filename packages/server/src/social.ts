// Friends, blocks, presence and notices between accounts (issue 27). Follows and blocks are stored
// (migration 13) and read fresh from storage wherever a decision is made (a join, an invitation, a
// rematch, the lobby's list); what must be known at once on every process without a read — whose
// chat a connected account hides — is each process's copy of its connected accounts' relations,
// changed by the bus (a `SocialBus`: this process alone, or Redis for several, social-redis.ts).
// Presence: each process counts its accounts' connections (the notices connection: online; a seat's
// connection: at that table) and publishes them through the bus with an expiry, so a process that
// dies stops showing its players within PRESENCE_TTL_MS.
import type { ServerOut, Notice, PresenceInfo } from "./protocol.ts";
import type { Relations, Storage, TableRecord } from "./storage.ts";
import { HubError, type Clock } from "./tables/types.ts";

/** How long a process's presence of an account counts without being refreshed. */
export const PRESENCE_TTL_MS = 30_000;
/** Each process refreshes its presences this often. */
export const PRESENCE_REFRESH_MS = 10_000;

/** What one process says of one account: its tables (ids and games) and until when it counts. */
export interface PresenceEntry {
  tables: { id: string; game: string }[];
  until: number;
}

/** What the processes tell each other about accounts. */
export type SocialMessage =
  | { kind: "follow" | "block"; from: string; to: string; on: boolean }
  | { kind: "notice"; to: string; notice: Notice };

/** How the processes share relations, notices and presence: in memory (one process) or through Redis. */
export interface SocialBus {
  /** Sends to every process, this one included. */
  publish(message: SocialMessage): Promise<void>;
  subscribe(handler: (message: SocialMessage) => void): void;
  /** This process's presence of an account (null: none left here). */
  setPresence(account: string, entry: PresenceEntry | null): Promise<void>;
  /** Every process's presence of these accounts, by account (expired entries left out). */
  readPresence(accounts: readonly string[], now: number): Promise<Map<string, PresenceEntry[]>>;
  close(): Promise<void>;
}

/** One process: the bus is a function call, presence a map. */
export class LocalSocialBus implements SocialBus {
  private readonly handlers: ((message: SocialMessage) => void)[] = [];
  private readonly presence = new Map<string, PresenceEntry>();

  async publish(message: SocialMessage): Promise<void> {
    for (const h of this.handlers) h(message);
  }

  subscribe(handler: (message: SocialMessage) => void): void {
    this.handlers.push(handler);
  }

  async setPresence(account: string, entry: PresenceEntry | null): Promise<void> {
    if (entry) this.presence.set(account, entry);
    else this.presence.delete(account);
  }

  async readPresence(accounts: readonly string[], now: number): Promise<Map<string, PresenceEntry[]>> {
    const found = new Map<string, PresenceEntry[]>();
    for (const a of accounts) {
      const entry = this.presence.get(a);
      if (entry && entry.until > now) found.set(a, [entry]);
    }
    return found;
  }

  async close(): Promise<void> {}
}

/** A connection an account holds here: `table` when it is a seat's connection at that table. */
export interface PresenceHandle {
  readonly account: string;
  readonly table: { id: string; game: string } | null;
  /** Set for a notices connection: how it is sent a notice. */
  readonly send: ((message: ServerOut) => void) | null;
}

export class Social {
  /** The relations of the accounts connected here (for hiding chat at once), with their connections. */
  private readonly connected = new Map<string, { relations: Relations; handles: Set<PresenceHandle> }>();
  private readonly refresher: NodeJS.Timeout;

  constructor(
    readonly storage: Storage,
    private readonly bus: SocialBus,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {
    bus.subscribe((message) => this.receive(message));
    this.refresher = setInterval(() => this.refresh(), PRESENCE_REFRESH_MS);
    this.refresher.unref();
  }

  /** Storage refusing a read or a write: a typed 503, the cause in the log. */
  private async stored<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      this.log(`storage: ${what} failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
  }

  relations(account: string): Promise<Relations> {
    return this.stored("reading relations", () => this.storage.relations(account));
  }

  /** Whether either account blocks the other (read from storage). */
  async blockedBetween(a: string, b: string): Promise<boolean> {
    const r = await this.relations(a);
    return r.blocks.includes(b) || r.blockedBy.includes(b);
  }

  /** Whether each follows the other. */
  async friends(a: string, b: string): Promise<boolean> {
    const r = await this.relations(a);
    return r.following.includes(b) && r.followers.includes(b);
  }

  async follow(from: string, to: string, on: boolean): Promise<void> {
    if (from === to) throw new HubError("cannot-self", "you cannot follow yourself");
    if (on && (await this.blockedBetween(from, to))) throw new HubError("blocked", "one of you blocks the other");
    await this.stored("writing a follow", () => this.storage.setFollow(from, to, on, this.clock.now()));
    await this.publish({ kind: "follow", from, to, on });
  }

  /** Blocking also ends the follows between the two, both ways. */
  async block(from: string, to: string, on: boolean): Promise<void> {
    if (from === to) throw new HubError("cannot-self", "you cannot block yourself");
    await this.stored("writing a block", () => this.storage.setBlock(from, to, on, this.clock.now()));
    await this.publish({ kind: "block", from, to, on });
  }

  private async publish(message: SocialMessage): Promise<void> {
    await this.bus.publish(message).catch((error: Error) => this.log(`social: publishing failed: ${error.message}`));
  }

  /** A notice to an account's notices connections, on every process. */
  notify(to: string, notice: Notice): Promise<void> {
    return this.publish({ kind: "notice", to, notice });
  }

  /** Whether `viewer` (connected here) hides what `writer` writes: it blocks it. */
  hides(viewer: string | null | undefined, writer: string | null | undefined): boolean {
    if (!viewer || !writer) return false;
    return this.connected.get(viewer)?.relations.blocks.includes(writer) ?? false;
  }

  /**
   * The tables `viewer` may see listed: no private table, and none where someone seated (or its
   * creator) blocks the viewer or is blocked by it. A guest sees every table that is not private.
   */
  async listable(viewer: string | null): Promise<(record: TableRecord) => boolean> {
    const r = viewer ? await this.relations(viewer) : null;
    const avoided = new Set(r ? [...r.blocks, ...r.blockedBy] : []);
    return (record) => {
      if (record.meta.private === true) return false;
      if (avoided.size === 0) return true;
      const present = [record.creatorPlayer ?? null, ...record.seats.map((s) => s.player ?? null)];
      return !present.some((p) => p !== null && avoided.has(p));
    };
  }

  // ------------------------------------------------------------ seat checks (tables/changes.ts)

  /**
   * May `account` take a seat at `record`: not where someone blocks it or is blocked by it; at a
   * "friends only" table, only a friend of the creator (or an invited account); inside the rating
   * range, if the table has one.
   */
  async checkJoin(record: TableRecord, account: { id: string } | null, invited: boolean, rating: () => Promise<number>): Promise<void> {
    const meta = record.meta;
    if (account) {
      const others = [record.creatorPlayer ?? null, ...record.seats.map((s) => s.player ?? null)].filter((p): p is string => p !== null && p !== account.id);
      if (others.length > 0) {
        const r = await this.relations(account.id);
        if (others.some((o) => r.blocks.includes(o) || r.blockedBy.includes(o))) throw new HubError("blocked", "you cannot sit at this table (a block between you and a player)");
      }
    }
    if (meta.friendsOnly === true && !invited && record.creatorPlayer && account?.id !== record.creatorPlayer) {
      if (!account || !(await this.friends(account.id, record.creatorPlayer))) throw new HubError("friends-only", "only the creator's friends may sit at this table");
    }
    const range = meta.ratingRange ?? null;
    if (range) {
      const params = { min: range.min ?? "", max: range.max ?? "" };
      if (!account) throw new HubError("rating-out-of-range", "this table has a rating range: log in to sit", params);
      const value = Math.round(await rating());
      if ((range.min !== null && value < range.min) || (range.max !== null && value > range.max)) {
        throw new HubError("rating-out-of-range", `your rating ${value} is outside this table's range`, { ...params, rating: value });
      }
    }
  }

  /** A rematch is not made between accounts one of which blocks the other. */
  async checkRematch(record: TableRecord): Promise<void> {
    const players = [...new Set(record.seats.flatMap((s) => (s.kind === "human" && s.player ? [s.player] : [])))];
    for (const p of players) {
      const r = await this.relations(p);
      if (players.some((o) => o !== p && r.blocks.includes(o))) throw new HubError("blocked", "no rematch: a player blocks another");
    }
  }

  // ------------------------------------------------------------ presence and notices connections

  /** An account's connection opens here (its relations are read first, for hiding chat at once). */
  async connect(handle: PresenceHandle): Promise<void> {
    let entry = this.connected.get(handle.account);
    if (!entry) {
      // Storage failing here does not refuse the connection: it hides nobody's chat until the next one.
      const relations = await this.relations(handle.account).catch((): Relations => ({ following: [], followers: [], blocks: [], blockedBy: [] }));
      entry = this.connected.get(handle.account) ?? { relations, handles: new Set() };
      this.connected.set(handle.account, entry);
    }
    entry.handles.add(handle);
    await this.announce(handle.account);
  }

  disconnect(handle: PresenceHandle): void {
    const entry = this.connected.get(handle.account);
    if (!entry || !entry.handles.delete(handle)) return;
    if (entry.handles.size === 0) this.connected.delete(handle.account);
    void this.announce(handle.account);
  }

  /** This process's presence of an account, published. */
  private async announce(account: string): Promise<void> {
    const entry = this.connected.get(account);
    const tables = entry ? [...new Map([...entry.handles].flatMap((h) => (h.table ? [[h.table.id, h.table] as const] : []))).values()] : [];
    await this.bus.setPresence(account, entry ? { tables, until: this.clock.now() + PRESENCE_TTL_MS } : null).catch((error: Error) => this.log(`social: presence not published: ${error.message}`));
  }

  private refresh(): void {
    for (const account of this.connected.keys()) void this.announce(account);
  }

  /** Each account's presence over every process: offline, online, or at tables (the newest first). */
  async presence(accounts: readonly string[]): Promise<Map<string, PresenceInfo>> {
    const found = await this.bus.readPresence(accounts, this.clock.now()).catch((error: Error) => {
      this.log(`social: reading presence failed: ${error.message}`);
      return new Map<string, PresenceEntry[]>();
    });
    const shown = new Map<string, PresenceInfo>();
    for (const a of accounts) {
      const entries = found.get(a) ?? [];
      const tables = [...new Map(entries.flatMap((e) => e.tables.map((t) => [t.id, t] as const))).values()];
      shown.set(a, entries.length === 0 ? { status: "offline" } : tables.length > 0 ? { status: "at-table", tables } : { status: "online" });
    }
    return shown;
  }

  private receive(message: SocialMessage): void {
    if (message.kind === "notice") {
      const out: ServerOut = { type: "notice", notice: message.notice };
      for (const h of this.connected.get(message.to)?.handles ?? []) h.send?.(out);
      return;
    }
    const change = (account: string, list: keyof Relations, other: string) => {
      const r = this.connected.get(account)?.relations;
      if (!r) return;
      r[list] = message.on ? [...new Set([...r[list], other])] : r[list].filter((x) => x !== other);
    };
    if (message.kind === "follow") {
      change(message.from, "following", message.to);
      change(message.to, "followers", message.from);
    } else {
      change(message.from, "blocks", message.to);
      change(message.to, "blockedBy", message.from);
      if (message.on) {
        for (const [a, b] of [[message.from, message.to], [message.to, message.from]] as const) {
          const r = this.connected.get(a)?.relations;
          if (r) {
            r.following = r.following.filter((x) => x !== b);
            r.followers = r.followers.filter((x) => x !== b);
          }
        }
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    await Promise.all([...this.connected.keys()].map((a) => this.bus.setPresence(a, null).catch(() => {})));
    this.connected.clear();
    await this.bus.close();
  }
}
