// Turn clocks and grace periods, on an injected clock: when the clock runs out, or a seat stays
// away past the grace period, a bot plays for it and the log says so.
import { describe, expect, it } from "vitest";
import { bootForFile } from "./support/file-server.ts";
import type { ServerOut } from "../src/index.ts";
import { boot, Client, connect, http, ManualClock, openTable, seatAll, sleep } from "./support/harness.ts";

const clock = new ManualClock();
const server = bootForFile({ clock });

describe("clocks", () => {
  it("a seat whose clock runs out: a bot plays that decision, logged as `clock`", async () => {
    const { id, tokens } = await openTable(server, { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 }, ["Ann", "Bob"]);
    const ann = await connect(server, id, tokens.Ann);
    const sync = await ann.waitFor("sync");
    expect(sync.decision.deadline).toBe(clock.now() + 10_000);
    const bob = await connect(server, id, tokens.Bob);
    ann.send({ type: "act", action: sync.legal![0]!.action });
    await ann.waitFor("ack");
    clock.advance(9_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(ann.of("update").filter((u) => u.actor === 1)).toHaveLength(0);
    clock.advance(1_001);
    const played = await ann.waitFor("update", (u) => u.actor === 1);
    expect(played.by).toBe("clock");
    const log = await server.storage.loadActions(id);
    expect(log.slice(0, 2).map((e) => e.by)).toEqual(["player", "clock"]);
    // The bot keeps Bob's seat until he takes it back: any later decision of his is the clock's too.
    expect(log.filter((e) => e.seat === 1).every((e) => e.by === "clock")).toBe(true);
    await Promise.all([ann.close(), bob.close()]);
  });

  it("a seat away past the grace period: a bot takes over until it comes back", async () => {
    // Bob stays connected and never bids, so the match waits on him once Ann's bot has bid for her
    // (with a bot opponent, bots answering at once could finish the match before Ann is back).
    const { id, tokens } = await openTable(server, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], graceSeconds: 30 }, ["Ann", "Bob"]);
    const bob = await connect(server, id, tokens.Bob);
    const spec = await connect(server, id);
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
    ann.send({ type: "hello", tableId: id, token: tokens.Ann });
    await ann.waitFor("welcome");
    expect((await spec.waitFor("table", (t) => !t.table.seats[0]!.botTakeover && t.table.seats[0]!.connected)).table.status).toBe("playing");
    await Promise.all([ann.close(), bob.close(), spec.close()]);
  });

  it("every update on a clocked table carries the current deadline", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 });
    const id = created.body.table.id as string;
    const clients = await seatAll(server, id, ["Ann", "Bob"]);
    const start = clock.now();
    // The whole match by hand, a second apart: each update says when the clock runs out.
    for (let step = 0; step < 20; step++) {
      const latest = [...clients[0]!.messages].reverse().find((m) => m.type === "sync" || m.type === "update")!;
      if (latest.type !== "sync" && latest.type !== "update") throw new Error("unreachable");
      if (latest.decision.type === "over") break;
      clock.advance(1000);
      const seat = latest.decision.seats[0]!;
      const c = clients[seat]!;
      const from = c.messages.length;
      c.send({ type: "sync" });
      const sync = await c.waitFor("sync", () => true, from);
      const ack = c.messages.length;
      c.send({ type: "act", action: sync.legal![0]!.action, ref: `s${step}` });
      await c.waitFor("ack", (a) => a.ref === `s${step}`, ack);
      await clients[0]!.waitFor("update", (u) => u.version === step + 1);
    }
    const updates = clients[0]!.of("update");
    expect(updates.length).toBeGreaterThanOrEqual(4);
    for (const u of updates) {
      if (u.decision.type === "over") expect(u.decision.deadline).toBeNull();
      else {
        expect(u.decision.deadline).not.toBeNull();
        expect(u.decision.deadline!).toBeGreaterThan(start);
        expect(u.decision.deadline!).toBeLessThanOrEqual(clock.now() + 10_000);
      }
    }
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe("a real game's follow-up decision", () => {
  it("an Emmerlaüs answer (a card aimed at you: counter it or let it come) has its own deadline, and a bot answers when it runs out", async () => {
    const { id, tokens } = await openTable(server, { game: "emmerlaus", seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 30 }, ["Ann", "Bob"]);
    const clients = [await connect(server, id, tokens.Ann), await connect(server, id, tokens.Bob)];
    type Picture = Extract<ServerOut, { type: "sync" | "update" }>;
    const latest = (c: Client) => [...c.messages].reverse().find((m): m is Picture => m.type === "sync" || m.type === "update")!;
    // Each player on turn plays a card aimed at the other when they hold one (else what they can),
    // a second after the last move, until a card waits for its target's answer.
    let answer: Picture | undefined;
    for (let step = 0; step < 80 && !answer; step++) {
      const now = latest(clients[0]!);
      expect(now.decision.type).toBe("turn");
      if (now.decision.prompt?.key === "prompt.answer") {
        answer = now;
        break;
      }
      const seat = now.decision.seats[0]!;
      const c = clients[seat]!;
      const from = c.messages.length;
      c.send({ type: "sync" });
      const { legal, version } = await c.waitFor("sync", () => true, from);
      const plays = legal!.map((l) => l.action as { type: string; target?: number });
      const aimed = plays.find((a) => a.type === "play" && a.target === 1 - seat) ?? plays.find((a) => a.type === "play") ?? plays[0]!;
      clock.advance(1000);
      c.send({ type: "act", action: aimed });
      await clients[0]!.waitFor("update", (u) => u.version > version);
    }
    expect(answer, "no card was aimed at a player in 80 moves").toBeDefined();
    const target = answer!.decision.seats[0]!;
    // The follow-up carries its own deadline, the table's full time from the move that asked it, and
    // the one to answer is sent it with their answers.
    expect(answer!.decision.deadline).toBe(clock.now() + 30_000);
    const theirs = await clients[target]!.waitFor("update", (u) => u.version === answer!.version);
    expect(theirs.decision.deadline).toBe(answer!.decision.deadline);
    expect(theirs.legal!.map((l) => (l.action as { type: string }).type)).toContain("pass");
    // Nobody answers: at the deadline, not before, a bot answers for the target (logged as `clock`).
    const waiting = clients[0]!.of("update").length;
    clock.advance(29_000);
    await sleep(150);
    expect(clients[0]!.of("update")).toHaveLength(waiting);
    clock.advance(1_001);
    const answered = await clients[0]!.waitFor("update", (u) => u.version > answer!.version);
    expect(answered.actor).toBe(target);
    expect(answered.by).toBe("clock");
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe("clocks across a restart", () => {
  it("a restart does not give the clock back its full time", async () => {
    const restartClock = new ManualClock();
    const first = await boot({ clock: restartClock });
    const { id, tokens } = await openTable(first, { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 }, ["Ann", "Bob"]);
    const ann = await connect(first, id, tokens.Ann);
    const before = await ann.waitFor("sync");
    const deadline = before.decision.deadline!;
    expect(deadline).toBe(restartClock.now() + 10_000);
    await ann.close();
    restartClock.advance(6_000);
    await first.close();

    // Same data, same time: the deadline is the one set before the restart.
    const second = await boot({ clock: restartClock }, first.dataDir);
    const spec = await Client.open(second);
    spec.send({ type: "hello", tableId: id });
    const after = await spec.waitFor("sync");
    expect(after.decision.deadline).toBe(deadline);
    // Ann is back (with nobody at the table, nothing would be played for either seat).
    const back = await connect(second, id, tokens.Ann);
    await back.waitFor("sync");
    restartClock.advance(3_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(spec.of("update")).toHaveLength(0);
    // 4 s after the restart (not 10): the clock runs out and bots play for both seats.
    restartClock.advance(1_001);
    const played = await spec.waitFor("update");
    expect(played.by).toBe("clock");
    await Promise.all([spec.close(), back.close()]);
    await second.stop();
  });
});
