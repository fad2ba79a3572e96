// The changes of a table beyond an act, each run in the table's queue on its owner: a seat taken
// (a join, or a bot the creator seats; the last one starts the match), the creator's cancel, a
// resignation, a seat taken back from its bot, and the rematch. Each is one write, then memory
// and everyone watching follow.
import { randomBytes } from "../random.ts";
import { botNames, endedByResignation, waitingSeats } from "@grimoire/engine";
import type { BotLevel, ServerOut, TableInfo } from "../protocol.ts";
import { botKey } from "../ratings.ts";
import type { SeatLink, SeatRecord, TableRecord, TableWrite } from "../storage.ts";
import { deadlineAfter, endOf, isResigned, ratedEnd, refuseUnlessPlaying, tableLevel, withoutTakeover } from "./match.ts";
import { sync } from "./projections.ts";
import { TableActor } from "./TableActor.ts";
import { HubError, movedError, sha256, type Account, type JoinRequest } from "./types.ts";

/** Takes a seat; logged in (`account`), the seat is the account's: its name, and linked to it in the same write. */
export function join(live: TableActor, raw: JoinRequest, account: Account | null, invited = false): Promise<{ table: TableInfo; seat: number; token: string }> {
  const { clock } = live.env;
  const tableId = live.record.id;
  return live.serialize(async () => {
    await live.reconcile();
    if (live.record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
    if (!live.owned) throw movedError();
    if (live.record.status !== "open") throw new HubError("already-started", "the match has already started");
    const seats = live.record.seats;
    let seat: number;
    if (raw.seat !== undefined) {
      if (raw.seat >= seats.length) throw new HubError("bad-seats", `this table has ${seats.length} seats`);
      if (seats[raw.seat]!.kind !== "open") throw new HubError("seat-taken", `seat ${raw.seat} is taken`);
      seat = raw.seat;
    } else {
      seat = seats.findIndex((s) => s.kind === "open");
      if (seat < 0) throw new HubError("table-full", "every seat is taken");
    }
    // Blocks, a friends-only table, a rating range (social.ts): checked where the seat is written.
    const ordinalOf = async () => (account ? ((await live.env.ratingsOf(live.game.id, [account.id])).get(account.id) ?? 0) : 0);
    await live.env.policy?.checkJoin(live.record, account, invited, ordinalOf);
    const token = randomBytes(24).toString("base64url");
    const rating = account && live.record.rated ? ((await live.env.ratingsOf(live.game.id, [account.id])).get(account.id) ?? null) : null;
    const taken: SeatRecord = { kind: "human", name: account ? account.name : raw.name, level: null, tokenHash: sha256(token), takeover: false, player: account?.id ?? null, rating, ...(!account && raw.guest ? { guestKey: raw.guest } : {}) };
    // Logged in, the seat is linked to the account in the same write as the seat itself.
    const link = account ? { playerId: account.id, tableId, seat, token, at: clock.now() } : undefined;
    await fillSeat(live, seat, taken, "a join", () => {
      live.audience.awaySince[seat] = clock.now();
    }, { link, ...live.fence() });
    return { table: live.info(), seat, token };
  });
}

/** Seats someone (a player or a bot); the last seat starts the match: the seat and the start are one write. */
async function fillSeat(live: TableActor, seat: number, filled: SeatRecord, what: string, onFilled: () => void = () => {}, also: TableWrite = {}): Promise<void> {
  const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i): SeatRecord => (i === seat ? filled : s)) };
  let state: unknown = null;
  if (record.seats.every((s) => s.kind !== "open")) {
    state = live.game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
    record.status = "playing";
    record.deadline = deadlineAfter(record, null, live.game.decision(state), live.env.clock.now());
  }
  await live.write(what, () => live.env.storage.saveTable(record, also));
  live.record = record;
  onFilled();
  if (state !== null) live.started(state);
  else live.audience.broadcastTable();
}

/** The creator cancels a table still waiting for players (`check`: it is open, and asked by its creator). */
export function cancel(live: TableActor, check: () => Promise<unknown>): Promise<TableInfo> {
  return live.serialize(async () => {
    await check();
    const record: TableRecord = { ...live.record, status: "cancelled" };
    await live.write("cancelling a table", () => live.env.storage.saveTable(record));
    live.record = record;
    live.env.log(`table ${record.id}: cancelled by its creator`);
    live.audience.broadcastTable();
    const info = live.info();
    live.evictIfDone();
    return info;
  });
}

