// Protocol validation against a real server: every refused frame gets a typed error back and
// changes nothing (the match version stays the same).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseClientIn } from "../src/protocol.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await boot({ rateLimit: { perSecond: 5, burst: 10 } });
});
afterAll(async () => {
  await server.stop();
});

async function seatedTable() {
  const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
  const id = created.body.table.id as string;
  const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
  const b = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
  return { id, tokens: [a.body.token as string, b.body.token as string] };
}

describe("parseClientIn", () => {
  it("names each kind of refusal", () => {
    expect(parseClientIn("{nope").ok).toBe(false);
    expect((parseClientIn("{nope") as { error: { code: string } }).error.code).toBe("bad-json");
    expect((parseClientIn("[1]") as { error: { code: string } }).error.code).toBe("bad-message");
    expect((parseClientIn('{"type":"dance"}') as { error: { code: string } }).error.code).toBe("unknown-type");
    expect((parseClientIn('{"type":"hello"}') as { error: { code: string } }).error.code).toBe("bad-message");
    expect((parseClientIn('{"type":"ping","extra":1}') as { error: { code: string } }).error.code).toBe("bad-message");
    expect((parseClientIn(JSON.stringify({ type: "ping", ref: "x".repeat(20000) })) as { error: { code: string } }).error.code).toBe("too-large");
    expect(parseClientIn('{"type":"act","action":{"type":"bid","card":3}}').ok).toBe(true);
  });
});

describe("over the socket", () => {
  it("malformed JSON, unknown types, bad messages, oversize frames, acting unauthenticated: typed errors, nothing changes", async () => {
    const { id, tokens } = await seatedTable();
    const c = await Client.open(server);
    const frames: [string, string][] = [
      ["{not json", "bad-json"],
      ['{"type":"teleport"}', "unknown-type"],
      ['{"type":"hello","tableId":5}', "bad-message"],
      [JSON.stringify({ type: "act", action: { type: "bid", card: 1 } }), "not-authorized"],
      [JSON.stringify({ type: "hello", tableId: "nope" }), "unknown-table"],
      [JSON.stringify({ type: "hello", tableId: id, token: "forged-token" }), "not-authorized"],
      [JSON.stringify({ type: "act", action: "x".repeat(20_000) }), "too-large"],
    ];
    for (const [frame, code] of frames) {
      const from = c.messages.length;
      c.send(frame);
      const error = await c.waitFor("error", () => true, from);
      expect(error.code, frame.slice(0, 40)).toBe(code);
      await new Promise((r) => setTimeout(r, 210));
    }
    // Nothing changed: the match is still at version 0, both seats still to bid.
    const seat = await Client.open(server);
    seat.send({ type: "hello", tableId: id, token: tokens[0] });
    const sync = await seat.waitFor("sync");
    expect(sync.version).toBe(0);
    expect(sync.decision.seats).toEqual([0, 1]);
    // Spectators cannot act.
    const spectator = await Client.open(server);
    spectator.send({ type: "hello", tableId: id });
    expect((await spectator.waitFor("welcome")).you).toBe("spectator");
    spectator.send({ type: "act", action: sync.legal![0]!.action, ref: "s" });
    expect((await spectator.waitFor("error", (e) => e.ref === "s")).code).toBe("not-authorized");
    // A seat's illegal action: typed error, still version 0.
    seat.send({ type: "act", action: { type: "claim", card: 1 }, ref: "r1" });
    expect((await seat.waitFor("error", (e) => e.ref === "r1")).code).toBe("illegal-action");
    seat.send({ type: "act", action: 42, ref: "r2" });
    expect((await seat.waitFor("error", (e) => e.ref === "r2")).code).toBe("malformed-action");
    const from = seat.messages.length;
    seat.send({ type: "sync" });
    expect((await seat.waitFor("sync", () => true, from)).version).toBe(0);
    await Promise.all([c.close(), seat.close(), spectator.close()]);
  });

  it("rate limit: a burst over the limit gets rate-limited errors", async () => {
    const c = await Client.open(server);
    for (let i = 0; i < 30; i++) c.send({ type: "ping", ref: String(i) });
    await c.waitFor("error", (e) => e.code === "rate-limited");
    await new Promise((r) => setTimeout(r, 200));
    expect(c.of("pong").length).toBeLessThanOrEqual(12);
    expect(c.of("error").every((e) => e.code === "rate-limited")).toBe(true);
    await c.close();
  });

  it("REST: malformed JSON and oversize bodies get typed errors", async () => {
    const bad = await http(server, "POST", "/api/tables", "{oops");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad-json");
    const big = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }], pad: "x".repeat(40_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("too-large");
    const extra = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }], cheat: true });
    expect(extra.body.error.code).toBe("bad-message");
  });
});
