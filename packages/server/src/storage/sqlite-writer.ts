// SQLite's writer thread (issue 23): it owns the only connection that writes, so the event loop
// never waits on the disk. It runs each batch the group commit sends as ONE transaction: every
// write in its own savepoint (one that fails is rolled back alone and reported with its error),
// then ONE COMMIT with synchronous=FULL. Statements are prepared once, on first use. Between
// batches it sleeps in `Atomics.wait` on the `WAKE` slot and reads its inbox port when woken: a
// futex wake-up, with no turn of its event loop (sqlite-messages.ts).
// The test seams act here, where the statements run: the crash before the N-th write statement
// (GRIMOIRE_CRASH_AT_WRITE), a `beforeWrite` hook of the main thread (asked synchronously, through
// shared memory), `refuseWrites` (query_only) and the delay before every COMMIT.
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type { MatchResult } from "../ratings.ts";
import { REPEAT_WINDOW_MS } from "../rated.ts";
import { openSessionStatements, type AccountStatement } from "./account-sql.ts";
import { fromRatingRow, PAIR_MATCHES, sqlite, toParams, UPSERT_COLUMNS, UPSERT_UPDATE, type RatingRow } from "./schema.ts";
import { COMMIT_DELAY, HOOK_ANSWER, REFUSE_WRITES, WAKE, type SentError, type SentOutcome, type WriterData, type WriterIn, type WriterOut } from "./sqlite-messages.ts";
import { moderationStatements } from "./moderation.ts";
import { puzzleStatements } from "./puzzles.ts";
import { crashAt, type SeatLink, type SessionRecord, type TableRecord, type WriteOp } from "./types.ts";
import { nameThread, THREAD_NAMES, waitAsync } from "../threads.ts";

nameThread(THREAD_NAMES.writer);

// Loaded once the thread is up (openskill is slow to load); awaited by the first batch ending a rated match.
type RatingChanges = typeof import("./rating-changes.ts");
let ratingChanges: RatingChanges | null = null;
const ratingChangesLoaded: Promise<RatingChanges> = new Promise((resolve) => setImmediate(resolve)).then(() => import("./rating-changes.ts"));
void ratingChangesLoaded.then((module) => (ratingChanges = module));

const data = workerData as WriterData;
const shared = new Int32Array(data.shared);
const port = parentPort!;
const send = (message: WriterOut) => port.postMessage(message);

const db = new Database(data.file);
db.pragma("journal_mode = WAL");
// FULL: a committed batch survives a crash of the process and of the machine.
db.pragma("synchronous = FULL");
db.pragma("foreign_keys = ON");

const statements = new Map<string, Database.Statement>();
function prepared(sql: string): Database.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** The main thread's hook threw before write statement `n`: that write fails with its error. */
class HookFailure extends Error {
  constructor(readonly n: number) {
    super(`the write hook refused write ${n}`);
  }
}

let writes = 0;
const crash = data.crashAtWrite === null ? null : crashAt(data.crashAtWrite);
let queryOnly = false;

/** Before every write statement: the hook with its number, then `refuseWrites` as it is now. */
function write(): void {
  const n = ++writes;
  crash?.(n);
  if (data.askHook) askHook(n);
  followRefusal();
}

function askHook(n: number): void {
  Atomics.store(shared, HOOK_ANSWER, 0);
  send({ type: "hook", n });
  Atomics.wait(shared, HOOK_ANSWER, 0, 60_000);
  const answer = Atomics.load(shared, HOOK_ANSWER);
  if (answer === 2) throw new HookFailure(n);
  if (answer !== 1) throw new Error(`the write hook did not answer for write ${n}`);
}

function followRefusal(): void {
  const refuse = Atomics.load(shared, REFUSE_WRITES) === 1;
  if (refuse === queryOnly) return;
  db.pragma(`query_only = ${refuse ? "ON" : "OFF"}`);
  queryOnly = refuse;
}

const UPSERT = `INSERT INTO tables (${UPSERT_COLUMNS}) VALUES (${UPSERT_COLUMNS.split(",").map(() => "?").join(", ")}) ON CONFLICT(id) DO UPDATE SET ${UPSERT_UPDATE}`;
const link = (keep: boolean) =>
  `INSERT INTO player_seats (table_id, seat, player_id, token, linked_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO ${keep ? "NOTHING" : "UPDATE SET player_id = excluded.player_id, token = excluded.token, linked_at = excluded.linked_at"}`;
const LINK_REPLACE = link(false);
const LINK_KEEP = link(true);

function upsert(t: TableRecord): void {
  write();
  prepared(UPSERT).run(...toParams(t));
}

