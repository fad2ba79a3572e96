// Server-side bots, off the event loop: a small pool of worker threads (TypeScript through tsx).
// Each request carries the seat's view and legal actions only. A request that overruns its time
// budget (or fails) is answered with a random legal action, and its worker is replaced.
// Fair queue: decisions a human waits for (a table with a human seat) come before those of tables
// of bots only, however many addresses or creators those come from; within each class, waiting
// decisions are served round robin across groups (who created the table), then across tables
// within a group, so one client's hundred matches take one turn in each round, like anyone
// else's table. The budget counts from when the decision was due (queued), not from when a worker
// takes it: a decision that waited its whole budget gets a random legal action at once, without a
// worker, so tables of bots only keep moving (at random) while the pool is saturated, and never
// make a human wait.
// Reviews (post-game reviews and hints) go to the same workers one decision at a time, from a queue
// of their own served only when no live decision waits and, with two workers or more, only while
// another worker stays free for the next live decision: a review never makes a bot move wait.
// That queue is fair too: round robin across who asked (a table's hints, a seat's review), so a
// hint waits for at most one decision of each review being computed, not for whole reviews.
import { randomBytes } from "./random.ts";
import { Worker } from "node:worker_threads";
import { createRng, pick, type ReviewedDecision, type RngState, type Seed } from "@grimoire/engine";

export interface BotRequest {
  id: number;
  game: string;
  bot: string;
  view: unknown;
  seat: number;
  legal: unknown[];
  rng: RngState;
}

/** One decision to review from the seat's view (`chosen` null: a hint, no move made yet). */
export interface ReviewRequest {
  id: number;
  kind: "review";
  game: string;
  view: unknown;
  seat: number;
  legal: unknown[];
  chosen: unknown;
  /** The decision's index in the record: with `seed`, it names the reviewer's random draws. */
  index: number;
  seed: Seed;
}
export type ReviewJob = Omit<ReviewRequest, "id" | "kind"> & {
  /** Who asks (a table's hints, one seat's post-game review): reviews take turns between them. */
  queue?: string;
};

export type BotReply =
  | { id: number; ok: true; action: unknown }
  | { id: number; ok: true; review: ReviewedDecision | null }
  | { id: number; ok: false; error: string };

export interface BotAnswer {
  action: unknown;
  /** "bot": the bot decided; "fallback": it overran its budget or failed, a random legal action. */
  source: "bot" | "fallback";
}

/** What the hub asks: the request, and where it comes from (for the fair queue). */
export type BotJob = Omit<BotRequest, "id" | "rng"> & {
  /** The table asking; decisions of one table are served in order. */
  table?: string;
  /** Who owns the table (its creator); the queue takes turns between groups. Default: the table. */
  group?: string;
  /** A human at the table waits for this decision (default true): served before tables of bots only. */
  waitedOn?: boolean;
};

export interface BotRunner {
  decide(request: BotJob): Promise<BotAnswer>;
  /** Reviews one decision, behind every live decision; rejects if the reviewer fails or overruns `reviewBudgetMs`. */
  review?(job: ReviewJob): Promise<ReviewedDecision | null>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /**
   * performance.now() when a first worker was ready: the pool's start-up (TypeScript compiling)
   * is not charged to decisions; a replacement's boot is (-Infinity).
   */
  readyAt: number;
  busy: boolean;
}

interface Job {
  request: BotRequest;
  table: string;
  group: string;
  /** performance.now() when the decision was due. */
  dueAt: number;
  /** How many jobs had been served when this one was queued. */
  servedBefore: number;
  resolve(answer: BotAnswer): void;
}

// A plain JS entry registers tsx in the thread (execArgv loaders do not reach workers on every Node).
const WORKER_URL = new URL("./bot-worker-boot.mjs", import.meta.url);

