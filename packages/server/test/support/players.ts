// A match that must keep going while a test attacks the server: two seated clients play bidding
// matches back to back (a new table when one ends), each act awaited until acknowledged.
import { http, seatAll, type Client } from "./harness.ts";

export class SteadyMatch {
  acked = 0;
  failures: string[] = [];
  private running = true;
  private readonly done: Promise<void>;

  /** `pauseMs` between acts keeps the number of tables (which stay in memory) small. */
  constructor(
    private readonly server: { url: string; port: number },
    private readonly pauseMs = 0,
  ) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.playOne();
      } catch (error) {
        this.failures.push((error as Error).message);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  private async playOne(): Promise<void> {
    const server = this.server;
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "open" }, { kind: "open" }] });
    const id = created.body.table.id as string;
    const clients = await seatAll(server, id, ["Ann", "Bob"]);
    try {
      for (let step = 0; this.running; step++) {
        const seat = step % 2;
        const c = clients[seat]!;
        const from = c.messages.length;
        c.send({ type: "sync" });
        const sync = await c.waitFor("sync", () => true, from);
        if (sync.decision.type === "over") return;
        if (!sync.decision.seats.includes(seat)) continue;
        const ref = `a${step}`;
        c.send({ type: "act", action: sync.legal![0]!.action, ref });
        const answer = await Promise.race([c.waitFor("ack", (a) => a.ref === ref, from), c.waitFor("error", (e) => e.ref === ref, from)]);
        if (answer.type === "error") throw new Error(`act refused: ${answer.code}`);
        this.acked++;
        if (this.pauseMs > 0) await new Promise((r) => setTimeout(r, this.pauseMs));
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }
}

/** The latency of a ping/pong on `client`, in ms. */
export async function pingMs(client: Client, ref: string): Promise<number> {
  const from = client.messages.length;
  const start = performance.now();
  client.send({ type: "ping", ref });
  await client.waitFor("pong", (p) => p.ref === ref, from, 30_000);
  return performance.now() - start;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
