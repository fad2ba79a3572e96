// The tables in memory, by id: a table's actor is found here, loaded from storage (a finished
// match read back, its log replayed), restored after a restart, and evicted once finished and
// unwatched. Memory holds open and playing tables only, and finished ones still watched. It is
// also what each table needs of the process (`TableEnv`): storage, bots, the clock, the log, the
// coordinator of several processes.
import type { AnyGame } from "@grimoire/engine";
import type { BotRunner } from "../bots.ts";
import type { TableInfo } from "../protocol.ts";
import { INITIAL, ordinal } from "../ratings.ts";
import type { Storage, TableRecord } from "../storage.ts";
import { DEFAULT_ABANDON_MS } from "./attendance.ts";
import { TableActor, type TableEnv } from "./TableActor.ts";
import { HubError, type Clock, type Coordinator, type SeatPolicy } from "./types.ts";

export class TableDirectory implements TableEnv {
  private readonly tables = new Map<string, TableActor>();
  /** Finished matches being read back from storage (one read for concurrent requests). */
  private readonly loading = new Map<string, Promise<TableActor>>();
  closed = false;
  /** A real-time table nobody is at is abandoned after this long (attendance.ts). */
  abandonMs = DEFAULT_ABANDON_MS;
  coordinator: Coordinator | null = null;
  policy: SeatPolicy | null = null;

  constructor(
    readonly storage: Storage,
    readonly games: readonly AnyGame[],
    readonly bots: BotRunner,
    readonly clock: Clock,
    readonly log: (line: string) => void,
  ) {}

  findGame(id: string): AnyGame | undefined {
    return this.games.find((g) => g.id === id);
  }

  /** How many tables are in memory. */
  get size(): number {
    return this.tables.size;
  }

  get(id: string): TableActor | undefined {
    return this.tables.get(id);
  }

  /** A table in memory, or `unknown-table`. */
  live(id: string): TableActor {
    const live = this.tables.get(id);
    if (!live) throw new HubError("unknown-table", `no table "${id}"`);
    return live;
  }

  all(): IterableIterator<TableActor> {
    return this.tables.values();
  }

  async adopt(table: TableActor): Promise<void> {
    this.tables.set(table.record.id, table);
    if (!this.coordinator) return;
    if (table.record.status === "open") {
      // Several processes: a table waiting for players has nothing to drive (no clock, no bot), so
      // it has no owner until its first join, taken by the process that receives it (cluster.ts's
      // forward: with no owner, the asker takes the lease). Behind deploy/nginx.conf that is the
      // table's own process, where its players' sockets go: no handover once they arrive. The
      // creator keeps no copy (it would not hear the joins) and reads it from storage if asked.
      table.owned = false;
      this.forget(table.record.id);
      return;
    }
    // A table already playing (bots only, a rematch): the creator owns it (if the lease cannot be
    // had now, the sweep of some process takes it).
    table.owned = await this.coordinator.claim(table.record.id).catch(() => false);
  }

  /** A followed table no client here watches leaves memory: its channel is no longer listened to, so its copy would go stale. */
  forget(tableId: string): void {
    const table = this.tables.get(tableId);
    if (!table || table.owned || table.audience.subscribers.size > 0) return;
    table.scheduler.stop();
    this.tables.delete(tableId);
  }

  evict(table: TableActor): void {
    if (this.tables.get(table.record.id) !== table) return;
    this.tables.delete(table.record.id);
    // Several processes: a finished table stays its owner's while watched here (its chat, its
    // rematch); then the next process that needs it takes its lease.
    if (table.owned) this.coordinator?.released(table.record.id);
  }

  /** A table's row from storage, or a typed error. */
  async readTable(id: string): Promise<TableRecord> {
    let record: TableRecord | null;
    try {
      record = await this.storage.getTable(id);
    } catch (error) {
      this.log(`table ${id}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    if (!record || !this.findGame(record.game)) throw new HubError("unknown-table", `no table "${id}"`);
    return record;
  }

  /** Displayed ratings (ordinals) of these identities in a game; a read failure shows none. */
  async ratingsOf(game: string, keys: readonly string[]): Promise<Map<string, number>> {
    const shown = new Map<string, number>(keys.map((k) => [k, ordinal(INITIAL)]));
    if (keys.length === 0) return shown;
    try {
      for (const r of await this.storage.ratings(game, [...new Set(keys)])) shown.set(r.key, ordinal(r));
    } catch (error) {
      this.log(`storage: reading ratings failed: ${(error as Error).message}`);
      return new Map();
    }
    return shown;
  }

  /** Loads the unfinished tables; their matches are rebuilt by replaying their logs through the engine. */
  async restore(): Promise<void> {
    // Several processes: tables are taken up by whichever process takes their lease (cluster.ts).
    if (this.coordinator) return;
    for (const status of ["open", "playing"] as const) {
      for (const record of await this.storage.listTables(status)) {
        const game = this.findGame(record.game);
        if (!game) {
          this.log(`table ${record.id}: game ${record.game} is not registered, skipped`);
          continue;
        }
        const live = new TableActor(this, record, game);
        try {
          await live.rebuild();
        } catch (error) {
          // One broken log must not keep the other matches down: that table stays unloaded.
          this.log(`table ${record.id}: cannot be rebuilt from its log: ${(error as Error).message}`);
          continue;
        }
        await live.chat.ensure().catch(() => {});
        this.tables.set(record.id, live);
        if (status === "playing") await live.serialize(() => live.resume());
      }
    }
  }

  /** A table in memory, or a finished one read back from storage (its log replayed). */
  async load(id: string): Promise<TableActor> {
    // Several processes: the table's channel is listened to before its log is read (a gap is read from the log).
    await this.coordinator?.watch(id);
    const present = this.tables.get(id);
    if (present) return present;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = (async () => {
        const record = await this.readTable(id);
        const live = new TableActor(this, record, this.findGame(record.game)!);
        try {
          await live.rebuild();
        } catch (error) {
          this.log(`table ${id}: cannot be read back: ${(error as Error).message}`);
          throw new HubError("unavailable", "this match cannot be read back now, try again");
        }
        // The chat history comes with the table (its failure is retried on the next arrival).
        await live.chat.ensure().catch(() => {});
        return live;
      })();
      this.loading.set(id, pending);
      void pending.then(
        () => this.loading.delete(id),
        () => this.loading.delete(id),
      );
    }
    const loaded = await pending;
    if (!this.tables.has(id)) {
      this.tables.set(id, loaded);
      if (!loaded.owned && loaded.record.status !== "over") {
        // Followed from now on: what the owner published while the log was being read is read again.
        loaded.stale = true;
        void loaded.serialize(() => loaded.reconcile()).catch(() => {});
      }
    }
    return this.tables.get(id)!;
  }

  /** Tables owned here (their leases to renew). */
  ownedTables(): string[] {
    return [...this.tables.values()].filter((l) => l.owned).map((l) => l.record.id);
  }

  /** Tables in memory of each game, by status (for /metrics). */
  tableCounts(): { game: string; status: TableInfo["status"]; count: number }[] {
    const counts = new Map<string, { game: string; status: TableInfo["status"]; count: number }>();
    for (const { record } of this.tables.values()) {
      const key = `${record.game}\n${record.status}`;
      const entry = counts.get(key) ?? { game: record.game, status: record.status, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
    return [...counts.values()];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const live of this.tables.values()) {
      live.scheduler.stop();
      await live.settled();
    }
  }
}
