// Fuzz, from a fixed seed: malformed WebSocket frames at the byte level (every RSV bit, every
// reserved opcode, unmasked, truncated, fragmented and oversized control frames, invalid UTF-8,
// oversized lengths), then malformed JSON and schema-violating messages at random, a few
// thousand in all. The server stays up, closes only the offending connection with the right
// code, another match goes on (its acts are acknowledged), and memory returns near its baseline.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot, Client, http, type TestServer } from "./support/harness.ts";
import { SteadyMatch } from "./support/players.ts";
import { frame, OP, RawSocket, text } from "./support/raw-ws.ts";

setFlagsFromString("--expose_gc");
const gc = runInNewContext("gc") as () => void;

/** mulberry32: a small seeded PRNG, so every run sends the same messages. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let server: TestServer;
beforeAll(async () => {
  // Fast enough that garbage is parsed, not merely rate-limited.
  server = await boot({ limits: { messagesPerSecond: 100_000, messageBurst: 100_000, rateStrikes: 100_000 } });
});
afterAll(async () => {
  await server.stop();
});

function heapMb(): number {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
}

/** Sends `bytes` on a fresh connection; resolves to the close code the server sent (or null). */
async function attack(bytes: Buffer, end = false): Promise<number | null> {
  const raw = await RawSocket.open(server.port);
  raw.write(bytes);
  if (end) raw.socket.end();
  const closed = await raw.waitClosed(10_000);
  raw.destroy();
  if (!closed) throw new Error("the server left a malformed connection open");
  return raw.closeCode;
}

const valid = () => text({ type: "ping", ref: "ok" });

