// Moderation through the API on SQLite and on PostgreSQL alike, under a fake clock: reports (and
// their refusals: a forged message id, a channel the reporter cannot read, a duplicate, a flood,
// a guest), the moderator role (given and taken back as the operator's command does) and the
// refusals to anyone else, hiding a message (live and in stored chat, the report keeping it),
// mutes and bans with their end times (refused before, allowed after), a guest muted by address,
// and the audit log's contents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeRole } from "../src/moderation/admin.ts";
import { REPORT_BURST, REPORT_EVERY_MS } from "../src/moderation/routes.ts";
import type { ServerOut } from "../src/protocol.ts";
import { boot, Client, ManualClock, type TestServer } from "./support/harness.ts";
import { postgresBackend, sqliteBackend, type Backend } from "./support/stores.ts";

const backends = [() => sqliteBackend("grimoire-moderation-"), postgresBackend];

type Answer = { status: number; body: any };

async function api(server: TestServer, method: string, path: string, body?: unknown, cookie?: string | null): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signUp(server: TestServer, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function logIn(server: TestServer, name: string): Promise<{ status: number; body: any; cookie: string | null }> {
  const response = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  return { status: response.status, body: await response.json(), cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null };
}

/** Sends a chat message and resolves to the ack or the refusal. */
async function say(client: Client, text: string, ref: string, name?: string): Promise<ServerOut> {
  const from = client.messages.length;
  client.send({ type: "chat", text, ref, ...(name ? { name } : {}) });
  return Promise.race([client.waitFor("ack", (a) => a.ref === ref, from), client.waitFor("error", (e) => e.ref === ref, from)]);
}

async function hello(server: TestServer, tableId: string, token?: string, cookie?: string): Promise<Client> {
  const client = await Client.open(server, cookie ? { cookie } : {});
  client.send({ type: "hello", tableId, ...(token ? { token } : {}) });
  await Promise.race([client.waitFor("welcome"), client.waitFor("error")]);
  return client;
}

const closed = (client: Client) => new Promise<number>((resolve) => (client.ws.readyState === client.ws.CLOSED ? resolve(0) : client.ws.once("close", (code) => resolve(code))));

for (const make of backends) {
  const backend: Backend = make();
  describe(`moderation: ${backend.name}`, () => {
    const clock = new ManualClock();
    let server: TestServer;
    const cookies: Record<string, string> = {};
    let table = "";
    const tokens: string[] = [];
    const clients: Client[] = [];
    /** Chat ids by text. */
    const ids = new Map<string, number>();
    let reportId = "";
    let guestReport = "";

    beforeAll(async () => {
      server = await boot({ storage: backend.open(), clock });
      for (const name of ["Mod", "Ann", "Bob", "Cid"]) cookies[name] = await signUp(server, name);
      const granted = await changeRole(server.storage, "mod", "moderator", true, clock.now());
      expect(granted).toEqual({ ok: true, name: "Mod", changed: true });
      table = (await api(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] })).body.table.id;
      for (const name of ["Ann", "Bob"]) tokens.push((await api(server, "POST", `/api/tables/${table}/join`, { name }, cookies[name])).body.token);
      for (const token of tokens) clients.push(await hello(server, table, token));
      for (const [i, text] of ["hello all", "you play like a potato", "gg"].entries()) expect((await say(clients[0]!, text, `a${i}`)).type).toBe("ack");
      expect((await say(clients[1]!, "that was rude", "b0")).type).toBe("ack");
      const bob = clients[1]!;
      await bob.waitFor("chat", (m) => m.message.text === "that was rude");
      for (const m of bob.messages) if (m.type === "chat") ids.set(m.message.text, m.message.id);
    }, 120_000);
    afterAll(async () => {
      for (const c of clients) await c.close().catch(() => {});
      await server?.stop();
      await backend.cleanup();
    });

    it("a message is reported with its context; forged ids, duplicates, own messages, guests and notes missing are refused", async () => {
      const potato = ids.get("you play like a potato")!;
      const report = await api(server, "POST", "/api/reports", { reason: "insult", note: "not nice", table, message: potato }, cookies.Bob);
      expect(report.status).toBe(200);
      reportId = report.body.report.id;
      expect((await api(server, "POST", "/api/reports", { reason: "spam", table, message: potato }, cookies.Bob)).body.error.code).toBe("already-reported");
      const forged = await api(server, "POST", "/api/reports", { reason: "insult", table, message: 999 }, cookies.Bob);
      expect([forged.status, forged.body.error.code]).toEqual([404, "unknown-message"]);
      expect((await api(server, "POST", "/api/reports", { reason: "insult", table: "no-such-table", message: potato }, cookies.Bob)).body.error.code).toBe("unknown-message");
      expect((await api(server, "POST", "/api/reports", { reason: "insult", table, message: ids.get("hello all") }, cookies.Ann)).body.error).toMatchObject({ code: "bad-report", params: { reason: "self" } });
      expect((await api(server, "POST", "/api/reports", { reason: "other", player: "Ann" }, cookies.Cid)).body.error).toMatchObject({ code: "bad-report", params: { reason: "note" } });
      const guest = await api(server, "POST", "/api/reports", { reason: "insult", table, message: potato });
      expect([guest.status, guest.body.error.code]).toEqual([401, "not-logged-in"]);
      expect((await api(server, "POST", "/api/reports", { reason: "rude", table, message: potato }, cookies.Bob)).body.error.code).toBe("bad-message");
      expect((await api(server, "POST", "/api/reports", { reason: "insult", player: "Nobody" }, cookies.Bob)).body.error.code).toBe("unknown-player");
    });

    it("the spectators' channel is not the seated players' to report; a guest's message is reported with its hashed address", async () => {
      const spectator = await hello(server, table);
      clients.push(spectator);
      expect((await say(spectator, "spam spam spam", "s0", "Gus")).type).toBe("ack");
      const message = (await spectator.waitFor("chat", (m) => m.message.text === "spam spam spam")).message.id;
      // Ann is seated and the table keeps the spectators' channel from its players.
      expect((await api(server, "POST", "/api/reports", { reason: "spam", table, message }, cookies.Ann)).body.error.code).toBe("unknown-message");
      const cid = await api(server, "POST", "/api/reports", { reason: "spam", table, message }, cookies.Cid);
      expect(cid.status).toBe(200);
      guestReport = cid.body.report.id;
    });

    it("reports are rate-limited per account; the limit refills on the clock", async () => {
      // Cid made one report already.
      for (let i = 1; i < REPORT_BURST; i++) expect((await api(server, "POST", "/api/reports", { reason: "cheating", player: "Ann" }, cookies.Cid)).status).toBe(200);
      const flood = await api(server, "POST", "/api/reports", { reason: "cheating", player: "Ann" }, cookies.Cid);
      expect([flood.status, flood.body.error.code]).toEqual([429, "rate-limited"]);
      expect(flood.body.error.params.retryAfterMs).toBeGreaterThan(0);
      clock.advance(REPORT_EVERY_MS);
      expect((await api(server, "POST", "/api/reports", { reason: "cheating", player: "Ann" }, cookies.Cid)).status).toBe(200);
    });

    it("only moderators reach the moderation API", async () => {
      for (const [method, path, body] of [
        ["GET", "/api/moderation/reports", undefined],
        ["GET", "/api/moderation/log", undefined],
        ["GET", "/api/moderation/sanctions", undefined],
        ["POST", "/api/moderation/hide", { table, message: 1, reason: "x" }],
        ["POST", "/api/moderation/sanctions", { kind: "ban", player: "Ann", minutes: null, reason: "x" }],
        ["POST", `/api/moderation/reports/${reportId}/close`, { outcome: "dismissed" }],
      ] as const) {
        const bob = await api(server, method, path, body, cookies.Bob);
        expect([bob.status, bob.body.error.code]).toEqual([403, "not-moderator"]);
        const guest = await api(server, method, path, body);
        expect([guest.status, guest.body.error.code]).toEqual([401, "not-logged-in"]);
      }
      expect((await api(server, "GET", "/api/me/standing", undefined, cookies.Bob)).body).toEqual({ moderator: false, mute: null });
      expect((await api(server, "GET", "/api/me/standing", undefined, cookies.Mod)).body).toEqual({ moderator: true, mute: null });
      // Nothing was sanctioned by those attempts.
      expect((await api(server, "GET", "/api/moderation/sanctions", undefined, cookies.Mod)).body.sanctions).toEqual([]);
    });

    it("the queue shows the reported message in context; hiding it takes it out of every chat, live and stored, the report keeps it", async () => {
      const queue = await api(server, "GET", "/api/moderation/reports", undefined, cookies.Mod);
      expect(queue.status).toBe(200);
      const report = queue.body.reports.find((r: any) => r.id === reportId);
      expect(report).toMatchObject({ reporter: "Bob", target: "Ann", reason: "insult", note: "not nice", table, status: "open" });
      expect(report.context.map((l: any) => l.text)).toEqual(["hello all", "you play like a potato", "gg", "that was rude"]);
      const potato = ids.get("you play like a potato")!;
      const from = clients[1]!.messages.length;
      expect((await api(server, "POST", "/api/moderation/hide", { table, message: potato, reason: "insult" }, cookies.Mod)).status).toBe(200);
      await clients[1]!.waitFor("chat-hidden", (m) => m.id === potato, from);
      await clients[0]!.waitFor("chat-hidden", (m) => m.id === potato);
      const late = await hello(server, table);
      clients.push(late);
      const history = await late.waitFor("chat-history");
      // A spectator reads both channels: the guest's message too, not the hidden one.
      expect(history.messages.map((m) => m.text)).toEqual(["hello all", "gg", "that was rude", "spam spam spam"]);
      expect(history.messages.every((m) => !("author" in m) && !("addressHash" in m))).toBe(true);
      expect((await server.storage.loadChat(table, 10)).find((m) => m.id === potato)?.hidden).toBe(true);
      // Hidden, it can no longer be reported; the report made before still holds its words.
      expect((await api(server, "POST", "/api/reports", { reason: "insult", table, message: potato }, cookies.Cid)).body.error.code).toBe("unknown-message");
      const again = (await api(server, "GET", "/api/moderation/reports", undefined, cookies.Mod)).body.reports.find((r: any) => r.id === reportId);
      expect(again.context.map((l: any) => l.text)).toContain("you play like a potato");
      expect((await api(server, "POST", "/api/moderation/hide", { table, message: 999, reason: "x" }, cookies.Mod)).body.error.code).toBe("unknown-message");
    });

    it("a mute refuses chat with its end and reason until the clock passes it", async () => {
      const muted = await api(server, "POST", "/api/moderation/sanctions", { kind: "mute", player: "Ann", minutes: 10, reason: "insults" }, cookies.Mod);
      expect(muted.status).toBe(200);
      const until = clock.now() + 10 * 60_000;
      expect(muted.body.sanction).toMatchObject({ kind: "mute", until });
      expect(await say(clients[0]!, "still here", "m1")).toMatchObject({ type: "error", code: "muted", params: { until, reason: "insults" } });
      expect((await api(server, "GET", "/api/me/standing", undefined, cookies.Ann)).body).toEqual({ moderator: false, mute: { until, reason: "insults" } });
      // Bob is not muted.
      expect((await say(clients[1]!, "fine by me", "b1")).type).toBe("ack");
      clock.advance(10 * 60_000 - 1);
      expect((await say(clients[0]!, "still here", "m2")).type).toBe("error");
      clock.advance(1);
      expect((await say(clients[0]!, "sorry", "m3")).type).toBe("ack");
    });

    it("a ban ends the account's sessions and connections, refuses log-in and hello with its end, and ends on the clock", async () => {
      const ann = clients[0]!;
      const from = ann.messages.length;
      const gone = closed(ann);
      const banned = await api(server, "POST", "/api/moderation/sanctions", { kind: "ban", player: "Ann", minutes: 60, reason: "repeated insults" }, cookies.Mod);
      expect(banned.status).toBe(200);
      const until = clock.now() + 3_600_000;
      expect(await ann.waitFor("error", (e) => e.code === "banned", from)).toMatchObject({ params: { until, reason: "repeated insults" } });
      expect(await gone).toBe(1008);
      expect((await api(server, "GET", "/api/me", undefined, cookies.Ann)).body.player).toBeNull();
      const login = await logIn(server, "Ann");
      expect([login.status, login.body.error.code, login.body.error.params]).toEqual([403, "banned", { until, reason: "repeated insults" }]);
      expect(login.cookie).toBeNull();
      const back = await hello(server, table, tokens[0]);
      expect(back.messages.find((m) => m.type === "error")).toMatchObject({ code: "banned", params: { until } });
      expect(await closed(back)).toBe(1008);
      // Refused before it was attached: it was told nothing of the table.
      expect(back.messages.map((m) => m.type)).toEqual(["error"]);
      clock.advance(3_600_000);
      expect((await logIn(server, "Ann")).status).toBe(200);
      const again = await hello(server, table, tokens[0]);
      clients[0] = again;
      expect(again.messages.some((m) => m.type === "welcome")).toBe(true);
    });

    it("a ban for good holds until a moderator lifts it", async () => {
      const ban = await api(server, "POST", "/api/moderation/sanctions", { kind: "ban", player: "Cid", minutes: null, reason: "cheating" }, cookies.Mod);
      expect(ban.body.sanction.until).toBeNull();
      // Weeks later (sessions last 30 days: the moderator's is still open).
      clock.advance(20 * 86_400_000);
      expect((await logIn(server, "Cid")).body.error).toMatchObject({ code: "banned", params: { until: "never", reason: "cheating" } });
      const list = (await api(server, "GET", "/api/moderation/sanctions", undefined, cookies.Mod)).body.sanctions;
      expect(list).toEqual([expect.objectContaining({ id: ban.body.sanction.id, kind: "ban", player: "Cid", until: null, by: "Mod" })]);
      expect((await api(server, "POST", `/api/moderation/sanctions/${ban.body.sanction.id}/lift`, { reason: "appeal accepted" }, cookies.Mod)).status).toBe(200);
      expect((await api(server, "POST", `/api/moderation/sanctions/${ban.body.sanction.id}/lift`, { reason: "twice" }, cookies.Mod)).body.error.code).toBe("unknown-sanction");
      const login = await logIn(server, "Cid");
      expect(login.status).toBe(200);
      cookies.Cid = login.cookie!;
      expect((await api(server, "POST", "/api/moderation/sanctions", { kind: "ban", player: "Mod", minutes: 5, reason: "me" }, cookies.Mod)).body.error.code).toBe("bad-message");
    });

    it("a guest abusing chat is muted by address; accounts at that address are not", async () => {
      const guest = clients[2]!;
      expect((await api(server, "POST", "/api/moderation/sanctions", { kind: "ban", report: guestReport, minutes: 5, reason: "spam" }, cookies.Mod)).body.error.code).toBe("bad-message");
      const mute = await api(server, "POST", "/api/moderation/sanctions", { kind: "mute", report: guestReport, minutes: 5, reason: "spam" }, cookies.Mod);
      expect(mute.status).toBe(200);
      const until = clock.now() + 5 * 60_000;
      expect(await say(guest, "more spam", "s1", "Gus")).toMatchObject({ type: "error", code: "muted", params: { until, reason: "spam" } });
      // Another connection from the same address, another name: muted all the same.
      const other = await hello(server, table);
      clients.push(other);
      expect(await say(other, "hi", "o1", "Gustave")).toMatchObject({ type: "error", code: "muted" });
      // An account watching from that address answers for itself.
      const cid = await hello(server, table, undefined, cookies.Cid);
      clients.push(cid);
      expect((await say(cid, "hello", "c1", "Cid")).type).toBe("ack");
      // Storage keeps the address only hashed.
      const stored = (await server.storage.loadChat(table, 50)).find((m) => m.text === "spam spam spam")!;
      expect(stored.addressHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await server.storage.activeSanctions(clock.now()))).not.toContain("127.0.0.1");
      clock.advance(5 * 60_000);
      expect((await say(guest, "ok now", "s2", "Gus")).type).toBe("ack");
    });

    it("reports are resolved or dismissed once; the audit log says who did what to whom, when and why", async () => {
      expect((await api(server, "POST", `/api/moderation/reports/${reportId}/close`, { outcome: "resolved", reason: "hidden and muted" }, cookies.Mod)).status).toBe(200);
      expect((await api(server, "POST", `/api/moderation/reports/${reportId}/close`, { outcome: "dismissed" }, cookies.Mod)).body.error.code).toBe("report-closed");
      expect((await api(server, "POST", `/api/moderation/reports/nope/close`, { outcome: "dismissed" }, cookies.Mod)).body.error.code).toBe("unknown-report");
      expect((await api(server, "POST", `/api/moderation/reports/${guestReport}/close`, { outcome: "dismissed" }, cookies.Mod)).status).toBe(200);
      const resolved = (await api(server, "GET", "/api/moderation/reports?status=resolved", undefined, cookies.Mod)).body.reports;
      expect(resolved.map((r: any) => [r.id, r.closedBy])).toEqual([[reportId, "Mod"]]);
      const log = (await api(server, "GET", "/api/moderation/log", undefined, cookies.Mod)).body.entries;
      expect(log.map((e: any) => [e.actor, e.action, e.target, e.reason]).reverse()).toEqual([
        [null, "grant", "Mod", ""],
        ["Mod", "hide", `${table}/${ids.get("you play like a potato")}`, "insult"],
        ["Mod", "mute", "Ann", "insults"],
        ["Mod", "ban", "Ann", "repeated insults"],
        ["Mod", "ban", "Cid", "cheating"],
        ["Mod", "lift", "Cid", "appeal accepted"],
        ["Mod", "mute", expect.stringMatching(/^address:[0-9a-f]{12}$/), "spam"],
        ["Mod", "resolve", `report:${reportId}`, "hidden and muted"],
        ["Mod", "dismiss", `report:${guestReport}`, ""],
      ]);
      expect(log.every((e: any) => typeof e.at === "number")).toBe(true);
    });

    it("the role taken back (as `grimoire admin revoke` does) refuses the moderation API at once", async () => {
      expect(await changeRole(server.storage, "Mod", "moderator", false, clock.now())).toEqual({ ok: true, name: "Mod", changed: true });
      expect((await api(server, "GET", "/api/moderation/reports", undefined, cookies.Mod)).body.error.code).toBe("not-moderator");
      expect(await changeRole(server.storage, "Nobody", "moderator", true)).toMatchObject({ ok: false, error: "unknown-player" });
      expect(await changeRole(server.storage, "Mod", "admin", true)).toMatchObject({ ok: false, error: "unknown-role" });
      expect((await server.storage.auditLog(1))[0]).toMatchObject({ actor: "operator", action: "revoke", details: { role: "moderator" } });
    });
  });
}
