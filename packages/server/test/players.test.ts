// Rated play against a real booted server: two accounts finish a match and their ratings are the
// formula's from the outcome, with profiles and the leaderboard; bots are rated per level; a
// table with a guest, or unrated by choice, changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ranksOf } from "../src/ratings.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";
import { MU, plackettLuce, SIGMA } from "./support/plackett-luce.ts";
import { tableRecord } from "./support/stores.ts";

async function account(server: TestServer, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function join(server: TestServer, table: string, cookie: string | null, name = "Guest"): Promise<{ token: string; table: any }> {
  const response = await fetch(`${server.url}/api/tables/${table}/join`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ name }),
  });
  return (await response.json()) as { token: string; table: any };
}

/** Plays every human seat (first legal action) until the match is over; returns the outcome. */
async function playOut(server: TestServer, table: string, seats: { seat: number; token: string }[]): Promise<{ winners: number[]; scores: number[]; draw: boolean }> {
  const clients = await Promise.all(
    seats.map(async ({ token }) => {
      const c = await Client.open(server);
      c.send({ type: "hello", tableId: table, token });
      await c.waitFor("welcome");
      return c;
    }),
  );
  await Promise.all(clients.map((c, i) => c.playUntilOver(seats[i]!.seat, ({ legal }) => (legal && legal.length > 0 ? legal[0]!.action : undefined), 60_000)));
  const over = await clients[0]!.waitFor("over");
  await Promise.all(clients.map((c) => c.close()));
  return over.outcome as { winners: number[]; scores: number[]; draw: boolean };
}

const createTable = async (server: TestServer, seats: unknown[], rated?: boolean) =>
  (await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats, ...(rated === undefined ? {} : { rated }) })).body.table.id as string;

