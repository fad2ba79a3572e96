// A WebSocket client written by hand over node:net, for tests that must send what no library
// sends (malformed frames) or behave as no library does (never read, never answer a ping).
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

export const OP = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

export interface FrameSpec {
  opcode: number;
  payload?: Buffer | string;
  fin?: boolean;
  /** RSV1..RSV3 as bits 0b100, 0b010, 0b001. */
  rsv?: number;
  /** Client frames must be masked; false sends an unmasked one. */
  mask?: boolean;
  /** A length to announce instead of the payload's (to lie about it). */
  announce?: number;
}

/** One frame's bytes, exactly as specified (valid or not). */
export function frame(spec: FrameSpec): Buffer {
  const payload = typeof spec.payload === "string" ? Buffer.from(spec.payload) : (spec.payload ?? Buffer.alloc(0));
  const length = spec.announce ?? payload.length;
  const masked = spec.mask ?? true;
  const first = ((spec.fin ?? true) ? 0x80 : 0) | ((spec.rsv ?? 0) << 4) | (spec.opcode & 0x0f);
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([first, (masked ? 0x80 : 0) | length]);
  } else if (length < 65536) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i]! ^= key[i & 3]!;
  return Buffer.concat([header, key, body]);
}

export const text = (data: string | object) => frame({ opcode: OP.text, payload: typeof data === "string" ? data : JSON.stringify(data) });

/** A raw connection after a successful handshake: what it received, and how it ended. */
export class RawSocket {
  /** Text messages received (when `read` is on). */
  readonly messages: string[] = [];
  closeCode: number | null = null;
  closed = false;
  private buffer: Buffer = Buffer.alloc(0);
  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => this.parse(chunk));
    socket.on("close", () => {
      this.closed = true;
    });
    socket.on("error", () => {});
  }

  /** Opens /ws and completes the handshake; `read: false` then stops reading the socket altogether. */
  static open(port: number, options: { read?: boolean } = {}): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let head = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        socket.off("data", onData);
        const status = head.subarray(0, end).toString().split("\r\n")[0]!;
        if (!status.includes(" 101 ")) {
          socket.destroy();
          return reject(new Error(`handshake refused: ${head.toString()}`));
        }
        const raw = new RawSocket(socket);
        const rest = head.subarray(end + 4);
        if (rest.length > 0) raw.parse(rest);
        if (options.read === false) socket.pause();
        resolve(raw);
      };
      socket.on("data", onData);
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.write(
          "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
            `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
    });
  }

  write(data: Buffer): boolean {
    if (this.socket.destroyed) return false;
    return this.socket.write(data);
  }

  /** Resolves once the server has closed the connection (or after `ms`, with closed still false). */
  async waitClosed(ms = 15_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 2) return;
      const opcode = this.buffer[0]! & 0x0f;
      let length = this.buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buffer.length < offset + length) return;
      const payload = this.buffer.subarray(offset, offset + length);
      this.buffer = this.buffer.subarray(offset + length);
      if (opcode === OP.text) this.messages.push(payload.toString());
      if (opcode === OP.close) this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
    }
  }
}

/** Sends a raw HTTP request head (and body) to see how the server answers a refused upgrade. */
export function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let out = "";
    socket.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
  });
}
