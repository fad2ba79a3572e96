// A client floods tiny frames and never reads the replies (and connects again whenever it is
// dropped): the server, in its own process, stays under its baseline RSS + 100 MB, and another
// client's pings are still answered at once (median under 50 ms; none stalled for seconds).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { childProcesses } from "./support/children.ts";
import { Client, http } from "./support/harness.ts";
import { median, pingMs, SteadyMatch } from "./support/players.ts";

const dataDir = mkdtempSync(join(tmpdir(), "grimoire-flood-"));
const { spawnServer, track } = childProcesses();
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL(script, import.meta.url)), ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  track(child);
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: new Promise((resolve) => child.once("exit", () => resolve(out))) };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

describe("non-reading flood", () => {
  it("bounded memory and prompt pings while one client floods and never reads", async () => {
    const { child, port } = await spawnServer({ DATA_DIR: dataDir });
    const server = { port, url: `http://127.0.0.1:${port}` };
    const steady = new SteadyMatch(server);
    // Another client, watching a table (a connection without hello is closed after 10 s).
    const table = await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] });
    const pinger = await Client.open(server);
    pinger.send({ type: "hello", tableId: table.body.table.id });
    await pinger.waitFor("welcome");
    // Warm-up without the flood (matches played, code compiled, heap grown): the baseline is its peak RSS.
    let baseline = 0;
    for (let i = 0, until = Date.now() + 4000; Date.now() < until || steady.acked < 10; i++) {
      await pingMs(pinger, `warm${i}`);
      baseline = Math.max(baseline, rssMb(child.pid!));
      await new Promise((r) => setTimeout(r, 100));
    }

    const flood = run("./support/flooder.ts", [String(port)], { FLOOD_MS: "10000" });
    await new Promise((r) => setTimeout(r, 500));
    const pings: number[] = [];
    let peak = baseline;
    const ackedBefore = steady.acked;
    for (let i = 0; flood.child.exitCode === null && i < 200; i++) {
      pings.push(await pingMs(pinger, `p${i}`));
      peak = Math.max(peak, rssMb(child.pid!));
      await new Promise((r) => setTimeout(r, 100));
    }
    const report = JSON.parse(await flood.output) as { frames: number; connections: number };
    peak = Math.max(peak, rssMb(child.pid!));
    const summary = `baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB; pings median ${median(pings).toFixed(1)} ms, max ${Math.max(...pings).toFixed(0)} ms; flood ${report.frames} frames on ${report.connections} connections`;
    console.info(`flood: ${summary}`);
    expect(report.connections, summary).toBeGreaterThan(1);
    expect(peak - baseline, summary).toBeLessThan(100);
    expect(pings.length, summary).toBeGreaterThan(10);
    expect(median(pings), summary).toBeLessThan(50);
    expect(Math.max(...pings), summary).toBeLessThan(2000);
    expect(steady.acked, summary).toBeGreaterThan(ackedBefore);
    await steady.stop();
    expect(steady.failures).toEqual([]);
    await pinger.close();
    child.kill("SIGKILL");
  }, 60_000);
});
