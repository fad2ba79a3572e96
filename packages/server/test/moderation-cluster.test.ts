// Several processes (PostgreSQL + Redis): a ban made on one process ends the account's live
// connection on another at once, and that other process refuses its log-in and its `hello`.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { changeRole } from "../src/moderation/admin.ts";
import { createServer, PostgresStorage, type RunningServer } from "../src/index.ts";
import { Client, ROOMY, TEST_CATALOG } from "./support/harness.ts";
import { PG_URL } from "./support/stores.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const schema = `grimoire_test_${randomBytes(6).toString("hex")}`;
const prefix = `grimoire-test-${randomBytes(4).toString("hex")}:`;
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.close().catch(() => {});
  const store = new PostgresStorage(PG_URL, schema);
  await store.dropSchema();
  await store.close();
});

async function post(server: RunningServer, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: any; cookie: string | null }> {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null };
}

describe("moderation across processes", () => {
  it("a ban on one process ends the account's connection on another, which refuses its log-in and hello", async () => {
    for (let i = 0; i < 2; i++) {
      servers.push(
        await createServer({ port: 0, storage: new PostgresStorage(PG_URL, schema), redisUrl: REDIS_URL, cluster: { prefix, leaseMs: 1000 }, catalogUrl: TEST_CATALOG, botWorkers: 1, limits: ROOMY }),
      );
    }
    const [a, b] = servers as [RunningServer, RunningServer];
    const mod = (await post(a, "/api/account", { name: "Mod", password: "Mod-password" })).cookie!;
    const ann = (await post(b, "/api/account", { name: "Ann", password: "Ann-password" })).cookie!;
    expect((await changeRole(a.storage, "Mod", "moderator", true)).ok).toBe(true);
    const table = (await post(a, "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] })).body.table.id as string;
    const token = (await post(b, `/api/tables/${table}/join`, { name: "Ann" }, ann)).body.token as string;
    const client = await Client.open(b);
    client.send({ type: "hello", tableId: table, token });
    await client.waitFor("welcome");
    const closed = new Promise<number>((resolve) => client.ws.once("close", (code) => resolve(code)));

    const ban = await post(a, "/api/moderation/sanctions", { kind: "ban", player: "Ann", minutes: 30, reason: "abuse" }, mod);
    expect(ban.status).toBe(200);
    expect(await client.waitFor("error", (e) => e.code === "banned")).toMatchObject({ params: { until: ban.body.sanction.until, reason: "abuse" } });
    expect(await closed).toBe(1008);

    const login = await post(b, "/api/login", { name: "Ann", password: "Ann-password" });
    expect([login.status, login.body.error.code]).toEqual([403, "banned"]);
    const again = await Client.open(b);
    again.send({ type: "hello", tableId: table, token });
    expect(await again.waitFor("error")).toMatchObject({ code: "banned", params: { reason: "abuse" } });
    await again.close().catch(() => {});
  }, 120_000);
});