/** A seat held by an account; `keep`: a seat already linked stays as it is (a claim), else it is replaced. */
function linkSeat(l: SeatLink, keep: boolean): void {
  write();
  prepared(keep ? LINK_KEEP : LINK_REPLACE).run(l.tableId, l.seat, l.playerId, l.token, l.at);
}

/** With the write that ends the match: reads the ratings, writes the new ones and their history. */
function applyResult(result: MatchResult): void {
  const keys = [...new Set(result.seats.map((s) => s.key))];
  const rows = prepared("SELECT * FROM ratings WHERE game = ? AND player_key IN (SELECT value FROM json_each(?))").all(result.game, JSON.stringify(keys)) as RatingRow[];
  if (!ratingChanges) throw new Error("rating-changes.ts is not loaded yet");
  // The pair of accounts that met most in this game lately: repeated matches count less, then not at all.
  const since = result.at - REPEAT_WINDOW_MS;
  const earlier = Math.max(0, ...ratingChanges.accountPairs(result).map(([a, b]) => (prepared(sqlite(PAIR_MATCHES)).get(a, b, result.game, since) as { n: number }).n));
  for (const { change, played, won } of ratingChanges.changesFor(result, rows.map(fromRatingRow), earlier)) {
    write();
    prepared(`INSERT INTO ratings (player_key, game, mu, sigma, played, won, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (player_key, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, played = excluded.played, won = excluded.won, updated_at = excluded.updated_at`).run(
      change.key,
      result.game,
      change.after.mu,
      change.after.sigma,
      played,
      won,
      result.at,
    );
    write();
    prepared("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
      result.tableId,
      change.key,
      result.game,
      change.after.mu,
      change.after.sigma,
      change.rank,
      change.won ? 1 : 0,
      result.at,
    );
  }
}

function openSession(session: SessionRecord, links: readonly SeatLink[]): void {
  // the account's sessions that have expired go as it opens a new one
  run(openSessionStatements(session));
  for (const l of links) linkSeat(l, true);
}

/** Statements in `$1` style (account-sql.ts), each counted as a write. */
function run(statements: readonly AccountStatement[]): void {
  for (const s of statements) {
    write();
    prepared(sqlite(s.sql)).run(...s.params);
  }
}

