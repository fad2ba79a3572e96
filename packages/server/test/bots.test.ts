// The bot pool: worker threads that get a view and legal actions, and a time budget with a
// random legal fallback.
import { afterAll, describe, expect, it } from "vitest";
import { BotPool } from "../src/bots.ts";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";
import { TEST_CATALOG } from "./support/harness.ts";

const pool = new BotPool(TEST_CATALOG, 1, 1000);
afterAll(async () => {
  await pool.close();
});

describe("bot pool", () => {
  const state = biddingGame.setup({ seats: 2, options: { hand: 3 }, seed: 7 });
  const legal = biddingGame.legalActions(state, 0);
  const view = biddingGame.view(state, 0);

  it("a worker thread decides from the view and the legal actions", async () => {
    const answer = await pool.decide({ game: "bidding", bot: "greedy", view, seat: 0, legal });
    expect(answer.source).toBe("bot");
    // greedy bids its highest card
    expect(answer.action).toEqual({ type: "bid", card: Math.max(...state.hands[0]!) });
  }, 30_000);

  it("a bot over its budget is replaced by a random legal action, and the pool keeps working", async () => {
    const started = Date.now();
    const answer = await pool.decide({ game: "bidding-slow", bot: "sleepy", view, seat: 0, legal });
    expect(answer.source).toBe("fallback");
    expect(legal).toContainEqual(answer.action);
    expect(Date.now() - started).toBeLessThan(2900);
    const next = await pool.decide({ game: "bidding", bot: "random", view, seat: 0, legal });
    expect(next.source).toBe("bot");
  }, 30_000);

  it("an unknown bot falls back to a legal action", async () => {
    const answer = await pool.decide({ game: "bidding", bot: "nobody", view, seat: 0, legal });
    expect(answer.source).toBe("fallback");
    expect(legal).toContainEqual(answer.action);
  }, 30_000);
});
