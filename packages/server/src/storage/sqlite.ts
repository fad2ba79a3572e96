// SQLite (better-sqlite3): one file in WAL mode with synchronous=FULL. Writes go to a writer
// thread (sqlite-writer.ts) through the group commit: the event loop never waits on the disk.
// Reads stay on this thread, on a connection of their own: in WAL a reader never waits for the
// writer, reads are short (no fsync), and one that starts after a write's promise resolved sees
// that write (the commit landed before). Migrations run here too, before the writer starts.
import { randomBytes } from "../random.ts";
import { fromPlayerChatRow, fromRecoveryRow, fromSessionRow, KNOWN_DEVICE, PLAYER_CHAT, PLAYER_SESSIONS, PLAYERS_TO_REKEY, RECOVERY_CODE_UNUSED, RECOVERY_CODES, type PlayerChatRow, type RecoveryRow, type SessionRow } from "./account-sql.ts";
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import Database from "better-sqlite3";
import type { TableStatus } from "../protocol.ts";
import type { MatchResult } from "../ratings.ts";
import { LEADERBOARD_MIN_GAMES } from "../rated.ts";
import { GroupCommit, type WriteOutcome } from "./group-commit.ts";
import { fromActionRow, fromHistoryRow, fromInvitationRow, fromLinkedRow, fromLinkRow, fromMatchRow, fromPlayerRow, fromRatingRow, fromRecordRow, fromRelationRows, fromRow, LEADERBOARD_ORDER, LINKED_TABLES, listed, LIVE_SEATS, MATCH_COUNT, MATCHES, MIGRATIONS, PENDING_INVITATIONS, RECORD_SQLITE, RELATIONS, sqlite, TABLE_LINKS, type ActionRow, type HistoryRow, type InvitationRow, type LinkRow, type PlayerRow, type RatingRow, type RecordRow, type Row } from "./schema.ts";
import { SharedStore } from "./shared.ts";
import { fromFullChatRow, type FullChatRow } from "./moderation.ts";
import { COMMIT_DELAY, HOOK_ANSWER, REFUSE_WRITES, SHARED_SLOTS, WAKE, type SentError, type WriterData, type WriterIn, type WriterOut } from "./sqlite-messages.ts";
import {
  commitDelayFromEnv,
  crashAtWriteFromEnv,
  isUniqueViolation,
  StorageError,
  type ChatRecord,
  type InvitationRecord,
  type Relations,
  type LoggedAction,
  type PlayerMatch,
  type PlayerRecord,
  type RatingHistoryEntry,
  type RatingRecord,
  type SeatLink,
  type PlayerChat,
  type SessionInfo,
  type Storage,
  type StorageOptions,
  type StorageStats,
  type TableRecord,
  type TableWrite,
  type WriteHook,
  type WriteOp,
} from "./types.ts";

// A plain JS entry registers tsx in the thread, as for the bot workers.
const WRITER_URL = new URL("./sqlite-writer-boot.mjs", import.meta.url);

export class SqliteStorage extends SharedStore implements Storage {
  readonly kind = "sqlite" as const;
  /** The reading connection (and the migrations'). */
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly shared = new Int32Array(new SharedArrayBuffer(SHARED_SLOTS * 4));
  private readonly hook: WriteHook | undefined;
  private readonly crashAtWrite: number | null;
  private writer: WriterThread | null = null;
  protected readonly group = new GroupCommit<WriteOp>((writes) => this.writerThread().run(writes));

  /** `file` is a path: the writer thread opens it too (":memory:" would be two databases). */
  constructor(
    private readonly file: string,
    options: StorageOptions = {},
  ) {
    super();
    if (file === ":memory:" || file === "") throw new StorageError("SQLite storage needs a file: its writer thread and its readers open it each");
    this.hook = options.beforeWrite;
    this.crashAtWrite = this.hook ? null : crashAtWriteFromEnv();
    this.delayCommits(options.commitDelayMs ?? commitDelayFromEnv());
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // FULL: a committed migration survives a crash of the process and of the machine.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
    // Started now, so its start (loading its code, opening the file) overlaps the migrations; it
    // serves nothing before the first batch, which comes after them.
    this.writer = new WriterThread(file, this.shared, this.hook, this.crashAtWrite);
  }