function apply(w: WriteOp): void {
  switch (w.op) {
    case "saveTable":
      // `also.expected` is for several processes (PostgreSQL): one SQLite process owns every table.
      upsert(w.table);
      if (w.also.link) linkSeat(w.also.link, false);
      if (w.also.result) applyResult(w.also.result);
      return;
    case "saveTables":
      for (const t of w.tables) upsert(t);
      for (const l of w.links) linkSeat(l, false);
      return;
    case "appendAction": {
      const e = w.entry;
      write();
      prepared("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES (?, ?, ?, ?, ?, ?)").run(w.tableId, e.version, e.seat, JSON.stringify(e.action), e.by, e.at);
      if (w.table) upsert(w.table);
      if (w.result) applyResult(w.result);
      return;
    }
    case "insertPlayer": {
      const p = w.player;
      write();
      prepared("INSERT INTO players (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)").run(p.id, p.name, p.nameKey, p.passwordHash, p.createdAt);
      openSession(w.session, w.links);
      return;
    }
    case "insertSession":
      openSession(w.session, w.links);
      return;
    case "deleteSession":
      write();
      prepared("DELETE FROM sessions WHERE token_hash = ?").run(w.tokenHash);
      return;
    case "changePassword":
      write();
      prepared("UPDATE players SET password_hash = ? WHERE id = ?").run(w.passwordHash, w.playerId);
      write();
      prepared("DELETE FROM sessions WHERE player_id = ?").run(w.playerId);
      openSession(w.session, []);
      return;
    case "markLearnt":
      write();
      prepared("INSERT INTO learnt (player_id, game, at) VALUES (?, ?, ?) ON CONFLICT (player_id, game) DO NOTHING").run(w.playerId, w.game, w.at);
      return;
    case "appendChat": {
      const m = w.message;
      write();
      prepared("INSERT INTO chat (table_id, id, channel, seat, name, text, at, author, address_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run(w.tableId, m.id, m.channel, m.seat, m.name, m.text, m.at, m.author ?? null, m.addressHash ?? null);
      return;
    }
    case "saveReview":
      write();
      prepared("INSERT INTO reviews (table_id, seat, review, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").run(w.tableId, w.seat, w.review, w.at);
      return;
    case "puzzles":
      for (const statement of puzzleStatements(w.write)) {
        write();
        prepared(sqlite(statement.text)).run(...(statement.values as unknown[]));
      }
      return;
    case "moderate":
      for (const statement of moderationStatements(w.write)) {
        write();
        prepared(sqlite(statement.text)).run(...(statement.values as unknown[]));
      }
      return;
    case "account":
      run(w.statements);
      return;
    case "takeEpoch":
      write();
      prepared("UPDATE tables SET epoch = epoch + 1 WHERE id = ?").run(w.tableId);
      return;
    case "setFollow":
      write();
      if (w.on) prepared("INSERT INTO follows (follower, followee, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(w.follower, w.followee, w.at);
      else prepared("DELETE FROM follows WHERE follower = ? AND followee = ?").run(w.follower, w.followee);
      return;
    case "setBlock":
      write();
      if (!w.on) {
        prepared("DELETE FROM blocks WHERE blocker = ? AND blocked = ?").run(w.blocker, w.blocked);
        return;
      }
      prepared("INSERT INTO blocks (blocker, blocked, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(w.blocker, w.blocked, w.at);
      write();
      prepared("DELETE FROM follows WHERE (follower = ? AND followee = ?) OR (follower = ? AND followee = ?)").run(w.blocker, w.blocked, w.blocked, w.blocker);
      return;
    case "saveInvitation": {
      const i = w.invitation;
      write();
      prepared("INSERT INTO invitations (id, table_id, from_player, to_player, created_at, expires_at, state, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(i.id, i.tableId, i.from, i.to, i.createdAt, i.expiresAt, i.state, i.usedAt);
      return;
    }
    case "answerInvitation":
      write();
      prepared("UPDATE invitations SET state = ?, used_nonce = ?, used_at = ? WHERE id = ? AND state = 'pending'").run(w.state, w.nonce, w.at, w.id);
      return;
  }
}

function sent(error: unknown): SentError {
  if (error instanceof HookFailure) return { name: "HookFailure", message: error.message, hook: error.n };
  const e = error as { name?: string; message?: string; code?: unknown };
  return { name: e.name ?? "Error", message: e.message ?? String(error), ...(typeof e.code === "string" ? { code: e.code } : {}) };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** One transaction, one savepoint per write, one COMMIT; throws if the batch as a whole failed. */
function runBatch(batch: readonly WriteOp[]): SentOutcome[] {
  followRefusal();
  prepared("BEGIN IMMEDIATE").run();
  try {
    const outcomes = batch.map((w): SentOutcome => {
      prepared("SAVEPOINT grimoire_write").run();
      try {
        apply(w);
        prepared("RELEASE grimoire_write").run();
        return { ok: true };
      } catch (error) {
        // Some failures (a full disk, I/O) roll the whole transaction back: then the batch fails.
        if (!db.inTransaction) throw error;
        prepared("ROLLBACK TO grimoire_write").run();
        prepared("RELEASE grimoire_write").run();
        return { ok: false, error: sent(error) };
      }
    });
    const delay = Atomics.load(shared, COMMIT_DELAY);
    if (delay > 0) Atomics.wait(pause, 0, 0, delay);
    prepared("COMMIT").run();
    return outcomes;
  } catch (error) {
    if (db.inTransaction) prepared("ROLLBACK").run();
    throw error;
  }
}

const endsRatedMatch = (w: WriteOp): boolean => (w.op === "appendAction" && w.result !== null) || (w.op === "saveTable" && Boolean(w.also.result));

/**
 * Batches come one at a time (the group commit waits for each), and `close` after the last. Each
 * message is read from the inbox after a bump of `WAKE`; in between, the thread sleeps in
 * `Atomics.wait`. Until the rating code has loaded (an import, which needs this thread's event
 * loop) it waits with `Atomics.waitAsync` instead, its event loop kept alive meanwhile.
 */
async function serve(): Promise<void> {
  const keepAlive = setInterval(() => {}, 1 << 30);
  for (;;) {
    // Read before the inbox: a message posted after this still finds WAKE changed below.
    const seen = Atomics.load(shared, WAKE);
    for (let received = receiveMessageOnPort(data.inbox); received; received = receiveMessageOnPort(data.inbox)) {
      const message = received.message as WriterIn;
      if (message.type === "close") {
        db.close();
        clearInterval(keepAlive);
        send({ type: "closed" });
        return;
      }
      if (!ratingChanges && message.writes.some(endsRatedMatch)) ratingChanges = await ratingChangesLoaded;
      try {
        send({ type: "batch", id: message.id, outcomes: runBatch(message.writes) });
      } catch (error) {
        send({ type: "batch", id: message.id, failed: sent(error) });
      }
    }
    if (ratingChanges) Atomics.wait(shared, WAKE, seen);
    else {
      const waiting = waitAsync(shared, WAKE, seen);
      if (waiting.async) await waiting.value;
    }
  }
}

send({ type: "ready" });
void serve();
