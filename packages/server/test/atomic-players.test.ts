// Atomicity for players: a child server SIGKILLs itself just before its N-th write, for every N
// over a sequence of two account creations, a password change, a rated table, two joins while
// logged in, and the match played to its end, on SQLite and PostgreSQL. After each crash a fresh
// server on the same data finds every acknowledged account and session, the password change whole
// or not at all, every acknowledged join with its seat link, and ratings if and only if the match
// is over (once each); then it finishes the match, whose end rates both players exactly once.
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../src/accounts.ts";
import { sha256 } from "../src/index.ts";
import { childProcesses } from "./support/children.ts";
import { connectSeats, everyCrashPoint, firstLegal } from "./support/crash.ts";
import { postgresPlace, sqlitePlace } from "./support/stores.ts";

const { spawnServer } = childProcesses();
const NAMES = ["Ann", "Bob"] as const;
const places = [sqlitePlace, postgresPlace];

async function post(url: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: any; cookie: string | null }> {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null };
}

interface Acknowledged {
  /** Session cookies of the accounts whose creation was answered. */
  cookies: string[];
  /** Ann's session before her password change, once the change was answered. */
  replaced: string | null;
  tableId: string | null;
  tokens: string[];
  /** The match reached its end with every request answered (no crash point was reached). */
  finished: boolean;
}

async function sequence(url: string, port: number, died: () => boolean): Promise<Acknowledged> {
  const acked: Acknowledged = { cookies: [], replaced: null, tableId: null, tokens: [], finished: false };
  try {
    for (const name of NAMES) {
      const created = await post(url, "/api/account", { name, password: `${name}-password` });
      if (created.status !== 200 || !created.cookie) return acked;
      acked.cookies.push(created.cookie);
    }
    const changed = await post(url, "/api/account/password", { current: "Ann-password", password: "Ann-new-password" }, acked.cookies[0]);
    if (changed.status !== 200 || !changed.cookie) return acked;
    acked.replaced = acked.cookies[0]!;
    acked.cookies[0] = changed.cookie;
    const table = await post(url, "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }] });
    if (table.status !== 200) return acked;
    acked.tableId = table.body.table.id;
    for (const cookie of acked.cookies) {
      const joined = await post(url, `/api/tables/${acked.tableId}/join`, { name: "x" }, cookie);
      if (joined.status !== 200) return acked;
      acked.tokens.push(joined.body.token);
    }
    const clients = await connectSeats({ port }, acked.tableId, acked.tokens, true);
    let poll: ReturnType<typeof setInterval> | undefined;
    try {
      await Promise.race([
        Promise.all(clients.map((c, seat) => c.playUntilOver(seat, firstLegal, 20_000))),
        new Promise<void>((resolve) => {
          poll = setInterval(() => died() && resolve(), 20);
        }),
      ]);
      acked.finished = !died() && clients.every((c) => c.of("over").length === 1);
    } finally {
      clearInterval(poll);
      await Promise.all(clients.map((c) => c.close()));
    }
  } catch {
    // the server died mid-request: what was answered is in `acked`
  }
  return acked;
}

for (const makePlace of places) {
  const backend = makePlace === places[0] ? "sqlite" : "postgres";
  describe(`atomic players' changes: ${backend}`, () => {
    it("a SIGKILL before any write loses no account, session, seat link or rating, and never rates twice", async () => {
      const { completed, crashes } = await everyCrashPoint(spawnServer, () => makePlace("grimoire-atomic-players-"), 80, sequence, (acked) => acked.finished, async (server, acked, n) => {
        const context = `crash before write ${n}: ${acked.cookies.length} account(s), table ${acked.tableId}, ${acked.tokens.length} join(s)`;
        const store = server.storage;
        // every answered account is there with its session
        for (const [i, cookie] of acked.cookies.entries()) {
          const player = await store.sessionPlayer(sha256(cookie.split("=")[1]!), Date.now());
          expect(player?.name, context).toBe(NAMES[i]);
        }
        // the password change is whole or absent: new password with only the new session, or the old one with the old
        if (acked.cookies.length === 2) {
          const ann = (await store.playerByNameKey("ann"))!;
          const changed = await verifyPassword("Ann-new-password", ann.passwordHash);
          expect(changed || (await verifyPassword("Ann-password", ann.passwordHash)), context).toBe(true);
          if (acked.replaced !== null) {
            expect(changed, context).toBe(true);
            expect(await store.sessionPlayer(sha256(acked.replaced.split("=")[1]!), Date.now()), context).toBeNull();
          }
        }
        if (acked.tableId === null) return;
        const players = await Promise.all(NAMES.slice(0, acked.cookies.length).map((name) => store.playerByNameKey(name.toLowerCase())));
        // every answered join holds its seat, linked to its account
        for (const [seat, token] of acked.tokens.entries()) {
          const stored = (await store.getTable(acked.tableId))!;
          expect(stored.seats[seat]!.tokenHash, context).toBe(sha256(token));
          expect(stored.seats[seat]!.player, context).toBe(players[seat]!.id);
          expect((await store.playerSeats(players[seat]!.id, 10)).map((l) => [l.table.id, l.link.seat, l.link.token]), context).toEqual([[acked.tableId, seat, token]]);
        }
        const ratingsNow = async () => store.ratings("bidding", players.filter((p) => p !== null).map((p) => p!.id));
        const stored = (await store.getTable(acked.tableId))!;
        // ratings exist exactly when the rated match is over
        expect((await ratingsNow()).length, context).toBe(stored.status === "over" ? 2 : 0);
        if (acked.tokens.length === 2 && stored.status !== "over") {
          const clients = await connectSeats(server, acked.tableId, acked.tokens);
          await Promise.all(clients.map((c, seat) => c.playUntilOver(seat, firstLegal, 30_000)));
          await Promise.all(clients.map((c) => c.close()));
        }
        if (acked.tokens.length === 2) {
          const rated = await ratingsNow();
          expect(rated.map((r) => r.played), context).toEqual([1, 1]);
          for (const p of players) expect((await store.ratingHistory(p!.id, 10)).length, context).toBe(1);
        }
      });
      expect(completed, `the sequence did not run whole within ${crashes} crash points`).toBe(true);
      console.log(`atomic players (${backend}): ${crashes} crash points`);
      // two accounts, a password change, a table, two joins and the actions with the rated end: every write a crash point
      expect(crashes).toBeGreaterThanOrEqual(12);
    }, 900_000);
  });
}
