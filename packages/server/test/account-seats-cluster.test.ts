// Two processes sharing PostgreSQL and Redis (in one test process): a seat token read by a thief
// and used on process B is closed there when the owner changes the password on process A (the
// `tokens` message on the table's channel), and refused on both afterwards.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { PostgresStorage } from "../src/storage.ts";
import { boot, Client, type TestServer } from "./support/harness.ts";
import { PG_URL } from "./support/stores.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const schema = `accounts_${randomBytes(5).toString("hex")}`;
const prefix = `grimoire-test:${schema}:`;
const servers: TestServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  const store = new PostgresStorage(PG_URL, { schema });
  await store.dropSchema();
  await store.close();
});

async function call(server: TestServer, cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; cookie: string }> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const set = response.headers.getSetCookie().find((c) => c.startsWith("grimoire_session="));
  return { status: response.status, body: await response.json(), cookie: set ? set.split(";")[0]! : cookie };
}

it("a stolen seat token in use on another process is closed there by a password change, and refused everywhere", async () => {
  for (let i = 0; i < 2; i++) servers.push(await boot({ storage: new PostgresStorage(PG_URL, { schema }), redisUrl: REDIS_URL, cluster: { prefix, leaseMs: 3000 } }));
  const [a, b] = servers as [TestServer, TestServer];
  const created = await call(a, "", "POST", "/api/account", { name: "Josephine", password: "josephine-secret" });
  const cookie = created.cookie;
  const table = await call(a, cookie, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }], rated: false });
  const id = table.body.table.id as string;
  await call(a, cookie, "POST", `/api/tables/${id}/join`, { name: "x" });
  const stolen = (await call(b, cookie, "GET", "/api/me/seats")).body.seats[0].token as string;

  const thief = await Client.open(b);
  thief.send({ type: "hello", tableId: id, token: stolen });
  await thief.waitFor("welcome");
  const closed = new Promise<number>((resolve) => thief.ws.once("close", (code) => resolve(code)));
  expect((await call(a, cookie, "POST", "/api/account/password", { current: "josephine-secret", password: "josephine-new-one" })).status).toBe(200);
  expect(await closed).toBe(1008);

  for (const s of servers) {
    const again = await Client.open(s);
    again.send({ type: "hello", tableId: id, token: stolen });
    expect(await again.waitFor("error")).toMatchObject({ code: "not-authorized" });
    await again.close();
  }
}, 60_000);
