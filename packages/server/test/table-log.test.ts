// The table around a board, on the server: the whole log for whoever says hello without `since`
// (same projection as live updates), a seat handed to a bot by its clock until its player takes
// it back (`reclaim`), and the final views once the match is over.
import { describe, expect, it } from "vitest";
import type { ServerOut } from "../src/protocol.ts";
import { bootForFile } from "./support/file-server.ts";
import { Client, connect, http, ManualClock, openTable, seatAll } from "./support/harness.ts";

const clock = new ManualClock();
const server = bootForFile({ clock });

type Picture = Extract<ServerOut, { type: "sync" | "update" }>;
const latest = (c: Client): Picture => [...c.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as Picture;

/** Plays one decision of the match by hand: the first seat asked acts with its first legal action. */
async function step(clients: Client[], version: number): Promise<void> {
  const seat = latest(clients[0]!).decision.seats[0]!;
  const c = clients[seat]!;
  const from = c.messages.length;
  c.send({ type: "sync" });
  const sync = await c.waitFor("sync", () => true, from);
  c.send({ type: "act", action: sync.legal![0]!.action, ref: `s${version}` });
  await clients[0]!.waitFor("update", (u) => u.version === version + 1);
}

describe("the full log on hello", () => {
  it("a spectator arriving mid-game gets every earlier version as a spectator saw it live", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const clients = await seatAll(server, id, ["Ann", "Bob"]);
    const early = await connect(server, id);
    for (let v = 0; v < 4; v++) await step(clients, v);
    const late = await Client.open(server);
    late.send({ type: "hello", tableId: id });
    const log = await late.waitFor("log");
    const sync = await late.waitFor("sync");
    // The log comes before the picture, and ends at its version.
    expect(late.messages.findIndex((m) => m.type === "log")).toBeLessThan(late.messages.findIndex((m) => m.type === "sync"));
    expect(log.version).toBe(sync.version);
    const live = early
      .of("update")
      .filter((u) => u.events.length > 0)
      .map((u) => ({ version: u.version, actor: u.actor, by: u.by, events: u.events }));
    expect(live.length).toBeGreaterThan(0);
    expect(log.entries).toEqual(live);
    await Promise.all([...clients, early, late].map((c) => c.close()));
  });

  it("a seat reloading gets its own events (its sealed bids), which a spectator's log never holds", async () => {
    const { id, tokens } = await openTable(server, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] }, ["Ann", "Bob"]);
    const ann = await connect(server, id, tokens.Ann);
    const first = await ann.waitFor("sync");
    ann.send({ type: "act", action: first.legal![0]!.action, ref: "x" });
    await ann.waitFor("ack");
    const seen = ann.of("update").map((u) => ({ version: u.version, actor: u.actor, by: u.by, events: u.events }));
    await ann.close();
    // Ann reloads (no `since`): the same lines as before the reload.
    const again = await Client.open(server);
    again.send({ type: "hello", tableId: id, token: tokens.Ann });
    const log = await again.waitFor("log");
    expect(log.entries).toEqual(seen.filter((e) => e.events.length > 0));
    const spec = await Client.open(server);
    spec.send({ type: "hello", tableId: id });
    const specLog = await spec.waitFor("log");
    // Ann's sealed bid: her own line shows the card, the spectator's does not.
    expect(JSON.stringify(log.entries)).not.toBe(JSON.stringify(specLog.entries));
    const bob = await Client.open(server);
    bob.send({ type: "hello", tableId: id, token: tokens.Bob });
    await bob.waitFor("log");
    await Promise.all([again, spec, bob].map((c) => c.close()));
  });

  it("a reconnection with `since` gets the missed updates, not the log again", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const clients = await seatAll(server, id, ["Ann", "Bob"]);
    await step(clients, 0);
    const spec = await Client.open(server);
    spec.send({ type: "hello", tableId: id, since: 1 });
    await spec.waitFor("sync");
    expect(spec.of("log")).toHaveLength(0);
    await Promise.all([...clients, spec].map((c) => c.close()));
  });
});

