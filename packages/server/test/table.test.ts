// At the table: chat (channels, limits, escaping left to the client, persistence), resigning and
// rematches in every game, the creator's controls (cancel, seat → bot), the lobby's lists and
// "your tables", and turn-based clocks with time banks (on an injected clock).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyRecord } from "../../cli/src/commands/verify.ts";
import { CHAT_BURST, CHAT_EVERY_MS, MAX_CHAT_LENGTH, type ServerOut, type TableInfo } from "../src/protocol.ts";
import { games } from "./support/catalog.ts";
import { boot, Client, http, ManualClock, sleep, type TestServer } from "./support/harness.ts";

const findGame = (id: string) => games.find((g) => g.id === id);
const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await boot({ clock, botWorkers: 2, botBudgetMs: 3000 });
});
afterAll(async () => {
  await server.stop();
});

async function create(body: Record<string, unknown>): Promise<{ id: string; creatorToken: string; table: TableInfo }> {
  const created = await http(server, "POST", "/api/tables", body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.table.id, creatorToken: created.body.creatorToken, table: created.body.table };
}

async function join(id: string, name: string): Promise<string> {
  const joined = await http(server, "POST", `/api/tables/${id}/join`, { name });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return joined.body.token as string;
}

/** A connection that said hello (with a token: that seat; without: a spectator) and got its welcome. */
async function connect(id: string, token?: string): Promise<Client> {
  const c = await Client.open(server);
  c.send({ type: "hello", tableId: id, ...(token ? { token } : {}) });
  await c.waitFor("welcome");
  await c.waitFor("chat-history");
  return c;
}

/** Sends a message with a ref and waits for its answer (ack or error). */
async function ask(c: Client, message: Record<string, unknown>): Promise<Extract<ServerOut, { type: "ack" | "error" }>> {
  const ref = `r${Math.random().toString(36).slice(2)}`;
  c.send({ ...message, ref });
  return Promise.race([c.waitFor("ack", (m) => m.ref === ref), c.waitFor("error", (m) => m.ref === ref)]);
}

const twoHumans = (game: string, extra: Record<string, unknown> = {}) => ({ game, seats: [{ kind: "open" }, { kind: "open" }], ...extra });

async function twoSeated(game: string, extra: Record<string, unknown> = {}) {
  const { id, creatorToken } = await create(twoHumans(game, extra));
  const tokens = [await join(id, "Ann"), await join(id, "Bob")];
  const clients = await Promise.all(tokens.map((t) => connect(id, t)));
  await Promise.all(clients.map((c) => c.waitFor("sync")));
  return { id, creatorToken, tokens, clients };
}

const closeAll = (clients: readonly Client[]) => Promise.all(clients.map((c) => c.close()));

