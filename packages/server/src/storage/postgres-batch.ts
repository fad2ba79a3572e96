// PostgreSQL's side of the group commit: a batch of writes is ONE transaction and ONE commit, on
// one connection of its own in pipeline mode (node-postgres sends the queued queries without
// waiting for each answer).
// Round trips: a batch of plain writes is BEGIN, every statement and COMMIT sent at once: ONE
// round trip, whatever its size (two with a commit delay: COMMIT waits for it). If a statement of
// it fails, PostgreSQL turns that COMMIT into a ROLLBACK, and the batch runs again one write at a
// time, each in its own savepoint (one round trip a write, plus BEGIN and COMMIT), so that only the
// failing write fails. Writes that read before they write (`expected`: the row as the writer knew
// it, FOR UPDATE; a rated end: the ratings FOR UPDATE) run that way too, awaiting their reads.
import type pg from "pg";
import type { MatchResult } from "../ratings.ts";
import { INITIAL as INITIAL_SKILL } from "../ratings.ts";
import type { WriteOutcome } from "./group-commit.ts";
import { REPEAT_WINDOW_MS } from "../rated.ts";
import { openSessionStatements } from "./account-sql.ts";
import { PAIR_MATCHES, fromRatingRow, fromRow, toParams, UPSERT_COLUMNS, UPSERT_UPDATE, type RatingRow, type Row } from "./schema.ts";
import { moderationStatements } from "./moderation.ts";
import { puzzleStatements } from "./puzzles.ts";
import { FencedError, StaleRowError, type Fence, type SeatLink, type SessionRecord, type TableRecord, type WriteHook, type WriteOp } from "./types.ts";

interface Statement {
  text: string;
  values: unknown[];
}

/** A write as the statements it sends (each counted by the hook as it is planned), or as a dialogue. */
type Plan = { statements: Statement[] } | { run(client: pg.PoolClient): Promise<void> };

const UPSERT = `INSERT INTO tables (${UPSERT_COLUMNS}) VALUES (${UPSERT_COLUMNS.split(",").map((_, i) => `$${i + 1}`).join(", ")})
  ON CONFLICT (id) DO UPDATE SET ${UPSERT_UPDATE}`;
const link = (keep: boolean) =>
  `INSERT INTO player_seats (table_id, seat, player_id, token, linked_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, seat) DO ${keep ? "NOTHING" : "UPDATE SET player_id = excluded.player_id, token = excluded.token, linked_at = excluded.linked_at"}`;
const LINK_REPLACE = link(false);
const LINK_KEEP = link(true);

/** The SQLSTATE `grimoire_fence` raises (schema.ts, migration 11). */
const FENCED = "GF001";

/** A write's error as the hub reads it: a fenced write's is a `FencedError`. */
function asWriteError(error: unknown): unknown {
  return (error as { code?: unknown }).code === FENCED ? new FencedError((error as Error).message) : error;
}

/** Reads before it writes: cannot be sent ahead in the pipeline. */
const converses = (w: WriteOp): boolean => (w.op === "saveTable" && Boolean(w.also.expected || w.also.result)) || (w.op === "appendAction" && w.result !== null);

export class PostgresBatches {
  private writes = 0;

  constructor(
    /** One connection, pipelined. */
    private readonly pool: pg.Pool,
    private readonly beforeWrite: WriteHook | undefined,
    private readonly log: (line: string) => void,
    /** Milliseconds each COMMIT waits (a disk stall, for tests). */
    public commitDelayMs: number,
  ) {}

  /** Each write's outcome once the COMMIT landed; rejects (every write failed) if the batch could not commit. */
  async run(batch: readonly WriteOp[]): Promise<WriteOutcome[]> {
    const client = await this.pool.connect();
    // Errors while checked out are reported on the client too: the query rejects, no crash.
    const onError = (error: Error) => this.log(`postgres: a connection failed in a transaction (${error.message})`);
    client.on("error", onError);
    let broken: Error | undefined;
    try {
      if (batch.some(converses)) return await this.oneByOne(client, batch.map((w) => () => this.plan(w)));
      const planned = batch.map((w) => attempt(() => this.plan(w)));
      const outcomes = await this.atOnce(client, planned);
      return outcomes ?? (await this.oneByOne(client, planned.map((p) => () => (p.ok ? p.value : fail(p.error)))));
    } catch (error) {
      broken = error as Error;
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.off("error", onError);
      // Give a connection that failed back as broken: the pool closes it.
      client.release(broken);
    }
  }

