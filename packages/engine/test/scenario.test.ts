// loadScenario and replayScenario: untrusted files become games, or one error naming the field.
import { describe, expect, it } from "vitest";
import { createRng, loadScenario, playout, randomBot, replayScenario, rollDie, type AnyGame, type ReplayStep } from "../src/index.ts";
import { biddingGame, type BiddingState } from "./fixtures/bidding.ts";

const findGame = (id: string): AnyGame | undefined => (id === biddingGame.id ? biddingGame : undefined);
const DECK = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1];
const base = { game: "bidding", seats: 2, options: { hand: 2 }, seed: 7 };

function loadError(raw: unknown): string {
  const loaded = loadScenario(raw, findGame);
  if (loaded.ok) throw new Error("expected an error");
  return loaded.error;
}

describe("loadScenario", () => {
  it("loads a minimal file with defaults, like setup from the seed", () => {
    const loaded = loadScenario({ game: "bidding", seats: 3 }, findGame);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.names).toEqual(["Seat 1", "Seat 2", "Seat 3"]);
    expect(loaded.value.options).toEqual({ hand: 2 });
    expect(loaded.value.actions).toEqual([]);
    expect(loaded.value.initial).toEqual(biddingGame.setup({ seats: 3, options: { hand: 2 }, seed: 1 }));
  });

  it("uses seat names and an arrangement, and forces dice", () => {
    const loaded = loadScenario({ ...base, seats: ["Ann", "Bob"], arrangement: { deck: DECK }, dice: [3, 4] }, findGame);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const initial = loaded.value.initial as BiddingState;
    expect(loaded.value.names).toEqual(["Ann", "Bob"]);
    expect(initial.hands).toEqual([[5, 6], [3, 4]]);
    expect(initial.rng.forced).toEqual([3, 4]);
  });

  it("names the field of a bad envelope", () => {
    expect(loadError(null)).toMatch(/^\(root\)/);
    expect(loadError({ seats: 2 })).toMatch(/^game:/);
    expect(loadError({ ...base, extra: 1 })).toMatch(/extra/);
    expect(loadError({ ...base, seats: 0 })).toMatch(/^seats:/);
    expect(loadError({ ...base, seats: [] })).toMatch(/^seats:/);
    expect(loadError({ ...base, seed: 1.5 })).toMatch(/^seed: expected an integer or 32 hex digits/);
    expect(loadError({ ...base, seed: "abc" })).toMatch(/^seed:/);
    expect(loadError({ ...base, dice: [0] })).toMatch(/^dice\.0:/);
    expect(loadError({ ...base, actions: [{ seat: -1, action: {} }] })).toMatch(/^actions\.0\.seat:/);
    expect(loadError({ ...base, actions: [{ seat: 0, action: {}, note: "x" }] })).toMatch(/^actions\.0/);
  });

  it("names an unknown game, a wrong seat count, bad options and a bad arrangement", () => {
    expect(loadError({ ...base, game: "chess" })).toBe('game: unknown game "chess"');
    expect(loadError({ ...base, seats: 5 })).toBe("seats: Sealed Bids is for 2–4 players, got 5");
    expect(loadError({ ...base, seats: ["solo"] })).toMatch(/^seats: .* got 1$/);
    expect(loadError({ ...base, options: { hand: 9 } })).toMatch(/^options: hand:/);
    expect(loadError({ ...base, options: { colour: "red" } })).toMatch(/^options: .*colour/);
    expect(loadError({ ...base, arrangement: { deck: [1, 2] } })).toBe("arrangement: deck: expected 12 cards, got 2");
    expect(loadError({ ...base, arrangement: "shuffled" })).toMatch(/^arrangement: expected \{deck/);
  });

  it("accepts a 128-bit hex seed", () => {
    expect(loadScenario({ ...base, seed: "00112233445566778899aabbccddeeff" }, findGame).ok).toBe(true);
  });
});

