// Accounts against a real booted server, each "browser" a cookie jar: creation, log in, log out,
// wrong password, name rules and collisions ignoring case, the log-in rate limits, a second
// browser that finds the same seats, guest seats kept when a name is claimed, and the cookie's flags.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

/** One browser: keeps the session cookie the server sets, and sends it back. */
class Browser {
  cookie: string | null = null;
  lastSetCookie: string | null = null;
  constructor(private readonly server: { url: string }) {}
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(`${this.server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = response.headers.get("set-cookie");
    if (set) {
      this.lastSetCookie = set;
      const [pair] = set.split(";");
      this.cookie = /=$/.test(pair!) || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set) ? null : pair!;
    }
    return { status: response.status, body: await response.json() };
  }
}

describe("accounts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await boot({ limits: { loginsPerNamePerMinute: 100, loginsPerNameAddressPerMinute: 100 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a guest is nobody; creating an account logs in with an httpOnly SameSite=Lax cookie", async () => {
    const b = new Browser(server);
    expect(await b.call("GET", "/api/me")).toEqual({ status: 200, body: { player: null } });
    const created = await b.call("POST", "/api/account", { name: "  Ada_Lovelace ", password: "correct horse" });
    expect(created.status).toBe(200);
    expect(created.body.player.name).toBe("Ada_Lovelace");
    expect(b.lastSetCookie).toMatch(/^grimoire_session=[\w-]{43};/);
    expect(b.lastSetCookie).toMatch(/HttpOnly/i);
    expect(b.lastSetCookie).toMatch(/SameSite=Lax/i);
    expect(b.lastSetCookie).toMatch(/Path=\//);
    expect((await b.call("GET", "/api/me")).body.player.name).toBe("Ada_Lovelace");
    // the session token is not what the store keeps
    const token = b.cookie!.split("=")[1]!;
    expect(await server.storage.sessionPlayer(token, Date.now())).toBeNull();
  });

  it("log out ends the session on the server, not only in the browser", async () => {
    const b = new Browser(server);
    await b.call("POST", "/api/account", { name: "Grace", password: "hopper-1906" });
    const stolen = b.cookie;
    expect((await b.call("POST", "/api/logout")).body).toEqual({ player: null });
    expect(b.cookie).toBeNull();
    expect((await b.call("GET", "/api/me")).body.player).toBeNull();
    const replay = new Browser(server);
    replay.cookie = stolen;
    expect((await replay.call("GET", "/api/me")).body.player).toBeNull();
    expect((await replay.call("GET", "/api/me/seats")).status).toBe(401);
  });

  it("log in with the right password (any case of the name); a wrong one is refused with one answer for both mistakes", async () => {
    const b = new Browser(server);
    const wrong = await b.call("POST", "/api/login", { name: "grace", password: "hopper-1907" });
    expect(wrong).toEqual({ status: 401, body: { error: { code: "bad-credentials", message: "wrong name or password" } } });
    expect(b.cookie).toBeNull();
    const unknown = await b.call("POST", "/api/login", { name: "nobody-here", password: "hopper-1906" });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await b.call("POST", "/api/login", { name: "GRACE", password: "hopper-1906" });
    expect(ok.status).toBe(200);
    expect(ok.body.player.name).toBe("Grace");
    expect((await b.call("GET", "/api/me")).body.player.name).toBe("Grace");
  });

  it("a password change asks for the current one, logs out every other browser and keeps this one logged in", async () => {
    const here = new Browser(server);
    await here.call("POST", "/api/account", { name: "Hedy", password: "frequency-hop" });
    const elsewhere = new Browser(server);
    await elsewhere.call("POST", "/api/login", { name: "hedy", password: "frequency-hop" });
    const guest = await new Browser(server).call("POST", "/api/account/password", { current: "frequency-hop", password: "spread-spectrum" });
    expect(guest).toMatchObject({ status: 401, body: { error: { code: "not-logged-in" } } });
    const wrong = await here.call("POST", "/api/account/password", { current: "frequency-hip", password: "spread-spectrum" });
    expect(wrong).toMatchObject({ status: 403, body: { error: { code: "wrong-password" } } });
    const short = await here.call("POST", "/api/account/password", { current: "frequency-hop", password: "short" });
    expect(short.body.error).toMatchObject({ code: "bad-password", params: { reason: "too-short", min: 8 } });
    expect((await here.call("POST", "/api/account/password", { current: "frequency-hop", password: "spread-spectrum", admin: true })).body.error.code).toBe("bad-message");
    // nothing refused changed anything: both browsers are still in, the old password still works
    expect((await elsewhere.call("GET", "/api/me")).body.player.name).toBe("Hedy");
    expect((await new Browser(server).call("POST", "/api/login", { name: "Hedy", password: "frequency-hop" })).status).toBe(200);

    const before = here.cookie;
    const changed = await here.call("POST", "/api/account/password", { current: "frequency-hop", password: "spread-spectrum" });
    expect(changed).toEqual({ status: 200, body: { player: { name: "Hedy", createdAt: expect.any(Number) } } });
    expect(here.cookie).not.toBe(before);
    expect((await here.call("GET", "/api/me")).body.player.name).toBe("Hedy");
    expect((await elsewhere.call("GET", "/api/me")).body.player).toBeNull();
    const stale = new Browser(server);
    stale.cookie = before;
    expect((await stale.call("GET", "/api/me")).body.player).toBeNull();
    expect((await new Browser(server).call("POST", "/api/login", { name: "Hedy", password: "frequency-hop" })).body.error.code).toBe("bad-credentials");
    expect((await new Browser(server).call("POST", "/api/login", { name: "Hedy", password: "spread-spectrum" })).status).toBe(200);
  });

  it("names are unique ignoring case (accents kept), and follow the rules", async () => {
    const b = new Browser(server);
    expect((await b.call("POST", "/api/account", { name: "Éloïse", password: "12345678" })).status).toBe(200);
    for (const name of ["éloïse", "ÉLOÏSE", "Éloïse "]) {
      const again = await new Browser(server).call("POST", "/api/account", { name, password: "12345678" });
      expect(again.status, name).toBe(409);
      expect(again.body.error.code).toBe("name-taken");
    }
    // another accent is another name
    expect((await new Browser(server).call("POST", "/api/account", { name: "Eloïse", password: "12345678" })).status).toBe(200);
    // the same name decomposed (e + combining acute) is the same name
    expect((await new Browser(server).call("POST", "/api/account", { name: "E\u0301loi\u0308se", password: "12345678" })).body.error.code).toBe("name-taken");
    const refused: [unknown, string][] = [
      ["ab", "too-short"],
      ["a".repeat(21), "too-long"],
      ["two words", "characters"],
      ["<script>", "characters"],
      ["bot:hard", "characters"],
      ["", "empty"],
    ];
    for (const [name, reason] of refused) {
      const r = await new Browser(server).call("POST", "/api/account", { name, password: "12345678" });
      expect(r.status, String(name)).toBe(400);
      expect(r.body.error).toMatchObject({ code: "bad-name", params: { reason } });
    }
    // names that are not names, stacked accents, look-alikes from another script
    const shapes: [string, string][] = [
      ["...", "first-letter"],
      ["---", "first-letter"],
      ["_Ada", "first-letter"],
      ["2pac", "first-letter"],
      ["\u0301\u0301\u0301\u0301", "first-letter"],
      ["Z\u0351\u0352\u0353algo", "marks"],
      ["Za\u0300\u0301\u0302\u0303lgo", "marks"],
      ["\u0410da", "scripts"], // a Cyrillic А, then Latin
      ["Pay\u0440al", "scripts"], // a Cyrillic р inside
      ["Ale\u03BEis", "scripts"], // a Greek ξ inside
    ];
    for (const [name, reason] of shapes) {
      const r = await new Browser(server).call("POST", "/api/account", { name, password: "12345678" });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error, JSON.stringify(name)).toMatchObject({ code: "bad-name", params: { reason } });
    }
    expect(await server.storage.playerByNameKey("\u0430da")).toBeNull();
    // still names: accents (composed or not), hyphens, digits and _ after a letter, one other script, Japanese's mix
    for (const name of ["Élodie", "Jean-Luc", "Zoë_2", "Zoe\u0308_3", "Ада", "Αθηνά", "東京タワー", "Ngu\u1EC5n"]) {
      const r = await new Browser(server).call("POST", "/api/account", { name, password: "12345678" });
      expect(r.status, name).toBe(200);
      expect(r.body.player.name).toBe(name.normalize("NFC"));
    }
    // an apostrophe was never allowed, and still is not
    expect((await new Browser(server).call("POST", "/api/account", { name: "O'Brien", password: "12345678" })).body.error).toMatchObject({ code: "bad-name", params: { reason: "characters" } });
    const short = await new Browser(server).call("POST", "/api/account", { name: "Shorty", password: "1234567" });
    expect(short.body.error).toMatchObject({ code: "bad-password", params: { reason: "too-short", min: 8 } });
    expect((await new Browser(server).call("POST", "/api/account", { name: "Extra", password: "12345678", admin: true })).body.error.code).toBe("bad-message");
    // nothing refused was created
    expect(await server.storage.playerByNameKey("shorty")).toBeNull();
  });

  it("a second browser logged in to the same account finds the same seats, and plays them", async () => {
    const first = new Browser(server);
    await first.call("POST", "/api/login", { name: "Ada_Lovelace", password: "correct horse" });
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const joined = await first.call("POST", `/api/tables/${id}/join`, { name: "typed name is ignored" });
    expect(joined.status).toBe(200);
    expect(joined.body.table.seats[0]).toMatchObject({ name: "Ada_Lovelace", account: true });
    const second = new Browser(server);
    expect((await second.call("GET", "/api/me/seats")).body.error.code).toBe("not-logged-in");
    await second.call("POST", "/api/login", { name: "ada_lovelace", password: "correct horse" });
    const seats = (await second.call("GET", "/api/me/seats")).body.seats;
    expect(seats).toEqual([{ table: id, game: "bidding", status: "open", seat: 0, token: joined.body.token }]);
    const client = await Client.open(server);
    client.send({ type: "hello", tableId: id, token: seats[0].token });
    expect((await client.waitFor("welcome")).you).toBe(0);
    await client.close();
  });

  it("claiming a name keeps the guest's seats: the tokens this browser held are linked to the new account", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const guest = new Browser(server);
    const joined = await guest.call("POST", `/api/tables/${id}/join`, { name: "Guesty" });
    expect(joined.body.table.seats[0].account).toBeUndefined();
    const other = await new Browser(server).call("POST", `/api/tables/${id}/join`, { name: "Other" });
    // a token for another seat, and a made-up one, claim nothing
    const claimed = await guest.call("POST", "/api/account", {
      name: "Guesty",
      password: "from-guest",
      seats: [
        { table: id, token: joined.body.token },
        { table: id, token: "made-up-token" },
        { table: "no-such-table", token: other.body.token },
      ],
    });
    expect(claimed.status).toBe(200);
    const elsewhere = new Browser(server);
    await elsewhere.call("POST", "/api/login", { name: "guesty", password: "from-guest" });
    expect((await elsewhere.call("GET", "/api/me/seats")).body.seats).toEqual([{ table: id, game: "bidding", status: "playing", seat: 0, token: joined.body.token }]);
  });

  it("a guest may not sit under an account's name (ignoring case and accents' encoding); its owner logged in may", async () => {
    const owner = new Browser(server);
    expect((await owner.call("POST", "/api/account", { name: "Mélusine", password: "serpent-tail" })).status).toBe(200);
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    for (const name of ["Mélusine", "MÉLUSINE", " me\u0301lusine "]) {
      const refused = await new Browser(server).call("POST", `/api/tables/${id}/join`, { name });
      expect(refused.status, name).toBe(409);
      expect(refused.body.error.code).toBe("account-name");
    }
    // nothing was taken by the refusals
    expect((await http(server, "GET", `/api/tables/${id}`)).body.table.seats.map((s: { kind: string }) => s.kind)).toEqual(["open", "open"]);
    // another name (a space makes it one no account can have) is a guest's, marked as one
    const guest = await new Browser(server).call("POST", `/api/tables/${id}/join`, { name: "Mélusine B" });
    expect(guest.status).toBe(200);
    expect(guest.body.table.seats[0].account).toBeUndefined();
    // the account itself, logged in, sits under its name
    const own = await owner.call("POST", `/api/tables/${id}/join`, { name: "mélusine" });
    expect(own.status).toBe(200);
    expect(own.body.table.seats[1]).toMatchObject({ name: "Mélusine", account: true });
  });

  it("joining while logged in under a broken session cookie is a guest join", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const b = new Browser(server);
    b.cookie = "grimoire_session=not-a-real-session";
    const joined = await b.call("POST", `/api/tables/${created.body.table.id}/join`, { name: "Anon" });
    expect(joined.body.table.seats[0]).toMatchObject({ name: "Anon" });
    expect(joined.body.table.seats[0].account).toBeUndefined();
  });
});

describe("log-in rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await boot({ limits: { loginsPerMinute: 6, loginsPerNamePerMinute: 3 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("per name: a fourth try on one name within the minute is refused, even with the right password", async () => {
    const b = new Browser(server);
    expect((await b.call("POST", "/api/account", { name: "Target", password: "the-right-one" })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await b.call("POST", "/api/login", { name: "target", password: `guess-${i}-xx` })).status).toBe(401);
    const limited = await b.call("POST", "/api/login", { name: "TARGET", password: "the-right-one" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate-limited");
    expect(limited.body.error.params.retryAfterMs).toBeGreaterThan(0);
  });

  it("per address: after six attempts (any names, sign-ups included) this address waits", async () => {
    const b = new Browser(server);
    // one sign-up and four log-ins above were from this address already; one more is allowed
    expect((await b.call("POST", "/api/login", { name: "someone", password: "whatever-1" })).status).toBe(401);
    const limited = await b.call("POST", "/api/login", { name: "someone-else", password: "whatever-1" });
    expect(limited.status).toBe(429);
    expect((await b.call("POST", "/api/account", { name: "Newcomer", password: "whatever-1" })).status).toBe(429);
    expect(await server.storage.playerByNameKey("newcomer")).toBeNull();
  });
});

describe("password hashing's cost", () => {
  const env = { NODE_ENV: process.env.NODE_ENV, GRIMOIRE_TEST_SCRYPT_N: process.env.GRIMOIRE_TEST_SCRYPT_N };
  afterAll(() => {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  const nOf = (hash: string) => Number(hash.split("$")[1]);

  it("is scrypt's N = 2^15; the suite's lower N is honoured only under NODE_ENV=test, a power of two from 2^10 up to 2^15; a stored hash is checked with its own N", async () => {
    const { hashPassword, verifyPassword } = await import("../src/accounts.ts");
    process.env.NODE_ENV = "test";
    process.env.GRIMOIRE_TEST_SCRYPT_N = "1024";
    const cheap = await hashPassword("correct horse");
    expect(nOf(cheap)).toBe(1024);
    for (const refused of ["512", "1000", "65536", "x", ""]) {
      process.env.GRIMOIRE_TEST_SCRYPT_N = refused;
      expect(nOf(await hashPassword("correct horse")), refused).toBe(1 << 15);
    }
    process.env.GRIMOIRE_TEST_SCRYPT_N = "1024";
    process.env.NODE_ENV = "production";
    const full = await hashPassword("correct horse");
    expect(nOf(full)).toBe(1 << 15);
    // Each is checked with the N it was made with, whatever the setting now.
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("correct horse", full)).toBe(true);
    expect(await verifyPassword("wrong horse", cheap)).toBe(false);
    // An unknown name is checked against a decoy of the current N, and is always refused.
    expect(await verifyPassword("correct horse", null)).toBe(false);
  });
});
