// Accounts and ratings at the table, the two halves of issue #15 together: a rematch of a rated
// table between accounts (same accounts in the same seats, current ratings, rated again, linked to
// the accounts), a resignation that ends a rated match, a seat the creator gives to a bot at a
// rated table, and "your tables" for an account logged in on another browser. Expected ratings
// come from the Plackett–Luce formula written out in support/plackett-luce.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerOut, TableInfo } from "../src/protocol.ts";
import { ranksOf } from "../src/ratings.ts";
import { sha256 } from "../src/hub.ts";
import type { TableRecord } from "../src/storage.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";
import { tableRecord } from "./support/stores.ts";
import { MU, plackettLuce, SIGMA, type Player } from "./support/plackett-luce.ts";

let server: TestServer;
beforeAll(async () => {
  server = await boot();
});
afterAll(async () => {
  await server?.stop();
});

type Outcome = { winners: number[]; scores: number[]; draw: boolean };
const NEW: Player = { mu: MU, sigma: SIGMA };

async function post(path: string, body: unknown, cookie: string | null = null): Promise<{ status: number; body: any; cookie: string | null }> {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null };
}

async function get(path: string, cookie: string): Promise<any> {
  return (await fetch(`${server.url}${path}`, { headers: { cookie } })).json();
}

/** A new account; resolves to its session cookie. */
async function account(name: string): Promise<string> {
  const created = await post("/api/account", { name, password: `${name.toLowerCase()}-password` });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.cookie!;
}

/** The same account logged in on another browser (another cookie). */
async function logIn(name: string): Promise<string> {
  const logged = await post("/api/login", { name, password: `${name.toLowerCase()}-password` });
  expect(logged.status, JSON.stringify(logged.body)).toBe(200);
  return logged.cookie!;
}

async function createRated(seats: unknown[]): Promise<{ id: string; creatorToken: string }> {
  const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.table.id, creatorToken: created.body.creatorToken };
}

async function join(id: string, cookie: string): Promise<{ token: string; seat: number; table: TableInfo }> {
  const joined = await post(`/api/tables/${id}/join`, { name: "ignored" }, cookie);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return joined.body;
}

async function seated(id: string, token: string): Promise<Client> {
  const c = await Client.open(server);
  c.send({ type: "hello", tableId: id, token });
  await c.waitFor("welcome");
  return c;
}

async function ask(c: Client, message: Record<string, unknown>): Promise<Extract<ServerOut, { type: "ack" | "error" }>> {
  const ref = `r${Math.random().toString(36).slice(2)}`;
  c.send({ ...message, ref });
  return Promise.race([c.waitFor("ack", (m) => m.ref === ref), c.waitFor("error", (m) => m.ref === ref)]);
}

/**
 * Each seat of `clients` makes `n` decisions of its own (its first legal action each time): a
 * rated match counts only once every human seat made two (ratings.ts, MIN_OWN_DECISIONS).
 */
async function decide(clients: readonly Client[], seats: readonly number[], n: number): Promise<void> {
  await Promise.all(
    clients.map(async (c, i) => {
      let acted = -1;
      for (let made = 0; made < n; ) {
        const latest = [...c.messages].reverse().find((m) => m.type === "sync" || m.type === "update") as Extract<ServerOut, { type: "sync" | "update" }> | undefined;
        if (latest && latest.version !== acted && latest.decision.seats.includes(seats[i]!) && latest.legal && latest.legal.length > 0) {
          acted = latest.version;
          expect((await ask(c, { type: "act", action: latest.legal[0]!.action })).type).toBe("ack");
          made++;
        } else await new Promise((r) => setTimeout(r, 10));
      }
    }),
  );
}

/** Every seat of `clients` plays its first legal action until the match is over. */
async function playOut(clients: readonly Client[], seats: readonly number[]): Promise<Outcome> {
  await Promise.all(clients.map((c, i) => c.playUntilOver(seats[i]!, ({ legal }) => (legal && legal.length > 0 ? legal[0]!.action : undefined), 60_000)));
  return (await clients[0]!.waitFor("over")).outcome as Outcome;
}