describe("fuzz", () => {
  it("survives malformed frames and messages; other matches go on; memory returns to its baseline", async () => {
    const random = prng(12);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // Finished matches stay in memory: a pause between acts keeps their number (and heap) small.
    const steady = new SteadyMatch(server, 50);
    // Warm up (first connections, first matches), then the baseline.
    for (let i = 0; i < 20; i++) await attack(frame({ opcode: 0x3 }));
    while (steady.acked < 5) await new Promise((r) => setTimeout(r, 50));
    const baseline = heapMb();
    const ackedBefore = steady.acked;
    let sent = 0;

    // 1. Byte-level: each frame on its own connection, with the close code RFC 6455 asks for.
    const expectations: [string, Buffer, number | null][] = [];
    for (let rsv = 1; rsv <= 7; rsv++) expectations.push([`rsv ${rsv}`, frame({ opcode: OP.text, rsv, payload: '{"type":"ping"}' }), 1002]);
    for (const opcode of [0x3, 0x4, 0x5, 0x6, 0x7, 0xb, 0xc, 0xd, 0xe, 0xf]) expectations.push([`opcode ${opcode}`, frame({ opcode, payload: "x" }), 1002]);
    expectations.push(["unmasked", frame({ opcode: OP.text, payload: '{"type":"ping"}', mask: false }), 1002]);
    expectations.push(["fragmented ping", frame({ opcode: OP.ping, fin: false, payload: "x" }), 1002]);
    expectations.push(["fragmented close", frame({ opcode: OP.close, fin: false }), 1002]);
    expectations.push(["long ping", frame({ opcode: OP.ping, payload: Buffer.alloc(126) }), 1002]);
    expectations.push(["continuation first", frame({ opcode: OP.continuation, payload: "x" }), 1002]);
    expectations.push(["bad close code", frame({ opcode: OP.close, payload: Buffer.from([0x03, 0xe7]) }), 1002]);
    expectations.push(["invalid utf-8", frame({ opcode: OP.text, payload: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0xfe, 0x7d]) }), 1007]);
    expectations.push(["invalid utf-8 across fragments", Buffer.concat([frame({ opcode: OP.text, fin: false, payload: Buffer.from([0xe2, 0x82]) }), frame({ opcode: OP.continuation, payload: Buffer.from([0x41]) })]), 1007]);
    expectations.push(["2^40 bytes announced", frame({ opcode: OP.text, announce: 2 ** 40 }), 1009]);
    expectations.push(["2^53+ bytes announced", Buffer.concat([Buffer.from([0x81, 0xff]), Buffer.from([0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), Buffer.alloc(4)]), 1009]);
    expectations.push(["2 MiB announced", frame({ opcode: OP.binary, announce: 2 * 1024 * 1024 }), 1009]);
    for (const [name, bytes, code] of expectations) {
      expect(await attack(bytes), name).toBe(code);
      sent++;
    }
    // Truncated frames: the connection ends mid-frame.
    for (let i = 0; i < 30; i++) {
      const whole = frame({ opcode: OP.text, payload: JSON.stringify({ type: "ping", ref: "t".repeat(1 + Math.floor(random() * 60)) }) });
      await attack(whole.subarray(0, 1 + Math.floor(random() * (whole.length - 1))), true);
      sent++;
    }
    // Random header bits and lengths, after a valid message.
    for (let i = 0; i < 200; i++) {
      const payload = Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)));
      const bytes = Buffer.concat([
        valid(),
        frame({ opcode: Math.floor(random() * 16), rsv: Math.floor(random() * 8), fin: random() < 0.7, mask: random() < 0.8, payload, ...(random() < 0.2 ? { announce: Math.floor(random() * 2 ** 31) } : {}) }),
        random() < 0.5 ? valid() : Buffer.alloc(0),
      ]);
      // Some random frames are valid: then the connection stays open and is closed by us.
      const raw = await RawSocket.open(server.port);
      raw.write(bytes);
      await Promise.race([raw.waitClosed(300), new Promise((r) => setTimeout(r, 300))]);
      raw.destroy();
      sent += 2;
    }

    // 2. Message level: malformed JSON and schema-violating messages on a few long connections.
    const created = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] });
    const tableId = created.body.table.id as string;
    const token = (await http(server, "POST", `/api/tables/${tableId}/join`, { name: "Fuzz" })).body.token as string;
    const junk = (): string => {
      const n = Math.floor(random() * 60);
      return Array.from({ length: n }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join("");
    };
    const anyValue = (depth = 0): unknown =>
      pick([
        () => null,
        () => random() * 1e6 - 5e5,
        () => junk(),
        () => random() < 0.5,
        () => (depth > 3 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => anyValue(depth + 1))),
        () => (depth > 3 ? {} : Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(["type", "card", "ref", "__proto__", "constructor", junk()]), anyValue(depth + 1)]))),
      ])();
    const messages: (() => string)[] = [
      () => junk(),
      () => JSON.stringify(anyValue()).slice(0, Math.floor(random() * 40)),
      () => "[".repeat(5000) + "]".repeat(5000),
      () => '{"a":'.repeat(3000) + "1" + "}".repeat(3000),
      () => JSON.stringify({ type: pick(["hello", "act", "sync", "ping", "welcome", "__proto__", junk()]), ...(anyValue() as object) }),
      () => JSON.stringify({ type: "hello", tableId: pick([tableId, junk(), 5, null, "x".repeat(100)]), token: pick([token, junk(), undefined, 7]), since: pick([undefined, -1, 1e20, 0.5, "3"]) }),
      () => JSON.stringify({ type: "act", action: anyValue(), ref: pick([undefined, junk(), 3, "r".repeat(65)]) }),
      () => JSON.stringify({ type: "act", action: { type: pick(["cast", "pass", "draw", junk()]), spell: Math.floor(random() * 10), card: random() * 10 } }),
      () => JSON.stringify({ type: "ping", ref: anyValue() }),
      () => JSON.stringify({ type: "sync", extra: 1 }),
      () => '{"type":"ping","ref":"' + "x".repeat(20_000) + '"}',
      () => '{"__proto__":{"type":"ping"}}',
    ];
    let connection = await Client.open(server);
    let closedBy: number[] = [];
    for (let i = 0; i < 3000; i++) {
      if (connection.ws.readyState !== connection.ws.OPEN) {
        connection = await Client.open(server);
      }
      if (i % 500 === 0) connection.send({ type: "hello", tableId, token });
      connection.send(pick(messages)());
      sent++;
      if (i % 100 === 99) {
        const ref = `alive${i}`;
        connection.send({ type: "ping", ref });
        await connection.waitFor("pong", (p) => p.ref === ref, 0, 15_000).catch(() => {
          closedBy.push(i);
        });
      }
    }
    await connection.close();
    expect(closedBy, "a valid connection stopped answering").toEqual([]);
    expect(sent).toBeGreaterThan(3000);

    // The server is up, the other match went on, and memory came back.
    expect((await http(server, "GET", "/api/games")).status).toBe(200);
    const ackedDuring = steady.acked - ackedBefore;
    const target = steady.acked + 3;
    while (steady.acked < target && steady.failures.length === 0) await new Promise((r) => setTimeout(r, 50));
    await steady.stop();
    expect(steady.failures).toEqual([]);
    expect(ackedDuring).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    const after = heapMb();
    console.info(`fuzz: ${sent} messages; heap ${baseline.toFixed(1)} MB → ${after.toFixed(1)} MB; other match acked ${ackedDuring} acts during the fuzz`);
    expect(after - baseline, `heap ${baseline.toFixed(1)} MB → ${after.toFixed(1)} MB`).toBeLessThan(10);
    closedBy = [];
  }, 90_000);
});
