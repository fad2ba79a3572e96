// One table actor driven with no socket and no HTTP: SQLite storage, a fake clock, a bot runner
// that plays the first legal action, and subscribers that record what they are sent. Messages in;
// per-viewer messages and storage writes out.
import type { AnyGame } from "@grimoire/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BotRunner } from "../src/bots.ts";
import { HubError, sha256, type Subscriber } from "../src/hub.ts";
import type { ServerOut, WireViewer } from "../src/protocol.ts";
import type { LoggedAction, Storage, TableRecord } from "../src/storage.ts";
import { TableActor } from "../src/tables/TableActor.ts";
import { TableDirectory } from "../src/tables/TableDirectory.ts";
import { games } from "./support/catalog.ts";
import { ManualClock } from "./support/harness.ts";
import { sqliteBackend, tableRecord, type Backend } from "./support/stores.ts";

/** A subscriber that keeps every message it is sent. */
interface Recorder extends Subscriber {
  readonly messages: ServerOut[];
}

function recorder(viewer: WireViewer): Recorder {
  const messages: ServerOut[] = [];
  return { viewer, messages, send: (m) => messages.push(m) };
}

function of<T extends ServerOut["type"]>(sub: Recorder, type: T): Extract<ServerOut, { type: T }>[] {
  return sub.messages.filter((m): m is Extract<ServerOut, { type: T }> => m.type === type);
}

/** The first legal action, or (a game too big to list) what the game's sampler offers. */
const firstBot: BotRunner = {
  decide: async (request) => ({ action: request.legal[0], source: "bot" }),
  close: async () => {},
};

async function until(what: string, ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

let backend: Backend;
let storage: Storage;
/** Storage refuses every table write while set (appending an action, saving a row). */
let refusing = false;
/** Actions written, in order. */
let appended: LoggedAction[];
/** A write waits for this, when set (to see what happens before a write lands). */
let gate: Promise<void> | null;
let clock: ManualClock;
let directory: TableDirectory;

beforeEach(async () => {
  backend = sqliteBackend("grimoire-actor-");
  const real = backend.open();
  await real.migrate();
  refusing = false;
  appended = [];
  gate = null;
  storage = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "appendAction") {
        return async (tableId: string, entry: LoggedAction, ...rest: unknown[]) => {
          if (gate) await gate;
          if (refusing) throw new Error("disk full");
          await (value as (...args: unknown[]) => Promise<void>).call(target, tableId, entry, ...rest);
          appended.push(entry);
        };
      }
      if (prop === "saveTable" && refusing) return async () => Promise.reject(new Error("disk full"));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  clock = new ManualClock();
  directory = new TableDirectory(storage, games, firstBot, clock, () => {});
});

afterEach(async () => {
  await directory.close();
  await storage.close();
  await backend.cleanup();
});

const TOKENS = ["t0", "t1", "t2"];

/** A playing table of three humans (seat i holds TOKENS[i]), started as a full table starts. */
async function startTable(gameId: string, turnSeconds: number | null = null): Promise<TableActor> {
  const game: AnyGame = games.find((g) => g.id === gameId)!;
  const record: TableRecord = {
    ...tableRecord(`actor-${gameId}`, clock.now(), {
      options: game.optionsSchema.parse({}),
      seats: TOKENS.map((t, i) => ({ kind: "human" as const, name: `P${i}`, level: null, tokenHash: sha256(t), takeover: false })),
      status: "playing",
      turnSeconds,
      rated: false,
    }),
    game: game.id,
  };
  const state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
  const decision = game.decision(state);
  if (turnSeconds !== null && decision.type !== "over") record.deadline = clock.now() + turnSeconds * 1000;
  await storage.saveTable(record);
  const table = new TableActor(directory, record, game);
  await directory.adopt(table);
  table.started(state);
  return table;
}

/** The seat the match waits for (a turn-based game). */
function turnOf(table: TableActor): number {
  const d = table.game.decision(table.state);
  if (d.type !== "turn") throw new Error(`expected a turn, got ${d.type}`);
  return d.seat;
}

function attachAll(table: TableActor): { seats: Recorder[]; spectator: Recorder } {
  const seats = TOKENS.map((t) => table.attach(t, recorder) as Recorder);
  const spectator = table.attach(undefined, recorder) as Recorder;
  return { seats, spectator };
}

