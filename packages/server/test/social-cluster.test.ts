// Friends and blocks across two server processes (REDIS_URL + PostgreSQL, issue 27): a friend's
// presence published by the other process, an invitation's notice reaching the invitee's
// connection on the other process, and a block made on one process hiding the blocked account's
// chat at once from the blocker's connection on the other.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../src/index.ts";
import { childProcesses, type ChildServer } from "./support/children.ts";
import { Client } from "./support/harness.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const { spawnServer } = childProcesses();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
});

async function call(server: ChildServer, method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function account(server: ChildServer, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

describe("friends and blocks on several processes", () => {
  it("presence and an invitation's notice cross processes; a block on one process hides chat on the other at once", async () => {
    const schema = `social_${randomBytes(5).toString("hex")}`;
    const prefix = `grimoire-test:${schema}:`;
    const storage = new PostgresStorage(PG_URL, { schema });
    await storage.migrate();
    const redis = new Redis(REDIS_URL);
    const env = { DATA_DIR: "/nonexistent", DATABASE_URL: PG_URL, PG_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix, LEASE_MS: "3000", BOT_WORKERS: "1" };
    const one = await spawnServer(env);
    const two = await spawnServer(env);
    cleanups.push(async () => {
      for (const s of [one, two]) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
      await Promise.all([one.exited, two.exited]);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await storage.dropSchema();
      await storage.close();
    });

    const ann = await account(one, "Ann");
    const bob = await account(one, "Bob");
    await call(one, "POST", "/api/players/Bob/follow", ann);
    await call(two, "POST", "/api/players/Ann/follow", bob);

    // Bob's notices connection is on process two; Ann asks process one.
    const notices = await Client.open(two, { cookie: bob });
    notices.send({ type: "notices" });
    await notices.waitFor("listening");
    await expect.poll(async () => (await call(one, "GET", "/api/friends", ann)).body.friends).toEqual([{ name: "Bob", presence: { status: "online" } }]);

    // Ann's table on process one, Ann seated and connected on process two (players read the spectators' chat).
    const id = (await call(one, "POST", "/api/tables", ann, { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }], spectatorChat: true })).body.table.id as string;
    const seat = await call(one, "POST", `/api/tables/${id}/join`, ann, { name: "Ann" });
    const annAt = await Client.open(two, { cookie: ann });
    annAt.send({ type: "hello", tableId: id, token: seat.body.token });
    await annAt.waitFor("chat-history");
    await expect.poll(async () => (await call(two, "GET", "/api/friends", bob)).body.friends).toEqual([{ name: "Ann", presence: { status: "at-table", tables: [{ id, game: "bidding" }] } }]);

    // The invitation, sent on process one, reaches Bob's connection on process two; accepted there.
    const invited = await call(one, "POST", `/api/tables/${id}/invite`, ann, { name: "Bob" });
    expect(invited.status).toBe(200);
    const notice = await notices.waitFor("notice", () => true, 0, 10_000);
    expect(notice.notice.invitation).toMatchObject({ id: invited.body.invitation.id, table: id, from: "Ann" });
    const accepted = await call(two, "POST", `/api/invitations/${notice.notice.invitation.id}/accept`, bob);
    expect(accepted.body.table.seats[1]).toMatchObject({ name: "Bob", account: true });
    expect((await call(one, "POST", `/api/invitations/${notice.notice.invitation.id}/accept`, bob)).body.error.code).toBe("invitation-used");

    // Bob chats from his seat through process one; Ann reads it on process two.
    const bobAt = await Client.open(one, { cookie: bob });
    bobAt.send({ type: "hello", tableId: id, token: accepted.body.token });
    await bobAt.waitFor("chat-history");
    bobAt.send({ type: "chat", text: "hi Ann", ref: "1" });
    await annAt.waitFor("chat", (m) => m.message.text === "hi Ann", 0, 10_000);

    // Ann blocks Bob on process one: on process two, Bob's next message no longer reaches her.
    expect((await call(one, "POST", "/api/players/Bob/block", ann)).body.blocked).toBe(true);
    const from = annAt.messages.length;
    bobAt.send({ type: "chat", text: "hidden", ref: "2" });
    await bobAt.waitFor("ack", (m) => m.ref === "2");
    const guest = await Client.open(two);
    guest.send({ type: "hello", tableId: id });
    await guest.waitFor("chat-history");
    guest.send({ type: "chat", text: "after", name: "Guest", ref: "3" });
    await annAt.waitFor("chat", (m) => m.message.text === "after", from, 10_000);
    expect(annAt.messages.slice(from).filter((m) => m.type === "chat").map((m) => (m.type === "chat" ? m.message.text : ""))).toEqual(["after"]);
    // Bob still reads his own message; and the block is known to process two's lobby and invitations.
    await bobAt.waitFor("chat", (m) => m.message.text === "hidden");
    expect((await call(two, "GET", "/api/friends", ann)).body).toMatchObject({ friends: [], blocked: [{ name: "Bob" }] });
    for (const c of [notices, annAt, bobAt, guest]) await c.close();
  });
});
