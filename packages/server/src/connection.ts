// The WebSocket side of the server: who may open a connection (per-address handshake rate and
// connection count), and each connection's life: `hello` within a short time, a token bucket on
// its messages (a client that keeps flooding is closed, 1008), server pings (a peer that stops
// answering is dropped, so its seat counts as away), a bounded send buffer (a client that does
// not read is dropped and resyncs with `since`), and every socket error handled: a malformed
// frame closes only its own connection, with ws's close code (1002, 1007, 1009).
// Spectators are written to in batches off the acting player's path (fanout.ts): the ack goes first.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { WebSocketServer, type WebSocket } from "ws";
import { HubError, type Clock, type Hub, type Subscriber } from "./hub.ts";
import { ConnectionCounts, KeyedBuckets, TokenBucket, type Limits } from "./limits.ts";
import type { ConnectionKind, Metrics } from "./metrics.ts";
import type { PresenceHandle, Social } from "./social.ts";
import { encode, Fanout } from "./fanout.ts";
import { MAX_FRAME_BYTES, parseClientIn, type ErrorCode, type ErrorParams, type ServerOut } from "./protocol.ts";

export interface ConnectionContext {
  readonly hub: Hub;
  readonly limits: Limits;
  readonly clock: Clock;
  readonly metrics: Metrics;
  readonly log: FastifyBaseLogger;
  /** True once the server is shutting down: no new connections, no new acts. */
  draining(): boolean;
  /** The client's address: the TCP peer, or what trusted proxies say (`TRUST_PROXY`). */
  addressOf(request: IncomingMessage): string;
  /** Why an upgrade's Origin may not open a socket (another site's page), or null (`security.ts`). */
  originRefusal?(request: IncomingMessage): string | null;
  /** The account of a session cookie in the upgrade's Cookie header, or null (a guest). */
  accountOf?(cookieHeader: string | undefined): Promise<{ id: string; name?: string } | null>;
  /** The guest key of the upgrade's Cookie header (hashed), or null (accounts.ts `GUEST_COOKIE`). */
  guestOf?(cookieHeader: string | undefined): string | null;
  /** The `banned` refusal of an account, or null (moderation/service.ts). */
  banRefusal?(account: string | null): HubError | null;
  /** Presence and notices of accounts (social.ts); absent: none kept. */
  social?: Social;
}

/** Close codes (RFC 6455 §7.4.1). */
export const CLOSE = { goingAway: 1001, policy: 1008 } as const;

class Connection {
  kind: ConnectionKind = "pending";
  alive = true;
  private attached: { tableId: string; sub: Subscriber } | null = null;
  /** The account behind this connection once attached: its session's, or its seat's. */
  account: string | null = null;
  /** The account's presence this connection makes (a notices connection, or a seat's at a table). */
  private presence: PresenceHandle | null = null;
  /** A hello in progress (a finished match may be read back from storage): messages wait for it. */
  private attaching: Promise<void> | null = null;
  private closed = false;
  private readonly bucket: TokenBucket;
  private strikes = 0;
  private closing = false;
  private corked = false;
  private readonly helloTimer: NodeJS.Timeout;
  readonly log: FastifyBaseLogger;

