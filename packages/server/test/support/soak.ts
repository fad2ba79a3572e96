// Soak run for the memory test, in its own process (node --expose-gc): plays N short matches
// through the hub (two seats, each watched by a subscriber that leaves at the end), then
// measures the heap after a full GC against the baseline. Prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hub, type Subscriber } from "../../src/hub.ts";
import { SqliteStorage } from "../../src/storage.ts";
import type { BotRunner } from "../../src/bots.ts";
import { games } from "./catalog.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const matches = Number(process.argv[2] ?? 5000);
const noBots: BotRunner = { decide: () => Promise.reject(new Error("no bots in the soak")), close: async () => {} };
// The data directory: /dev/shm when there is one (the soak measures memory, not fsync).
const parent = process.env.SOAK_DIR ?? tmpdir();
const dir = mkdtempSync(join(parent, "grimoire-soak-"));
const storage = SqliteStorage.inDirectory(dir);
await storage.migrate();
const hub = new Hub(storage, games, noBots);

async function play(): Promise<string> {
  const table = await hub.createTable({ game: "bidding", options: { hand: 1 }, seats: [{ kind: "open" }, { kind: "open" }] });
  const joined = [await hub.join(table.id, { name: "Ann" }), await hub.join(table.id, { name: "Bob" })];
  const subs: Subscriber[] = [];
  for (const j of joined) subs.push(await hub.attach(table.id, j.token, (viewer) => ({ viewer, send: () => {} })));
  // Each seat bids its only card, then the winner claims a card, until the match is over.
  for (let step = 0; step < 10; step++) {
    const info = await hub.table(table.id);
    if (info.status === "over") break;
    for (const seat of [0, 1]) {
      for (const action of [{ type: "bid", card: 0 }, ...[1, 2, 3, 4, 5, 6].map((card) => ({ type: "bid", card })), ...[1, 2, 3, 4, 5, 6].map((card) => ({ type: "claim", card }))]) {
        try {
          await hub.act(table.id, seat, action);
          break;
        } catch {
          // not this one
        }
      }
    }
  }
  for (const sub of subs) hub.detach(table.id, sub);
  return table.id;
}

const heap = () => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
};
// Warm up (compile, caches), then the baseline.
for (let i = 0; i < 50; i++) await play();
const baseline = heap();
let last = "";
const started = performance.now();
for (let i = 0; i < matches; i++) last = await play();
const seconds = (performance.now() - started) / 1000;
const after = heap();
const record = await hub.record(last);
const loadedAfter = hub.loaded;
// A restart loads only unfinished matches.
const restarted = new Hub(storage, games, noBots);
await restarted.restore();
process.stdout.write(
  `${JSON.stringify({ matches, seconds, baselineMB: baseline / 2 ** 20, afterMB: after / 2 ** 20, loadedAfter, loadedOnRestart: restarted.loaded, lastRecordActions: record.actions.length, lastOutcome: record.outcome })}\n`,
);
await storage.close();
rmSync(dir, { recursive: true, force: true });
