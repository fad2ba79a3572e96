// Secrecy and reconnection on the sealed-bids fixture: each seat sees only its own hand and
// its own version of each event; nothing of another seat's sealed bid before the reveal.
import { createRng } from "@grimoire/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "./support/catalog.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await boot();
});
afterAll(async () => {
  await server.stop();
});

async function table(hand = 2) {
  const created = await http(server, "POST", "/api/tables", { game: "bidding", options: { hand }, seats: [{ kind: "open" }, { kind: "open" }] });
  const id = created.body.table.id as string;
  const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
  const b = await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
  return { id, tokens: [a.body.token as string, b.body.token as string] };
}

async function hello(id: string, token?: string, since?: number) {
  const c = await Client.open(server);
  c.send({ type: "hello", tableId: id, ...(token ? { token } : {}), ...(since !== undefined ? { since } : {}) });
  await c.waitFor("welcome");
  return c;
}

describe("secrecy", () => {
  it("views and events: own hand only; a sealed bid stays sealed until the reveal", async () => {
    const { id, tokens } = await table(2);
    const ann = await hello(id, tokens[0]);
    const bob = await hello(id, tokens[1]);
    const spec = await hello(id);
    const annSync = await ann.waitFor("sync");
    const bobSync = await bob.waitFor("sync");
    const specSync = await spec.waitFor("sync");
    const annView = annSync.view as { hand: number[]; handSizes: number[] };
    expect(annView.hand).toHaveLength(2);
    expect((bobSync.view as { hand: number[] }).hand).toHaveLength(2);
    expect((specSync.view as { hand: number[] }).hand).toEqual([]);
    expect(bobSync.legal!.every((l) => (bobSync.view as { hand: number[] }).hand.includes((l.action as { card: number }).card))).toBe(true);
    expect(specSync.legal).toEqual([]);

    // Ann commits her highest card: Bob and the spectator learn only that she committed.
    const card = Math.max(...annView.hand);
    ann.send({ type: "act", action: { type: "bid", card }, ref: "a" });
    await ann.waitFor("ack");
    const bobUpdate = await bob.waitFor("update", (u) => u.version === 1);
    const specUpdate = await spec.waitFor("update", (u) => u.version === 1);
    const annUpdate = await ann.waitFor("update", (u) => u.version === 1);
    expect(JSON.stringify(annUpdate.events)).toContain(`"card":${card}`);
    for (const u of [bobUpdate, specUpdate]) {
      expect(u.actor).toBe(0);
      expect(u.events).toEqual([{ type: "committed", seat: 0, card: null }]);
      expect((u.view as { bids: unknown[] }).bids[0]).toBe("sealed");
      expect(u.decision.seats).toEqual([1]);
    }
    expect((annUpdate.view as { bids: unknown[] }).bids[0]).toBe(card);
    // Bob acting for Ann is impossible: his token is his seat; Ann cannot bid twice.
    ann.send({ type: "act", action: { type: "bid", card: annView.hand.find((c) => c !== card) ?? card }, ref: "twice" });
    expect((await ann.waitFor("error", (e) => e.ref === "twice")).code).toBe("not-your-turn");
    // Bob commits: the reveal shows both bids to everyone.
    const bobCard = (bobSync.view as { hand: number[] }).hand[0]!;
    bob.send({ type: "act", action: { type: "bid", card: bobCard } });
    const reveal = await spec.waitFor("update", (u) => u.version === 2);
    expect(reveal.events).toContainEqual(expect.objectContaining({ type: "revealed" }));
    // Before the reveal, Bob's view changed only by "seat 0 has committed": the same as before
    // with Ann's bid sealed and her hand one card smaller; nothing says which card.
    const before = bobSync.view as { bids: unknown[]; handSizes: number[] };
    const expected = { ...before, bids: ["sealed", ...before.bids.slice(1)], handSizes: [before.handSizes[0]! - 1, ...before.handSizes.slice(1)] };
    expect(bobUpdate.view).toEqual(expected);
    expect(JSON.stringify(bobUpdate.events)).not.toContain(`"card":${card}`);
    await Promise.all([ann.close(), bob.close(), spec.close()]);
  });
});

