// The hub: a registry of live tables and a router. Each live table is one actor
// (tables/TableActor.ts) that owns its match, its queue of changes, its subscribers, clocks, bots
// and chat; the hub finds or loads it (tables/TableDirectory.ts), hands it the call, and a
// finished one nobody watches leaves memory. Owner forwarding is tables/owner.ts. The hub also
// holds, for now, the lobby (create, join, lists, the creator's controls, your tables) and the
// records, reviews and hints of finished matches.
// Several processes (cluster.ts): a table in memory is either owned here (the only process that
// writes, runs bots and clocks) or followed (a replica rebuilt from the same log, kept up to date by
// the owner's published changes); every change asked of a followed table (an act, a join, a chat
// message, resign, reclaim, rematch, the creator's cancel and seat → bot) is forwarded to its owner
// as an `OwnerCall` and run there by `perform`.
import { randomBytes } from "node:crypto";
import { assembleReview, botNames, recordDecisions, waitingSeats, type AnyGame, type Decision, type Review, type ReviewedDecision, type ReviewUnit } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import type { BotLevel, CreateTableRequest, MatchRecord, MyTable, ReviewResponse, TableInfo, WireViewer } from "./protocol.ts";
import { createTableSchema } from "./protocol.ts";
import { hintsAllowed } from "./rated.ts";
import { botKey } from "./ratings.ts";
import { DEFAULT_META, type ChatRecord, type LoggedAction, type SeatRecord, type Storage, type TableRecord } from "./storage.ts";
import * as changes from "./tables/changes.ts";
import { deadlineAfter, isResigned, seatDeadline } from "./tables/match.ts";
import { forward, forwardChange, perform } from "./tables/owner.ts";
import { infoOf } from "./tables/projections.ts";
import { TableActor, write } from "./tables/TableActor.ts";
import { TableDirectory } from "./tables/TableDirectory.ts";
import { eventsHash, HubError, REVIEW_SEED, sha256, systemClock, type Account, type Clock, type Coordinator, type OwnerCall, type ReviewClaim, type Subscriber } from "./tables/types.ts";

export { eventsHash, HubError, REVIEW_SEED, sha256, systemClock } from "./tables/types.ts";
export type { Account, ChatDraft, Clock, Coordinator, OwnerCall, ReviewClaim, Subscriber } from "./tables/types.ts";

export class Hub {
  private readonly tables: TableDirectory;
  /** Reviews being computed, by "table/seat": progress, and the promise of the stored review. */
  private readonly reviewing = new Map<string, { done: number; total: number; finished: Promise<void> }>();
  /** Reviews computed at once at most (`LIMIT_REVIEWS_RUNNING`); more are refused with `unavailable` until one ends. */
  maxReviewsRunning = 8;

  constructor(storage: Storage, games: readonly AnyGame[], bots: BotRunner, clock: Clock = systemClock, log: (line: string) => void = () => {}) {
    this.tables = new TableDirectory(storage, games, bots, clock, log);
  }

  /** Multi-process mode: from now on, tables are owned only once the coordinator holds their lease. */
  coordinate(coordinator: Coordinator): void {
    this.tables.coordinator = coordinator;
  }

  private get coordinator(): Coordinator | null {
    return this.tables.coordinator;
  }

  findGame(id: string): AnyGame | undefined {
    return this.tables.findGame(id);
  }

  /** How many tables are in memory (open and playing ones, and finished ones still watched). */
  get loaded(): number {
    return this.tables.size;
  }

  /** Loads the unfinished tables; their matches are rebuilt by replaying their logs through the engine. */
  restore(): Promise<void> {
    return this.tables.restore();
  }

  // ------------------------------------------------------------ lobby

  /** `owner`: who asks (e.g. the client's address); the bot queue takes turns between owners. */
  async createTable(raw: unknown, owner = ""): Promise<TableInfo> {
    return (await this.create(raw, owner)).table;
  }

  /** A table in memory (open or playing), or null: finished tables leave memory. */
  liveTable(id: string): TableInfo | null {
    return this.tables.get(id)?.info() ?? null;
  }