const biddingOf = async (name: string) => (await http(server, "GET", `/api/players/${encodeURIComponent(name)}`)).body.games.find((g: any) => g.game === "bidding");
const ordinal = (p: Player) => p.mu - 3 * p.sigma;

function expectRating(actual: { mu: number; sigma: number }, expected: Player): void {
  expect(actual.mu).toBeCloseTo(expected.mu, 9);
  expect(actual.sigma).toBeCloseTo(expected.sigma, 9);
}

describe("a rematch of a rated table between accounts", () => {
  it("keeps the accounts in their seats with their current ratings, is rated again, and reaches the accounts' other browsers", async () => {
    const [ann, bob] = [await account("Rema"), await account("Tchik")];
    const { id } = await createRated([{ kind: "open" }, { kind: "open" }]);
    const a = await join(id, ann);
    const b = await join(id, bob);
    expect(b.table.rated).toBe(true);
    const clients = [await seated(id, a.token), await seated(id, b.token)];
    const first = await playOut(clients, [0, 1]);
    const afterFirst = plackettLuce([NEW, NEW], ranksOf(first, 2));

    expect((await ask(clients[0]!, { type: "rematch" })).type).toBe("ack");
    expect((await ask(clients[1]!, { type: "rematch" })).type).toBe("ack");
    const next = (await clients[0]!.waitFor("rematch")).tableId;
    await Promise.all(clients.map((c) => c.close()));

    // Same accounts in the same seats, showing the ratings the first match gave them.
    const fresh = (await http(server, "GET", `/api/tables/${next}`)).body.table as TableInfo;
    expect(fresh.rated).toBe(true);
    expect(fresh.seats.map((s) => [s.name, s.account])).toEqual([
      ["Rema", true],
      ["Tchik", true],
    ]);
    expect(fresh.seats[0]!.rating).toBeCloseTo(ordinal(afterFirst[0]!), 9);
    expect(fresh.seats[1]!.rating).toBeCloseTo(ordinal(afterFirst[1]!), 9);

    // The accounts hold the new seats: another browser logged in as Rema finds it, with the same token.
    const annElsewhere = await logIn("rema");
    expect((await get("/api/me/seats", annElsewhere)).seats).toContainEqual({ table: next, game: "bidding", status: "playing", seat: 0, token: a.token });
    const mine = await post("/api/my-tables", { seats: [] }, annElsewhere);
    expect(mine.body.tables.map((t: any) => [t.table.id, t.seat])).toEqual([[next, 0]]);

    // Played to its end, the rematch is rated from the ratings the first one left.
    const again = [await seated(next, a.token), await seated(next, b.token)];
    expect(again.map((c) => c.of("welcome")[0]!.you)).toEqual([0, 1]);
    const second = await playOut(again, [0, 1]);
    await Promise.all(again.map((c) => c.close()));
    const afterSecond = plackettLuce(afterFirst, ranksOf(second, 2));
    const annGame = await biddingOf("Rema");
    expect(annGame.played).toBe(2);
    expectRating(annGame.rating, afterSecond[0]!);
    expectRating((await biddingOf("Tchik")).rating, afterSecond[1]!);
    expect(annGame.history.map((h: any) => h.table)).toEqual([id, next]);
    const profile = (await http(server, "GET", "/api/players/Rema")).body;
    expect(profile.matches.find((m: any) => m.table === next)).toMatchObject({ seat: 0, rated: true, opponents: [{ seat: 1, name: "Tchik", account: true, bot: null }] });
    // each rated game says how it moved the shown rating (mu − 3σ), from the one before it (the first from a new player's)
    const change = (after: Player, before: Player) => Math.round((ordinal(after) - ordinal(before)) * 10) / 10;
    expect(profile.matches.map((m: any) => [m.table, m.ratingChange])).toEqual([
      [next, change(afterSecond[0]!, afterFirst[0]!)],
      [id, change(afterFirst[0]!, NEW)],
    ]);
  }, 120_000);
});

