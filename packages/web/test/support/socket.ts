// A WebSocket stand-in for MatchConnection tests: it records what the client sends, opens when the
// test says so, and delivers the server's messages the test writes.
import type { SocketLike } from "../../src/connection.ts";
import type { ServerOut } from "../../src/protocol.ts";

export class FakeSocket implements SocketLike {
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