  /** The store in `dir` (DATA_DIR); a directory that cannot hold it is a one-line error naming it and why. */
  static inDirectory(dir: string, options: StorageOptions = {}): SqliteStorage {
    const file = join(dir, "grimoire.sqlite");
    const where = `data directory ${dir} (DATA_DIR)`;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new StorageError(`${where} cannot be created: ${cause(error)}`);
    }
    try {
      accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (error) {
      throw new StorageError(`${where} is not readable and writable: ${cause(error)}`);
    }
    try {
      const store = new SqliteStorage(file, options);
      // Opening is lazy: make SQLite touch the file now, so a bad file fails here.
      store.db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
      return store;
    } catch (error) {
      throw new StorageError(`${where}: cannot open ${file}: ${cause(error)}`);
    }
  }

  /**
   * Tests: every write fails with SQLite's own SQLITE_READONLY error while `on`, as on a data
   * directory that went read-only (tests run as root, for whom chmod stops nothing). Takes effect
   * at the writer's next statement, even from inside a `beforeWrite` hook.
   */
  refuseWrites(on: boolean): void {
    Atomics.store(this.shared, REFUSE_WRITES, on ? 1 : 0);
  }

  /** Tests: every commit from now on waits `ms` before its COMMIT, in the writer thread (a disk stall). */
  delayCommits(ms: number): void {
    Atomics.store(this.shared, COMMIT_DELAY, Math.max(0, Math.round(ms)));
  }

  /** Commits and the writes they held since the store opened. */
  stats(): StorageStats {
    return this.group.stats();
  }

  private read(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private writerThread(): WriterThread {
    if (!this.writer || this.writer.dead) this.writer = new WriterThread(this.file, this.shared, this.hook, this.crashAtWrite);
    return this.writer;
  }

  async migrate(): Promise<number> {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
    const current = await this.schemaVersion();
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      this.db.transaction(() => {
        this.db.exec(m.sqlite);
        this.db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(m.version, m.description, Date.now());
      })();
    }
    return this.schemaVersion();
  }