/** The creator fills an open seat with a bot of `level` (`check`: as for `cancel`). */
export function seatBot(live: TableActor, seat: number, level: BotLevel, check: () => Promise<unknown>): Promise<TableInfo> {
  return live.serialize(async () => {
    await check();
    const seats = live.record.seats;
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats.length) throw new HubError("bad-seats", `this table has ${seats.length} seats`, { min: 1, max: seats.length });
    if (seats[seat]!.kind !== "open") throw new HubError("seat-taken", `seat ${seat} is taken`);
    // A name no other seat has (bots are told apart by name).
    const taken = new Set(seats.map((s) => s.name));
    const name = botNames(seats.length + 8, randomBytes(1)[0]!).find((n) => !taken.has(n))!;
    // At a rated table the bot is rated as its level, like the bots chosen at creation.
    const rating = live.record.rated ? ((await live.env.ratingsOf(live.game.id, [botKey(level)])).get(botKey(level)) ?? null) : null;
    await fillSeat(live, seat, { kind: "bot", name, level, tokenHash: null, takeover: false, rating }, "a seat given to a bot");
    live.env.log(`table ${live.record.id}: seat ${seat} given to a bot (${level}) by the creator`);
    return live.info();
  });
}

/**
 * A seat resigns (see the engine's `outcomeWithResignations`): when one seat is left it wins at
 * once; otherwise a bot of the table's level plays the resigned seat out, and it cannot win.
 */
export function resign(live: TableActor, seat: number): Promise<number> {
  return live.serialize(async () => {
    await live.reconcile();
    refuseUnlessPlaying(live.record);
    if (isResigned(live.record, seat)) throw new HubError("already-resigned", "this seat has already resigned");
    const resigned = [...live.record.meta.resigned, { seat, version: live.version }];
    const record: TableRecord = {
      ...live.record,
      seats: live.record.seats.map((s, i) => (i === seat ? { ...s, level: tableLevel(live.record) } : s)),
      meta: { ...live.record.meta, resigned },
    };
    const over = endedByResignation(record.seats.length, resigned);
    if (over) Object.assign(record, endOf(record, live.game, live.state, live.history.map((h) => h.events)));
    // Ended by resigning, a rated match updates ratings in the same write, as any end does.
    const end = over ? ratedEnd(record, live.history, live.env.clock.now()) : null;
    if (end) record.meta = end.record.meta;
    const result = end?.result ?? null;
    await live.write("a resignation", () => live.env.storage.saveTable(record, { result }));
    live.record = record;
    live.env.log(`table ${record.id}: seat ${seat} resigned${over ? ", the match is over" : ", a bot plays it out"}`);
    if (over) live.ended();
    else {
      live.audience.broadcastTable();
      live.scheduler.schedule();
    }
    return live.version;
  });
}

/**
 * The seat's player takes its seat back from the bot standing in for it: the flag is cleared (one
 * write), everyone is told, and the clock gives the seat a full turn if it is its decision now.
 */
export function reclaim(live: TableActor, seat: number): Promise<number> {
  const { clock } = live.env;
  return live.serialize(async () => {
    await live.reconcile();
    if (live.record.status !== "playing") throw new HubError(live.record.status === "open" ? "not-started" : "game-over", "the match is not being played");
    if (!live.record.seats[seat]?.takeover) return live.version;
    const record: TableRecord = { ...live.record, seats: live.record.seats.map((s, i) => (i === seat ? withoutTakeover(s) : s)) };
    const waiting = waitingSeats(live.game.decision(live.state));
    if (record.turnSeconds !== null && waiting.includes(seat)) record.deadline = Math.max(record.deadline ?? 0, clock.now() + record.turnSeconds * 1000);
    await live.write("taking a seat back", () => live.env.storage.saveTable(record));
    live.record = record;
    live.audience.awaySince[seat] = null;
    live.env.log(`table ${record.id}: seat ${seat} takes its seat back from the bot`);
    live.audience.broadcastTable();
    // The new deadline reaches every viewer with the picture.
    live.audience.fanOut((viewer) => sync(live, viewer));
    live.scheduler.schedule();
    return live.version;
  });
}

