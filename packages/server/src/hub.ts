// The hub: a registry of live tables and a router. Each live table is one actor
// (tables/TableActor.ts) that owns its match, its queue of changes, its subscribers, clocks, bots
// and chat; the hub finds or loads it (tables/TableDirectory.ts), hands it the call, and a
// finished one nobody watches leaves memory. The lobby (lobby.ts), records, reviews and hints
// (reviews.ts) and owner forwarding (tables/owner.ts) are their own modules; the hub keeps the
// one public surface server.ts, connection.ts and cluster.ts call.
// Several processes (cluster.ts): a table in memory is either owned here (the only process that
// writes, runs bots and clocks) or followed (a replica rebuilt from the same log, kept up to date by
// the owner's published changes); every change asked of a followed table (an act, a join, a chat
// message, resign, reclaim, rematch, the creator's cancel and seat → bot) is forwarded to its owner
// as an `OwnerCall` and run there by `perform`.
import type { AnyGame, ReviewedDecision, ReviewUnit } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import { Lobby } from "./lobby.ts";
import type { BotLevel, CreateTableRequest, MatchRecord, MyTable, ReviewResponse, TableInfo, WireViewer } from "./protocol.ts";
import { Reviews } from "./reviews.ts";
import { accountSeatOf } from "./seat-tokens.ts";
import type { ChatRecord, LoggedAction, SeatLink, Storage, TableRecord } from "./storage.ts";
import * as changes from "./tables/changes.ts";
import { forward, forwardChange, perform } from "./tables/owner.ts";
import { TableDirectory } from "./tables/TableDirectory.ts";
import { HubError, sha256, systemClock, type Account, type Clock, type Coordinator, type JoinRequest, type OwnerCall, type SeatPolicy, type Subscriber } from "./tables/types.ts";

export { eventsHash, HubError, REVIEW_SEED, sha256, systemClock } from "./tables/types.ts";
export type { Account, ChatDraft, Clock, Coordinator, OwnerCall, ReviewClaim, SeatPolicy, Subscriber } from "./tables/types.ts";

export class Hub {
  private readonly tables: TableDirectory;
  private readonly lobbyOf: Lobby;
  private readonly reviews: Reviews;

  constructor(storage: Storage, games: readonly AnyGame[], bots: BotRunner, clock: Clock = systemClock, log: (line: string) => void = () => {}) {
    this.tables = new TableDirectory(storage, games, bots, clock, log);
    this.lobbyOf = new Lobby(this.tables);
    this.reviews = new Reviews(this.tables);
  }

  /** Reviews computed at once at most (`LIMIT_REVIEWS_RUNNING`); more are refused with `unavailable` until one ends. */
  get maxReviewsRunning(): number {
    return this.reviews.maxReviewsRunning;
  }

  set maxReviewsRunning(max: number) {
    this.reviews.maxReviewsRunning = max;
  }

  /** How long a real-time table nobody is at lasts before it is abandoned (tables/attendance.ts; ABANDON_MINUTES). */
  get abandonMs(): number {
    return this.tables.abandonMs;
  }