  async schemaVersion(): Promise<number> {
    const row = this.read("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number | null } | undefined;
    return row?.v ?? 0;
  }

  // ------------------------------------------------------------ writes (group commit)

  async saveTable(table: TableRecord, also: TableWrite = {}): Promise<void> {
    // `expected` and `fence` are for several processes (PostgreSQL): one SQLite process owns every table.
    const { expected: _, fence: __, ...rest } = also;
    await this.group.request({ op: "saveTable", table, also: rest });
  }

  async saveTables(tables: readonly TableRecord[], links: readonly SeatLink[] = []): Promise<void> {
    await this.group.request({ op: "saveTables", tables, links });
  }

  async appendAction(tableId: string, entry: LoggedAction, table?: TableRecord, result?: MatchResult | null): Promise<void> {
    await this.group.request({ op: "appendAction", tableId, entry, table: table ?? null, result: result ?? null });
  }

  /** One process owns every table here; kept so the schema and the interface are one. */
  async takeEpoch(tableId: string): Promise<number | null> {
    await this.group.request({ op: "takeEpoch", tableId });
    const row = this.read("SELECT epoch FROM tables WHERE id = ?").get(tableId) as { epoch: number } | undefined;
    return row?.epoch ?? null;
  }

  async appendChat(tableId: string, message: ChatRecord): Promise<void> {
    await this.group.request({ op: "appendChat", tableId, message });
  }



  // ------------------------------------------------------------ accounts' own data (account-sql.ts)

  async playerSessions(playerId: string, now: number): Promise<SessionInfo[]> {
    return (this.read(sqlite(PLAYER_SESSIONS)).all(playerId, now) as SessionRow[]).map(fromSessionRow);
  }

  async knownDevice(playerId: string, tokenHash: string): Promise<boolean> {
    return this.read(sqlite(KNOWN_DEVICE)).get(playerId, tokenHash) !== undefined;
  }

  async recoveryCodes(playerId: string): Promise<{ unused: number; used: number; createdAt: number | null }> {
    return fromRecoveryRow(this.read(sqlite(RECOVERY_CODES)).get(playerId) as RecoveryRow | undefined);
  }

  async recoveryCodeUnused(playerId: string, codeHash: string): Promise<boolean> {
    return this.read(sqlite(RECOVERY_CODE_UNUSED)).get(playerId, codeHash) !== undefined;
  }

  async playerChat(playerId: string): Promise<PlayerChat[]> {
    return (this.read(sqlite(PLAYER_CHAT)).all(playerId, playerId, playerId) as PlayerChatRow[]).map(fromPlayerChatRow);
  }

  async playersToRekey(limit: number): Promise<PlayerRecord[]> {
    return (this.read(sqlite(PLAYERS_TO_REKEY)).all(limit) as PlayerRow[]).map(fromPlayerRow);
  }

  // ------------------------------------------------------------ reads (this thread)

  async sessionPlayer(tokenHash: string, now: number): Promise<PlayerRecord | null> {
    const row = this.read("SELECT p.* FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ? AND s.expires_at > ?").get(tokenHash, now) as PlayerRow | undefined;
    return row ? fromPlayerRow(row) : null;
  }

  async playerByNameKey(key: string): Promise<PlayerRecord | null> {
    const row = this.read("SELECT * FROM players WHERE name_key = ?").get(key) as PlayerRow | undefined;
    return row ? fromPlayerRow(row) : null;
  }

  async playersById(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    return (this.read("SELECT * FROM players WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(ids)) as PlayerRow[]).map(fromPlayerRow);
  }

  async playerSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    return (this.read(sqlite(LINKED_TABLES)).all(playerId, limit) as Parameters<typeof fromLinkedRow>[0][]).map(fromLinkedRow);
  }

  async learntGames(playerId: string): Promise<string[]> {
    return (this.read("SELECT game FROM learnt WHERE player_id = ? ORDER BY at, game").all(playerId) as { game: string }[]).map((r) => r.game);
  }

  async playerLiveSeats(playerId: string, limit: number): Promise<{ link: SeatLink; table: TableRecord }[]> {
    return (this.read(sqlite(LIVE_SEATS)).all(playerId, limit) as Parameters<typeof fromLinkedRow>[0][]).map(fromLinkedRow);
  }

  async playerMatches(playerId: string, limit: number, offset: number): Promise<{ rows: PlayerMatch[]; total: number }> {
    const rows = (this.read(sqlite(MATCHES)).all(playerId, limit, offset) as Parameters<typeof fromMatchRow>[0][]).map(fromMatchRow);
    const total = (this.read(sqlite(MATCH_COUNT)).get(playerId) as { n: number }).n;
    return { rows, total };
  }

  async playerRecord(playerId: string): Promise<{ game: string; played: number; won: number }[]> {
    return (this.read(sqlite(RECORD_SQLITE)).all(playerId) as RecordRow[]).map(fromRecordRow);
  }

  async ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]> {
    if (keys.length === 0) return [];
    return (this.read("SELECT * FROM ratings WHERE game = ? AND player_key IN (SELECT value FROM json_each(?))").all(game, JSON.stringify(keys)) as RatingRow[]).map(fromRatingRow);
  }

  async playerRatings(key: string): Promise<RatingRecord[]> {
    return (this.read("SELECT * FROM ratings WHERE player_key = ? ORDER BY game").all(key) as RatingRow[]).map(fromRatingRow);
  }

  async ratingHistory(key: string, limit: number): Promise<RatingHistoryEntry[]> {
    return (this.read("SELECT * FROM rating_history WHERE player_key = ? ORDER BY at DESC, table_id LIMIT ?").all(key, limit) as HistoryRow[]).map(fromHistoryRow);
  }

  async leaderboard(game: string, limit: number, offset: number, minPlayed = LEADERBOARD_MIN_GAMES): Promise<{ rows: RatingRecord[]; total: number }> {
    const rows = (this.read(`SELECT * FROM ratings WHERE game = ? AND ${listed("?")} ${LEADERBOARD_ORDER} LIMIT ? OFFSET ?`).all(game, minPlayed, limit, offset) as RatingRow[]).map(fromRatingRow);
    const total = (this.read(`SELECT COUNT(*) AS n FROM ratings WHERE game = ? AND ${listed("?")}`).get(game, minPlayed) as { n: number }).n;
    return { rows, total };
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const row = this.read("SELECT * FROM tables WHERE id = ?").get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  async listTables(status?: TableStatus): Promise<TableRecord[]> {
    const rows = (
      status === undefined ? this.read("SELECT * FROM tables ORDER BY created_at, id").all() : this.read("SELECT * FROM tables WHERE status = ? ORDER BY created_at, id").all(status)
    ) as Row[];
    return rows.map(fromRow);
  }

  async loadActions(tableId: string): Promise<LoggedAction[]> {
    const rows = this.read("SELECT version, seat, action, by_kind, at FROM actions WHERE table_id = ? ORDER BY version").all(tableId) as ActionRow[];
    return rows.map(fromActionRow);
  }

  async tableLinks(tableId: string): Promise<SeatLink[]> {
    return (this.read(sqlite(TABLE_LINKS)).all(tableId) as LinkRow[]).map(fromLinkRow);
  }

  async loadChat(tableId: string, limit: number): Promise<ChatRecord[]> {
    const rows = this.read("SELECT * FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?").all(tableId, limit) as FullChatRow[];
    return rows.reverse().map(fromFullChatRow);
  }

  protected async all<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.read(sqlite(sql)).all(...params) as T[];
  }

  async getReview(tableId: string, seat: number): Promise<unknown | null> {
    const row = this.read("SELECT review FROM reviews WHERE table_id = ? AND seat = ?").get(tableId, seat) as { review: string } | undefined;
    return row ? JSON.parse(row.review) : null;
  }

  /** Waits for the writes asked for (their commits), stops the writer thread, closes the reader. */
  // ------------------------------------------------------------ follows, blocks, invitations (migration 13)

  async setFollow(follower: string, followee: string, on: boolean, at: number): Promise<void> {
    await this.group.request({ op: "setFollow", follower, followee, on, at });
  }

  async setBlock(blocker: string, blocked: string, on: boolean, at: number): Promise<void> {
    await this.group.request({ op: "setBlock", blocker, blocked, on, at });
  }

  async relations(playerId: string): Promise<Relations> {
    return fromRelationRows(this.read(sqlite(RELATIONS)).all(playerId, playerId, playerId, playerId) as { kind: string; other: string }[]);
  }

  async saveInvitation(invitation: InvitationRecord): Promise<void> {
    await this.group.request({ op: "saveInvitation", invitation });
  }

  async getInvitation(id: string): Promise<InvitationRecord | null> {
    const row = this.read("SELECT * FROM invitations WHERE id = ?").get(id) as InvitationRow | undefined;
    return row ? fromInvitationRow(row) : null;
  }

  async answerInvitation(id: string, state: "accepted" | "declined", at: number): Promise<boolean> {
    const nonce = randomBytes(9).toString("base64url");
    await this.group.request({ op: "answerInvitation", id, state, nonce, at });
    const row = this.read("SELECT used_nonce FROM invitations WHERE id = ?").get(id) as { used_nonce: string | null } | undefined;
    return row?.used_nonce === nonce;
  }

  async pendingInvitations(playerId: string, now: number, limit: number): Promise<InvitationRecord[]> {
    return (this.read(sqlite(PENDING_INVITATIONS)).all(playerId, now, limit) as InvitationRow[]).map(fromInvitationRow);
  }

  async close(): Promise<void> {
    await this.group.drain();
    await this.writer?.close();
    this.writer = null;
    this.db.close();
  }
}

/**
 * The writer thread as this thread sees it: started on the first batch (after the migrations),
 * kept out of the process's liveness while idle, answering the `beforeWrite` hook's questions.
 */
class WriterThread {
  dead = false;
  private readonly worker: Worker;
  /** The writer's inbox, this side: what is posted here is read by the writer once woken (`WAKE`). */
  private readonly inbox: MessagePort;
  private readonly ready: Promise<void>;
  private nextId = 1;
  private readonly batches = new Map<number, { resolve(outcomes: WriteOutcome[]): void; reject(error: unknown): void }>();
  /** What the hook threw, by write number, for the write that failed on it. */
  private readonly hookErrors = new Map<number, unknown>();
  private closed: (() => void) | null = null;