  /**
   * Creates a table; `creatorToken` proves its creator (cancel, seat → bot), and so does the
   * session of `creator`, the account that created it logged in (from any browser).
   */
  async create(raw: unknown, owner = "", creator: Account | null = null): Promise<{ table: TableInfo; creatorToken: string }> {
    const { clock, storage } = this.tables;
    const parsed = createTableSchema.safeParse(raw);
    if (!parsed.success) throw new HubError("bad-message", parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const request = parsed.data;
    const game = this.tables.findGame(request.game);
    if (!game) throw new HubError("unknown-game", `unknown game "${request.game}"`);
    if (request.seats.length < game.minSeats || request.seats.length > game.maxSeats) {
      throw new HubError("bad-seats", `${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${request.seats.length}`, { min: game.minSeats, max: game.maxSeats });
    }
    const options = game.optionsSchema.safeParse(request.options);
    if (!options.success) throw new HubError("bad-options", options.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const seed = randomBytes(16).toString("hex");
    // Distinct names for the table's bots (their level is worded by each client).
    const names = botNames(request.seats.length, randomBytes(1)[0]!);
    const botRatings = request.rated ? await this.tables.ratingsOf(game.id, request.seats.flatMap((s) => (s.kind === "bot" ? [botKey(s.level)] : []))) : new Map<string, number>();
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
      createdAt: clock.now(),
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
      record.deadline = deadlineAfter(record, null, game.decision(state), clock.now());
    }
    await write(this.tables, null, "creating a table", () => storage.saveTable(record));
    const live = new TableActor(this.tables, record, game, owner);
    live.chat.empty();
    // Several processes: the creator owns it (if the lease cannot be had now, the sweep of some process takes it).
    await this.tables.adopt(live);
    if (state !== null) live.started(state);
    return { table: live.info(), creatorToken };
  }

  /** The tables in memory of one status, oldest first: "open" (waiting for players) or "playing" (to watch). */
  listTables(status: "open" | "playing"): TableInfo[] {
    return [...this.tables.all()].filter((l) => l.record.status === status).map((l) => l.info());
  }

  /**
   * The lobby of one status ("open": waiting for players; "playing": to watch); with several
   * processes, as storage has them (every process shows the same).
   */
  async lobby(status: "open" | "playing" = "open"): Promise<TableInfo[]> {
    if (!this.tables.coordinator) return this.listTables(status);
    let records: TableRecord[];
    try {
      records = await this.tables.storage.listTables(status);
    } catch (error) {
      this.tables.log(`storage: reading the lobby failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    return records.flatMap((r) => {
      const live = this.tables.get(r.id);
      if (live) return [live.info()];
      const game = this.tables.findGame(r.game);
      return game ? [infoOf(r, game, new Set())] : [];
    });
  }

  /** A table's public information; a finished one no longer in memory is read from storage. */
  async table(id: string): Promise<TableInfo> {
    const live = this.tables.get(id);
    if (live) return live.info();
    const record = await this.tables.readTable(id);
    return infoOf(record, this.tables.findGame(record.game)!, new Set());
  }

  /** Takes a seat; logged in (`account`), the seat is the account's: its name, and linked to it in the same write. */
  async join(tableId: string, raw: { name: string; seat?: number | undefined }, account: Account | null = null): Promise<{ table: TableInfo; seat: number; token: string }> {
    // Several processes: a table created elsewhere is read from storage, and the join goes to its owner.
    const live = this.tables.coordinator ? await this.tables.load(tableId) : this.tables.get(tableId);
    if (live && !live.owned) {
      if (live.record.status !== "open") {
        live.evictIfDone();
        if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
        throw new HubError("already-started", "the match has already started");
      }
      return forward<{ table: TableInfo; seat: number; token: string }>(this.tables, { kind: "join", table: tableId, raw, account });
    }
    if (!live) {
      // Not in memory: finished or cancelled (or unknown).
      const stored = await this.tables.readTable(tableId);
      if (stored.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      throw new HubError("already-started", "the match has already started");
    }
    return changes.join(live, raw, account);
  }

  // ------------------------------------------------------------ the creator's controls

  /** The table in memory; with several processes, read from storage if another process created it (its owner). */
  private async creatorsLive(tableId: string): Promise<TableActor | undefined> {
    if (!this.tables.coordinator) return this.tables.get(tableId);
    const live = await this.tables.load(tableId);
    // Cancelled or over: refused below with the right code, and not kept if nobody watches.
    live.evictIfDone();
    return live;
  }

  /** Whether `account` created the table (logged in); false for an unknown table. */
  async createdBy(tableId: string, account: Account): Promise<boolean> {
    const record = this.tables.get(tableId)?.record ?? (await this.tables.readTable(tableId).catch(() => null));
    return record !== null && record.creatorPlayer === account.id;
  }

  /** The table in memory, checked to be open and asked by its creator (`creatorToken`, or the creator's account). */
  private async creatorsOpenTable(tableId: string, creatorToken: string | null, account: Account | null = null): Promise<TableActor> {
    const live = this.tables.get(tableId);
    if (!live) {
      const stored = await this.tables.readTable(tableId);
      if (stored.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      throw new HubError("already-started", "the match has already started");
    }
    await live.reconcile();
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
    if (live && !live.owned && live.record.status === "open") return forward<TableInfo>(this.tables, { kind: "cancel", table: tableId, creatorToken, account });
    if (!live) return this.creatorsOpenTable(tableId, creatorToken, account).then((l) => l.info());
    return changes.cancel(live, () => this.creatorsOpenTable(tableId, creatorToken, account));
  }

  /** The creator fills an open seat with a bot of `level`; the match starts once every seat is filled. */
  async seatBot(tableId: string, seat: number, creatorToken: string | null, level: BotLevel, account: Account | null = null): Promise<TableInfo> {
    const live = await this.creatorsLive(tableId);
    if (live && !live.owned && live.record.status === "open") return forward<TableInfo>(this.tables, { kind: "seat-bot", table: tableId, seat, creatorToken, level, account });
    if (!live) return this.creatorsOpenTable(tableId, creatorToken, account).then((l) => l.info());
    return changes.seatBot(live, seat, level, () => this.creatorsOpenTable(tableId, creatorToken, account));
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
          record = await this.tables.storage.getTable(tableId);
        } catch (error) {
          this.tables.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
          throw new HubError("unavailable", "storage is unavailable, try again");
        }
      }
      const game = record ? this.tables.findGame(record.game) : undefined;
      if (!record || !game) continue;
      const hash = sha256(token);
      const seat = record.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) continue;
      const waiting = record.status !== "playing" ? [] : live !== undefined && live.state !== null ? waitingSeats(game.decision(live.state)) : await this.waitingElsewhere(tableId);
      const yourTurn = waiting.includes(seat) && !isResigned(record, seat);
      found.push({ table: infoOf(record, game, live?.audience.subscribers ?? new Set()), seat, yourTurn, deadline: yourTurn ? seatDeadline(record, seat) : null });
    }
    const rank = (t: MyTable) => (t.yourTurn ? 0 : t.table.status === "playing" ? 1 : t.table.status === "open" ? 2 : 3);
    return found.sort((a, b) => rank(a) - rank(b) || (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || b.table.createdAt - a.table.createdAt);
  }

  /**
   * The seats a playing table not in this process's memory waits for: asked of its owner (several
   * processes); none when nobody answers (the owner died and its lease has not run out yet).
   */
  private async waitingElsewhere(tableId: string): Promise<number[]> {
    if (!this.tables.coordinator) return [];
    try {
      return (await forward<number[]>(this.tables, { kind: "waiting", table: tableId })) ?? [];
    } catch (error) {
      this.tables.log(`table ${tableId}: whose turn it is went unanswered: ${(error as Error).message}`);
      return [];
    }
  }

  // ------------------------------------------------------------ a table's changes

  /** An action from a seat's player; resolves to the version it produced. */
  act(tableId: string, seat: number, raw: unknown): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    if (!live.owned && this.coordinator) {
      if (live.record.status === "over") return Promise.reject(new HubError("game-over", "the game is over"));
      // Its update first, then its ack (as on the owner).
      return forward<number>(this.tables, { kind: "act", table: tableId, seat, action: raw }).then(async (version) => {
        await this.caughtUp(tableId, version);
        return version;
      });
    }
    return live.act(seat, raw);
  }

  /** The seat's player takes its seat back from the bot standing in for it (tables/changes.ts). */
  reclaim(tableId: string, seat: number): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    if (!live.owned && this.coordinator) return forwardChange<number>(this.tables, live, { kind: "reclaim", table: tableId, seat });
    return changes.reclaim(live, seat);
  }

  /** A seat resigns (tables/changes.ts). */
  resign(tableId: string, seat: number): Promise<number> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("game-over", "the game is over"));
    if (!live.owned && this.coordinator) return forwardChange<number>(this.tables, live, { kind: "resign", table: tableId, seat });
    return changes.resign(live, seat);
  }

  /** A seat accepts a rematch; resolves to the new table's id, or null while others have still to accept (tables/changes.ts). */
  rematch(tableId: string, seat: number): Promise<string | null> {
    const live = this.tables.get(tableId);
    if (!live) return Promise.reject(new HubError("unknown-table", `no table "${tableId}" in play`));
    if (!live.owned && this.coordinator) return forwardChange<string | null>(this.tables, live, { kind: "rematch", table: tableId, seat });
    return changes.rematch(live, seat);
  }

  /**
   * A chat message from a connection: a seat writes in the players' channel, a spectator in the
   * spectators'. Checked (length, characters, rate), stored, then sent to whoever may read it.
   */
  async chat(tableId: string, sub: Subscriber, raw: { text: string; name?: string | undefined }): Promise<number> {
    const live = this.tables.live(tableId);
    const draft = await live.chat.draft(sub, raw);
    // Several processes: the owner numbers and stores it, and every process sends it to its own clients.
    if (!live.owned && this.coordinator) return forwardChange<number>(this.tables, live, { kind: "chat", table: tableId, draft });
    return live.chat.post(draft);
  }

  /** A chat message the owner stored, on a process that follows the table. */
  followChat(tableId: string, message: ChatRecord): void {
    const live = this.tables.get(tableId);
    if (live && !live.owned) live.chat.keep(message);
  }

  // ------------------------------------------------------------ connections

  /** Authenticates a `hello`: the seat of this token, or a spectator without one. */
  async attach(tableId: string, token: string | undefined, subscriber: (viewer: WireViewer) => Subscriber, since?: number): Promise<Subscriber> {
    const live = await this.tables.load(tableId);
    return live.attach(token, subscriber, since);
  }

  detach(tableId: string, sub: Subscriber): void {
    this.tables.get(tableId)?.detach(sub);
  }

  resync(tableId: string, sub: Subscriber): void {
    this.tables.live(tableId).resync(sub);
  }

  // ------------------------------------------------------------ several processes (cluster.ts)

  /** Runs a change another process forwarded; this process owns the table (cluster.ts checked). */
  perform(call: OwnerCall): Promise<unknown> {
    return perform(this, this.tables, call);
  }

  /** Tells the owner which seats are connected here (a new owner knows nobody). */
  sendPresence(tableId: string): void {
    const live = this.tables.get(tableId);
    if (live && !live.owned) this.coordinator?.presence(tableId, live.audience.localSeats());
  }

  /** The table is in memory here (owned or followed). */
  holds(tableId: string): boolean {
    return this.tables.get(tableId) !== undefined;
  }

  owns(tableId: string): boolean {
    return this.tables.get(tableId)?.owned === true;
  }

  /** Tables owned here (their leases to renew). */
  ownedTables(): string[] {
    return this.tables.ownedTables();
  }

  /** This process took the table's lease: memory catches up with the log, then bots and clocks run here. */
  async own(tableId: string): Promise<void> {
    const live = await this.tables.load(tableId);
    await live.replica.own();
  }

  /** The lease is lost: bots and clocks stop here, memory catches up with storage and follows the new owner. */
  disown(tableId: string): void {
    const live = this.tables.get(tableId);
    if (live?.owned) live.replica.disown();
  }

  /** Another process's seats at a table owned here. */
  remotePresence(tableId: string, node: string, seats: readonly number[]): void {
    const live = this.tables.get(tableId);
    if (!live?.owned) return;
    live.replica.remotePresence(node, seats);
  }

  /** Messages may have been lost (Redis reconnected): every followed table catches up from the log. */
  refollow(): void {
    for (const live of [...this.tables.all()]) live.replica.refollow();
  }

  /** A followed table catches up from the log (a new owner took it up, or messages were lost). */
  refollowTable(tableId: string): void {
    this.tables.get(tableId)?.replica.refollow();
  }

  /** The other processes with seats connected at tables owned here. */
  remoteNodes(): string[] {
    const nodes = new Set<string>();
    for (const live of this.tables.all()) if (live.owned) for (const node of live.audience.elsewhere.keys()) nodes.add(node);
    return [...nodes];
  }

  /** A process is gone: its seats are no longer connected (their grace periods start). */
  forgetNode(node: string): void {
    for (const live of [...this.tables.all()]) {
      if (!live.owned || !live.audience.elsewhere.has(node)) continue;
      this.remotePresence(live.record.id, node, []);
      live.audience.elsewhere.delete(node);
    }
  }

  /** A change the owner published, on a process that follows the table (a gap is filled from storage). */
  async follow(tableId: string, record: TableRecord, entry: LoggedAction | null, present: readonly number[]): Promise<void> {
    await this.tables.get(tableId)?.replica.follow(record, entry, present);
  }

  /** Resolves once this process's copy of the table has reached `version` (the ack of a forwarded act comes after its update). */
  async caughtUp(tableId: string, version: number, ms = 3000): Promise<void> {
    await this.tables.get(tableId)?.replica.caughtUp(version, ms);
  }

  // ------------------------------------------------------------ records, reviews and hints

  /** A finished match's record, read from storage (the match need not be in memory). */
  async record(tableId: string): Promise<MatchRecord> {
    const stored = await this.tables.readTable(tableId);
    if (stored.status !== "over" || stored.outcome === null) throw new HubError("not-finished", "the record is given once the match is over");
    const game = this.tables.findGame(stored.game)!;
    let actions: LoggedAction[];
    try {
      actions = await this.tables.storage.loadActions(tableId);
    } catch (error) {
      this.tables.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    let hash = stored.eventsHash;
    if (hash === null) {
      // Finished before the hash was stored: replay the log once more.
      const live = new TableActor(this.tables, stored, game);
      live.state = game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
      for (const entry of actions) live.replay(entry);
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
    const stored = await this.tables.readTable(tableId);
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
      review = await this.tables.storage.getReview(tableId, seat);
      if (review !== null) return { status: "done", review: review as Review };
      actions = await this.tables.storage.loadActions(tableId);
    } catch (error) {
      this.tables.log(`table ${tableId}: storage: read failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    // Another request may have started it while storage answered.
    const again = this.reviewing.get(key);
    if (again) return { status: "pending", done: again.done, total: again.total };
    if (this.reviewing.size >= this.maxReviewsRunning) {
      throw new HubError("unavailable", `at most ${this.maxReviewsRunning} reviews are computed at once; try again soon`, { retryAfterMs: 5000 });
    }
    const game = this.tables.findGame(stored.game)!;
    const initial = game.setup({ seats: stored.seats.length, options: stored.options, seed: stored.seed });
    const found = recordDecisions(game, initial, actions, seat);
    if (!found.ok) throw new HubError("internal", `the record does not replay: ${found.error}`);
    const review$ = this.tables.bots.review;
    if (!review$) throw new HubError("unavailable", "reviews are not computed by this server");
    const claimed = await this.claimReview(tableId, seat, found.value.length);
    if ("answer" in claimed) return claimed.answer;
    const claim = claimed.claim;
    const local = this.reviewing.get(key);
    if (local) {
      claim?.release();
      return { status: "pending", done: local.done, total: local.total };
    }
    this.tables.log(`table ${tableId}: review of seat ${seat}: ${found.value.length} decisions to compute`);
    const progress = { done: 0, total: found.value.length, finished: Promise.resolve() };
    progress.finished = (async () => {
      try {
        const reviewed = await Promise.all(
          found.value.map((decision) =>
            review$.call(this.tables.bots, { game: game.id, view: decision.view, seat, legal: decision.legal, chosen: decision.chosen, index: decision.index, seed: REVIEW_SEED }).then((r) => {
              progress.done++;
              claim?.progress(progress.done);
              return r;
            }),
          ),
        );
        const done = assembleReview(game, game.reviewer, seat, REVIEW_SEED, reviewed);
        await this.tables.storage.saveReview(tableId, seat, done);
      } catch (error) {
        // Failed (storage, a worker): the next request starts again.
        this.tables.log(`table ${tableId}: review of seat ${seat} failed: ${(error as Error).message}`);
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
    if (!this.tables.coordinator) return { claim: null };
    let claimed: ReviewClaim | { done: number };
    try {
      claimed = await this.tables.coordinator.claimReview(`${tableId}/${seat}`);
    } catch (error) {
      this.tables.log(`table ${tableId}: review of seat ${seat}: the other processes cannot be asked (${(error as Error).message}); computed here`);
      return { claim: null };
    }
    if ("done" in claimed) return { answer: { status: "pending", done: claimed.done, total } };
    const stored = await this.tables.storage.getReview(tableId, seat).catch(() => null);
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
      await this.tables.readTable(tableId);
      throw new HubError("game-over", "the match is over");
    }
    if (!hintsAllowed(live.record)) throw new HubError("hints-refused", "no hints at a rated table");
    if (live.record.status !== "playing") throw new HubError(live.record.status === "open" ? "not-started" : "game-over", "hints are for a match being played");
    const decision: Decision = live.game.decision(live.state);
    if (!waitingSeats(decision).includes(seat)) throw new HubError("not-your-turn", `seat ${seat} has nothing to decide now`);
    if (!this.tables.bots.review) throw new HubError("unavailable", "hints are not computed by this server");
    const version = live.version;
    const review = await this.tables.bots.review({
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
    return this.tables.tableCounts();
  }

  close(): Promise<void> {
    return this.tables.close();
  }
}

export type { CreateTableRequest };
