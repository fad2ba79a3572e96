// The connection layer against a fake socket: hello (with token, then `since` on reconnection),
// the picture kept from sync/update, duplicates ignored, errors and acks, backoff reconnection.
import { describe, expect, it } from "vitest";
import { MatchConnection, type SocketLike } from "../src/connection.ts";
import type { ServerOut, TableInfo } from "../src/protocol.ts";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: unknown[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(message: ServerOut) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const table: TableInfo = {
  id: "t1",
  game: "shazamm",
  gameTitle: "Shazamm!",
  options: {},
  status: "playing",
  seats: [],
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
};
const decision = { type: "turn" as const, seats: [0], prompt: "go", deadline: null };

function setup(token?: string) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const connection = new MatchConnection({
    tableId: "t1",
    token,
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  connection.start();
  return { connection, sockets, timers };
}

describe("MatchConnection", () => {
  it("says hello with the seat's token and no `since` the first time", () => {
    const { sockets } = setup("secret");
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: "hello", tableId: "t1", token: "secret" }]);
  });

  it("watches without a token", () => {
    const { sockets } = setup();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: "hello", tableId: "t1" }]);
  });

  it("keeps the picture from welcome, sync and update, and logs the lines", () => {
    const { connection, sockets } = setup("x");
    const s = sockets[0]!;
    s.open();
    s.deliver({ type: "welcome", table, you: 0 });
    expect(connection.current.status).toBe("open");
    expect(connection.current.you).toBe(0);
    s.deliver({ type: "sync", version: 3, view: { a: 1 }, decision, legal: [], outcome: null, seed: null, seedHash: "h" });
    expect(connection.current.version).toBe(3);
    s.deliver({ type: "update", version: 4, actor: 1, by: "bot", events: [{ e: 1 }], lines: ["Seat 2 bids"], view: { a: 2 }, decision, legal: null });
    expect(connection.current.view).toEqual({ a: 2 });
    expect(connection.current.log.map((l) => l.text)).toEqual(["Seat 2 bids"]);
    expect(connection.current.lastEvents).toEqual([{ e: 1 }]);
    // A version already seen (replayed after a reconnection) is ignored.
    s.deliver({ type: "update", version: 4, actor: 1, by: "bot", events: [], lines: ["again"], view: { a: 9 }, decision, legal: null });
    expect(connection.current.view).toEqual({ a: 2 });
    expect(connection.current.log).toHaveLength(1);
  });

  it("sends actions with a ref, marks them pending until the ack, shows errors plainly", () => {
    const { connection, sockets } = setup("x");
    const s = sockets[0]!;
    s.open();
    s.deliver({ type: "welcome", table, you: 0 });
    connection.act({ type: "end" });
    expect(s.sent[1]).toEqual({ type: "act", action: { type: "end" }, ref: "a1" });
    expect(connection.current.pending).toBe(true);
    s.deliver({ type: "ack", ref: "a1", version: 5 });
    expect(connection.current.pending).toBe(false);
    connection.act({ type: "bad" });
    s.deliver({ type: "error", code: "illegal-action", message: "not now", ref: "a2" });
    expect(connection.current.error).toEqual({ code: "illegal-action", message: "not now" });
    expect(connection.current.pending).toBe(false);
    connection.clearError();
    expect(connection.current.error).toBeNull();
  });

  it("reconnects with backoff and asks for what it missed with `since`", () => {
    const { connection, sockets, timers } = setup("x");
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "welcome", table, you: 0 });
    sockets[0]!.deliver({ type: "sync", version: 7, view: {}, decision, legal: [], outcome: null, seed: null, seedHash: "h" });
    sockets[0]!.close();
    expect(connection.current.status).toBe("reconnecting");
    expect(timers).toHaveLength(1);
    timers[0]!.fn();
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: "hello", tableId: "t1", token: "x", since: 7 });
    // The second failure waits longer.
    sockets[1]!.close();
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms);
    // Acting while disconnected is refused locally, in plain words.
    connection.act({ type: "end" });
    expect(connection.current.error?.code).toBe("connection");
  });

  it("stops for good when asked", () => {
    const { connection, sockets, timers } = setup("x");
    sockets[0]!.open();
    connection.stop();
    expect(connection.current.status).toBe("closed");
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it("keeps the outcome and the revealed seed", () => {
    const { connection, sockets } = setup();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "over", version: 9, outcome: { winners: [1], scores: [0, 1], draw: false }, seed: "s", seedHash: "h" });
    expect(connection.current.outcome?.winners).toEqual([1]);
    expect(connection.current.seed).toBe("s");
  });
});
