// Sessions and seats, log-in limits, recovery codes, "your data" and account deletion (issues 24
// and 27) through the API of a real booted server, on SQLite and on PostgreSQL: a stolen seat
// token is refused after a password change (and its live connection closed), one session ended
// from the list, log out everywhere, the owner's known device logs in through an attacker's flood,
// recovery codes single-use, the export's contents, and a deleted account's finished match still
// verifying, its name held 30 days (a hand-moved clock) then free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyRecord } from "../../cli/src/commands/verify.ts";
import { DELETED_NAME } from "../src/account-routes.ts";
import { games } from "./support/catalog.ts";
import { boot, Client, ManualClock, type TestServer } from "./support/harness.ts";
import { postgresBackend, sqliteBackend, type Backend } from "./support/stores.ts";

const DAY = 86_400_000;

/** One browser: a cookie jar (session and device cookies), a User-Agent, an address (X-Forwarded-For, the server trusts 127.0.0.1). */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly server: { url: string },
    readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    readonly address = "10.0.0.1",
  ) {}
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${this.server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), cookie: this.cookie, "user-agent": this.userAgent, "x-forwarded-for": this.address, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, value] = pair!.split("=") as [string, string];
      if (value === "" || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: await response.json(), headers: response.headers };
  }
  /** A copy of this browser's cookies elsewhere (a thief's). */
  stolen(address = "10.66.0.1"): Browser {
    const thief = new Browser(this.server, "curl/8.0", address);
    for (const [k, v] of this.cookies) thief.cookies.set(k, v);
    return thief;
  }
}

async function hello(server: TestServer, table: string, token: string): Promise<{ client: Client; answer: { type: string; code?: string } }> {
  const client = await Client.open(server);
  client.send({ type: "hello", tableId: table, token });
  const answer = await Promise.race([client.waitFor("welcome"), client.waitFor("error")]);
  return { client, answer };
}

const closed = (client: Client) => new Promise<number>((resolve) => client.ws.once("close", (code) => resolve(code)));

