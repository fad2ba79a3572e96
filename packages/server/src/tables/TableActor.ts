// One live table, owned by one actor: its row, its match (state, version, history), and the one
// queue that serializes its changes (`serialize`). Holds no rules: every decision goes through the
// engine (decision, parseAction, apply, outcome). An action is appended to the log BEFORE it is
// applied in memory and sent, so nothing acknowledged is ever lost; a change and the status it
// brings (a join and the start, the last action and the end) are one write. A failed write changes
// nothing and refuses with `unavailable`; the table's bots and clocks retry by themselves until
// storage is back. Its parts: `Audience` (subscribers and what each viewer is sent), `Scheduler`
// (clocks, grace periods, bots), `TableChat`, `Replica` (owned here or followed, cluster.ts); the
// changes beyond an act (join, cancel, seat → bot, resign, reclaim, rematch) are in changes.ts.
import { act, removeResigned, replayRemovals, waitingSeats, type AnyGame, type Decision } from "@grimoire/engine";
import type { BotRunner } from "../bots.ts";
import type { ActorKind, ServerOut, TableInfo, WireViewer } from "../protocol.ts";
import { FencedError, isUniqueViolation, StaleRowError, type LoggedAction, type Storage, type TableRecord } from "../storage.ts";
import { Audience } from "./Audience.ts";
import { banksAfter, deadlineAfter, endOf, isResigned, ratedEnd, refuseUnlessPlaying, withoutTakeover } from "./match.ts";
import { logMessage, overMessage, sync, update } from "./projections.ts";
import { Replica } from "./Replica.ts";
import { Scheduler } from "./Scheduler.ts";
import { TableChat } from "./TableChat.ts";
import { HubError, movedError, sha256, type Clock, type Coordinator, type SeatPolicy, type Subscriber } from "./types.ts";

const MAX_CATCH_UP = 200;

/** What a table needs of the process around it (the `TableDirectory`; a test may give its own). */
export interface TableEnv {
  readonly storage: Storage;
  readonly bots: BotRunner;
  readonly clock: Clock;
  readonly log: (line: string) => void;
  /** Several processes (cluster.ts); null in a single process. */
  readonly coordinator: Coordinator | null;
  /** How long a real-time table nobody is at lasts before it is abandoned (attendance.ts). */
  readonly abandonMs: number;
  /** The server is shutting down: no more bots, clocks or retries. */
  readonly closed: boolean;
  /** The accounts' relations (blocks, friends-only, rating range); null: none checked (tests of a bare hub). */
  readonly policy: SeatPolicy | null;
  /** Displayed ratings (ordinals) of these identities in a game; a read failure shows none. */
  ratingsOf(game: string, keys: readonly string[]): Promise<Map<string, number>>;
  /** A table made here (created, or a rematch): kept in memory, and owned once its lease is taken. */
  adopt(table: TableActor): Promise<void>;
  /** A finished or cancelled table nobody watches leaves memory. */
  evict(table: TableActor): void;
}

/** One write; a failure changes nothing in memory and is refused as `unavailable`. */
export async function write(env: TableEnv, live: TableActor | null, what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    // The write may have reached storage with its answer lost (a dropped connection): check first next time.
    if (live) live.stale = true;
    env.log(`${live ? `table ${live.record.id}: ` : ""}storage: ${what} failed: ${(error as Error).message}`);
    if (live && env.coordinator && (isUniqueViolation(error) || error instanceof StaleRowError || error instanceof FencedError)) {
      // Another process wrote this version (or this row), or took the table over (a newer epoch,
      // fencing.ts): it owns the table now (our lease ran out). Step down; the client asks again, of it.
      const why = error instanceof FencedError ? "taken over (a newer epoch)" : error instanceof StaleRowError ? "the row was changed by another owner" : `version ${live.version + 1} is already logged by another owner`;
      env.log(`table ${live.record.id}: ${why}; stepping down`);
      if (live.owned) live.replica.disown();
      throw movedError("this table moved to another process; nothing changed, try again");
    }
    throw new HubError("unavailable", "the change could not be recorded (storage unavailable); nothing changed, try again");
  }
  if (live) live.scheduler.recovered();
}

export class TableActor {
  state: unknown | null = null;
  version = 0;
  /** Raw events of each version (index version-1), to filter per viewer on catch-up. */
  history: { seat: number; by: ActorKind; events: unknown[] }[] = [];
  /** A write failed: storage may hold a change whose answer was lost; reconcile before the next. */
  stale = false;
  /** This process applies the table's changes (always, in a single process). */
  owned: boolean;
  readonly audience: Audience;
  readonly scheduler: Scheduler;
  readonly chat: TableChat;
  readonly replica: Replica;
  private queue: Promise<unknown> = Promise.resolve();

