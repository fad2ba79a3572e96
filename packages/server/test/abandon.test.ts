// A table no human is at (tables/attendance.ts), on a fake clock, on SQLite and PostgreSQL: it is
// abandoned at the documented time and not before (30 minutes real time, a whole turn and bank
// turn-based), a human back before resets the count, nothing is played for an away human seat at a
// bot's speed meanwhile, and the abandoned table is recorded (over, no result, unrated), listed
// nowhere public, and stays so across a restart.
import type { AnyGame } from "@grimoire/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BotRunner } from "../src/bots.ts";
import { Lobby } from "../src/lobby.ts";
import type { ServerOut, WireViewer } from "../src/protocol.ts";
import type { Storage, TableRecord } from "../src/storage.ts";
import { DEFAULT_ABANDON_MS } from "../src/tables/attendance.ts";
import { TableActor } from "../src/tables/TableActor.ts";
import { TableDirectory } from "../src/tables/TableDirectory.ts";
import { sha256, type Subscriber } from "../src/tables/types.ts";
import { games } from "./support/catalog.ts";
import { ManualClock } from "./support/harness.ts";
import { postgresBackend, sqliteBackend, tableRecord, type Backend } from "./support/stores.ts";

const MINUTE = 60_000;

interface Recorder extends Subscriber {
  readonly messages: ServerOut[];
}

function recorder(viewer: WireViewer): Recorder {
  const messages: ServerOut[] = [];
  return { viewer, messages, send: (m) => messages.push(m) };
}

const firstBot: BotRunner = {
  decide: async (request) => ({ action: request.legal[0], source: "bot" }),
  close: async () => {},
};

/** Lets the table's queue (writes, bot answers) run. */
async function settle(table: TableActor): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await table.settled();
    await new Promise((r) => setTimeout(r, 5));
  }
}

