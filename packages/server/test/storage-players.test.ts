// The players' part of the storage suite, on SQLite and on PostgreSQL alike: accounts (names
// unique ignoring case), sessions, seats linked to accounts, and ratings written in the very
// transaction that ends a rated match (checked against the Plackett–Luce formula by hand).
import { afterAll, describe, expect, it } from "vitest";
import { nameKey } from "../src/accounts.ts";
import type { MatchResult } from "../src/ratings.ts";
import { MIGRATIONS, NameTakenError, type PlayerRecord, type SeatLink, type SessionRecord, type Storage, type TableRecord } from "../src/storage.ts";
import { MU, plackettLuce, SIGMA } from "./support/plackett-luce.ts";
import { postgresBackend, sqliteBackend, tableRecord } from "./support/stores.ts";

const backends = [() => sqliteBackend("grimoire-players-"), postgresBackend];

const player = (id: string, name: string): PlayerRecord => ({ id, name, nameKey: nameKey(name), passwordHash: `scrypt$1$1$1$salt$${id}`, createdAt: 7 });
const session = (tokenHash: string, playerId: string, expiresAt = 1e13): SessionRecord => ({ tokenHash, playerId, createdAt: 7, expiresAt });

function table(id: string, seats: number, createdAt = 1): TableRecord {
  return tableRecord(id, createdAt, {
    options: {},
    seats: Array.from({ length: seats }, (_, i) => ({ kind: "human" as const, name: `P${i}`, level: null, tokenHash: `hash-${id}-${i}`, takeover: false, player: `id${i}` })),
    status: "playing",
    turnSeconds: null,
    rated: true,
  });
}

const over = (t: TableRecord, winners: number[]): TableRecord => ({ ...t, status: "over", outcome: { winners, scores: [], draw: false }, eventsHash: "ef".repeat(32) });

