// What it costs to wake a sleeping thread on this machine (issue #23): the floor under the paced
// act's CPU. A paced act wakes the server's event loop twice (the client's message, then its
// commit's answer) and the SQLite writer thread once a commit; a bare echo wakes its loop once.
// Measured here without Grimoire: the process's CPU time (every thread, user + system, from
// `process.cpuUsage()`) over `--count` wake-ups, back to back and spaced by `--gap` ms (the thread
// asleep in between, as under a paced load), for
// - the event loop woken by a timer alone;
// - a round trip to a worker thread by `postMessage` (the writer's and the bots' transport), with
//   a payload shaped like one write of a batch;
// - a round trip through shared memory: the worker blocks in `Atomics.wait`, the event loop awaits
//   `Atomics.waitAsync`;
// - the SQLite writer's transport: the message posted to the worker's own port, which it reads
//   with `receiveMessageOnPort` once a bump of a shared slot wakes it out of `Atomics.wait`, and
//   its answer by `postMessage` (the event loop woken as for any message).
// A spaced round trip's figure has the timer's own cost taken off. `--json`: one JSON object.
import { parseArgs } from "node:util";
import { cpus, loadavg } from "node:os";
import { MessageChannel, Worker } from "node:worker_threads";
import { waitAsync } from "../src/threads.ts";

