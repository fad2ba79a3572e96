// A table's role with several processes (cluster.ts): owned here (the only process that writes,
// runs bots and clocks) or followed (a replica rebuilt from the same log, kept up to date by the
// owner's published changes). Taking and losing the lease, following the owner's changes, the
// presence of other processes' seats, and forwarded acts waiting for this copy to catch up.
import type { ServerOut } from "../protocol.ts";
import type { LoggedAction, TableRecord } from "../storage.ts";
import { sync, update } from "./projections.ts";
import type { TableActor } from "./TableActor.ts";

export class Replica {
  /** Forwarded acts waiting for this replica to reach their version before their ack. */
  private waiters: { version: number; resolve: () => void }[] = [];

  constructor(private readonly table: TableActor) {}

  /** The copy reached a new version: the acts waiting for it get their ack. */
  wake(): void {
    const live = this.table;
    if (this.waiters.length === 0) return;
    const due = this.waiters.filter((w) => w.version <= live.version);
    this.waiters = this.waiters.filter((w) => w.version > live.version);
    for (const w of due) w.resolve();
  }

  /** Resolves once this process's copy of the table has reached `version` (the ack of a forwarded act comes after its update). */
  async caughtUp(version: number, ms = 3000): Promise<void> {
    const live = this.table;
    if (live.version >= version) return;
    const reached = new Promise<void>((resolve) => this.waiters.push({ version, resolve }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
    if ((await Promise.race([reached, late])) === "late") {
      // The owner's message was lost: read the log.
      live.stale = true;
      await live.serialize(() => live.reconcile()).catch(() => {});
    }
    clearTimeout(timer);
  }

  /**
   * This process took the table's lease: storage is the truth, so memory catches up with the log
   * first; then bots and clocks run here. Everyone is away until their process says otherwise.
   */
  async own(): Promise<void> {
    const live = this.table;
    if (live.owned) return;
    await live.serialize(async () => {
      if (live.owned || live.env.closed) return;
      live.owned = true;
      live.stale = true;
      live.audience.elsewhere = new Map();
      await live.chat.reload();
      const local = live.audience.localSeats();
      live.audience.awaySince = live.record.seats.map((s, i) => (s.kind === "human" && !local.includes(i) ? live.env.clock.now() : null));
      live.env.log(`table ${live.record.id}: owned by this process from version ${live.version}`);
      await live.resume();
      live.evictIfDone();
    });
  }

  /** The lease is lost: bots and clocks stop here, memory catches up with storage and follows the new owner. */
  disown(): void {
    const live = this.table;
    live.owned = false;
    live.stale = true;
    live.audience.elsewhere = new Map();
    live.scheduler.stop();
    live.env.coordinator?.released(live.record.id);
    void live.serialize(async () => {
      if (live.owned) return;
      await live.reconcile().catch(() => {});
      live.evictIfDone();
    });
  }

  /** Another process's seats at a table owned here. */
  remotePresence(node: string, seats: readonly number[]): void {
    const live = this.table;
    const { audience } = live;
    const was = live.record.seats.map((_, i) => audience.connectedElsewhere(i));
    audience.elsewhere.set(node, new Set(seats));
    let changed = false;
    live.record.seats.forEach((s, seat) => {
      if (s.kind !== "human") return;
      const now = audience.connectedElsewhere(seat);
      if (now === was[seat]) return;
      changed = true;
      if (now) live.seatBack(seat);
      else if (!audience.seatConnected(seat)) {
        audience.awaySince[seat] = live.env.clock.now();
        if (live.record.status === "playing") live.scheduler.schedule();
      }
    });
    if (changed) audience.broadcastTable();
  }

  /**
   * A followed table catches up from the log: after lost messages, or when a new owner took it up
   * (its last owner may have died between logging an action and publishing it).
   */
  refollow(): void {
    const live = this.table;
    if (live.owned || live.record.status === "over") return;
    live.stale = true;
    void live.serialize(() => live.reconcile()).catch(() => {});
  }

  /**
   * Where the owner says the table stands (it answers a process that starts listening: it may
   * not have published what it did while nobody else listened). Behind it, the log is read.
   */
  async at(version: number, record: TableRecord, present: readonly number[]): Promise<void> {
    const live = this.table;
    if (live.owned) return;
    if (version > live.version) live.stale = true;
    await this.follow(record, null, present);
  }

  /**
   * A change the owner published, on a process that follows the table: memory follows it and its
   * clients get it. A gap (a message missed) is filled from storage.
   */
  async follow(record: TableRecord, entry: LoggedAction | null, present: readonly number[]): Promise<void> {
    const live = this.table;
    if (live.owned) return;
    await live.serialize(async () => {
      if (live.owned) return;
      live.audience.elsewhere = new Map([["", new Set(present)]]);
      if (live.stale || (entry !== null && entry.version > live.version + 1)) {
        live.stale = true;
        await live.reconcile();
        live.audience.broadcastTable();
        return;
      }
      const before = live.record;
      const wasOpen = before.status === "open";
      const wasOver = before.status === "over";
      const started = wasOpen && record.status !== "open" && record.status !== "cancelled";
      live.record = record;
      if (started) {
        live.state = live.game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
        live.announceStart();
      }
      if (entry !== null && entry.version === live.version + 1) {
        live.replay(entry);
        live.audience.fanOut((viewer) => update(live, entry.version, viewer));
      }
      if (record.status === "over" && !wasOver) live.ended();
      else if (!started) live.audience.broadcastTable();
      // A seat taken back from the bot: a new deadline, sent with the picture (as the owner does).
      if (entry === null && !started && record.status === "playing" && record.deadline !== before.deadline) live.audience.fanOut((viewer) => sync(live, viewer));
      // Everyone accepted a rematch: this process's clients are sent to the new table too.
      if (record.meta.rematchNext !== null && before.meta.rematchNext === null) {
        const message: ServerOut = { type: "rematch", tableId: record.meta.rematchNext };
        live.sendAll(message);
      }
      // Cancelled by its creator: kept only while someone watches.
      live.evictIfDone();
    });
  }
}