  /** The whole batch in one flight; null if a statement failed (then nothing was written). */
  private async atOnce(client: pg.PoolClient, planned: Attempt<Plan>[]): Promise<WriteOutcome[] | null> {
    const sent: Promise<unknown>[] = [client.query("BEGIN")];
    for (const p of planned) {
      if (p.ok && "statements" in p.value) for (const s of p.value.statements) sent.push(client.query(s.text, s.values));
    }
    const commit = this.commitDelayMs > 0 ? null : client.query("COMMIT");
    const settled = await Promise.allSettled(sent);
    const failed = settled.some((s) => s.status === "rejected");
    if (commit) {
      // After a failed statement PostgreSQL answers COMMIT with ROLLBACK: nothing was written.
      if ((await commit).command !== "COMMIT") return null;
    } else {
      if (failed) {
        await client.query("ROLLBACK");
        return null;
      }
      await this.pause();
      await client.query("COMMIT");
    }
    if (failed) throw new Error("postgres: a statement of the batch failed but it committed");
    return planned.map((p) => (p.ok ? { ok: true } : { ok: false, error: p.error }));
  }

  /** One savepoint a write: a write that fails is rolled back alone and fails with its own error. */
  private async oneByOne(client: pg.PoolClient, plans: (() => Plan)[]): Promise<WriteOutcome[]> {
    const begun = client.query("BEGIN");
    const outcomes: WriteOutcome[] = [];
    for (const plan of plans) {
      const savepoint = client.query("SAVEPOINT grimoire_write");
      try {
        await begun;
        const p = plan();
        if ("statements" in p) await settleAll([savepoint, ...p.statements.map((s) => client.query(s.text, s.values))]);
        else {
          await savepoint;
          await p.run(client);
        }
        await client.query("RELEASE SAVEPOINT grimoire_write");
        outcomes.push({ ok: true });
      } catch (error) {
        await savepoint.catch(() => {});
        await client.query("ROLLBACK TO SAVEPOINT grimoire_write; RELEASE SAVEPOINT grimoire_write");
        outcomes.push({ ok: false, error: asWriteError(error) });
      }
    }
    await this.pause();
    await client.query("COMMIT");
    return outcomes;
  }