export class BotPool implements BotRunner {
  private readonly slots: Slot[] = [];
  /** Waiting jobs a human waits for, by group, then by table; a Map's order is the rotation (served ones go last). */
  private readonly waiting = new Map<string, Map<string, Job[]>>();
  /** The same for tables of bots only, served when no human waits (or at random once out of budget). */
  private readonly background = new Map<string, Map<string, Job[]>>();
  private nextId = 1;
  private served = 0;
  private closed = false;
  private expiry: ReturnType<typeof setTimeout> | null = null;
  /** performance.now() when a first worker was ready (null: still starting). */
  private firstReadyAt: number | null = null;
  /** Review jobs by who asked, round robin, after every live decision. */
  private readonly reviews = new Map<string, ReviewItem[]>();
  /** Longest a worker may spend on one reviewed decision before it is replaced. */
  reviewBudgetMs = 60_000;
  /**
   * Longest a worker may take to start (load the catalog) before a decision waiting for it gets a
   * random legal action and the worker is replaced: a worker that never comes up must not hold a
   * table's decision, and the table, for ever. Its first start is not charged to the decision's
   * budget (it compiles TypeScript), so this is its own bound, far above a start's 1–3 s.
   */
  startMs = 30_000;

  /**
   * `onServe`: called as each job goes to a worker (tests count queue positions with it).
   * `onDemand`: the workers start with the first decision or review (or `ready()`), not now: a
   * server that seldom hosts bots spares their memory and their start-up (each loads every game).
   */
  constructor(
    private readonly catalogUrl: string,
    private readonly size = 2,
    private readonly budgetMs = 3000,
    private readonly onServe?: (job: { table: string; group: string; waitedMs: number; jobsServedMeanwhile: number; budgetLeftMs: number }) => void,
    { onDemand = false }: { onDemand?: boolean } = {},
  ) {
    if (!onDemand) this.start();
  }

