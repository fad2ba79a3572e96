// Crash test: a server in a child process is killed with SIGKILL in the middle of games,
// restarted on the same data, and the games are finished. Nothing acknowledged is lost.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childProcesses } from "./support/children.ts";
import { Client, http } from "./support/harness.ts";

const dataDir = mkdtempSync(join(tmpdir(), "grimoire-crash-"));
const { spawnServer } = childProcesses();

async function startChild(): Promise<{ child: ChildProcess; url: string; port: number }> {
  return spawnServer({ DATA_DIR: dataDir, BOT_BUDGET_MS: "1500" });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("crash and restart", () => {
  it("SIGKILL mid-game: after a restart the acknowledged actions are all there and the games finish", async () => {
    let server = await startChild();
    // A human match: two seats, three rounds.
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const tokens = [
      (await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" })).body.token as string,
      (await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" })).body.token as string,
    ];
    // A bot match running at the same time, with bots slow enough to be mid-game at the kill.
    const bots = await http(server, "POST", "/api/tables", { game: "bidding-slow", options: { hand: 2 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    const botId = bots.body.table.id as string;

    const playSome = async (port: number, steps: number, since?: number) => {
      const clients = await Promise.all(tokens.map(async (token) => {
        const c = await Client.open({ port });
        c.send({ type: "hello", tableId: id, token, ...(since !== undefined ? { since } : {}) });
        await c.waitFor("welcome");
        return c;
      }));
      let acked = since ?? 0;
      for (let step = 0; step < steps; step++) {
        let done = false;
        for (const [seat, c] of clients.entries()) {
          const from = c.messages.length;
          c.send({ type: "sync" });
          const sync = await c.waitFor("sync", () => true, from);
          if (sync.decision.type === "over") {
            done = true;
            break;
          }
          if (!sync.decision.seats.includes(seat)) continue;
          c.send({ type: "act", action: sync.legal![0]!.action, ref: `s${step}-${seat}` });
          acked = (await c.waitFor("ack", (a) => a.ref === `s${step}-${seat}`)).version;
          break;
        }
        if (done) break;
      }
      return { clients, acked };
    };

    const first = await playSome(server.port, 3);
    expect(first.acked).toBe(3);
    expect((await http(server, "GET", `/api/tables/${botId}`)).body.table.status).toBe("playing");
    await kill(server.child);

    server = await startChild();
    // Every acknowledged action survived; the client catches up from what it saw.
    const table = await http(server, "GET", `/api/tables/${id}`);
    expect(table.body.table.status).toBe("playing");
    const second = await playSome(server.port, 100, first.acked);
    const over = await second.clients[0]!.waitFor("over");
    expect(over.version).toBeGreaterThan(first.acked);
    await Promise.all(second.clients.map((c) => c.close()));

    // Kill once more (the bot match is most likely still running), then watch it end.
    await kill(server.child);
    server = await startChild();
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: botId });
    const botOver = await watcher.waitFor("over", () => true, 0, 90_000);
    expect(botOver.outcome!.scores).toHaveLength(2);
    const record = await http(server, "GET", `/api/tables/${id}/record`);
    expect(record.body.actions).toHaveLength(over.version);
    await watcher.close();
    await kill(server.child);
  }, 120_000);
});
