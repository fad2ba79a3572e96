// Post-game reviews and hints on the server: who is rated (one predicate), hints given where no
// rated result is at stake and refused at rated tables, the review endpoint computing a finished
// match's review once (pending, then stored), and a live match's bot decisions staying within
// their budget while reviews are computed in the same workers.
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import type { BotJob, BotRunner, ReviewJob } from "../src/bots.ts";
import { BotPool } from "../src/bots.ts";
import { hintsAllowed, isRated, ratingsApply } from "../src/rated.ts";
import { boot, Client, http, TEST_CATALOG, type TestServer } from "./support/harness.ts";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";

const BUDGET_MS = 3000;

/** Polls a table until it is over. */
async function untilOver(server: TestServer, id: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await http(server, "GET", `/api/tables/${id}`)).body.table.status === "over") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`table ${id} not over after ${ms} ms`);
}

/** Polls the review endpoint until the review is stored. */
async function reviewOf(server: TestServer, id: string, seat: number, ms = 120_000): Promise<any> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const answer = await http(server, "GET", `/api/tables/${id}/review?seat=${seat}`);
    if (answer.status === 200) return answer.body.review;
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe("pending");
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("review not ready");
}

describe("a rated table (the one predicate)", () => {
  const seat = (kind: "open" | "human" | "bot", player: string | null = null) => ({ kind, player });
  it("without ratings: two human seats or more and no agreement to hints", () => {
    expect(isRated({ seats: [seat("human"), seat("open")], rated: false, hints: false })).toBe(true);
    expect(isRated({ seats: [seat("human"), seat("human"), seat("bot")], rated: false, hints: false })).toBe(true);
    expect(isRated({ seats: [seat("human"), seat("human")], rated: false, hints: true })).toBe(false);
    expect(isRated({ seats: [seat("human"), seat("bot"), seat("bot")], rated: false, hints: false })).toBe(false);
    expect(hintsAllowed({ seats: [seat("human"), seat("bot")], rated: false, hints: false })).toBe(true);
    expect(hintsAllowed({ seats: [seat("open"), seat("open")], rated: false, hints: false })).toBe(false);
  });
  it("an account alone against bots at a rated table plays for its rating: no hints; a guest there may have them", () => {
    expect(ratingsApply({ seats: [seat("human", "p1"), seat("bot")], rated: true, hints: false })).toBe(true);
    expect(hintsAllowed({ seats: [seat("human", "p1"), seat("bot")], rated: true, hints: false })).toBe(false);
    expect(hintsAllowed({ seats: [seat("human"), seat("bot")], rated: true, hints: false })).toBe(true);
    // hints agreed at creation: never rated
    expect(ratingsApply({ seats: [seat("human", "p1"), seat("human", "p2")], rated: true, hints: true })).toBe(false);
    expect(hintsAllowed({ seats: [seat("human", "p1"), seat("human", "p2")], rated: true, hints: true })).toBe(true);
    // an account twice, or a guest among accounts: unrated
    expect(ratingsApply({ seats: [seat("human", "p1"), seat("human", "p1")], rated: true, hints: false })).toBe(false);
    expect(ratingsApply({ seats: [seat("human", "p1"), seat("human")], rated: true, hints: false })).toBe(false);
  });
});