  /** `owner`: who created the table (the bot queue takes turns between creators); "" when unknown. */
  constructor(
    readonly env: TableEnv,
    public record: TableRecord,
    readonly game: AnyGame,
    readonly owner = "",
  ) {
    this.owned = env.coordinator === null;
    this.audience = new Audience(this);
    this.scheduler = new Scheduler(this);
    this.chat = new TableChat(this);
    this.replica = new Replica(this);
  }

  get id(): string {
    return this.record.id;
  }

  /** Runs `fn` after everything queued on this table (one change at a time per table). */
  serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Resolves once everything queued so far has run. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  info(): TableInfo {
    return this.audience.info();
  }

  // ------------------------------------------------------------ storage

  /** One write of this table; a failure changes nothing in memory and is refused as `unavailable`. */
  write(what: string, fn: () => Promise<void>): Promise<void> {
    return write(this.env, this, what, fn);
  }

  /** Several processes: a row write is refused if another owner changed the row meanwhile. */
  fence(): { expected?: TableRecord } {
    return this.env.coordinator ? { expected: this.record } : {};
  }

  /** Replays a started match's log through the engine. */
  async rebuild(): Promise<void> {
    const { record, game } = this;
    if (record.status === "open") return;
    this.state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
    this.version = 0;
    this.history = [];
    for (const entry of await this.env.storage.loadActions(record.id)) this.replay(entry);
    // Everyone is away until they come back.
    this.audience.awaySince = record.seats.map((s) => (s.kind === "human" ? this.env.clock.now() : null));
  }

  /** Applies one logged action to the match in memory (rebuilding, or catching up with storage). */
  replay(entry: LoggedAction): void {
    const parsed = this.game.parseAction(this.state, entry.seat, entry.action);
    if (!parsed.ok) throw new Error(`log replay: version ${entry.version}: ${parsed.error.code}: ${parsed.error.message}`);
    const events = this.game.apply(this.state, entry.seat, parsed.value);
    // A resigned seat the game took out after this action (its events are this version's).
    events.push(...replayRemovals(this.game, this.state, this.record.meta.resigned, entry.version));
    this.history.push({ seat: entry.seat, by: entry.by, events });
    this.version = entry.version;
    this.replica.wake();
  }

