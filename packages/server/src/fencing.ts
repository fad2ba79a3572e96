// Several processes: every write an owner makes to its table carries the epoch of its ownership
// (`Fence`, storage.ts), so PostgreSQL refuses it in the same transaction once another process has
// taken the table over (a stale owner, paused past its lease: issue #24). The hub writes through
// this wrapper and knows nothing of epochs; the cluster says which epoch this process holds on each
// table (taken with the lease, kept after it is lost so a write still in flight stays fenced).
import type { ChatRecord, Fence, LoggedAction, SeatLink, Storage, TableRecord, TableWrite } from "./storage.ts";
import type { MatchResult } from "./ratings.ts";

/** `epochOf(table)`: this process's epoch on the table, or undefined if it never owned it (a new table). */
export function fencedStorage(storage: Storage, epochOf: (tableId: string) => number | undefined): Storage {
  const fenceOf = (table: string): Fence | undefined => {
    const epoch = epochOf(table);
    return epoch === undefined ? undefined : { table, epoch };
  };
  const overrides: Partial<Storage> = {
    saveTable: (t: TableRecord, also: TableWrite = {}) => {
      const fence = also.fence ?? fenceOf(t.id);
      return storage.saveTable(t, fence ? { ...also, fence } : also);
    },
    appendAction: (tableId: string, entry: LoggedAction, table?: TableRecord, result?: MatchResult | null, fence?: Fence) =>
      storage.appendAction(tableId, entry, table, result, fence ?? fenceOf(tableId)),
    // A rematch writes the finished table (owned here, fenced) and the new one (not yet anyone's).
    saveTables: (tables: readonly TableRecord[], links?: readonly SeatLink[], fence?: Fence) =>
      storage.saveTables(tables, links, fence ?? tables.map((t) => fenceOf(t.id)).find((f) => f !== undefined)),
    appendChat: (tableId: string, message: ChatRecord, fence?: Fence) => storage.appendChat(tableId, message, fence ?? fenceOf(tableId)),
  };
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (typeof key === "string" && key in overrides) return overrides[key as keyof Storage];
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