for (const make of backends) {
  const backend = make();
  describe(`players' storage: ${backend.name}`, () => {
    let store: Storage;
    afterAll(async () => {
      await store?.close();
      await backend.cleanup();
    });

    it("a store left at version 3 (before players) migrates to the last version, keeping its tables, unrated", async () => {
      const old = MIGRATIONS.filter((m) => m.version <= 3);
      await backend.exec(
        [
          `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at ${backend.name === "sqlite" ? "INTEGER" : "BIGINT"} NOT NULL);`,
          ...old.map((m) => (backend.name === "sqlite" ? m.sqlite : m.postgres)),
          ...old.map((m) => `INSERT INTO schema_migrations VALUES (${m.version}, 'old', 0);`),
          "INSERT INTO tables (id, game, options, seats, status, seed, seed_hash, created_at) VALUES ('before', 'bidding', '{}', '[]', 'over', 's', 'h', 3);",
        ].join("\n"),
      );
      store = backend.open();
      expect(await store.schemaVersion()).toBe(3);
      expect(await store.migrate()).toBe(MIGRATIONS.at(-1)!.version);
      expect(MIGRATIONS.at(-1)!.version).toBeGreaterThanOrEqual(5);
      expect(await store.getTable("before")).toMatchObject({ id: "before", createdAt: 3, rated: false });
      expect(await store.leaderboard("bidding", 10, 0)).toEqual({ rows: [], total: 0 });
    });

    it("accounts: names unique ignoring case, sessions found until they expire or are deleted", async () => {
      await store.insertPlayer(player("id0", "Éloïse"), session("s0", "id0"), []);
      await expect(store.insertPlayer(player("other", "ÉLOÏSE"), session("s-other", "other"), [])).rejects.toBeInstanceOf(NameTakenError);
      // the refused account wrote nothing, not even its session
      expect(await store.sessionPlayer("s-other", 0)).toBeNull();
      expect((await store.playerByNameKey(nameKey("éloïse")))?.id).toBe("id0");
      expect((await store.sessionPlayer("s0", 100))?.name).toBe("Éloïse");
      await store.insertSession(session("s1", "id0", 50), []);
      expect(await store.sessionPlayer("s1", 49)).not.toBeNull();
      expect(await store.sessionPlayer("s1", 50)).toBeNull();
      await store.deleteSession("s0");
      expect(await store.sessionPlayer("s0", 100)).toBeNull();
      for (let i = 1; i < 5; i++) await store.insertPlayer(player(`id${i}`, `Player${i}`), session(`s-${i}`, `id${i}`), []);
      expect((await store.playersById(["id1", "id3", "nobody"])).map((p) => p.name).sort()).toEqual(["Player1", "Player3"]);
    });

    it("a new session sweeps its account's expired ones, and only that account's", async () => {
      await store.insertSession(session("gone-2", "id2", 100), []);
      await store.insertSession(session("kept-3", "id3", 100), []);
      expect(await store.sessionPlayer("gone-2", 0)).not.toBeNull();
      await store.insertSession({ tokenHash: "later-2", playerId: "id2", createdAt: 200, expiresAt: 1e13 }, []);
      // read as of a time before it expired: the row itself is gone
      expect(await store.sessionPlayer("gone-2", 0)).toBeNull();
      expect((await store.sessionPlayer("later-2", 200))?.id).toBe("id2");
      expect((await store.sessionPlayer("kept-3", 0))?.id).toBe("id3");
    });

    it("a password change ends every session of the account with the new hash, and opens the one given", async () => {
      await store.insertSession(session("other-4", "id4"), []);
      await store.changePassword("id4", "scrypt$new", session("after-4", "id4"));
      expect((await store.playerByNameKey(nameKey("Player4")))?.passwordHash).toBe("scrypt$new");
      expect(await store.sessionPlayer("s-4", 100)).toBeNull();
      expect(await store.sessionPlayer("other-4", 100)).toBeNull();
      expect((await store.sessionPlayer("after-4", 100))?.id).toBe("id4");
      // another account is untouched
      expect((await store.sessionPlayer("s-1", 100))?.id).toBe("id1");
      expect((await store.playerByNameKey(nameKey("Player1")))?.passwordHash).toBe("scrypt$1$1$1$salt$id1");
    });

    it("a table keeps the account that created it (migration 10); older rows and guests' tables have none", async () => {
      await store.saveTable({ ...table("made-by", 2, 5), creatorPlayer: "id0" });
      expect((await store.getTable("made-by"))!.creatorPlayer).toBe("id0");
      // an update of the row keeps it
      await store.saveTable({ ...table("made-by", 2, 5), creatorPlayer: "id0", status: "over" });
      expect((await store.getTable("made-by"))!.creatorPlayer).toBe("id0");
      await store.saveTable(table("made-by-guest", 2, 5));
      expect((await store.getTable("made-by-guest"))!.creatorPlayer ?? null).toBeNull();
      expect((await store.getTable("before"))!.creatorPlayer ?? null).toBeNull();
    });

    it("a join's seat link is written with the table row; a claim never takes a seat already linked", async () => {
      const t = table("linked", 2, 10);
      await store.saveTable(t, { link: { playerId: "id0", tableId: "linked", seat: 0, token: "tok0", at: 11 } });
      await store.insertSession(session("s2", "id1"), [
        { playerId: "id1", tableId: "linked", seat: 1, token: "tok1", at: 12 },
        { playerId: "id1", tableId: "linked", seat: 0, token: "stolen", at: 12 },
      ]);
      expect((await store.playerSeats("id0", 10)).map(({ link, table }) => [table.id, link.seat, link.token])).toEqual([["linked", 0, "tok0"]]);
      expect((await store.playerSeats("id1", 10)).map(({ link }) => [link.seat, link.token])).toEqual([[1, "tok1"]]);
      // a link to a table that does not exist is refused with the table row
      await expect(store.saveTable(table("ghost", 2), { link: { playerId: "nobody", tableId: "ghost", seat: 0, token: "t", at: 1 } })).rejects.toThrow();
      expect(await store.getTable("ghost")).toBeNull();
    });

    it("a rematch's rows and its accounts' seat links are one write; a table's links are read back by seat", async () => {
      expect((await store.tableLinks("linked")).map((l) => [l.seat, l.playerId, l.token])).toEqual([
        [0, "id0", "tok0"],
        [1, "id1", "tok1"],
      ]);
      const links = (await store.tableLinks("linked")).map((l) => ({ ...l, tableId: "linked-again", at: 20 }));
      // A link that cannot be written (no such account) leaves neither row written.
      await expect(store.saveTables([table("linked-again", 2, 20), { ...table("linked", 2, 10), status: "over" }], [...links, { ...links[0]!, seat: 1, playerId: "nobody" }])).rejects.toThrow();
      expect(await store.getTable("linked-again")).toBeNull();
      expect((await store.getTable("linked"))!.status).toBe("playing");
      await store.saveTables([table("linked-again", 2, 20), { ...table("linked", 2, 10), status: "over" }], links);
      expect((await store.tableLinks("linked-again")).map((l) => [l.tableId, l.seat, l.playerId, l.token, l.at])).toEqual([
        ["linked-again", 0, "id0", "tok0", 20],
        ["linked-again", 1, "id1", "tok1", 20],
      ]);
      expect((await store.playerSeats("id1", 10)).map(({ link, table }) => [table.id, link.seat])).toEqual([
        ["linked-again", 1],
        ["linked", 1],
      ]);
      expect(await store.tableLinks("nothing-here")).toEqual([]);
    });

    it("the end of a rated 5-player match updates ratings, counts and history in the same transaction", async () => {
      const t = table("five", 5, 20);
      await store.saveTable(t);
      const result: MatchResult = { game: "bidding", tableId: "five", at: 30, seats: [0, 1, 2, 3, 4].map((seat) => ({ seat, key: `id${seat}`, rank: [1, 0, 2, 2, 3][seat]!, won: seat === 1 })) };
      // a failing append (version 1 twice) writes no rating
      await store.appendAction("five", { version: 1, seat: 0, action: "a", by: "player", at: 21 });
      await expect(store.appendAction("five", { version: 1, seat: 0, action: "a", by: "player", at: 22 }, over(t, [1]), result)).rejects.toThrow();
      expect(await store.ratings("bidding", ["id0", "id1"])).toEqual([]);
      await store.appendAction("five", { version: 2, seat: 1, action: "b", by: "player", at: 30 }, over(t, [1]), result);
      const expected = plackettLuce(Array(5).fill({ mu: MU, sigma: SIGMA }), [1, 0, 2, 2, 3]);
      const stored = await store.ratings("bidding", ["id0", "id1", "id2", "id3", "id4"]);
      for (let i = 0; i < 5; i++) {
        const r = stored.find((x) => x.key === `id${i}`)!;
        expect(r.mu).toBeCloseTo(expected[i]!.mu, 9);
        expect(r.sigma).toBeCloseTo(expected[i]!.sigma, 9);
        expect([r.played, r.won]).toEqual([1, i === 1 ? 1 : 0]);
      }
      const history = await store.ratingHistory("id1", 10);
      expect(history).toEqual([{ tableId: "five", key: "id1", game: "bidding", mu: expect.closeTo(expected[1]!.mu, 9), sigma: expect.closeTo(expected[1]!.sigma, 9), rank: 0, won: true, at: 30 }]);
      const board = await store.leaderboard("bidding", 3, 0, 1);
      expect(board.total).toBe(5);
      const ordinals = board.rows.map((r) => r.mu - 3 * r.sigma);
      expect(ordinals).toEqual([...ordinals].sort((a, b) => b - a));
      expect(board.rows[0]!.key).toBe("id1");
      expect((await store.leaderboard("bidding", 10, 3, 1)).rows).toHaveLength(2);
      // The leaderboard's own rule: one rated match is not enough to be listed.
      expect(await store.leaderboard("bidding", 10, 0)).toEqual({ rows: [], total: 0 });
    });

    it("a second rated match starts from the stored ratings; two ending at once both count", async () => {
      const prior = await store.ratings("bidding", ["id2", "id3"]);
      const p2 = prior.find((r) => r.key === "id2")!;
      const p3 = prior.find((r) => r.key === "id3")!;
      const second = table("second", 2, 35);
      await store.saveTable(second);
      await store.appendAction("second", { version: 1, seat: 0, action: "a", by: "player", at: 36 }, over(second, [1]), {
        game: "bidding",
        tableId: "second",
        at: 36,
        seats: [{ seat: 0, key: "id2", rank: 1, won: false }, { seat: 1, key: "id3", rank: 0, won: true }],
      });
      const [e2, e3] = plackettLuce([p2, p3], [1, 0]);
      const after = await store.ratings("bidding", ["id2", "id3"]);
      expect(after.find((r) => r.key === "id2")).toMatchObject({ mu: expect.closeTo(e2!.mu, 9), sigma: expect.closeTo(e2!.sigma, 9), played: 2, won: 0 });
      expect(after.find((r) => r.key === "id3")).toMatchObject({ mu: expect.closeTo(e3!.mu, 9), sigma: expect.closeTo(e3!.sigma, 9), played: 2, won: 1 });

      const before = await store.ratings("bidding", ["id0", "id4"]);
      const a = table("next-a", 2, 40);
      const b = table("next-b", 2, 41);
      await store.saveTable(a);
      await store.saveTable(b);
      const duel = (tableId: string, loser: string): MatchResult => ({ game: "bidding", tableId, at: 50, seats: [{ seat: 0, key: "id4", rank: 0, won: true }, { seat: 1, key: loser, rank: 1, won: false }] });
      // the same player (id4) ends two matches at once: neither update may be lost
      await Promise.all([
        store.appendAction("next-a", { version: 1, seat: 0, action: "a", by: "player", at: 50 }, over(a, [0]), duel("next-a", "id0")),
        store.appendAction("next-b", { version: 1, seat: 0, action: "a", by: "player", at: 50 }, over(b, [0]), duel("next-b", "id2")),
      ]);
      const id4 = (await store.ratings("bidding", ["id4"]))[0]!;
      expect([id4.played, id4.won]).toEqual([3, 2]);
      expect(id4.mu).toBeGreaterThan(before.find((r) => r.key === "id4")!.mu);
      expect((await store.ratingHistory("id4", 10)).map((h) => h.tableId).sort()).toEqual(["five", "next-a", "next-b"]);
      const id0 = (await store.ratings("bidding", ["id0"]))[0]!;
      expect(id0.mu).toBeLessThan(before.find((r) => r.key === "id0")!.mu);
      expect(id0.played).toBe(2);
    });

    it("past 200 seats: played and won counted by the database, finished matches paged, an old running table still listed", async () => {
      await store.insertPlayer(player("many", "Many"), session("s-many", "many"), []);
      const seatsAt = (id: string, status: TableRecord["status"], createdAt: number, game = "bidding"): TableRecord => ({
        ...tableRecord(id, createdAt, {
          options: {},
          seats: [0, 1].map((i) => ({ kind: "human" as const, name: `P${i}`, level: null, tokenHash: `hash-${id}-${i}`, takeover: false })),
          status,
          turnSeconds: null,
          rated: false,
        }),
        game,
      });
      const tables: TableRecord[] = [];
      const links: SeatLink[] = [];
      let won = 0;
      // 230 finished bidding matches, newer than the running table below; the account's seat alternates
      for (let i = 0; i < 230; i++) {
        const seat = i % 2;
        const kind = i % 3; // 0: won, 1: lost, 2: a draw its seat shares (not won)
        const outcome = kind === 0 ? { winners: [seat], scores: [], draw: false } : kind === 1 ? { winners: [1 - seat], scores: [], draw: false } : { winners: [0, 1], scores: [], draw: true };
        if (kind === 0) won++;
        tables.push({ ...seatsAt(`m-${i}`, "over", 1000 + i), outcome });
        links.push({ playerId: "many", tableId: `m-${i}`, seat, token: `tok-m-${i}`, at: 1000 + i });
      }
      for (let i = 0; i < 4; i++) {
        tables.push({ ...seatsAt(`o-${i}`, "over", 2000 + i, "other"), outcome: { winners: [0], scores: [], draw: false } });
        links.push({ playerId: "many", tableId: `o-${i}`, seat: 0, token: `tok-o-${i}`, at: 2000 + i });
      }
      // the oldest seat of all is a turn-based match still running; a cancelled table is newer
      tables.push(seatsAt("running", "playing", 1), seatsAt("cancelled", "cancelled", 3000), { ...seatsAt("unfinished", "over", 3001), outcome: null });
      for (const id of ["running", "cancelled", "unfinished"]) links.push({ playerId: "many", tableId: id, seat: 0, token: `tok-${id}`, at: 1 });
      await store.saveTables(tables, links);
      await backend.exec("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ('m-3', 'many', 'bidding', 25, 8, 0, 1, 1003)");
      // its rating before m-3: the row before in its history of that game (another game's rows and later ones do not count)
      await backend.exec("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ('running', 'many', 'bidding', 24, 8.5, 1, 0, 500)");
      await backend.exec("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ('o-0', 'many', 'other', 30, 6, 0, 1, 900)");
      await backend.exec("INSERT INTO rating_history (table_id, player_key, game, mu, sigma, rank, won, at) VALUES ('m-4', 'many', 'bidding', 26, 7.5, 0, 1, 1004)");

      expect(await store.playerRecord("many")).toEqual([
        { game: "bidding", played: 230, won },
        { game: "other", played: 4, won: 4 },
      ]);
      expect(won).toBe(77);
      // past games: every table over, the abandoned one (over with no outcome) too, newest first
      const first = await store.playerMatches("many", 50, 0);
      expect(first.total).toBe(235);
      expect(first.rows.map((r) => r.table.id).slice(0, 6)).toEqual(["unfinished", "o-3", "o-2", "o-1", "o-0", "m-229"]);
      expect(first.rows[0]!.table.outcome).toBeNull();
      expect(first.rows.find((r) => r.table.id === "o-0")!.rating).toEqual({ after: { mu: 30, sigma: 6 }, before: null, rank: 0 });
      const last = await store.playerMatches("many", 50, 200);
      expect(last.rows.map((r) => r.table.id)).toEqual(Array.from({ length: 35 }, (_, i) => `m-${34 - i}`));
      expect(last.rows.filter((r) => r.rated).map((r) => [r.table.id, r.link.seat, r.rating])).toEqual([
        ["m-4", 0, { after: { mu: 26, sigma: 7.5 }, before: { mu: 25, sigma: 8 }, rank: 0 }],
        ["m-3", 1, { after: { mu: 25, sigma: 8 }, before: { mu: 24, sigma: 8.5 }, rank: 0 }],
      ]);
      expect(last.rows.filter((r) => !r.rated).every((r) => r.rating === null)).toBe(true);
      expect((await store.playerMatches("many", 50, 250)).rows).toEqual([]);
      // not over: every one, however many finished seats are newer; cancelled ones after the others
      expect((await store.playerLiveSeats("many", 1000)).map((r) => [r.table.id, r.link.token])).toEqual([
        ["running", "tok-running"],
        ["cancelled", "tok-cancelled"],
      ]);
      expect((await store.playerSeats("many", 200)).some((r) => r.table.id === "running")).toBe(false);
    });
  });
}
