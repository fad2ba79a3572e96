// The lobby and the live matches. Holds no rules: every decision goes through the engine
// (decision, legalActions, parseAction, apply, outcome, view, eventFor). For each table, one
// queue serializes changes; an action is appended to the log BEFORE it is applied in memory and
// sent, so nothing acknowledged is ever lost; a change and the status it brings (a join and the
// start, the last action and the end) are one write. A failed write changes nothing and refuses
// with `unavailable`; the table's bots and clocks retry by themselves until storage is back.
// Memory holds open and playing tables only: a finished match leaves it with its last subscriber,
// and is read back from storage when asked for. A restart rebuilds unfinished matches from their logs.
import { createHash, randomBytes } from "node:crypto";
import { botNames, createRng, waitingSeats, type AnyGame, type Decision, type Viewer } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import type {
  ActorKind,
  CreateTableRequest,
  DecisionInfo,
  ErrorCode,
  ErrorParams,
  LegalAction,
  MatchRecord,
  OutcomeInfo,
  ServerOut,
  TableInfo,
  WireViewer,
} from "./protocol.ts";
import { createTableSchema } from "./protocol.ts";
import type { LoggedAction, SeatRecord, Storage, TableRecord } from "./storage.ts";

/** Real time, injected so tests can drive clocks and grace periods. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class HubError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** One connected client, as the hub sees it. */
export interface Subscriber {
  readonly viewer: WireViewer;
  send(message: ServerOut): void;
}

const MAX_LEGAL_LISTED = 300;
const MAX_CATCH_UP = 200;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

interface Live {
  record: TableRecord;
  game: AnyGame;
  state: unknown | null;
  version: number;
  /** Raw events of each version (index version-1), to filter per viewer on catch-up. */
  history: { seat: number; by: ActorKind; events: unknown[] }[];
  subscribers: Set<Subscriber>;
  queue: Promise<unknown>;
  timers: unknown[];
  /** Seats with a bot decision in flight for the current version. */
  pendingBots: Set<number>;
  /** When each human seat lost its last connection (null: connected or never joined). */
  awaySince: (number | null)[];
  /** Who created the table (the bot queue takes turns between creators); "" when unknown. */
  owner: string;
  /** A write failed: storage may hold a change whose answer was lost; reconcile before the next. */
  stale: boolean;
  /** The pending retry of the table's bots and clocks after a storage failure, and its delay. */
  retry: ReturnType<typeof setTimeout> | null;
  retryMs: number;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export class Hub {
  private readonly tables = new Map<string, Live>();
  /** Finished matches being read back from storage (one read for concurrent requests). */
  private readonly loading = new Map<string, Promise<Live>>();
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly games: readonly AnyGame[],
    private readonly bots: BotRunner,
    private readonly clock: Clock = systemClock,
    private readonly log: (line: string) => void = () => {},
  ) {}

  findGame(id: string): AnyGame | undefined {
    return this.games.find((g) => g.id === id);
  }

  /** How many tables are in memory (open and playing ones, and finished ones still watched). */
  get loaded(): number {
    return this.tables.size;
  }

  /** Loads the unfinished tables; their matches are rebuilt by replaying their logs through the engine. */
  async restore(): Promise<void> {
    for (const status of ["open", "playing"] as const) {
      for (const record of await this.storage.listTables(status)) {
        const game = this.findGame(record.game);
        if (!game) {
          this.log(`table ${record.id}: game ${record.game} is not registered, skipped`);
          continue;
        }
        const live = this.makeLive(record, game);
        try {
          await this.rebuild(live);
        } catch (error) {
          // One broken log must not keep the other matches down: that table stays unloaded.
          this.log(`table ${record.id}: cannot be rebuilt from its log: ${(error as Error).message}`);
          continue;
        }
        this.tables.set(record.id, live);
        if (status === "playing") await this.serialize(live, () => this.resume(live));
      }
    }
  }