describe("replayScenario", () => {
  it("replays the actions, reporting each step with its events", () => {
    const raw = {
      ...base,
      arrangement: { deck: DECK },
      actions: [
        { seat: 1, action: { type: "bid", card: 4 } },
        { seat: 0, action: { type: "bid", card: 6 } },
        { seat: 0, action: { type: "claim", card: 4 } },
      ],
    };
    const loaded = loadScenario(raw, findGame);
    if (!loaded.ok) throw new Error(loaded.error);
    const steps: ReplayStep[] = [];
    const result = replayScenario(loaded.value, (step) => steps.push(step));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const final = result.value as BiddingState;
    expect(final.scores).toEqual([4, 0]);
    expect(final.discard).toEqual([6]);
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(steps[1]!.events).toEqual([
      { type: "committed", seat: 0, card: 6 },
      { type: "revealed", bids: [6, 4], winner: 0 },
    ]);
    // The loaded initial state is left untouched.
    expect((loaded.value.initial as BiddingState).scores).toEqual([0, 0]);
  });

  it("names the bad action at actions[i]", () => {
    const bad = (actions: unknown[]) => {
      const loaded = loadScenario({ ...base, arrangement: { deck: DECK }, actions }, findGame);
      if (!loaded.ok) throw new Error(loaded.error);
      const result = replayScenario(loaded.value);
      return result.ok ? "ok" : result.error;
    };
    expect(bad([{ seat: 0, action: { type: "bid", card: 1 } }])).toMatch(/^actions\[0\] \(seat 0\): illegal-action:/);
    expect(bad([{ seat: 0, action: { type: "bid", card: 6 } }, { seat: 0, action: { type: "bid", card: 5 } }])).toMatch(
      /^actions\[1\] \(seat 0\): not-your-turn:/,
    );
    expect(bad([{ seat: 1, action: "fold" }])).toMatch(/^actions\[0\] \(seat 1\): malformed-action:/);
  });

  it("uses forced dice first, and reports one that does not fit against its action", () => {
    const rolls: number[] = [];
    const dicey = {
      ...biddingGame,
      apply: (state: BiddingState, seat: number, action: Parameters<typeof biddingGame.apply>[2]) => {
        rolls.push(rollDie(state.rng, 6));
        return biddingGame.apply(state, seat, action);
      },
    };
    const replay = (dice: number[]) => {
      const loaded = loadScenario({ ...base, arrangement: { deck: DECK }, dice, actions: [{ seat: 0, action: { type: "bid", card: 6 } }] }, () => dicey);
      if (!loaded.ok) throw new Error(loaded.error);
      const result = replayScenario(loaded.value);
      return result.ok ? "ok" : result.error;
    };
    expect(replay([5])).toBe("ok");
    expect(rolls).toEqual([5]);
    expect(replay([9])).toBe("actions[0] (seat 0): forced die result 9 does not fit a d6");
  });

  it("replays a recorded game (seed + actions) to the very same state", () => {
    const state = biddingGame.setup({ seats: 3, options: { hand: 3 }, seed: 99 });
    const played = playout(biddingGame, state, [randomBot(), randomBot(), randomBot()], createRng(3));
    const recorded = JSON.parse(JSON.stringify({ game: "bidding", seats: 3, options: { hand: 3 }, seed: 99, actions: played }));
    const loaded = loadScenario(recorded, findGame);
    if (!loaded.ok) throw new Error(loaded.error);
    const result = replayScenario(loaded.value);
    expect(result).toEqual({ ok: true, value: state });
  });
});

describe("a match record from the server", () => {
  const findGame = (id: string) => (id === biddingGame.id ? (biddingGame as AnyGame) : undefined);
  const base = { game: "bidding", seats: ["Ann", "Bob"], options: { hand: 1 }, seed: "0123456789abcdef0123456789abcdef", actions: [] };
  it("is a recorded game: seedHash, eventsHash and outcome are accepted", () => {
    const record = { ...base, seedHash: "ab".repeat(32), eventsHash: "cd".repeat(32), outcome: { winners: [0], scores: [1, 0], draw: false } };
    expect(loadScenario(record, findGame).ok).toBe(true);
  });
  it("other unknown fields, or malformed record fields, are still errors", () => {
    const typo = loadScenario({ ...base, seedhash: "ab".repeat(32) }, findGame);
    expect(typo.ok).toBe(false);
    const short = loadScenario({ ...base, seedHash: "abc" }, findGame);
    expect(!short.ok && short.error).toMatch(/seedHash/);
  });
});
