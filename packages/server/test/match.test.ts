// Lobby flow and full matches against a real booted server: bot against bot on every game,
// a human against a bot, spectators.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/test/support/harness.ts";
import { PostgresStorage } from "../src/storage.ts";
import { games } from "./support/catalog.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await boot();
});
afterAll(async () => {
  await server.stop();
});

describe("lobby", () => {
  it("lists the games, creates a table, lists it as open, joins and starts when every seat is filled", async () => {
    const list = await http(server, "GET", "/api/games");
    expect(list.status).toBe(200);
    expect(list.body.games.map((g: { id: string }) => g.id)).toContain("bidding");

    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }] });
    expect(created.status).toBe(200);
    const table = created.body.table;
    expect(table.status).toBe("open");
    expect(table.invite).toBe(`/?table=${table.id}`);
    expect(table.seedHash).toBeNull();
    expect((await http(server, "GET", "/api/tables")).body.tables.map((t: { id: string }) => t.id)).toContain(table.id);

    const a = await http(server, "POST", `/api/tables/${table.id}/join`, { name: "Ann" });
    expect(a.status).toBe(200);
    expect(a.body.seat).toBe(0);
    expect(Buffer.from(a.body.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const taken = await http(server, "POST", `/api/tables/${table.id}/join`, { name: "Bob", seat: 0 });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("seat-taken");
    const b = await http(server, "POST", `/api/tables/${table.id}/join`, { name: "Bob" });
    expect(b.body.seat).toBe(1);
    expect(b.body.table.status).toBe("playing");
    expect(b.body.table.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const full = await http(server, "POST", `/api/tables/${table.id}/join`, { name: "Cy" });
    expect(full.body.error.code).toBe("already-started");
    expect((await http(server, "GET", "/api/tables")).body.tables.map((t: { id: string }) => t.id)).not.toContain(table.id);
  });

  it("refuses unknown games, bad seat counts and bad options with typed codes", async () => {
    expect((await http(server, "POST", "/api/tables", { game: "nope", seats: [{ kind: "open" }] })).body.error.code).toBe("unknown-game");
    expect((await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }] })).body.error.code).toBe("bad-seats");
    expect((await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 9 }, seats: [{ kind: "open" }, { kind: "open" }] })).body.error.code).toBe("bad-options");
    expect((await http(server, "GET", "/api/tables/zzz")).status).toBe(404);
  });
});

/** The command line in-process, with the server tests' games registered. */
const cli = (args: string[]) => runCli(args, "", { games });

async function botMatch(gameId: string, seats: number) {
  const created = await http(server, "POST", "/api/tables", { game: gameId, seats: Array.from({ length: seats }, () => ({ kind: "bot", level: "easy" })) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.table.id as string;
  const watcher = await Client.open(server);
  watcher.send({ type: "hello", tableId: id });
  const over = await watcher.waitFor("over", () => true, 0, 120_000);
  await watcher.close();
  return { id, over };
}

describe("matches", () => {
  for (const game of games.filter((g) => g.id !== "bidding-slow")) {
    it(`${game.id}: bots play a whole match, a spectator watches it, the record is given at the end`, async () => {
      const { id, over } = await botMatch(game.id, game.minSeats);
      expect(over.seed).toMatch(/^[0-9a-f]{32}$/);
      const record = await http(server, "GET", `/api/tables/${id}/record`);
      expect(record.status).toBe(200);
      expect(record.body.actions.length).toBe(over.version);
      expect(record.body.outcome).toEqual(over.outcome);
      // The downloaded record is a recorded game `grimoire replay` reads as it is.
      const dir = mkdtempSync(join(tmpdir(), "grimoire-record-"));
      const file = join(dir, "record.json");
      writeFileSync(file, JSON.stringify(record.body));
      const replayed = await cli(["replay", file]);
      rmSync(dir, { recursive: true, force: true });
      expect(replayed.stderr).toBe("");
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toContain("Game over:");
    }, 180_000);
  }

  it("a human plays against a bot through the socket, with acks, and refusals change nothing", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "bot", level: "medium" }] });
    const id = created.body.table.id as string;
    const joined = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
    const me = await Client.open(server);
    me.send({ type: "hello", tableId: id, token: joined.body.token });
    const welcome = await me.waitFor("welcome");
    expect(welcome.you).toBe(0);
    let sync = await me.waitFor("sync");
    let n = 0;
    for (;;) {
      me.send({ type: "sync" });
      const from = me.messages.length;
      sync = await me.waitFor("sync", () => true, from);
      if (sync.decision.type === "over") break;
      if (!sync.decision.seats.includes(0)) {
        await new Promise((r) => setTimeout(r, 30));
        continue;
      }
      // An illegal action first: refused, version unchanged.
      me.send({ type: "act", action: { type: "bid", card: 99 }, ref: `bad${n}` });
      const refused = await me.waitFor("error", (e) => e.ref === `bad${n}`);
      expect(["illegal-action", "malformed-action"]).toContain(refused.code);
      const legal = sync.legal!;
      expect(legal.length).toBeGreaterThan(0);
      me.send({ type: "act", action: legal[0]!.action, ref: `ok${n}` });
      const ack = await me.waitFor("ack", (a) => a.ref === `ok${n}`);
      expect(ack.version).toBeGreaterThan(sync.version);
      n++;
    }
    expect(n).toBeGreaterThanOrEqual(3);
    const over = await me.waitFor("over");
    expect(over.outcome!.scores).toHaveLength(2);
    await me.close();
  }, 60_000);
});