describe("table actor", () => {
  it("an act is acknowledged only once written, and each viewer gets its own projection of it", async () => {
    const table = await startTable("abracadawhat");
    const { seats, spectator } = attachAll(table);
    // Abraca…What?: a seat sees the others' stones, never its own; a spectator sees no hand.
    const seatSync = of(seats[0]!, "sync")[0]!;
    const specSync = of(spectator, "sync")[0]!;
    expect(JSON.stringify(seatSync.view)).not.toBe(JSON.stringify(specSync.view));
    expect(specSync.legal).toEqual([]);

    const seat = turnOf(table);
    const legal = of(seats[seat]!, "sync")[0]!.legal!;
    expect(legal.length).toBeGreaterThan(0);
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    let acked: number | null = null;
    const acting = table.act(seat, legal[0]!.action).then((v) => (acked = v));
    await new Promise((r) => setTimeout(r, 30));
    // The write has not landed: nothing acknowledged, nothing sent, nothing changed in memory.
    expect(acked).toBeNull();
    expect(table.version).toBe(0);
    expect(seats.every((s) => of(s, "update").length === 0)).toBe(true);
    release();
    await acting;
    expect(acked).toBe(1);
    expect(appended.map((e) => [e.version, e.seat, e.by])).toEqual([[1, seat, "player"]]);
    expect((await storage.loadActions(table.id)).map((e) => e.version)).toEqual([1]);
    // One update per subscriber, each its own viewer's projection.
    const updates = [...seats, spectator].map((s) => of(s, "update"));
    for (const u of updates) expect(u.map((m) => m.version)).toEqual([1]);
    for (const [i, s] of seats.entries()) expect(updates[i]![0]!.view).toEqual(table.game.view(table.state, s.viewer as number));
    expect(updates[3]![0]!.view).toEqual(table.game.view(table.state, "spectator"));
    expect(JSON.stringify(updates[3]![0]!.view)).not.toBe(JSON.stringify(updates[seat]![0]!.view));
  });

  it("a refused act changes nothing: no write, no message, same version", async () => {
    const table = await startTable("abracadawhat");
    const { seats, spectator } = attachAll(table);
    const before = [...seats, spectator].map((s) => s.messages.length);
    const view = JSON.stringify(table.game.view(table.state, "spectator"));
    const seat = turnOf(table);
    const other = (seat + 1) % TOKENS.length;
    await expect(table.act(other, of(seats[seat]!, "sync")[0]!.legal![0]!.action)).rejects.toMatchObject({ code: "not-your-turn" });
    await expect(table.act(seat, { type: "no such action" })).rejects.toBeInstanceOf(HubError);
    expect(table.version).toBe(0);
    expect(appended).toEqual([]);
    expect(await storage.loadActions(table.id)).toEqual([]);
    expect([...seats, spectator].map((s) => s.messages.length)).toEqual(before);
    expect(JSON.stringify(table.game.view(table.state, "spectator"))).toBe(view);
  });

  it("a failed write leaves the table as it was; the next act goes through once storage is back", async () => {
    const table = await startTable("abracadawhat");
    const { seats, spectator } = attachAll(table);
    const seat = turnOf(table);
    const action = of(seats[seat]!, "sync")[0]!.legal![0]!.action;
    const record = table.record;
    const view = JSON.stringify(table.game.view(table.state, "spectator"));
    refusing = true;
    await expect(table.act(seat, action)).rejects.toMatchObject({ code: "unavailable" });
    expect(table.version).toBe(0);
    expect(table.history).toEqual([]);
    expect(table.record).toBe(record);
    expect(JSON.stringify(table.game.view(table.state, "spectator"))).toBe(view);
    expect([...seats, spectator].every((s) => of(s, "update").length === 0)).toBe(true);
    expect(await storage.loadActions(table.id)).toEqual([]);
    refusing = false;
    // The actor reads storage back first (the failed write might have landed), then acts.
    expect(await table.act(seat, action)).toBe(1);
    expect(of(spectator, "update").map((u) => u.version)).toEqual([1]);
  });

  it("a seat's clock runs out: a bot plays for it, logged `clock`, and the seat is handed over", async () => {
    const table = await startTable("abracadawhat", 10);
    const { seats, spectator } = attachAll(table);
    const seat = turnOf(table);
    clock.advance(9_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(appended).toEqual([]);
    clock.advance(1_001);
    await until("the clock's move", () => of(spectator, "update").length > 0);
    const played = of(spectator, "update")[0]!;
    expect(played).toMatchObject({ version: 1, actor: seat, by: "clock" });
    expect(appended[0]).toMatchObject({ version: 1, seat, by: "clock" });
    expect(table.record.seats[seat]).toMatchObject({ takeover: true, takeoverReason: "clock" });
    const stored = await storage.getTable(table.id);
    expect(stored!.seats[seat]).toMatchObject({ takeover: true, takeoverReason: "clock" });
    // Every viewer was told the seat is the bot's now.
    expect(of(seats[seat]!, "table").at(-1)!.table.seats[seat]).toMatchObject({ botTakeover: true, takeoverReason: "clock" });
  });
});
