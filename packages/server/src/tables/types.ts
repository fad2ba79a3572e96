// What the hub, the table actors and the other processes share: the clock, the typed error, the
// subscriber a connection is to a table, and the calls forwarded to a table's owner (cluster.ts).
import { createHash } from "node:crypto";
import type { BotLevel, ErrorCode, ErrorParams, ServerOut, WireViewer } from "../protocol.ts";
import type { ChatRecord, LoggedAction, TableRecord } from "../storage.ts";

/** The account of whoever joins, when logged in. */
export interface Account {
  readonly id: string;
  readonly name: string;
}

/** The seed of every server review's own random draws: a review depends on the record alone. */
export const REVIEW_SEED = 1;

/** Real time, injected so tests can drive clocks and grace periods. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A join as the hub takes it: the display name, a seat if asked, and a guest's browser key (set by the server, never by the client). */
export interface JoinRequest {
  readonly name: string;
  readonly seat?: number | undefined;
  readonly guest?: string | undefined;
}

export class HubError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** A storage call for a route: a HubError passes through; any other failure is logged and refused `unavailable`. */
export function storageCall(log: (line: string) => void) {
  return async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof HubError) throw error;
      log(`storage: ${what} failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
  };
}

/**
 * Several processes: the change reached a process that no longer (or not yet) owns the table;
 * nothing changed. `moved: 1` lets a forwarding process (cluster.ts) ask the new owner at once.
 */
export function movedError(message = "this table moved to another process, try again"): HubError {
  return new HubError("unavailable", message, { retryAfterMs: 500, moved: 1 });
}

/** Whether a refusal says the table changed hands (nothing changed: the change can go to its new owner). */
export function isMoved(error: unknown): boolean {
  return error instanceof HubError && error.params?.["moved"] === 1;
}

/**
 * Multi-process mode (cluster.ts). The hub calls it for tables it does not own, and tells it
 * what the owner wrote so the other processes follow.
 */
export interface Coordinator {
  /** Takes the lease of a table this process just created; false if it could not. */
  claim(tableId: string): Promise<boolean>;
  /** The owner wrote a change (and `entry`, an action): the other processes follow it. */
  published(record: TableRecord, entry: LoggedAction | null, present: number[]): void;
  /** The owner stored a chat message: the other processes send it to their clients who may read it. */
  chatted(tableId: string, message: ChatRecord): void;
  /** Runs a change on the table's owner (`Hub.perform` there) and resolves to its answer, or rejects with its HubError. */
  forward(call: OwnerCall): Promise<unknown>;
  /** The seats connected to this process at a table it follows (sent to the owner). */
  presence(tableId: string, seats: number[]): void;
  /** This process no longer owns the table (an append refused, or a finished or cancelled table left its memory). */
  released(tableId: string): void;
  /** The table is about to be read here (a client arrives, a change is asked): hear its owner's changes from now on. */
  watch(tableId: string): Promise<void>;
  /** The right to compute a review (`key`: "table/seat") for every process, or how far the process that has it is. */
  claimReview(key: string): Promise<ReviewClaim | { done: number }>;
  /** An account's seat tokens at this table were replaced: every process closes its connections holding an old one. */
  tokensReplaced(tableId: string): void;
}

/** This process computes a review for every process until it lets it go (stored or failed). */
export interface ReviewClaim {
  progress(done: number): void;
  release(): void;
}

/**
 * A change asked of a process that does not own the table: sent to the owner, which runs it
 * (`Hub.perform`) as if its own client had asked. Checks that need the connection (who is seated,
 * the chat's rate and text) are made where the client is; the rest where the table is written.
 */
export type OwnerCall =
  | { kind: "act"; table: string; seat: number; action: unknown }
  | { kind: "join"; table: string; raw: JoinRequest; account: Account | null; invited?: boolean }
  | { kind: "resign"; table: string; seat: number }
  | { kind: "reclaim"; table: string; seat: number }
  | { kind: "rematch"; table: string; seat: number }
  | { kind: "cancel"; table: string; creatorToken: string | null; account?: Account | null }
  | { kind: "seat-bot"; table: string; seat: number; creatorToken: string | null; level: BotLevel; account?: Account | null }
  | { kind: "chat"; table: string; draft: ChatDraft }
  /** Not a change: the seats the owner's match waits for ("your tables" on another process). */
  | { kind: "waiting"; table: string };

/** A checked chat message, before the owner numbers, dates and stores it. */
export type ChatDraft = Pick<ChatRecord, "channel" | "seat" | "name" | "text" | "author" | "addressHash">;

/** What a table asks of the accounts' relations before a seat is taken or a rematch made (social.ts). */
export interface SeatPolicy {
  checkJoin(record: TableRecord, account: Account | null, invited: boolean, rating: () => Promise<number>): Promise<void>;
  checkRematch(record: TableRecord): Promise<void>;
  /** Whether `viewer` hides the chat of `writer` (account ids). */
  hides(viewer: string | null | undefined, writer: string | null | undefined): boolean;
}

/** One connected client, as the hub sees it. */
export interface Subscriber {
  readonly viewer: WireViewer;
  /** The account of the connection's session cookie (its id), if any: a spectator seated under it reads as a player. */
  readonly account?: string | null;
  /** A guest browser's key (accounts.ts `GUEST_COOKIE`, hashed): a spectator of a guest seat's browser reads as a player. */
  readonly guest?: string | null;
  /** The client's address: a spectator's chat rate is counted per address, not per connection. */
  readonly address?: string;
  /** The seat token this connection said hello with (an account's seat token may be replaced later). */
  readonly token?: string;
  send(message: ServerOut): void;
  /** Ends the connection (its seat's token was replaced). */
  close?(): void;
}


export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** SHA-256 of every event of a match, in order (what `grimoire verify` recomputes). */
export function eventsHash(events: readonly (readonly unknown[])[]): string {
  return sha256(JSON.stringify(events));
}