  /** Replays a started match's log through the engine. */
  private async rebuild(live: Live): Promise<void> {
    const { record, game } = live;
    if (record.status === "open") return;
    live.state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
    live.version = 0;
    live.history = [];
    for (const entry of await this.storage.loadActions(record.id)) this.replay(live, entry);
    // Everyone is away until they come back.
    live.awaySince = record.seats.map((s) => (s.kind === "human" ? this.clock.now() : null));
  }

  /** Applies one logged action to the match in memory (rebuilding, or catching up with storage). */
  private replay(live: Live, entry: LoggedAction): void {
    const parsed = live.game.parseAction(live.state, entry.seat, entry.action);
    if (!parsed.ok) throw new Error(`log replay: version ${entry.version}: ${parsed.error.code}: ${parsed.error.message}`);
    const events = live.game.apply(live.state, entry.seat, parsed.value);
    live.history.push({ seat: entry.seat, by: entry.by, events });
    live.version = entry.version;
  }

  private makeLive(record: TableRecord, game: AnyGame, owner = ""): Live {
    return {
      record,
      game,
      state: null,
      version: 0,
      history: [],
      subscribers: new Set(),
      queue: Promise.resolve(),
      timers: [],
      pendingBots: new Set(),
      awaySince: record.seats.map(() => null),
      owner,
      stale: false,
      retry: null,
      retryMs: FIRST_RETRY_MS,
    };
  }

  /** Runs `fn` after everything queued on this table (one change at a time per table). */
  private serialize<T>(live: Live, fn: () => Promise<T>): Promise<T> {
    const run = live.queue.then(fn, fn);
    live.queue = run.catch(() => {});
    return run;
  }

  // ------------------------------------------------------------ storage