  constructor(
    file: string,
    private readonly shared: Int32Array,
    private readonly hook: WriteHook | undefined,
    crashAtWrite: number | null,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.inbox = port1;
    const workerData: WriterData = { file, crashAtWrite, askHook: hook !== undefined, shared: shared.buffer as SharedArrayBuffer, inbox: port2 };
    this.worker = new Worker(WRITER_URL, { workerData, transferList: [port2] });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.once("error", reject);
      this.worker.once("exit", (code) => reject(new StorageError(`sqlite writer thread exited (code ${code}) before it was ready`)));
      this.worker.once("message", () => resolve());
    });
    // Waited for by the first batch; a thread that never got up fails that batch, not the process.
    this.ready.catch(() => {});
    this.worker.on("message", (message: WriterOut) => this.receive(message));
    this.worker.on("error", (error) => this.fail(new StorageError(`sqlite writer thread failed: ${error.message}`)));
    this.worker.on("exit", (code) => this.fail(new StorageError(`sqlite writer thread exited (code ${code})`)));
  }

  async run(writes: readonly WriteOp[]): Promise<WriteOutcome[]> {
    await this.ready;
    if (this.dead) throw new StorageError("sqlite writer thread is gone");
    const id = this.nextId++;
    this.worker.ref();
    try {
      return await new Promise<WriteOutcome[]>((resolve, reject) => {
        this.batches.set(id, { resolve, reject });
        this.post({ type: "batch", id, writes });
      });
    } finally {
      this.worker.unref();
    }
  }

  async close(): Promise<void> {
    await this.ready.catch(() => {});
    if (this.dead) return;
    // Kept in the process's liveness until it answers: idle, it is unref'd, and a process with
    // nothing else to do would otherwise exit mid-close (the soak's exit 13, an unsettled await).
    this.worker.ref();
    await new Promise<void>((resolve) => {
      this.closed = resolve;
      this.post({ type: "close" });
    });
    this.dead = true;
    await this.worker.terminate();
  }

  /**
   * Into the writer's inbox, then a futex wake: the writer, asleep in `Atomics.wait`, reads it
   * without a turn of its event loop, which a `postMessage` to the worker itself would take
   * (`npm run bench:wakeups` measures both round trips; docs/server.md has the figures).
   */
  private post(message: WriterIn): void {
    this.inbox.postMessage(message);
    Atomics.add(this.shared, WAKE, 1);
    Atomics.notify(this.shared, WAKE);
  }

  private receive(message: WriterOut): void {
    switch (message.type) {
      case "ready":
        this.worker.unref();
        return;
      case "hook":
        this.answerHook(message.n);
        return;
      case "closed":
        this.closed?.();
        return;
      case "batch": {
        const batch = this.batches.get(message.id);
        this.batches.delete(message.id);
        if (!batch) return;
        if ("failed" in message) batch.reject(this.errorOf(message.failed));
        else batch.resolve(message.outcomes.map((o) => (o.ok ? o : { ok: false, error: this.errorOf(o.error) })));
        this.hookErrors.clear();
      }
    }
  }

  /** The writer waits (Atomics.wait) for this answer before its write statement `n`. */
  private answerHook(n: number): void {
    let answer = 1;
    try {
      this.hook?.(n);
    } catch (error) {
      this.hookErrors.set(n, error);
      answer = 2;
    }
    Atomics.store(this.shared, HOOK_ANSWER, answer);
    Atomics.notify(this.shared, HOOK_ANSWER);
  }

  private errorOf(sent: SentError): unknown {
    if (sent.hook !== undefined && this.hookErrors.has(sent.hook)) return this.hookErrors.get(sent.hook);
    // SQLite's own errors keep their class and code (isUniqueViolation, SQLITE_READONLY, SQLITE_FULL…).
    if (sent.name === "SqliteError" && sent.code) return new Database.SqliteError(sent.message, sent.code);
    return Object.assign(new Error(sent.message), sent.code ? { code: sent.code } : {});
  }

  private fail(error: StorageError): void {
    if (this.dead && this.batches.size === 0) return;
    this.dead = true;
    for (const batch of this.batches.values()) batch.reject(error);
    this.batches.clear();
    this.closed?.();
  }
}

function cause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
