// Seat tokens of accounts (issue 24, "Sessions and seats"). A seat held by an account is linked to
// it (`player_seats`) with its token; that stored token is the seat's authority from then on: a
// `hello` with it takes the seat, and once the account replaces its tokens (a password change,
// log out everywhere, a session ended, a recovery code spent), the old token is refused even
// though the table's row still holds its hash. Guests' seats keep the row's hash alone.
import { timingSafeEqual } from "node:crypto";
import { randomBytes } from "./random.ts";
import type { SeatLink, SeatToken, Storage, TableRecord } from "./storage.ts";
import { sha256 } from "./tables/types.ts";

/** Seats at most this many per account get new tokens (every seat it ever held, finished ones too: a rematch is asked with one). */
const MAX_SEATS = 100_000;

export function newSeatToken(): string {
  return randomBytes(24).toString("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A link that still speaks for its seat: the row says the same account holds it. */
function current(record: TableRecord, link: SeatLink): boolean {
  return record.seats[link.seat]?.player === link.playerId;
}

/**
 * What a token is at a table: `{ seat }` the account seat whose current token it is, `"replaced"`
 * an account seat's old token, or null (not an account seat's: the row's hash decides).
 */
export function accountSeatOf(record: TableRecord, links: readonly SeatLink[], token: string): { seat: number } | "replaced" | null {
  const linked = links.find((l) => current(record, l) && same(l.token, token));
  if (linked) return { seat: linked.seat };
  const hash = sha256(token);
  const seat = record.seats.findIndex((s) => s.tokenHash !== null && s.tokenHash === hash);
  if (seat >= 0 && links.some((l) => l.seat === seat && current(record, l))) return "replaced";
  return null;
}

/** New tokens for every seat the account holds (to write with the change that ends its sessions). */
export async function replacementTokens(storage: Pick<Storage, "playerSeats">, playerId: string): Promise<SeatToken[]> {
  const seats = await storage.playerSeats(playerId, MAX_SEATS);
  return seats.map(({ link }) => ({ tableId: link.tableId, seat: link.seat, token: newSeatToken() }));
}