describe("a seat handed to a bot by its clock", () => {
  it("stays with the bot, says why, and comes back with one reclaim", async () => {
    const { id, tokens } = await openTable(server, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 }, ["Ann", "Bob"]);
    const ann = await connect(server, id, tokens.Ann);
    const bob = await connect(server, id, tokens.Bob);
    // Ann bids; Bob does not: his clock runs out, a bot bids for him and keeps his seat.
    ann.send({ type: "act", action: (await ann.waitFor("sync")).legal![0]!.action, ref: "a1" });
    await ann.waitFor("ack");
    clock.advance(10_001);
    const handed = await ann.waitFor("table", (t) => t.table.seats[1]!.botTakeover);
    expect(handed.table.seats[1]!.takeoverReason).toBe("clock");
    expect(handed.table.seats[0]!.botTakeover).toBe(false);
    expect((await ann.waitFor("update", (u) => u.actor === 1)).by).toBe("clock");
    // A reconnection does not give it back by itself (only an absence ends with a return).
    await bob.close();
    const bob2 = await Client.open(server);
    bob2.send({ type: "hello", tableId: id, token: tokens.Bob });
    const welcome = await bob2.waitFor("welcome");
    expect(welcome.table.seats[1]!.botTakeover).toBe(true);
    // One message and the seat is Bob's again, with a full turn on the clock if he must decide.
    const from = ann.messages.length;
    bob2.send({ type: "reclaim", ref: "r1" });
    await bob2.waitFor("ack", (m) => m.ref === "r1");
    const back = await ann.waitFor("table", (t) => !t.table.seats[1]!.botTakeover, from);
    expect(back.table.seats[1]!.takeoverReason).toBeUndefined();
    expect((await storedSeat(id, 1)).takeover).toBe(false);
    // A spectator has no seat to take back; a match not being played has nothing to give back.
    const spec = await connect(server, id);
    spec.send({ type: "reclaim", ref: "r2" });
    expect((await spec.waitFor("error", (e) => e.ref === "r2")).code).toBe("not-authorized");
    await Promise.all([ann, bob2, spec].map((c) => c.close()));
  });
});

describe("a seat handed to a bot by absence", () => {
  it("says why, and ends when its player comes back", async () => {
    const { id, tokens } = await openTable(server, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], graceSeconds: 30 }, ["Ann", "Bob"]);
    const bob = await connect(server, id, tokens.Bob);
    clock.advance(30_001);
    const handed = await bob.waitFor("table", (t) => t.table.seats[0]!.botTakeover);
    expect(handed.table.seats[0]!.takeoverReason).toBe("absent");
    const ann = await Client.open(server);
    ann.send({ type: "hello", tableId: id, token: tokens.Ann });
    const welcome = await ann.waitFor("welcome");
    expect(welcome.table.seats[0]!.botTakeover).toBe(false);
    expect(welcome.table.seats[0]!.takeoverReason).toBeUndefined();
    await Promise.all([ann, bob].map((c) => c.close()));
  });
});

async function storedSeat(id: string, seat: number) {
  const table = await server.storage.getTable(id);
  return table!.seats[seat]!;
}

describe("the end with nothing hidden", () => {
  it("the over message holds every seat's final view", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 1 }, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] });
    const id = created.body.table.id as string;
    const [ann] = await seatAll(server, id, ["Ann"]);
    await ann!.playUntilOver(0, (l) => (l.legal && l.legal.length > 0 ? l.legal[0]!.action : undefined));
    const over = await ann!.waitFor("over");
    expect(over.final?.seats).toHaveLength(2);
    expect(over.final?.seats[0]).toEqual(latest(ann!).view);
    expect(over.final?.full).toBeNull();
    await ann!.close();
  });
});

