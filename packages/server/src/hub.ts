// The lobby and the live matches. Holds no rules: every decision goes through the engine
// (decision, legalActions, parseAction, apply, outcome, view, eventFor). For each table, one
// queue serializes changes; an action is appended to the log BEFORE it is applied in memory and
// sent, so nothing acknowledged is ever lost. A restart rebuilds unfinished matches from their logs.
import { createHash, randomBytes } from "node:crypto";
import { botNames, createRng, waitingSeats, type AnyGame, type Decision, type Viewer } from "@grimoire/engine";
import type { BotRunner } from "./bots.ts";
import type {
  ActorKind,
  CreateTableRequest,
  DecisionInfo,
  ErrorCode,
  ErrorParams,
  LegalAction,
  MatchRecord,
  OutcomeInfo,
  ServerOut,
  TableInfo,
  WireViewer,
} from "./protocol.ts";
import { createTableSchema } from "./protocol.ts";
import type { LoggedAction, SeatRecord, Storage, TableRecord } from "./storage.ts";

/** Real time, injected so tests can drive clocks and grace periods. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class HubError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** One connected client, as the hub sees it. */
export interface Subscriber {
  readonly viewer: WireViewer;
  send(message: ServerOut): void;
}

const MAX_LEGAL_LISTED = 300;
const MAX_CATCH_UP = 200;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

interface Live {
  record: TableRecord;
  game: AnyGame;
  state: unknown | null;
  version: number;
  /** Raw events of each version (index version-1), to filter per viewer on catch-up. */
  history: { seat: number; by: ActorKind; events: unknown[] }[];
  subscribers: Set<Subscriber>;
  queue: Promise<unknown>;
  /** Epoch ms when the current decision's clock runs out. */
  deadline: number | null;
  timers: unknown[];
  /** Seats with a bot decision in flight for the current version. */
  pendingBots: Set<number>;
  /** When each human seat lost its last connection (null: connected or never joined). */
  awaySince: (number | null)[];
}

