// The games an account has learnt (its guided first games finished, issue #26): in the storage on
// SQLite and PostgreSQL alike (idempotent, per account, kept across a reopen, migration 15), and
// through `/api/me/learnt` against a booted server: a guest, an unknown game, a malformed body and
// another site's page are refused and change nothing; an account's list follows it to another browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameKey } from "../src/accounts.ts";
import type { PlayerRecord, SessionRecord, Storage } from "../src/storage.ts";
import { boot, type TestServer } from "./support/harness.ts";
import { postgresBackend, sqliteBackend } from "./support/stores.ts";

const player = (id: string, name: string): PlayerRecord => ({ id, name, nameKey: nameKey(name), passwordHash: `scrypt$1$1$1$salt$${id}`, createdAt: 7 });
const session = (tokenHash: string, playerId: string): SessionRecord => ({ tokenHash, playerId, createdAt: 7, expiresAt: 1e13 });

for (const make of [() => sqliteBackend("grimoire-learnt-"), postgresBackend]) {
  const backend = make();
  describe(`learnt games' storage: ${backend.name}`, () => {
    let store: Storage;
    afterAll(async () => {
      await store?.close();
      await backend.cleanup();
    });

    it("keeps each account's learnt games once, in the order learnt, across a reopen", async () => {
      store = backend.open();
      await store.migrate();
      await store.insertPlayer(player("a", "Ada"), session("sa", "a"), []);
      await store.insertPlayer(player("b", "Bob"), session("sb", "b"), []);
      expect(await store.learntGames("a")).toEqual([]);
      await store.markLearnt("a", "shazamm", 10);
      await store.markLearnt("a", "incantibus", 20);
      await store.markLearnt("a", "shazamm", 30); // again: nothing changes
      expect(await store.learntGames("a")).toEqual(["shazamm", "incantibus"]);
      expect(await store.learntGames("b")).toEqual([]);
      await store.close();
      store = backend.open();
      await store.migrate();
      expect(await store.learntGames("a")).toEqual(["shazamm", "incantibus"]);
    });
  });
}

/** One browser: keeps the session cookie the server sets, and sends it back. */
class Browser {
  cookie: string | null = null;
  constructor(private readonly server: { url: string }) {}
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const sent: Record<string, string> = { ...headers };
    if (body !== undefined) sent["content-type"] = "application/json";
    if (this.cookie) sent.cookie = this.cookie;
    const response = await fetch(`${this.server.url}${path}`, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = response.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0]!;
    return { status: response.status, body: await response.json() };
  }
}

describe("/api/me/learnt", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await boot({ limits: { loginsPerNamePerMinute: 100 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("marks a game learnt for the account only, refusing what is wrong without a change", async () => {
    const guest = new Browser(server);
    expect(await guest.call("GET", "/api/me/learnt")).toMatchObject({ status: 401, body: { error: { code: "not-logged-in" } } });
    expect(await guest.call("POST", "/api/me/learnt", { game: "shazamm" })).toMatchObject({ status: 401, body: { error: { code: "not-logged-in" } } });

    const ada = new Browser(server);
    await ada.call("POST", "/api/account", { name: "Ada", password: "correct horse" });
    expect(await ada.call("GET", "/api/me/learnt")).toEqual({ status: 200, body: { games: [] } });
    expect(await ada.call("POST", "/api/me/learnt", { game: "chess" })).toMatchObject({ status: 404, body: { error: { code: "unknown-game" } } });
    expect((await ada.call("POST", "/api/me/learnt", { game: "shazamm", account: "someone-else" })).body.error.code).toBe("bad-message");
    expect((await ada.call("POST", "/api/me/learnt", {})).body.error.code).toBe("bad-message");
    expect((await ada.call("POST", "/api/me/learnt", { game: "shazamm" }, { origin: "https://evil.example" })).body.error.code).toBe("bad-origin");
    expect((await ada.call("GET", "/api/me/learnt")).body).toEqual({ games: [] });

    expect(await ada.call("POST", "/api/me/learnt", { game: "shazamm" })).toEqual({ status: 200, body: { games: ["shazamm"] } });
    expect((await ada.call("POST", "/api/me/learnt", { game: "shazamm" })).body).toEqual({ games: ["shazamm"] });
    // the account's other browser sees it; another account does not
    const elsewhere = new Browser(server);
    await elsewhere.call("POST", "/api/login", { name: "ada", password: "correct horse" });
    expect((await elsewhere.call("GET", "/api/me/learnt")).body).toEqual({ games: ["shazamm"] });
    const bob = new Browser(server);
    await bob.call("POST", "/api/account", { name: "Bob", password: "battery staple" });
    expect((await bob.call("GET", "/api/me/learnt")).body).toEqual({ games: [] });
  });
});