  /** One write; a failure changes nothing in memory and is refused as `unavailable`. */
  private async write(live: Live | null, what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      // The write may have reached storage with its answer lost (a dropped connection): check first next time.
      if (live) live.stale = true;
      this.log(`${live ? `table ${live.record.id}: ` : ""}storage: ${what} failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "the change could not be recorded (storage unavailable); nothing changed, try again");
    }
    if (live) live.retryMs = FIRST_RETRY_MS;
  }

  /** A table's row from storage, or a typed error. */
  private async readTable(id: string): Promise<TableRecord> {
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

  /**
   * After a failed write: storage is the truth. Catches memory up with what storage holds (a write
   * whose answer was lost), and only then lets the next change through.
   */
  private async reconcile(live: Live): Promise<void> {
    if (!live.stale) return;
    let stored: TableRecord | null;
    let actions: LoggedAction[];
    try {
      stored = await this.storage.getTable(live.record.id);
      actions = await this.storage.loadActions(live.record.id);
    } catch (error) {
      this.log(`table ${live.record.id}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    live.stale = false;
    if (!stored) return;
    const wasOpen = live.record.status === "open";
    const missing = actions.filter((a) => a.version > live.version);
    if (stored.status === live.record.status && missing.length === 0) {
      if (wasOpen) live.record = { ...live.record, seats: stored.seats };
      return;
    }
    this.log(`table ${live.record.id}: storage holds ${missing.length} change(s) whose answer was lost; catching up`);
    const connected = (seat: number) => [...live.subscribers].some((s) => s.viewer === seat);
    live.record = { ...stored, seats: stored.seats.map((s, i) => (connected(i) ? { ...s, takeover: false } : s)) };
    if (wasOpen && stored.status !== "open") {
      live.state = live.game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
      this.announceStart(live);
    }
    for (const entry of missing) {
      this.replay(live, entry);
      for (const sub of live.subscribers) sub.send(this.update(live, entry.version, sub.viewer));
    }
    if (stored.status === "over") this.ended(live);
    else if (stored.status === "playing") this.schedule(live);
  }

  /** Retries the table's automatic moves (bots, clocks, the end) later, backing off while storage fails. */
  private retryLater(live: Live): void {
    if (live.retry !== null || this.closed) return;
    const delay = live.retryMs;
    live.retryMs = Math.min(live.retryMs * 2, MAX_RETRY_MS);
    // Real time: this waits for storage, not for a player.
    live.retry = setTimeout(() => {
      live.retry = null;
      void this.serialize(live, () => this.resume(live));
    }, delay);
    live.retry.unref?.();
  }

  /** Puts a playing table back in motion: ends a finished match, else asks bots and arms clocks. */
  private async resume(live: Live): Promise<void> {
    if (this.closed) return;
    try {
      await this.reconcile(live);
      if (live.record.status !== "playing") return;
      if (live.game.decision(live.state).type === "over") await this.finishRestored(live);
      else this.schedule(live);
    } catch {
      this.retryLater(live);
    }
  }

  /** A log that reached the end without its status (written before one transaction held both). */
  private async finishRestored(live: Live): Promise<void> {
    const record = { ...live.record, ...this.endOf(live.game, live.state, live.history.map((h) => h.events)) };
    await this.write(live, "the end of the match", () => this.storage.saveTable(record));
    live.record = record;
    this.ended(live);
  }

  /** The table row's fields at the end of a match whose events are `events`. */
  private endOf(game: AnyGame, state: unknown, events: readonly (readonly unknown[])[]): Pick<TableRecord, "status" | "outcome" | "deadline" | "eventsHash"> {
    const outcome = game.outcome(state);
    return {
      status: "over",
      outcome: outcome ? { winners: [...outcome.winners], scores: [...outcome.scores], draw: outcome.draw } : { winners: [], scores: [], draw: true },
      deadline: null,
      eventsHash: eventsHash(events),
    };
  }

  /**
   * The clock's deadline after a change: none without a clock or once over; kept while the others
   * of a simultaneous step still commit; else a full turn from now.
   */
  private deadlineAfter(record: TableRecord, before: Decision | null, after: Decision): number | null {
    if (record.turnSeconds === null || after.type === "over") return null;
    if (before !== null && record.deadline !== null && before.type === "simultaneous" && after.type === "simultaneous") {
      const was = waitingSeats(before);
      if (waitingSeats(after).every((s) => was.includes(s))) return record.deadline;
    }
    return this.clock.now() + record.turnSeconds * 1000;
  }

  // ------------------------------------------------------------ lobby

  /** `owner`: who asks (e.g. the client's address); the bot queue takes turns between owners. */
  async createTable(raw: unknown, owner = ""): Promise<TableInfo> {
    const parsed = createTableSchema.safeParse(raw);
    if (!parsed.success) throw new HubError("bad-message", parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const request = parsed.data;
    const game = this.findGame(request.game);
    if (!game) throw new HubError("unknown-game", `unknown game "${request.game}"`);
    if (request.seats.length < game.minSeats || request.seats.length > game.maxSeats) {
      throw new HubError("bad-seats", `${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${request.seats.length}`, { min: game.minSeats, max: game.maxSeats });
    }
    const options = game.optionsSchema.safeParse(request.options);
    if (!options.success) throw new HubError("bad-options", options.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const seed = randomBytes(16).toString("hex");
    // Distinct names for the table's bots (their level is worded by each client).
    const names = botNames(request.seats.length, randomBytes(1)[0]!);
    const record: TableRecord = {
      id: randomBytes(9).toString("base64url"),
      game: game.id,
      options: options.data,
      seats: request.seats.map(
        (s, i): SeatRecord =>
          s.kind === "bot"
            ? { kind: "bot", name: names[i]!, level: s.level, tokenHash: null, takeover: false }
            : { kind: "open", name: null, level: null, tokenHash: null, takeover: false },
      ),
      status: "open",
      turnSeconds: request.turnSeconds,
      graceSeconds: request.graceSeconds,
      seed,
      seedHash: sha256(seed),
      outcome: null,
      createdAt: this.clock.now(),
      deadline: null,
      eventsHash: null,
    };
    // A table of bots only starts at once: created already playing, in the same write.
    let state: unknown = null;
    if (record.seats.every((s) => s.kind !== "open")) {
      state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
      record.status = "playing";
      record.deadline = this.deadlineAfter(record, null, game.decision(state));
    }
    await this.write(null, "creating a table", () => this.storage.saveTable(record));
    const live = this.makeLive(record, game, owner);
    this.tables.set(record.id, live);
    if (state !== null) this.started(live, state);
    return this.info(live);
  }

  listOpen(): TableInfo[] {
    return [...this.tables.values()].filter((l) => l.record.status === "open").map((l) => this.info(l));
  }

  /** A table's public information; a finished one no longer in memory is read from storage. */
  /** A table in memory (open or playing), or null: finished tables leave memory. */
  liveTable(id: string): TableInfo | null {
    const live = this.tables.get(id);
    return live ? this.info(live) : null;
  }

  async table(id: string): Promise<TableInfo> {
    const live = this.tables.get(id);
    if (live) return this.info(live);
    const record = await this.readTable(id);
    return this.infoOf(record, this.findGame(record.game)!, new Set());
  }

  async join(tableId: string, raw: { name: string; seat?: number | undefined }): Promise<{ table: TableInfo; seat: number; token: string }> {
    const live = this.tables.get(tableId);
    if (!live) {
      // Not in memory: finished (or unknown).
      await this.readTable(tableId);
      throw new HubError("already-started", "the match has already started");
    }
    return this.serialize(live, async () => {
      await this.reconcile(live);
      if (live.record.status !== "open") throw new HubError("already-started", "the match has already started");
      const seats = live.record.seats;
      let seat: number;
      if (raw.seat !== undefined) {
        if (raw.seat >= seats.length) throw new HubError("bad-seats", `this table has ${seats.length} seats`);
        if (seats[raw.seat]!.kind !== "open") throw new HubError("seat-taken", `seat ${raw.seat} is taken`);
        seat = raw.seat;
      } else {
        seat = seats.findIndex((s) => s.kind === "open");
        if (seat < 0) throw new HubError("table-full", "every seat is taken");
      }
      const token = randomBytes(24).toString("base64url");
      const record: TableRecord = {
        ...live.record,
        seats: seats.map((s, i): SeatRecord => (i === seat ? { kind: "human", name: raw.name, level: null, tokenHash: sha256(token), takeover: false } : s)),
      };
      // The last seat starts the match: the seat and the start are one write.
      let state: unknown = null;
      if (record.seats.every((s) => s.kind !== "open")) {
        state = live.game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
        record.status = "playing";
        record.deadline = this.deadlineAfter(record, null, live.game.decision(state));
      }
      await this.write(live, "a join", () => this.storage.saveTable(record));
      live.record = record;
      live.awaySince[seat] = this.clock.now();
      if (state !== null) this.started(live, state);
      else this.broadcastTable(live);
      return { table: this.info(live), seat, token };
    });
  }

  /** The match started (its row already says so): tell everyone, set bots and clocks going. */
  private started(live: Live, state: unknown): void {
    live.state = state;
    this.announceStart(live);
    this.schedule(live);
  }

  private announceStart(live: Live): void {
    this.log(`table ${live.record.id}: ${live.game.id} started`);
    this.broadcastTable(live);
    this.fanOut(live, (viewer) => this.sync(live, viewer));
  }

  // ------------------------------------------------------------ connections

  /** A table in memory, or a finished one read back from storage (its log replayed). */
  private async load(id: string): Promise<Live> {
    const present = this.tables.get(id);
    if (present) return present;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = (async () => {
        const record = await this.readTable(id);
        const live = this.makeLive(record, this.findGame(record.game)!);
        try {
          await this.rebuild(live);
        } catch (error) {
          this.log(`table ${id}: cannot be read back: ${(error as Error).message}`);
          throw new HubError("unavailable", "this match cannot be read back now, try again");
        }
        return live;
      })();
      this.loading.set(id, pending);
      void pending.then(
        () => this.loading.delete(id),
        () => this.loading.delete(id),
      );
    }
    const loaded = await pending;
    if (!this.tables.has(id)) this.tables.set(id, loaded);
    return this.tables.get(id)!;
  }

  /** Authenticates a `hello`: the seat of this token, or a spectator without one. */
  async attach(tableId: string, token: string | undefined, subscriber: (viewer: WireViewer) => Subscriber, since?: number): Promise<Subscriber> {
    const live = await this.load(tableId);
    let viewer: WireViewer = "spectator";
    if (token !== undefined) {
      const hash = sha256(token);
      const seat = live.record.seats.findIndex((s) => s.tokenHash !== null && s.tokenHash === hash);
      if (seat < 0) {
        this.evictIfDone(live);
        throw new HubError("not-authorized", "this token holds no seat at this table");
      }
      viewer = seat;
    }
    const sub = subscriber(viewer);
    live.subscribers.add(sub);
    sub.send({ type: "welcome", table: this.info(live), you: viewer });
    if (live.state !== null) {
      if (since !== undefined && since <= live.version && live.version - since <= MAX_CATCH_UP) {
        for (let v = since + 1; v <= live.version; v++) sub.send(this.update(live, v, sub.viewer));
        if (since === live.version) sub.send(this.sync(live, viewer));
      } else {
        sub.send(this.sync(live, viewer));
      }
      if (live.record.status === "over") sub.send(this.overMessage(live));
    }
    if (typeof viewer === "number") {
      live.awaySince[viewer] = null;
      const seat = live.record.seats[viewer]!;
      if (seat.takeover && live.record.status === "playing") {
        // The bot stops at once; the flag's write is best effort (after a restart everyone is away anyway).
        live.record = { ...live.record, seats: live.record.seats.map((s, i) => (i === viewer ? { ...s, takeover: false } : s)) };
        const record = live.record;
        this.storage.saveTable(record).catch((error: Error) => this.log(`table ${record.id}: storage: clearing a takeover failed: ${error.message}`));
        this.log(`table ${live.record.id}: seat ${viewer} is back, the bot stops playing for it`);
      }
      this.broadcastTable(live);
      if (live.record.status === "playing") this.schedule(live);
    }
    return sub;
  }

  detach(tableId: string, sub: Subscriber): void {
    const live = this.tables.get(tableId);
    if (!live) return;
    live.subscribers.delete(sub);
    if (typeof sub.viewer === "number" && ![...live.subscribers].some((s) => s.viewer === sub.viewer)) {
      live.awaySince[sub.viewer] = this.clock.now();
      this.broadcastTable(live);
      if (live.record.status === "playing") this.schedule(live);
    }
    this.evictIfDone(live);
  }

  /** A finished match nobody watches leaves memory (storage has it all). */
  private evictIfDone(live: Live): void {
    if (live.record.status !== "over" || live.subscribers.size > 0) return;
    this.clearTimers(live);
    if (live.retry !== null) clearTimeout(live.retry);
    live.retry = null;
    if (this.tables.get(live.record.id) === live) this.tables.delete(live.record.id);
  }

  resync(tableId: string, sub: Subscriber): void {
    const live = this.live(tableId);
    if (live.state === null) throw new HubError("not-started", "the match has not started");
    sub.send(this.sync(live, sub.viewer));
  }

  private live(id: string): Live {
    const live = this.tables.get(id);
    if (!live) throw new HubError("unknown-table", `no table "${id}"`);
    return live;
  }

  // ------------------------------------------------------------ actions

  /** An action from a seat's player; resolves to the version it produced. */
  act(tableId: string, seat: number, raw: unknown): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    return this.serialize(live, () => this.submit(live, seat, raw, "player", null));
  }

  /**
   * Validates through the engine, then writes the action (with the row it changes: the clock, the
   * end) in one transaction, and only then applies it in memory and sends it.
   */
  private async submit(live: Live, seat: number, raw: unknown, by: ActorKind, expectedVersion: number | null): Promise<number> {
    await this.reconcile(live);
    const { game } = live;
    if (live.record.status === "open") throw new HubError("not-started", "the match has not started");
    if (expectedVersion !== null && expectedVersion !== live.version) throw new HubError("not-your-turn", "stale decision");
    const decision: Decision = game.decision(live.state);
    if (decision.type === "over") throw new HubError("game-over", "the game is over");
    if (!waitingSeats(decision).includes(seat)) throw new HubError("not-your-turn", `seat ${seat} has nothing to decide now`);
    const parsed = game.parseAction(live.state, seat, raw);
    if (!parsed.ok) throw new HubError(parsed.error.code, parsed.error.message);
    // On a copy: if the write fails, the match in memory is as it was.
    const state = game.clone(live.state);
    const events = game.apply(state, seat, parsed.value);
    const version = live.version + 1;
    const after: Decision = game.decision(state);
    const record: TableRecord = { ...live.record, deadline: this.deadlineAfter(live.record, decision, after) };
    const over = after.type === "over";
    if (over) Object.assign(record, this.endOf(game, state, [...live.history.map((h) => h.events), events]));
    const rowChanged = over || record.deadline !== live.record.deadline;
    // The log first: once appended, the action survives any crash.
    const entry = { version, seat, action: raw, by, at: this.clock.now() };
    await this.write(live, "appending an action", () => this.storage.appendAction(live.record.id, entry, rowChanged ? record : undefined));
    live.state = state;
    live.record = record;
    live.version = version;
    live.history.push({ seat, by, events });
    if (by === "clock" || by === "absent") this.log(`table ${live.record.id}: v${version}: a bot played for seat ${seat} (${by === "clock" ? "clock ran out" : "away past the grace period"})`);
    this.fanOut(live, (viewer) => this.update(live, version, viewer));
    if (over) this.ended(live);
    else this.schedule(live);
    return version;
  }

  /** The match is over (its row already says so): tell everyone; nobody watching, it leaves memory. */
  private ended(live: Live): void {
    this.clearTimers(live);
    this.log(`table ${live.record.id}: over`);
    this.broadcastTable(live);
    this.fanOut(live, () => this.overMessage(live));
    this.evictIfDone(live);
  }

  private clearTimers(live: Live): void {
    for (const t of live.timers) this.clock.clearTimeout(t);
    live.timers = [];
  }

  /** After every change: bots to ask, clocks and grace periods to arm. */
  private schedule(live: Live): void {
    if (this.closed || live.record.status !== "playing") return;
    this.clearTimers(live);
    const decision: Decision = live.game.decision(live.state);
    const waiting = waitingSeats(decision);
    const version = live.version;
    const now = this.clock.now();
    const { turnSeconds, graceSeconds } = live.record;
    // A row written before deadlines were stored: a full turn from now.
    if (turnSeconds !== null && live.record.deadline === null && waiting.length > 0) live.record = { ...live.record, deadline: now + turnSeconds * 1000 };
    const deadline = live.record.deadline;
    for (const seat of waiting) {
      const rec = live.record.seats[seat]!;
      if (rec.kind === "bot" || rec.takeover) {
        this.askBot(live, seat, version, rec.kind === "bot" ? "bot" : "absent");
        continue;
      }
      if (deadline !== null) {
        live.timers.push(this.clock.setTimeout(() => this.askBot(live, seat, version, "clock"), Math.max(0, deadline - now)));
      }
      const away = live.awaySince[seat];
      if (graceSeconds !== null && away !== null && away !== undefined) {
        live.timers.push(this.clock.setTimeout(() => this.takeOver(live, seat, version), Math.max(0, away + graceSeconds * 1000 - now)));
      }
    }
  }

  /** A seat away past its grace period: a bot plays for it until it comes back. */
  private takeOver(live: Live, seat: number, version: number): void {
    if (live.awaySince[seat] === null || live.version !== version) return;
    void this.serialize(live, async () => {
      if (this.closed || live.awaySince[seat] === null || live.version !== version || live.record.status !== "playing") return;
      const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === seat ? { ...s, takeover: true } : s)) };
      try {
        await this.write(live, "a bot take-over", () => this.storage.saveTable(record));
      } catch {
        this.retryLater(live);
        return;
      }
      live.record = record;
      this.broadcastTable(live);
      this.schedule(live);
    });
  }

  private askBot(live: Live, seat: number, version: number, by: ActorKind): void {
    if (live.pendingBots.has(seat) || live.version !== version || this.closed || live.record.status !== "playing") return;
    const { game } = live;
    const rec = live.record.seats[seat]!;
    const level = rec.level ?? "medium";
    const botName = game.levels[level];
    // Like the engine's playout: a sample for games with too many actions to list.
    const legal: unknown[] = game.sampleActions ? game.sampleActions(live.state, seat, createRng(randomBytes(16).toString("hex")), 64) : game.legalActions(live.state, seat);
    if (legal.length === 0) return;
    const view = game.view(live.state, seat);
    live.pendingBots.add(seat);
    const decided =
      legal.length === 1
        ? Promise.resolve({ action: legal[0], source: "bot" as const })
        : this.bots.decide({ game: game.id, bot: botName, view, seat, legal, table: live.record.id, group: live.owner || live.record.id });
    void decided.then((answer) =>
      this.serialize(live, async () => {
        live.pendingBots.delete(seat);
        if (this.closed) return;
        // Stale (someone else acted meanwhile): ask again for the current decision.
        if (live.version !== version) {
          this.schedule(live);
          return;
        }
        try {
          await this.submit(live, seat, answer.action, by, version);
        } catch (error) {
          this.log(`table ${live.record.id}: bot for seat ${seat} failed: ${(error as Error).message}`);
          // Storage down (or anything else): ask again later, so the table never stops.
          this.retryLater(live);
        }
      }),
    );
  }

  // ------------------------------------------------------------ projections

  info(live: Live): TableInfo {
    return this.infoOf(live.record, live.game, live.subscribers);
  }

  private infoOf(r: TableRecord, game: AnyGame, subscribers: ReadonlySet<Subscriber>): TableInfo {
    return {
      id: r.id,
      game: r.game,
      gameTitle: game.title,
      options: r.options,
      status: r.status,
      seats: r.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        name: s.name,
        ...(s.level !== null ? { level: s.level } : {}),
        connected: s.kind === "bot" || [...subscribers].some((sub) => sub.viewer === seat),
        botTakeover: s.takeover,
      })),
      turnSeconds: r.turnSeconds,
      graceSeconds: r.graceSeconds,
      seedHash: r.status === "open" ? null : r.seedHash,
      invite: `/?table=${r.id}`,
      createdAt: r.createdAt,
    };
  }

  private decisionInfo(live: Live): DecisionInfo {
    const d: Decision = live.game.decision(live.state);
    switch (d.type) {
      case "turn":
        return { type: "turn", seats: [d.seat], prompt: d.prompt, deadline: live.record.deadline };
      case "simultaneous":
        return { type: "simultaneous", seats: [...d.seats], prompt: d.prompt, deadline: live.record.deadline };
      case "over":
        return { type: "over", seats: [], prompt: null, deadline: null };
    }
  }

  private legalFor(live: Live, viewer: Viewer): LegalAction[] | null {
    if (viewer === "spectator") return [];
    const d: Decision = live.game.decision(live.state);
    if (!waitingSeats(d).includes(viewer)) return [];
    if (live.game.sampleActions) return null;
    const legal: unknown[] = live.game.legalActions(live.state, viewer);
    if (legal.length > MAX_LEGAL_LISTED) return null;
    return legal.map((action) => ({ action, label: live.game.describeAction(action) }));
  }

  private sync(live: Live, viewer: Viewer): ServerOut {
    const over = live.record.status === "over";
    return {
      type: "sync",
      version: live.version,
      view: live.game.view(live.state, viewer),
      decision: this.decisionInfo(live),
      legal: this.legalFor(live, viewer),
      outcome: live.record.outcome,
      seed: over ? live.record.seed : null,
      seedHash: live.record.seedHash,
    };
  }

  /** Version `version` as `viewer` may see it (the view and decision are the latest). */
  private update(live: Live, version: number, viewer: Viewer): ServerOut {
    const entry = live.history[version - 1]!;
    const events = entry.events.map((e) => live.game.eventFor(e, viewer)).filter((e) => e !== null);
    return {
      type: "update",
      version,
      actor: entry.seat,
      by: entry.by,
      events,
      view: live.game.view(live.state, viewer),
      decision: this.decisionInfo(live),
      legal: this.legalFor(live, viewer),
    };
  }

  private overMessage(live: Live): ServerOut {
    return { type: "over", version: live.version, outcome: live.record.outcome as OutcomeInfo, seed: live.record.seed, seedHash: live.record.seedHash };
  }

  /** Sends each subscriber its message, built once per viewer (every spectator shares one). */
  private fanOut(live: Live, make: (viewer: WireViewer) => ServerOut): void {
    const built = new Map<WireViewer, ServerOut>();
    for (const sub of live.subscribers) {
      let message = built.get(sub.viewer);
      if (message === undefined) built.set(sub.viewer, (message = make(sub.viewer)));
      sub.send(message);
    }
  }

  private broadcastTable(live: Live): void {
    const message: ServerOut = { type: "table", table: this.info(live) };
    for (const sub of live.subscribers) sub.send(message);
  }

  // ------------------------------------------------------------ records

  /** A finished match's record, read from storage (the match need not be in memory). */
  async record(tableId: string): Promise<MatchRecord> {
    const stored = await this.readTable(tableId);
    if (stored.status !== "over" || stored.outcome === null) throw new HubError("not-finished", "the record is given once the match is over");
    const game = this.findGame(stored.game)!;
    let actions: LoggedAction[];
    try {
      actions = await this.storage.loadActions(tableId);
    } catch (error) {
      this.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    let hash = stored.eventsHash;
    if (hash === null) {
      // Finished before the hash was stored: replay the log once more.
      const live = this.makeLive(stored, game);
      live.state = game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
      for (const entry of actions) this.replay(live, entry);
      hash = eventsHash(live.history.map((h) => h.events));
    }
    return {
      game: stored.game,
      title: `${game.title} — table ${tableId}`,
      seats: stored.seats.map((s, i) => s.name ?? `Seat ${i + 1}`),
      options: stored.options as Record<string, unknown>,
      seed: stored.seed,
      seedHash: stored.seedHash,
      actions: actions.map((a) => ({ seat: a.seat, action: a.action })),
      outcome: stored.outcome,
      eventsHash: hash,
    };
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
      this.clearTimers(live);
      if (live.retry !== null) clearTimeout(live.retry);
      live.retry = null;
      await live.queue;
    }
  }
}

/** SHA-256 of every event of a match, in order (what `grimoire verify` recomputes). */
export function eventsHash(events: readonly (readonly unknown[])[]): string {
  return sha256(JSON.stringify(events));
}

export type { CreateTableRequest };