describe("resigning at a rated table", () => {
  it("the resigned account loses and both ratings change by the formula", async () => {
    const [ann, bob] = [await account("Quitte"), await account("Reste")];
    const { id } = await createRated([{ kind: "open" }, { kind: "open" }]);
    const a = await join(id, ann);
    const b = await join(id, bob);
    const [ca, cb] = [await seated(id, a.token), await seated(id, b.token)];
    await ca.waitFor("sync");
    await decide([ca, cb], [0, 1], 2);
    expect((await ask(ca, { type: "resign" })).type).toBe("ack");
    const over = await cb.waitFor("over");
    expect(over.outcome).toMatchObject({ winners: [1], draw: false });
    await Promise.all([ca.close(), cb.close()]);
    const expected = plackettLuce([NEW, NEW], [1, 0]);
    const loser = await biddingOf("Quitte");
    expect(loser).toMatchObject({ played: 1, won: 0 });
    expectRating(loser.rating, expected[0]!);
    const winner = await biddingOf("Reste");
    expect(winner).toMatchObject({ played: 1, won: 1 });
    expectRating(winner.rating, expected[1]!);
    expect(loser.history).toEqual([{ table: id, at: expect.any(Number), ordinal: expect.closeTo(ordinal(expected[0]!), 9), rank: 1 }]);
  });

  it("with three seats, the resigned account is played out by a bot and ranks last", async () => {
    const [ann, bob] = [await account("Lasse"), await account("Tenace")];
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }, { kind: "bot", level: "hard" }] });
    const id = created.body.table.id as string;
    const a = await join(id, ann);
    const b = await join(id, bob);
    expect(b.table.rated).toBe(true);
    const [ca, cb] = [await seated(id, a.token), await seated(id, b.token)];
    await ca.waitFor("sync");
    await decide([ca, cb], [0, 1], 2);
    expect((await ask(ca, { type: "resign" })).type).toBe("ack");
    const outcome = await playOut([cb], [1]);
    await Promise.all([ca.close(), cb.close()]);
    expect(outcome.winners).not.toContain(0);
    const ranks = ranksOf(outcome, 3, [0]);
    expect(ranks[0]).toBeGreaterThan(Math.max(ranks[1]!, ranks[2]!));
    const expected = plackettLuce([NEW, NEW, NEW], ranks);
    const loser = await biddingOf("Lasse");
    expect(loser).toMatchObject({ played: 1, won: 0 });
    expect(loser.history[0].rank).toBe(2);
    expectRating(loser.rating, expected[0]!);
    expectRating((await biddingOf("Tenace")).rating, expected[1]!);
  });
});

describe("ratings that cannot be farmed (issue 24)", () => {
  /** A rated table of the two accounts; `moves`: decisions each makes before seat 0 resigns. */
  async function resignedMatch(cookies: [string, string], moves: number): Promise<TableInfo> {
    const { id } = await createRated([{ kind: "open" }, { kind: "open" }]);
    const a = await join(id, cookies[0]);
    const b = await join(id, cookies[1]);
    const [ca, cb] = [await seated(id, a.token), await seated(id, b.token)];
    await Promise.all([ca.waitFor("sync"), cb.waitFor("sync")]);
    if (moves > 0) await decide([ca, cb], [0, 1], moves);
    expect((await ask(ca, { type: "resign" })).type).toBe("ack");
    await cb.waitFor("over");
    const table = cb.of("table").at(-1)!.table;
    await Promise.all([ca.close(), cb.close()]);
    return table;
  }

  it("resigning at version 0, eight times over: every match aborted and unrated, nobody gains a point", async () => {
    const cookies: [string, string] = [await account("Ferme"), await account("Complice")];
    for (let i = 0; i < 8; i++) {
      const table = await resignedMatch(cookies, 0);
      expect(table).toMatchObject({ status: "over", aborted: true, rated: false });
      expect((await http(server, "GET", `/api/tables/${table.id}`)).body.table).toMatchObject({ aborted: true, rated: false });
    }
    for (const name of ["Ferme", "Complice"]) {
      const profile = (await http(server, "GET", `/api/players/${name}`)).body;
      expect(profile.games.find((g: any) => g.game === "bidding")).toMatchObject({ played: 8, rating: null });
      expect(profile.matches.every((m: any) => m.rated === false)).toBe(true);
    }
    const board = (await http(server, "GET", "/api/leaderboard/bidding?limit=200")).body;
    expect(board.players.map((p: any) => p.name)).not.toContain("Complice");
  }, 240_000);

  it("one move each is still too early; two each count", async () => {
    const cookies: [string, string] = [await account("Presse"), await account("Patient")];
    expect(await resignedMatch(cookies, 1)).toMatchObject({ aborted: true, rated: false });
    const counted = await resignedMatch(cookies, 2);
    expect(counted.aborted).toBeUndefined();
    expect((await biddingOf("Patient")).history.map((h: any) => h.table)).toEqual([counted.id]);
  }, 120_000);

  it("the same two accounts again and again within a day: two matches count fully, two by half, then none", async () => {
    const cookies: [string, string] = [await account("Paire"), await account("Duo")];
    let before: Player[] = [NEW, NEW];
    for (let i = 0; i < 5; i++) {
      const table = await resignedMatch(cookies, 2);
      expect(table.rated).toBe(true);
      const after = [await biddingOf("Paire"), await biddingOf("Duo")].map((g) => g.rating as Player);
      const full = plackettLuce(before, [1, 0]);
      const weight = [1, 1, 0.5, 0.5, 0][i]!;
      after.forEach((r, seat) => {
        expect(r.mu).toBeCloseTo(before[seat]!.mu + weight * (full[seat]!.mu - before[seat]!.mu), 9);
        expect(r.sigma).toBeCloseTo(before[seat]!.sigma + weight * (full[seat]!.sigma - before[seat]!.sigma), 9);
      });
      before = after;
    }
    const paire = await biddingOf("Paire");
    expect(paire.played).toBe(5);
    // The fifth match changed no rating: it is in the list of matches as unrated, not in the history.
    expect(paire.history).toHaveLength(4);
    const matches = (await http(server, "GET", "/api/players/Paire")).body.matches;
    expect(matches.map((m: any) => m.rated)).toEqual([false, true, true, true, true]);
  }, 300_000);
});

