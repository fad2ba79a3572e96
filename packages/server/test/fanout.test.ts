// The acting player's ack goes before the spectators' updates (each table message is built and
// serialised once for every spectator), and writing to a crowd of
// spectators does not hold the event loop.
import { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fanout } from "../src/fanout.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

describe("Fanout", () => {
  it("writes later, in order per connection, and yields to the event loop on a long queue", async () => {
    const fanout = new Fanout();
    const written: string[] = [];
    const slow = { write: (data: Buffer) => written.push(data.toString()) };
    const other = { write: (data: Buffer) => written.push(`other ${data.toString()}`) };
    const n = 200_000;
    for (let i = 0; i < n; i++) fanout.push(i % 2 === 0 ? slow : other, Buffer.from(String(i)));
    expect(written).toHaveLength(0);
    // Something else due on the event loop runs before the queue is done.
    const seenAt = await new Promise<number>((resolve) => setImmediate(() => setImmediate(() => resolve(written.length))));
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt).toBeLessThan(n);
    while (written.length < n) await new Promise((r) => setImmediate(r));
    expect(written.filter((w) => !w.startsWith("other")).map(Number)).toEqual(Array.from({ length: n / 2 }, (_, i) => 2 * i));
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await boot();
});
afterAll(async () => {
  await server.stop();
});

/** A bidding table with Ann and Bob seated: its id and Ann's token. */
async function twoSeated(): Promise<{ id: string; token: string }> {
  const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
  const id = created.body.table.id as string;
  const token = (await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token as string;
  await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
  return { id, token };
}

describe("ack first", () => {
  it("with 300 spectators, the acting seat's ack arrives before the spectators' updates are all out", async () => {
    const { id, token } = await twoSeated();
    const arrivals: string[] = [];
    const spectators = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const c = await Client.open(server);
        c.send({ type: "hello", tableId: id });
        await c.waitFor("sync");
        c.ws.on("message", (data) => {
          if (data.toString().startsWith('{"type":"update"')) arrivals.push("update");
        });
        return c;
      }),
    );
    const ann = await Client.open(server);
    ann.send({ type: "hello", tableId: id, token });
    const sync = await ann.waitFor("sync");
    ann.ws.on("message", (data) => {
      if (data.toString().startsWith('{"type":"ack"')) arrivals.push("ack");
    });
    ann.send({ type: "act", action: sync.legal![0]!.action, ref: "a" });
    await ann.waitFor("ack");
    await Promise.all(spectators.map((c) => c.waitFor("update")));
    expect(arrivals).toHaveLength(301);
    expect(arrivals.indexOf("ack")).toBeLessThan(150);
    await Promise.all([ann, ...spectators].map((c) => c.close()));
  }, 60_000);
});

describe("one write per seat and turn", () => {
  it("the acting seat's update and its ack leave the server in one socket write", async () => {
    const { id, token } = await twoSeated();
    const ann = await Client.open(server);
    ann.send({ type: "hello", tableId: id, token });
    const sync = await ann.waitFor("sync");
    // The server's end of Ann's connection is the socket whose peer port is Ann's local port.
    const annPort = (ann.ws as unknown as { _socket: Socket })._socket.localPort;
    const writes: number[] = [];
    const proto = Socket.prototype as unknown as { _writev: (this: Socket, chunks: unknown[], ...rest: unknown[]) => unknown; _write: (...a: unknown[]) => unknown };
    const { _writev, _write } = proto;
    proto._writev = function (this: Socket, chunks: unknown[], ...rest: unknown[]) {
      if (this.remotePort === annPort) writes.push(chunks.length);
      return _writev.call(this, chunks, ...rest);
    };
    proto._write = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === annPort) writes.push(1);
      return _write.apply(this, args);
    };
    try {
      const got: string[] = [];
      ann.ws.on("message", (data) => got.push(JSON.parse(data.toString()).type));
      ann.send({ type: "act", action: sync.legal![0]!.action, ref: "a" });
      await ann.waitFor("ack");
      expect(got).toEqual(["update", "ack"]);
      // One writev: each frame's header and payload, the update's and the ack's (ws alone writes each frame apart).
      expect(writes).toEqual([4]);
    } finally {
      proto._writev = _writev;
      proto._write = _write;
    }
    await ann.close();
  });
});
