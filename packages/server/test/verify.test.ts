// Fairness: the record of a finished match verifies (seed hash, replayed events, outcome), and
// any tampering is reported as a mismatch. Also through `grimoire verify FILE`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/test/support/harness.ts";
import { verifyRecord } from "../../cli/src/commands/verify.ts";
import { sha256 } from "../src/index.ts";
import { games } from "./support/catalog.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

const findGame = (id: string) => games.find((g) => g.id === id);
let server: TestServer;
let record: any;
beforeAll(async () => {
  server = await boot();
  const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "medium" }] });
  const id = created.body.table.id as string;
  expect((await http(server, "GET", `/api/tables/${id}/record`)).body.error?.code ?? "not-finished").toBe("not-finished");
  const watcher = await Client.open(server);
  watcher.send({ type: "hello", tableId: id });
  const sync = await watcher.waitFor("sync");
  const over = await watcher.waitFor("over", () => true, 0, 60_000);
  expect(sha256(over.seed)).toBe(sync.seedHash);
  await watcher.close();
  record = (await http(server, "GET", `/api/tables/${id}/record`)).body;
}, 90_000);
afterAll(async () => {
  await server.stop();
});

describe("verify", () => {
  it("a genuine record verifies", () => {
    const report = verifyRecord(record, findGame);
    expect(report.lines.join("\n")).not.toContain("MISMATCH");
    expect(report.ok).toBe(true);
    expect(report.lines.length).toBeGreaterThanOrEqual(4);
  });

  it("another seed, other actions, another outcome or other events: a clear mismatch", () => {
    const otherSeed = { ...record, seed: "0".repeat(31) + "1" };
    expect(verifyRecord(otherSeed, findGame).ok).toBe(false);
    expect(verifyRecord(otherSeed, findGame).lines.join("\n")).toContain("does not hash");
    const otherOutcome = { ...record, outcome: { ...record.outcome, scores: record.outcome.scores.map((s: number) => s + 1) } };
    expect(verifyRecord(otherOutcome, findGame).lines.join("\n")).toMatch(/MISMATCH: the replayed outcome/);
    const otherEvents = { ...record, eventsHash: "0".repeat(64) };
    expect(verifyRecord(otherEvents, findGame).lines.join("\n")).toMatch(/MISMATCH: the replayed events differ/);
    const cut = { ...record, actions: record.actions.slice(0, -1) };
    expect(verifyRecord(cut, findGame).ok).toBe(false);
    const swapped = { ...record, actions: [...record.actions].reverse() };
    expect(verifyRecord(swapped, findGame).lines.join("\n")).toContain("MISMATCH");
    expect(verifyRecord("nope", findGame).ok).toBe(false);
  });

  it("grimoire verify FILE prints each check and fails with a non-zero code on a mismatch", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grimoire-verify-"));
    const good = join(dir, "good.json");
    const bad = join(dir, "bad.json");
    writeFileSync(good, JSON.stringify(record));
    writeFileSync(bad, JSON.stringify({ ...record, eventsHash: "f".repeat(64) }));
    const cli = (file: string) => runCli(["verify", file], "", { games });
    const ok = await cli(good);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("verified");
    const failed = await cli(bad);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("MISMATCH");
    expect(failed.stderr).toContain("verification FAILED");
    rmSync(dir, { recursive: true, force: true });
  });
});
