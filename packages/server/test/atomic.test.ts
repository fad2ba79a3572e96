// Atomic state changes: a server in a child process kills itself (SIGKILL) just before its N-th
// write, for every N over a create / join / join-and-start / act… sequence, on SQLite and on
// PostgreSQL. After each crash the data is reopened by a fresh server: the table is never "open"
// with every seat taken, every acknowledged join and action is there, and the match can be
// played to its end.
import { describe, expect, it } from "vitest";
import { sha256 } from "../src/index.ts";
import { childProcesses } from "./support/children.ts";
import { connectSeats, everyCrashPoint, firstLegal } from "./support/crash.ts";
import { http } from "./support/harness.ts";
import { postgresPlace, sqlitePlace } from "./support/stores.ts";

const { spawnServer } = childProcesses();

interface Acknowledged {
  tableId: string | null;
  /** Tokens of the joins that were answered. */
  tokens: string[];
  /** The highest acknowledged version. */
  version: number;
  crashed: boolean;
}

/**
 * Create a table (2 seats, a clock), join both seats (the second starts the match), then play:
 * each seat in turn its first legal action, until the match is over or the server dies.
 */
async function sequence(url: string, port: number, died: () => boolean): Promise<Acknowledged> {
  const acked: Acknowledged = { tableId: null, tokens: [], version: 0, crashed: false };
  const server = { url, port };
  try {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 1 }, seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 3600 });
    if (created.status !== 200) throw new Error("create refused");
    acked.tableId = created.body.table.id;
    for (const name of ["Ann", "Bob"]) {
      const joined = await http(server, "POST", `/api/tables/${acked.tableId}/join`, { name });
      if (joined.status !== 200) throw new Error("join refused");
      acked.tokens.push(joined.body.token);
    }
    const clients = await connectSeats(server, acked.tableId, acked.tokens, true);
    try {
      for (let step = 0; step < 40 && !died(); step++) {
        const latest = [...clients[0]!.messages].reverse().find((m) => m.type === "sync" || m.type === "update");
        if (!latest || (latest.type !== "sync" && latest.type !== "update") || latest.decision.type === "over") break;
        const seat = latest.decision.seats[0]!;
        const c = clients[seat]!;
        const from = c.messages.length;
        c.send({ type: "sync" });
        const sync = await c.waitFor("sync", () => true, from, 5000);
        c.send({ type: "act", action: sync.legal![0]!.action, ref: `s${step}` });
        acked.version = (await c.waitFor("ack", (a) => a.ref === `s${step}`, from, 5000)).version;
        await clients[0]!.waitFor("update", (u) => u.version === acked.version, 0, 5000);
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  } catch {
    acked.crashed = true;
  }
  return acked;
}

for (const makePlace of [sqlitePlace, postgresPlace]) {
  const backend = makePlace === sqlitePlace ? "sqlite" : "postgres";
  describe(`atomic state changes: ${backend}`, () => {
    it("a SIGKILL before any write leaves a consistent table, nothing acknowledged lost, the match playable", async () => {
      const { completed, crashes } = await everyCrashPoint(spawnServer, () => makePlace("grimoire-atomic-"), 30, sequence, (acked) => !acked.crashed, async (server, acked, n) => {
        const context = `crash before write ${n}, acknowledged ${JSON.stringify({ ...acked, tokens: acked.tokens.length })}`;
        if (acked.tableId === null) {
          expect((await server.storage.listTables()).length, context).toBeLessThanOrEqual(1);
          return;
        }
        const stored = (await server.storage.getTable(acked.tableId))!;
        expect(stored, context).not.toBeNull();
        // Never "open" with every seat taken; started exactly when every seat is taken.
        const full = stored.seats.every((s) => s.kind !== "open");
        expect(stored.status === "open", context).toBe(!full);
        // Every acknowledged join holds its seat; every acknowledged action is in the log.
        acked.tokens.forEach((token, seat) => expect(stored.seats[seat]!.tokenHash, context).toBe(sha256(token)));
        const log = await server.storage.loadActions(acked.tableId);
        expect(log.length, context).toBeGreaterThanOrEqual(acked.version);
        expect(log.map((a) => a.version), context).toEqual(log.map((_, i) => i + 1));
        // A finished log has its end written with it.
        const table = (await http(server, "GET", `/api/tables/${acked.tableId}`)).body.table;
        expect(table.status, context).toBe(stored.status);
        // Whatever the crash left, the match can be finished: fill the seats, then play.
        const tokens = [...acked.tokens];
        for (let seat = tokens.length; seat < 2; seat++) {
          const joined = await http(server, "POST", `/api/tables/${acked.tableId}/join`, { name: `P${seat}`, seat });
          if (joined.status === 200) tokens[seat] = joined.body.token;
        }
        if (tokens.length === 2 && stored.status !== "over") {
          const clients = await connectSeats(server, acked.tableId, tokens);
          await Promise.all(clients.map((c, seat) => c.playUntilOver(seat, firstLegal, 30_000)));
          expect(clients[0]!.of("over"), context).toHaveLength(1);
          await Promise.all(clients.map((c) => c.close()));
        }
      });
      expect(completed).toBe(true);
      // create, join, join-and-start, and the actions (with the end): every one was a crash point.
      expect(crashes).toBeGreaterThanOrEqual(6);
    }, 600_000);
  });
}
