// A turn-based table (an hour per decision, a two-hour bank each) played across server restarts,
// in child processes on one data directory: the clock and the banks come back as they were (not
// a full turn again), a turn and bank that ran out while the server was down run out at once
// (a bot decides, the bank is spent), and the match is then finished. The chat survives too.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ServerOut, TableInfo } from "../src/protocol.ts";
import { ranksOf } from "../src/ratings.ts";
import { SqliteStorage } from "../src/storage.ts";
import { childProcesses } from "./support/children.ts";
import { Client, http } from "./support/harness.ts";
import { MU, plackettLuce, SIGMA } from "./support/plackett-luce.ts";

const dataDir = mkdtempSync(join(tmpdir(), "grimoire-turn-based-"));
const ratedDir = mkdtempSync(join(tmpdir(), "grimoire-turn-based-rated-"));
const { spawnServer } = childProcesses();
const HOUR = 3_600_000;

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(ratedDir, { recursive: true, force: true });
});

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

async function seat(port: number, tableId: string, token: string): Promise<Client> {
  const c = await Client.open({ port });
  c.send({ type: "hello", tableId, token });
  await c.waitFor("sync");
  return c;
}

type Picture = Extract<ServerOut, { type: "sync" | "update" }>;
const latest = (c: Client): Picture => [...c.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as Picture;

describe("turn-based table across restarts", () => {
  it("keeps its clock and banks through a crash, runs out what ran out while down, and finishes", async () => {
    let server = await spawnServer({ DATA_DIR: dataDir, BOT_BUDGET_MS: "2000" });
    const created = await http(server, "POST", "/api/tables", {
      game: "bidding",
      options: { hand: 3 },
      seats: [{ kind: "open" }, { kind: "open" }],
      mode: "turn-based",
      turnSeconds: 3600,
      bankSeconds: 7200,
    });
    expect(created.status).toBe(200);
    const id = created.body.table.id as string;
    const tokens = [
      (await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token as string,
      (await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).body.token as string,
    ];
    let [ann, bob] = [await seat(server.port, id, tokens[0]!), await seat(server.port, id, tokens[1]!)];
    // Bob bids; Ann has not yet.
    bob.send({ type: "act", action: latest(bob).legal![0]!.action, ref: "b1" });
    await bob.waitFor("ack");
    bob.send({ type: "chat", text: "your move, Ann", ref: "c1" });
    await bob.waitFor("ack", (m) => m.ref === "c1");
    const before = latest(bob).decision;
    expect(before.seats).toEqual([0]);
    expect(before.deadline).not.toBeNull();
    expect(before.seatDeadlines).toEqual([{ seat: 0, deadline: before.deadline! + 2 * HOUR }]);
    await Promise.all([ann.close(), bob.close()]);

    // A crash, and a restart on the same data: the very same deadlines.
    await kill(server.child);
    server = await spawnServer({ DATA_DIR: dataDir, BOT_BUDGET_MS: "2000" });
    ann = await seat(server.port, id, tokens[0]!);
    // The chat came back with the table.
    expect((await ann.waitFor("chat-history")).messages.map((m) => [m.name, m.text])).toEqual([["Bob", "your move, Ann"]]);
    const after = latest(ann).decision;
    expect(after.deadline).toBe(before.deadline);
    expect(after.seatDeadlines).toEqual(before.seatDeadlines);
    expect(((await http(server, "GET", `/api/tables/${id}`)).body.table as TableInfo).banks).toEqual([2 * HOUR, 2 * HOUR]);
    await ann.close();
    await kill(server.child);

    // While the server is down, Ann's turn and her whole bank pass (the stored deadline moves back
    // as the clock would have moved on): the next start runs her clock out at once.
    const store = SqliteStorage.inDirectory(dataDir);
    const row = (await store.getTable(id))!;
    await store.saveTable({ ...row, deadline: Date.now() - 2 * HOUR - 1000 });
    await store.close();
    server = await spawnServer({ DATA_DIR: dataDir, BOT_BUDGET_MS: "2000" });
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: id });
    await watcher.waitFor("welcome");
    for (let i = 0; i < 600 && !(await http(server, "GET", `/api/tables/${id}`)).body.table.banks.includes(0); i++) await new Promise((r) => setTimeout(r, 50));
    const table = (await http(server, "GET", `/api/tables/${id}`)).body.table as TableInfo;
    expect(table.banks).toEqual([0, 2 * HOUR]);
    // Then both play the match to its end on the restarted server.
    [ann, bob] = [await seat(server.port, id, tokens[0]!), await seat(server.port, id, tokens[1]!)];
    await Promise.all([0, 1].map((s) => [ann, bob][s]!.playUntilOver(s, (l) => l.legal?.[0]?.action)));
    const over = await watcher.waitFor("over");
    expect(over.outcome!.scores).toHaveLength(2);
    const record = (await http(server, "GET", `/api/tables/${id}/record`)).body;
    expect(record.actions[0]).toEqual({ seat: 1, action: expect.anything() });
    const log = SqliteStorage.inDirectory(dataDir);
    const actions = await log.loadActions(id);
    await log.close();
    // Bob's bid, then Ann's run-out decision by the clock's bot, then the rest by the players.
    expect(actions.slice(0, 2).map((a) => [a.seat, a.by])).toEqual([
      [1, "player"],
      [0, "clock"],
    ]);
    // Ann's clock ran out: a bot keeps her seat until she takes it back (or acts herself); Bob played every move.
    expect(actions.slice(2).filter((a) => a.seat === 1).every((a) => a.by === "player")).toBe(true);
    expect(actions.slice(2).filter((a) => a.seat === 0).every((a) => a.by === "player" || a.by === "clock")).toBe(true);
    await Promise.all([ann.close(), bob.close(), watcher.close()]);
    await kill(server.child);
  }, 120_000);

  it("a rated table between accounts keeps its accounts, sessions and ratings across a crash, and its end rates both", async () => {
    const env = { DATA_DIR: ratedDir, BOT_BUDGET_MS: "2000" };
    let server = await spawnServer(env);
    const post = async (path: string, body: unknown, cookie?: string) => {
      const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as any, cookie: response.headers.get("set-cookie")?.split(";")[0] ?? "" };
    };
    const cookies = [(await post("/api/account", { name: "Lente", password: "lente-password" })).cookie, (await post("/api/account", { name: "Patiente", password: "patiente-password" })).cookie];
    const created = await post("/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], mode: "turn-based", turnSeconds: 3600, bankSeconds: 7200 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.table.id as string;
    const joins = [await post(`/api/tables/${id}/join`, { name: "x" }, cookies[0]), await post(`/api/tables/${id}/join`, { name: "x" }, cookies[1])];
    const tokens = joins.map((j) => j.body.token as string);
    expect(joins[1]!.body.table).toMatchObject({ rated: true, mode: "turn-based", status: "playing" });
    const bob = await seat(server.port, id, tokens[1]!);
    bob.send({ type: "act", action: latest(bob).legal![0]!.action, ref: "b1" });
    await bob.waitFor("ack");
    await bob.close();

    await kill(server.child);
    server = await spawnServer(env);
    // The same table, rated, its seats still the accounts' with their ratings; the sessions hold.
    const table = (await http(server, "GET", `/api/tables/${id}`)).body.table as TableInfo;
    expect(table).toMatchObject({ rated: true, status: "playing" });
    expect(table.seats.map((s) => [s.name, s.account, s.rating])).toEqual([
      ["Lente", true, 0],
      ["Patiente", true, 0],
    ]);
    const mine = await post("/api/my-tables", { seats: [] }, cookies[0]);
    expect(mine.body.tables.map((t: any) => [t.table.id, t.seat, t.yourTurn])).toEqual([[id, 0, true]]);

    const [ann, bob2] = [await seat(server.port, id, tokens[0]!), await seat(server.port, id, tokens[1]!)];
    await Promise.all([0, 1].map((s) => [ann, bob2][s]!.playUntilOver(s, (l) => l.legal?.[0]?.action)));
    const outcome = (await ann.waitFor("over")).outcome;
    await Promise.all([ann.close(), bob2.close()]);
    const expected = plackettLuce([{ mu: MU, sigma: SIGMA }, { mu: MU, sigma: SIGMA }], ranksOf(outcome!, 2));
    for (const [i, name] of ["Lente", "Patiente"].entries()) {
      const game = (await http(server, "GET", `/api/players/${name}`)).body.games.find((g: any) => g.game === "bidding");
      expect(game.played).toBe(1);
      expect(game.rating.mu).toBeCloseTo(expected[i]!.mu, 9);
      expect(game.rating.sigma).toBeCloseTo(expected[i]!.sigma, 9);
    }
    await kill(server.child);
  }, 120_000);
});
