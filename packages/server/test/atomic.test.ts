// Atomic state changes: a server in a child process kills itself (SIGKILL) just before its N-th
// write, for every N over a create / join / join-and-start / act… sequence, on SQLite and on
// PostgreSQL. After each crash the data is reopened by a fresh server: the table is never "open"
// with every seat taken, every acknowledged join and action is there, and the match can be
// played to its end.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BotRunner } from "../src/bots.ts";
import { PostgresStorage, sha256, type Storage } from "../src/index.ts";
import { childProcesses, type ChildServer } from "./support/children.ts";
import { boot, Client, http } from "./support/harness.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const { spawnServer } = childProcesses();
// Humans only: no bot workers to start in either process.
const noBots: BotRunner = { decide: () => Promise.reject(new Error("no bots here")), close: async () => {} };

interface Place {
  env: Record<string, string>;
  /** A fresh store on the same data, for the restart. */
  open(): Storage | undefined;
  dataDir: string;
  cleanup(): Promise<void>;
}

function sqlitePlace(): Place {
  const dataDir = mkdtempSync(join(tmpdir(), "grimoire-atomic-"));
  return { env: { DATA_DIR: dataDir }, open: () => undefined, dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

function postgresPlace(): Place {
  const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "grimoire-atomic-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: PG_URL, PG_SCHEMA: schema },
    open: () => new PostgresStorage(PG_URL, schema),
    dataDir,
    async cleanup() {
      const store = new PostgresStorage(PG_URL, schema);
      await store.dropSchema();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the child; rejects if it died before listening. */
async function startChild(env: Record<string, string>): Promise<ChildServer> {
  return spawnServer(env);
}

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
    const clients = await Promise.all(
      acked.tokens.map(async (token) => {
        const c = await Client.open(server);
        c.ws.on("error", () => {});
        c.send({ type: "hello", tableId: acked.tableId, token });
        await c.waitFor("sync", () => true, 0, 5000);
        return c;
      }),
    );
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
      let completed = false;
      let crashes = 0;
      for (let n = 1; n <= 30 && !completed; n++) {
        const place = makePlace();
        const { child, port, exited } = await startChild({ ...place.env, GRIMOIRE_CRASH_AT_WRITE: String(n), BOT_WORKERS: "0" });
        let dead = false;
        void exited.then(() => (dead = true));
        const acked = await sequence(`http://127.0.0.1:${port}`, port, () => dead);
        if (!dead && !acked.crashed) {
          // The whole sequence ran without reaching write N: every crash point has been tried.
          completed = true;
          child.kill("SIGKILL");
        }
        await exited;
        expect(child.signalCode, `crash at write ${n}`).toBe("SIGKILL");
        if (!completed) crashes++;

        // Restart on the same data.
        const storage = place.open();
        const server = await boot({ ...(storage ? { storage } : {}), bots: noBots }, place.dataDir);
        try {
          const context = `crash before write ${n}, acknowledged ${JSON.stringify({ ...acked, tokens: acked.tokens.length })}`;
          if (acked.tableId === null) {
            expect((await server.storage.listTables()).length, context).toBeLessThanOrEqual(1);
            continue;
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
            const clients = await Promise.all(
              tokens.map(async (token) => {
                const c = await Client.open(server);
                c.send({ type: "hello", tableId: acked.tableId, token });
                await c.waitFor("sync");
                return c;
              }),
            );
            await Promise.all(clients.map((c, seat) => c.playUntilOver(seat, ({ legal }) => (legal && legal.length > 0 ? legal[0]!.action : undefined), 30_000)));
            expect(clients[0]!.of("over"), context).toHaveLength(1);
            await Promise.all(clients.map((c) => c.close()));
          }
        } finally {
          await server.close();
          await place.cleanup();
        }
      }
      expect(completed).toBe(true);
      // create, join, join-and-start, and the actions (with the end): every one was a crash point.
      expect(crashes).toBeGreaterThanOrEqual(6);
    }, 600_000);
  });
}
