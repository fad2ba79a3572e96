// Friends, invitations, table options and blocks through the API, on SQLite and on PostgreSQL
// (issue 27): follow and unfollow, friends and presence, an invitation accepted into a free seat
// (and forged, someone else's, expired, repeated or blocked ones refused), private, friends-only
// and rating-range tables refused to others, and a block's effects on chat, joins, invitations,
// rematches and the lobby's list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot, Client, ManualClock, type TestServer } from "./support/harness.ts";
import { postgresBackend, sqliteBackend, type Backend } from "./support/stores.ts";

const backends = [() => sqliteBackend("grimoire-social-"), postgresBackend];

async function call(server: TestServer, method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function account(server: TestServer, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const TWO = [{ kind: "open" }, { kind: "open" }];
const game = { game: "bidding", options: { hand: 3 } };

for (const make of backends) {
  describe(`friends, invitations and blocks (${make.name === "postgresBackend" ? "postgres" : "sqlite"})`, () => {
    let backend: Backend;
    let server: TestServer;
    let clock: ManualClock;
    let ann: string;
    let bob: string;
    let cat: string;
    let dan: string;
    const create = async (cookie: string | null, extra: Record<string, unknown> = {}) => (await call(server, "POST", "/api/tables", cookie, { ...game, seats: TWO, ...extra })).body.table.id as string;
    const join = (id: string, cookie: string | null, name = "Guest") => call(server, "POST", `/api/tables/${id}/join`, cookie, { name });
    const befriend = async (a: string, b: string, nameA: string, nameB: string) => {
      expect((await call(server, "POST", `/api/players/${nameB}/follow`, a)).status).toBe(200);
      expect((await call(server, "POST", `/api/players/${nameA}/follow`, b)).body).toEqual({ following: true, followedBy: true, friends: true, blocked: false });
    };

    beforeAll(async () => {
      backend = make();
      clock = new ManualClock();
      server = await boot({ storage: backend.open(), clock });
      ann = await account(server, "Ann");
      bob = await account(server, "Bob");
      cat = await account(server, "Cat");
      dan = await account(server, "Dan");
    });
    afterAll(async () => {
      await server?.stop();
      await backend?.cleanup();
    });

    it("follows: the followed sees it; mutual follows are friends; unfollow ends it", async () => {
      expect((await call(server, "POST", "/api/players/Bob/follow", null)).body.error.code).toBe("not-logged-in");
      expect((await call(server, "POST", "/api/players/Nobody/follow", ann)).body.error.code).toBe("unknown-player");
      expect((await call(server, "POST", "/api/players/ann/follow", ann)).body.error.code).toBe("cannot-self");
      expect((await call(server, "POST", "/api/players/bob/follow", ann)).body).toEqual({ following: true, followedBy: false, friends: false, blocked: false });
      // Twice is one follow.
      await call(server, "POST", "/api/players/bob/follow", ann);
      const bobs = (await call(server, "GET", "/api/friends", bob)).body;
      expect(bobs.followers).toEqual([{ name: "Ann", friend: false }]);
      expect(bobs.friends).toEqual([]);
      expect((await call(server, "POST", "/api/players/Ann/follow", bob)).body.friends).toBe(true);
      const anns = (await call(server, "GET", "/api/friends", ann)).body;
      expect(anns.friends).toEqual([{ name: "Bob", presence: { status: "offline" } }]);
      expect(anns.following).toEqual([{ name: "Bob", friend: true }]);
      expect((await call(server, "POST", "/api/players/Bob/unfollow", ann)).body).toEqual({ following: false, followedBy: true, friends: false, blocked: false });
      expect((await call(server, "GET", "/api/friends", ann)).body.friends).toEqual([]);
      expect((await call(server, "GET", "/api/players/Ann/relation", bob)).body).toEqual({ following: true, followedBy: false, friends: false, blocked: false });
      await call(server, "POST", "/api/players/Bob/follow", ann);
    });

    it("presence: offline, online with a notices connection, at a table with a seat's connection", async () => {
      const friends = async () => (await call(server, "GET", "/api/friends", ann)).body.friends[0].presence;
      expect(await friends()).toEqual({ status: "offline" });
      const guest = await Client.open(server);
      guest.send({ type: "notices" });
      expect((await guest.waitFor("error")).code).toBe("not-logged-in");
      await guest.close();
      const notices = await Client.open(server, { cookie: bob });
      notices.send({ type: "notices" });
      expect(await notices.waitFor("listening")).toEqual({ type: "listening", name: "Bob" });
      expect(await friends()).toEqual({ status: "online" });
      const id = await create(bob);
      const seat = await join(id, bob);
      const at = await Client.open(server, { cookie: bob });
      at.send({ type: "hello", tableId: id, token: seat.body.token });
      await at.waitFor("welcome");
      await expect.poll(friends).toEqual({ status: "at-table", tables: [{ id, game: "bidding" }] });
      await at.close();
      await expect.poll(friends).toEqual({ status: "online" });
      await notices.close();
      await expect.poll(friends).toEqual({ status: "offline" });
      await call(server, "POST", `/api/tables/${id}/cancel`, bob, {});
    });

    it("invitations: a player invites a friend, who is notified and accepts into a free seat; misuse is refused", async () => {
      const id = await create(ann);
      // Only the table's players may invite.
      expect((await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.error.code).toBe("not-a-seat");
      await join(id, ann);
      expect((await call(server, "POST", `/api/tables/${id}/invite`, null, { name: "Bob" })).body.error.code).toBe("not-logged-in");
      expect((await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Cat" })).body.error.code).toBe("not-friends");
      expect((await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Ann" })).body.error.code).toBe("cannot-self");
      const notices = await Client.open(server, { cookie: bob });
      notices.send({ type: "notices" });
      await notices.waitFor("listening");
      const sent = await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "bob" });
      expect(sent.status).toBe(200);
      const notice = await notices.waitFor("notice");
      expect(notice.notice).toEqual({ kind: "invitation", invitation: { id: sent.body.invitation.id, table: id, game: "bidding", from: "Ann", expiresAt: clock.now() + 600_000 } });
      expect((await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.error.code).toBe("already-invited");
      expect((await call(server, "GET", "/api/invitations", bob)).body.invitations).toEqual([notice.notice.invitation]);
      const invitation = sent.body.invitation.id as string;
      // Forged, someone else's, then accepted once.
      expect((await call(server, "POST", `/api/invitations/${"x".repeat(24)}/accept`, bob)).body.error.code).toBe("unknown-invitation");
      expect((await call(server, "POST", `/api/invitations/${invitation}/accept`, cat)).body.error.code).toBe("unknown-invitation");
      expect((await call(server, "POST", `/api/invitations/${invitation}/accept`, null)).body.error.code).toBe("not-logged-in");
      const [one, two] = await Promise.all([call(server, "POST", `/api/invitations/${invitation}/accept`, bob), call(server, "POST", `/api/invitations/${invitation}/accept`, bob)]);
      const accepted = one.status === 200 ? one : two;
      const refused = one.status === 200 ? two : one;
      expect(accepted.body).toMatchObject({ seat: 1, token: expect.any(String), table: { status: "playing" } });
      expect(accepted.body.table.seats[1]).toMatchObject({ name: "Bob", account: true });
      expect(refused.body.error.code).toBe("invitation-used");
      expect((await call(server, "GET", "/api/invitations", bob)).body.invitations).toEqual([]);
      // A table that has started takes no invitation.
      expect((await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.error.code).toBe("already-started");
      await notices.close();
    });

    it("an invitation expires and can be declined", async () => {
      const id = await create(ann);
      await join(id, ann);
      const first = (await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.invitation.id as string;
      clock.advance(600_001);
      const expired = await call(server, "POST", `/api/invitations/${first}/accept`, bob);
      expect(expired.status).toBe(410);
      expect(expired.body.error).toMatchObject({ code: "invitation-expired", params: { expiredAt: expect.any(Number) } });
      const second = (await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.invitation.id as string;
      expect((await call(server, "POST", `/api/invitations/${second}/decline`, bob)).body).toEqual({ declined: second });
      expect((await call(server, "POST", `/api/invitations/${second}/accept`, bob)).body.error.code).toBe("invitation-used");
      expect((await call(server, "GET", `/api/tables/${id}`, null)).body.table.seats[1].kind).toBe("open");
      // Seated by the link meanwhile: one account, one seat.
      const third = (await call(server, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" })).body.invitation.id as string;
      expect((await join(id, bob)).status).toBe(200);
      expect((await call(server, "POST", `/api/invitations/${third}/accept`, bob)).body.error.code).toBe("seat-taken");
    });

    it("private tables are not listed; friends-only tables seat only the creator's friends or the invited", async () => {
      const hidden = await create(ann, { private: true });
      const listed = async (cookie: string | null) => ((await call(server, "GET", "/api/tables", cookie)).body.tables as { id: string }[]).map((t) => t.id);
      expect(await listed(null)).not.toContain(hidden);
      expect(await listed(ann)).not.toContain(hidden);
      expect((await call(server, "GET", `/api/tables/${hidden}`, null)).body.table.private).toBe(true);
      // Reachable by its link.
      expect((await join(hidden, null, "Linked")).status).toBe(200);
      await call(server, "POST", `/api/tables/${hidden}/cancel`, ann, {});

      expect((await call(server, "POST", "/api/tables", null, { ...game, seats: TWO, friendsOnly: true })).body.error.code).toBe("not-logged-in");
      const friendly = await create(ann, { friendsOnly: true });
      expect((await call(server, "GET", `/api/tables/${friendly}`, null)).body.table.friendsOnly).toBe(true);
      expect((await join(friendly, null, "Stranger")).body.error.code).toBe("friends-only");
      const refused = await join(friendly, cat);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("friends-only");
      // Ann follows Cat, but Cat does not follow Ann: not friends yet.
      await call(server, "POST", "/api/players/Cat/follow", ann);
      expect((await join(friendly, cat)).body.error.code).toBe("friends-only");
      expect((await join(friendly, bob)).status).toBe(200);
      await call(server, "POST", `/api/tables/${friendly}/cancel`, ann, {});

      // Bob (a player there, and Dan's friend) invites Dan to Ann's friends-only table: Dan sits.
      const other = await create(ann, { friendsOnly: true, seats: [{ kind: "open" }, { kind: "open" }] });
      await join(other, bob);
      await befriend(bob, dan, "Bob", "Dan");
      expect((await join(other, dan)).body.error.code).toBe("friends-only");
      const invitation = (await call(server, "POST", `/api/tables/${other}/invite`, bob, { name: "Dan" })).body.invitation.id as string;
      expect((await call(server, "POST", `/api/invitations/${invitation}/accept`, dan)).body.table.seats[1].name).toBe("Dan");
    });

    it("a rating range seats only accounts whose rating is inside it", async () => {
      expect((await call(server, "POST", "/api/tables", ann, { ...game, seats: TWO, rated: false, minRating: 1 })).body.error.code).toBe("bad-message");
      expect((await call(server, "POST", "/api/tables", ann, { ...game, seats: TWO, minRating: 5, maxRating: 1 })).body.error.code).toBe("bad-message");
      const high = await create(ann, { minRating: 5 });
      expect((await call(server, "GET", `/api/tables/${high}`, null)).body.table.ratingRange).toEqual({ min: 5, max: null });
      const refused = await join(high, cat);
      expect(refused.body.error).toMatchObject({ code: "rating-out-of-range", params: { min: 5, rating: 0 } });
      expect((await join(high, null, "Guesty")).body.error.code).toBe("rating-out-of-range");
      const low = await create(ann, { maxRating: -1 });
      expect((await join(low, cat)).body.error.code).toBe("rating-out-of-range");
      const inside = await create(ann, { minRating: -5, maxRating: 5 });
      expect((await join(inside, cat)).status).toBe(200);
      for (const id of [high, low, inside]) await call(server, "POST", `/api/tables/${id}/cancel`, ann, {});
    });

    it("a block: no follow, join, invitation or rematch between the two; chat hidden; tables unlisted", async () => {
      // A finished match between Cat and Dan first, for the rematch.
      const played = await create(cat);
      const c = await join(played, cat);
      const d = await join(played, dan);
      const seats = await Promise.all(
        [c.body.token, d.body.token].map(async (token: string, i) => {
          const client = await Client.open(server, { cookie: i === 0 ? cat : dan });
          client.send({ type: "hello", tableId: played, token });
          await client.waitFor("welcome");
          return client;
        }),
      );
      await Promise.all(seats.map((s, i) => s.playUntilOver(i, ({ legal }) => (legal && legal.length > 0 ? legal[0]!.action : undefined), 60_000)));
      await seats[0]!.waitFor("over");

      // Cat's open table (players read the spectators' chat), listed to Dan until Cat blocks Dan.
      const open = await create(cat, { spectatorChat: true });
      await join(open, cat);
      const listed = async (cookie: string) => ((await call(server, "GET", "/api/tables", cookie)).body.tables as { id: string }[]).map((t) => t.id);
      expect(await listed(dan)).toContain(open);
      await befriend(cat, dan, "Cat", "Dan");
      // Dan watches Cat's open table and chats there, before the block.
      const watcher = await Client.open(server, { cookie: cat });
      const catSeat = (await call(server, "GET", "/api/me/seats", cat)).body.seats.find((s: any) => s.table === open);
      watcher.send({ type: "hello", tableId: open, token: catSeat.token });
      await watcher.waitFor("chat-history");
      const danWatching = await Client.open(server, { cookie: dan });
      danWatching.send({ type: "hello", tableId: open });
      await danWatching.waitFor("chat-history");
      danWatching.send({ type: "chat", text: "hello Cat", ref: "c1" });
      await watcher.waitFor("chat", (m) => m.message.text === "hello Cat", 0, 10_000);

      expect((await call(server, "POST", "/api/players/Dan/block", cat)).body).toEqual({ following: false, followedBy: false, friends: false, blocked: true });
      // The follows both ways ended; a follow is refused either way.
      expect((await call(server, "GET", "/api/friends", cat)).body).toMatchObject({ friends: [], blocked: [{ name: "Dan" }] });
      expect((await call(server, "POST", "/api/players/Cat/follow", dan)).body.error.code).toBe("blocked");
      expect((await call(server, "POST", "/api/players/Dan/follow", cat)).body.error.code).toBe("blocked");
      // Chat: Dan's message after the block does not reach Cat, and Cat's history leaves Dan's out.
      const before = watcher.messages.length;
      danWatching.send({ type: "chat", text: "still here", ref: "c2" });
      await danWatching.waitFor("ack", (m) => m.ref === "c2");
      const marker = await Client.open(server);
      marker.send({ type: "hello", tableId: open });
      await marker.waitFor("chat-history");
      marker.send({ type: "chat", text: "from a guest", name: "Marker", ref: "c3" });
      await watcher.waitFor("chat", (m) => m.message.text === "from a guest", before);
      expect(watcher.messages.slice(before).some((m) => m.type === "chat" && m.message.text === "still here")).toBe(false);
      const again = await Client.open(server, { cookie: cat });
      again.send({ type: "hello", tableId: open, token: catSeat.token });
      const history = await again.waitFor("chat-history");
      expect(history.messages.map((m) => m.text)).toEqual(["from a guest"]);
      expect(history.messages.every((m) => !("player" in m))).toBe(true);
      // Lists: Cat's table is no longer listed to Dan, nor Dan's to Cat.
      expect(await listed(dan)).not.toContain(open);
      expect(await listed(ann)).toContain(open);
      // Joins: Dan cannot sit at Cat's table, nor Cat at Dan's.
      expect((await join(open, dan)).body.error.code).toBe("blocked");
      const dans = await create(dan);
      await join(dans, dan);
      expect((await join(dans, cat)).body.error.code).toBe("blocked");
      expect(await listed(cat)).not.toContain(dans);
      // Invitations: neither way (even were they friends).
      expect((await call(server, "POST", `/api/tables/${dans}/invite`, dan, { name: "Cat" })).body.error.code).toBe("blocked");
      // Rematch: Dan cannot ask Cat for one.
      seats[1]!.send({ type: "rematch", ref: "r1" });
      const refusal = await seats[1]!.waitFor("error", (m) => m.ref === "r1");
      expect(refusal.code).toBe("blocked");
      // Unblocked: joins again.
      await call(server, "POST", "/api/players/Dan/unblock", cat);
      expect((await join(open, dan)).status).toBe(200);
      for (const client of [...seats, watcher, danWatching, marker, again]) await client.close();
    });
  });
}
