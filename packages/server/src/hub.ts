// The lobby and the live matches. Holds no rules: every decision goes through the engine
// (decision, legalActions, parseAction, apply, outcome, view, eventFor). For each table, one
// queue serializes changes; an action is appended to the log BEFORE it is applied in memory and
// sent, so nothing acknowledged is ever lost; a change and the status it brings (a join and the
// start, the last action and the end) are one write. A failed write changes nothing and refuses
// with `unavailable`; the table's bots and clocks retry by themselves until storage is back.
// Memory holds open and playing tables only: a finished match leaves it with its last subscriber,
// and is read back from storage when asked for. A restart rebuilds unfinished matches from their logs.
// Several processes (cluster.ts): a table in memory is either owned here (the only process that
// writes, runs bots and clocks) or followed (a replica rebuilt from the same log, kept up to date by
// the owner's published changes); every change asked of a followed table (an act, a join, a chat
// message, resign, reclaim, rematch, the creator's cancel and seat → bot) is forwarded to its owner
// as an `OwnerCall` and run there by `perform`.
import { createHash, randomBytes } from "node:crypto";
import { assembleReview, botNames, createRng, endedByResignation, outcomeWithResignations, recordDecisions, removeResigned, replayRemovals, waitingSeats, type AnyGame, type Decision, type Review, type ReviewedDecision, type ReviewUnit, type Viewer } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import { nameKey } from "./accounts.ts";
import { TokenBucket } from "./limits.ts";
import type {
  BotLevel,
  ChatMessage,
  MyTable,
  ActorKind,
  CreateTableRequest,
  DecisionInfo,
  ErrorCode,
  ErrorParams,
  FinalViews,
  LegalAction,
  LogEntry,
  MatchRecord,
  OutcomeInfo,
  ReviewResponse,
  ServerOut,
  TableInfo,
  WireViewer,
} from "./protocol.ts";
import { CHAT_BURST, CHAT_EVERY_MS, CHAT_HISTORY, createTableSchema, parseChatText, parseDisplayName } from "./protocol.ts";
import { hintsAllowed, ratingsApply } from "./rated.ts";
import { botKey, INITIAL, matchResultOf, ordinal } from "./ratings.ts";
import { DEFAULT_META, FencedError, isUniqueViolation, StaleRowError, type ChatRecord, type LoggedAction, type SeatLink, type SeatRecord, type Storage, type TableRecord, type TableWrite } from "./storage.ts";

/** The account of whoever joins, when logged in. */
export interface Account {
  readonly id: string;
  readonly name: string;
}

/** The seed of every server review's own random draws: a review depends on the record alone. */
export const REVIEW_SEED = 1;

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

/**
 * Multi-process mode (cluster.ts). The hub calls it for tables it does not own, and tells it
 * what the owner wrote so the other processes follow.
 */
export interface Coordinator {
  /** Takes the lease of a table this process just created; false if it could not. */
  claim(tableId: string): Promise<boolean>;
  /** The owner wrote a change (and `entry`, an action): the other processes follow it. */
  published(record: TableRecord, entry: LoggedAction | null, present: number[]): void;
  /** The owner stored a chat message: the other processes send it to their clients who may read it. */
  chatted(tableId: string, message: ChatRecord): void;
  /** Runs a change on the table's owner (`Hub.perform` there) and resolves to its answer, or rejects with its HubError. */
  forward(call: OwnerCall): Promise<unknown>;
  /** The seats connected to this process at a table it follows (sent to the owner). */
  presence(tableId: string, seats: number[]): void;
  /** This process no longer owns the table (an append refused, or a finished or cancelled table left its memory). */
  released(tableId: string): void;
  /** The table is about to be read here (a client arrives, a change is asked): hear its owner's changes from now on. */
  watch(tableId: string): Promise<void>;
  /** The right to compute a review (`key`: "table/seat") for every process, or how far the process that has it is. */
  claimReview(key: string): Promise<ReviewClaim | { done: number }>;
}

/** This process computes a review for every process until it lets it go (stored or failed). */
export interface ReviewClaim {
  progress(done: number): void;
  release(): void;
}

/**
 * A change asked of a process that does not own the table: sent to the owner, which runs it
 * (`Hub.perform`) as if its own client had asked. Checks that need the connection (who is seated,
 * the chat's rate and text) are made where the client is; the rest where the table is written.
 */
export type OwnerCall =
  | { kind: "act"; table: string; seat: number; action: unknown }
  | { kind: "join"; table: string; raw: { name: string; seat?: number | undefined }; account: Account | null }
  | { kind: "resign"; table: string; seat: number }
  | { kind: "reclaim"; table: string; seat: number }
  | { kind: "rematch"; table: string; seat: number }
  | { kind: "cancel"; table: string; creatorToken: string | null; account?: Account | null }
  | { kind: "seat-bot"; table: string; seat: number; creatorToken: string | null; level: BotLevel; account?: Account | null }
  | { kind: "chat"; table: string; draft: ChatDraft }
  /** Not a change: the seats the owner's match waits for ("your tables" on another process). */
  | { kind: "waiting"; table: string };

/** A checked chat message, before the owner numbers, dates and stores it. */
export type ChatDraft = Pick<ChatRecord, "channel" | "seat" | "name" | "text">;

/** One connected client, as the hub sees it. */
export interface Subscriber {
  readonly viewer: WireViewer;
  /** The account of the connection's session cookie (its id), if any: a spectator seated under it reads as a player. */
  readonly account?: string | null;
  /** The client's address: a spectator's chat rate is counted per address, not per connection. */
  readonly address?: string;
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
  /** This process applies the table's changes (always, in a single process). */
  owned: boolean;
  /** Seats connected to other processes (owner: per process; a follower: "" from the owner's word). */
  elsewhere: Map<string, Set<number>>;
  /** Forwarded acts waiting for this replica to reach their version before their ack. */
  waiters: { version: number; resolve: () => void }[];
  /** The latest chat messages (loaded from storage on first need), and the next message's id. */
  chat: ChatRecord[] | null;
  chatLoading: Promise<void> | null;
  chatNext: number;
  /** Chat rate per seat ("seat:<n>") and per spectator address ("address:<ip>"; the connection when unknown). */
  chatBuckets: Map<unknown, TokenBucket>;
}

/** Chat messages kept in memory per table (storage keeps them all). */
const CHAT_KEPT = 2 * CHAT_HISTORY;

/** The level of a table's bots (the first bot seat's), for a bot that plays out a resigned seat. */
function tableLevel(record: TableRecord): BotLevel {
  return record.seats.find((s) => s.kind === "bot")?.level ?? "medium";
}

/** When `seat`'s time is really up: the turn's deadline plus what is left of its bank. */
function seatDeadline(record: TableRecord, seat: number): number | null {
  if (record.deadline === null) return null;
  return record.deadline + (record.meta.banks?.[seat] ?? 0);
}