describe("the bot pool", () => {
  it("serves a live decision at once while reviews keep a worker busy, and runs reviews when it is idle", async () => {
    const pool = new BotPool(TEST_CATALOG, 2, BUDGET_MS);
    try {
      await pool.ready();
      const state = biddingGame.setup({ seats: 2, options: biddingGame.optionsSchema.parse({}), seed: 5 });
      const job = { game: "bidding-slow", view: biddingGame.view(state, 0), seat: 0, legal: biddingGame.legalActions(state, 0), chosen: null, index: 0, seed: 1 };
      // Four reviews of a second each: one worker takes them one after another, the other stays free.
      const reviews = [0, 1, 2, 3].map(() => pool.review(job));
      await new Promise((r) => setTimeout(r, 200));
      expect(pool.reviewsQueued).toBe(3);
      const start = performance.now();
      const answer = await pool.decide({ game: "bidding", bot: "greedy", view: job.view, seat: 0, legal: job.legal });
      const took = performance.now() - start;
      expect(answer.source).toBe("bot");
      // Far less than the second a review holds its worker: it did not wait for one.
      expect(took).toBeLessThan(500);
      const done = await Promise.all(reviews);
      expect(done.every((r) => r !== null && r.choices.length === job.legal.length)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe("hints and reviews on a server", () => {
  let server: TestServer;
  const decisions: { table: string | undefined; ms: number; source: string; duringReviews: boolean }[] = [];
  let reviewsInFlight = 0;
  const inFlightBy = new Map<string, number>();
  const maxInFlightBy = new Map<string, number>();
  beforeAll(async () => {
    const pool = new BotPool(TEST_CATALOG, 2, BUDGET_MS);
    // The pool, with each live decision timed from the hub's request to its answer.
    const bots: BotRunner = {
      async decide(job: BotJob) {
        const start = performance.now();
        const duringReviews = reviewsInFlight > 0;
        const answer = await pool.decide(job);
        decisions.push({ table: job.table, ms: performance.now() - start, source: answer.source, duringReviews });
        return answer;
      },
      review: (job: ReviewJob) => {
        reviewsInFlight++;
        // Per queue (a table's hints, a seat's review): how many at once, at most.
        const key = job.queue ?? "";
        const now = (inFlightBy.get(key) ?? 0) + 1;
        inFlightBy.set(key, now);
        maxInFlightBy.set(key, Math.max(maxInFlightBy.get(key) ?? 0, now));
        return pool.review(job).finally(() => {
          reviewsInFlight--;
          inFlightBy.set(key, inFlightBy.get(key)! - 1);
        });
      },
      close: () => pool.close(),
    };
    server = await boot({ bots, botBudgetMs: BUDGET_MS, limits: { reviewsRunning: 2 } });
  }, 60_000);
  afterAll(() => server.stop());

  async function seated(seats: unknown[], hints?: boolean): Promise<{ id: string; clients: Client[]; table: any; tokens: string[] }> {
    // Three cards: at least two values (the deck has two copies of each), so a hint always has a choice.
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats, ...(hints === undefined ? {} : { hints }) });
    expect(created.status).toBe(200);
    const id = created.body.table.id as string;
    const tokens: string[] = [];
    for (const [i, s] of seats.entries()) {
      if ((s as { kind: string }).kind === "open") tokens.push((await http(server, "POST", `/api/tables/${id}/join`, { name: `P${i}`, seat: i })).body.token);
    }
    const clients: Client[] = [];
    for (const token of tokens) {
      const client = await Client.open(server);
      client.send({ type: "hello", tableId: id, token });
      await client.waitFor("sync");
      clients.push(client);
    }
    // The table once seated: whether hints are allowed depends on who sat (an account, at a rated table, plays for its rating).
    return { id, clients, tokens, table: (await http(server, "GET", `/api/tables/${id}`)).body.table };
  }

  it("gives a hint to the only human at a table of bots: every choice scored from its view", async () => {
    const { clients, table } = await seated([{ kind: "open" }, { kind: "bot", level: "medium" }]);
    expect(table.hints).toBe(true);
    const [me] = clients;
    me!.send({ type: "hint", ref: "h1" });
    const hint = await me!.waitFor("hint", (m) => m.ref === "h1");
    expect(hint.review).not.toBeNull();
    expect(hint.review!.choices.length).toBeGreaterThan(1);
    expect(hint.review!.loss).toBe(0);
    me!.ws.close();
  }, 60_000);

  it("a hint flood is bounded: one hint in flight per seat, the rest refused with a time to retry; another table's hint still comes within a second", async () => {
    const flood = await seated([{ kind: "open" }, { kind: "bot", level: "medium" }]);
    const [first] = flood.clients;
    // A second connection holding the same seat (another tab).
    const second = await Client.open(server);
    second.send({ type: "hello", tableId: flood.id, token: flood.tokens[0] });
    await second.waitFor("sync");
    const other = await seated([{ kind: "open" }, { kind: "bot", level: "medium" }]);
    // Twenty a second on each connection for one second; another table asks in the middle of it.
    let asked = 0;
    const answered = other.clients[0]!.waitFor("hint", (m) => m.ref === "other").then((hint) => ({ hint, at: performance.now() }));
    for (let i = 0; i < 20; i++) {
      first!.send({ type: "hint", ref: `f${i}` });
      second.send({ type: "hint", ref: `s${i}` });
      if (i === 10) {
        asked = performance.now();
        other.clients[0]!.send({ type: "hint", ref: "other" });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const { hint: answer, at } = await answered;
    expect(answer.review).not.toBeNull();
    expect(at - asked).toBeLessThan(1000);
    // Every ask is answered, by a hint or a refusal with a time to retry.
    const replies = (c: Client, prefix: string) => [...c.of("hint"), ...c.of("error")].filter((m) => m.ref?.startsWith(prefix));
    for (let i = 0; i < 600 && replies(first!, "f").length + replies(second, "s").length < 40; i++) await new Promise((r) => setTimeout(r, 50));
    const all = [...replies(first!, "f"), ...replies(second, "s")];
    expect(all).toHaveLength(40);
    const refused = all.filter((m) => m.type === "error");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.type === "error" && e.code === "rate-limited" && (e.params as { retryAfterMs: number }).retryAfterMs > 0)).toBe(true);
    // Never two hints of that seat computed at once, however many connections asked.
    expect(maxInFlightBy.get(`hints:${flood.id}`)).toBe(1);
    for (const c of [...flood.clients, second, ...other.clients]) c.ws.close();
  }, 60_000);

  it("refuses hints at a rated table, gives them where every human agreed at creation", async () => {
    const rated = await seated([{ kind: "open" }, { kind: "open" }]);
    expect(rated.table.hints).toBe(false);
    rated.clients[0]!.send({ type: "hint", ref: "r" });
    const refused = await rated.clients[0]!.waitFor("error", (m) => m.ref === "r");
    expect(refused.code).toBe("hints-refused");
    const agreed = await seated([{ kind: "open" }, { kind: "open" }], true);
    expect(agreed.table.hints).toBe(true);
    agreed.clients[1]!.send({ type: "hint", ref: "a" });
    const hint = await agreed.clients[1]!.waitFor("hint", (m) => m.ref === "a");
    expect(hint.review!.choices.length).toBeGreaterThan(1);
    // A spectator has no seat to hint for.
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: agreed.id });
    await watcher.waitFor("sync");
    watcher.send({ type: "hint", ref: "w" });
    expect((await watcher.waitFor("error", (m) => m.ref === "w")).code).toBe("not-authorized");
    for (const c of [...rated.clients, ...agreed.clients, watcher]) c.ws.close();
  }, 60_000);

  it("computes a finished match's review once: pending, then stored and served as stored", async () => {
    const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 3 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "medium" }] });
    const id = created.body.table.id as string;
    await untilOver(server, id);
    expect((await http(server, "GET", `/api/tables/${id}/review?seat=2`)).body.error.code).toBe("bad-seat");
    expect((await http(server, "GET", `/api/tables/${id}/review`)).status).toBe(400);
    const first = await http(server, "GET", `/api/tables/${id}/review?seat=0`);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: "pending", done: 0 });
    const review = await reviewOf(server, id, 0);
    expect(review).toMatchObject({ game: "bidding", seat: 0, unit: "win" });
    expect(review.decisions.length).toBeGreaterThan(0);
    expect(await server.storage.getReview(id, 0)).toEqual(review);
    expect(await http(server, "GET", `/api/tables/${id}/review?seat=0`)).toEqual({ status: 200, body: { status: "done", review } });
    // A match still being played has no review yet.
    const live = await seated([{ kind: "open" }, { kind: "bot", level: "easy" }]);
    expect((await http(server, "GET", `/api/tables/${live.id}/review?seat=0`)).body.error.code).toBe("not-finished");
    live.clients[0]!.ws.close();
  }, 120_000);

  it("does not make a running match's bot decisions overrun their budget while reviews are computed", async () => {
    // A finished Abraca…What? match to review (about 0.1 s a decision reviewed)…
    const done = await http(server, "POST", "/api/tables", { game: "abracadawhat", seats: [{ kind: "bot", level: "medium" }, { kind: "bot", level: "medium" }] });
    const doneId = done.body.table.id as string;
    const other = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand: 2 }, seats: [{ kind: "bot", level: "easy" }, { kind: "bot", level: "easy" }] });
    await untilOver(server, doneId);
    await untilOver(server, other.body.table.id);
    // …reviewed for both seats while a match of the hard level runs; a third review at once is
    // over the limit (2 here) until one ends, while asking again for a running one is not.
    expect((await http(server, "GET", `/api/tables/${doneId}/review?seat=0`)).status).toBe(202);
    expect((await http(server, "GET", `/api/tables/${doneId}/review?seat=1`)).status).toBe(202);
    expect((await http(server, "GET", `/api/tables/${doneId}/review?seat=1`)).status).toBe(202);
    const third = await http(server, "GET", `/api/tables/${other.body.table.id}/review?seat=0`);
    expect(third.status).toBe(503);
    expect(third.body.error).toMatchObject({ code: "unavailable", params: { retryAfterMs: 5000 } });
    // Incantibus' hard level: rollouts of about 10 ms a decision, so the budget measures waiting, not a loaded machine.
    const live = await http(server, "POST", "/api/tables", { game: "incantibus", seats: [{ kind: "bot", level: "hard" }, { kind: "bot", level: "hard" }] });
    const liveId = live.body.table.id as string;
    const reviews = Promise.all([reviewOf(server, doneId, 0, 300_000), reviewOf(server, doneId, 1, 300_000)]);
    await untilOver(server, liveId, 300_000);
    const reviewed = await reviews;
    expect(reviewed.every((r) => r.decisions.length > 0)).toBe(true);
    const mine = decisions.filter((d) => d.table === liveId);
    expect(mine.length).toBeGreaterThan(10);
    // Reviews were being computed during a good part of the match.
    expect(mine.filter((d) => d.duringReviews).length).toBeGreaterThan(10);
    // Every decision by the bot itself (no random fallback), each within its budget.
    expect(mine.filter((d) => d.source !== "bot")).toEqual([]);
    expect(Math.max(...mine.map((d) => d.ms))).toBeLessThan(BUDGET_MS);
  }, 400_000);
});