  /**
   * After a failed write: storage is the truth. Catches memory up with what storage holds (a write
   * whose answer was lost), and only then lets the next change through.
   */
  async reconcile(): Promise<void> {
    if (!this.stale) return;
    const { storage, log } = this.env;
    let stored: TableRecord | null;
    let actions: LoggedAction[];
    try {
      stored = await storage.getTable(this.record.id);
      actions = await storage.loadActions(this.record.id);
    } catch (error) {
      log(`table ${this.record.id}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    this.stale = false;
    if (!stored) return;
    const wasOpen = this.record.status === "open";
    const missing = actions.filter((a) => a.version > this.version);
    if (stored.status === this.record.status && missing.length === 0) {
      if (wasOpen) this.record = { ...this.record, seats: stored.seats };
      return;
    }
    log(`table ${this.record.id}: storage holds ${missing.length} change(s) whose answer was lost; catching up`);
    const connected = (seat: number) => this.audience.seatConnected(seat);
    this.record = { ...stored, seats: stored.seats.map((s, i) => (connected(i) && s.takeoverReason !== "clock" ? withoutTakeover(s) : s)) };
    if (wasOpen && stored.status !== "open") {
      this.state = this.game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
      this.announceStart();
    }
    for (const entry of missing) {
      this.replay(entry);
      for (const sub of this.audience.subscribers) sub.send(update(this, entry.version, sub.viewer));
    }
    if (stored.status === "over") this.ended();
    else if (stored.status === "playing") this.scheduler.schedule();
  }

  /** Puts a playing table back in motion: ends a finished match, else asks bots and arms clocks. */
  async resume(): Promise<void> {
    if (this.env.closed) return;
    try {
      await this.reconcile();
      if (this.record.status !== "playing") return;
      if (this.game.decision(this.state).type === "over") await this.finishRestored();
      else this.scheduler.schedule();
    } catch {
      this.scheduler.retryLater();
    }
  }

  /** A log that reached the end without its status (written before one transaction held both). */
  private async finishRestored(): Promise<void> {
    const { record, result } = ratedEnd({ ...this.record, ...endOf(this.record, this.game, this.state, this.history.map((h) => h.events)) }, this.history, this.env.clock.now());
    await this.write("the end of the match", () => this.env.storage.saveTable(record, { result, ...this.fence() }));
    this.record = record;
    this.ended();
  }

  // ------------------------------------------------------------ the match's course

  /** The match started (its row already says so): tell everyone, set bots and clocks going. */
  started(state: unknown): void {
    this.state = state;
    this.announceStart();
    this.scheduler.schedule();
  }

  announceStart(): void {
    this.env.log(`table ${this.record.id}: ${this.game.id} started`);
    this.audience.broadcastTable();
    this.audience.fanOut((viewer) => sync(this, viewer));
  }

  /** The match is over (its row already says so): tell everyone; nobody watching, it leaves memory. */
  ended(): void {
    this.scheduler.clearTimers();
    this.env.log(`table ${this.record.id}: over`);
    this.audience.broadcastTable();
    this.audience.fanOut(() => overMessage(this));
    this.evictIfDone();
  }

  /** A finished match nobody watches leaves memory (storage has it all). */
  evictIfDone(): void {
    if ((this.record.status !== "over" && this.record.status !== "cancelled") || this.audience.size > 0) return;
    this.scheduler.stop();
    this.env.evict(this);
  }

  /** The seats the match waits for now (none unless playing). */
  waiting(): readonly number[] {
    return this.state === null || this.record.status !== "playing" ? [] : waitingSeats(this.game.decision(this.state));
  }

  // ------------------------------------------------------------ actions

  /** An action from a seat's player (owned here); resolves to the version it produced. */
  act(seat: number, raw: unknown): Promise<number> {
    return this.serialize(() => {
      if (!this.owned) throw movedError();
      return this.submit(seat, raw, "player", null);
    });
  }

  /**
   * Validates through the engine, then writes the action (with the row it changes: the clock, the
   * end) in one transaction, and only then applies it in memory and sends it.
   */
  async submit(seat: number, raw: unknown, by: ActorKind, expectedVersion: number | null): Promise<number> {
    await this.reconcile();
    const { game } = this;
    const now = this.env.clock.now();
    refuseUnlessPlaying(this.record);
    if (by === "player" && isResigned(this.record, seat)) throw new HubError("already-resigned", "this seat has resigned: a bot plays it out");
    if (expectedVersion !== null && expectedVersion !== this.version) throw new HubError("not-your-turn", "stale decision");
    const decision: Decision = game.decision(this.state);
    // The engine's `act` is the one check of whose turn it is and of the action itself; its refusal
    // (a value) becomes the table's. On a copy: if the write fails, the match in memory is as it was.
    const state = game.clone(this.state);
    const played = act(game, state, seat, raw);
    if (!played.ok) throw new HubError(played.error.code, played.error.message);
    const events = played.value;
    const version = this.version + 1;
    // Resigned seats the game's rules take out, once they have nothing to decide (Game.resign).
    const removal = removeResigned(game, state, this.record.meta.resigned, version);
    events.push(...removal.events);
    const after: Decision = game.decision(state);
    const record: TableRecord = { ...this.record, deadline: deadlineAfter(this.record, decision, after, now) };
    if (removal.events.length > 0) record.meta = { ...record.meta, resigned: removal.resigned };
    const banks = banksAfter(this.record, seat, now);
    if (banks !== this.record.meta.banks) record.meta = { ...record.meta, banks };
    // A clock that runs out hands the seat to a bot until its player takes it back (`reclaim`).
    const handedOver = by === "clock" && !this.record.seats[seat]!.takeover;
    if (handedOver) record.seats = record.seats.map((s, i) => (i === seat ? { ...s, takeover: true, takeoverReason: "clock" } : s));
    // A player who acts on their own seat is back: the bot standing in stops, in the same write.
    const back = by === "player" && this.record.seats[seat]!.takeover;
    if (back) record.seats = record.seats.map((s, i) => (i === seat ? withoutTakeover(s) : s));
    const over = after.type === "over";
    if (over) Object.assign(record, endOf(record, game, state, [...this.history.map((h) => h.events), events]));
    const rowChanged = over || handedOver || back || record.deadline !== this.record.deadline || record.meta !== this.record.meta;
    // The log first: once appended, the action survives any crash. A rated end updates ratings in the same write.
    const entry = { version, seat, action: raw, by, at: this.env.clock.now() };
    const end = over ? ratedEnd(record, [...this.history, { seat, by }], entry.at) : null;
    if (end) record.meta = end.record.meta;
    const result = end?.result ?? null;
    await this.write("appending an action", () => this.env.storage.appendAction(this.record.id, entry, rowChanged ? record : undefined, result));
    this.state = state;
    this.record = record;
    this.version = version;
    this.history.push({ seat, by, events });
    this.env.coordinator?.published(record, entry, this.audience.present());
    if (by === "clock" || by === "absent") this.env.log(`table ${this.record.id}: v${version}: a bot played for seat ${seat} (${by === "clock" ? "clock ran out" : "away past the grace period"})`);
    if (handedOver || back) this.audience.broadcastTable();
    this.audience.fanOut((viewer) => update(this, version, viewer));
    if (over) this.ended();
    else this.scheduler.schedule();
    return version;
  }

  // ------------------------------------------------------------ connections

  /** Authenticates a `hello`: the seat of this token, or a spectator without one. */
  attach(token: string | undefined, subscriber: (viewer: WireViewer) => Subscriber, since?: number, linked: { seat: number } | "replaced" | null = null): Subscriber {
    let viewer: WireViewer = "spectator";
    if (linked === "replaced") throw new HubError("not-authorized", "this seat's token was replaced (a new password or a log-out everywhere): log in to take the seat up again");
    if (linked !== null) viewer = linked.seat;
    else if (token !== undefined) {
      const hash = sha256(token);
      const seat = this.record.seats.findIndex((s) => s.tokenHash !== null && s.tokenHash === hash);
      if (seat < 0) {
        this.evictIfDone();
        throw new HubError("not-authorized", "this token holds no seat at this table");
      }
      viewer = seat;
    }
    // Read when the table was loaded; if that read failed, try again for the next arrivals.
    if (this.chat.messages === null) this.chat.ensure().catch(() => {});
    // Back from an absence: the bot stops before the welcome, which then says so.
    if (typeof viewer === "number" && this.owned) this.endAbsence(viewer);
    const sub = subscriber(viewer);
    this.audience.add(sub);
    sub.send({ type: "welcome", table: this.info(), you: viewer });
    sub.send({ type: "chat-history", messages: this.chat.historyFor(sub) });
    if (this.state !== null) {
      if (since !== undefined && since <= this.version && this.version - since <= MAX_CATCH_UP) {
        for (let v = since + 1; v <= this.version; v++) sub.send(update(this, v, sub.viewer));
        if (since === this.version) sub.send(sync(this, viewer));
      } else {
        // A reload, a spectator or a late arrival: the whole log as this viewer may see it, then the picture.
        sub.send(logMessage(this, viewer));
        sub.send(sync(this, viewer));
      }
      if (this.record.status === "over") sub.send(overMessage(this));
    }
    if (typeof viewer === "number") this.seatBack(viewer);
    return sub;
  }

  /**
   * A seat connected (here, or on another process): its grace period ends and an absence's bot
   * stops (a seat handed over by its clock stays so until `reclaim`).
   */
  seatBack(viewer: number): void {
    if (!this.owned) {
      this.env.coordinator?.presence(this.record.id, this.audience.localSeats());
      return;
    }
    this.endAbsence(viewer);
    this.audience.broadcastTable();
    if (this.record.status === "playing") this.scheduler.schedule();
  }

  /**
   * On the owner, a seat is connected: it is no longer away, and a bot standing in for its absence
   * stops. A seat handed over by its clock stays so until `reclaim` (or its player's own act).
   */
  private endAbsence(viewer: number): void {
    this.audience.awaySince[viewer] = null;
    const seat = this.record.seats[viewer]!;
    if (!seat.takeover || seat.takeoverReason === "clock" || this.record.status !== "playing") return;
    // The bot stops at once; the flag's write is best effort (after a restart everyone is away anyway).
    const record: TableRecord = { ...this.record, seats: this.record.seats.map((s, i) => (i === viewer ? withoutTakeover(s) : s)) };
    this.record = record;
    this.env.storage.saveTable(record).catch((error: Error) => this.env.log(`table ${record.id}: storage: clearing a takeover failed: ${error.message}`));
    this.env.log(`table ${record.id}: seat ${viewer} is back, the bot stops playing for it`);
  }

  detach(sub: Subscriber): void {
    this.audience.remove(sub);
    this.chat.forget(sub);
    if (typeof sub.viewer === "number" && !this.audience.seatConnected(sub.viewer)) {
      if (!this.owned) this.env.coordinator?.presence(this.record.id, this.audience.localSeats());
      else if (!this.audience.connectedElsewhere(sub.viewer)) {
        this.audience.awaySince[sub.viewer] = this.env.clock.now();
        this.audience.broadcastTable();
        if (this.record.status === "playing") this.scheduler.schedule();
      } else this.audience.broadcastTable();
    }
    this.evictIfDone();
  }

  resync(sub: Subscriber): void {
    if (this.state === null) throw new HubError("not-started", "the match has not started");
    sub.send(sync(this, sub.viewer));
  }

  /** Sends every subscriber the same message. */
  sendAll(message: ServerOut): void {
    for (const sub of this.audience.subscribers) sub.send(message);
  }
}
