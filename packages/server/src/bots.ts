// Server-side bots, off the event loop: a small pool of worker threads (TypeScript through tsx).
// Each request carries the seat's view and legal actions only. A request that overruns its time
// budget (or fails) is answered with a random legal action, and its worker is replaced.
import { randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { createRng, pick, type RngState } from "@grimoire/engine";

export interface BotRequest {
  id: number;
  game: string;
  bot: string;
  view: unknown;
  seat: number;
  legal: unknown[];
  rng: RngState;
}

export type BotReply = { id: number; ok: true; action: unknown } | { id: number; ok: false; error: string };

export interface BotAnswer {
  action: unknown;
  /** "bot": the bot decided; "fallback": it overran its budget or failed, a random legal action. */
  source: "bot" | "fallback";
}

export interface BotRunner {
  decide(request: Omit<BotRequest, "id" | "rng">): Promise<BotAnswer>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

interface Job {
  request: BotRequest;
  resolve(answer: BotAnswer): void;
}

// A plain JS entry registers tsx in the thread (execArgv loaders do not reach workers on every Node).
const WORKER_URL = new URL("./bot-worker-boot.mjs", import.meta.url);

export class BotPool implements BotRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly catalogUrl: string,
    private readonly size = 2,
    private readonly budgetMs = 3000,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { catalogUrl: this.catalogUrl } });
    worker.unref();
    const ready = new Promise<void>((resolve) => {
      const onReady = (message: unknown) => {
        if ((message as { ready?: boolean }).ready) {
          worker.off("message", onReady);
          resolve();
        }
      };
      worker.on("message", onReady);
      worker.once("error", () => resolve());
      worker.once("exit", () => resolve());
    });
    return { worker, ready, busy: false };
  }

  decide(request: Omit<BotRequest, "id" | "rng">): Promise<BotAnswer> {
    const full: BotRequest = { ...request, id: this.nextId++, rng: createRng(randomBytes(16).toString("hex")) };
    return new Promise((resolve) => {
      this.queue.push({ request: full, resolve });
      this.pump();
    });
  }

  private pump(): void {
    if (this.closed) return;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i]!;
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = true;
      void this.run(i, slot, job);
    }
  }

  private async run(index: number, slot: Slot, job: Job): Promise<void> {
    const fallback = (): BotAnswer => ({ action: pick(job.request.rng, job.request.legal), source: "fallback" });
    // The budget counts from when the worker is ready (its first load compiles TypeScript).
    await slot.ready;
    const answer = await new Promise<BotAnswer>((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        // The worker is stuck in a long search: replace it.
        void slot.worker.terminate();
        this.slots[index] = this.spawn();
        resolve(fallback());
      }, this.budgetMs);
      const onMessage = (reply: BotReply) => {
        if (reply.id !== job.request.id) return;
        cleanup();
        resolve(reply.ok ? { action: reply.action, source: "bot" } : fallback());
      };
      const onExit = () => {
        cleanup();
        if (this.slots[index] === slot && !this.closed) this.slots[index] = this.spawn();
        resolve(fallback());
      };
      const cleanup = () => {
        clearTimeout(timer);
        slot.worker.off("message", onMessage);
        slot.worker.off("exit", onExit);
      };
      slot.worker.on("message", onMessage);
      slot.worker.once("exit", onExit);
      slot.worker.postMessage(job.request);
    });
    slot.busy = false;
    job.resolve(answer);
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    for (const job of this.queue.splice(0)) job.resolve({ action: pick(job.request.rng, job.request.legal), source: "fallback" });
  }
}