  constructor(
    readonly ws: WebSocket,
    readonly ip: string,
    private readonly ctx: ConnectionContext,
    private readonly fanout: Fanout,
    /** The upgrade request's Cookie header: a spectator's session says which account watches. */
    private readonly cookieHeader?: string,
  ) {
    const { limits, clock } = ctx;
    this.log = ctx.log.child({ conn: randomUUID(), ip });
    this.bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, clock.now());
    this.helloTimer = setTimeout(() => {
      if (this.kind === "pending") this.shut(CLOSE.policy, "hello expected", "hello-timeout");
    }, limits.helloTimeoutMs);
    this.helloTimer.unref();
    ws.on("message", (data, isBinary) => this.receive(data as Buffer | ArrayBuffer | Buffer[], isBinary));
    ws.on("pong", () => {
      this.alive = true;
    });
    // A malformed frame: ws has already sent the close frame with its code (1002, 1007, 1009).
    ws.on("error", (error: Error & { code?: string }) => {
      ctx.metrics.refuse(error.code ?? "socket-error");
      this.log.debug({ err: { message: error.message, code: error.code } }, "ws protocol error");
    });
  }

  onClose(): void {
    this.closed = true;
    clearTimeout(this.helloTimer);
    if (this.attached) this.ctx.hub.detach(this.attached.tableId, this.attached.sub);
    this.attached = null;
    if (this.presence) this.ctx.social?.disconnect(this.presence);
    this.presence = null;
  }

  /** Counts this connection in its account's presence (read its relations first: whose chat it hides). */
  private async present(handle: PresenceHandle): Promise<void> {
    const social = this.ctx.social;
    if (!social) return;
    await social.connect(handle);
    if (this.closed) social.disconnect(handle);
    else this.presence = handle;
  }

  /** Spectators' messages go through the fanout (in order); seats' are written at once. */
  send(message: ServerOut): void {
    if (this.kind === "spectator") this.fanout.push(this, encode(message));
    else this.write(encode(message));
  }

  write(data: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount + data.length > this.ctx.limits.sendBufferBytes) {
      // It does not read: drop it (it comes back with `since`), before its queue eats the memory.
      this.ctx.metrics.refuse("send-buffer-full");
      this.log.info({ bufferedAmount: this.ws.bufferedAmount }, "ws dropped: send buffer full");
      this.ws.terminate();
      return;
    }
    this.corkForTurn();
    this.ws.send(data, { binary: false });
  }

  /**
   * Everything written to this connection until the current callbacks and their microtasks are
   * done goes out in one system call: an act's own update and its ack, a fan-out batch. ws writes
   * each frame on its own (it corks only a frame's header with its payload); its socket is not
   * public (`_socket`, stable across ws 8), and a connection without one simply is not corked.
   */
  private corkForTurn(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Duplex | null })._socket;
    if (!socket || socket.destroyed) return;
    socket.cork();
    this.corked = true;
    // nextTick: it runs once the microtask queue is empty, so the ack that follows the update is in.
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  private refuse(code: ErrorCode, message: string, ref: string | null, params?: ErrorParams): void {
    this.ctx.metrics.refuse(code);
    this.send({ type: "error", code, message, ref, ...(params ? { params } : {}) });
  }

  /**
   * The one place a refusal becomes an `error` message: a hub refusal (the engine's, the table's,
   * storage's) goes back as its code; anything else is logged and answered `internal`.
   */
  private refuseError(error: unknown, ref: string | null, what: string): void {
    if (error instanceof HubError) return this.refuse(error.code, error.message, ref, error.params);
    this.log.error({ err: error }, what);
    return this.refuse("internal", "internal error", ref);
  }

  /** Ends this connection with a refusal it is told first (a ban). */
  end(refusal: HubError): void {
    this.refuseError(refusal, null, "ended");
    this.shut(CLOSE.policy, refusal.code, refusal.code);
  }

  /** Closes with a code and reason, and stops reading: a flood is not parsed any further. */
  shut(code: number, reason: string, metric: string): void {
    if (this.closing) return;
    this.closing = true;
    this.ctx.metrics.refuse(metric);
    this.log.info({ code, reason }, "ws closed by the server");
    this.ws.close(code, reason);
    this.ws.pause();
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (this.closing) return;
    if (this.attaching) {
      void this.attaching.then(() => this.receive(data, isBinary));
      return;
    }
    const { limits, hub, clock, metrics } = this.ctx;
    const arrived = performance.now();
    const now = clock.now();
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    const text = isBinary || size > MAX_FRAME_BYTES ? null : Buffer.isBuffer(data) ? data.toString() : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString();
    const wait = this.bucket.take(now);
    if (wait > 0) {
      if (++this.strikes >= limits.rateStrikes) return this.shut(CLOSE.policy, "rate limit exceeded", "rate-closed");
      return this.refuse("rate-limited", `at most ${limits.messagesPerSecond} messages per second`, refOf(text), { retryAfterMs: wait });
    }
    this.strikes = 0;
    if (size > MAX_FRAME_BYTES) return this.refuse("too-large", `frames are limited to ${MAX_FRAME_BYTES} bytes`, null, { max: MAX_FRAME_BYTES });
    if (text === null) return this.refuse("bad-message", "frames are JSON text", null);
    const parsed = parseClientIn(text);
    if (!parsed.ok) return this.refuse(parsed.error.code, parsed.error.message, refOf(text), parsed.error.params);
    const message = parsed.value;
    try {
      switch (message.type) {
        case "ping":
          return this.send({ type: "pong", ref: message.ref ?? null, now });
        case "notices": {
          if (this.attached || this.presence) return this.refuse("bad-message", "this connection has already said hello", null);
          const account = this.ctx.accountOf ? this.ctx.accountOf(this.cookieHeader) : Promise.resolve(null);
          const attaching = account
            .then(async (who) => {
              if (!who) throw new HubError("not-logged-in", "log in to receive your notices");
              await this.present({ account: who.id, table: null, send: (m: ServerOut) => this.send(m) });
              this.kind = "spectator";
              clearTimeout(this.helloTimer);
              this.send({ type: "listening", name: who.name ?? "" });
            })
            .catch((error: unknown) => this.refuseError(error, null, "notices failed"));
          this.attaching = attaching.finally(() => (this.attaching = null));
          return;
        }
        case "hello": {
          if (this.attached || this.presence) return this.refuse("bad-message", "this connection has already said hello", null);
          const tableId = message.tableId;
          // The session's account, if any: a watcher seated here reads as a player; a seat's account
          // is at this table for its friends; whoever it blocks is hidden from its chat.
          // A seat's hello needs no account: storage failing to read it does not refuse the seat.
          const read = this.ctx.accountOf ? this.ctx.accountOf(this.cookieHeader) : Promise.resolve(null);
          const account = message.token === undefined ? read : read.catch(() => null);
          const attaching = account
            .then(async (watcher) => {
              if (watcher) await this.present({ account: watcher.id, table: null, send: null });
              return watcher;
            })
            .then((watcher) =>
              hub.attach(
                tableId,
                message.token,
                (viewer) => {
                  this.kind = viewer === "spectator" ? "spectator" : "seat";
                  return {
                    viewer,
                    account: watcher?.id ?? null,
                    guest: this.ctx.guestOf?.(this.cookieHeader) ?? null,
                    address: this.ip,
                    ...(message.token === undefined ? {} : { token: message.token }),
                    send: (m: ServerOut) => this.send(m),
                    close: () => this.shut(CLOSE.policy, "seat token replaced", "token-replaced"),
                  };
                },
                message.since,
              ),
            )
            .then(
              (sub) => {
                const account = sub.account ?? (typeof sub.viewer === "number" ? hub.seatAccount(tableId, sub.viewer) : null);
                const banned = this.ctx.banRefusal?.(account) ?? null;
                if (banned) {
                  hub.detach(tableId, sub);
                  this.refuseError(banned, null, "hello refused");
                  return this.shut(CLOSE.policy, "banned", "banned");
                }
                this.account = account;
                this.attached = { tableId, sub };
                clearTimeout(this.helloTimer);
                // A seat held by this account: its friends see it at this table.
                const seated = typeof sub.viewer === "number" && this.presence !== null && this.ctx.hub.liveTable(tableId)?.status !== "over";
                if (seated && this.presence && this.ctx.social) {
                  const at = { account: this.presence.account, table: { id: tableId, game: this.ctx.hub.liveTable(tableId)?.game ?? "" }, send: null };
                  this.ctx.social.disconnect(this.presence);
                  this.presence = null;
                  void this.present(at);
                }
                this.log.info({ table: tableId, viewer: sub.viewer }, "ws hello");
                if (this.closed) this.onClose();
              },
              (error: unknown) => {
                this.refuseError(error, null, "hello failed");
                // Banned: nothing more to say on this connection.
                if (error instanceof HubError && error.code === "banned") this.shut(CLOSE.policy, "banned", "banned");
              },
            );
          this.attaching = attaching.finally(() => (this.attaching = null));
          return;
        }
        case "sync":
          if (!this.attached) return this.refuse("not-authorized", "say hello first", null);
          return hub.resync(this.attached.tableId, this.attached.sub);
        case "chat": {
          const ref = message.ref ?? null;
          if (!this.attached) return this.refuse("not-authorized", "say hello first", ref);
          hub.chat(this.attached.tableId, this.attached.sub, { text: message.text, name: message.name }).then(
            () => this.send({ type: "ack", ref, version: 0 }),
            (error: unknown) => this.refuseError(error, ref, "chat failed"),
          );
          return;
        }
        case "resign":
        case "rematch": {
          const ref = message.ref ?? null;
          if (!this.attached || typeof this.attached.sub.viewer !== "number") return this.refuse("not-a-seat", `only a seated player may ${message.type === "resign" ? "resign" : "ask for a rematch"} (hello with its token)`, ref);
          if (this.ctx.draining()) return this.refuse("unavailable", "the server is restarting; try again once reconnected", ref, { retryAfterMs: 1000 });
          const seat = this.attached.sub.viewer;
          const done = message.type === "resign" ? hub.resign(this.attached.tableId, seat) : hub.rematch(this.attached.tableId, seat).then(() => 0);
          done.then(
            (version) => this.send({ type: "ack", ref, version }),
            (error: unknown) => this.refuseError(error, ref, `${message.type} failed`),
          );
          return;
        }
        case "hint": {
          const ref = message.ref ?? null;
          if (!this.attached || typeof this.attached.sub.viewer !== "number") return this.refuse("not-authorized", "only a seated player may ask for a hint (hello with its token)", ref);
          hub.hint(this.attached.tableId, this.attached.sub.viewer).then(
            ({ version, unit, review }) => this.send({ type: "hint", ref, version, unit, review }),
            (error: unknown) => this.refuseError(error, ref, "hint failed"),
          );
          return;
        }
        case "reclaim": {
          const ref = message.ref ?? null;
          if (!this.attached || typeof this.attached.sub.viewer !== "number") return this.refuse("not-authorized", "only a seated player may take its seat back", ref);
          hub.reclaim(this.attached.tableId, this.attached.sub.viewer).then(
            (version) => this.send({ type: "ack", ref, version }),
            (error: unknown) => this.refuseError(error, ref, "reclaim failed"),
          );
          return;
        }
        case "act": {
          const ref = message.ref ?? null;
          if (!this.attached || typeof this.attached.sub.viewer !== "number") return this.refuse("not-authorized", "only a seated player may act (hello with its token)", ref);
          if (this.ctx.draining()) return this.refuse("unavailable", "the server is restarting; act again once reconnected", ref, { retryAfterMs: 1000 });
          const banned = this.ctx.banRefusal?.(this.account) ?? null;
          if (banned) return this.refuseError(banned, ref, "act refused");
          hub.act(this.attached.tableId, this.attached.sub.viewer, message.action).then(
            (version) => {
              this.send({ type: "ack", ref, version });
              metrics.ackLatency.observe((performance.now() - arrived) / 1000);
            },
            (error: unknown) => this.refuseError(error, ref, "act failed"),
          );
          return;
        }
      }
    } catch (error) {
      return this.refuseError(error, null, "message failed");
    }
  }
}