for (const make of [sqliteBackend, postgresBackend]) {
  describe(`a table nobody is at (${make === sqliteBackend ? "sqlite" : "postgres"})`, () => {
    let backend: Backend;
    let storage: Storage;
    let clock: ManualClock;
    let directory: TableDirectory;
    let lines: string[];

    const open = async (): Promise<void> => {
      storage = backend.open();
      await storage.migrate();
      directory = new TableDirectory(storage, games, firstBot, clock, (line) => lines.push(line));
    };

    beforeEach(async () => {
      backend = make();
      clock = new ManualClock();
      lines = [];
      await open();
    });

    afterEach(async () => {
      await directory.close();
      await storage.close();
      await backend.cleanup();
    });

    /** A playing bidding table: `humans` human seats (seat i holds token `t<i>`), then bots. */
    async function startTable(id: string, humans: number, fields: Partial<TableRecord> = {}): Promise<TableActor> {
      const game: AnyGame = games.find((g) => g.id === "bidding")!;
      const seats = [0, 1, 2].map((i) =>
        i < humans ? { kind: "human" as const, name: `P${i}`, level: null, tokenHash: sha256(`t${i}`), takeover: false } : { kind: "bot" as const, name: `B${i}`, level: "medium" as const, tokenHash: null, takeover: false },
      );
      const record: TableRecord = { ...tableRecord(id, clock.now(), { options: game.optionsSchema.parse({ hand: 3 }), seats, status: "playing", turnSeconds: null, rated: false }), ...fields };
      const state = game.setup({ seats: record.seats.length, options: record.options, seed: record.seed });
      if (record.turnSeconds !== null) record.deadline = clock.now() + record.turnSeconds * 1000;
      await storage.saveTable(record);
      const table = new TableActor(directory, record, game);
      await directory.adopt(table);
      table.started(state);
      await settle(table);
      return table;
    }

    const listed = (status: "open" | "playing" = "playing") => new Lobby(directory).listTables(status).map((t) => t.id);

    it("is abandoned 30 minutes after its last human left, not before; recorded over with no result, unrated, listed nowhere, and so after a restart", async () => {
      expect(DEFAULT_ABANDON_MS).toBe(30 * MINUTE);
      const table = await startTable("alone", 1, { rated: true });
      const ann = table.attach("t0", recorder) as Recorder;
      const spectator = table.attach(undefined, recorder) as Recorder;
      await settle(table);
      // The bots bid; the match waits on Ann.
      const version = table.version;
      expect(listed()).toEqual(["alone"]);
      table.detach(ann);
      await settle(table);
      // Nobody is at the table: gone from the public list at once (a spectator is not someone at it).
      expect(listed()).toEqual([]);
      expect((await storage.getTable("alone"))!.meta.unattendedSince).toBe(clock.now());
      clock.advance(30 * MINUTE - 1);
      await settle(table);
      expect(table.record.status).toBe("playing");
      expect(table.version).toBe(version);
      clock.advance(1);
      await settle(table);
      expect(table.record.status).toBe("over");
      const over = spectator.messages.find((m) => m.type === "over");
      expect(over).toMatchObject({ type: "over", outcome: null });
      const info = [...spectator.messages].reverse().find((m) => m.type === "table") as Extract<ServerOut, { type: "table" }>;
      expect(info.table).toMatchObject({ status: "over", abandoned: true, rated: false });
      expect(info.table.aborted).toBeUndefined();
      const stored = (await storage.getTable("alone"))!;
      expect(stored).toMatchObject({ status: "over", outcome: null, deadline: null, meta: { abandoned: true } });
      expect(lines.some((l) => l.includes("alone: abandoned"))).toBe(true);
      // Unrated: no rating moved.
      expect(await storage.ratings("bidding", ["bot:medium"])).toEqual([]);
      table.detach(spectator);
      // It left memory (nobody watches) and is in no list.
      expect(directory.get("alone")).toBeUndefined();
      expect(listed("playing")).toEqual([]);
      expect(listed("open")).toEqual([]);
      expect(await storage.listTables("playing")).toEqual([]);

      // A restart: it is not taken up again.
      await directory.close();
      await storage.close();
      await open();
      await directory.restore();
      expect(directory.get("alone")).toBeUndefined();
      expect(listed()).toEqual([]);
      expect(await new Lobby(directory).table("alone")).toMatchObject({ status: "over", abandoned: true, rated: false });
    });

    it("a human back before the time resets the count; while away, nothing is played for their seat", async () => {
      // Two humans, a grace period of 30 s: with someone at the table, an away seat's bot plays for it.
      const table = await startTable("pair", 2, { graceSeconds: 30 });
      const [ann, bob] = [table.attach("t0", recorder) as Recorder, table.attach("t1", recorder) as Recorder];
      await settle(table);
      const version = table.version;
      table.detach(ann);
      table.detach(bob);
      await settle(table);
      // 20 minutes with nobody: past both grace periods, yet no bot played for either seat.
      clock.advance(20 * MINUTE);
      await settle(table);
      expect(table.version).toBe(version);
      expect(table.record.seats.map((s) => s.takeover)).toEqual([false, false, false]);
      // Ann is back: the count stops, and Bob's seat (away past its grace) is now played for her.
      const back = table.attach("t0", recorder) as Recorder;
      // (The fake clock runs what is due, Bob's grace period long over, when it is moved.)
      clock.advance(0);
      await settle(table);
      expect(listed()).toEqual(["pair"]);
      expect((await storage.getTable("pair"))!.meta.unattendedSince ?? null).toBeNull();
      expect(table.record.seats[1]!.takeover).toBe(true);
      // She leaves again 20 minutes later: 30 minutes from then, not from the first time.
      clock.advance(20 * MINUTE);
      await settle(table);
      table.detach(back);
      await settle(table);
      const paused = table.version;
      clock.advance(30 * MINUTE - 1);
      await settle(table);
      expect(table.record.status).toBe("playing");
      expect(table.version).toBe(paused);
      clock.advance(1);
      await settle(table);
      expect(table.record.status).toBe("over");
      expect(table.record.meta.abandoned).toBe(true);
    });

    it("counts across a restart: away for 20 minutes, restarted, abandoned 10 minutes later", async () => {
      const table = await startTable("restarted", 1);
      const ann = table.attach("t0", recorder) as Recorder;
      await settle(table);
      table.detach(ann);
      await settle(table);
      clock.advance(20 * MINUTE);
      await directory.close();
      await storage.close();
      await open();
      await directory.restore();
      const again = directory.get("restarted")!;
      await settle(again);
      expect(again.record.status).toBe("playing");
      expect(listed()).toEqual([]);
      clock.advance(10 * MINUTE - 1);
      await settle(again);
      expect(again.record.status).toBe("playing");
      clock.advance(1);
      await settle(again);
      expect((await storage.getTable("restarted"))!).toMatchObject({ status: "over", meta: { abandoned: true } });
    });

    it("a configured time (ABANDON_MINUTES) replaces the 30 minutes", async () => {
      directory.abandonMs = 5 * MINUTE;
      const table = await startTable("short", 1);
      table.detach(table.attach("t0", recorder));
      await settle(table);
      clock.advance(5 * MINUTE - 1);
      await settle(table);
      expect(table.record.status).toBe("playing");
      clock.advance(1);
      await settle(table);
      expect(table.record.status).toBe("over");
    });

    it("turn-based: the table's own clock, a whole turn and bank with nobody at it, is the time", async () => {
      const HOUR = 60 * MINUTE;
      const table = await startTable("slow", 2, { turnSeconds: 3600, meta: { ...tableRecord("x", 0, { options: {}, seats: [], status: "open", turnSeconds: null, rated: false }).meta, mode: "turn-based", bankSeconds: 1800, banks: [1_800_000, 1_800_000, 1_800_000] } });
      const [ann, bob] = [table.attach("t0", recorder) as Recorder, table.attach("t1", recorder) as Recorder];
      await settle(table);
      table.detach(ann);
      table.detach(bob);
      await settle(table);
      // Far past 30 minutes: players come and go in turn-based play.
      clock.advance(HOUR);
      await settle(table);
      expect(table.record.status).toBe("playing");
      // Abandoned once nobody has come for a turn and a bank: 1 h 30.
      clock.advance(30 * MINUTE - 1);
      await settle(table);
      expect(table.record.status).toBe("playing");
      clock.advance(1);
      await settle(table);
      expect(table.record.status).toBe("over");
      expect(table.record.meta.abandoned).toBe(true);
    });
  });
}
