// A table's automatic moves, on the table's owner: the bots' decisions (a bot seat, a resigned seat
// played out, a seat taken over), the turn clock and time banks, grace periods of absent seats, and
// the retry with backoff while storage fails. Timers run on the injected `Clock`; the retry waits
// for storage, in real time.
import { createRng, waitingSeats, type Decision } from "@grimoire/engine";
import { randomBytes } from "../random.ts";
import type { ActorKind } from "../protocol.ts";
import type { TableRecord } from "../storage.ts";
import { abandon, unattendedSince } from "./attendance.ts";
import { isResigned, seatDeadline } from "./match.ts";
import type { TableActor } from "./TableActor.ts";

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export class Scheduler {
  private timers: unknown[] = [];
  /** Seats with a bot decision in flight for the current version. */
  private readonly pendingBots = new Set<number>();
  /** The pending retry of the table's bots and clocks after a storage failure, and its delay. */
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly table: TableActor) {}

  /** A write went through: the next failure retries soon again. */
  recovered(): void {
    this.retryMs = FIRST_RETRY_MS;
  }

  clearTimers(): void {
    for (const t of this.timers) this.table.env.clock.clearTimeout(t);
    this.timers = [];
  }

  /** Nothing more runs by itself: the timers and the retry are dropped. */
  stop(): void {
    this.clearTimers();
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
  }

  /** Retries the table's automatic moves (bots, clocks, the end) later, backing off while storage fails. */
  retryLater(): void {
    const live = this.table;
    if (this.retry !== null || live.env.closed) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    // Real time: this waits for storage, not for a player.
    this.retry = setTimeout(() => {
      this.retry = null;
      void live.serialize(() => live.resume());
    }, delay);
    this.retry.unref?.();
  }

  /**
   * After every change: bots to ask, clocks and grace periods to arm. While nobody is at the table
   * (attendance.ts), no human seat is played at a bot's speed: real time, its stand-in, its clock
   * and its grace period wait for someone to be back (a clock that ran out meanwhile plays at once
   * then); turn-based, where players come and go, its clock runs as ever and its stand-in plays
   * only when the seat's time runs out. The table's own bots (and resigned seats) still play.
   * Nobody at it for `abandonMs` (real time) or a whole turn and bank (turn-based): abandoned.
   */
  schedule(): void {
    const live = this.table;
    const { clock } = live.env;
    if (live.env.closed || !live.owned || live.record.status !== "playing") return;
    this.clearTimers();
    const decision: Decision = live.game.decision(live.state);
    const waiting = waitingSeats(decision);
    const version = live.version;
    const now = clock.now();
    const { turnSeconds, graceSeconds } = live.record;
    // A row written before deadlines were stored: a full turn from now.
    if (turnSeconds !== null && live.record.deadline === null && waiting.length > 0) live.record = { ...live.record, deadline: now + turnSeconds * 1000 };
    const unattended = unattendedSince(live);
    const turnBased = live.record.meta.mode === "turn-based" && turnSeconds !== null;
    const deadline = live.record.deadline;
    const at = (time: number, fn: () => void) => void this.timers.push(clock.setTimeout(fn, Math.max(0, time - now)));
    if (unattended !== null) {
      const patience = turnBased ? (turnSeconds + (live.record.meta.bankSeconds ?? 0)) * 1000 : live.env.abandonMs;
      at(unattended + patience, () => void abandon(live, version, `nobody at the table for ${Math.round(patience / 1000)} s`));
    }
    for (const seat of waiting) {
      const rec = live.record.seats[seat]!;
      // A resigned seat is played out by a bot of the table's level.
      const asBot = rec.kind === "bot" || isResigned(live.record, seat);
      // Nobody is at the table: nobody waits for this seat.
      const unwaited = unattended !== null && !asBot;
      if (unwaited && !turnBased) continue;
      if (asBot || (rec.takeover && !unwaited)) {
        this.askBot(seat, version, asBot ? "bot" : (rec.takeoverReason ?? "absent"), !asBot);
        continue;
      }
      if (deadline !== null) {
        const standIn = rec.takeover;
        at(seatDeadline(live.record, seat)!, () => this.askBot(seat, version, standIn ? (rec.takeoverReason ?? "absent") : "clock", standIn));
      }
      const away = live.audience.awaySince[seat];
      if (!unwaited && graceSeconds !== null && away !== null && away !== undefined) at(away + graceSeconds * 1000, () => this.takeOver(seat, version));
    }
  }

  /** A seat away past its grace period: a bot plays for it until it comes back. */
  private takeOver(seat: number, version: number): void {
    const live = this.table;
    const { awaySince } = live.audience;
    if (awaySince[seat] === null || live.version !== version) return;
    void live.serialize(async () => {
      if (live.env.closed || !live.owned || live.audience.awaySince[seat] === null || live.version !== version || live.record.status !== "playing") return;
      const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === seat ? { ...s, takeover: true, takeoverReason: "absent" } : s)) };
      try {
        await live.write("a bot take-over", () => live.env.storage.saveTable(record, live.fence()));
      } catch {
        this.retryLater();
        return;
      }
      live.record = record;
      live.audience.broadcastTable();
      this.schedule();
    });
  }

  /** `standIn`: a bot playing for a taken-over human seat (dropped if the player takes it back meanwhile). */
  private askBot(seat: number, version: number, by: ActorKind, standIn = false): void {
    const live = this.table;
    const { env } = live;
    if (this.pendingBots.has(seat) || live.version !== version || env.closed || !live.owned || live.record.status !== "playing") return;
    const { game } = live;
    const rec = live.record.seats[seat]!;
    const level = rec.level ?? "medium";
    const botName = game.levels[level];
    // Like the engine's playout: a sample for games with too many actions to list.
    const legal: unknown[] = game.sampleActions ? game.sampleActions(live.state, seat, createRng(randomBytes(16).toString("hex")), 64) : game.legalActions(live.state, seat);
    if (legal.length === 0) return;
    const view = game.view(live.state, seat);
    this.pendingBots.add(seat);
    const decided =
      legal.length === 1
        ? Promise.resolve({ action: legal[0], source: "bot" as const })
        : env.bots.decide({ game: game.id, bot: botName, view, seat, legal, table: live.record.id, group: live.owner || live.record.id, waitedOn: live.record.seats.some((s) => s.kind === "human") });
    void decided.then((answer) =>
      live.serialize(async () => {
        this.pendingBots.delete(seat);
        if (env.closed || !live.owned) return;
        // Stale (someone else acted meanwhile, or the player took the seat back): ask again for the current decision.
        if (live.version !== version || (standIn && !live.record.seats[seat]!.takeover)) {
          this.schedule();
          return;
        }
        try {
          await live.submit(seat, answer.action, by, version);
        } catch (error) {
          env.log(`table ${live.record.id}: bot for seat ${seat} failed: ${(error as Error).message}`);
          // Storage down (or anything else): ask again later, so the table never stops.
          this.retryLater();
        }
      }),
    );
  }
}