/** The `ref` of a refused frame, when it has one, so the client can match the error to its message. */
function refOf(text: string | null): string | null {
  if (text === null) return null;
  try {
    const raw: unknown = JSON.parse(text);
    const ref = raw !== null && typeof raw === "object" ? (raw as { ref?: unknown }).ref : undefined;
    return typeof ref === "string" && ref.length <= 64 ? ref : null;
  } catch {
    return null;
  }
}

/** Every connection of one server: upgrades, heartbeat, counts, shutdown. */
export class Connections {
  // Frames up to 4× the message limit are refused with `too-large`; anything longer closes (1009).
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4 * MAX_FRAME_BYTES });
  private readonly all = new Set<Connection>();
  private readonly handshakes: KeyedBuckets;
  private readonly perIp = new ConnectionCounts();
  private readonly fanout = new Fanout();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly ctx: ConnectionContext) {
    this.handshakes = new KeyedBuckets(ctx.limits.handshakesPerMinute);
    this.wss.on("error", (error) => ctx.log.error({ err: error }, "ws server error"));
    this.heartbeat = setInterval(() => this.beat(), ctx.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Serves WebSocket upgrades at /ws on this HTTP server. */
  listen(server: Server): void {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      try {
        this.upgrade(request, socket, head);
      } catch (error) {
        // Whatever a handshake holds, it must not reach the process.
        this.ctx.log.error({ err: error }, "upgrade failed");
        socket.destroy();
      }
    });
  }

  counts(): Record<ConnectionKind, number> {
    const counts: Record<ConnectionKind, number> = { pending: 0, seat: 0, spectator: 0 };
    for (const c of this.all) counts[c.kind]++;
    return counts;
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Errors before ws takes the socket over (a reset mid-handshake) must not reach the process.
    socket.on("error", () => socket.destroy());
    const { limits } = this.ctx;
    let path = "";
    try {
      path = new URL(request.url ?? "", "http://x").pathname;
    } catch {
      // a malformed URL: no such path
    }
    if (path !== "/ws") return reject(socket, 404, "not-found", "WebSocket connections are served at /ws");
    // Another site's page would open the socket with the visitor's session cookie.
    const refusal = this.ctx.originRefusal?.(request) ?? null;
    if (refusal !== null) {
      this.ctx.metrics.refuse("bad-origin");
      return reject(socket, 403, "bad-origin", refusal);
    }
    if (this.ctx.draining()) return reject(socket, 503, "unavailable", "the server is restarting", { retryAfterMs: 1000 });
    const ip = this.ctx.addressOf(request);
    const wait = this.handshakes.take(ip);
    if (wait > 0) {
      this.ctx.metrics.refuse("rate-limited");
      return reject(socket, 429, "rate-limited", `at most ${limits.handshakesPerMinute} connections a minute`, { retryAfterMs: wait });
    }
    if (!this.perIp.tryOpen(ip, limits.connectionsPerIp)) {
      this.ctx.metrics.refuse("too-many-connections");
      return reject(socket, 429, "too-many-connections", `at most ${limits.connectionsPerIp} connections at once`, { max: limits.connectionsPerIp });
    }
    socket.once("close", () => this.perIp.close(ip));
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, ip, this.ctx, this.fanout, request.headers.cookie);
      this.all.add(connection);
      connection.log.debug("ws open");
      ws.on("close", (code) => {
        this.all.delete(connection);
        connection.onClose();
        connection.log.debug({ code }, "ws close");
      });
    });
  }

  /** A ban: every connection of the account is told why, then closed (1008). */
  endAccount(account: string, refusal: HubError): void {
    for (const c of this.all) if (c.account === account) c.end(refusal);
  }

  /** Pings everyone; drops whoever has not answered the previous ping. */
  private beat(): void {
    for (const c of this.all) {
      if (!c.alive) {
        this.ctx.metrics.refuse("heartbeat-timeout");
        c.log.info("ws dropped: no pong");
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  /** Shutdown: sends what is queued, then closes every connection with 1001 (clients reconnect). */
  async close(ms = 3000): Promise<void> {
    clearInterval(this.heartbeat);
    this.fanout.flush();
    const closed = [...this.all].map((c) => new Promise<void>((resolve) => c.ws.once("close", () => resolve())));
    for (const c of this.all) c.ws.close(CLOSE.goingAway, "server restarting");
    const timer = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    await Promise.race([Promise.all(closed), timer]);
    for (const c of this.all) c.ws.terminate();
    this.wss.close();
  }
}

/** Refuses an upgrade with an HTTP answer in the project's error shape. */
function reject(socket: Duplex, status: number, code: ErrorCode, message: string, params?: ErrorParams): void {
  const body = JSON.stringify({ error: { code, message, ...(params ? { params } : {}) } });
  const retry = params?.retryAfterMs !== undefined ? `Retry-After: ${Math.ceil(Number(params.retryAfterMs) / 1000)}\r\n` : "";
  const reason = { 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests", 503: "Service Unavailable" }[status] ?? "Error";
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`);
}
