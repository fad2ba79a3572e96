// `grimoire review`: a recorded game of the engine's test fixture reviewed for one seat, as text
// in both languages and as JSON; a progress bar on a terminal; bad arguments refused in one line.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng, playout, REVIEW_KINDS, type Review } from "@grimoire/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";
import { runCli } from "./support/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-review-"));
const file = join(dir, "game.json");

beforeAll(() => {
  const options = biddingGame.optionsSchema.parse({ hand: 3 });
  const initial = biddingGame.setup({ seats: 2, options, seed: 21 });
  const bots = [biddingGame.bots.random!.create(), biddingGame.bots.greedy!.create()];
  const actions = playout(biddingGame, biddingGame.clone(initial), bots as never, createRng(4));
  writeFileSync(file, JSON.stringify({ game: "bidding", seats: ["Ada", "Bo"], options, seed: 21, actions }));
});

describe("grimoire review", () => {
  it("prints every decision of the seat with its label and a summary, the same for the same seed", async () => {
    const { code, stdout, stderr } = await runCli(["review", file, "--as", "1"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Review of your decisions: \d+ rated; values are chances of winning the game\./);
    expect(stdout).toMatch(/#1 bid \d+: (good|inaccuracy|mistake|blunder) \(by rollouts\)/);
    expect(stdout).toMatch(/: not judged \(forced, or every choice equal\)/);
    expect(stdout).toMatch(/\d+ decisions?, average loss [\d.]+%: \d+ good, \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?(, \d+ not judged)?\./);
    expect((await runCli(["review", file, "--as", "1"])).stdout).toBe(stdout);
  }, 60_000);

  it("speaks French", async () => {
    const { code, stdout } = await runCli(["review", file, "--as", "2", "--lang", "fr"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Analyse de vos décisions\u00a0: \d+ notées?/);
    expect(stdout).toMatch(/perte moyenne [\d,]+\u00a0%\u00a0:/);
  }, 60_000);

  it("prints the review as JSON", async () => {
    const { code, stdout } = await runCli(["review", file, "--as", "2", "--json", "--seed", "9"]);
    expect(code).toBe(0);
    const review = JSON.parse(stdout) as Review;
    expect(review).toMatchObject({ game: "bidding", seat: 1, seed: 9, unit: "win" });
    expect(review.decisions.length).toBeGreaterThan(0);
    expect(review.summary.decisions).toBe(review.decisions.length);
    for (const decision of review.decisions) expect(decision.choices[decision.chosen]!.value).toBe(decision.value);
    // Which kind of value each decision got (issue #28): the last card of a hand is forced, not judged.
    for (const decision of review.decisions) {
      expect(REVIEW_KINDS).toContain(decision.kind);
      expect(decision.label === null).toBe(decision.kind === "not-judged");
      if (decision.legal === 1) expect(decision.kind).toBe("not-judged");
    }
    expect(review.decisions.some((decision) => decision.legal === 1)).toBe(true);
    expect(review.decisions.some((decision) => decision.kind === "rollout")).toBe(true);
    expect(review.summary.notJudged).toBe(review.decisions.filter((decision) => decision.kind === "not-judged").length);
  }, 60_000);

  it("shows a progress bar on a terminal", async () => {
    let err = "";
    const { code } = await runCli(["review", file, "--as", "1"], "", { stderr: { write: (text: string) => (err += text), isTTY: true } });
    expect(code).toBe(0);
    expect(err).toMatch(/review \[.*\] \d+\/\d+ decisions/);
  }, 60_000);

  it("refuses bad arguments with one line", async () => {
    const cases: [string[], RegExp][] = [
      [["review", file, "--as", "3"], /^grimoire: --as: expected a seat from 1 to 2, got 3$/],
      [["review", file, "--as", "1", "--seed", "x"], /^grimoire: --seed: expected an integer or 32 hex digits, got "x"$/],
      [["review", join(dir, "none.json"), "--as", "1"], /^grimoire: cannot read .*none\.json: ENOENT$/],
    ];
    for (const [args, line] of cases) {
      const { code, stderr } = await runCli(args);
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(line);
    }
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ game: "bidding", seats: 2, options: {}, seed: 1, actions: [{ seat: 0, action: { card: 99 } }] }));
    const { code, stderr } = await runCli(["review", bad, "--as", "1"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^grimoire: .*bad\.json: actions\[0\]/);
  });
});
