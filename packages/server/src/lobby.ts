// The lobby: creating a table, the lists of open and playing tables, joining, the creator's
// controls (cancel, seat → bot) and "your tables". It finds each table in the directory and hands
// the change to its actor (tables/changes.ts), or to its owner on another process.
import { randomBytes } from "./random.ts";
import { botNames, waitingSeats, describeIssues } from "@grimoire/engine";
import type { BotLevel, MyTable, TableInfo } from "./protocol.ts";
import { createTableSchema } from "./protocol.ts";
import { botKey } from "./ratings.ts";
import { DEFAULT_META, type SeatRecord, type TableRecord } from "./storage.ts";
import { attended, playerSeats } from "./tables/attendance.ts";
import * as changes from "./tables/changes.ts";
import { deadlineAfter, isResigned, seatDeadline } from "./tables/match.ts";
import { forward } from "./tables/owner.ts";
import { infoOf } from "./tables/projections.ts";
import { TableActor, write } from "./tables/TableActor.ts";
import type { TableDirectory } from "./tables/TableDirectory.ts";
import { HubError, sha256, type Account, type JoinRequest } from "./tables/types.ts";

export class Lobby {
  constructor(private readonly tables: TableDirectory) {}

  /**
   * Creates a table; `creatorToken` proves its creator (cancel, seat → bot), and so does the
   * session of `creator`, the account that created it logged in (from any browser).
   */
  async create(raw: unknown, owner = "", creator: Account | null = null): Promise<{ table: TableInfo; creatorToken: string }> {
    const { clock, storage } = this.tables;
    const parsed = createTableSchema.safeParse(raw);
    if (!parsed.success) throw new HubError("bad-message", describeIssues(parsed.error));
    const request = parsed.data;
    const game = this.tables.findGame(request.game);
    if (!game) throw new HubError("unknown-game", `unknown game "${request.game}"`);
    if (request.seats.length < game.minSeats || request.seats.length > game.maxSeats) {
      throw new HubError("bad-seats", `${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${request.seats.length}`, { min: game.minSeats, max: game.maxSeats });
    }
    if (request.friendsOnly && !creator) throw new HubError("not-logged-in", "a friends-only table is created logged in (its friends are the creator's)");
    const options = game.optionsSchema.safeParse(request.options);
    if (!options.success) throw new HubError("bad-options", describeIssues(options.error));
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
        ...(request.private ? { private: true } : {}),
        ...(request.friendsOnly ? { friendsOnly: true } : {}),
        ...(request.minRating !== null || request.maxRating !== null ? { ratingRange: { min: request.minRating, max: request.maxRating } } : {}),
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
    // Several processes: owned by the creator if already playing, else by whoever takes its first join (TableDirectory.adopt).
    await this.tables.adopt(live);
    if (state !== null) live.started(state);
    return { table: live.info(), creatorToken };
  }

  /**
   * The tables in memory of one status, oldest first: "open" (waiting for players) or "playing"
   * (to watch: only those someone is at, tables/attendance.ts); `listable`: the asker may see it.
   */
  listTables(status: "open" | "playing", listable: (record: TableRecord) => boolean = () => true): TableInfo[] {
    return [...this.tables.all()].filter((l) => l.record.status === status && attended(l) && listable(l.record)).map((l) => l.info());
  }

  /**
   * The lobby of one status ("open": waiting for players; "playing": to watch, only the tables
   * someone is at); with several processes, as storage has them (every process shows the same):
   * a table in memory here by its presence, another by what its owner last wrote of it.
   */
  async lobby(status: "open" | "playing" = "open", listable: (record: TableRecord) => boolean = () => true): Promise<TableInfo[]> {
    if (!this.tables.coordinator) return this.listTables(status, listable);
    let records: TableRecord[];
    try {
      records = await this.tables.storage.listTables(status);
    } catch (error) {
      this.tables.log(`storage: reading the lobby failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    return records.flatMap((r) => {
      if (!listable(r)) return [];
      const live = this.tables.get(r.id);
      if (live) return attended(live) ? [live.info()] : [];
      const game = this.tables.findGame(r.game);
      const someone = r.status === "open" || (playerSeats(r).length > 0 && (r.meta.unattendedSince ?? null) === null);
      return game && someone ? [infoOf(r, game, new Set())] : [];
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
  async join(tableId: string, raw: JoinRequest, account: Account | null = null, invited = false): Promise<{ table: TableInfo; seat: number; token: string }> {
    // Several processes: a table created elsewhere is read from storage, and the join goes to its owner.
    const live = this.tables.coordinator ? await this.tables.load(tableId) : this.tables.get(tableId);
    if (live && !live.owned) {
      if (live.record.status !== "open") {
        live.evictIfDone();
        if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
        throw new HubError("already-started", "the match has already started");
      }
      return forward<{ table: TableInfo; seat: number; token: string }>(this.tables, { kind: "join", table: tableId, raw, account, ...(invited ? { invited } : {}) });
    }
    if (!live) {
      // Not in memory: finished or cancelled (or unknown).
      const stored = await this.tables.readTable(tableId);
      if (stored.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
      throw new HubError("already-started", "the match has already started");
    }
    return changes.join(live, raw, account, invited);
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
}
