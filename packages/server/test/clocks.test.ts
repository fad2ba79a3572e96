// Turn clocks and grace periods, on an injected clock: when the clock runs out, or a seat stays
// away past the grace period, a bot plays for it and the log says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot, Client, http, ManualClock, type TestServer } from "./support/harness.ts";

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await boot({ clock });
});
afterAll(async () => {
  await server.stop();
});

describe("clocks", () => {
  it("a seat whose clock runs out: a bot plays that decision, logged as `clock`", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 });
    const id = created.body.table.id as string;
    const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
    const b = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
    const ann = await Client.open(server);
    ann.send({ type: "hello", tableId: id, token: a.body.token });
    const sync = await ann.waitFor("sync");
    expect(sync.decision.deadline).toBe(clock.now() + 10_000);
    const bob = await Client.open(server);
    bob.send({ type: "hello", tableId: id, token: b.body.token });
    await bob.waitFor("sync");
    ann.send({ type: "act", action: sync.legal![0]!.action });
    await ann.waitFor("ack");
    clock.advance(9_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(ann.of("update").filter((u) => u.actor === 1)).toHaveLength(0);
    clock.advance(1_001);
    const played = await ann.waitFor("update", (u) => u.actor === 1);
    expect(played.by).toBe("clock");
    const log = await server.storage.loadActions(id);
    expect(log.map((e) => e.by)).toEqual(["player", "clock"]);
    await Promise.all([ann.close(), bob.close()]);
  });

  it("a seat away past the grace period: a bot takes over until it comes back", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }], graceSeconds: 30 });
    const id = created.body.table.id as string;
    const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
    const spec = await Client.open(server);
    spec.send({ type: "hello", tableId: id });
    await spec.waitFor("sync");
    clock.advance(29_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(spec.of("update").filter((u) => u.actor === 0)).toHaveLength(0);
    clock.advance(1_001);
    const table = await spec.waitFor("table", (t) => t.table.seats[0]!.botTakeover);
    expect(table.table.seats[0]!.connected).toBe(false);
    const played = await spec.waitFor("update", (u) => u.actor === 0);
    expect(played.by).toBe("absent");
    // Ann comes back: the bot stops.
    const ann = await Client.open(server);
    ann.send({ type: "hello", tableId: id, token: a.body.token });
    await ann.waitFor("welcome");
    expect((await spec.waitFor("table", (t) => !t.table.seats[0]!.botTakeover && t.table.seats[0]!.connected)).table.status).not.toBe("open");
    await Promise.all([ann.close(), spec.close()]);
  });
});