  set abandonMs(ms: number) {
    this.tables.abandonMs = ms;
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

  // ------------------------------------------------------------ lobby (lobby.ts)

  /** `owner`: who asks (e.g. the client's address); the bot queue takes turns between owners. */
  async createTable(raw: unknown, owner = ""): Promise<TableInfo> {
    return (await this.create(raw, owner)).table;
  }

  /**
   * Creates a table; `creatorToken` proves its creator (cancel, seat → bot), and so does the
   * session of `creator`, the account that created it logged in (from any browser).
   */
  create(raw: unknown, owner = "", creator: Account | null = null): Promise<{ table: TableInfo; creatorToken: string }> {
    return this.lobbyOf.create(raw, owner, creator);
  }

  /** The tables in memory of one status, oldest first: "open" (waiting for players) or "playing" (to watch). */
  listTables(status: "open" | "playing", listable?: (record: TableRecord) => boolean): TableInfo[] {
    return this.lobbyOf.listTables(status, listable);
  }

  /**
   * The lobby of one status ("open": waiting for players; "playing": to watch); with several
   * processes, as storage has them (every process shows the same).
   */
  lobby(status: "open" | "playing" = "open", listable?: (record: TableRecord) => boolean): Promise<TableInfo[]> {
    return this.lobbyOf.lobby(status, listable);
  }

  /** A table in memory (open or playing), or null: finished tables leave memory. */
  liveTable(id: string): TableInfo | null {
    return this.tables.get(id)?.info() ?? null;
  }

  /** A table's public information; a finished one no longer in memory is read from storage. */
  table(id: string): Promise<TableInfo> {
    return this.lobbyOf.table(id);
  }

  /** Takes a seat; logged in (`account`), the seat is the account's: its name, and linked to it in the same write. */
  join(tableId: string, raw: JoinRequest, account: Account | null = null, invited = false): Promise<{ table: TableInfo; seat: number; token: string }> {
    return this.lobbyOf.join(tableId, raw, account, invited);
  }

  /** The accounts' relations every seat and chat message is checked against (social.ts). */
  setPolicy(policy: SeatPolicy): void {
    this.tables.policy = policy;
  }

  /** A table's row as it is now: in memory, else read from storage (`unknown-table`). */
  tableRecord(id: string): Promise<TableRecord> {
    const live = this.tables.get(id);
    return live ? Promise.resolve(live.record) : this.tables.readTable(id);
  }

  /** Whether `account` created the table (logged in); false for an unknown table. */
  createdBy(tableId: string, account: Account): Promise<boolean> {
    return this.lobbyOf.createdBy(tableId, account);
  }

  /** The creator cancels a table still waiting for players: it leaves the lobby, joins are refused. */
  cancel(tableId: string, creatorToken: string | null, account: Account | null = null): Promise<TableInfo> {
    return this.lobbyOf.cancel(tableId, creatorToken, account);
  }

  /** The creator fills an open seat with a bot of `level`; the match starts once every seat is filled. */
  seatBot(tableId: string, seat: number, creatorToken: string | null, level: BotLevel, account: Account | null = null): Promise<TableInfo> {
    return this.lobbyOf.seatBot(tableId, seat, creatorToken, level, account);
  }

  /** The tables of the seats a client proves it holds (lobby.ts). */
  myTables(held: readonly { tableId: string; token: string }[]): Promise<MyTable[]> {
    return this.lobbyOf.myTables(held);
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
    // Who writes: the connection's account, or the seat's; a guest by its address (moderation).
    const author = sub.account ?? (typeof sub.viewer === "number" ? (live.record.seats[sub.viewer]?.player ?? null) : null);
    const addressHash = this.chatGate?.(author, sub.address) ?? null;
    const draft = { ...(await live.chat.draft(sub, raw)), author, addressHash };
    // Several processes: the owner numbers and stores it, and every process sends it to its own clients.
    if (!live.owned && this.coordinator) return forwardChange<number>(this.tables, live, { kind: "chat", table: tableId, draft });
    return live.chat.post(draft);
  }

  /**
   * Moderation (moderation/service.ts): refuses a muted or banned writer (throws its HubError) and
   * answers the guest's hashed address, kept with the message.
   */
  chatGate: ((author: string | null, address: string | undefined) => string | null) | null = null;

  /** Moderation: throws the refusal of a seat's account that may not play now (a ban). */
  seatGate: ((account: string | null) => void) | null = null;

  /** A moderator hid a message: it leaves the table's chat here (every process does the same). */
  hideChat(tableId: string, messageId: number): void {
    this.tables.get(tableId)?.chat.hide(messageId);
  }

  /** The account holding a seat of a table in memory, or null (a guest, a bot, not here). */
  seatAccount(tableId: string, seat: number): string | null {
    return this.tables.get(tableId)?.record.seats[seat]?.player ?? null;
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
    // An account's seat answers to the token stored with its link (seat-tokens.ts), not the row's hash.
    const linked = token !== undefined && live.record.seats.some((s) => s.player) ? accountSeatOf(live.record, await this.linksOf(tableId), token) : null;
    // A seat whose account may not play (a ban) is refused before it is attached or told anything.
    if (token !== undefined && this.seatGate) {
      const hash = sha256(token);
      const seat = linked !== null && linked !== "replaced" ? live.record.seats[linked.seat] : live.record.seats.find((s) => s.tokenHash !== null && s.tokenHash === hash);
      if (seat) this.seatGate(seat.player ?? null);
    }
    return live.attach(token, subscriber, since, linked);
  }

  private async linksOf(tableId: string): Promise<SeatLink[]> {
    try {
      return await this.tables.storage.tableLinks(tableId);
    } catch (error) {
      this.tables.log(`table ${tableId}: storage: reading its seats' links failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
  }

  /**
   * An account's seat tokens were replaced at these tables: connections of this process holding an
   * old one are closed (their next hello is refused); other processes are told to do the same.
   */
  async seatTokensReplaced(tableIds: readonly string[], tell = true): Promise<void> {
    for (const tableId of new Set(tableIds)) {
      if (tell) this.coordinator?.tokensReplaced(tableId);
      const live = this.tables.get(tableId);
      if (!live || !live.record.seats.some((s) => s.player)) continue;
      const links = await this.linksOf(tableId).catch(() => null);
      for (const sub of [...live.audience.subscribers]) {
        if (typeof sub.viewer !== "number" || sub.token === undefined) continue;
        // Closed when the token held is no longer the seat's; storage unreadable: closed too, to be safe.
        const now = links === null ? "replaced" : accountSeatOf(live.record, links, sub.token);
        if (now === "replaced") sub.close?.();
      }
    }
  }

  /** A deleted account's finished tables in memory here take the rows' new seats (its name gone). */
  accountDeleted(tables: readonly TableRecord[]): void {
    for (const table of tables) {
      const live = this.tables.get(table.id);
      if (!live) continue;
      live.record = { ...live.record, seats: table.seats };
      // Its seats' tokens are gone with it: connections holding one are closed.
      for (const sub of [...live.audience.subscribers]) if (typeof sub.viewer === "number" && table.seats[sub.viewer]?.tokenHash === null) sub.close?.();
    }
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

  /** A client of this process is at the table. */
  watched(tableId: string): boolean {
    return (this.tables.get(tableId)?.audience.subscribers.size ?? 0) > 0;
  }

  /** A followed table no client here watches leaves memory (its channel is no longer listened to). */
  forget(tableId: string): void {
    this.tables.forget(tableId);
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

  /**
   * Stops owning a table that no client here watches, to hand it to where its clients are
   * (cluster.ts): after any change in its queue, once `transfer` gave its lease away; false if it
   * is watched here by then, or over, or the lease could not be given.
   */
  async handOver(tableId: string, transfer: () => Promise<boolean>): Promise<boolean> {
    const live = this.tables.get(tableId);
    if (!live?.owned) return false;
    return live.serialize(async () => {
      if (!live.owned || live.audience.subscribers.size > 0 || live.record.status === "over" || live.record.status === "cancelled") return false;
      if (!(await transfer())) return false;
      live.replica.disown();
      return true;
    });
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

  /** Where a table owned here stands (for a process that starts following it), or null. */
  standing(tableId: string): { version: number; record: TableRecord; present: number[] } | null {
    const live = this.tables.get(tableId);
    return live?.owned ? { version: live.version, record: live.record, present: live.audience.present() } : null;
  }

  /** The owner's word on where a table followed here stands: behind it, this copy reads the log. */
  async at(tableId: string, version: number, record: TableRecord, present: readonly number[]): Promise<void> {
    await this.tables.get(tableId)?.replica.at(version, record, present);
  }

  /** Resolves once this process's copy of the table has reached `version` (the ack of a forwarded act comes after its update). */
  async caughtUp(tableId: string, version: number, ms = 3000): Promise<void> {
    await this.tables.get(tableId)?.replica.caughtUp(version, ms);
  }

  // ------------------------------------------------------------ records, reviews and hints (reviews.ts)

  /** A finished match's record, read from storage (the match need not be in memory). */
  record(tableId: string): Promise<MatchRecord> {
    return this.reviews.record(tableId);
  }

  /** The review of `seat`'s decisions in a finished match, from its view (stored once computed). */
  review(tableId: string, seat: number): Promise<ReviewResponse> {
    return this.reviews.review(tableId, seat);
  }

  /** Resolves once the review of `seat` being computed (if any) is stored or failed (tests). */
  reviewSettled(tableId: string, seat: number): Promise<void> {
    return this.reviews.reviewSettled(tableId, seat);
  }

  /** A hint: the review of the decision `seat` faces now, from its view, no move made. */
  hint(tableId: string, seat: number): Promise<{ version: number; unit: ReviewUnit; review: ReviewedDecision | null }> {
    return this.reviews.hint(tableId, seat);
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