describe("reconnection", () => {
  it("a seat coming back with its token gets the events it missed, or a full sync", async () => {
    const { id, tokens } = await table(3);
    const ann = await hello(id, tokens[0]);
    const first = await ann.waitFor("sync");
    await ann.close();
    const bob = await hello(id, tokens[1]);
    const bobSync = await bob.waitFor("sync");
    // While Ann is away, Bob commits (version 1).
    bob.send({ type: "act", action: bobSync.legal![0]!.action });
    await bob.waitFor("ack");
    const back = await hello(id, tokens[0], first.version);
    const missed = await back.waitFor("update", (u) => u.version === 1);
    expect(missed.actor).toBe(1);
    expect(missed.events).toEqual([{ type: "committed", seat: 1, card: null }]);
    expect(back.of("sync")).toHaveLength(0);
    // Without `since`: a full sync at the current version.
    const fresh = await hello(id, tokens[0]);
    expect((await fresh.waitFor("sync")).version).toBe(1);
    // Far behind (or a future version): a full sync instead of updates.
    const confused = await hello(id, tokens[0], 999);
    expect((await confused.waitFor("sync")).version).toBe(1);
    expect(confused.of("update")).toHaveLength(0);
    await confused.close();
    // A stolen-looking token is refused, a seat's token proves only that seat.
    const c = await Client.open(server);
    c.send({ type: "hello", tableId: id, token: tokens[1]!.slice(0, -2) + "AA" });
    expect((await c.waitFor("error")).code).toBe("not-authorized");
    await Promise.all([back.close(), fresh.close(), bob.close(), c.close()]);
  });
});

describe("every registered game: each viewer receives exactly the engine's projection", () => {
  for (const game of games.filter((g) => g.id !== "bidding-slow")) {
    it(`${game.id}: seat 1 and a spectator get game.view / game.eventFor for them at every version, nothing more`, async () => {
      const seats = [{ kind: "open" }, ...Array.from({ length: game.minSeats - 1 }, () => ({ kind: "bot", level: "easy" }))];
      const created = await http(server, "POST", "/api/tables", { game: game.id, seats });
      const id = created.body.table.id as string;
      // Seat 0 connects before the match starts (joining fills the last seat), so it sees every version.
      const spec = await hello(id);
      const joined = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
      const me = await hello(id, joined.body.token);
      // Ann plays her first legal action whenever she must decide (built from her view, through
      // the game's resampler, when the game has too many actions to list).
      await me.playUntilOver(0, (latest) =>
        latest.legal && latest.legal.length > 0 ? latest.legal[0]!.action : game.legalActions(game.resample(latest.view, 0, createRng(latest.version + 1)), 0)[0],
      );
      await spec.waitFor("over");
      const record = (await http(server, "GET", `/api/tables/${id}/record`)).body;
      const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse(record.options), seed: record.seed });
      const expected = new Map<number, { view0: unknown; viewS: unknown; events0: unknown[]; eventsS: unknown[] }>();
      expected.set(0, { view0: game.view(state, 0), viewS: game.view(state, "spectator"), events0: [], eventsS: [] });
      record.actions.forEach((a: { seat: number; action: unknown }, i: number) => {
        const parsed = game.parseAction(state, a.seat, a.action);
        if (!parsed.ok) throw new Error(parsed.error.message);
        const events = game.apply(state, a.seat, parsed.value);
        expected.set(i + 1, {
          view0: game.view(state, 0),
          viewS: game.view(state, "spectator"),
          events0: events.map((e) => game.eventFor(e, 0)).filter((e) => e !== null),
          eventsS: events.map((e) => game.eventFor(e, "spectator")).filter((e) => e !== null),
        });
      });
      const mine = me.of("update");
      const theirs = spec.of("update");
      // Seat 0 said hello right after joining: a bot may have played first; its sync shows that version.
      const firstSync = me.of("sync")[0]!;
      expect(firstSync.view).toEqual(expected.get(firstSync.version)!.view0);
      expect(mine.map((u) => u.version)).toEqual(record.actions.map((_: unknown, i: number) => i + 1).filter((v: number) => v > firstSync.version));
      expect(theirs.map((u) => u.version)).toEqual(record.actions.map((_: unknown, i: number) => i + 1));
      for (const u of mine) {
        expect(u.view).toEqual(expected.get(u.version)!.view0);
        expect(u.events).toEqual(expected.get(u.version)!.events0);
      }
      for (const u of theirs) {
        expect(u.view).toEqual(expected.get(u.version)!.viewS);
        expect(u.events).toEqual(expected.get(u.version)!.eventsS);
        expect(u.legal).toEqual([]);
      }
      await Promise.all([me.close(), spec.close()]);
    }, 90_000);
  }
});

describe("a seated player watching its own table", () => {
  it("Abraca…What? with spectatorsSeeHands: the spectator connection shows no hand during a round", async () => {
    const created = await http(server, "POST", "/api/tables", {
      game: "abracadawhat",
      options: { spectatorsSeeHands: true },
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const id = created.body.table.id as string;
    const a = await http(server, "POST", `/api/tables/${id}/join`, { name: "Ann" });
    await http(server, "POST", `/api/tables/${id}/join`, { name: "Bob" });
    const ann = await hello(id, a.body.token);
    const annAsSpectator = await hello(id);
    const seated = (await ann.waitFor("sync")).view as { hands: unknown[] };
    const watched = (await annAsSpectator.waitFor("sync")).view as { hands: unknown[] };
    expect(seated.hands[0]).toBeNull();
    expect(watched.hands).toEqual([null, null]);
    await Promise.all([ann.close(), annAsSpectator.close()]);
  });
});