async function bidding(server: TestServer, owner: Browser): Promise<{ id: string; token: string }> {
  const created = await owner.call("POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], rated: false });
  const id = created.body.table.id as string;
  const joined = await owner.call("POST", `/api/tables/${id}/join`, { name: "x" });
  expect(joined.status).toBe(200);
  return { id, token: joined.body.token as string };
}

for (const make of [() => sqliteBackend("grimoire-account-data-"), postgresBackend] as (() => Backend)[]) {
  const backend = make();
  describe(`accounts' sessions, seats and data: ${backend.name}`, () => {
    let server: TestServer;
    const clock = new ManualClock();
    beforeAll(async () => {
      clock.advance(Date.UTC(2026, 0, 1) - clock.now());
      server = await boot({ storage: backend.open(), clock, trustProxy: "127.0.0.1", limits: { loginsPerNamePerMinute: 5, loginsPerNameAddressPerMinute: 5 } });
    });
    afterAll(async () => {
      await server?.stop();
      await backend.cleanup();
    });

    it("a seat token stolen before a password change is refused after it, its live connection closed; the owner's new token plays", async () => {
      const ann = new Browser(server);
      expect((await ann.call("POST", "/api/account", { name: "Annabel", password: "annabel-secret" })).status).toBe(200);
      const { id } = await bidding(server, ann);
      const guest = await new Browser(server, "x", "10.0.0.2").call("POST", `/api/tables/${id}/join`, { name: "Gus" });
      // the thief holds Ann's session cookie: it reads her seat tokens, and sits with one
      const thief = ann.stolen();
      const seats = (await thief.call("GET", "/api/me/seats")).body.seats;
      expect(seats).toHaveLength(1);
      const stolen = seats[0].token as string;
      const live = await hello(server, id, stolen);
      expect(live.answer.type).toBe("welcome");
      const shut = closed(live.client);

      expect((await ann.call("POST", "/api/account/password", { current: "annabel-secret", password: "annabel-new-secret" })).status).toBe(200);
      expect(await shut).toBe(1008);
      expect((await thief.call("GET", "/api/me")).body.player).toBeNull();
      const again = await hello(server, id, stolen);
      expect(again.answer).toMatchObject({ type: "error", code: "not-authorized" });
      again.client.send({ type: "act", action: 0, ref: "steal" });
      expect(await again.client.waitFor("error", (e) => e.ref === "steal")).toMatchObject({ code: "not-authorized" });
      await again.client.close();

      // Ann's browser finds the new token, and plays with it
      const fresh = (await ann.call("GET", "/api/me/seats")).body.seats[0].token as string;
      expect(fresh).not.toBe(stolen);
      const mine = await hello(server, id, fresh);
      expect(mine.answer).toMatchObject({ type: "welcome", you: 0 });
      const gus = await hello(server, id, guest.body.token);
      expect(gus.answer.type).toBe("welcome");
      const sync = await mine.client.waitFor("sync");
      const seat = sync.decision.seats.includes(0) ? mine : gus;
      const latest = await seat.client.waitFor("sync");
      seat.client.send({ type: "act", action: latest.legal![0]!.action, ref: "mine" });
      expect(await seat.client.waitFor("ack", (a) => a.ref === "mine")).toMatchObject({ version: 1 });
      await Promise.all([mine.client.close(), gus.client.close()]);
    });

    it("the sessions list: each session with its device, this one marked; ending another logs it out and replaces the seat tokens", async () => {
      const bea = new Browser(server);
      await bea.call("POST", "/api/account", { name: "Beatrix", password: "beatrix-secret" });
      const phone = new Browser(server, "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", "10.0.0.3");
      expect((await phone.call("POST", "/api/login", { name: "beatrix", password: "beatrix-secret" })).status).toBe(200);
      const { id } = await bidding(server, bea);
      const phoneToken = (await phone.call("GET", "/api/me/seats")).body.seats[0].token as string;
      clock.advance(60_000);

      const list = (await bea.call("GET", "/api/me/sessions")).body.sessions;
      expect(list).toHaveLength(2);
      expect(list).toEqual(
        expect.arrayContaining([
          { id: expect.any(String), createdAt: clock.now() - 60_000, lastSeenAt: expect.any(Number), device: "Chrome · Android", current: false },
          { id: expect.any(String), createdAt: clock.now() - 60_000, lastSeenAt: expect.any(Number), device: "Firefox · Linux", current: true },
        ]),
      );
      const other = list.find((s: any) => !s.current);

      // someone else's session id, a made-up one, a cross-site POST: refused, nothing ends
      const cat = new Browser(server, "x", "10.0.0.4");
      await cat.call("POST", "/api/account", { name: "Catalina", password: "catalina-secret" });
      expect(await cat.call("POST", "/api/me/sessions/end", { id: other.id })).toMatchObject({ status: 404, body: { error: { code: "unknown-session" } } });
      expect(await bea.call("POST", "/api/me/sessions/end", { id: "nope" })).toMatchObject({ status: 404, body: { error: { code: "unknown-session" } } });
      expect(await bea.call("POST", "/api/me/sessions/end", { id: other.id }, { origin: "https://evil.example" })).toMatchObject({ status: 403, body: { error: { code: "bad-origin" } } });
      expect(await new Browser(server).call("POST", "/api/me/sessions/end", { id: other.id })).toMatchObject({ status: 401, body: { error: { code: "not-logged-in" } } });
      expect((await phone.call("GET", "/api/me")).body.player).toMatchObject({ name: "Beatrix" });

      expect(await bea.call("POST", "/api/me/sessions/end", { id: other.id })).toMatchObject({ status: 200, body: { ended: true, player: { name: "Beatrix" } } });
      expect((await phone.call("GET", "/api/me")).body.player).toBeNull();
      expect((await bea.call("GET", "/api/me")).body.player).toMatchObject({ name: "Beatrix" });
      expect((await bea.call("GET", "/api/me/sessions")).body.sessions).toHaveLength(1);
      const refused = await hello(server, id, phoneToken);
      expect(refused.answer).toMatchObject({ type: "error", code: "not-authorized" });
      await refused.client.close();
      const fresh = await hello(server, id, (await bea.call("GET", "/api/me/seats")).body.seats[0].token);
      expect(fresh.answer.type).toBe("welcome");
      await fresh.client.close();
    });

    it("log out everywhere ends every session, this one too, and the seat tokens", async () => {
      const dora = new Browser(server);
      await dora.call("POST", "/api/account", { name: "Dorothea", password: "dorothea-secret" });
      const laptop = new Browser(server, "x", "10.0.0.5");
      await laptop.call("POST", "/api/login", { name: "Dorothea", password: "dorothea-secret" });
      const { id, token } = await bidding(server, dora);
      expect(await dora.call("POST", "/api/me/logout-everywhere", {}, { origin: "https://evil.example" })).toMatchObject({ status: 403 });
      expect((await dora.call("POST", "/api/me/logout-everywhere", {})).body).toEqual({ player: null });
      for (const b of [dora, laptop]) expect((await b.call("GET", "/api/me")).body.player).toBeNull();
      const refused = await hello(server, id, token);
      expect(refused.answer).toMatchObject({ type: "error", code: "not-authorized" });
      await refused.client.close();
      await dora.call("POST", "/api/login", { name: "Dorothea", password: "dorothea-secret" });
      const back = await hello(server, id, (await dora.call("GET", "/api/me/seats")).body.seats[0].token);
      expect(back.answer).toMatchObject({ type: "welcome", you: 0 });
      await back.client.close();
    });

    it("an attacker flooding a name from many addresses: the owner's known browser logs in, an unknown one meets the ceiling, one address its own limit", async () => {
      const owner = new Browser(server, "x", "10.1.0.1");
      await owner.call("POST", "/api/account", { name: "Eleonora", password: "eleonora-secret" });
      expect(owner.cookies.has("grimoire_device")).toBe(true);
      clock.advance(120_000);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await new Browser(server, "x", `10.2.0.${i}`).call("POST", "/api/login", { name: "eleonora", password: `guess-${i}` })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual(Array(7).fill(429));
      // the right password from a browser that never logged in: the name's ceiling
      const stranger = await new Browser(server, "x", "10.3.0.1").call("POST", "/api/login", { name: "Eleonora", password: "eleonora-secret" });
      expect(stranger).toMatchObject({ status: 429, body: { error: { code: "rate-limited" } } });
      // the owner's browser, from a new address even: known, it passes the ceiling
      owner.cookies.delete("grimoire_session");
      const moved = new Browser(server, "x", "10.9.9.9");
      moved.cookies.set("grimoire_device", owner.cookies.get("grimoire_device")!);
      expect((await moved.call("POST", "/api/login", { name: "Eleonora", password: "eleonora-secret" })).status).toBe(200);
      // a known device cookie with a wrong password is still limited per name and address
      const guesses: number[] = [];
      for (let i = 0; i < 6; i++) guesses.push((await moved.call("POST", "/api/login", { name: "Eleonora", password: `nope-${i}` })).status);
      expect(guesses).toEqual([401, 401, 401, 401, 429, 429]);
      // another account's device cookie is no key to this one
      const other = new Browser(server, "x", "10.4.0.1");
      await other.call("POST", "/api/account", { name: "Fiorella", password: "fiorella-secret" });
      other.cookies.delete("grimoire_session");
      expect((await other.call("POST", "/api/login", { name: "Eleonora", password: "eleonora-secret" })).status).toBe(429);
    });

    it("recovery codes: shown once at sign-up, each sets a new password once (sessions and seat tokens end), regenerated with the password", async () => {
      // a minute between tries on the name: its log-in ceiling (5 a minute) is not what is tested here
      const recover = (b: Browser, body: unknown) => {
        clock.advance(60_000);
        return b.call("POST", "/api/account/recover", body);
      };
      const gil = new Browser(server, "x", "10.5.0.1");
      const created = await gil.call("POST", "/api/account", { name: "Gilberto", password: "gilberto-secret" });
      const codes = created.body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect((await gil.call("GET", "/api/me/recovery-codes")).body).toEqual({ unused: 10, used: 0, createdAt: clock.now() });
      const { id, token } = await bidding(server, gil);

      const lost = new Browser(server, "x", "10.5.0.2");
      expect(await recover(lost, { name: "Gilberto", code: "AAAA-BBBB-CCCC-DDDD", password: "brand-new-pass" })).toMatchObject({ status: 401, body: { error: { code: "bad-recovery-code" } } });
      expect(await recover(lost, { name: "Nobody-here", code: codes[0], password: "brand-new-pass" })).toMatchObject({ status: 401, body: { error: { code: "bad-recovery-code" } } });
      expect((await recover(lost, { name: "Gilberto", code: codes[0], password: "short" })).body.error.code).toBe("bad-password");
      // typed in lower case with spaces: the same code
      const used = await recover(lost, { name: "gilberto", code: ` ${codes[0]!.toLowerCase().replace(/-/g, " ")} `, password: "brand-new-pass" });
      expect(used).toMatchObject({ status: 200, body: { player: { name: "Gilberto" }, recoveryCodesLeft: 9 } });
      expect((await gil.call("GET", "/api/me")).body.player).toBeNull();
      expect((await lost.call("GET", "/api/me")).body.player).toMatchObject({ name: "Gilberto" });
      const refused = await hello(server, id, token);
      expect(refused.answer).toMatchObject({ type: "error", code: "not-authorized" });
      await refused.client.close();
      expect((await new Browser(server, "x", "10.5.0.3").call("POST", "/api/login", { name: "Gilberto", password: "gilberto-secret" })).status).toBe(401);
      expect((await new Browser(server, "x", "10.5.0.3").call("POST", "/api/login", { name: "Gilberto", password: "brand-new-pass" })).status).toBe(200);
      // once only
      expect(await recover(new Browser(server, "x", "10.5.0.4"), { name: "Gilberto", code: codes[0], password: "another-pass-1" })).toMatchObject({ status: 401, body: { error: { code: "bad-recovery-code" } } });
      expect((await lost.call("GET", "/api/me/recovery-codes")).body).toMatchObject({ unused: 9, used: 1 });

      // new codes need the password; the old ones end
      expect(await lost.call("POST", "/api/me/recovery-codes", { password: "wrong-password" })).toMatchObject({ status: 403, body: { error: { code: "wrong-password" } } });
      expect(await new Browser(server).call("POST", "/api/me/recovery-codes", { password: "brand-new-pass" })).toMatchObject({ status: 401 });
      const regenerated = await lost.call("POST", "/api/me/recovery-codes", { password: "brand-new-pass" });
      expect(regenerated.body.codes).toHaveLength(10);
      expect((await lost.call("GET", "/api/me/recovery-codes")).body).toMatchObject({ unused: 10, used: 0 });
      expect((await recover(new Browser(server, "x", "10.5.0.5"), { name: "Gilberto", code: codes[1], password: "another-pass-1" })).status).toBe(401);
      expect((await recover(new Browser(server, "x", "10.5.0.5"), { name: "Gilberto", code: regenerated.body.codes[3], password: "another-pass-1" })).status).toBe(200);
    });

    it("your data, then deletion: the export holds everything; deleted, the match is kept under 'deleted player' and verifies; the name is free after 30 days", async () => {
      const hal = new Browser(server, "x", "10.6.0.1");
      await hal.call("POST", "/api/account", { name: "Haldora", password: "haldora-secret" });
      const ivo = new Browser(server, "x", "10.6.0.2");
      await ivo.call("POST", "/api/account", { name: "Ivory", password: "ivory-secret" });
      const created = await hal.call("POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], rated: true });
      const id = created.body.table.id as string;
      const a = await hal.call("POST", `/api/tables/${id}/join`, { name: "x" });
      const b = await ivo.call("POST", `/api/tables/${id}/join`, { name: "x" });
      const seats = [await hello(server, id, a.body.token), await hello(server, id, b.body.token)];
      seats[0]!.client.send({ type: "chat", text: "bonne partie !" });
      await seats[0]!.client.waitFor("chat", (m) => m.message.text === "bonne partie !");
      seats[1]!.client.send({ type: "chat", text: "merci" });
      const thanks = await seats[0]!.client.waitFor("chat", (m) => m.message.text === "merci");
      // Friends (each follows the other), and a report of the other's message: both in the export, gone with the account.
      expect((await hal.call("POST", "/api/players/Ivory/follow", {})).status).toBe(200);
      expect((await ivo.call("POST", "/api/players/Haldora/follow", {})).status).toBe(200);
      expect((await hal.call("POST", "/api/reports", { reason: "spam", table: id, message: thanks.message.id })).status).toBe(200);

      // seated at a table being played: deletion waits
      expect(await hal.call("POST", "/api/account/delete", { password: "haldora-secret" })).toMatchObject({ status: 409, body: { error: { code: "still-seated", params: { tables: 1 } } } });
      await Promise.all(seats.map(({ client }, seat) => client.playUntilOver(seat, (latest) => latest.legal?.[0]?.action, 60_000)));
      await Promise.all(seats.map(({ client }) => client.close()));

      const exported = await hal.call("GET", "/api/me/export");
      expect(exported.status).toBe(200);
      expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="grimoire-Haldora-2026-\d\d-\d\d\.json"/);
      const data = exported.body;
      expect(Object.keys(data)).toEqual(["format", "version", "exportedAt", "account", "sessions", "recoveryCodes", "seats", "matches", "ratings", "ratingHistory", "chat", "relations", "invitations", "reports"]);
      expect(data.relations).toEqual({ following: ["Ivory"], followers: ["Ivory"], blocks: [] });
      expect(data.invitations).toEqual([]);
      expect(data.reports).toEqual([expect.objectContaining({ target: "Ivory", table: id, message: thanks.message.id, reason: "spam", status: "open" })]);
      expect(data.account).toMatchObject({ name: "Haldora" });
      expect(data.sessions).toEqual([expect.objectContaining({ current: true, userAgent: "x" })]);
      expect(data.recoveryCodes).toMatchObject({ unused: 10 });
      expect(data.matches).toEqual([expect.objectContaining({ table: id, game: "bidding", seat: 0, players: ["Haldora", "Ivory"], rated: true })]);
      expect(data.ratings).toEqual([expect.objectContaining({ game: "bidding", played: 1 })]);
      expect(data.ratingHistory).toHaveLength(1);
      expect(data.chat).toEqual([expect.objectContaining({ tableId: id, seat: 0, text: "bonne partie !" })]);
      expect(JSON.stringify(data)).not.toMatch(/scrypt\$|password|token/i);

      expect(await hal.call("POST", "/api/account/delete", { password: "wrong-one" })).toMatchObject({ status: 403, body: { error: { code: "wrong-password" } } });
      expect(await hal.call("POST", "/api/account/delete", { password: "haldora-secret" }, { origin: "https://evil.example" })).toMatchObject({ status: 403 });
      expect(await hal.call("POST", "/api/account/delete", { password: "haldora-secret" })).toMatchObject({ status: 200, body: { player: null } });

      // sessions end, no log-in, no profile, off the leaderboard, chat gone, the other side intact
      expect((await hal.call("GET", "/api/me")).body.player).toBeNull();
      expect((await new Browser(server, "x", "10.6.0.9").call("POST", "/api/login", { name: "Haldora", password: "haldora-secret" })).status).toBe(401);
      expect((await hal.call("GET", "/api/players/Haldora")).status).toBe(404);
      const board = (await hal.call("GET", "/api/leaderboard/bidding?limit=200")).body;
      expect(board.players.some((p: any) => p.name === "Haldora")).toBe(false);
      expect((await server.storage.playerRatings((data.account as { id: string }).id))).toEqual([]);
      expect((await server.storage.loadChat(id, 10)).map((m) => m.text)).toEqual(["merci"]);
      const ivoFriends = (await ivo.call("GET", "/api/friends")).body;
      expect([...ivoFriends.friends, ...ivoFriends.following, ...ivoFriends.followers]).toEqual([]);
      const ivoProfile = (await ivo.call("GET", "/api/players/Ivory")).body;
      expect(ivoProfile.matches).toEqual([expect.objectContaining({ table: id })]);

      // the match is kept, its seat renamed, and still verifies
      const record = (await hal.call("GET", `/api/tables/${id}/record`)).body;
      expect(record.seats).toEqual([DELETED_NAME, "Ivory"]);
      const report = verifyRecord(record, (g: string) => games.find((x) => x.id === g));
      expect(report.ok).toBe(true);
      const old = await hello(server, id, a.body.token);
      expect(old.answer).toMatchObject({ type: "error", code: "not-authorized" });
      await old.client.close();

      // the name is held 30 days, for accounts and guests alike, then free
      expect(await new Browser(server, "x", "10.6.0.10").call("POST", "/api/account", { name: "haldora", password: "someone-else" })).toMatchObject({ status: 409, body: { error: { code: "name-taken" } } });
      clock.advance(29 * DAY);
      expect((await new Browser(server, "x", "10.6.0.11").call("POST", "/api/account", { name: "Haldora", password: "someone-else" })).status).toBe(409);
      clock.advance(DAY);
      const reborn = await new Browser(server, "x", "10.6.0.12").call("POST", "/api/account", { name: "Haldora", password: "someone-else" });
      expect(reborn.status).toBe(200);
      expect((await hal.call("GET", "/api/players/Haldora")).body.matches).toEqual([]);
    }, 120_000);
  });
}
