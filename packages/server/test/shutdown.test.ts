// Graceful shutdown: SIGTERM a server process while matches are being played. It closes every
// socket with 1001 (going away), exits 0 within 10 s, and after a restart on the same data every
// acknowledged action is there and the clients resume from the version they saw.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childProcesses } from "./support/children.ts";
import { Client, http } from "./support/harness.ts";

const dataDir = mkdtempSync(join(tmpdir(), "grimoire-shutdown-"));
const { spawnServer } = childProcesses();
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function startChild(): Promise<{ child: ChildProcess; port: number; url: string }> {
  return spawnServer({ DATA_DIR: dataDir, BOT_BUDGET_MS: "1500", LOG_LEVEL: "info" });
}

interface Match {
  id: string;
  tokens: string[];
  clients: Client[];
  closeCodes: number[];
  acked: number;
}

/** Both seats act whenever asked (under the 20 messages a second allowed) until their sockets close. */
async function playUntilClosed(match: Match): Promise<void> {
  for (let step = 0; ; step++) {
    for (const [seat, c] of match.clients.entries()) {
      if (c.ws.readyState !== c.ws.OPEN) return;
      await new Promise((r) => setTimeout(r, 110));
      const from = c.messages.length;
      c.send({ type: "sync" });
      const sync = await c.waitFor("sync", () => true, from, 5000).catch(() => null);
      if (!sync || sync.decision.type === "over") return;
      if (!sync.decision.seats.includes(seat)) continue;
      const ref = `s${step}-${seat}`;
      c.send({ type: "act", action: sync.legal![0]!.action, ref });
      const ack = await c.waitFor("ack", (a) => a.ref === ref, from, 5000).catch(() => null);
      if (!ack) return;
      match.acked = Math.max(match.acked, ack.version);
    }
  }
}

describe("graceful shutdown", () => {
  it("SIGTERM with matches in flight: 1001 to every client, exit 0 within 10 s, nothing acknowledged lost, clients resume", async () => {
    let server = await startChild();
    const matches: Match[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "open" }, { kind: "open" }] });
      const id = created.body.table.id as string;
      const tokens = [(await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token as string, (await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).body.token as string];
      const match: Match = { id, tokens, clients: [], closeCodes: [], acked: 0 };
      for (const token of tokens) {
        const c = await Client.open(server);
        c.ws.on("close", (code) => match.closeCodes.push(code));
        c.send({ type: "hello", tableId: id, token });
        await c.waitFor("sync");
        match.clients.push(c);
      }
      matches.push(match);
    }
    const bots = await http(server, "POST", "/api/tables", { game: "bidding-slow", options: { hand: 3 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const botId = bots.body.table.id as string;

    const playing = matches.map((m) => playUntilClosed(m));
    while (matches.some((m) => m.acked < 3)) await new Promise((r) => setTimeout(r, 20));
    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    const code = await exited;
    const took = Date.now() - signalled;
    await Promise.all(playing);
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    for (const m of matches) expect(m.closeCodes).toEqual([1001, 1001]);

    server = await startChild();
    for (const m of matches) {
      // Each client comes back with the last version it saw and finishes the match.
      const seen = Math.max(...m.clients.map((c) => Math.max(0, ...c.messages.flatMap((x) => (x.type === "update" || x.type === "sync" ? [x.version] : [])))));
      expect(seen).toBeGreaterThanOrEqual(m.acked);
      m.clients = await Promise.all(
        m.tokens.map(async (token) => {
          const c = await Client.open(server);
          c.send({ type: "hello", tableId: m.id, token, since: seen });
          await c.waitFor("welcome");
          return c;
        }),
      );
      const from = m.clients[0]!.messages.length;
      m.clients[0]!.send({ type: "sync" });
      expect((await m.clients[0]!.waitFor("sync", () => true, from)).version).toBeGreaterThanOrEqual(m.acked);
    }
    await Promise.all(matches.map((m) => playUntilClosed(m)));
    for (const m of matches) {
      const table = await http(server, "GET", `/api/tables/${m.id}`);
      expect(table.body.table.status).toBe("over");
      const record = await http(server, "GET", `/api/tables/${m.id}/record`);
      expect(record.body.actions.length).toBeGreaterThanOrEqual(m.acked);
      await Promise.all(m.clients.map((c) => c.close()));
    }
    // The bot match goes on by itself after the restart.
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: botId });
    expect((await watcher.waitFor("over", () => true, 0, 90_000)).outcome!.scores).toHaveLength(2);
    await watcher.close();
    server.child.kill("SIGTERM");
  }, 150_000);
});