const { values: flags } = parseArgs({
  options: {
    count: { type: "string", default: "3000" },
    gap: { type: "string", default: "2" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (flags.help) {
  process.stdout.write(`Usage: npm run bench:wakeups -- [--count N] [--gap MS] [--json]

CPU time of waking a sleeping thread: a timer, a postMessage round trip to a worker, a round trip
through shared memory (Atomics), the SQLite writer's (a port read after a futex wake); back to back and spaced by --gap ms (3000 of each, 2 ms).
`);
  process.exit(0);
}
const COUNT = Number(flags.count);
const GAP = Number(flags.gap);
if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error(`--count takes a positive integer, not ${flags.count}`);
if (!Number.isFinite(GAP) || GAP < 0) throw new Error(`--gap takes milliseconds, not ${flags.gap}`);

/** One write of a batch, as the group commit posts it to SQLite's writer thread. */
const WRITE = { op: "appendAction", tableId: "t3k9x2mq", entry: { version: 12, seat: 0, action: { type: "cast", spell: 3 }, by: "seat", at: 1_764_200_000_000 }, table: null, result: null };

const echoWorker = new Worker(`require("node:worker_threads").parentPort.on("message", (m) => require("node:worker_threads").parentPort.postMessage(m));`, { eval: true });
const viaMessage = (): Promise<void> =>
  new Promise((resolve) => {
    echoWorker.once("message", () => resolve());
    echoWorker.postMessage({ type: "batch", id: 1, writes: [WRITE] });
  });

// [0]: the request's number (-1: stop), [1]: the answer's.
const shared = new Int32Array(new SharedArrayBuffer(8));
new Worker(
  `const f = new Int32Array(require("node:worker_threads").workerData);
  for (let seen = 0; ; ) {
    Atomics.wait(f, 0, seen);
    seen = Atomics.load(f, 0);
    if (seen < 0) break;
    Atomics.store(f, 1, seen);
    Atomics.notify(f, 1);
  }`,
  { eval: true, workerData: shared.buffer },
);
let asked = 0;
async function viaAtomics(): Promise<void> {
  const n = ++asked;
  Atomics.store(shared, 0, n);
  Atomics.notify(shared, 0);
  while (Atomics.load(shared, 1) !== n) {
    const waiting = waitAsync(shared, 1, n - 1);
    if (waiting.async) await waiting.value;
  }
}

// The SQLite writer's transport (sqlite.ts, sqlite-writer.ts): [0] of `wake` bumped after each message.
const wake = new Int32Array(new SharedArrayBuffer(4));
const inbox = new MessageChannel();
const inboxWorker = new Worker(
  `const { parentPort, receiveMessageOnPort, workerData } = require("node:worker_threads");
  const f = new Int32Array(workerData.wake);
  for (;;) {
    const seen = Atomics.load(f, 0);
    for (let m = receiveMessageOnPort(workerData.inbox); m; m = receiveMessageOnPort(workerData.inbox)) {
      if (m.message === "stop") process.exit(0);
      parentPort.postMessage(m.message);
    }
    Atomics.wait(f, 0, seen);
  }`,
  { eval: true, workerData: { wake: wake.buffer, inbox: inbox.port2 }, transferList: [inbox.port2] },
);
const viaInbox = (): Promise<void> =>
  new Promise((resolve) => {
    inboxWorker.once("message", () => resolve());
    inbox.port1.postMessage({ type: "batch", id: 1, writes: [WRITE] });
    Atomics.add(wake, 0, 1);
    Atomics.notify(wake, 0);
  });
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, GAP));
const nothing = async (): Promise<void> => {};

interface Figure {
  /** µs of the process's CPU time per wake-up (user + system, every thread). */
  cpuUs: number;
  userUs: number;
  systemUs: number;
  /** µs of wall time per wake-up, the gap included when spaced. */
  wallUs: number;
}

type Totals = { user: number; system: number; wallMs: number; n: number };
const zero = (): Totals => ({ user: 0, system: 0, wallMs: 0, n: 0 });

async function run(once: () => Promise<void>, spaced: boolean, n: number, into: Totals | null): Promise<void> {
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    await once();
    if (spaced) await pause();
  }
  if (!into) return;
  const used = process.cpuUsage(before);
  into.user += used.user;
  into.system += used.system;
  into.wallMs += performance.now() - started;
  into.n += n;
}

const figure = (t: Totals): Figure => ({ cpuUs: (t.user + t.system) / t.n, userUs: t.user / t.n, systemUs: t.system / t.n, wallUs: (t.wallMs * 1000) / t.n });

// The seven measures take turns in ROUNDS rounds, so a change in the machine's speed meanwhile
// touches each alike (a spaced round trip's figure is a difference with the timer's).
const ROUNDS = Math.min(6, COUNT);
const measures = [
  { once: nothing, spaced: true, totals: zero() },
  { once: viaMessage, spaced: false, totals: zero() },
  { once: viaMessage, spaced: true, totals: zero() },
  { once: viaAtomics, spaced: false, totals: zero() },
  { once: viaAtomics, spaced: true, totals: zero() },
  { once: viaInbox, spaced: false, totals: zero() },
  { once: viaInbox, spaced: true, totals: zero() },
];
// Warm up (the JIT, the workers' first messages) the same way, unmeasured.
for (const m of measures) await run(m.once, m.spaced, Math.min(200, COUNT), null);
for (let round = 0; round < ROUNDS; round++) {
  const n = Math.floor(COUNT / ROUNDS) + (round < COUNT % ROUNDS ? 1 : 0);
  for (const m of measures) await run(m.once, m.spaced, n, m.totals);
}
const [timerAlone, messageBackToBack, messageSpaced, atomicsBackToBack, atomicsSpaced, inboxBackToBack, inboxSpaced] = measures.map((m) => figure(m.totals)) as [Figure, Figure, Figure, Figure, Figure, Figure, Figure];
Atomics.store(shared, 0, -1);
Atomics.notify(shared, 0);
inbox.port1.postMessage("stop");
Atomics.add(wake, 0, 1);
Atomics.notify(wake, 0);
await echoWorker.terminate();

const less = (a: number, b: number) => Math.max(0, a - b);
const result = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? "?", node: process.version, load: loadavg()[0]! },
  count: COUNT,
  gapMs: GAP,
  timerWakeUs: timerAlone.cpuUs,
  messageRoundTripUs: { backToBack: messageBackToBack.cpuUs, spaced: less(messageSpaced.cpuUs, timerAlone.cpuUs) },
  atomicsRoundTripUs: { backToBack: atomicsBackToBack.cpuUs, spaced: less(atomicsSpaced.cpuUs, timerAlone.cpuUs) },
  inboxRoundTripUs: { backToBack: inboxBackToBack.cpuUs, spaced: less(inboxSpaced.cpuUs, timerAlone.cpuUs) },
  raw: { timerAlone, messageBackToBack, messageSpaced, atomicsBackToBack, atomicsSpaced, inboxBackToBack, inboxSpaced },
};
if (flags.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const us = (v: number) => v.toFixed(1);
  const { machine } = result;
  process.stdout.write(
    `Machine: ${machine.cpus} × ${machine.model}, Node ${machine.node}, load ${machine.load.toFixed(2)}; ${COUNT} of each, spaced by ${GAP} ms\n\n` +
      `| wake-up | CPU µs each, back to back | CPU µs each, spaced (the timer's taken off) |\n| ------- | ---: | ---: |\n` +
      `| the event loop, by a timer | — | ${us(result.timerWakeUs)} (the timer itself) |\n` +
      `| a postMessage round trip to a worker | ${us(result.messageRoundTripUs.backToBack)} | ${us(result.messageRoundTripUs.spaced)} |\n` +
      `| a shared-memory round trip (Atomics.wait / waitAsync) | ${us(result.atomicsRoundTripUs.backToBack)} | ${us(result.atomicsRoundTripUs.spaced)} |\n` +
      `| the SQLite writer's: its port read after a futex wake, the answer by postMessage | ${us(result.inboxRoundTripUs.backToBack)} | ${us(result.inboxRoundTripUs.spaced)} |\n`,
  );
}
process.exit(0);
