// Whether anyone is at a table, and the end of a table nobody is at. "At the table" is a human seat
// still in the match (not resigned) connected to some process; spectators do not count. While
// nobody is, nothing is played for a human seat (no stand-in bot, no clock hand-over, no grace
// period): nobody is waiting for it. A real-time table nobody has been at for `abandonMs` (30
// minutes by default), or a turn-based table whose clock runs out for a human seat while nobody
// is at it, is abandoned: over, with no result and unrated (`meta.abandoned`). When nobody has
// been at it since is kept in its row (`meta.unattendedSince`), so a restart keeps the count and
// every process's lobby can leave it out.
import type { TableRecord } from "../storage.ts";
import { eventsHash } from "./types.ts";
import { isResigned } from "./match.ts";
import type { TableActor } from "./TableActor.ts";

/** A real-time table nobody is at is abandoned after this long (ABANDON_MINUTES). */
export const DEFAULT_ABANDON_MS = 30 * 60_000;

/** The human seats still in the match (not resigned). */
export function playerSeats(record: TableRecord): number[] {
  return record.seats.flatMap((s, seat) => (s.kind === "human" && !isResigned(record, seat) ? [seat] : []));
}

/**
 * Someone is at the table (as this process knows: its own connections, and the owner's word or
 * the other processes' presence): a human seat still in the match connected, or a table waiting
 * for players. A table with no human seat left in the match is nobody's.
 */
export function attended(live: TableActor): boolean {
  if (live.record.status === "open") return true;
  const present = live.audience.present();
  return playerSeats(live.record).some((seat) => present.includes(seat));
}

/**
 * On the owner, after every change: whether nobody is at the table, and since when (null: someone
 * is, or the match needs nobody). Keeps `meta.unattendedSince` in step, with a best-effort write
 * (a lost one is written again by the next change, and a restart counts from then at worst).
 */
export function unattendedSince(live: TableActor): number | null {
  const { record } = live;
  const players = playerSeats(record);
  const nobody = record.status === "playing" && players.length > 0 && !attended(live);
  const stored = record.meta.unattendedSince ?? null;
  let since: number | null = null;
  if (nobody) {
    const now = live.env.clock.now();
    // The last one to leave (a restart makes everyone away from then); kept once counted.
    since = stored ?? Math.max(...players.map((seat) => live.audience.awaySince[seat] ?? now));
  }
  if (since !== stored) {
    const next: TableRecord = { ...record, meta: { ...record.meta, unattendedSince: since } };
    live.record = next;
    void live.serialize(async () => {
      if (live.record.meta.unattendedSince !== since || !live.owned || live.env.closed) return;
      await live.env.storage.saveTable(live.record).catch((error: Error) => live.env.log(`table ${record.id}: storage: noting who is at the table failed: ${error.message}`));
    });
  }
  return since;
}

/**
 * The table is abandoned (on its owner, in its queue): nobody is at it still, and it is still the
 * match of `version`. One write; then it ends like a finished match (everyone watching is told,
 * it leaves memory once unwatched). `why` is logged.
 */
export function abandon(live: TableActor, version: number, why: string): Promise<void> {
  return live.serialize(async () => {
    if (live.env.closed || !live.owned || live.record.status !== "playing" || live.version !== version || attended(live)) return;
    const record: TableRecord = {
      ...live.record,
      status: "over",
      outcome: null,
      deadline: null,
      eventsHash: eventsHash(live.history.map((h) => h.events)),
      meta: { ...live.record.meta, abandoned: true },
    };
    try {
      await live.write("abandoning the table", () => live.env.storage.saveTable(record, live.fence()));
    } catch {
      live.scheduler.retryLater();
      return;
    }
    live.record = record;
    live.env.log(`table ${record.id}: abandoned (${why})`);
    live.ended();
  });
}
