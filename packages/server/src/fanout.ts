// What a connection sends, made once and written in batches: each message serialized once (every
// spectator of a table shares its update), and spectators' writes queued and sent a batch per turn
// of the event loop, off the acting player's path (connection.ts writes the ack first).
import { performance } from "node:perf_hooks";
import type { ServerOut } from "./protocol.ts";

// One serialization per message object: every spectator of a table shares its message.
const encoded = new WeakMap<object, Buffer>();
export function encode(message: ServerOut): Buffer {
  let data = encoded.get(message);
  if (!data) {
    data = Buffer.from(JSON.stringify(message));
    encoded.set(message, data);
  }
  return data;
}

/** Writes queued for spectators, sent a batch per turn of the event loop. */
export class Fanout {
  private queue: { connection: { write(data: Buffer): void }; data: Buffer }[] = [];
  private head = 0;
  private scheduled = false;

  push(connection: { write(data: Buffer): void }, data: Buffer): void {
    this.queue.push({ connection, data });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  /** Sends for about 5 ms, then yields to the event loop. */
  private drain(): void {
    this.scheduled = false;
    const until = performance.now() + 5;
    while (this.head < this.queue.length) {
      const { connection, data } = this.queue[this.head++]!;
      connection.write(data);
      if ((this.head & 63) === 0 && performance.now() > until) break;
    }
    if (this.head < this.queue.length) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    } else {
      this.queue = [];
      this.head = 0;
    }
  }

  flush(): void {
    while (this.head < this.queue.length) {
      const { connection, data } = this.queue[this.head++]!;
      connection.write(data);
    }
    this.queue = [];
    this.head = 0;
  }
}
