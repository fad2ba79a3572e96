// The match connection: hello with the token, sync/update picture, missed-event replay on
// reconnection (hello carries `since`), duplicates ignored, errors kept for the screen.
import { describe, expect, it } from "vitest";
import { MatchConnection, socketUrl } from "../src/connection.ts";
import type { ServerOut } from "../src/protocol.ts";
import { FakeSocket } from "./support/socket.ts";

const decision = { type: "turn" as const, seats: [0], prompt: { key: "prompt.go" }, deadline: null };
const table = { id: "t1", game: "shazamm", gameTitle: "Shazamm!", options: {}, status: "playing" as const, seats: [], turnSeconds: null, graceSeconds: null, seedHash: "h", invite: "/?table=t1", createdAt: 0, mode: "realtime" as const, bankSeconds: null, banks: null, resigned: [], removed: [], rematch: { accepted: [], next: null, previous: null }, spectatorChat: false };

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const connection = new MatchConnection({
    tableId: "t1",
    token: "secret",
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  return { connection, sockets, timers };
}

const update = (version: number, events: unknown[]): ServerOut => ({ type: "update", version, actor: 1, by: "player", events, view: { v: version }, decision, legal: [] });

describe("MatchConnection", () => {
  it("says hello with the seat's token and keeps the synced picture", () => {
    const { connection, sockets } = setup();
    connection.start();
    expect(connection.current.status).toBe("connecting");
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: "hello", tableId: "t1", token: "secret" }]);
    sockets[0]!.deliver({ type: "welcome", table, you: 0 });
    sockets[0]!.deliver({ type: "sync", version: 4, view: { v: 4 }, decision, legal: [{ action: 1, label: { key: "action.one" } }], outcome: null, seed: null, seedHash: "h" });
    expect(connection.current).toMatchObject({ status: "open", you: 0, version: 4, view: { v: 4 }, legal: [{ action: 1, label: { key: "action.one" } }] });
  });

  it("reconnects by itself after a drop, asking for what it missed since its last version", () => {
    const { connection, sockets, timers } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "welcome", table, you: 0 });
    sockets[0]!.deliver({ type: "sync", version: 2, view: {}, decision, legal: [], outcome: null, seed: null, seedHash: "h" });
    sockets[0]!.deliver(update(3, [{ type: "bid", seat: 1 }]));
    sockets[0]!.close();
    expect(connection.current.status).toBe("reconnecting");
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: "hello", tableId: "t1", token: "secret", since: 3 }]);
    sockets[1]!.deliver({ type: "welcome", table, you: 0 });
    // the missed versions are replayed; one already seen is ignored
    sockets[1]!.deliver(update(3, [{ type: "bid", seat: 1 }]));
    sockets[1]!.deliver(update(4, [{ type: "wall", to: 3 }]));
    expect(connection.current.status).toBe("open");
    expect(connection.current.version).toBe(4);
    expect(connection.current.log.map((l) => l.event)).toEqual([{ type: "bid", seat: 1 }, { type: "wall", to: 3 }]);
  });

  it("backs off longer after repeated failures, and stops for good when stopped", () => {
    const { connection, sockets, timers } = setup();
    connection.start();
    sockets[0]!.close();
    timers.shift()!();
    sockets[1]!.close();
    expect(timers).toHaveLength(1);
    connection.stop();
    timers.shift()!();
    expect(sockets).toHaveLength(2);
    expect(connection.current.status).toBe("closed");
  });

  it("sends actions with a ref, and keeps a refused action's error for the screen", () => {
    const { connection, sockets } = setup();
    connection.act({ type: "x" });
    expect(connection.current.error?.code).toBe("connection");
    connection.start();
    sockets[0]!.open();
    connection.act({ type: "commit", bid: 2, cards: [] });
    expect(sockets[0]!.sent[1]).toEqual({ type: "act", action: { type: "commit", bid: 2, cards: [] }, ref: "a1" });
    expect(connection.current.pending).toBe(true);
    sockets[0]!.deliver({ type: "error", code: "illegal-action", message: "bid more than your mana", ref: "a1" });
    expect(connection.current).toMatchObject({ pending: false, error: { code: "illegal-action", message: "bid more than your mana" } });
    connection.clearError();
    expect(connection.current.error).toBeNull();
  });

  it("records the outcome and the revealed seed", () => {
    const { connection, sockets } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "over", version: 9, outcome: { winners: [1], scores: [0, 1], draw: false }, seed: "s", seedHash: "h" });
    expect(connection.current).toMatchObject({ outcome: { winners: [1] }, seed: "s", version: 9 });
  });
  it("asks for a hint and keeps the answer for its version; a refusal is an error", () => {
    const { connection, sockets } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "welcome", table: { ...table, hints: true }, you: 0 });
    connection.hint();
    expect(sockets[0]!.sent.at(-1)).toMatchObject({ type: "hint" });
    expect(connection.current.hintPending).toBe(true);
    const ref = (sockets[0]!.sent.at(-1) as { ref: string }).ref;
    const review = { index: 3, choices: [{ action: 1, label: { key: "action.one" }, value: 0.6 }, { action: 2, label: { key: "action.two" }, value: 0.4 }], chosen: 0, legal: 2, best: 0.6, value: 0.6, loss: 0, label: "good" as const };
    sockets[0]!.deliver({ type: "hint", ref, version: 3, unit: "win", review });
    expect(connection.current.hint).toEqual({ version: 3, unit: "win", review });
    expect(connection.current.hintPending).toBe(false);
    connection.hint();
    sockets[0]!.deliver({ type: "error", code: "hints-refused", message: "no hints at a rated table", ref: (sockets[0]!.sent.at(-1) as { ref: string }).ref });
    expect(connection.current.error?.code).toBe("hints-refused");
    expect(connection.current.hintPending).toBe(false);
  });
});

describe("the socket's URL", () => {
  it("carries the table's id for a load balancer (hashed on it: deploy/nginx.conf), on the page's host and scheme", () => {
    expect(socketUrl("Ab-c_1", { protocol: "https:", host: "grimoire.example" })).toBe("wss://grimoire.example/ws?table=Ab-c_1");
    expect(socketUrl("a b/c", { protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/ws?table=a%20b%2Fc");
  });
});