describe("rated play", () => {
  let server: TestServer;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    server = await boot();
    ann = await account(server, "Ann");
    bob = await account(server, "Bob");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("two accounts finish a rated match: ratings by the formula, profiles and the leaderboard", async () => {
    const id = await createTable(server, [{ kind: "open" }, { kind: "open" }]);
    const a = await join(server, id, ann);
    expect(a.table.rated).toBe(true);
    expect(a.table.seats[0]).toMatchObject({ name: "Ann", account: true, rating: 0 });
    const b = await join(server, id, bob);
    const outcome = await playOut(server, id, [
      { seat: 0, token: a.token },
      { seat: 1, token: b.token },
    ]);
    const ranks = ranksOf(outcome, 2);
    const expected = plackettLuce([{ mu: MU, sigma: SIGMA }, { mu: MU, sigma: SIGMA }], ranks);

    const annProfile = await http(server, "GET", "/api/players/ann");
    expect(annProfile.status).toBe(200);
    const game = annProfile.body.games.find((g: any) => g.game === "bidding");
    expect(game.played).toBe(1);
    expect(game.won).toBe(outcome.winners.includes(0) && !outcome.draw ? 1 : 0);
    expect(game.rating.mu).toBeCloseTo(expected[0]!.mu, 9);
    expect(game.rating.sigma).toBeCloseTo(expected[0]!.sigma, 9);
    expect(game.rating.ordinal).toBeCloseTo(expected[0]!.mu - 3 * expected[0]!.sigma, 9);
    expect(game.history).toEqual([{ table: id, at: expect.any(Number), ordinal: expect.closeTo(game.rating.ordinal, 9), rank: ranks[0] }]);
    expect(annProfile.body.matches).toEqual([
      {
        table: id, game: "bidding", at: expect.any(Number), seat: 0, seats: 2, result: outcome.draw ? "draw" : outcome.winners.includes(0) ? "won" : "lost", place: null, aborted: false,
        opponents: [{ seat: 1, name: "Bob", account: true, bot: null }], rated: true,
        ratingChange: Math.round((expected[0]!.mu - 3 * expected[0]!.sigma - (MU - 3 * SIGMA)) * 10) / 10, replay: `/?replay=${id}`,
      },
    ]);
    // the replay link's record is there
    expect((await http(server, "GET", `/api/tables/${id}/record`)).status).toBe(200);

    // One rated match is a provisional rating, not yet on the leaderboard (five are needed).
    expect(game.rating.provisional).toBe(true);
    const board = await http(server, "GET", "/api/leaderboard/bidding");
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ players: [], total: 0 });

    // at the next rated table, the seat shows the new rating
    const next = await createTable(server, [{ kind: "open" }, { kind: "open" }]);
    const again = await join(server, next, ann);
    expect(again.table.seats[0].rating).toBeCloseTo(game.rating.ordinal, 9);
  });

  it("a table with a guest is unrated and changes nothing", async () => {
    const before = await http(server, "GET", "/api/players/Ann");
    const id = await createTable(server, [{ kind: "open" }, { kind: "open" }]);
    const a = await join(server, id, ann);
    const g = await join(server, id, null, "Guesty");
    expect(g.table.rated).toBe(false);
    expect(g.table.seats[0].rating).toBeUndefined();
    await playOut(server, id, [
      { seat: 0, token: a.token },
      { seat: 1, token: g.token },
    ]);
    const after = await http(server, "GET", "/api/players/Ann");
    const rating = (p: any) => p.body.games.find((x: any) => x.game === "bidding").rating;
    expect(rating(after)).toEqual(rating(before));
    // the match is in her history, as unrated
    expect(after.body.matches.find((m: any) => m.table === id)).toMatchObject({ rated: false });
    expect(after.body.games.find((x: any) => x.game === "bidding").played).toBe(2);
    // Nobody has the five rated matches the leaderboard asks for.
    expect((await http(server, "GET", "/api/leaderboard/bidding")).body.total).toBe(0);
  });

  it("a table unrated by its creator changes nothing, even between accounts", async () => {
    const before = (await http(server, "GET", "/api/leaderboard/bidding")).body;
    const id = await createTable(server, [{ kind: "open" }, { kind: "open" }], false);
    const a = await join(server, id, ann);
    const b = await join(server, id, bob);
    expect(b.table.rated).toBe(false);
    await playOut(server, id, [
      { seat: 0, token: a.token },
      { seat: 1, token: b.token },
    ]);
    expect((await http(server, "GET", "/api/leaderboard/bidding")).body).toEqual(before);
  });

  it("bots are rated players, one identity per level", async () => {
    const id = await createTable(server, [{ kind: "open" }, { kind: "bot", level: "easy" }, { kind: "bot", level: "hard" }]);
    const a = await join(server, id, bob);
    expect(a.table.rated).toBe(true);
    expect(a.table.seats[1]).toMatchObject({ level: "easy", rating: 0 });
    await playOut(server, id, [{ seat: 0, token: a.token }]);
    const board = (await http(server, "GET", "/api/leaderboard/bidding")).body;
    const bots = board.players.filter((p: any) => p.bot !== null);
    expect(bots.map((p: any) => p.bot).sort()).toEqual(["easy", "hard"]);
    expect(bots.every((p: any) => p.name === null && p.played === 1)).toBe(true);
    // Bob has two rated matches (three finished): on his profile, not yet on the leaderboard.
    expect(board.players.find((p: any) => p.name === "Bob")).toBeUndefined();
    const bob2 = (await http(server, "GET", "/api/players/Bob")).body.games.find((g: any) => g.game === "bidding");
    expect(bob2).toMatchObject({ played: 3, rating: { provisional: true } });
    expect(bob2.history).toHaveLength(2);
  });

  it("a table of bots only is not rated, and its end changes no bot's rating", async () => {
    const before = (await http(server, "GET", "/api/leaderboard/bidding")).body;
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "hard" }] });
    expect(created.body.table.rated).toBe(false);
    const id = created.body.table.id as string;
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: id });
    await watcher.waitFor("over");
    await watcher.close();
    expect((await http(server, "GET", "/api/leaderboard/bidding")).body).toEqual(before);
  });

  it("the leaderboard is paged: limit and offset, ranks going on from page to page, next until the last", async () => {
    // five rated identities of a game no other test rates, written with one match's end
    const seats = [0, 1, 2, 3, 4].map((seat) => ({ kind: "bot" as const, name: `B${seat}`, level: null, tokenHash: null, takeover: false }));
    const record = { ...tableRecord("paged", 1, { options: {}, seats, status: "over", turnSeconds: null, rated: true }), game: "bidding-slow", outcome: { winners: [0], scores: [5, 4, 3, 2, 1], draw: false } };
    await server.storage.saveTable(record, { result: { game: "bidding-slow", tableId: "paged", at: 2, seats: seats.map((_, seat) => ({ seat, key: `bot:level-${seat}`, rank: seat, won: seat === 0 })) } });
    const page = async (query: string) => (await http(server, "GET", `/api/leaderboard/bidding-slow${query}`)).body;
    const first = await page("?limit=2");
    expect(first.players.map((p: { rank: number; bot: string }) => [p.rank, p.bot])).toEqual([[1, "level-0"], [2, "level-1"]]);
    expect([first.total, first.next]).toEqual([5, 2]);
    const second = await page("?limit=2&offset=2");
    expect(second.players.map((p: { rank: number }) => p.rank)).toEqual([3, 4]);
    expect(second.next).toBe(4);
    const last = await page("?limit=2&offset=4");
    expect(last.players.map((p: { rank: number; bot: string }) => [p.rank, p.bot])).toEqual([[5, "level-4"]]);
    expect(last.next).toBeNull();
    expect((await page("?limit=201")).error.code).toBe("bad-message");
  });

  it("unknown players and games are typed 404s", async () => {
    expect((await http(server, "GET", "/api/players/nobody")).body.error.code).toBe("unknown-player");
    expect((await http(server, "GET", "/api/leaderboard/chess")).body.error.code).toBe("unknown-game");
    expect((await http(server, "GET", "/api/leaderboard/bidding?limit=abc")).body.error.code).toBe("bad-message");
  });
});
