// Owner forwarding (several processes, cluster.ts): a change asked of a table followed here is sent
// to its owner as an `OwnerCall`, and a call another process forwarded is run here by `perform`
// as if this process's own client had asked.
import type { BotLevel, TableInfo } from "../protocol.ts";
import type { TableActor } from "./TableActor.ts";
import type { TableDirectory } from "./TableDirectory.ts";
import type { Account, JoinRequest, OwnerCall } from "./types.ts";

/** The changes `perform` runs: the hub's own (which route to the table actor). */
export interface OwnerChanges {
  act(tableId: string, seat: number, raw: unknown): Promise<number>;
  join(tableId: string, raw: JoinRequest, account: Account | null, invited?: boolean): Promise<{ table: TableInfo; seat: number; token: string }>;
  resign(tableId: string, seat: number): Promise<number>;
  reclaim(tableId: string, seat: number): Promise<number>;
  rematch(tableId: string, seat: number): Promise<string | null>;
  cancel(tableId: string, creatorToken: string | null, account: Account | null): Promise<TableInfo>;
  seatBot(tableId: string, seat: number, creatorToken: string | null, level: BotLevel, account: Account | null): Promise<TableInfo>;
}

/** A change for the table's owner (several processes only). */
export function forward<T>(tables: TableDirectory, call: OwnerCall): Promise<T> {
  return tables.coordinator!.forward(call) as Promise<T>;
}

/**
 * A change forwarded to the owner, answered once this process has sent its clients what the
 * owner published for it: the owner publishes before it answers, Redis keeps their order, and
 * the published change is queued on this table before the answer arrives.
 */
export async function forwardChange<T>(tables: TableDirectory, live: TableActor, call: OwnerCall): Promise<T> {
  const answer = await forward<T>(tables, call);
  await live.serialize(async () => {});
  return answer;
}

/** Runs a change another process forwarded; this process owns the table (cluster.ts checked). */
export async function perform(changes: OwnerChanges, tables: TableDirectory, call: OwnerCall): Promise<unknown> {
  switch (call.kind) {
    case "act":
      return changes.act(call.table, call.seat, call.action);
    case "join":
      return changes.join(call.table, call.raw, call.account, call.invited === true);
    case "resign":
      return changes.resign(call.table, call.seat);
    case "reclaim":
      return changes.reclaim(call.table, call.seat);
    case "rematch":
      return changes.rematch(call.table, call.seat);
    case "cancel":
      return changes.cancel(call.table, call.creatorToken, call.account ?? null);
    case "seat-bot":
      return changes.seatBot(call.table, call.seat, call.creatorToken, call.level, call.account ?? null);
    case "chat":
      return tables.live(call.table).chat.post(call.draft);
    case "waiting":
      return tables.live(call.table).waiting();
  }
}