describe("the creator gives a seat to a bot at a rated table", () => {
  it("the bot shows its level's rating and is rated as that level at the end", async () => {
    const ann = await account("Seule");
    const { id, creatorToken } = await createRated([{ kind: "open" }, { kind: "open" }]);
    const a = await join(id, ann);
    const given = await http(server, "POST", `/api/tables/${id}/seats/1/bot`, { creatorToken, level: "medium" });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const table = given.body.table as TableInfo;
    expect(table.rated).toBe(true);
    expect(table.seats[1]).toMatchObject({ kind: "bot", level: "medium", rating: 0 });
    const c = await seated(id, a.token);
    const outcome = await playOut([c], [0]);
    await c.close();
    const expected = plackettLuce([NEW, NEW], ranksOf(outcome, 2));
    const board = (await http(server, "GET", "/api/leaderboard/bidding?limit=100")).body;
    const bot = board.players.find((p: any) => p.bot === "medium");
    expect(bot).toMatchObject({ name: null, played: 1 });
    expectRating(bot.rating, expected[1]!);
    expectRating((await biddingOf("Seule")).rating, expected[0]!);
  });
});

describe("the creator's controls from another browser", () => {
  it("the account that created a table cancels it or seats a bot from any browser it is logged in on; no one else may", async () => {
    const creator = await account("Fondatrice");
    const stranger = await account("Passante");
    const created = await post("/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] }, creator);
    expect(created.status).toBe(200);
    const id = created.body.table.id as string;
    // another browser of the creator's account: no creator token there, only the session
    const elsewhere = await logIn("Fondatrice");
    expect(await get(`/api/tables/${id}/creator`, elsewhere)).toEqual({ creator: true });
    expect(await get(`/api/tables/${id}/creator`, stranger)).toEqual({ creator: false });
    expect((await http(server, "GET", `/api/tables/${id}/creator`)).body).toEqual({ creator: false });
    for (const cookie of [stranger, null]) {
      expect((await post(`/api/tables/${id}/seats/0/bot`, { level: "easy" }, cookie)).body.error.code).toBe("not-creator");
      expect((await post(`/api/tables/${id}/cancel`, {}, cookie)).body.error.code).toBe("not-creator");
      // a wrong token does not help a stranger either
      expect((await post(`/api/tables/${id}/cancel`, { creatorToken: "guessed" }, cookie)).status).toBe(403);
    }
    const botted = await post(`/api/tables/${id}/seats/0/bot`, { level: "easy" }, elsewhere);
    expect(botted.status, JSON.stringify(botted.body)).toBe(200);
    expect(botted.body.table.seats[0]).toMatchObject({ kind: "bot", level: "easy" });
    const cancelled = await post(`/api/tables/${id}/cancel`, {}, elsewhere);
    expect(cancelled.body.table.status).toBe("cancelled");
    // recorded with the table: read back from storage after it left memory
    expect((await server.storage.getTable(id))!.creatorPlayer).toBe((await server.storage.playerByNameKey("fondatrice"))!.id);
    // the creator token still works alone, and a table a guest created has no creator account
    const guestMade = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] });
    const other = guestMade.body.table.id as string;
    expect(await get(`/api/tables/${other}/creator`, creator)).toEqual({ creator: false });
    expect((await post(`/api/tables/${other}/cancel`, {}, creator)).body.error.code).toBe("not-creator");
    expect((await post(`/api/tables/${other}/cancel`, { creatorToken: guestMade.body.creatorToken })).body.table.status).toBe("cancelled");
  });
});

