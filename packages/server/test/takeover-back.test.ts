// A seat handed to a bot by its clock comes back to its player when they act on it themselves
// (no `reclaim`): the action and the row that clears the take-over are one write, and everyone at
// the table is told. The bots here hold their answers, so the stand-in never acts before the player.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotAnswer, BotJob, BotRunner } from "../src/bots.ts";
import { SqliteStorage, type Storage, type TableRecord } from "../src/storage.ts";
import { boot, type Client, connect, ManualClock, openTable, type TestServer } from "./support/harness.ts";

/** Every decision asked of the bots, answered only when the test says so. */
const asked: { job: BotJob; answer(a: BotAnswer): void }[] = [];
const bots: BotRunner = {
  decide: (job) => new Promise((resolve) => asked.push({ job, answer: resolve })),
  close: async () => {},
};

/** The store, with every write of a table row noted: appended with an action, or saved on its own. */
const rows: { with: "action" | "save"; version: number | null; table: TableRecord }[] = [];
function noting(store: Storage): Storage {
  return new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "appendAction") {
        return (id: string, entry: { version: number }, table?: TableRecord, ...rest: unknown[]) => {
          if (table) rows.push({ with: "action", version: entry.version, table });
          return value.call(target, id, entry, table, ...rest);
        };
      }
      if (key === "saveTable") {
        return (table: TableRecord, ...rest: unknown[]) => {
          rows.push({ with: "save", version: null, table });
          return value.call(target, table, ...rest);
        };
      }
      return value.bind(target);
    },
  });
}

const until = async (ready: () => boolean, what: string, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

type Picture = Extract<Client["messages"][number], { type: "sync" | "update" }>;

/** The client's picture of the match now (a fresh sync). */
async function picture(c: Client): Promise<Picture> {
  const from = c.messages.length;
  c.send({ type: "sync" });
  return c.waitFor("sync", () => true, from);
}

const clock = new ManualClock();
const dataDir = mkdtempSync(join(tmpdir(), "grimoire-takeover-back-"));
let server: TestServer;
beforeAll(async () => {
  server = await boot({ clock, bots, storage: noting(SqliteStorage.inDirectory(dataDir)) }, dataDir);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Seated {
  id: string;
  ann: Client;
  bob: Client;
  spec: Client;
}

/**
 * A table where Bob's clock has run out and the stand-in bot, asked a real choice for him, holds
 * its answer; null when the deal gave the stand-in no choice before the end (a single legal action
 * it plays without asking).
 */
async function heldStandIn(): Promise<Seated | null> {
  const { id, tokens } = await openTable(server, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], turnSeconds: 10 }, ["Ann", "Bob"]);
  const seated = { id, ann: await connect(server, id, tokens.Ann), bob: await connect(server, id, tokens.Bob), spec: await connect(server, id) };
  const { ann, spec } = seated;
  const jobs = () => asked.filter((a) => a.job.table === id);

  // Ann bids; Bob does not: his clock runs out, and the bot's bid for him hands it his seat.
  const first = await ann.waitFor("sync");
  ann.send({ type: "act", action: first.legal![0]!.action, ref: "a0" });
  await ann.waitFor("ack", (a) => a.ref === "a0");
  clock.advance(10_001);
  await until(() => jobs().length === 1, "the clock's bot to be asked");
  const byClock = jobs()[0]!;
  expect(byClock.job.seat).toBe(1);
  byClock.answer({ action: byClock.job.legal[0], source: "bot" });
  const handed = await spec.waitFor("table", (t) => t.table.seats[1]!.botTakeover);
  expect(handed.table.seats[1]!.takeoverReason).toBe("clock");
  expect((await server.storage.getTable(id))!.seats[1]!.takeover).toBe(true);

  // Ann plays on until the stand-in is asked a choice for Bob.
  for (let step = 1; jobs().length === 1; step++) {
    const now = await picture(ann);
    if (now.decision.type === "over") {
      await Promise.all([seated.ann, seated.bob, seated.spec].map((c) => c.close()));
      return null;
    }
    if (now.decision.seats.includes(0)) {
      ann.send({ type: "act", action: now.legal![0]!.action, ref: `a${step}` });
      await ann.waitFor("ack", (a) => a.ref === `a${step}`);
    } else await until(() => jobs().length > 1 || ann.of("update").some((u) => u.version > now.version), "the stand-in to be asked or to play");
  }
  expect(jobs().at(-1)!.job.seat).toBe(1);
  return seated;
}

describe("a seat taken over by its clock", () => {
  it("is its player's again, in the same write as their action, when they act on it; everyone is told", async () => {
    // The deal decides whether the stand-in ever has a choice to make: new tables until it does.
    let seated: Seated | null = null;
    for (let table = 0; table < 20 && !seated; table++) seated = await heldStandIn();
    if (!seated) throw new Error("20 deals in a row gave the stand-in no choice");
    const { id, ann, bob, spec } = seated;

    // Bob acts on his seat himself.
    const mine = await picture(bob);
    expect(mine.decision.type === "over" ? [] : mine.decision.seats).toContain(1);
    const [annFrom, specFrom, savedBefore] = [ann.messages.length, spec.messages.length, rows.filter((r) => r.with === "save").length];
    bob.send({ type: "act", action: mine.legal![0]!.action, ref: "b" });
    const ack = await bob.waitFor("ack", (a) => a.ref === "b");
    const played = await ann.waitFor("update", (u) => u.version === ack.version, annFrom);
    expect([played.actor, played.by]).toEqual([1, "player"]);

    // One write: the action's row says the seat is Bob's; nothing saved on its own for it.
    const written = rows.find((r) => r.with === "action" && r.version === ack.version);
    expect(written?.table.seats[1]!.takeover, "the row written with the action").toBe(false);
    expect(written?.table.seats[1]!.takeoverReason).toBeUndefined();
    expect(rows.filter((r) => r.with === "save")).toHaveLength(savedBefore);
    expect((await server.storage.getTable(id))!.seats[1]!.takeover).toBe(false);

    // Everyone told, before the update itself: the seat no longer taken over.
    await spec.waitFor("update", (u) => u.version === ack.version, specFrom);
    for (const [c, from] of [[ann, annFrom], [spec, specFrom]] as const) {
      const after = c.messages.slice(from);
      const told = after.findIndex((m) => m.type === "table" && !m.table.seats[1]!.botTakeover && m.table.seats[1]!.takeoverReason === undefined);
      expect(told).toBeGreaterThanOrEqual(0);
      expect(told).toBeLessThan(after.findIndex((m) => m.type === "update" && m.version === ack.version));
    }
    await Promise.all([ann, bob, spec].map((c) => c.close()));
  });
});
