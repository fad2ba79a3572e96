// A table's rules around the engine, as pure functions of its row: who resigned, when a seat's
// time is up, the clock and time banks after a decision, the row at the end of a match.
import { outcomeWithResignations, waitingSeats, type AnyGame, type Decision } from "@grimoire/engine";
import type { BotLevel } from "../protocol.ts";
import { endedTooEarly, matchResultOf, ownDecisions, type MatchResult } from "../ratings.ts";
import type { SeatRecord, TableRecord } from "../storage.ts";
import { eventsHash, HubError } from "./types.ts";

/** The level of a table's bots (the first bot seat's), for a bot that plays out a resigned seat. */
export function tableLevel(record: TableRecord): BotLevel {
  return record.seats.find((s) => s.kind === "bot")?.level ?? "medium";
}

/** When `seat`'s time is really up: the turn's deadline plus what is left of its bank. */
export function seatDeadline(record: TableRecord, seat: number): number | null {
  if (record.deadline === null) return null;
  return record.deadline + (record.meta.banks?.[seat] ?? 0);
}

export function isResigned(record: TableRecord, seat: number): boolean {
  return record.meta.resigned.some((r) => r.seat === seat);
}

/** The seat with no bot standing in for it. */
export function withoutTakeover(seat: SeatRecord): SeatRecord {
  const { takeoverReason: _, ...rest } = seat;
  return { ...rest, takeover: false };
}

export function refuseUnlessPlaying(record: TableRecord): void {
  switch (record.status) {
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

/** The table row's fields at the end of a match whose events are `events`. */
export function endOf(record: TableRecord, game: AnyGame, state: unknown, events: readonly (readonly unknown[])[]): Pick<TableRecord, "status" | "outcome" | "deadline" | "eventsHash"> {
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
export function banksAfter(record: TableRecord, seat: number, now: number): number[] | null {
  const banks = record.meta.banks;
  if (banks === null || record.deadline === null) return banks;
  const over = now - record.deadline;
  if (over <= 0) return banks;
  return banks.map((left, i) => (i === seat ? Math.max(0, left - over) : left));
}

/**
 * The clock's deadline after a change: none without a clock or once over; kept while the others
 * of a simultaneous step still commit; else a full turn from now.
 */
export function deadlineAfter(record: TableRecord, before: Decision | null, after: Decision, now: number): number | null {
  if (record.turnSeconds === null || after.type === "over") return null;
  if (before !== null && record.deadline !== null && before.type === "simultaneous" && after.type === "simultaneous") {
    const was = waitingSeats(before);
    if (waitingSeats(after).every((s) => was.includes(s))) return record.deadline;
  }
  return now + record.turnSeconds * 1000;
}

/**
 * The rated result of a match that just ended (its row says so), or null when unrated. A rated
 * table whose match ended before every human seat made its own first decisions (ratings.ts) is
 * aborted: its row is marked so (`meta.aborted`) and nothing is rated.
 */
export function ratedEnd(record: TableRecord, history: readonly { readonly seat: number; readonly by: string }[], at: number): { record: TableRecord; result: MatchResult | null } {
  const result = matchResultOf(record, record.outcome!, at);
  if (result && endedTooEarly(record.seats, ownDecisions(history, record.seats.length))) return { record: { ...record, meta: { ...record.meta, aborted: true } }, result: null };
  return { record, result };
}