describe("chat", () => {
  it("a seat's message reaches both seats and spectators as the very text sent, markup included", async () => {
    const { id, clients } = await twoSeated("bidding");
    const spectator = await connect(id);
    const text = '<script>alert("x")</script> & <b>bold</b>';
    expect((await ask(clients[0]!, { type: "chat", text })).type).toBe("ack");
    for (const c of [...clients, spectator]) {
      const got = await c.waitFor("chat");
      expect(got.message).toMatchObject({ channel: "players", seat: 0, name: "Ann", text });
    }
    await closeAll([...clients, spectator]);
  });

  it("refuses empty, too long and control-character messages with their own codes, and sends nothing", async () => {
    const { id, clients } = await twoSeated("bidding");
    const [ann, bob] = clients as [Client, Client];
    expect(await ask(ann, { type: "chat", text: "   " })).toMatchObject({ type: "error", code: "chat-empty" });
    const long = await ask(ann, { type: "chat", text: "é".repeat(MAX_CHAT_LENGTH + 1) });
    expect(long).toMatchObject({ type: "error", code: "chat-too-long", params: { max: MAX_CHAT_LENGTH } });
    expect(await ask(ann, { type: "chat", text: "é".repeat(MAX_CHAT_LENGTH) })).toMatchObject({ type: "ack" });
    expect(await ask(ann, { type: "chat", text: "bell\u0007" })).toMatchObject({ type: "error", code: "chat-bad-text" });
    expect(await ask(ann, { type: "chat", text: "abc\u202Edef" })).toMatchObject({ type: "error", code: "chat-bad-text" });
    await sleep(100);
    expect(bob.of("chat")).toHaveLength(1);
    expect((await server.storage.loadChat(id, 10)).map((m) => m.text)).toEqual(["é".repeat(MAX_CHAT_LENGTH)]);
    await closeAll(clients);
  });

  it("rate limit: a burst, then one message per interval, per seat (a second connection of that seat shares it)", async () => {
    const { id, tokens, clients } = await twoSeated("bidding");
    const [ann, bob] = clients as [Client, Client];
    for (let i = 0; i < CHAT_BURST; i++) expect((await ask(ann, { type: "chat", text: `m${i}` })).type).toBe("ack");
    const refused = await ask(ann, { type: "chat", text: "one too many" });
    expect(refused).toMatchObject({ type: "error", code: "chat-too-fast" });
    expect((refused as { params?: { retryAfterMs?: number } }).params!.retryAfterMs).toBeGreaterThan(0);
    const annAgain = await connect(id, tokens[0]);
    expect(await ask(annAgain, { type: "chat", text: "from another tab" })).toMatchObject({ type: "error", code: "chat-too-fast" });
    // Bob has his own allowance.
    expect((await ask(bob, { type: "chat", text: "hi" })).type).toBe("ack");
    clock.advance(CHAT_EVERY_MS);
    expect((await ask(ann, { type: "chat", text: "later" })).type).toBe("ack");
    expect(await ask(ann, { type: "chat", text: "too soon" })).toMatchObject({ type: "error", code: "chat-too-fast" });
    expect((await server.storage.loadChat(id, 50)).map((m) => m.text)).toEqual(["m0", "m1", "m2", "m3", "m4", "hi", "later"]);
    await closeAll([...clients, annAgain]);
  });

  it("spectators write in their own channel; players do not see it unless the table says so", async () => {
    for (const spectatorChat of [false, true]) {
      const { id, tokens, clients } = await twoSeated("bidding", { spectatorChat });
      const watcher = await connect(id);
      const other = await connect(id);
      expect((await ask(watcher, { type: "chat", text: "go Ann!", name: "Zoé" })).type).toBe("ack");
      expect((await other.waitFor("chat")).message).toMatchObject({ channel: "spectators", seat: null, name: "Zoé", text: "go Ann!" });
      // The players' channel reaches the spectators.
      expect((await ask(clients[1]!, { type: "chat", text: "gl hf" })).type).toBe("ack");
      await watcher.waitFor("chat", (m) => m.message.text === "gl hf");
      const annSees = await clients[0]!.waitFor("chat", (m) => m.message.text === "gl hf");
      expect(annSees.message.channel).toBe("players");
      const seen = clients[0]!.of("chat").map((m) => m.message.text);
      expect(seen).toEqual(spectatorChat ? ["go Ann!", "gl hf"] : ["gl hf"]);
      // The history given on arrival follows the same rule: a spectator reads both channels.
      const lateSeat = await connect(id, tokens[0]);
      expect(lateSeat.of("chat-history")[0]!.messages.map((m) => m.text)).toEqual(spectatorChat ? ["go Ann!", "gl hf"] : ["gl hf"]);
      const lateWatcher = await connect(id);
      expect(lateWatcher.of("chat-history")[0]!.messages.map((m) => m.text)).toEqual(["go Ann!", "gl hf"]);
      await closeAll([...clients, watcher, other, lateSeat, lateWatcher]);
    }
  });

  it("a seated guest's browser watching without its token (its guest cookie) reads as a player too; another guest browser is a spectator", async () => {
    for (const spectatorChat of [false, true]) {
      const { id } = await create(twoHumans("bidding", { spectatorChat }));
      const joined = await fetch(`${server.url}/api/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Gaspard" }) });
      expect(joined.status).toBe(200);
      const setCookie = joined.headers.get("set-cookie")!;
      expect(setCookie).toMatch(/^grimoire_guest=[A-Za-z0-9_-]{24};.*HttpOnly/i);
      const guestCookie = setCookie.split(";")[0]!;
      // the cookie names no seat and no table by itself: a forged one is a spectator
      const bob = await connect(id, await join(id, "Bob"));
      const watcher = await connect(id);
      expect((await ask(watcher, { type: "chat", text: "psst, bid high", name: "Zoé" })).type).toBe("ack");
      const sneaky = await Client.open(server, { cookie: guestCookie });
      sneaky.send({ type: "hello", tableId: id });
      expect((await sneaky.waitFor("welcome")).you).toBe("spectator");
      expect((await sneaky.waitFor("chat-history")).messages.map((m) => m.text)).toEqual(spectatorChat ? ["psst, bid high"] : []);
      const forged = await Client.open(server, { cookie: "grimoire_guest=AAAAAAAAAAAAAAAAAAAAAAAA" });
      forged.send({ type: "hello", tableId: id });
      expect((await forged.waitFor("chat-history")).messages.map((m) => m.text)).toEqual(["psst, bid high"]);
      expect((await ask(watcher, { type: "chat", text: "again", name: "Zoé" })).type).toBe("ack");
      expect((await ask(bob, { type: "chat", text: "players' line" })).type).toBe("ack");
      await sneaky.waitFor("chat", (m) => m.message.text === "players' line");
      await forged.waitFor("chat", (m) => m.message.text === "players' line");
      expect(sneaky.of("chat").map((m) => m.message.text)).toEqual(spectatorChat ? ["again", "players' line"] : ["players' line"]);
      expect(forged.of("chat").map((m) => m.message.text)).toEqual(["again", "players' line"]);
      await closeAll([bob, watcher, sneaky, forged]);
    }
  });

  it("a seated account watching without its token (its session cookie) reads as a player: no spectators' channel where the table hides it", async () => {
    const signUp = async (name: string) => {
      const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
      expect(response.status).toBe(200);
      return response.headers.get("set-cookie")!.split(";")[0]!;
    };
    const seatedCookie = await signUp("Siegeante");
    const strangerCookie = await signUp("Curieuse");
    for (const spectatorChat of [false, true]) {
      const { id } = await create(twoHumans("bidding", { spectatorChat }));
      const joined = await fetch(`${server.url}/api/tables/${id}/join`, { method: "POST", headers: { "content-type": "application/json", cookie: seatedCookie }, body: JSON.stringify({ name: "x" }) });
      expect(joined.status).toBe(200);
      const bob = await connect(id, await join(id, "Bob"));
      const watcher = await connect(id);
      expect((await ask(watcher, { type: "chat", text: "psst, bid high", name: "Zoé" })).type).toBe("ack");
      // the seated account opens the table as a spectator, logged in
      const sneaky = await Client.open(server, { cookie: seatedCookie });
      sneaky.send({ type: "hello", tableId: id });
      expect((await sneaky.waitFor("welcome")).you).toBe("spectator");
      const history = (await sneaky.waitFor("chat-history")).messages.map((m) => m.text);
      expect(history).toEqual(spectatorChat ? ["psst, bid high"] : []);
      // an account with no seat here is a spectator like any other
      const stranger = await Client.open(server, { cookie: strangerCookie });
      stranger.send({ type: "hello", tableId: id });
      expect((await stranger.waitFor("chat-history")).messages.map((m) => m.text)).toEqual(["psst, bid high"]);
      // live messages follow the same rule
      expect((await ask(watcher, { type: "chat", text: "again", name: "Zoé" })).type).toBe("ack");
      expect((await ask(bob, { type: "chat", text: "players' line" })).type).toBe("ack");
      await sneaky.waitFor("chat", (m) => m.message.text === "players' line");
      await stranger.waitFor("chat", (m) => m.message.text === "players' line");
      expect(sneaky.of("chat").map((m) => m.message.text)).toEqual(spectatorChat ? ["again", "players' line"] : ["players' line"]);
      expect(stranger.of("chat").map((m) => m.message.text)).toEqual(["again", "players' line"]);
      await closeAll([bob, watcher, sneaky, stranger]);
    }
  });

  it("a spectator's chat rate goes with its address: reconnecting does not refill it", async () => {
    const { id, clients } = await twoSeated("bidding");
    const watcher = await connect(id);
    for (let i = 0; i < CHAT_BURST; i++) expect((await ask(watcher, { type: "chat", text: `w${i}` })).type).toBe("ack");
    expect(await ask(watcher, { type: "chat", text: "one more" })).toMatchObject({ type: "error", code: "chat-too-fast" });
    await watcher.close();
    const again = await connect(id);
    expect(await ask(again, { type: "chat", text: "fresh start?" })).toMatchObject({ type: "error", code: "chat-too-fast" });
    // the seats keep their own allowance
    expect((await ask(clients[0]!, { type: "chat", text: "players still talk" })).type).toBe("ack");
    clock.advance(CHAT_EVERY_MS);
    expect((await ask(again, { type: "chat", text: "later" })).type).toBe("ack");
    await closeAll([...clients, again]);
  });

  it("chat, resign and rematch messages are checked at the edge like every message", async () => {
    const { clients } = await twoSeated("bidding");
    const [ann] = clients as [Client, Client];
    expect(await ask(ann, { type: "chat" })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await ask(ann, { type: "chat", text: 42 })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await ask(ann, { type: "chat", text: "x".repeat(4 * MAX_CHAT_LENGTH + 1) })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await ask(ann, { type: "resign", seat: 1 })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await ask(ann, { type: "rematch", table: "x" })).toMatchObject({ type: "error", code: "bad-message" });
    const stranger = await Client.open(server);
    expect(await ask(stranger, { type: "chat", text: "hi" })).toMatchObject({ type: "error", code: "not-authorized" });
    await closeAll([...clients, stranger]);
  });

  it("a spectator's name is checked like a display name", async () => {
    const { id, clients } = await twoSeated("bidding");
    const watcher = await connect(id);
    expect(await ask(watcher, { type: "chat", text: "hi", name: "a\u202Eb" })).toMatchObject({ type: "error", code: "bad-name" });
    await closeAll([...clients, watcher]);
  });

  it("a spectator signs with an account's name only when logged in as that account", async () => {
    const name = `Mélisande${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 6)}`; // a second try makes another account
    const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const { id, clients } = await twoSeated("bidding");
    const guest = await connect(id);
    // Any case, any spelling that folds to the account's name: refused, and nothing is posted.
    for (const spelling of [name, name.toUpperCase(), name.normalize("NFD")]) expect(await ask(guest, { type: "chat", text: "it's me", name: spelling }), spelling).toMatchObject({ type: "error", code: "account-name" });
    expect(await server.storage.loadChat(id, 10)).toEqual([]);
    // The account itself, watching logged in, may.
    const owner = await Client.open(server, { cookie });
    owner.send({ type: "hello", tableId: id });
    await owner.waitFor("chat-history");
    expect(await ask(owner, { type: "chat", text: "it's me", name })).toMatchObject({ type: "ack" });
    expect((await guest.waitFor("chat")).message).toMatchObject({ channel: "spectators", name, text: "it's me" });
    await closeAll([...clients, guest, owner]);
  });

  it("is stored: a seat coming back gets the latest messages, its channels only", async () => {
    const { id, tokens, clients } = await twoSeated("bidding");
    const watcher = await connect(id);
    await ask(clients[0]!, { type: "chat", text: "first" });
    await ask(watcher, { type: "chat", text: "psst" });
    await ask(clients[1]!, { type: "chat", text: "second" });
    await clients[0]!.close();
    const back = await connect(id, tokens[0]);
    expect(back.of("chat-history")[0]!.messages.map((m) => m.text)).toEqual(["first", "second"]);
    expect((await server.storage.loadChat(id, 10)).map((m) => [m.channel, m.text])).toEqual([
      ["players", "first"],
      ["spectators", "psst"],
      ["players", "second"],
    ]);
    await closeAll([back, clients[1]!, watcher]);
  });
});

describe("the creator's controls", () => {
  it("cancel: only by the creator (its token here; its account: players-table.test.ts), only while waiting; the table leaves the lobby and refuses joins", async () => {
    const { id, creatorToken } = await create({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    await join(id, "Ann");
    const watcher = await connect(id);
    expect((await http(server, "POST", `/api/tables/${id}/cancel`, { creatorToken: "not-it" })).body.error.code).toBe("not-creator");
    // no token and no session: nobody proves the creator (a token of the wrong shape is a bad message)
    expect((await http(server, "POST", `/api/tables/${id}/cancel`, {})).body.error.code).toBe("not-creator");
    expect((await http(server, "POST", `/api/tables/${id}/cancel`, { creatorToken: 42 })).status).toBe(400);
    const cancelled = await http(server, "POST", `/api/tables/${id}/cancel`, { creatorToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.table.status).toBe("cancelled");
    expect((await watcher.waitFor("table", (t) => t.table.status === "cancelled")).table.id).toBe(id);
    const open = (await http(server, "GET", "/api/tables")).body.tables as TableInfo[];
    expect(open.some((t) => t.id === id)).toBe(false);
    const late = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
    expect([late.status, late.body.error.code]).toEqual([409, "table-cancelled"]);
    expect((await http(server, "POST", `/api/tables/${id}/cancel`, { creatorToken })).body.error.code).toBe("table-cancelled");
    expect((await server.storage.getTable(id))!.status).toBe("cancelled");
    await watcher.close();
  });

  it("cancel refuses a table whose match has started", async () => {
    const { id, creatorToken, clients } = await twoSeated("bidding");
    expect((await http(server, "POST", `/api/tables/${id}/cancel`, { creatorToken })).body.error.code).toBe("already-started");
    await closeAll(clients);
  });

  it("seat → bot: the creator fills an open seat with a bot of a level; a full table starts", async () => {
    const { id, creatorToken } = await create({ game: "bidding", options: { hand: 2 }, seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }] });
    const ann = await connect(id, await join(id, "Ann"));
    const path = (seat: number | string) => `/api/tables/${id}/seats/${seat}/bot`;
    expect((await http(server, "POST", path(1), { creatorToken: "nope", level: "easy" })).body.error.code).toBe("not-creator");
    expect((await http(server, "POST", path(0), { creatorToken, level: "easy" })).body.error.code).toBe("seat-taken");
    expect((await http(server, "POST", path(7), { creatorToken, level: "easy" })).body.error.code).toBe("bad-seats");
    expect((await http(server, "POST", path("x"), { creatorToken, level: "easy" })).body.error.code).toBe("bad-seats");
    expect((await http(server, "POST", path(1), { creatorToken, level: "godlike" })).body.error.code).toBe("bad-message");
    const one = await http(server, "POST", path(1), { creatorToken, level: "hard" });
    expect(one.body.table.seats[1]).toMatchObject({ kind: "bot", level: "hard" });
    expect(one.body.table.status).toBe("open");
    const two = await http(server, "POST", path(2), { creatorToken, level: "easy" });
    expect(two.body.table.status).toBe("playing");
    expect(two.body.table.seats[2].name).not.toBe(two.body.table.seats[1].name);
    await ann.waitFor("sync");
    await ann.close();
  });
});

describe("resigning", () => {
  for (const game of ["bidding", "abracadawhat", "shazamm", "incantibus", "emmerlaus"]) {
    it(`${game}: with two players, resigning ends the match at once, the other seat winning; the record verifies`, async () => {
      const { id, clients } = await twoSeated(game);
      const [ann, bob] = clients as [Client, Client];
      expect((await ask(ann, { type: "resign" })).type).toBe("ack");
      const over = await bob.waitFor("over");
      expect(over.outcome!.winners).toEqual([1]);
      expect(over.outcome!.draw).toBe(false);
      expect((await bob.waitFor("table", (t) => t.table.status === "over")).table.resigned).toEqual([0]);
      expect(await ask(ann, { type: "resign" })).toMatchObject({ type: "error", code: "game-over" });
      const record = (await http(server, "GET", `/api/tables/${id}/record`)).body;
      expect(record.resigned).toEqual([{ seat: 0, version: 0 }]);
      const report = verifyRecord(record, findGame);
      expect(report.lines.join("\n")).not.toContain("MISMATCH");
      expect(report.ok).toBe(true);
      // Without the resignation, the same record does not verify: the match was not over.
      expect(verifyRecord({ ...record, resigned: undefined }, findGame).ok).toBe(false);
      await closeAll(clients);
    });
  }

  for (const game of ["abracadawhat", "incantibus", "emmerlaus"]) {
    it(`${game}: with three players, the resigned seat is played out by a bot (or taken out where the rules allow); it cannot win, it may no longer act`, async () => {
      const { id } = await create({ game, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
      const ann = await connect(id, await join(id, "Ann"));
      await ann.waitFor("sync");
      expect((await ask(ann, { type: "resign" })).type).toBe("ack");
      const table = (await ann.waitFor("table", (t) => t.table.resigned.includes(0))).table;
      expect(table.status).toBe("playing");
      expect(table.seats[0]!.level).toBe("easy");
      // Two easy bots may end the match before a second try reaches the server: then it is over
      // (the match's end is awaited just below). The next test checks "already-resigned" alone.
      const again = await ask(ann, { type: "resign" });
      expect(again.type).toBe("error");
      expect(["already-resigned", "game-over"]).toContain(again.type === "error" ? again.code : null);
      const over = await ann.waitFor("over", () => true, 0, 110_000);
      expect(over.outcome!.winners).not.toContain(0);
      const log = await server.storage.loadActions(id);
      expect(log.filter((a) => a.seat === 0).every((a) => a.by === "bot")).toBe(true);
      const record = (await http(server, "GET", `/api/tables/${id}/record`)).body;
      const verified = verifyRecord(record, findGame);
      expect(verified.lines.join("\n")).not.toContain("MISMATCH");
      if (findGame(game)!.resign) {
        // The rules let a player leave (Emmerlaüs): the wizard is out once it has nothing to decide.
        const removedAt = record.resigned[0].removedAt as number;
        expect(record.resigned).toEqual([{ seat: 0, version: expect.any(Number), removedAt: expect.any(Number) }]);
        expect(removedAt).toBeGreaterThan(record.resigned[0].version);
        expect((await http(server, "GET", `/api/tables/${id}`)).body.table.removed).toEqual([0]);
        const out = ann.of("update").find((u) => u.version === removedAt)!;
        expect(out.events).toContainEqual({ type: "died", seat: 0 });
        expect(log.filter((a) => a.seat === 0).every((a) => a.version <= removedAt)).toBe(true);
        // Without the removal, the same record does not replay to the same match.
        const stripped = { ...record, resigned: [{ seat: 0, version: record.resigned[0].version }] };
        expect(verifyRecord(stripped, findGame).ok).toBe(false);
        // Read back from storage (the finished match left memory): the log and the removal replay.
        await ann.close();
        await sleep(50);
        const later = await connect(id);
        const sync = await later.waitFor("sync");
        expect(sync.version).toBe(log.length);
        expect((sync.view as { players: { alive: boolean }[] }).players[0]!.alive).toBe(false);
        await later.close();
      } else {
        expect(record.resigned).toEqual([{ seat: 0, version: expect.any(Number) }]);
      }
      await ann.close();
    }, 120_000);
  }

  it("a resigned seat cannot resign again nor act while the others play on", async () => {
    // three humans at a sealed-bid table: the two left never bid, so the match cannot end under the test
    const { id } = await create({ game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }] });
    const clients = await Promise.all(["Ann", "Bob", "Cat"].map(async (name) => connect(id, await join(id, name))));
    const ann = clients[0]!;
    const sync = await ann.waitFor("sync");
    expect((await ask(ann, { type: "resign" })).type).toBe("ack");
    await ann.waitFor("table", (t) => t.table.resigned.includes(0));
    expect(await ask(ann, { type: "resign" })).toMatchObject({ type: "error", code: "already-resigned" });
    expect(await ask(ann, { type: "act", action: sync.legal![0]!.action })).toMatchObject({ type: "error", code: "already-resigned" });
    expect(ann.of("over")).toEqual([]);
    await closeAll(clients);
  });

  it("a spectator cannot resign; a table not started cannot be resigned", async () => {
    const { id, clients } = await twoSeated("bidding");
    const watcher = await connect(id);
    expect(await ask(watcher, { type: "resign" })).toMatchObject({ type: "error", code: "not-a-seat" });
    const waiting = await create({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const ann = await connect(waiting.id, await join(waiting.id, "Ann"));
    expect(await ask(ann, { type: "resign" })).toMatchObject({ type: "error", code: "not-started" });
    await closeAll([...clients, watcher, ann]);
  });
});

describe("rematch", () => {
  for (const game of ["bidding", "abracadawhat", "shazamm", "incantibus", "emmerlaus"]) {
    it(`${game}: every human seat accepts (bots do), then one new table, same seats, new seed, linked both ways`, async () => {
      const withBot = findGame(game)!.maxSeats > 2;
      const seats = [{ kind: "open" }, { kind: "open" }, ...(withBot ? [{ kind: "bot", level: "easy" }] : [])];
      const { id } = await create({ game, seats, ...(game === "bidding" ? { options: { hand: 2 } } : {}) });
      const tokens = [await join(id, "Ann"), await join(id, "Bob")];
      const [ann, bob] = (await Promise.all(tokens.map((t) => connect(id, t)))) as [Client, Client];
      await ann.waitFor("sync");
      expect(await ask(ann, { type: "rematch" })).toMatchObject({ type: "error", code: "not-finished" });
      // Resigning is the quickest way to the end here.
      await ask(ann, { type: "resign" });
      if (withBot) await ask(bob, { type: "resign" });
      const first = await ann.waitFor("over", () => true, 0, 110_000);
      expect((await ask(ann, { type: "rematch" })).type).toBe("ack");
      expect((await bob.waitFor("table", (t) => t.table.rematch.accepted.includes(0))).table.rematch.next).toBeNull();
      expect(ann.of("rematch")).toHaveLength(0);
      expect((await ask(bob, { type: "rematch" })).type).toBe("ack");
      const next = (await ann.waitFor("rematch")).tableId;
      expect((await bob.waitFor("rematch")).tableId).toBe(next);
      const old = (await http(server, "GET", `/api/tables/${id}`)).body.table as TableInfo;
      expect(old.rematch).toMatchObject({ next, accepted: [0, 1] });
      const fresh = (await http(server, "GET", `/api/tables/${next}`)).body.table as TableInfo;
      expect(fresh.status).toBe("playing");
      expect(fresh.rematch.previous).toBe(id);
      expect(fresh.resigned).toEqual([]);
      expect(fresh.seats.map((s) => [s.kind, s.name, s.level ?? null])).toEqual(old.seats.map((s) => [s.kind, s.name, s.kind === "bot" ? s.level : null]));
      expect(fresh.seedHash).not.toBe(old.seedHash);
      expect(fresh.seedHash).not.toBe(first.seedHash);
      // The same tokens hold the same seats at the new table.
      const again = await Promise.all(tokens.map((t) => connect(next, t)));
      expect(again.map((c) => c.of("welcome")[0]!.you)).toEqual([0, 1]);
      // A late click goes to the same rematch, not a second one.
      expect((await ask(ann, { type: "rematch" })).type).toBe("ack");
      expect((await http(server, "GET", `/api/tables/${id}`)).body.table.rematch.next).toBe(next);
      await closeAll([ann, bob, ...again]);
    }, 120_000);
  }
});

describe("lobby", () => {
  it("lists tables waiting for players and tables being played, separately", async () => {
    const waiting = await create({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const { id: playing, clients } = await twoSeated("bidding");
    const open = (await http(server, "GET", "/api/tables?status=open")).body.tables as TableInfo[];
    const live = (await http(server, "GET", "/api/tables?status=playing")).body.tables as TableInfo[];
    expect(open.map((t) => t.id)).toContain(waiting.id);
    expect(open.map((t) => t.id)).not.toContain(playing);
    expect(live.map((t) => t.id)).toContain(playing);
    expect(live.map((t) => t.id)).not.toContain(waiting.id);
    expect(live.every((t) => t.status === "playing")).toBe(true);
    expect((await http(server, "GET", "/api/tables?status=over")).body.error.code).toBe("bad-message");
    await closeAll(clients);
  });

  it("your tables: the ones waiting for your decision first (soonest deadline first), unknown tokens left out", async () => {
    // Three tables where Ann sits: one waits for her (clocked), one for Bob only, one not started.
    const mine = await twoSeated("bidding", { options: { hand: 2 }, turnSeconds: 600 });
    const [annA] = mine.clients as [Client, Client];
    const other = await twoSeated("bidding", { options: { hand: 2 } });
    const sync = await other.clients[0]!.waitFor("sync");
    // Ann bids at the other table: now only Bob is waited for there.
    await ask(other.clients[0]!, { type: "act", action: sync.legal![0]!.action });
    const waiting = await create({ game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const waitingToken = await join(waiting.id, "Ann");
    const held = [
      { tableId: waiting.id, token: waitingToken },
      { tableId: other.id, token: other.tokens[0]! },
      { tableId: mine.id, token: mine.tokens[0]! },
      { tableId: mine.id, token: "forged" },
      { tableId: "no-such-table", token: "x" },
    ];
    const answer = await http(server, "POST", "/api/my-tables", { seats: held });
    expect(answer.status).toBe(200);
    const rows = answer.body.tables as { table: TableInfo; seat: number; yourTurn: boolean; deadline: number | null }[];
    expect(rows.map((r) => [r.table.id, r.seat, r.yourTurn])).toEqual([
      [mine.id, 0, true],
      [other.id, 0, false],
      [waiting.id, 0, false],
    ]);
    expect(rows[0]!.deadline).toBe(clock.now() + 600_000);
    expect((await http(server, "POST", "/api/my-tables", { seats: "all" })).status).toBe(400);
    await closeAll([annA, ...mine.clients.slice(1), ...other.clients]);
  });
});

describe("turn-based tables", () => {
  it("are checked at creation: hours or days per decision, no grace period, a bank only with a clock", async () => {
    const refuse = async (body: Record<string, unknown>) => (await http(server, "POST", "/api/tables", twoHumans("bidding", body))).body.error.code;
    expect(await refuse({ mode: "turn-based" })).toBe("bad-message");
    expect(await refuse({ mode: "turn-based", turnSeconds: 600 })).toBe("bad-message");
    expect(await refuse({ mode: "turn-based", turnSeconds: 86_400, graceSeconds: 60 })).toBe("bad-message");
    expect(await refuse({ turnSeconds: 3 * 86_400 })).toBe("bad-message");
    expect(await refuse({ bankSeconds: 60 })).toBe("bad-message");
    expect(await refuse({ mode: "weekly", turnSeconds: 86_400 })).toBe("bad-message");
    const ok = await create(twoHumans("bidding", { mode: "turn-based", turnSeconds: 3 * 86_400, bankSeconds: 7 * 86_400 }));
    expect(ok.table).toMatchObject({ mode: "turn-based", turnSeconds: 3 * 86_400, bankSeconds: 7 * 86_400, banks: [7 * 86_400_000, 7 * 86_400_000] });
  });

  it("a decision past its turn's time takes the overrun off that seat's bank; with the bank spent, a bot decides", async () => {
    const hour = 3_600_000;
    const { id, clients } = await twoSeated("bidding", { options: { hand: 3 }, mode: "turn-based", turnSeconds: 3600, bankSeconds: 7200 });
    const [ann, bob] = clients as [Client, Client];
    const start = clock.now();
    const sync = await ann.waitFor("sync");
    expect(sync.decision.deadline).toBe(start + hour);
    expect(sync.decision.seatDeadlines).toEqual([
      { seat: 0, deadline: start + 3 * hour },
      { seat: 1, deadline: start + 3 * hour },
    ]);
    // Bob bids in time; Ann bids 90 minutes in: half an hour comes off her bank only.
    const bobSync = bob.of("sync")[0]!;
    await ask(bob, { type: "act", action: bobSync.legal![0]!.action });
    clock.advance(1.5 * hour);
    await ask(ann, { type: "act", action: sync.legal![0]!.action });
    const row = await server.storage.getTable(id);
    expect(row!.meta.banks).toEqual([1.5 * hour, 2 * hour]);
    // Whoever won the round chooses, then a new round: the turn's clock starts again, each seat with its bank.
    const table = await http(server, "GET", `/api/tables/${id}`);
    expect(table.body.table.banks).toEqual([1.5 * hour, 2 * hour]);
    let latest = [...ann.messages].reverse().find((m) => m.type === "update")! as Extract<ServerOut, { type: "update" }>;
    // Play on until a round asks both seats at once, then let Ann's time run out completely.
    for (let i = 0; i < 4 && latest.decision.type !== "simultaneous"; i++) {
      const seat = latest.decision.seats[0]!;
      const c = clients[seat]!;
      const mineNow = [...c.messages].reverse().find((m) => m.type === "update" || m.type === "sync") as Extract<ServerOut, { type: "update" }>;
      await ask(c, { type: "act", action: mineNow.legal![0]!.action });
      latest = [...ann.messages].reverse().find((m) => m.type === "update")! as Extract<ServerOut, { type: "update" }>;
    }
    expect(latest.decision.type).toBe("simultaneous");
    const annDue = latest.decision.seatDeadlines!.find((d) => d.seat === 0)!.deadline;
    expect(annDue).toBe(latest.decision.deadline! + 1.5 * hour);
    const from = ann.messages.length;
    clock.advance(annDue - clock.now() - 1);
    await sleep(150);
    expect(ann.messages.slice(from).filter((m) => m.type === "update")).toHaveLength(0);
    clock.advance(1);
    const played = await ann.waitFor("update", (u) => u.actor === 0, from);
    expect(played.by).toBe("clock");
    expect((await server.storage.getTable(id))!.meta.banks![0]).toBe(0);
    await closeAll(clients);
  });
});
