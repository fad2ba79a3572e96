// A player (or spectator) for the several-processes tests: connected to one server process, it
// plays random legal actions when asked (resampling its view for games whose actions are not
// listed), sends again after a refusal, and when its process dies reconnects to another one with
// `since`. It keeps every update it saw (to check order) and every ack (to check the log).
import type { AnyGame } from "@grimoire/engine";
import { createRng, pick } from "@grimoire/engine";
import { WebSocket } from "ws";
import type { ServerOut } from "../../src/index.ts";

type Latest = Extract<ServerOut, { type: "sync" | "update" }>;

export class Roaming {
  readonly messages: ServerOut[] = [];
  /** Versions of the updates received, in order, per connection (a reconnection starts a new list). */
  readonly runs: number[][] = [];
  readonly acks: { ref: string; version: number; action: unknown }[] = [];
  readonly errors: Extract<ServerOut, { type: "error" }>[] = [];
  /** Close codes of its connections that ended. */
  readonly closes: number[] = [];
  private ws: WebSocket | null = null;
  private latest: Latest | null = null;
  private sent = new Map<string, unknown>();
  private acted = -1;
  private refs = 0;
  private readonly rng;
  /** Whether it plays by itself when asked. */
  playing = true;
  /** How long it thinks before each act it plays by itself (0: at once). */
  thinkMs = 0;
  stopped = false;
  version = 0;
  over = false;

  constructor(
    readonly name: string,
    private readonly game: AnyGame,
    private readonly tableId: string,
    private readonly token: string | undefined,
    /** The ports to use, the first one first; a dead one is skipped. */
    private readonly ports: number[],
    seed: number,
  ) {
    this.rng = createRng(seed);
  }

  get seat(): number | null {
    const welcome = this.messages.find((m) => m.type === "welcome") as Extract<ServerOut, { type: "welcome" }> | undefined;
    return welcome && typeof welcome.you === "number" ? welcome.you : null;
  }

  /** Connects to the first live port (from `start`), says hello with `since` when it has seen something. */
  async connect(start = 0): Promise<number> {
    for (let i = 0; i < this.ports.length * 20; i++) {
      const port = this.ports[(start + i) % this.ports.length]!;
      // The table in the URL, as the web client sends it (a load balancer may hash on it).
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?table=${encodeURIComponent(this.tableId)}`);
      const opened = await new Promise<boolean>((resolve) => {
        ws.once("open", () => resolve(true));
        ws.once("error", () => resolve(false));
      });
      if (!opened) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      this.ws = ws;
      this.runs.push([]);
      // An act sent to a process that died has no answer: the decision is asked again after the hello.
      this.acted = -1;
      ws.on("message", (data) => this.receive(JSON.parse(data.toString()) as ServerOut));
      ws.once("close", (code) => {
        this.closes.push(code);
        if (this.ws === ws) this.ws = null;
        if (!this.stopped && !this.over) void this.connect((start + i + 1) % this.ports.length);
      });
      ws.send(JSON.stringify({ type: "hello", tableId: this.tableId, ...(this.token ? { token: this.token } : {}), ...(this.version > 0 ? { since: this.version } : {}) }));
      return port;
    }
    throw new Error(`${this.name}: no server to connect to`);
  }

  send(message: unknown): void {
    this.ws?.send(JSON.stringify(message));
  }

  private receive(m: ServerOut): void {
    this.messages.push(m);
    switch (m.type) {
      case "sync":
        this.latest = m;
        this.version = m.version;
        break;
      case "update":
        this.runs.at(-1)!.push(m.version);
        this.latest = m;
        this.version = m.version;
        break;
      case "ack":
        if (m.ref !== null && this.sent.has(m.ref)) this.acks.push({ ref: m.ref, version: m.version, action: this.sent.get(m.ref) });
        break;
      case "error":
        this.errors.push(m);
        // Refused (the owner changed hands, a stale decision): try again after a moment.
        setTimeout(() => {
          this.acted = -1;
          this.maybeAct();
        }, 200);
        return;
      case "over":
        this.over = true;
        break;
    }
    this.maybeAct();
  }

  /** A random legal action for this seat in `latest`. */
  choose(latest: Latest): unknown {
    const seat = this.seat!;
    if (latest.legal) return pick(this.rng, latest.legal).action;
    const state = this.game.resample(latest.view, seat, this.rng);
    return this.game.sampleActions!(state, seat, this.rng, 1)[0];
  }

  maybeAct(): void {
    const latest = this.latest;
    const seat = this.seat;
    if (!this.playing || this.over || seat === null || !latest || !this.ws || this.acted === latest.version) return;
    if (!latest.decision.seats.includes(seat)) return;
    if (this.thinkMs > 0) {
      this.acted = latest.version;
      // Still the same decision on the same connection once it has thought (a newer decision, or
      // the sync of a new connection, is answered by its own call). Compared by version, not by
      // message: a process may send the same version again (a sync with a new deadline after a
      // takeover), and a thinker that waited for the very message it started from never acted.
      const ws = this.ws;
      setTimeout(() => {
        const now = this.latest;
        if (now && now.version === latest.version && this.ws === ws && this.playing && !this.over && now.decision.seats.includes(seat)) this.act(this.choose(now));
      }, this.thinkMs);
      return;
    }
    this.act(this.choose(latest));
  }

  act(action: unknown): string {
    const ref = `${this.name}-${++this.refs}`;
    this.acted = this.latest?.version ?? -1;
    this.sent.set(ref, action);
    this.send({ type: "act", action, ref });
    return ref;
  }

  async waitFor(test: () => boolean, ms = 60_000, what = "a condition"): Promise<void> {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until) throw new Error(`${this.name}: timed out waiting for ${what}; last messages: ${JSON.stringify(this.messages.slice(-3)).slice(0, 600)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