export class Hub {
  private readonly tables = new Map<string, Live>();
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly games: readonly AnyGame[],
    private readonly bots: BotRunner,
    private readonly clock: Clock = systemClock,
    private readonly log: (line: string) => void = () => {},
  ) {}

  findGame(id: string): AnyGame | undefined {
    return this.games.find((g) => g.id === id);
  }

  /** Loads every table; unfinished matches are rebuilt by replaying their logs through the engine. */
  async restore(): Promise<void> {
    for (const record of await this.storage.listTables()) {
      const game = this.findGame(record.game);
      if (!game) {
        this.log(`table ${record.id}: game ${record.game} is not registered, skipped`);
        continue;
      }
      const live = this.makeLive(record, game);
      try {
        await this.rebuild(live);
      } catch (error) {
        // One broken log must not keep the other matches down: that table stays unloaded.
        this.log(`table ${record.id}: cannot be rebuilt from its log: ${(error as Error).message}`);
        continue;
      }
      this.tables.set(record.id, live);
      if (record.status === "playing") {
        if (game.decision(live.state).type === "over") await this.finish(live);
        else this.schedule(live);
      }
    }
  }

  /** Replays a started match's log through the engine. */
  private async rebuild(live: Live): Promise<void> {
    const { record, game } = live;
    if (record.status === "open") return;
    live.state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
    for (const entry of await this.storage.loadActions(record.id)) {
      const events = game.apply(live.state, entry.seat, this.reparse(game, live.state, entry));
      live.history.push({ seat: entry.seat, by: entry.by, events });
      live.version = entry.version;
    }
    // Everyone is away until they come back.
    live.awaySince = record.seats.map((s) => (s.kind === "human" ? this.clock.now() : null));
  }

  private reparse(game: AnyGame, state: unknown, entry: LoggedAction): unknown {
    const parsed = game.parseAction(state, entry.seat, entry.action);
    if (!parsed.ok) throw new Error(`log replay: version ${entry.version}: ${parsed.error.code}: ${parsed.error.message}`);
    return parsed.value;
  }

  private makeLive(record: TableRecord, game: AnyGame): Live {
    return {
      record,
      game,
      state: null,
      version: 0,
      history: [],
      subscribers: new Set(),
      queue: Promise.resolve(),
      deadline: null,
      timers: [],
      pendingBots: new Set(),
      awaySince: record.seats.map(() => null),
    };
  }

  /** Runs `fn` after everything queued on this table (one change at a time per table). */
  private serialize<T>(live: Live, fn: () => Promise<T>): Promise<T> {
    const run = live.queue.then(fn, fn);
    live.queue = run.catch(() => {});
    return run;
  }

  // ------------------------------------------------------------ lobby

  async createTable(raw: unknown): Promise<TableInfo> {
    const parsed = createTableSchema.safeParse(raw);
    if (!parsed.success) throw new HubError("bad-message", parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const request = parsed.data;
    const game = this.findGame(request.game);
    if (!game) throw new HubError("unknown-game", `unknown game "${request.game}"`);
    if (request.seats.length < game.minSeats || request.seats.length > game.maxSeats) {
      throw new HubError("bad-seats", `${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${request.seats.length}`, { min: game.minSeats, max: game.maxSeats });
    }
    const options = game.optionsSchema.safeParse(request.options);
    if (!options.success) throw new HubError("bad-options", options.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    const seed = randomBytes(16).toString("hex");
    // Distinct names for the table's bots (their level is worded by each client).
    const names = botNames(request.seats.length, randomBytes(1)[0]!);
    const record: TableRecord = {
      id: randomBytes(9).toString("base64url"),
      game: game.id,
      options: options.data,
      seats: request.seats.map(
        (s, i): SeatRecord =>
          s.kind === "bot"
            ? { kind: "bot", name: names[i]!, level: s.level, tokenHash: null, takeover: false }
            : { kind: "open", name: null, level: null, tokenHash: null, takeover: false },
      ),
      status: "open",
      turnSeconds: request.turnSeconds,
      graceSeconds: request.graceSeconds,
      seed,
      seedHash: sha256(seed),
      outcome: null,
      createdAt: this.clock.now(),
    };
    await this.storage.saveTable(record);
    const live = this.makeLive(record, game);
    this.tables.set(record.id, live);
    if (record.seats.every((s) => s.kind !== "open")) await this.serialize(live, () => this.start(live));
    return this.info(live);
  }

  listOpen(): TableInfo[] {
    return [...this.tables.values()].filter((l) => l.record.status === "open").map((l) => this.info(l));
  }

  table(id: string): TableInfo {
    return this.info(this.live(id));
  }

  private live(id: string): Live {
    const live = this.tables.get(id);
    if (!live) throw new HubError("unknown-table", `no table "${id}"`);
    return live;
  }

  async join(tableId: string, raw: { name: string; seat?: number | undefined }): Promise<{ table: TableInfo; seat: number; token: string }> {
    const live = this.live(tableId);
    return this.serialize(live, async () => {
      if (live.record.status !== "open") throw new HubError("already-started", "the match has already started");
      const seats = live.record.seats;
      let seat: number;
      if (raw.seat !== undefined) {
        if (raw.seat >= seats.length) throw new HubError("bad-seats", `this table has ${seats.length} seats`);
        if (seats[raw.seat]!.kind !== "open") throw new HubError("seat-taken", `seat ${raw.seat} is taken`);
        seat = raw.seat;
      } else {
        seat = seats.findIndex((s) => s.kind === "open");
        if (seat < 0) throw new HubError("table-full", "every seat is taken");
      }
      const token = randomBytes(24).toString("base64url");
      seats[seat] = { kind: "human", name: raw.name, level: null, tokenHash: sha256(token), takeover: false };
      live.awaySince[seat] = this.clock.now();
      await this.storage.saveTable(live.record);
      if (seats.every((s) => s.kind !== "open")) await this.start(live);
      else this.broadcastTable(live);
      return { table: this.info(live), seat, token };
    });
  }

  private async start(live: Live): Promise<void> {
    const { record, game } = live;
    live.state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
    record.status = "playing";
    await this.storage.saveTable(record);
    this.log(`table ${record.id}: ${game.id} started`);
    this.broadcastTable(live);
    this.fanOut(live, (viewer) => this.sync(live, viewer));
    this.schedule(live);
  }

  // ------------------------------------------------------------ connections

  /** Authenticates a `hello`: the seat of this token, or a spectator without one. */
  attach(tableId: string, token: string | undefined, subscriber: (viewer: WireViewer) => Subscriber, since?: number): Subscriber {
    const live = this.live(tableId);
    let viewer: WireViewer = "spectator";
    if (token !== undefined) {
      const hash = sha256(token);
      const seat = live.record.seats.findIndex((s) => s.tokenHash !== null && s.tokenHash === hash);
      if (seat < 0) throw new HubError("not-authorized", "this token holds no seat at this table");
      viewer = seat;
    }
    const sub = subscriber(viewer);
    live.subscribers.add(sub);
    sub.send({ type: "welcome", table: this.info(live), you: viewer });
    if (live.state !== null) {
      if (since !== undefined && since <= live.version && live.version - since <= MAX_CATCH_UP) {
        for (let v = since + 1; v <= live.version; v++) sub.send(this.update(live, v, sub.viewer));
        if (since === live.version) sub.send(this.sync(live, viewer));
      } else {
        sub.send(this.sync(live, viewer));
      }
      if (live.record.status === "over") sub.send(this.overMessage(live));
    }
    if (typeof viewer === "number") {
      live.awaySince[viewer] = null;
      const seat = live.record.seats[viewer]!;
      if (seat.takeover) {
        seat.takeover = false;
        void this.storage.saveTable(live.record);
        this.log(`table ${live.record.id}: seat ${viewer} is back, the bot stops playing for it`);
      }
      this.broadcastTable(live);
      if (live.record.status === "playing") this.schedule(live);
    }
    return sub;
  }

  detach(tableId: string, sub: Subscriber): void {
    const live = this.tables.get(tableId);
    if (!live) return;
    live.subscribers.delete(sub);
    if (typeof sub.viewer === "number" && ![...live.subscribers].some((s) => s.viewer === sub.viewer)) {
      live.awaySince[sub.viewer] = this.clock.now();
      this.broadcastTable(live);
      if (live.record.status === "playing") this.schedule(live);
    }
  }

  resync(tableId: string, sub: Subscriber): void {
    const live = this.live(tableId);
    if (live.state === null) throw new HubError("not-started", "the match has not started");
    sub.send(this.sync(live, sub.viewer));
  }

  // ------------------------------------------------------------ actions

  /** An action from a seat's player; resolves to the version it produced. */
  act(tableId: string, seat: number, raw: unknown): Promise<number> {
    const live = this.live(tableId);
    return this.serialize(live, () => this.submit(live, seat, raw, "player", null));
  }

  /** Validates through the engine, appends to the log, applies, then sends. */
  private async submit(live: Live, seat: number, raw: unknown, by: ActorKind, expectedVersion: number | null): Promise<number> {
    const { game } = live;
    if (live.record.status === "open") throw new HubError("not-started", "the match has not started");
    if (expectedVersion !== null && expectedVersion !== live.version) throw new HubError("not-your-turn", "stale decision");
    const state = live.state;
    const decision: Decision = game.decision(state);
    if (decision.type === "over") throw new HubError("game-over", "the game is over");
    if (!waitingSeats(decision).includes(seat)) throw new HubError("not-your-turn", `seat ${seat} has nothing to decide now`);
    const parsed = game.parseAction(state, seat, raw);
    if (!parsed.ok) throw new HubError(parsed.error.code, parsed.error.message);
    const version = live.version + 1;
    // The log first: once appended, the action survives any crash.
    await this.storage.appendAction(live.record.id, { version, seat, action: raw, by, at: this.clock.now() });
    const before = waitingSeats(decision);
    const events = game.apply(state, seat, parsed.value);
    live.version = version;
    // The clock keeps running while the others of a simultaneous step still commit.
    const after: Decision = game.decision(state);
    if (!(decision.type === "simultaneous" && after.type === "simultaneous" && waitingSeats(after).every((s) => before.includes(s)))) live.deadline = null;
    live.history.push({ seat, by, events });
    if (by === "clock" || by === "absent") this.log(`table ${live.record.id}: v${version}: a bot played for seat ${seat} (${by === "clock" ? "clock ran out" : "away past the grace period"})`);
    this.fanOut(live, (viewer) => this.update(live, version, viewer));
    if (game.decision(state).type === "over") await this.finish(live);
    else this.schedule(live);
    return version;
  }

  private async finish(live: Live): Promise<void> {
    this.clearTimers(live);
    const outcome = live.game.outcome(live.state);
    live.record.outcome = outcome ? { winners: [...outcome.winners], scores: [...outcome.scores], draw: outcome.draw } : { winners: [], scores: [], draw: true };
    live.record.status = "over";
    await this.storage.saveTable(live.record);
    this.log(`table ${live.record.id}: over`);
    this.broadcastTable(live);
    this.fanOut(live, () => this.overMessage(live));
  }

  private clearTimers(live: Live): void {
    for (const t of live.timers) this.clock.clearTimeout(t);
    live.timers = [];
  }

  /** After every change: bots to ask, clocks and grace periods to arm. */
  private schedule(live: Live): void {
    if (this.closed) return;
    this.clearTimers(live);
    const decision: Decision = live.game.decision(live.state);
    const waiting = waitingSeats(decision);
    const version = live.version;
    const now = this.clock.now();
    const { turnSeconds, graceSeconds } = live.record;
    if (turnSeconds !== null && live.deadline === null && waiting.length > 0) live.deadline = now + turnSeconds * 1000;
    for (const seat of waiting) {
      const rec = live.record.seats[seat]!;
      if (rec.kind === "bot" || rec.takeover) {
        this.askBot(live, seat, version, rec.kind === "bot" ? "bot" : "absent");
        continue;
      }
      if (live.deadline !== null) {
        live.timers.push(this.clock.setTimeout(() => this.askBot(live, seat, version, "clock"), Math.max(0, live.deadline - now)));
      }
      const away = live.awaySince[seat];
      if (graceSeconds !== null && away !== null && away !== undefined) {
        live.timers.push(
          this.clock.setTimeout(() => {
            if (live.awaySince[seat] === null || live.version !== version) return;
            rec.takeover = true;
            void this.serialize(live, async () => {
              await this.storage.saveTable(live.record);
              this.broadcastTable(live);
              this.schedule(live);
            });
          }, Math.max(0, away + graceSeconds * 1000 - now)),
        );
      }
    }
  }

  private askBot(live: Live, seat: number, version: number, by: ActorKind): void {
    if (live.pendingBots.has(seat) || live.version !== version || this.closed) return;
    const { game } = live;
    const rec = live.record.seats[seat]!;
    const level = rec.level ?? "medium";
    const botName = game.levels[level];
    // Like the engine's playout: a sample for games with too many actions to list.
    const legal: unknown[] = game.sampleActions ? game.sampleActions(live.state, seat, createRng(randomBytes(16).toString("hex")), 64) : game.legalActions(live.state, seat);
    if (legal.length === 0) return;
    const view = game.view(live.state, seat);
    live.pendingBots.add(seat);
    const decided = legal.length === 1 ? Promise.resolve({ action: legal[0], source: "bot" as const }) : this.bots.decide({ game: game.id, bot: botName, view, seat, legal });
    void decided.then((answer) =>
      this.serialize(live, async () => {
        live.pendingBots.delete(seat);
        if (this.closed) return;
        // Stale (someone else acted meanwhile): ask again for the current decision.
        if (live.version !== version) {
          if (live.record.status === "playing") this.schedule(live);
          return;
        }
        try {
          await this.submit(live, seat, answer.action, by, version);
        } catch (error) {
          this.log(`table ${live.record.id}: bot for seat ${seat} failed: ${(error as Error).message}`);
        }
      }),
    );
  }

  // ------------------------------------------------------------ projections

  info(live: Live): TableInfo {
    const r = live.record;
    return {
      id: r.id,
      game: r.game,
      gameTitle: live.game.title,
      options: r.options,
      status: r.status,
      seats: r.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        name: s.name,
        ...(s.level !== null ? { level: s.level } : {}),
        connected: s.kind === "bot" || [...live.subscribers].some((sub) => sub.viewer === seat),
        botTakeover: s.takeover,
      })),
      turnSeconds: r.turnSeconds,
      graceSeconds: r.graceSeconds,
      seedHash: r.status === "open" ? null : r.seedHash,
      invite: `/?table=${r.id}`,
      createdAt: r.createdAt,
    };
  }

  private decisionInfo(live: Live): DecisionInfo {
    const d: Decision = live.game.decision(live.state);
    switch (d.type) {
      case "turn":
        return { type: "turn", seats: [d.seat], prompt: d.prompt, deadline: live.deadline };
      case "simultaneous":
        return { type: "simultaneous", seats: [...d.seats], prompt: d.prompt, deadline: live.deadline };
      case "over":
        return { type: "over", seats: [], prompt: null, deadline: null };
    }
  }

  private legalFor(live: Live, viewer: Viewer): LegalAction[] | null {
    if (viewer === "spectator") return [];
    const d: Decision = live.game.decision(live.state);
    if (!waitingSeats(d).includes(viewer)) return [];
    if (live.game.sampleActions) return null;
    const legal: unknown[] = live.game.legalActions(live.state, viewer);
    if (legal.length > MAX_LEGAL_LISTED) return null;
    return legal.map((action) => ({ action, label: live.game.describeAction(action) }));
  }

  private sync(live: Live, viewer: Viewer): ServerOut {
    const over = live.record.status === "over";
    return {
      type: "sync",
      version: live.version,
      view: live.game.view(live.state, viewer),
      decision: this.decisionInfo(live),
      legal: this.legalFor(live, viewer),
      outcome: live.record.outcome,
      seed: over ? live.record.seed : null,
      seedHash: live.record.seedHash,
    };
  }

  /** Version `version` as `viewer` may see it (the view and decision are the latest). */
  private update(live: Live, version: number, viewer: Viewer): ServerOut {
    const entry = live.history[version - 1]!;
    const events = entry.events.map((e) => live.game.eventFor(e, viewer)).filter((e) => e !== null);
    return {
      type: "update",
      version,
      actor: entry.seat,
      by: entry.by,
      events,
      view: live.game.view(live.state, viewer),
      decision: this.decisionInfo(live),
      legal: this.legalFor(live, viewer),
    };
  }

  private overMessage(live: Live): ServerOut {
    return { type: "over", version: live.version, outcome: live.record.outcome as OutcomeInfo, seed: live.record.seed, seedHash: live.record.seedHash };
  }

  /** Sends each subscriber its message, built once per viewer (every spectator shares one). */
  private fanOut(live: Live, make: (viewer: WireViewer) => ServerOut): void {
    const built = new Map<WireViewer, ServerOut>();
    for (const sub of live.subscribers) {
      let message = built.get(sub.viewer);
      if (message === undefined) built.set(sub.viewer, (message = make(sub.viewer)));
      sub.send(message);
    }
  }

  private broadcastTable(live: Live): void {
    const message: ServerOut = { type: "table", table: this.info(live) };
    for (const sub of live.subscribers) sub.send(message);
  }

  // ------------------------------------------------------------ records

  async record(tableId: string): Promise<MatchRecord> {
    const live = this.live(tableId);
    if (live.record.status !== "over" || live.record.outcome === null) throw new HubError("not-finished", "the record is given once the match is over");
    const actions = await this.storage.loadActions(tableId);
    return {
      game: live.record.game,
      title: `${live.game.title} — table ${tableId}`,
      seats: live.record.seats.map((s, i) => s.name ?? `Seat ${i + 1}`),
      options: live.record.options as Record<string, unknown>,
      seed: live.record.seed,
      seedHash: live.record.seedHash,
      actions: actions.map((a) => ({ seat: a.seat, action: a.action })),
      outcome: live.record.outcome,
      eventsHash: eventsHash(live.history.map((h) => h.events)),
    };
  }

  /** Tables in memory of each game, by status (for /metrics). */
  tableCounts(): { game: string; status: TableInfo["status"]; count: number }[] {
    const counts = new Map<string, { game: string; status: TableInfo["status"]; count: number }>();
    for (const { record } of this.tables.values()) {
      const key = `${record.game}\n${record.status}`;
      const entry = counts.get(key) ?? { game: record.game, status: record.status, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
    return [...counts.values()];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const live of this.tables.values()) {
      this.clearTimers(live);
      await live.queue;
    }
  }
}

/** SHA-256 of every event of a match, in order (what `grimoire verify` recomputes). */
export function eventsHash(events: readonly (readonly unknown[])[]): string {
  return sha256(JSON.stringify(events));
}

export type { CreateTableRequest };