  private async pause(): Promise<void> {
    if (this.commitDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.commitDelayMs));
  }

  /** Counts a write statement; the hook may throw (the write fails) or end the process. */
  private write(text: string, values: unknown[]): Statement {
    this.beforeWrite?.(++this.writes);
    return { text, values };
  }

  /**
   * Several processes: the first statement of a write an owner makes to its table; it fails (GF001,
   * `FencedError`) and the write with it when another process took the table over since `fence`.
   * It also locks the row, so a takeover's `takeEpoch` waits for this transaction or is seen by it.
   */
  private fenced(fence: Fence | undefined): Statement[] {
    return fence ? [this.write("SELECT grimoire_fence($1, $2)", [fence.table, fence.epoch])] : [];
  }

  private plan(w: WriteOp): Plan {
    switch (w.op) {
      case "saveTable": {
        const { table, also } = w;
        if (!also.expected && !also.result) return { statements: [...this.fenced(also.fence), this.write(UPSERT, toParams(table)), ...(also.link ? [this.linkSeat(also.link, false)] : [])] };
        const fence = this.fenced(also.fence);
        return {
          run: async (client) => {
            await sendAll(client, fence);
            if (also.expected) {
              const expected = also.expected;
              // Who holds each seat and the status: what a stale owner would overwrite (a join, the start, the end).
              const stored = await client.query<Row>("SELECT * FROM tables WHERE id = $1 FOR UPDATE", [table.id]);
              const row = stored.rows[0] ? fromRow(stored.rows[0]) : null;
              const holders = (r: TableRecord) => JSON.stringify([r.status, r.seats.map((seat) => [seat.kind, seat.tokenHash])]);
              if (!row || holders(row) !== holders(expected)) throw new StaleRowError(`table ${table.id}: the stored row changed since this process read it`);
            }
            await sendAll(client, [this.write(UPSERT, toParams(table)), ...(also.link ? [this.linkSeat(also.link, false)] : [])]);
            if (also.result) await this.applyResult(client, also.result);
          },
        };
      }
      case "saveTables":
        return { statements: [...this.fenced(w.fence), ...w.tables.map((t) => this.write(UPSERT, toParams(t))), ...w.links.map((l) => this.linkSeat(l, false))] };
      case "appendAction": {
        const e = w.entry;
        const statements = [
          ...this.fenced(w.fence),
          this.write("INSERT INTO actions (table_id, version, seat, action, by_kind, at) VALUES ($1, $2, $3, $4, $5, $6)", [w.tableId, e.version, e.seat, JSON.stringify(e.action), e.by, e.at]),
          ...(w.table ? [this.write(UPSERT, toParams(w.table))] : []),
        ];
        const result = w.result;
        if (!result) return { statements };
        return {
          run: async (client) => {
            await sendAll(client, statements);
            await this.applyResult(client, result);
          },
        };
      }
      case "insertPlayer": {
        const p = w.player;
        return {
          statements: [
            this.write("INSERT INTO players (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)", [p.id, p.name, p.nameKey, p.passwordHash, p.createdAt]),
            ...this.openSession(w.session, w.links),
          ],
        };
      }
      case "insertSession":
        return { statements: this.openSession(w.session, w.links) };
      case "deleteSession":
        return { statements: [this.write("DELETE FROM sessions WHERE token_hash = $1", [w.tokenHash])] };
      case "changePassword":
        return {
          statements: [
            this.write("UPDATE players SET password_hash = $1 WHERE id = $2", [w.passwordHash, w.playerId]),
            this.write("DELETE FROM sessions WHERE player_id = $1", [w.playerId]),
            ...this.openSession(w.session, []),
          ],
        };
      case "markLearnt":
        return { statements: [this.write("INSERT INTO learnt (player_id, game, at) VALUES ($1, $2, $3) ON CONFLICT (player_id, game) DO NOTHING", [w.playerId, w.game, w.at])] };
      case "appendChat": {
        const m = w.message;
        return { statements: [...this.fenced(w.fence), this.write("INSERT INTO chat (table_id, id, channel, seat, name, text, at, author, address_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", [w.tableId, m.id, m.channel, m.seat, m.name, m.text, m.at, m.author ?? null, m.addressHash ?? null])] };
      }
      case "moderate":
        return { statements: moderationStatements(w.write).map((s) => this.write(s.text, s.values)) };
      case "account":
        return { statements: w.statements.map((s) => this.write(s.sql, [...s.params])) };
      case "puzzles":
        return { statements: puzzleStatements(w.write).map((s) => this.write(s.text, s.values)) };
      case "takeEpoch":
        return { statements: [this.write("UPDATE tables SET epoch = epoch + 1 WHERE id = $1", [w.tableId])] };
      case "setFollow":
        return {
          statements: [
            w.on
              ? this.write("INSERT INTO follows (follower, followee, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [w.follower, w.followee, w.at])
              : this.write("DELETE FROM follows WHERE follower = $1 AND followee = $2", [w.follower, w.followee]),
          ],
        };
      case "setBlock":
        if (!w.on) return { statements: [this.write("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2", [w.blocker, w.blocked])] };
        return {
          statements: [
            this.write("INSERT INTO blocks (blocker, blocked, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [w.blocker, w.blocked, w.at]),
            this.write("DELETE FROM follows WHERE (follower = $1 AND followee = $2) OR (follower = $2 AND followee = $1)", [w.blocker, w.blocked]),
          ],
        };
      case "saveInvitation": {
        const i = w.invitation;
        return { statements: [this.write("INSERT INTO invitations (id, table_id, from_player, to_player, created_at, expires_at, state, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", [i.id, i.tableId, i.from, i.to, i.createdAt, i.expiresAt, i.state, i.usedAt])] };
      }
      case "answerInvitation":
        return { statements: [this.write("UPDATE invitations SET state = $1, used_nonce = $2, used_at = $3 WHERE id = $4 AND state = 'pending'", [w.state, w.nonce, w.at, w.id])] };
      case "saveReview":
        return { statements: [this.write("INSERT INTO reviews (table_id, seat, review, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING", [w.tableId, w.seat, w.review, w.at])] };
    }
  }

  /** A seat held by an account; `keep`: a seat already linked stays as it is (a claim), else it is replaced. */
  private linkSeat(l: SeatLink, keep: boolean): Statement {
    return this.write(keep ? LINK_KEEP : LINK_REPLACE, [l.tableId, l.seat, l.playerId, l.token, l.at]);
  }

  private openSession(session: SessionRecord, links: readonly SeatLink[]): Statement[] {
    return [
      // the account's sessions that have expired go as it opens a new one
      ...openSessionStatements(session).map((s) => this.write(s.sql, [...s.params])),
      ...links.map((l) => this.linkSeat(l, true)),
    ];
  }

  /**
   * With the write that ends the match: the rows are created if missing, then locked (FOR UPDATE,
   * in key order) so two matches ending at once with one player both count.
   */
  private async applyResult(client: pg.PoolClient, result: MatchResult): Promise<void> {
    // Loaded here, on the first rated match's end: it loads openskill (rating-changes.ts).
    const { accountPairs, changesFor } = await import("./rating-changes.ts");
    const keys = [...new Set(result.seats.map((s) => s.key))].sort();
    const created = keys.map((key) =>
      client.query("INSERT INTO ratings (player_key, game, mu, sigma, played, won, updated_at) VALUES ($1, $2, $3, $4, 0, 0, $5) ON CONFLICT (player_key, game) DO NOTHING", [
        key,
        result.game,
        INITIAL_SKILL.mu,
        INITIAL_SKILL.sigma,
        result.at,
      ]),
    );
    const locked = client.query<RatingRow>("SELECT * FROM ratings WHERE game = $1 AND player_key = ANY($2) ORDER BY player_key FOR UPDATE", [result.game, keys]);
    // The pair of accounts that met most in this game lately: repeated matches count less, then not at all.
    const pairs = accountPairs(result).map(([a, b]) => client.query<{ n: string }>(PAIR_MATCHES, [a, b, result.game, result.at - REPEAT_WINDOW_MS]));
    await settleAll([...created, locked, ...pairs]);
    const earlier = Math.max(0, ...(await Promise.all(pairs)).map((r) => Number(r.rows[0]?.n ?? 0)));
    // Rows just created hold the initial rating with nothing played: the same as none.
    const statements: Statement[] = [];
    for (const { change, played, won } of changesFor(result, (await locked).rows.map(fromRatingRow), earlier)) {
      statements.push(
        this.write("UPDATE ratings SET mu = $3, sigma = $4, played = $5, won = $6, updated_at = $7 WHERE player_key = $1 AND game = $2", [change.key, result.game, change.after.mu, change.after.sigma, played, won, result.at]),
        this.write("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", [
          result.tableId,
          change.key,
          result.game,
          change.after.mu,
          change.after.sigma,
          change.rank,
          change.won ? 1 : 0,
          result.at,
        ]),
      );
    }
    await sendAll(client, statements);
  }
}

type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

function attempt<T>(f: () => T): Attempt<T> {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

function fail(error: unknown): never {
  throw error;
}

/** Sends the statements at once (pipelined); rejects with the first failure once all have answered. */
async function sendAll(client: pg.PoolClient, statements: readonly Statement[]): Promise<void> {
  await settleAll(statements.map((s) => client.query(s.text, s.values)));
}

async function settleAll(queries: readonly Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(queries);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
}