/**
 * A seat accepts a rematch of a finished match. Once every human seat has (bots always do), the
 * new table is made: same game, options, seats (a seat's token holds the same seat there), clock,
 * a new seed; it is linked from this one, in one write, and everyone watching is sent to it.
 * Resolves to the new table's id, or null while others have still to accept.
 */
export function rematch(live: TableActor, seat: number): Promise<string | null> {
  const { env } = live;
  const { storage, clock } = env;
  return live.serialize(async () => {
    await live.reconcile();
    const { record, game } = live;
    if (record.status === "cancelled") throw new HubError("rematch-closed", "this table was cancelled");
    if (record.status !== "over") throw new HubError("not-finished", "a rematch is offered once the match is over");
    if (record.meta.rematchNext !== null) return record.meta.rematchNext;
    // No rematch between accounts one of which blocks the other.
    await env.policy?.checkRematch(record);
    const accepted = [...new Set([...record.meta.rematchAccepted, seat])].sort((a, b) => a - b);
    const humans = record.seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));
    if (!humans.every((h) => accepted.includes(h))) {
      const waiting: TableRecord = { ...record, meta: { ...record.meta, rematchAccepted: accepted } };
      await live.write("a rematch acceptance", () => storage.saveTable(waiting));
      live.record = waiting;
      live.audience.broadcastTable();
      return null;
    }
    const seed = randomBytes(16).toString("hex");
    const id = randomBytes(9).toString("base64url");
    // The accounts keep their seats: linked to the new table with the same tokens, in the same write.
    let held: SeatLink[];
    try {
      held = await storage.tableLinks(record.id);
    } catch (error) {
      env.log(`table ${record.id}: storage: reading its seat links failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    const links = held.map((l) => ({ ...l, tableId: id, at: clock.now() }));
    // Ratings as they are now (the last match changed them), for a rated table.
    const keyOf = (s: SeatRecord) => (s.kind === "human" ? (s.player ?? null) : s.kind === "bot" && s.level ? botKey(s.level) : null);
    const keys = record.seats.flatMap((s) => keyOf(s) ?? []);
    const ratings = record.rated ? await env.ratingsOf(game.id, keys) : new Map<string, number>();
    const next: TableRecord = {
      ...record,
      id,
      seats: record.seats.map((s) => {
        const key = keyOf(s);
        const rating = key !== null && ratings.has(key) ? { rating: ratings.get(key)! } : {};
        return { ...s, level: s.kind === "bot" ? s.level : null, takeover: false, ...rating };
      }),
      status: "playing",
      seed,
      seedHash: sha256(seed),
      outcome: null,
      createdAt: clock.now(),
      deadline: null,
      eventsHash: null,
      meta: {
        ...record.meta,
        banks: record.meta.bankSeconds === null ? null : record.seats.map(() => record.meta.bankSeconds! * 1000),
        resigned: [],
        rematchAccepted: [],
        rematchNext: null,
        rematchOf: record.id,
      },
    };
    const state = game.setup({ seats: next.seats.length, options: next.options, seed: next.seed });
    next.deadline = deadlineAfter(next, null, game.decision(state), clock.now());
    const linked: TableRecord = { ...record, meta: { ...record.meta, rematchAccepted: accepted, rematchNext: next.id } };
    await live.write("a rematch", () => storage.saveTables([next, linked], links));
    live.record = linked;
    const nextLive = new TableActor(env, next, game, live.owner);
    nextLive.chat.empty();
    nextLive.audience.awaySince = next.seats.map((s) => (s.kind === "human" ? clock.now() : null));
    // Several processes: the new table is this process's, as a created one (else the next sweep takes it).
    await env.adopt(nextLive);
    env.log(`table ${record.id}: rematch ${next.id}`);
    nextLive.started(state);
    live.audience.broadcastTable();
    const message: ServerOut = { type: "rematch", tableId: next.id };
    live.sendAll(message);
    return next.id;
  });
}