function isResigned(record: TableRecord, seat: number): boolean {
  return record.meta.resigned.some((r) => r.seat === seat);
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export class Hub {
  private readonly tables = new Map<string, Live>();
  /** Finished matches being read back from storage (one read for concurrent requests). */
  private readonly loading = new Map<string, Promise<Live>>();
  /** Reviews being computed, by "table/seat": progress, and the promise of the stored review. */
  private readonly reviewing = new Map<string, { done: number; total: number; finished: Promise<void> }>();
  /** Reviews computed at once at most (`LIMIT_REVIEWS_RUNNING`); more are refused with `unavailable` until one ends. */
  maxReviewsRunning = 8;
  private closed = false;
  private coordinator: Coordinator | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly games: readonly AnyGame[],
    private readonly bots: BotRunner,
    private readonly clock: Clock = systemClock,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Multi-process mode: from now on, tables are owned only once the coordinator holds their lease. */
  coordinate(coordinator: Coordinator): void {
    this.coordinator = coordinator;
  }

  findGame(id: string): AnyGame | undefined {
    return this.games.find((g) => g.id === id);
  }

  /** How many tables are in memory (open and playing ones, and finished ones still watched). */
  get loaded(): number {
    return this.tables.size;
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
        const live = this.makeLive(record, game);
        try {
          await this.rebuild(live);
        } catch (error) {
          // One broken log must not keep the other matches down: that table stays unloaded.
          this.log(`table ${record.id}: cannot be rebuilt from its log: ${(error as Error).message}`);
          continue;
        }
        await this.ensureChat(live).catch(() => {});
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
    // A resigned seat the game took out after this action (its events are this version's).
    events.push(...replayRemovals(live.game, live.state, live.record.meta.resigned, entry.version));
    live.history.push({ seat: entry.seat, by: entry.by, events });
    live.version = entry.version;
    this.wake(live);
  }

  private wake(live: Live): void {
    if (live.waiters.length === 0) return;
    const due = live.waiters.filter((w) => w.version <= live.version);
    live.waiters = live.waiters.filter((w) => w.version > live.version);
    for (const w of due) w.resolve();
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
      chat: null,
      chatLoading: null,
      chatNext: 1,
      chatBuckets: new Map(),
      owned: this.coordinator === null,
      elsewhere: new Map(),
      waiters: [],
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
      if (live && this.coordinator && (isUniqueViolation(error) || error instanceof StaleRowError || error instanceof FencedError)) {
        // Another process wrote this version (or this row), or took the table over (a newer epoch,
        // fencing.ts): it owns the table now (our lease ran out). Step down; the client asks again, of it.
        const why = error instanceof FencedError ? "taken over (a newer epoch)" : error instanceof StaleRowError ? "the row was changed by another owner" : `version ${live.version + 1} is already logged by another owner`;
        this.log(`table ${live.record.id}: ${why}; stepping down`);
        if (live.owned) this.disownLive(live);
        throw new HubError("unavailable", "this table moved to another process; nothing changed, try again", { retryAfterMs: 500 });
      }
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
    live.record = { ...stored, seats: stored.seats.map((s, i) => (connected(i) && s.takeoverReason !== "clock" ? withoutTakeover(s) : s)) };
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
    const record = { ...live.record, ...this.endOf(live.record, live.game, live.state, live.history.map((h) => h.events)) };
    const result = matchResultOf(record, record.outcome!, this.clock.now());
    await this.write(live, "the end of the match", () => this.storage.saveTable(record, { result, ...this.fence(live) }));
    live.record = record;
    this.ended(live);
  }

  /** The table row's fields at the end of a match whose events are `events`. */
  private endOf(record: TableRecord, game: AnyGame, state: unknown, events: readonly (readonly unknown[])[]): Pick<TableRecord, "status" | "outcome" | "deadline" | "eventsHash"> {
    // A resigned seat never wins (the engine's `outcomeWithResignations`).
    const outcome = outcomeWithResignations(game.outcome(state), record.seats.length, record.meta.resigned);
    return {
      status: "over",
      outcome: outcome ? { winners: [...outcome.winners], scores: [...outcome.scores], draw: outcome.draw } : { winners: [], scores: [], draw: true },
      deadline: null,
      eventsHash: eventsHash(events),
    };
  }

  /** The banks once `seat` has decided: the time it took past the turn's own deadline comes off its bank. */
  private banksAfter(record: TableRecord, seat: number): number[] | null {
    const banks = record.meta.banks;
    if (banks === null || record.deadline === null) return banks;
    const over = this.clock.now() - record.deadline;
    if (over <= 0) return banks;
    return banks.map((left, i) => (i === seat ? Math.max(0, left - over) : left));
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
    return (await this.create(raw, owner)).table;
  }

  /**
   * Creates a table; `creatorToken` proves its creator (cancel, seat → bot), and so does the
   * session of `creator`, the account that created it logged in (from any browser).
   */
  async create(raw: unknown, owner = "", creator: Account | null = null): Promise<{ table: TableInfo; creatorToken: string }> {
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
    const botRatings = request.rated ? await this.ratingsOf(game.id, request.seats.flatMap((s) => (s.kind === "bot" ? [botKey(s.level)] : []))) : new Map<string, number>();
    const creatorToken = randomBytes(24).toString("base64url");
    const record: TableRecord = {
      id: randomBytes(9).toString("base64url"),
      game: game.id,
      options: options.data,
      seats: request.seats.map(
        (s, i): SeatRecord =>
          s.kind === "bot"
            ? { kind: "bot", name: names[i]!, level: s.level, tokenHash: null, takeover: false, rating: botRatings.get(botKey(s.level)) ?? null }
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
      // A table with hints is never rated: every human agreed to be helped.
      rated: request.rated && !request.hints,
      meta: {
        ...DEFAULT_META,
        mode: request.mode,
        bankSeconds: request.bankSeconds,
        banks: request.bankSeconds === null ? null : request.seats.map(() => request.bankSeconds! * 1000),
        creatorHash: sha256(creatorToken),
        spectatorChat: request.spectatorChat,
      },
      hints: request.hints,
      creatorPlayer: creator?.id ?? null,
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
    live.chat = [];
    this.tables.set(record.id, live);
    // Several processes: the creator owns it (if the lease cannot be had now, the sweep of some process takes it).
    if (this.coordinator) live.owned = await this.coordinator.claim(record.id).catch(() => false);
    if (state !== null) this.started(live, state);
    return { table: this.info(live), creatorToken };
  }

  /** The tables in memory of one status, oldest first: "open" (waiting for players) or "playing" (to watch). */
  listTables(status: "open" | "playing"): TableInfo[] {
    return [...this.tables.values()].filter((l) => l.record.status === status).map((l) => this.info(l));
  }

  /**
   * The lobby of one status ("open": waiting for players; "playing": to watch); with several
   * processes, as storage has them (every process shows the same).
   */
  async lobby(status: "open" | "playing" = "open"): Promise<TableInfo[]> {
    if (!this.coordinator) return this.listTables(status);
    let records: TableRecord[];
    try {
      records = await this.storage.listTables(status);
    } catch (error) {
      this.log(`storage: reading the lobby failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    return records.flatMap((r) => {
      const live = this.tables.get(r.id);
      if (live) return [this.info(live)];
      const game = this.findGame(r.game);
      return game ? [this.infoOf(r, game, new Set())] : [];
    });
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

  /** Displayed ratings (ordinals) of these identities in a game; a read failure shows none. */
  private async ratingsOf(game: string, keys: readonly string[]): Promise<Map<string, number>> {
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

  /** Takes a seat; logged in (`account`), the seat is the account's: its name, and linked to it in the same write. */
  async join(tableId: string, raw: { name: string; seat?: number | undefined }, account: Account | null = null): Promise<{ table: TableInfo; seat: number; token: string }> {
    // Several processes: a table created elsewhere is read from storage, and the join goes to its owner.
    const live = this.coordinator ? await this.load(tableId) : this.tables.get(tableId);
    if (live && !live.owned) {
      if (live.record.status !== "open") {
        this.evictIfDone(live);
        if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
        throw new HubError("already-started", "the match has already started");
      }
      return this.forward<{ table: TableInfo; seat: number; token: string }>({ kind: "join", table: tableId, raw, account });
    }
    if (!live) {
      // Not in memory: finished or cancelled (or unknown).
      const stored = await this.readTable(tableId);
      if (stored.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      throw new HubError("already-started", "the match has already started");
    }
    return this.serialize(live, async () => {
      await this.reconcile(live);
      if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      if (!live.owned) throw new HubError("unavailable", "this table moved to another process, try again", { retryAfterMs: 500 });
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
      const rating = account && live.record.rated ? ((await this.ratingsOf(live.game.id, [account.id])).get(account.id) ?? null) : null;
      const taken: SeatRecord = { kind: "human", name: account ? account.name : raw.name, level: null, tokenHash: sha256(token), takeover: false, player: account?.id ?? null, rating };
      // Logged in, the seat is linked to the account in the same write as the seat itself.
      const link = account ? { playerId: account.id, tableId, seat, token, at: this.clock.now() } : undefined;
      await this.fillSeat(live, seat, taken, "a join", () => {
        live.awaySince[seat] = this.clock.now();
      }, { link, ...this.fence(live) });
      return { table: this.info(live), seat, token };
    });
  }

  /** Seats someone (a player or a bot); the last seat starts the match: the seat and the start are one write. */
  private async fillSeat(live: Live, seat: number, filled: SeatRecord, what: string, onFilled: () => void = () => {}, also: TableWrite = {}): Promise<void> {
    const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i): SeatRecord => (i === seat ? filled : s)) };
    let state: unknown = null;
    if (record.seats.every((s) => s.kind !== "open")) {
      state = live.game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
      record.status = "playing";
      record.deadline = this.deadlineAfter(record, null, live.game.decision(state));
    }
    await this.write(live, what, () => this.storage.saveTable(record, also));
    live.record = record;
    onFilled();
    if (state !== null) this.started(live, state);
    else this.broadcastTable(live);
  }

  // ------------------------------------------------------------ the creator's controls

  /** The table in memory; with several processes, read from storage if another process created it (its owner). */
  private async creatorsLive(tableId: string): Promise<Live | undefined> {
    if (!this.coordinator) return this.tables.get(tableId);
    const live = await this.load(tableId);
    // Cancelled or over: refused below with the right code, and not kept if nobody watches.
    this.evictIfDone(live);
    return live;
  }

  /** Whether `account` created the table (logged in); false for an unknown table. */
  async createdBy(tableId: string, account: Account): Promise<boolean> {
    const record = this.tables.get(tableId)?.record ?? (await this.readTable(tableId).catch(() => null));
    return record !== null && record.creatorPlayer === account.id;
  }

  /** The table in memory, checked to be open and asked by its creator (`creatorToken`, or the creator's account). */
  private async creatorsOpenTable(tableId: string, creatorToken: string | null, account: Account | null = null): Promise<Live> {
    const live = this.tables.get(tableId);
    if (!live) {
      const stored = await this.readTable(tableId);
      if (stored.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      throw new HubError("already-started", "the match has already started");
    }
    await this.reconcile(live);
    if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
    const hash = live.record.meta.creatorHash;
    const byToken = creatorToken !== null && hash !== null && hash === sha256(creatorToken);
    const byAccount = account !== null && (live.record.creatorPlayer ?? null) === account.id;
    if (!byToken && !byAccount) throw new HubError("not-creator", "only the table's creator may do that");
    if (live.record.status !== "open") throw new HubError("already-started", "the match has already started");
    return live;
  }

  /** The creator cancels a table still waiting for players: it leaves the lobby, joins are refused. */
  async cancel(tableId: string, creatorToken: string | null, account: Account | null = null): Promise<TableInfo> {
    const live = await this.creatorsLive(tableId);
    if (live && !live.owned && live.record.status === "open") return this.forward<TableInfo>({ kind: "cancel", table: tableId, creatorToken, account });
    if (!live) return this.creatorsOpenTable(tableId, creatorToken, account).then((l) => this.info(l));
    return this.serialize(live, async () => {
      await this.creatorsOpenTable(tableId, creatorToken, account);
      const record: TableRecord = { ...live.record, status: "cancelled" };
      await this.write(live, "cancelling a table", () => this.storage.saveTable(record));
      live.record = record;
      this.log(`table ${record.id}: cancelled by its creator`);
      this.broadcastTable(live);
      const info = this.info(live);
      this.evictIfDone(live);
      return info;
    });
  }

  /** The creator fills an open seat with a bot of `level`; the match starts once every seat is filled. */
  async seatBot(tableId: string, seat: number, creatorToken: string | null, level: BotLevel, account: Account | null = null): Promise<TableInfo> {
    const live = await this.creatorsLive(tableId);
    if (live && !live.owned && live.record.status === "open") return this.forward<TableInfo>({ kind: "seat-bot", table: tableId, seat, creatorToken, level, account });
    if (!live) return this.creatorsOpenTable(tableId, creatorToken, account).then((l) => this.info(l));
    return this.serialize(live, async () => {
      await this.creatorsOpenTable(tableId, creatorToken, account);
      const seats = live.record.seats;
      if (!Number.isInteger(seat) || seat < 0 || seat >= seats.length) throw new HubError("bad-seats", `this table has ${seats.length} seats`, { min: 1, max: seats.length });
      if (seats[seat]!.kind !== "open") throw new HubError("seat-taken", `seat ${seat} is taken`);
      // A name no other seat has (bots are told apart by name).
      const taken = new Set(seats.map((s) => s.name));
      const name = botNames(seats.length + 8, randomBytes(1)[0]!).find((n) => !taken.has(n))!;
      // At a rated table the bot is rated as its level, like the bots chosen at creation.
      const rating = live.record.rated ? ((await this.ratingsOf(live.game.id, [botKey(level)])).get(botKey(level)) ?? null) : null;
      await this.fillSeat(live, seat, { kind: "bot", name, level, tokenHash: null, takeover: false, rating }, "a seat given to a bot");
      this.log(`table ${live.record.id}: seat ${seat} given to a bot (${level}) by the creator`);
      return this.info(live);
    });
  }

  // ------------------------------------------------------------ resigning, rematch

  /**
   * A seat resigns (see the engine's `outcomeWithResignations`): when one seat is left it wins at
   * once; otherwise a bot of the table's level plays the resigned seat out, and it cannot win.
   */
  resign(tableId: string, seat: number): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    if (!live.owned && this.coordinator) return this.forwardChange<number>(live, { kind: "resign", table: tableId, seat });
    return this.serialize(live, async () => {
      await this.reconcile(live);
      this.refuseUnlessPlaying(live);
      if (isResigned(live.record, seat)) throw new HubError("already-resigned", "this seat has already resigned");
      const resigned = [...live.record.meta.resigned, { seat, version: live.version }];
      const record: TableRecord = {
        ...live.record,
        seats: live.record.seats.map((s, i) => (i === seat ? { ...s, level: tableLevel(live.record) } : s)),
        meta: { ...live.record.meta, resigned },
      };
      const over = endedByResignation(record.seats.length, resigned);
      if (over) Object.assign(record, this.endOf(record, live.game, live.state, live.history.map((h) => h.events)));
      // Ended by resigning, a rated match updates ratings in the same write, as any end does.
      const result = over ? matchResultOf(record, record.outcome!, this.clock.now()) : null;
      await this.write(live, "a resignation", () => this.storage.saveTable(record, { result }));
      live.record = record;
      this.log(`table ${record.id}: seat ${seat} resigned${over ? ", the match is over" : ", a bot plays it out"}`);
      if (over) this.ended(live);
      else {
        this.broadcastTable(live);
        this.schedule(live);
      }
      return live.version;
    });
  }

  private refuseUnlessPlaying(live: Live): void {
    switch (live.record.status) {
      case "open":
        throw new HubError("not-started", "the match has not started");
      case "over":
        throw new HubError("game-over", "the game is over");
      case "cancelled":
        throw new HubError("table-cancelled", "the creator cancelled this table");
      case "playing":
        return;
    }
  }

  /**
   * A seat accepts a rematch of a finished match. Once every human seat has (bots always do), the
   * new table is made: same game, options, seats (a seat's token holds the same seat there), clock,
   * a new seed; it is linked from this one, in one write, and everyone watching is sent to it.
   * Resolves to the new table's id, or null while others have still to accept.
   */
  rematch(tableId: string, seat: number): Promise<string | null> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("unknown-table", `no table "${tableId}" in play`));
    if (!live.owned && this.coordinator) return this.forwardChange<string | null>(live, { kind: "rematch", table: tableId, seat });
    return this.serialize(live, async () => {
      await this.reconcile(live);
      const { record, game } = live;
      if (record.status === "cancelled") throw new HubError("rematch-closed", "this table was cancelled");
      if (record.status !== "over") throw new HubError("not-finished", "a rematch is offered once the match is over");
      if (record.meta.rematchNext !== null) return record.meta.rematchNext;
      const accepted = [...new Set([...record.meta.rematchAccepted, seat])].sort((a, b) => a - b);
      const humans = record.seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));
      if (!humans.every((h) => accepted.includes(h))) {
        const waiting: TableRecord = { ...record, meta: { ...record.meta, rematchAccepted: accepted } };
        await this.write(live, "a rematch acceptance", () => this.storage.saveTable(waiting));
        live.record = waiting;
        this.broadcastTable(live);
        return null;
      }
      const seed = randomBytes(16).toString("hex");
      const id = randomBytes(9).toString("base64url");
      // The accounts keep their seats: linked to the new table with the same tokens, in the same write.
      let held: SeatLink[];
      try {
        held = await this.storage.tableLinks(record.id);
      } catch (error) {
        this.log(`table ${record.id}: storage: reading its seat links failed: ${(error as Error).message}`);
        throw new HubError("unavailable", "storage is unavailable, try again");
      }
      const links = held.map((l) => ({ ...l, tableId: id, at: this.clock.now() }));
      // Ratings as they are now (the last match changed them), for a rated table.
      const keyOf = (s: SeatRecord) => (s.kind === "human" ? (s.player ?? null) : s.kind === "bot" && s.level ? botKey(s.level) : null);
      const keys = record.seats.flatMap((s) => keyOf(s) ?? []);
      const ratings = record.rated ? await this.ratingsOf(game.id, keys) : new Map<string, number>();
      const next: TableRecord = {
        ...record,
        id,
        seats: record.seats.map((s) => {
          const key = keyOf(s);
          const rating = key !== null && ratings.has(key) ? { rating: ratings.get(key)! } : {};
          return { ...s, level: s.kind === "bot" ? s.level : null, takeover: false, ...rating };
        }),
        status: "playing",
        seed,
        seedHash: sha256(seed),
        outcome: null,
        createdAt: this.clock.now(),
        deadline: null,
        eventsHash: null,
        meta: {
          ...record.meta,
          banks: record.meta.bankSeconds === null ? null : record.seats.map(() => record.meta.bankSeconds! * 1000),
          resigned: [],
          rematchAccepted: [],
          rematchNext: null,
          rematchOf: record.id,
        },
      };
      const state = game.setup({ seats: next.seats.length, options: next.options, seed: next.seed });
      next.deadline = this.deadlineAfter(next, null, game.decision(state));
      const linked: TableRecord = { ...record, meta: { ...record.meta, rematchAccepted: accepted, rematchNext: next.id } };
      await this.write(live, "a rematch", () => this.storage.saveTables([next, linked], links));
      live.record = linked;
      const nextLive = this.makeLive(next, game, live.owner);
      nextLive.chat = [];
      nextLive.awaySince = next.seats.map((s) => (s.kind === "human" ? this.clock.now() : null));
      this.tables.set(next.id, nextLive);
      // Several processes: the new table is this process's, as a created one (else the next sweep takes it).
      if (this.coordinator) nextLive.owned = await this.coordinator.claim(next.id).catch(() => false);
      this.log(`table ${record.id}: rematch ${next.id}`);
      this.started(nextLive, state);
      this.broadcastTable(live);
      const message: ServerOut = { type: "rematch", tableId: next.id };
      for (const sub of live.subscribers) sub.send(message);
      return next.id;
    });
  }

  // ------------------------------------------------------------ chat

  /** Loads the table's latest chat messages once. */
  private ensureChat(live: Live): Promise<void> {
    if (live.chat !== null) return Promise.resolve();
    live.chatLoading ??= this.storage.loadChat(live.record.id, CHAT_KEPT).then(
      (messages) => {
        live.chat = messages;
        live.chatNext = (messages.at(-1)?.id ?? 0) + 1;
      },
      (error: Error) => {
        live.chatLoading = null;
        this.log(`table ${live.record.id}: storage: reading the chat failed: ${error.message}`);
        throw new HubError("unavailable", "storage is unavailable, try again");
      },
    );
    return live.chatLoading;
  }

  /**
   * Who may read a channel: everyone reads the players'; players read the spectators' only if the
   * table says so. A player is a seat's connection, or a spectator's whose account holds a seat here.
   */
  private canRead(live: Live, sub: Subscriber, channel: ChatMessage["channel"]): boolean {
    if (channel === "players" || live.record.meta.spectatorChat) return true;
    const seatedAccount = typeof sub.account === "string" && live.record.seats.some((s) => s.player === sub.account);
    return sub.viewer === "spectator" && !seatedAccount;
  }

  /** The latest messages `sub` may read, oldest first. */
  private chatFor(live: Live, sub: Subscriber): ChatMessage[] {
    return (live.chat ?? []).filter((m) => this.canRead(live, sub, m.channel)).slice(-CHAT_HISTORY);
  }

  /**
   * A chat message from a connection: a seat writes in the players' channel, a spectator in the
   * spectators'. Checked (length, characters, rate), stored, then sent to whoever may read it.
   */
  async chat(tableId: string, sub: Subscriber, raw: { text: string; name?: string | undefined }): Promise<number> {
    const live = this.live(tableId);
    if (!live.subscribers.has(sub)) throw new HubError("not-authorized", "say hello first");
    const text = parseChatText(raw.text);
    if (!text.ok) throw new HubError(text.error.code, text.error.message, text.error.params);
    let name: string | null = null;
    if (typeof sub.viewer === "number") name = live.record.seats[sub.viewer]!.name;
    else if (raw.name !== undefined && raw.name.trim() !== "") {
      const parsed = parseDisplayName(raw.name);
      if (!parsed.ok) throw new HubError(parsed.error.code, parsed.error.message, parsed.error.params);
      name = parsed.value;
      // A spectator signs with an account's name only when logged in as that account, as at a join.
      const holder = await this.storage.playerByNameKey(nameKey(name)).catch((error: Error) => {
        this.log(`table ${tableId}: storage: reading a player failed: ${error.message}`);
        throw new HubError("unavailable", "storage is unavailable, try again");
      });
      if (holder && holder.id !== sub.account) throw new HubError("account-name", `"${name.slice(0, 40)}" is an account's name: log in as it, or choose another name`);
    }
    // A spectator's rate goes with its address: reconnecting does not refill it.
    const key: unknown = typeof sub.viewer === "number" ? `seat:${sub.viewer}` : sub.address !== undefined ? `address:${sub.address}` : sub;
    let bucket = live.chatBuckets.get(key);
    if (!bucket) live.chatBuckets.set(key, (bucket = new TokenBucket(1000 / CHAT_EVERY_MS, CHAT_BURST, this.clock.now())));
    const wait = bucket.take(this.clock.now());
    if (wait > 0) throw new HubError("chat-too-fast", `at most ${CHAT_BURST} chat messages at once, then one every ${CHAT_EVERY_MS / 1000} s`, { retryAfterMs: wait });
    const draft: ChatDraft = {
      channel: sub.viewer === "spectator" ? "spectators" : "players",
      seat: typeof sub.viewer === "number" ? sub.viewer : null,
      name,
      text: text.value,
    };
    // Several processes: the owner numbers and stores it, and every process sends it to its own clients.
    if (!live.owned && this.coordinator) return this.forwardChange<number>(live, { kind: "chat", table: tableId, draft });
    return this.postChat(live, draft);
  }

  /** Numbers, stores and sends a checked chat message (on the table's owner). */
  private postChat(live: Live, draft: ChatDraft): Promise<number> {
    return this.serialize(live, async () => {
      await this.ensureChat(live);
      const message: ChatRecord = { id: live.chatNext, ...draft, at: this.clock.now() };
      await this.write(null, "a chat message", () => this.storage.appendChat(live.record.id, message)).catch((error: unknown) => {
        // Its id may be taken (a message this process missed): the next one reads the chat again first.
        live.chat = null;
        live.chatLoading = null;
        throw error;
      });
      this.coordinator?.chatted(live.record.id, message);
      this.keepChat(live, message);
      return message.id;
    });
  }

  /** A stored chat message: kept in memory and sent to this process's clients who may read it. */
  private keepChat(live: Live, message: ChatRecord): void {
    // Not loaded yet: the load reads it from storage with the rest.
    if (live.chat !== null && message.id >= live.chatNext) {
      live.chatNext = message.id + 1;
      live.chat.push(message);
      if (live.chat.length > CHAT_KEPT) live.chat.splice(0, live.chat.length - CHAT_KEPT);
    }
    const out: ServerOut = { type: "chat", message };
    for (const s of live.subscribers) if (this.canRead(live, s, message.channel)) s.send(out);
  }

  /** A chat message the owner stored, on a process that follows the table. */
  followChat(tableId: string, message: ChatRecord): void {
    const live = this.tables.get(tableId);
    if (live && !live.owned) this.keepChat(live, message);
  }

  // ------------------------------------------------------------ your tables

  /**
   * The tables of the seats a client proves it holds (seat tokens; an account's seats can be added
   * here): those waiting for its decision first, soonest deadline first; then the others, newest first.
   * Unknown tables and tokens that hold no seat are left out.
   */
  async myTables(held: readonly { tableId: string; token: string }[]): Promise<MyTable[]> {
    const found: MyTable[] = [];
    for (const { tableId, token } of held) {
      const live = this.tables.get(tableId);
      let record: TableRecord | null = live?.record ?? null;
      if (!record) {
        try {
          record = await this.storage.getTable(tableId);
        } catch (error) {
          this.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
          throw new HubError("unavailable", "storage is unavailable, try again");
        }
      }
      const game = record ? this.findGame(record.game) : undefined;
      if (!record || !game) continue;
      const hash = sha256(token);
      const seat = record.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) continue;
      const waiting = record.status !== "playing" ? [] : live !== undefined && live.state !== null ? waitingSeats(game.decision(live.state)) : await this.waitingElsewhere(tableId);
      const yourTurn = waiting.includes(seat) && !isResigned(record, seat);
      found.push({ table: this.infoOf(record, game, live?.subscribers ?? new Set()), seat, yourTurn, deadline: yourTurn ? seatDeadline(record, seat) : null });
    }
    const rank = (t: MyTable) => (t.yourTurn ? 0 : t.table.status === "playing" ? 1 : t.table.status === "open" ? 2 : 3);
    return found.sort((a, b) => rank(a) - rank(b) || (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || b.table.createdAt - a.table.createdAt);
  }

  /**
   * The seats a playing table not in this process's memory waits for: asked of its owner (several
   * processes); none when nobody answers (the owner died and its lease has not run out yet).
   */
  private async waitingElsewhere(tableId: string): Promise<number[]> {
    if (!this.coordinator) return [];
    try {
      return (await this.forward<number[]>({ kind: "waiting", table: tableId })) ?? [];
    } catch (error) {
      this.log(`table ${tableId}: whose turn it is went unanswered: ${(error as Error).message}`);
      return [];
    }
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
    // Several processes: the table's channel is listened to before its log is read (a gap is read from the log).
    await this.coordinator?.watch(id);
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
        // The chat history comes with the table (its failure is retried on the next arrival).
        await this.ensureChat(live).catch(() => {});
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
        void this.serialize(loaded, () => this.reconcile(loaded)).catch(() => {});
      }
    }
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
    // Read when the table was loaded; if that read failed, try again for the next arrivals.
    if (live.chat === null) this.ensureChat(live).catch(() => {});
    // Back from an absence: the bot stops before the welcome, which then says so.
    if (typeof viewer === "number" && live.owned) this.endAbsence(live, viewer);
    const sub = subscriber(viewer);
    live.subscribers.add(sub);
    sub.send({ type: "welcome", table: this.info(live), you: viewer });
    sub.send({ type: "chat-history", messages: this.chatFor(live, sub) });
    if (live.state !== null) {
      if (since !== undefined && since <= live.version && live.version - since <= MAX_CATCH_UP) {
        for (let v = since + 1; v <= live.version; v++) sub.send(this.update(live, v, sub.viewer));
        if (since === live.version) sub.send(this.sync(live, viewer));
      } else {
        // A reload, a spectator or a late arrival: the whole log as this viewer may see it, then the picture.
        sub.send(this.logMessage(live, viewer));
        sub.send(this.sync(live, viewer));
      }
      if (live.record.status === "over") sub.send(this.overMessage(live));
    }
    if (typeof viewer === "number") this.seatBack(live, viewer);
    return sub;
  }

  /**
   * A seat connected (here, or on another process): its grace period ends and an absence's bot
   * stops (a seat handed over by its clock stays so until `reclaim`).
   */
  private seatBack(live: Live, viewer: number): void {
    if (!live.owned) {
      this.coordinator?.presence(live.record.id, this.localSeats(live));
      return;
    }
    this.endAbsence(live, viewer);
    this.broadcastTable(live);
    if (live.record.status === "playing") this.schedule(live);
  }

  /**
   * On the owner, a seat is connected: it is no longer away, and a bot standing in for its absence
   * stops. A seat handed over by its clock stays so until `reclaim` (or its player's own act).
   */
  private endAbsence(live: Live, viewer: number): void {
    live.awaySince[viewer] = null;
    const seat = live.record.seats[viewer]!;
    if (!seat.takeover || seat.takeoverReason === "clock" || live.record.status !== "playing") return;
    // The bot stops at once; the flag's write is best effort (after a restart everyone is away anyway).
    const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === viewer ? withoutTakeover(s) : s)) };
    live.record = record;
    this.storage.saveTable(record).catch((error: Error) => this.log(`table ${record.id}: storage: clearing a takeover failed: ${error.message}`));
    this.log(`table ${record.id}: seat ${viewer} is back, the bot stops playing for it`);
  }

  detach(tableId: string, sub: Subscriber): void {
    const live = this.tables.get(tableId);
    if (!live) return;
    live.subscribers.delete(sub);
    live.chatBuckets.delete(sub);
    if (typeof sub.viewer === "number" && ![...live.subscribers].some((s) => s.viewer === sub.viewer)) {
      if (!live.owned) this.coordinator?.presence(tableId, this.localSeats(live));
      else if (!this.connectedElsewhere(live, sub.viewer)) {
        live.awaySince[sub.viewer] = this.clock.now();
        this.broadcastTable(live);
        if (live.record.status === "playing") this.schedule(live);
      } else this.broadcastTable(live);
    }
    this.evictIfDone(live);
  }

  // ------------------------------------------------------------ several processes (cluster.ts)

  /** Several processes: a row write is refused if another owner changed the row meanwhile. */
  private fence(live: Live): { expected?: TableRecord } {
    return this.coordinator ? { expected: live.record } : {};
  }

  private localSeats(live: Live): number[] {
    return [...new Set([...live.subscribers].flatMap((s) => (typeof s.viewer === "number" ? [s.viewer] : [])))].sort((a, b) => a - b);
  }

  private connectedElsewhere(live: Live, seat: number): boolean {
    for (const seats of live.elsewhere.values()) if (seats.has(seat)) return true;
    return false;
  }

  /** Seats connected to any process, as this process knows. */
  private present(live: Live): number[] {
    return live.record.seats.flatMap((_, seat) => ([...live.subscribers].some((s) => s.viewer === seat) || this.connectedElsewhere(live, seat) ? [seat] : []));
  }

  /** A change for the table's owner (several processes only). */
  private forward<T>(call: OwnerCall): Promise<T> {
    return this.coordinator!.forward(call) as Promise<T>;
  }

  /**
   * A change forwarded to the owner, answered once this process has sent its clients what the
   * owner published for it: the owner publishes before it answers, Redis keeps their order, and
   * the published change is queued on this table before the answer arrives.
   */
  private async forwardChange<T>(live: Live, call: OwnerCall): Promise<T> {
    const answer = await this.forward<T>(call);
    await this.serialize(live, async () => {});
    return answer;
  }

  /** Runs a change another process forwarded; this process owns the table (cluster.ts checked). */
  async perform(call: OwnerCall): Promise<unknown> {
    switch (call.kind) {
      case "act":
        return this.act(call.table, call.seat, call.action);
      case "join":
        return this.join(call.table, call.raw, call.account);
      case "resign":
        return this.resign(call.table, call.seat);
      case "reclaim":
        return this.reclaim(call.table, call.seat);
      case "rematch":
        return this.rematch(call.table, call.seat);
      case "cancel":
        return this.cancel(call.table, call.creatorToken, call.account ?? null);
      case "seat-bot":
        return this.seatBot(call.table, call.seat, call.creatorToken, call.level, call.account ?? null);
      case "chat":
        return this.postChat(this.live(call.table), call.draft);
      case "waiting": {
        const live = this.live(call.table);
        return live.state === null || live.record.status !== "playing" ? [] : waitingSeats(live.game.decision(live.state));
      }
    }
  }

  /** Tells the owner which seats are connected here (a new owner knows nobody). */
  sendPresence(tableId: string): void {
    const live = this.tables.get(tableId);
    if (live && !live.owned) this.coordinator?.presence(tableId, this.localSeats(live));
  }

  /** The table is in memory here (owned or followed). */
  holds(tableId: string): boolean {
    return this.tables.has(tableId);
  }

  owns(tableId: string): boolean {
    return this.tables.get(tableId)?.owned === true;
  }

  /** A client of this process is at the table. */
  watched(tableId: string): boolean {
    return (this.tables.get(tableId)?.subscribers.size ?? 0) > 0;
  }

  /** A followed table no client here watches leaves memory: its channel is no longer listened to, so its copy would go stale. */
  forget(tableId: string): void {
    const live = this.tables.get(tableId);
    if (!live || live.owned || live.subscribers.size > 0) return;
    if (live.retry !== null) clearTimeout(live.retry);
    live.retry = null;
    this.clearTimers(live);
    this.tables.delete(tableId);
  }

  /** Tables owned here (their leases to renew). */
  ownedTables(): string[] {
    return [...this.tables.values()].filter((l) => l.owned).map((l) => l.record.id);
  }

  /**
   * This process took the table's lease: storage is the truth, so memory catches up with the log
   * first; then bots and clocks run here. Everyone is away until their process says otherwise.
   */
  async own(tableId: string): Promise<void> {
    const live = await this.load(tableId);
    if (live.owned) return;
    await this.serialize(live, async () => {
      if (live.owned || this.closed) return;
      live.owned = true;
      live.stale = true;
      live.elsewhere = new Map();
      // The chat as stored (a message published while this process followed may have been missed):
      // the next one is numbered after the last stored. If storage does not answer, the followed copy stays.
      await this.storage.loadChat(tableId, CHAT_KEPT).then(
        (messages) => {
          live.chat = messages;
          live.chatNext = (messages.at(-1)?.id ?? 0) + 1;
        },
        (error: Error) => this.log(`table ${tableId}: storage: reading the chat failed: ${error.message}`),
      );
      const local = this.localSeats(live);
      live.awaySince = live.record.seats.map((s, i) => (s.kind === "human" && !local.includes(i) ? this.clock.now() : null));
      this.log(`table ${tableId}: owned by this process from version ${live.version}`);
      await this.resume(live);
      this.evictIfDone(live);
    });
  }

  /** The lease is lost: bots and clocks stop here, memory catches up with storage and follows the new owner. */
  disown(tableId: string): void {
    const live = this.tables.get(tableId);
    if (live?.owned) this.disownLive(live);
  }

  private disownLive(live: Live): void {
    live.owned = false;
    live.stale = true;
    live.elsewhere = new Map();
    this.clearTimers(live);
    if (live.retry !== null) clearTimeout(live.retry);
    live.retry = null;
    this.coordinator?.released(live.record.id);
    void this.serialize(live, async () => {
      if (live.owned) return;
      await this.reconcile(live).catch(() => {});
      this.evictIfDone(live);
    });
  }

  /** Another process's seats at a table owned here. */
  remotePresence(tableId: string, node: string, seats: readonly number[]): void {
    const live = this.tables.get(tableId);
    if (!live?.owned) return;
    const was = live.record.seats.map((_, i) => this.connectedElsewhere(live, i));
    live.elsewhere.set(node, new Set(seats));
    let changed = false;
    live.record.seats.forEach((s, seat) => {
      if (s.kind !== "human") return;
      const now = this.connectedElsewhere(live, seat);
      if (now === was[seat]) return;
      changed = true;
      if (now) this.seatBack(live, seat);
      else if (![...live.subscribers].some((sub) => sub.viewer === seat)) {
        live.awaySince[seat] = this.clock.now();
        if (live.record.status === "playing") this.schedule(live);
      }
    });
    if (changed) this.broadcastTable(live);
  }

  /** Messages may have been lost (Redis reconnected): every followed table catches up from the log. */
  refollow(): void {
    for (const id of this.tables.keys()) this.refollowTable(id);
  }

  /**
   * A followed table catches up from the log: after lost messages, or when a new owner took it up
   * (its last owner may have died between logging an action and publishing it).
   */
  refollowTable(tableId: string): void {
    const live = this.tables.get(tableId);
    if (!live || live.owned || live.record.status === "over") return;
    live.stale = true;
    void this.serialize(live, () => this.reconcile(live)).catch(() => {});
  }

  /** The other processes with seats connected at tables owned here. */
  remoteNodes(): string[] {
    const nodes = new Set<string>();
    for (const live of this.tables.values()) if (live.owned) for (const node of live.elsewhere.keys()) nodes.add(node);
    return [...nodes];
  }

  /** A process is gone: its seats are no longer connected (their grace periods start). */
  forgetNode(node: string): void {
    for (const live of this.tables.values()) {
      if (!live.owned || !live.elsewhere.has(node)) continue;
      this.remotePresence(live.record.id, node, []);
      live.elsewhere.delete(node);
    }
  }

  /**
   * A change the owner published, on a process that follows the table: memory follows it and its
   * clients get it. A gap (a message missed) is filled from storage.
   */
  async follow(tableId: string, record: TableRecord, entry: LoggedAction | null, present: readonly number[]): Promise<void> {
    const live = this.tables.get(tableId);
    if (!live || live.owned) return;
    await this.serialize(live, async () => {
      if (live.owned) return;
      live.elsewhere = new Map([["", new Set(present)]]);
      if (live.stale || (entry !== null && entry.version > live.version + 1)) {
        live.stale = true;
        await this.reconcile(live);
        this.broadcastTable(live);
        return;
      }
      const before = live.record;
      const wasOpen = before.status === "open";
      const wasOver = before.status === "over";
      const started = wasOpen && record.status !== "open" && record.status !== "cancelled";
      live.record = record;
      if (started) {
        live.state = live.game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
        this.announceStart(live);
      }
      if (entry !== null && entry.version === live.version + 1) {
        this.replay(live, entry);
        this.fanOut(live, (viewer) => this.update(live, entry.version, viewer));
      }
      if (record.status === "over" && !wasOver) this.ended(live);
      else if (!started) this.broadcastTable(live);
      // A seat taken back from the bot: a new deadline, sent with the picture (as the owner does).
      if (entry === null && !started && record.status === "playing" && record.deadline !== before.deadline) this.fanOut(live, (viewer) => this.sync(live, viewer));
      // Everyone accepted a rematch: this process's clients are sent to the new table too.
      if (record.meta.rematchNext !== null && before.meta.rematchNext === null) {
        const message: ServerOut = { type: "rematch", tableId: record.meta.rematchNext };
        for (const sub of live.subscribers) sub.send(message);
      }
      // Cancelled by its creator: kept only while someone watches.
      this.evictIfDone(live);
    });
  }

  /** Resolves once this process's copy of the table has reached `version` (the ack of a forwarded act comes after its update). */
  async caughtUp(tableId: string, version: number, ms = 3000): Promise<void> {
    const live = this.tables.get(tableId);
    if (!live || live.version >= version) return;
    const reached = new Promise<void>((resolve) => live.waiters.push({ version, resolve }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
    if ((await Promise.race([reached, late])) === "late") {
      // The owner's message was lost: read the log.
      live.stale = true;
      await this.serialize(live, () => this.reconcile(live)).catch(() => {});
    }
    clearTimeout(timer);
  }

  /** A finished match nobody watches leaves memory (storage has it all). */
  private evictIfDone(live: Live): void {
    if ((live.record.status !== "over" && live.record.status !== "cancelled") || live.subscribers.size > 0) return;
    this.clearTimers(live);
    if (live.retry !== null) clearTimeout(live.retry);
    live.retry = null;
    if (this.tables.get(live.record.id) !== live) return;
    this.tables.delete(live.record.id);
    // Several processes: a finished table stays its owner's while watched here (its chat, its
    // rematch); then the next process that needs it takes its lease.
    if (live.owned) this.coordinator?.released(live.record.id);
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
    if (!live.owned && this.coordinator) {
      if (live.record.status === "over") return Promise.reject(new HubError("game-over", "the game is over"));
      // Its update first, then its ack (as on the owner).
      return this.forward<number>({ kind: "act", table: tableId, seat, action: raw }).then(async (version) => {
        await this.caughtUp(tableId, version);
        return version;
      });
    }
    return this.serialize(live, () => {
      if (!live.owned) throw new HubError("unavailable", "this table moved to another process, try again", { retryAfterMs: 500 });
      return this.submit(live, seat, raw, "player", null);
    });
  }

  /**
   * The seat's player takes its seat back from the bot standing in for it: the flag is cleared (one
   * write), everyone is told, and the clock gives the seat a full turn if it is its decision now.
   */
  reclaim(tableId: string, seat: number): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    if (!live.owned && this.coordinator) return this.forwardChange<number>(live, { kind: "reclaim", table: tableId, seat });
    return this.serialize(live, async () => {
      await this.reconcile(live);
      if (live.record.status !== "playing") throw new HubError(live.record.status === "open" ? "not-started" : "game-over", "the match is not being played");
      if (!live.record.seats[seat]?.takeover) return live.version;
      const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === seat ? withoutTakeover(s) : s)) };
      const waiting = waitingSeats(live.game.decision(live.state));
      if (record.turnSeconds !== null && waiting.includes(seat)) record.deadline = Math.max(record.deadline ?? 0, this.clock.now() + record.turnSeconds * 1000);
      await this.write(live, "taking a seat back", () => this.storage.saveTable(record));
      live.record = record;
      live.awaySince[seat] = null;
      this.log(`table ${record.id}: seat ${seat} takes its seat back from the bot`);
      this.broadcastTable(live);
      // The new deadline reaches every viewer with the picture.
      this.fanOut(live, (viewer) => this.sync(live, viewer));
      this.schedule(live);
      return live.version;
    });
  }

  /**
   * Validates through the engine, then writes the action (with the row it changes: the clock, the
   * end) in one transaction, and only then applies it in memory and sends it.
   */
  private async submit(live: Live, seat: number, raw: unknown, by: ActorKind, expectedVersion: number | null): Promise<number> {
    await this.reconcile(live);
    const { game } = live;
    this.refuseUnlessPlaying(live);
    if (by === "player" && isResigned(live.record, seat)) throw new HubError("already-resigned", "this seat has resigned: a bot plays it out");
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
    // Resigned seats the game's rules take out, once they have nothing to decide (Game.resign).
    const removal = removeResigned(game, state, live.record.meta.resigned, version);
    events.push(...removal.events);
    const after: Decision = game.decision(state);
    const record: TableRecord = { ...live.record, deadline: this.deadlineAfter(live.record, decision, after) };
    if (removal.events.length > 0) record.meta = { ...record.meta, resigned: removal.resigned };
    const banks = this.banksAfter(live.record, seat);
    if (banks !== live.record.meta.banks) record.meta = { ...record.meta, banks };
    // A clock that runs out hands the seat to a bot until its player takes it back (`reclaim`).
    const handedOver = by === "clock" && !live.record.seats[seat]!.takeover;
    if (handedOver) record.seats = record.seats.map((s, i) => (i === seat ? { ...s, takeover: true, takeoverReason: "clock" } : s));
    // A player who acts on their own seat is back: the bot standing in stops, in the same write.
    const back = by === "player" && live.record.seats[seat]!.takeover;
    if (back) record.seats = record.seats.map((s, i) => (i === seat ? withoutTakeover(s) : s));
    const over = after.type === "over";
    if (over) Object.assign(record, this.endOf(record, game, state, [...live.history.map((h) => h.events), events]));
    const rowChanged = over || handedOver || back || record.deadline !== live.record.deadline || record.meta !== live.record.meta;
    // The log first: once appended, the action survives any crash. A rated end updates ratings in the same write.
    const entry = { version, seat, action: raw, by, at: this.clock.now() };
    const result = over ? matchResultOf(record, record.outcome!, entry.at) : null;
    await this.write(live, "appending an action", () => this.storage.appendAction(live.record.id, entry, rowChanged ? record : undefined, result));
    live.state = state;
    live.record = record;
    live.version = version;
    live.history.push({ seat, by, events });
    this.coordinator?.published(record, entry, this.present(live));
    if (by === "clock" || by === "absent") this.log(`table ${live.record.id}: v${version}: a bot played for seat ${seat} (${by === "clock" ? "clock ran out" : "away past the grace period"})`);
    if (handedOver || back) this.broadcastTable(live);
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
    if (this.closed || !live.owned || live.record.status !== "playing") return;
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
      // A resigned seat is played out by a bot of the table's level.
      if (rec.kind === "bot" || isResigned(live.record, seat) || rec.takeover) {
        const asBot = rec.kind === "bot" || isResigned(live.record, seat);
        this.askBot(live, seat, version, asBot ? "bot" : (rec.takeoverReason ?? "absent"), !asBot);
        continue;
      }
      if (deadline !== null) {
        const due = seatDeadline(live.record, seat)!;
        live.timers.push(this.clock.setTimeout(() => this.askBot(live, seat, version, "clock"), Math.max(0, due - now)));
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
      if (this.closed || !live.owned || live.awaySince[seat] === null || live.version !== version || live.record.status !== "playing") return;
      const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === seat ? { ...s, takeover: true, takeoverReason: "absent" } : s)) };
      try {
        await this.write(live, "a bot take-over", () => this.storage.saveTable(record, this.fence(live)));
      } catch {
        this.retryLater(live);
        return;
      }
      live.record = record;
      this.broadcastTable(live);
      this.schedule(live);
    });
  }

  /** `standIn`: a bot playing for a taken-over human seat (dropped if the player takes it back meanwhile). */
  private askBot(live: Live, seat: number, version: number, by: ActorKind, standIn = false): void {
    if (live.pendingBots.has(seat) || live.version !== version || this.closed || !live.owned || live.record.status !== "playing") return;
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
        if (this.closed || !live.owned) return;
        // Stale (someone else acted meanwhile, or the player took the seat back): ask again for the current decision.
        if (live.version !== version || (standIn && !live.record.seats[seat]!.takeover)) {
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
    return this.infoOf(live.record, live.game, live.subscribers, live);
  }

  private infoOf(r: TableRecord, game: AnyGame, subscribers: ReadonlySet<Subscriber>, live?: Live): TableInfo {
    const rated = ratingsApply(r);
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
        connected: s.kind === "bot" || [...subscribers].some((sub) => sub.viewer === seat) || (live !== undefined && this.connectedElsewhere(live, seat)),
        botTakeover: s.takeover,
        ...(s.player ? { account: true } : {}),
        ...(rated && typeof s.rating === "number" ? { rating: s.rating } : {}),
        ...(s.takeover ? { takeoverReason: s.takeoverReason ?? "absent" } : {}),
      })),
      turnSeconds: r.turnSeconds,
      graceSeconds: r.graceSeconds,
      seedHash: r.status === "open" ? null : r.seedHash,
      invite: `/?table=${r.id}`,
      createdAt: r.createdAt,
      rated,
      mode: r.meta.mode,
      bankSeconds: r.meta.bankSeconds,
      banks: r.meta.banks,
      resigned: r.meta.resigned.map((x) => x.seat),
      removed: r.meta.resigned.flatMap((x) => (x.removedAt !== undefined && x.removedAt !== null ? [x.seat] : [])),
      rematch: { accepted: r.meta.rematchAccepted, next: r.meta.rematchNext, previous: r.meta.rematchOf },
      spectatorChat: r.meta.spectatorChat,
      hints: hintsAllowed(r),
    };
  }

  private decisionInfo(live: Live): DecisionInfo {
    const d: Decision = live.game.decision(live.state);
    // Ended by resignation: over, whatever the rules would ask next.
    if (live.record.status === "over" || d.type === "over") return { type: "over", seats: [], prompt: null, deadline: null };
    const seats = d.type === "turn" ? [d.seat] : [...d.seats];
    const banked = live.record.meta.banks !== null && live.record.deadline !== null ? { seatDeadlines: seats.map((seat) => ({ seat, deadline: seatDeadline(live.record, seat)! })) } : {};
    return { type: d.type, seats, prompt: d.prompt, deadline: live.record.deadline, ...banked };
  }

  private legalFor(live: Live, viewer: Viewer): LegalAction[] | null {
    if (viewer === "spectator" || live.record.status !== "playing" || isResigned(live.record, viewer)) return [];
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

  /** Every version so far as `viewer` may see it (versions showing it nothing left out). */
  private logMessage(live: Live, viewer: Viewer): ServerOut {
    const entries: LogEntry[] = [];
    live.history.forEach((entry, i) => {
      const events = entry.events.map((e) => live.game.eventFor(e, viewer)).filter((e) => e !== null);
      if (events.length > 0) entries.push({ version: i + 1, actor: entry.seat, by: entry.by, events });
    });
    return { type: "log", version: live.version, entries };
  }

  /** Once over, nothing is secret any more (the seed is revealed): every seat's final view, and the full view. */
  private finalViews(live: Live): FinalViews {
    const { game, state } = live;
    return {
      seats: live.record.seats.map((_, seat) => game.view(state, seat)),
      full: game.fullView ? game.fullView(state) : null,
    };
  }

  private overMessage(live: Live): ServerOut {
    return {
      type: "over",
      version: live.version,
      outcome: live.record.outcome as OutcomeInfo,
      seed: live.record.seed,
      seedHash: live.record.seedHash,
      final: this.finalViews(live),
    };
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
    if (live.owned) this.coordinator?.published(live.record, null, this.present(live));
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
      ...(stored.meta.resigned.length > 0 ? { resigned: stored.meta.resigned } : {}),
    };
  }

  // ------------------------------------------------------------ reviews and hints

  /**
   * The review of `seat`'s decisions in a finished match, from its view: stored once computed; the
   * first request starts it (one decision per job in the bot workers, behind live decisions) and
   * every request until it is stored answers `pending` with the progress.
   */
  async review(tableId: string, seat: number): Promise<ReviewResponse> {
    const stored = await this.readTable(tableId);
    if (stored.status !== "over" || stored.outcome === null) throw new HubError("not-finished", "a review is given once the match is over");
    if (!Number.isInteger(seat) || seat < 0 || seat >= stored.seats.length) {
      throw new HubError("bad-seat", `this table has seats 0 to ${stored.seats.length - 1}`, { max: stored.seats.length - 1 });
    }
    const key = `${tableId}/${seat}`;
    const running = this.reviewing.get(key);
    if (running) return { status: "pending", done: running.done, total: running.total };
    let review: unknown;
    let actions: LoggedAction[];
    try {
      review = await this.storage.getReview(tableId, seat);
      if (review !== null) return { status: "done", review: review as Review };
      actions = await this.storage.loadActions(tableId);
    } catch (error) {
      this.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    // Another request may have started it while storage answered.
    const again = this.reviewing.get(key);
    if (again) return { status: "pending", done: again.done, total: again.total };
    if (this.reviewing.size >= this.maxReviewsRunning) {
      throw new HubError("unavailable", `at most ${this.maxReviewsRunning} reviews are computed at once; try again soon`, { retryAfterMs: 5000 });
    }
    const game = this.findGame(stored.game)!;
    const initial = game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
    const found = recordDecisions(game, initial, actions, seat);
    if (!found.ok) throw new HubError("internal", `the record does not replay: ${found.error}`);
    const review$ = this.bots.review;
    if (!review$) throw new HubError("unavailable", "reviews are not computed by this server");
    const claimed = await this.claimReview(tableId, seat, found.value.length);
    if ("answer" in claimed) return claimed.answer;
    const claim = claimed.claim;
    const local = this.reviewing.get(key);
    if (local) {
      claim?.release();
      return { status: "pending", done: local.done, total: local.total };
    }
    this.log(`table ${tableId}: review of seat ${seat}: ${found.value.length} decisions to compute`);
    const progress = { done: 0, total: found.value.length, finished: Promise.resolve() };
    progress.finished = (async () => {
      try {
        const reviewed = await Promise.all(
          found.value.map((decision) =>
            review$.call(this.bots, { game: game.id, view: decision.view, seat, legal: decision.legal, chosen: decision.chosen, index: decision.index, seed: REVIEW_SEED }).then((r) => {
              progress.done++;
              claim?.progress(progress.done);
              return r;
            }),
          ),
        );
        const done = assembleReview(game, game.reviewer, seat, REVIEW_SEED, reviewed);
        await this.storage.saveReview(tableId, seat, done);
      } catch (error) {
        // Failed (storage, a worker): the next request starts again.
        this.log(`table ${tableId}: review of seat ${seat} failed: ${(error as Error).message}`);
      } finally {
        this.reviewing.delete(key);
        claim?.release();
      }
    })();
    this.reviewing.set(key, progress);
    return { status: "pending", done: 0, total: progress.total };
  }

  /**
   * Several processes: one computes each review. This one does (its claim, null with one process
   * or while Redis cannot be reached), or the answer to give now: another's progress, or the
   * review it stored since storage was read.
   */
  private async claimReview(tableId: string, seat: number, total: number): Promise<{ claim: ReviewClaim | null } | { answer: ReviewResponse }> {
    if (!this.coordinator) return { claim: null };
    let claimed: ReviewClaim | { done: number };
    try {
      claimed = await this.coordinator.claimReview(`${tableId}/${seat}`);
    } catch (error) {
      this.log(`table ${tableId}: review of seat ${seat}: the other processes cannot be asked (${(error as Error).message}); computed here`);
      return { claim: null };
    }
    if ("done" in claimed) return { answer: { status: "pending", done: claimed.done, total } };
    const stored = await this.storage.getReview(tableId, seat).catch(() => null);
    if (stored === null) return { claim: claimed };
    claimed.release();
    return { answer: { status: "done", review: stored as Review } };
  }

  /** Resolves once the review of `seat` being computed (if any) is stored or failed (tests). */
  async reviewSettled(tableId: string, seat: number): Promise<void> {
    await this.reviewing.get(`${tableId}/${seat}`)?.finished;
  }

  /**
   * A hint: the review of the decision `seat` faces now, from its view, no move made. Refused at a
   * rated table (rated.ts), and when the seat has nothing to decide.
   */
  async hint(tableId: string, seat: number): Promise<{ version: number; unit: ReviewUnit; review: ReviewedDecision | null }> {
    const live = this.tables.get(tableId);
    if (!live) {
      await this.readTable(tableId);
      throw new HubError("game-over", "the match is over");
    }
    if (!hintsAllowed(live.record)) throw new HubError("hints-refused", "no hints at a rated table");
    if (live.record.status !== "playing") throw new HubError(live.record.status === "open" ? "not-started" : "game-over", "hints are for a match being played");
    const decision: Decision = live.game.decision(live.state);
    if (!waitingSeats(decision).includes(seat)) throw new HubError("not-your-turn", `seat ${seat} has nothing to decide now`);
    if (!this.bots.review) throw new HubError("unavailable", "hints are not computed by this server");
    const version = live.version;
    const review = await this.bots.review({
      game: live.game.id,
      view: live.game.view(live.state, seat),
      seat,
      legal: live.game.legalActions(live.state, seat),
      chosen: null,
      index: version,
      seed: REVIEW_SEED,
    });
    return { version, unit: live.game.reviewer.unit, review };
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

/** The seat with no bot standing in for it. */
function withoutTakeover(seat: SeatRecord): SeatRecord {
  const { takeoverReason: _, ...rest } = seat;
  return { ...rest, takeover: false };
}

/** SHA-256 of every event of a match, in order (what `grimoire verify` recomputes). */
export function eventsHash(events: readonly (readonly unknown[])[]): string {
  return sha256(JSON.stringify(events));
}

export type { CreateTableRequest };
