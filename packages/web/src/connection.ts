// One match connection: a WebSocket to /ws that says hello with the seat's token (or watches),
// keeps the latest sync/update picture, and reconnects by itself with backoff, sending the last
// version seen so the server replays what was missed (or a full sync). No page reload needed.
import type { ReviewedDecision, ReviewUnit } from "@grimoire/engine";
import type { ChatMessage, DecisionInfo, ErrorCode, FinalViews, LegalAction, LogEntry, OutcomeInfo, ServerOut, TableInfo, WireViewer } from "./protocol.ts";

export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface LogLine {
  readonly version: number;
  readonly actor: number;
  readonly by: string;
  /** An event as this viewer saw it (worded by the game's describeEvent in the reader's language). */
  readonly event: unknown;
}

export interface ErrorInfo {
  readonly code: ErrorCode | "connection";
  /** English detail, for developers; the page words the error from its code and params. */
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>> | undefined;
}

export interface MatchSnapshot {
  readonly status: ConnectionStatus;
  readonly table: TableInfo | null;
  readonly you: WireViewer | null;
  readonly version: number;
  readonly view: unknown;
  readonly decision: DecisionInfo | null;
  readonly legal: readonly LegalAction[] | null;
  readonly outcome: OutcomeInfo | null;
  readonly seed: string | null;
  readonly seedHash: string | null;
  /** Once over: every seat's final view (and the game's full view), nothing hidden any more. */
  readonly final?: FinalViews | null;
  /** The whole log as this viewer saw it (the server sends the history on every fresh hello). */
  readonly log: readonly LogLine[];
  /** Events of the last update (for animations), with its version. */
  readonly lastEvents: readonly unknown[];
  readonly error: ErrorInfo | null;
  /** An action was sent and not yet acknowledged. */
  readonly pending: boolean;
  /** The table's chat as this viewer may read it, oldest first (plain text: never render as markup). */
  readonly chat: readonly ChatMessage[];
  /** The last chat message refused (too long, too fast, …), shown next to the chat. */
  readonly chatError: ErrorInfo | null;
  /** The rematch's table once made: the page takes everyone there. */
  readonly rematchTo: string | null;
  /** The last hint received (the review of the decision at `version`), and whether one was asked and not yet answered. */
  readonly hint?: { readonly version: number; readonly unit: ReviewUnit; readonly review: ReviewedDecision | null } | null;
  readonly hintPending?: boolean;
}

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ConnectionOptions {
  readonly tableId: string;
  readonly token?: string | undefined;
  /** Builds the socket; defaults to a WebSocket on this page's host at /ws?table=<id>. */
  readonly open?: () => SocketLike;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

const EMPTY: MatchSnapshot = {
  status: "connecting",
  table: null,
  you: null,
  version: 0,
  view: null,
  decision: null,
  legal: null,
  outcome: null,
  seed: null,
  seedHash: null,
  final: null,
  log: [],
  lastEvents: [],
  error: null,
  pending: false,
  chat: [],
  chatError: null,
  rematchTo: null,
};

const MAX_CHAT = 300;

/** One log line per visible event of an entry. */
function linesOf(entry: LogEntry): LogLine[] {
  return entry.events.map((event) => ({ version: entry.version, actor: entry.actor, by: entry.by, event }));
}

/**
 * The table's id rides in the URL (`/ws?table=<id>`) for a load balancer that sends a table's
 * clients to one process (deploy/nginx.conf); the server reads only the hello.
 */
export function socketUrl(tableId: string, where: { protocol: string; host: string } = location): string {
  const scheme = where.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${where.host}/ws?table=${encodeURIComponent(tableId)}`;
}

export function defaultSocket(tableId: string): SocketLike {
  return new WebSocket(socketUrl(tableId)) as unknown as SocketLike;
}

export class MatchConnection {
  private snapshot: MatchSnapshot = EMPTY;
  private socket: SocketLike | null = null;
  private readonly listeners = new Set<(s: MatchSnapshot) => void>();
  private attempts = 0;
  private timer: unknown = null;
  private stopped = false;
  private refs = 0;
  /** Whether we ever received a picture (then `since` is sent on reconnection). */
  private synced = false;

  constructor(private readonly options: ConnectionOptions) {}

  get current(): MatchSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (s: MatchSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as number);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.set({ status: "closed" });
  }

  /** Sends an action for our seat. */
  act(action: unknown): void {
    if (!this.socket || this.socket.readyState !== 1) {
      this.set({ error: { code: "connection", message: "not connected" } });
      return;
    }
    this.refs += 1;
    this.set({ pending: true, error: null });
    this.socket.send(JSON.stringify({ type: "act", action, ref: `a${this.refs}` }));
  }

  /** Takes our seat back from the bot playing for it (the clock ran out, or we were away). */
  reclaim(): void {
    if (!this.socket || this.socket.readyState !== 1) {
      this.set({ error: { code: "connection", message: "not connected" } });
      return;
    }
    this.refs += 1;
    this.socket.send(JSON.stringify({ type: "reclaim", ref: `r${this.refs}` }));
  }

  clearError(): void {
    this.set({ error: null });
  }

  /** Sends a chat message (a spectator may sign it with `name`); a refusal lands in `chatError`. */
  chat(text: string, name?: string): boolean {
    if (!this.send({ type: "chat", text, ...(name ? { name } : {}) }, "c")) {
      this.set({ chatError: { code: "connection", message: "not connected" } });
      return false;
    }
    this.set({ chatError: null });
    return true;
  }

  clearChatError(): void {
    this.set({ chatError: null });
  }

  /** Resigns this seat (the game's result counts it lost). */
  resign(): void {
    if (!this.send({ type: "resign" }, "r")) this.set({ error: { code: "connection", message: "not connected" } });
  }

  /** Accepts a rematch; once every player has, `rematchTo` names the new table. */
  rematch(): void {
    if (!this.send({ type: "rematch" }, "r")) this.set({ error: { code: "connection", message: "not connected" } });
  }

  /** Sends a message with a fresh ref (its prefix says what it was); false when not connected. */
  private send(message: Record<string, unknown>, prefix: string): boolean {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.refs += 1;
    this.socket.send(JSON.stringify({ ...message, ref: `${prefix}${this.refs}` }));
    return true;
  }

  /** Asks for a hint: the review of our decision now (refused at rated tables, then an error). */
  hint(): void {
    if (!this.socket || this.socket.readyState !== 1) {
      this.set({ error: { code: "connection", message: "not connected" } });
      return;
    }
    this.refs += 1;
    this.set({ hintPending: true, error: null });
    this.socket.send(JSON.stringify({ type: "hint", ref: `h${this.refs}` }));
  }

  /** Drops the socket as a network failure would (for tests and the "reconnect" button). */
  dropForTest(): void {
    this.socket?.close();
  }

  private set(patch: Partial<MatchSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = this.options.open ? this.options.open() : defaultSocket(this.options.tableId);
    this.socket = socket;
    this.set({ status: this.attempts === 0 && !this.synced ? "connecting" : "reconnecting" });
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const hello: Record<string, unknown> = { type: "hello", tableId: this.options.tableId };
      if (this.options.token) hello.token = this.options.token;
      if (this.synced) hello.since = this.snapshot.version;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      let message: ServerOut;
      try {
        message = JSON.parse(String(ev.data)) as ServerOut;
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      this.attempts += 1;
      const delay = Math.min(8000, 250 * 2 ** Math.min(this.attempts - 1, 5));
      this.set({ status: "reconnecting", pending: false });
      this.timer = (this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)))(() => {
        this.timer = null;
        this.connect();
      }, delay);
    };
    socket.onerror = () => {
      /* onclose follows */
    };
  }

  /** Applies one server message to the picture. */
  receive(message: ServerOut): void {
    switch (message.type) {
      case "welcome":
        this.attempts = 0;
        this.set({ status: "open", table: message.table, you: message.you, error: null });
        return;
      case "table":
        this.set({ table: message.table });
        return;
      case "log":
        // The history up to the sync that follows: it replaces what we held (a reload starts empty).
        this.set({ log: message.entries.flatMap(linesOf) });
        return;
      case "sync":
        this.synced = true;
        this.set({
          version: message.version,
          view: message.view,
          decision: message.decision,
          legal: message.legal,
          outcome: message.outcome,
          seed: message.seed,
          seedHash: message.seedHash,
          pending: false,
        });
        return;
      case "update": {
        if (message.version <= this.snapshot.version && this.synced) return; // already seen
        this.synced = true;
        const log = message.events.length > 0 ? [...this.snapshot.log, ...linesOf(message)] : this.snapshot.log;
        this.set({
          version: message.version,
          view: message.view,
          decision: message.decision,
          legal: message.legal,
          log,
          lastEvents: message.events,
        });
        return;
      }
      case "over":
        this.set({ outcome: message.outcome, seed: message.seed, seedHash: message.seedHash, final: message.final ?? null, version: Math.max(this.snapshot.version, message.version) });
        return;
      case "ack":
        if (message.ref === null || message.ref.startsWith("a")) this.set({ pending: false });
        return;
      case "error": {
        const error = { code: message.code, message: message.message, params: message.params };
        // A banned account is not let back in: reconnecting would only be refused again.
        if (message.code === "banned") this.stopped = true;
        if (message.ref?.startsWith("c")) this.set({ chatError: error });
        else this.set({ error, pending: message.ref?.startsWith("r") ? this.snapshot.pending : false, ...(message.ref?.startsWith("h") ? { hintPending: false } : {}) });
        return;
      }
      case "hint": {
        this.set({ hint: { version: message.version, unit: message.unit, review: message.review }, hintPending: false });
        return;
      }
      case "pong":
        return;
      case "chat-history":
        this.set({ chat: message.messages.slice(-MAX_CHAT) });
        return;
      case "chat-hidden":
        // A moderator hid it: gone for everyone.
        this.set({ chat: this.snapshot.chat.filter((m) => m.id !== message.id) });
        return;
      case "chat":
        if (this.snapshot.chat.some((m) => m.id === message.message.id)) return;
        this.set({ chat: [...this.snapshot.chat, message.message].slice(-MAX_CHAT) });
        return;
      case "rematch":
        this.set({ rematchTo: message.tableId });
        return;
    }
  }
}
