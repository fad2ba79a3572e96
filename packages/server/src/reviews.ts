// Records, reviews and hints of matches: a finished match's record read from storage, the review
// of a seat's decisions (computed once by the bot workers, one process at a time, then stored),
// and a hint for the decision a seat faces now.
import { assembleReview, recordDecisions, waitingSeats, type Decision, type Review, type ReviewedDecision, type ReviewUnit } from "@grimoire/engine";
import type { MatchRecord, ReviewResponse } from "./protocol.ts";
import { hintsAllowed } from "./rated.ts";
import type { LoggedAction } from "./storage.ts";
import { TableActor } from "./tables/TableActor.ts";
import type { TableDirectory } from "./tables/TableDirectory.ts";
import { eventsHash, HubError, REVIEW_SEED, type ReviewClaim } from "./tables/types.ts";

/** When a seat that asked for a hint again while one is computed may ask again. */
const HINT_RETRY_MS = 1000;

export class Reviews {
  /** Reviews being computed, by "table/seat": progress, and the promise of the stored review. */
  private readonly reviewing = new Map<string, { done: number; total: number; finished: Promise<void> }>();
  /** Seats ("table/seat") whose hint is being computed. */
  private readonly hinting = new Set<string>();
  /** Reviews computed at once at most (`LIMIT_REVIEWS_RUNNING`); more are refused with `unavailable` until one ends. */
  maxReviewsRunning = 8;

  constructor(private readonly tables: TableDirectory) {}

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
            review$.call(this.tables.bots, { game: game.id, view: decision.view, seat, legal: decision.legal, chosen: decision.chosen, index: decision.index, seed: REVIEW_SEED, queue: `review:${key}` }).then((r) => {
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
    // One hint in flight per seat, however many connections ask: the others are told when to ask again.
    const key = `${tableId}/${seat}`;
    if (this.hinting.has(key)) throw new HubError("rate-limited", "a hint for this seat is being computed: it comes as soon as it is ready", { retryAfterMs: HINT_RETRY_MS });
    this.hinting.add(key);
    try {
      const version = live.version;
      const review = await this.tables.bots.review({
        game: live.game.id,
        view: live.game.view(live.state, seat),
        seat,
        legal: live.game.legalActions(live.state, seat),
        chosen: null,
        index: version,
        seed: REVIEW_SEED,
        queue: `hints:${tableId}`,
      });
      return { version, unit: live.game.reviewer.unit, review };
    } finally {
      this.hinting.delete(key);
    }
  }
}