describe("your tables for an account", () => {
  it("lists the seats the account took in another browser, each once, and nothing for a guest", async () => {
    const ann = await account("Ailleurs");
    const { id } = await createRated([{ kind: "open" }, { kind: "open" }]);
    const a = await join(id, ann);
    const elsewhere = await logIn("AILLEURS");
    // This browser holds no token: the account's seat is found all the same.
    const listed = await post("/api/my-tables", { seats: [] }, elsewhere);
    expect(listed.status).toBe(200);
    expect(listed.body.tables.map((t: any) => [t.table.id, t.seat, t.table.status])).toEqual([[id, 0, "open"]]);
    // Sent by the browser as well: still listed once.
    const both = await post("/api/my-tables", { seats: [{ tableId: id, token: a.token }] }, elsewhere);
    expect(both.body.tables).toHaveLength(1);
    expect((await post("/api/my-tables", { seats: [] })).body.tables).toEqual([]);
    // A bad body is refused as before, logged in or not.
    expect((await post("/api/my-tables", { seats: "all" }, elsewhere)).body.error.code).toBe("bad-message");
  });

  it("a profile's past games: the opponents (accounts by their names, guests, bots by level), the result, a place among more than two, aborted and abandoned", async () => {
    await account("Passe");
    await account("Rivale");
    const me = (await server.storage.playerByNameKey("passe"))!;
    const rival = (await server.storage.playerByNameKey("rivale"))!;
    const human = (id: string, i: number, name: string, player: string | null = null) => ({ kind: "human" as const, name, level: null, tokenHash: `hash-${id}-${i}`, takeover: false, player });
    const bot = (level: "easy" | "hard") => ({ kind: "bot" as const, name: null, level, tokenHash: null, takeover: false });
    const record = (id: string, at: number, seats: TableRecord["seats"], outcome: TableRecord["outcome"], meta: Partial<TableRecord["meta"]> = {}): TableRecord => {
      const base = tableRecord(id, at, { options: {}, seats, status: "over", turnSeconds: null, rated: false });
      return { ...base, outcome, meta: { ...base.meta, ...meta } };
    };
    const tables = [
      // the seat keeps the name given at the table; the profile shows the account's
      record("past-won", 4, [human("past-won", 0, "Passe", me.id), human("past-won", 1, "old name", rival.id)], { winners: [0], scores: [], draw: false }),
      record("past-four", 3, [bot("hard"), human("past-four", 1, "Zoé"), human("past-four", 2, "Passe", me.id), human("past-four", 3, "Rivale", rival.id)], { winners: [0], scores: [9, 3, 5, 1], draw: false }),
      record("past-abandoned", 2, [bot("easy"), human("past-abandoned", 1, "Passe", me.id)], null),
      record("past-aborted", 1, [human("past-aborted", 0, "Passe", me.id), human("past-aborted", 1, "Rivale", rival.id)], { winners: [1], scores: [], draw: false }, { aborted: true }),
    ];
    const seatOf = (t: TableRecord) => t.seats.findIndex((seat) => seat.player === me.id);
    await server.storage.saveTables(tables, tables.map((t) => ({ playerId: me.id, tableId: t.id, seat: seatOf(t), token: `tok-${t.id}`, at: t.createdAt })));
    const profile = (await http(server, "GET", "/api/players/Passe")).body;
    expect(profile.matches.map(({ at, replay, ...m }: any) => m)).toEqual([
      { table: "past-won", game: "bidding", seat: 0, seats: 2, result: "won", place: null, aborted: false, rated: false, ratingChange: null, opponents: [{ seat: 1, name: "Rivale", account: true, bot: null }] },
      {
        table: "past-four", game: "bidding", seat: 2, seats: 4, result: "lost", place: 2, aborted: false, rated: false, ratingChange: null,
        opponents: [{ seat: 0, name: null, account: false, bot: "hard" }, { seat: 1, name: "Zoé", account: false, bot: null }, { seat: 3, name: "Rivale", account: true, bot: null }],
      },
      { table: "past-abandoned", game: "bidding", seat: 1, seats: 2, result: "abandoned", place: null, aborted: false, rated: false, ratingChange: null, opponents: [{ seat: 0, name: null, account: false, bot: "easy" }] },
      { table: "past-aborted", game: "bidding", seat: 0, seats: 2, result: "lost", place: null, aborted: true, rated: false, ratingChange: null, opponents: [{ seat: 1, name: "Rivale", account: true, bot: null }] },
    ]);
    // the abandoned table is a past game but not a finished one: it counts in no record
    expect(profile.games).toEqual([{ game: "bidding", played: 3, won: 1, rating: null, history: [] }]);
    expect(profile.matchesTotal).toBe(4);
  });

  it("past 200 seats: the profile counts every match and pages them; an old running table stays among your tables", async () => {
    const cookie = await account("Assidue");
    const me = (await server.storage.playerByNameKey("assidue"))!;
    // seat 0 is the account's (its token, kept by the link, proves it)
    const seats = (id: string) => [0, 1].map((i) => ({ kind: "human" as const, name: `P${i}`, level: null, tokenHash: i === 0 ? sha256(`tok-${id}`) : `hash-${id}-${i}`, takeover: false }));
    // a turn-based match started long ago and still running, then 240 finished ones (every third won)
    const tables: TableRecord[] = [tableRecord("assidue-running", 1, { options: {}, seats: seats("assidue-running"), status: "playing", turnSeconds: 86_400, rated: false })];
    for (let i = 0; i < 240; i++) {
      const outcome = { winners: [i % 3 === 0 ? 0 : 1], scores: [], draw: false };
      tables.push({ ...tableRecord(`assidue-${i}`, 10 + i, { options: {}, seats: seats(`assidue-${i}`), status: "over", turnSeconds: null, rated: false }), outcome });
    }
    await server.storage.saveTables(tables, tables.map((t) => ({ playerId: me.id, tableId: t.id, seat: 0, token: `tok-${t.id}`, at: t.createdAt })));

    const profile = (await http(server, "GET", "/api/players/Assidue")).body;
    expect(profile.games).toEqual([{ game: "bidding", played: 240, won: 80, rating: null, history: [] }]);
    expect(profile.matches).toHaveLength(50);
    expect(profile.matches[0]).toMatchObject({ table: "assidue-239", seat: 0, result: "lost", rated: false });
    expect([profile.matchesTotal, profile.matchesNext]).toEqual([240, 50]);
    const last = (await http(server, "GET", "/api/players/Assidue?offset=200&limit=50")).body;
    expect(last.matches.map((m: { table: string }) => m.table)).toEqual(Array.from({ length: 40 }, (_, i) => `assidue-${39 - i}`));
    expect(last.matchesNext).toBeNull();
    expect((await http(server, "GET", "/api/players/Assidue?limit=500")).body.error.code).toBe("bad-message");

    const listed = await post("/api/my-tables", { seats: [] }, cookie);
    expect(listed.body.tables.map((t: any) => [t.table.id, t.seat, t.table.status])).toEqual([["assidue-running", 0, "playing"]]);
    expect((await get("/api/me/seats", cookie)).seats.map((s: any) => s.table)).toEqual(["assidue-running"]);
  });
});