  /** Starts the workers, once. */
  private start(): void {
    if (this.slots.length > 0 || this.closed) return;
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn(true));
  }

  /** Decisions waiting for a worker. */
  get queued(): number {
    let n = 0;
    for (const queue of [this.waiting, this.background]) for (const tables of queue.values()) for (const jobs of tables.values()) n += jobs.length;
    return n;
  }

  /** Resolves once every worker is up. */
  async ready(): Promise<void> {
    this.start();
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  private spawn(first = false): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { catalogUrl: this.catalogUrl } });
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve(), readyAt: Infinity, busy: false };
    slot.ready = new Promise<void>((resolve) => {
      const done = () => {
        slot.readyAt = first ? performance.now() : -Infinity;
        if (first) this.firstReadyAt ??= slot.readyAt;
        resolve();
      };
      const onReady = (message: unknown) => {
        if ((message as { ready?: boolean }).ready) {
          worker.off("message", onReady);
          done();
        }
      };
      worker.on("message", onReady);
      worker.once("error", done);
      worker.once("exit", done);
    });
    return slot;
  }

  decide(job: BotJob): Promise<BotAnswer> {
    const { table, group, waitedOn = true, ...request } = job;
    const full: BotRequest = { ...request, id: this.nextId++, rng: createRng(randomBytes(16).toString("hex")) };
    const tableKey = table ?? `job-${full.id}`;
    const groupKey = group ?? tableKey;
    const queue = waitedOn ? this.waiting : this.background;
    return new Promise((resolve) => {
      let tables = queue.get(groupKey);
      if (!tables) queue.set(groupKey, (tables = new Map()));
      let jobs = tables.get(tableKey);
      if (!jobs) tables.set(tableKey, (jobs = []));
      jobs.push({ request: full, table: tableKey, group: groupKey, dueAt: performance.now(), servedBefore: this.served, resolve });
      this.pump();
    });
  }

  /** The next job: a human waits for it if any such waits; round robin within its class. */
  private next(): Job | undefined {
    return takeRoundRobin(this.waiting) ?? takeRoundRobin(this.background);
  }

  /**
   * Jobs of tables of bots only that waited their whole budget behind decisions a human waits for:
   * a random legal action now, without a worker (what `run` would answer them anyway).
   */
  private expireBackground(): void {
    // As in `run`, the pool's start-up (TypeScript compiling) is not charged to decisions.
    if (this.firstReadyAt === null) return;
    const now = performance.now();
    const left = (job: Job) => this.budgetMs - (now - Math.max(job.dueAt, this.firstReadyAt!));
    for (const [group, tables] of this.background) {
      for (const [table, jobs] of tables) {
        while (jobs.length > 0 && left(jobs[0]!) <= 0) {
          const job = jobs.shift()!;
          this.onServe?.({ table: job.table, group: job.group, waitedMs: now - job.dueAt, jobsServedMeanwhile: this.served - job.servedBefore, budgetLeftMs: left(job) });
          this.served++;
          job.resolve({ action: pick(job.request.rng, job.request.legal), source: "fallback" });
        }
        if (jobs.length === 0) tables.delete(table);
      }
      if (tables.size === 0) this.background.delete(group);
    }
  }

  /** Reviews waiting for a worker. */
  get reviewsQueued(): number {
    let n = 0;
    for (const jobs of this.reviews.values()) n += jobs.length;
    return n;
  }

  review(job: ReviewJob): Promise<ReviewedDecision | null> {
    if (this.closed) return Promise.reject(new Error("the bot pool is closed"));
    const { queue = "", ...request } = job;
    return new Promise((resolve, reject) => {
      const item: ReviewItem = { request: { ...request, id: this.nextId++, kind: "review" }, resolve, reject };
      const jobs = this.reviews.get(queue);
      if (jobs) jobs.push(item);
      else this.reviews.set(queue, [item]);
      this.pump();
    });
  }

  private pump(): void {
    if (this.closed) return;
    this.start();
    this.expireBackground();
    if (this.background.size > 0 && !this.expiry) {
      // Re-check when the oldest background decision runs out of budget, even if no worker frees up.
      this.expiry = setTimeout(() => {
        this.expiry = null;
        this.pump();
      }, Math.max(10, this.budgetMs / 4));
      this.expiry.unref?.();
    }
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i]!;
      if (slot.busy) continue;
      const job = this.next();
      if (!job) break;
      slot.busy = true;
      void this.run(i, slot, job);
    }
    // Live decisions all served: reviews may take a free worker, leaving one free for the next
    // live decision (with a pool of one, the worker when idle).
    const reserve = this.slots.length > 1 ? 1 : 0;
    for (let i = 0; i < this.slots.length && this.reviews.size > 0; i++) {
      const slot = this.slots[i]!;
      if (slot.busy) continue;
      if (this.slots.filter((s) => !s.busy).length <= reserve) return;
      slot.busy = true;
      void this.runReview(i, slot, takeNext(this.reviews)!);
    }
  }

  /**
   * Waits for the slot's worker to start, at most `startMs`; past that the worker is stopped and
   * replaced (false), so what waits for it is answered without it.
   */
  private async started(index: number, slot: Slot): Promise<boolean> {
    // Up already (`readyAt` is set as `ready` resolves): no timer on a decision's usual path.
    if (slot.readyAt !== Infinity) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const up = await Promise.race([slot.ready.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.startMs)))]);
    clearTimeout(timer);
    if (up) return true;
    void slot.worker.terminate();
    if (this.slots[index] === slot && !this.closed) this.slots[index] = this.spawn(this.firstReadyAt === null);
    return false;
  }

  private async runReview(index: number, slot: Slot, job: ReviewItem): Promise<void> {
    if (!(await this.started(index, slot))) {
      slot.busy = false;
      job.reject(new Error("the reviewer's worker did not start"));
      this.pump();
      return;
    }
    const reply = await this.ask(index, slot, job.request, this.reviewBudgetMs);
    slot.busy = false;
    if (reply === null) job.reject(new Error("the review overran its budget or its worker stopped"));
    else if (!reply.ok) job.reject(new Error(reply.error));
    else job.resolve("review" in reply ? reply.review : null);
    this.pump();
  }

  private async run(index: number, slot: Slot, job: Job): Promise<void> {
    const fallback = (): BotAnswer => ({ action: pick(job.request.rng, job.request.legal), source: "fallback" });
    if (!(await this.started(index, slot))) {
      // Its worker never came up: a random legal action, and the replacement serves the next.
      slot.busy = false;
      this.served++;
      job.resolve(fallback());
      this.pump();
      return;
    }
    // The budget counts from when the decision was due, or from when the pool's first workers
    // became ready if that is later (their first load compiles TypeScript).
    const remaining = this.budgetMs - (performance.now() - Math.max(job.dueAt, slot.readyAt));
    this.onServe?.({ table: job.table, group: job.group, waitedMs: performance.now() - job.dueAt, jobsServedMeanwhile: this.served - job.servedBefore, budgetLeftMs: remaining });
    this.served++;
    if (remaining <= 0) {
      // It waited its whole budget in the queue: a random legal action now, the worker stays free.
      slot.busy = false;
      job.resolve(fallback());
      this.pump();
      return;
    }
    const reply = await this.ask(index, slot, job.request, remaining);
    const answer: BotAnswer = reply?.ok && "action" in reply ? { action: reply.action, source: "bot" } : fallback();
    slot.busy = false;
    job.resolve(answer);
    this.pump();
  }

  /**
   * Sends one request to a worker and waits for its reply: null if it overruns `budgetMs` (the
   * worker, stuck in a long search, is replaced) or its worker stops (another is started). A reply
   * read after the budget ran out is an overrun too, though its worker is kept (it is free): with
   * the event loop held up (a loaded machine), the reply can be handled before the overdue timer.
   */
  private ask(index: number, slot: Slot, request: BotRequest | ReviewRequest, budgetMs: number): Promise<BotReply | null> {
    return new Promise<BotReply | null>((resolve) => {
      const deadline = performance.now() + budgetMs;
      const timer = setTimeout(() => {
        cleanup();
        void slot.worker.terminate();
        this.slots[index] = this.spawn();
        resolve(null);
      }, budgetMs);
      const onMessage = (reply: BotReply) => {
        if (reply.id !== request.id) return;
        cleanup();
        resolve(performance.now() > deadline ? null : reply);
      };
      const onExit = () => {
        cleanup();
        if (this.slots[index] === slot && !this.closed) this.slots[index] = this.spawn();
        resolve(null);
      };
      const cleanup = () => {
        clearTimeout(timer);
        slot.worker.off("message", onMessage);
        slot.worker.off("exit", onExit);
      };
      slot.worker.on("message", onMessage);
      slot.worker.once("exit", onExit);
      slot.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    for (const queue of [this.waiting, this.background]) {
      for (const tables of queue.values()) {
        for (const jobs of tables.values()) for (const job of jobs) job.resolve({ action: pick(job.request.rng, job.request.legal), source: "fallback" });
      }
      queue.clear();
    }
    for (const jobs of this.reviews.values()) for (const job of jobs) job.reject(new Error("the bot pool is closed"));
    this.reviews.clear();
  }
}

interface ReviewItem {
  request: ReviewRequest;
  resolve(review: ReviewedDecision | null): void;
  reject(error: Error): void;
}

/** The first key's first item; the key goes to the back of the rotation. */
function takeNext<T>(queue: Map<string, T[]>): T | undefined {
  const first = queue.entries().next();
  if (first.done) return undefined;
  const [key, items] = first.value;
  const item = items.shift()!;
  queue.delete(key);
  if (items.length > 0) queue.set(key, items);
  return item;
}

/** Takes the first group's first table's first job; that table, then that group, go to the back. */
function takeRoundRobin(queue: Map<string, Map<string, Job[]>>): Job | undefined {
  const first = queue.entries().next();
  if (first.done) return undefined;
  const [group, tables] = first.value;
  const [table, jobs] = tables.entries().next().value!;
  const job = jobs.shift()!;
  tables.delete(table);
  if (jobs.length > 0) tables.set(table, jobs);
  queue.delete(group);
  if (tables.size > 0) queue.set(group, tables);
  return job;
}
