// act(), playout() and determinism, on the test fixture.
import { describe, expect, it } from "vitest";
import { act, createRng, deepClone, noisyBot, playout, randomBot, SPECTATOR, type Bot } from "../src/index.ts";
import { biddingGame, type BiddingState } from "./fixtures/bidding.ts";

const fresh = (seed = 1, seats = 3): BiddingState => biddingGame.setup({ seats, options: biddingGame.optionsSchema.parse({}), seed });

/** Plays bids until the claim step; returns the state there (searching seeds for a unique winner). */
function atClaim(): BiddingState {
  for (let seed = 1; ; seed++) {
    const state = fresh(seed);
    for (let seat = 0; seat < 3; seat++) biddingGame.apply(state, seat, { type: "bid", card: state.hands[seat]![0]! });
    if (state.phase.type === "claim") return state;
  }
}

describe("act", () => {
  it("applies a legal action of a waiting seat", () => {
    const state = fresh();
    const card = state.hands[1]![0]!;
    const result = act(biddingGame, state, 1, { type: "bid", card });
    expect(result).toEqual({ ok: true, value: [{ type: "committed", seat: 1, card }] });
    expect(state.bids[1]).toBe(card);
    expect(biddingGame.decision(state)).toMatchObject({ type: "simultaneous", seats: [0, 2] });
  });

  it("refuses a seat with nothing to decide, and changes nothing", () => {
    const state = fresh();
    act(biddingGame, state, 1, { type: "bid", card: state.hands[1]![0]! });
    const before = deepClone(state);
    const again = act(biddingGame, state, 1, { type: "bid", card: state.hands[1]![0]! });
    expect(again).toMatchObject({ ok: false, error: { code: "not-your-turn" } });
    expect(act(biddingGame, state, 7, { type: "bid", card: 1 })).toMatchObject({ ok: false, error: { code: "not-your-turn" } });
    expect(state).toEqual(before);
  });

  it("refuses the follow-up choice to anyone but the round's winner", () => {
    const state = atClaim();
    const winner = state.phase.type === "claim" ? state.phase.winner : -1;
    const other = (winner + 1) % 3;
    const before = deepClone(state);
    expect(biddingGame.decision(state)).toMatchObject({ type: "turn", seat: winner });
    expect(act(biddingGame, state, other, { type: "claim", card: 1 })).toMatchObject({ ok: false, error: { code: "not-your-turn" } });
    expect(state).toEqual(before);
  });

  it("refuses illegal and malformed actions, and changes nothing", () => {
    const state = fresh();
    const before = deepClone(state);
    const missing = [1, 2, 3, 4, 5, 6].find((c) => !state.hands[0]!.includes(c))!;
    expect(act(biddingGame, state, 0, { type: "bid", card: missing })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    expect(act(biddingGame, state, 0, { type: "claim", card: state.hands[0]![0] })).toMatchObject({ ok: false, error: { code: "illegal-action" } });
    for (const junk of [null, undefined, 3, "bid", [], { type: "bid" }, { type: "bid", card: "3" }, { type: "fold" }]) {
      expect(act(biddingGame, state, 0, junk)).toMatchObject({ ok: false, error: { code: "malformed-action" } });
    }
    expect(state).toEqual(before);
  });

  it("refuses everything once the game is over", () => {
    const state = fresh(3, 2);
    playout(biddingGame, state, [randomBot(), randomBot()], createRng(1));
    expect(biddingGame.decision(state)).toEqual({ type: "over" });
    expect(act(biddingGame, state, 0, { type: "bid", card: 1 })).toMatchObject({ ok: false, error: { code: "game-over" } });
  });
});

describe("sealed commits", () => {
  it("are hidden from other seats' views and events until the reveal", () => {
    const state = fresh(4);
    const card = state.hands[0]![0]!;
    const events = biddingGame.apply(state, 0, { type: "bid", card });
    expect(biddingGame.view(state, 0).bids[0]).toBe(card);
    expect(biddingGame.view(state, 1).bids[0]).toBe("sealed");
    expect(biddingGame.view(state, SPECTATOR).bids[0]).toBe("sealed");
    expect(biddingGame.eventFor(events[0]!, 1)).toEqual({ type: "committed", seat: 0, card: null });
    expect(biddingGame.eventFor(events[0]!, SPECTATOR)).toEqual({ type: "committed", seat: 0, card: null });
    expect(biddingGame.eventFor(events[0]!, 0)).toEqual({ type: "committed", seat: 0, card });
  });
});

describe("playout", () => {
  it("plays to the end, giving each bot only its own view and legal actions", () => {
    const state = fresh(9, 4);
    const seen: number[] = [];
    const spy = (seat: number): Bot<unknown, unknown> => ({
      name: "spy",
      decide: ({ view, legal, seat: asked }) => {
        expect(asked).toBe(seat);
        expect(view).toEqual(biddingGame.view(state, seat));
        expect(view).not.toHaveProperty("deck");
        seen.push(seat);
        return legal[0];
      },
    });
    const steps: number[] = [];
    const played = playout(biddingGame, state, [0, 1, 2, 3].map(spy), createRng(2), (seat) => steps.push(seat));
    expect(biddingGame.decision(state).type).toBe("over");
    expect(played.length).toBe(steps.length);
    expect(played.length).toBeGreaterThanOrEqual(8);
    // A bot is asked only when it has a real choice (one legal action is played for it).
    expect(seen.length).toBeGreaterThan(0);
    expect(biddingGame.outcome(state)).not.toBeNull();
  });

  it("is deterministic: same seeds, same game; other seeds, other games", () => {
    const run = (seed: number) => {
      const state = fresh(seed, 3);
      const played = playout(biddingGame, state, [randomBot(), randomBot(), randomBot()], createRng(seed + 1));
      return { state, played };
    };
    expect(run(11)).toEqual(run(11));
    const finals = new Set([11, 12, 13, 14, 15].map((seed) => JSON.stringify(run(seed).played)));
    expect(finals.size).toBeGreaterThan(1);
  });

  it("replaying the actions of a game reproduces it exactly", () => {
    const original = fresh(21, 3);
    const played = playout(biddingGame, original, [randomBot(), randomBot(), randomBot()], createRng(5));
    const replay = fresh(21, 3);
    for (const { seat, action } of played) expect(act(biddingGame, replay, seat, JSON.parse(JSON.stringify(action))).ok).toBe(true);
    expect(replay).toEqual(original);
  });

  it("noisyBot plays its bot's move, or at the given rate a random legal one", () => {
    const first: Bot<unknown, number> = { name: "first", decide: ({ legal }) => legal[0]! };
    const legal = [1, 2, 3, 4, 5, 6, 7, 8];
    const rng = createRng(3);
    const never = noisyBot(first, 0, "never");
    expect(never.name).toBe("never");
    for (let i = 0; i < 50; i++) expect(never.decide({ view: null, seat: 0, legal, rng })).toBe(1);
    const always = noisyBot(first, 1, "always");
    const seen = new Set(Array.from({ length: 200 }, () => always.decide({ view: null, seat: 0, legal, rng })));
    expect(seen.size).toBe(legal.length);
  });
});
