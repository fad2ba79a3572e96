// The generic property suite on the test fixture: it passes on a sound game and catches
// leaky views and inconsistent resampling.
import { describe, expect, it } from "vitest";
import { checkArrangementProperty, checkGameProperties, jsonProblem } from "../src/testing.ts";
import { biddingGame, makeBiddingGame } from "./fixtures/bidding.ts";

describe("checkGameProperties", () => {
  for (const seats of [2, 3, 4]) {
    for (const hand of [1, 2, 3]) {
      it(`passes on the fixture with ${seats} seats and hands of ${hand}`, () => {
        const report = checkGameProperties(biddingGame, { seats, options: { hand }, games: 150, seed: 100 * seats + hand });
        expect(report.games).toBe(150);
        expect(report.actions).toBeGreaterThan(150 * hand * seats - 1);
        expect(report.maxLength).toBeLessThanOrEqual(hand * (seats + 1));
        const wins = report.winsBySeat.reduce((a, b) => a + b, 0);
        expect(wins + report.draws).toBe(150);
      });
    }
  }

  it("reaches both a tie and a follow-up choice in random games", () => {
    // Otherwise the suite above would not exercise the claim step or the tie path.
    let claims = 0;
    let ties = 0;
    const game = {
      ...biddingGame,
      apply: (state: Parameters<typeof biddingGame.apply>[0], seat: number, action: Parameters<typeof biddingGame.apply>[2]) => {
        const events = biddingGame.apply(state, seat, action);
        for (const e of events) {
          if (e.type === "claimed") claims++;
          if (e.type === "revealed" && e.winner === null) ties++;
        }
        return events;
      },
    };
    checkGameProperties(game, { seats: 3, games: 100, seed: 5 });
    expect(claims).toBeGreaterThan(10);
    expect(ties).toBeGreaterThan(0);
  });

  it("catches a view that shows another seat's sealed commit", () => {
    expect(() => checkGameProperties(makeBiddingGame("sealed-bid"), { seats: 3, games: 50, seed: 1 })).toThrow(
      /shuffleHidden for seat \d.*a leak/,
    );
  });

  it("catches a view that shows a hand the seat may not see", () => {
    expect(() => checkGameProperties(makeBiddingGame("other-hand"), { seats: 2, games: 50, seed: 1 })).toThrow(
      /shuffleHidden for seat \d.*a leak/,
    );
  });

  it("catches a resample inconsistent with the view", () => {
    expect(() => checkGameProperties(makeBiddingGame("bad-resample"), { seats: 2, games: 50, seed: 1 })).toThrow(
      /resample for seat \d.*views differ/s,
    );
  });

  it("catches a game that never ends", () => {
    const endless = { ...biddingGame, maxActions: () => 1 };
    expect(() => checkGameProperties(endless, { seats: 2, games: 5 })).toThrow(/no end after 1 actions/);
  });

  it("catches a game that accepts junk", () => {
    const lax = { ...biddingGame, parseAction: (_s: unknown, _seat: number, raw: unknown) => ({ ok: true as const, value: raw as never }) };
    expect(() => checkGameProperties(lax, { seats: 2, games: 5 })).toThrow(/accepted junk/);
  });

  it("catches nondeterminism", () => {
    let calls = 0;
    const drifting = {
      ...biddingGame,
      setup: (setup: Parameters<typeof biddingGame.setup>[0]) => biddingGame.setup({ ...setup, seed: Number(setup.seed) + calls++ }),
    };
    expect(() => checkGameProperties(drifting, { seats: 2, games: 5 })).toThrow(/states from the same seed differ/);
  });

  it("checks toArrangement on every state: the fixture passes, alone and inside the suite", () => {
    const report = checkArrangementProperty(biddingGame, { seats: 3, options: { hand: 3 }, games: 100, seed: 9 });
    expect(report.states).toBeGreaterThan(100 * 9);
    let calls = 0;
    const counted = { ...biddingGame, toArrangement: (state: Parameters<typeof biddingGame.apply>[0]) => (calls++, biddingGame.toArrangement!(state)) };
    checkGameProperties(counted, { seats: 2, games: 20, seed: 3 });
    expect(calls).toBeGreaterThan(20 * 4);
  });

  it("catches an arrangement that loses a sealed commit", () => {
    expect(() => checkArrangementProperty(makeBiddingGame("arrangement-drops-bids"), { seats: 3, games: 20, seed: 1 })).toThrow(
      /arrangement.*(views of (spectator|\d)|decisions) differ/s,
    );
    expect(() => checkGameProperties(makeBiddingGame("arrangement-drops-bids"), { seats: 3, games: 20, seed: 1 })).toThrow(/arrangement.*differ/s);
  });

  it("catches a rebuilt game whose hidden cards are not those arranged", () => {
    expect(() => checkArrangementProperty(makeBiddingGame("arrangement-ignores-deck"), { seats: 2, games: 20, seed: 1 })).toThrow(
      /arrangement.*arrangement of the rebuilt game differ/s,
    );
  });

  it("catches an arrangement that is not plain JSON, or that fromArrangement refuses", () => {
    const notJson = { ...biddingGame, toArrangement: (state: Parameters<typeof biddingGame.apply>[0]) => ({ ...(biddingGame.toArrangement!(state) as object), at: undefined }) };
    expect(() => checkArrangementProperty(notJson, { seats: 2, games: 2 })).toThrow(/arrangement and its JSON round trip differ/);
    const refused = { ...biddingGame, toArrangement: () => ({ hands: [] }) };
    expect(() => checkArrangementProperty(refused, { seats: 2, games: 2 })).toThrow(/fromArrangement refused toArrangement's output: /);
  });

  it("catches a state that is not plain JSON (a class instance, a key set to undefined, a hole): its clone or its JSON round trip differs", () => {
    type S = Parameters<typeof biddingGame.apply>[0];
    const withValue = (extra: (state: S) => object) => ({ ...biddingGame, setup: (setup: Parameters<typeof biddingGame.setup>[0]) => Object.assign(biddingGame.setup(setup), extra(biddingGame.setup(setup))) });
    expect(() => checkGameProperties(withValue(() => ({ when: new Date(0) })), { seats: 2, games: 1 })).toThrow(/(clone|JSON round trip) differ/);
    expect(() => checkGameProperties(withValue(() => ({ gone: undefined })), { seats: 2, games: 1 })).toThrow(/(clone|JSON round trip) differ/);
    expect(() => checkGameProperties(withValue(() => ({ holes: [1, , 3] })), { seats: 2, games: 1 })).toThrow(/(clone|JSON round trip) differ/);
  });

  it("jsonProblem names where a value is not plain JSON, and passes plain JSON", () => {
    expect(jsonProblem({ a: [1, "x", true, null, { b: -2.5 }], c: {} })).toBeNull();
    expect(jsonProblem({ a: [1, { b: undefined }] })).toBe("$.a[1].b is undefined");
    expect(jsonProblem([0, [Number.NaN]])).toBe("$[1][0] is NaN");
    expect(jsonProblem({ at: new Date(0) })).toBe("$.at is a Date, not a plain object");
    expect(jsonProblem({ seen: new Set([1]) })).toBe("$.seen is a Set, not a plain object");
    expect(jsonProblem({ bare: Object.create(null) })).toBe("$.bare is a null-prototype object, not a plain object");
    expect(jsonProblem({ f: () => 1 })).toBe("$.f is a function");
    expect(jsonProblem({ n: 1n })).toBe("$.n is a bigint");
    expect(jsonProblem({ holes: [1, , 3] })).toBe("$.holes[1] is a hole");
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonProblem(cycle)).toMatch(/^\$(\.self)+ is nested over 200 deep/);
  });

  it("catches a rebuilt game that plays on differently", () => {
    // Hidden from every view and from the arrangement, it shows only after the next action.
    type S = Parameters<typeof biddingGame.apply>[0] & { doubled?: true };
    const drifting = {
      ...biddingGame,
      fromArrangement: (setup: Parameters<typeof biddingGame.fromArrangement>[0], raw: unknown) => {
        const built = biddingGame.fromArrangement(setup, raw);
        if (built.ok) (built.value as S).doubled = true;
        return built;
      },
      apply: (state: S, seat: number, action: Parameters<typeof biddingGame.apply>[2]) => {
        const events = biddingGame.apply(state, seat, action);
        if (state.doubled && action.type === "claim") state.scores[seat]! += action.card;
        return events;
      },
    };
    expect(() => checkArrangementProperty(drifting, { seats: 2, games: 20, seed: 1 })).toThrow(/arrangement, after seat \d plays .*differ/s);
  });
});