describe("a human against a bot on every game that lists its actions", () => {
  for (const game of games.filter((g) => g.id !== "bidding-slow" && !g.sampleActions)) {
    it(`${game.id}: seat 1 plays the first legal action each time, the bot the rest, to the end`, async () => {
      const seats = [{ kind: "open" }, ...Array.from({ length: game.minSeats - 1 }, () => ({ kind: "bot", level: "easy" }))];
      const created = await http(server, "POST", "/api/tables", { game: game.id, seats });
      const id = created.body.table.id as string;
      const joined = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
      const me = await Client.open(server);
      me.send({ type: "hello", tableId: id, token: joined.body.token });
      const mine = await me.playUntilOver(0, ({ legal }) => (legal && legal.length > 0 ? legal[0]!.action : undefined));
      const over = await me.waitFor("over", () => true, 0, 30_000);
      expect(mine).toBeGreaterThan(0);
      expect(me.of("update").some((u) => u.actor === 0 && u.by === "player")).toBe(true);
      expect(over.outcome!.scores.length).toBe(game.minSeats);
      await me.close();
    }, 90_000);
  }
});

describe("serving", () => {
  it("serves the built web client next to the API", async () => {
    const dist = mkdtempSync(join(tmpdir(), "grimoire-dist-"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Grimoire</title>");
    const web = await boot({ webDist: dist });
    const page = await http(web, "GET", "/");
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("<title>Grimoire</title>");
    expect((await http(web, "GET", "/api/games")).status).toBe(200);
    // Client-side routes get the page; unknown API routes a typed 404.
    expect(String((await http(web, "GET", "/tables/abc")).body)).toContain("<title>Grimoire</title>");
    const missing = await http(web, "GET", "/api/nothing");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not-found");
    await web.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("runs a whole match on PostgreSQL storage too", async () => {
    const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
    const storage = new PostgresStorage(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", schema);
    const pgServer = await boot({ storage });
    const created = await http(pgServer, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "medium" }] });
    const watcher = await Client.open(pgServer);
    watcher.send({ type: "hello", tableId: created.body.table.id });
    const over = await watcher.waitFor("over", () => true, 0, 30_000);
    await watcher.close();
    const record = await http(pgServer, "GET", `/api/tables/${created.body.table.id}/record`);
    expect(record.body.actions).toHaveLength(over.version);
    await pgServer.close();
    const cleanup = new PostgresStorage(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", schema);
    await cleanup.dropSchema();
    await cleanup.close();
  }, 60_000);
});
