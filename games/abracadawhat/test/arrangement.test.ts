// Any position as an arrangement (issue #17): toArrangement and fromArrangement round-trip every
// state of random play (the engine's property), the fields of a position in progress are read
// as documented, and the old format still loads.
import { checkArrangementProperty } from "@grimoire/engine/testing";
import { act, unwrap } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, checkConservation, toArrangement, type State } from "../src/index.ts";

const setup = (seats: number, options: object = {}, seed = 1) => ({ seats, options: game.optionsSchema.parse(options), seed });
function build(seats: number, a: unknown, options: object = {}): State {
  const state = unwrap(game.fromArrangement(setup(seats, options), a));
  checkConservation(state);
  return state;
}
function error(seats: number, a: unknown, options: object = {}): string {
  const r = game.fromArrangement(setup(seats, options), a);
  return r.ok ? "ok" : r.error;
}

describe("toArrangement ∘ fromArrangement on random play", () => {
  for (const seats of [2, 3, 4, 5]) {
    for (const options of [{}, { lastStanding: true }, { easy: true, die: "d6" }]) {
      it(`${seats} players, ${JSON.stringify(options)}`, () => {
        const report = checkArrangementProperty(game, { seats, options, games: 25, seed: 100 * seats, every: 2 });
        expect(report.states).toBeGreaterThan(25 * 20);
      }, 120_000);
    }
  }
});

// Three players: hands, the 6 revealed stones, the rest placed by hand below.
const base = {
  hands: [[3, 4, 5, 6, 8], [2, 6, 7, 7, 8], [1, 5, 6, 7, 8]],
  revealed: [8, 8, 8, 7, 7, 6],
};

describe("a position in progress", () => {
  it("a turn in progress: board, taken secret stones, the log, a short pile, round, scores", () => {
    // Seat 1 cast 2 and drew one; seat 0, dealt 3 4 5 6 8, has cast 4 then 8 this turn.
    // 36 = 13 in hands + 6 revealed + 3 on the board + 1 taken + 3 secret + 10 in the pile.
    const a = {
      hands: [[3, 5, 6], [2, 6, 7, 7, 8], [1, 5, 6, 7, 8]],
      revealed: [8, 8, 8, 7, 7, 6],
      board: [4, 8, 2],
      taken: [[5], [], []],
      secret: [4, 3, 6],
      pile: [4, 3, 5, 5, 6, 7, 7, 8, 8, 4],
      handLog: [[{ type: "held", spell: 4 }, { type: "held", spell: 8 }], [{ type: "held", spell: 2 }, { type: "drew", count: 1 }], []],
      life: [5, 3, 6],
      turn: 0,
      lastCast: 8,
      round: 3,
      scores: [4, 2, 5],
      lastRoundPoints: [1, 0, 4],
    };
    const s = build(3, a);
    expect(s.phase).toEqual({ type: "casting", seat: 0, lastCast: 8 });
    expect(s.round).toBe(3);
    expect(s.taken[0]).toEqual([5]);
    expect(s.secret.at(-1)).toBe(4); // the first listed is the next taken
    expect(s.pile.at(-1)).toBe(4); // top first
    expect(s.board[8]).toBe(1);
    expect(toArrangement(s)).toEqual({ ...a, board: [2, 4, 8], revealed: [6, 7, 7, 8, 8, 8], rng: s.rng.s });
    // A call below 8 is called out; ending the turn draws the pile's top two stones.
    const called = build(3, a);
    expect(unwrap(act(game, called, 0, { type: "cast", spell: 6 }))[0]).toEqual({ type: "cast", seat: 0, spell: 6, outcome: "illegal" });
    const ended = build(3, a);
    expect(unwrap(act(game, ended, 0, { type: "end" }))).toContainEqual(expect.objectContaining({ type: "refill", seat: 0, stones: [4, 3] }));
  });

  it("a knocked-out seat with last standing, an empty pile, short hands", () => {
    const rest = [2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8];
    const a = {
      hands: [[1, 8], [2], [5, 6, 7]],
      revealed: [8, 8, 8, 7, 7, 6],
      board: rest,
      secret: [3, 4, 4, 5],
      pile: [],
      life: [2, 0, 4],
      turn: 2,
    };
    const s = build(3, a, { lastStanding: true });
    expect(s.pile).toEqual([]);
    expect(s.life).toEqual([2, 0, 4]);
    // The stones must be somewhere: 20 are neither in hands, revealed nor secret.
    expect(error(3, { ...a, board: undefined }, { lastStanding: true })).toMatch(/^pile: expected the 20 remaining stones, got 0/);
    // Two casts of 2 logged, one 2 on the board (the other is seat 1's).
    const twice = { ...a, handLog: [[{ type: "held", spell: 2 }], [{ type: "held", spell: 2 }], []] };
    expect(error(3, twice, { lastStanding: true })).toMatch(/^handLog: 2 casts of spell 2 held, but the board has 1/);
    // Seat 2 passes to seat 0: seat 1 is out.
    const ended = build(3, { ...a, lastCast: 5, hands: [[1, 8], [2], [6, 7]], board: [...rest, 5].sort(), secret: [3, 4, 4, 5].slice(0, 4) }, { lastStanding: true });
    expect(ended.phase).toEqual({ type: "casting", seat: 2, lastCast: 5 });
  });

  it("the end of a game: winners from the scores, last round and life", () => {
    const a = { ...base, hands: [[3, 4, 5, 6, 8], [2, 6, 7, 7, 8], []], board: [1, 5, 6, 7, 8], scores: [8, 8, 5], lastRoundPoints: [3, 1, 0], life: [0, 0, 6] };
    a.board = [1, 5, 6, 7, 8];
    const s = build(3, a);
    expect(s.phase).toEqual({ type: "over", winners: [0] });
    expect(error(3, { ...a, turn: 1 })).toMatch(/^turn: the game is over/);
  });

  it("names the field a referee would refuse", () => {
    expect(error(3, { ...base, life: [0, 6, 6] })).toMatch(/^life\.0: a knocked-out seat ends the round/);
    expect(error(3, { ...base, life: [0, 0, 6] }, { lastStanding: true })).toMatch(/^life: the round is over/);
    expect(error(3, { ...base, life: [0, 6, 6] }, { lastStanding: true })).toMatch(/^turn: seat 0 is knocked out/);
    expect(error(3, { ...base, first: 1, life: [6, 0, 6] }, { lastStanding: true })).toMatch(/^first: seat 1 is knocked out/);
    expect(error(3, { ...base, turn: 1, first: 1 })).toMatch(/^turn: give turn or first/);
    expect(error(3, { ...base, hands: [[3, 4, 5, 6], ...base.hands.slice(1)] })).toMatch(/^hands\.0: 4 stones, but a seat draws back up to 5/);
    expect(error(3, { ...base, hands: [[3, 4, 5, 6, 8, 1], ...base.hands.slice(1)] })).toMatch(/^hands\.0: at most 5 stones/);
    expect(error(3, { ...base, lastCast: 5 })).toMatch(/^lastCast: no stone of spell 5 on the board/);
    expect(error(3, { ...base, lastCast: 5, board: [5] })).toMatch(/^hands\.0: the seat casting has cast this turn/);
    expect(error(3, { ...base, taken: [[1], [], []] })).toMatch(/^taken\.0\.0: no stone of spell 1 left/);
    expect(error(3, { ...base, taken: [[4], [], []], secret: [4, 4, 4, 5] })).toMatch(/^secret: expected 3 stones \(1 taken\), got 4/);
    expect(error(3, { ...base, taken: [[4, 4, 3, 3, 2], [], []] })).toMatch(/^taken: 4 secret stones in all, got 5/);
    expect(error(3, { ...base, handLog: [[{ type: "missing", spell: 4 }], [], []] })).toMatch(/^handLog\.0: failed to cast 4 and has not drawn since, yet holds a 4/);
    expect(error(3, { ...base, handLog: [[{ type: "held", spell: 8 }], [], []] })).toMatch(/^handLog\.0: with its 5 stones, this history starts from 6 stones/);
    expect(error(3, { ...base, handLog: [[{ type: "dealt" }], [], []] })).toMatch(/^handLog\.0\.0/);
    expect(error(3, { ...base, rng: [0, 0, 0, 0] })).toMatch(/^rng: the generator's words cannot all be 0/);
    expect(error(3, { ...base, rng: [1, 2] })).toMatch(/^rng: expected the generator's 4 words/);
    expect(error(3, { ...base, round: 0 })).toMatch(/^round/);
    expect(error(3, { ...base, scores: [1, 2] })).toMatch(/^scores: expected 3 values, got 2/);
    expect(error(3, { deck: Array(36).fill(8), board: [1] })).toMatch(/^board: a deck is a fresh round/);
  });

  it("rng fixes the rest of the game: the same actions replay the same whatever the seed", () => {
    const start = game.setup({ seats: 4, options: game.optionsSchema.parse({}), seed: 5 });
    const arrangement = toArrangement(start);
    const a = unwrap(game.fromArrangement(setup(4, {}, 1), arrangement));
    const b = unwrap(game.fromArrangement(setup(4, {}, 999), arrangement));
    // Play the same calls on both until the game ends: every draw (dice, refills, later deals) agrees.
    for (let i = 0; a.phase.type === "casting"; i++) {
      const seat = a.phase.seat;
      const action = i % 3 === 2 ? { type: "end" } : { type: "cast", spell: 1 + (i % 8) };
      expect(act(game, b, seat, action)).toEqual(act(game, a, seat, action));
    }
    expect(b).toEqual(a);
    expect(a.round).toBeGreaterThan(1);
  });
});

describe("a scenario fixes the dice and the draws", () => {
  const find = () => game;
  it("forced dice are used first, the arranged pile gives the refills, and the file replays identically", async () => {
    const { loadScenario, replayScenario } = await import("@grimoire/engine");
    const file = {
      game: "abracadawhat",
      seats: 3,
      seed: 5,
      dice: [2, 3],
      arrangement: {
        hands: [[1, 3, 4, 5, 6], [2, 6, 7, 7, 8], [5, 5, 6, 7, 8]],
        revealed: [8, 8, 8, 7, 7, 6],
        secret: [4, 5, 6, 7],
        pile: [2, 3, 3, 4, 4, 5, 6, 7, 8, 8, 8],
        turn: 0,
      },
      actions: [
        { seat: 0, action: { type: "cast", spell: 1 } },
        { seat: 0, action: { type: "cast", spell: 3 } },
        { seat: 0, action: { type: "end" } },
      ],
    };
    const run = () => {
      const loaded = unwrap(loadScenario(file, find));
      const events: unknown[] = [];
      const final = unwrap(replayScenario(loaded, (step) => events.push(...step.events)));
      return { events, final };
    };
    const first = run();
    expect(first.events).toContainEqual({ type: "roll", seat: 0, value: 2 }); // the Dragon
    expect(first.events).toContainEqual({ type: "roll", seat: 0, value: 3 }); // the Sweet Dream
    expect(first.events).toContainEqual(expect.objectContaining({ type: "refill", seat: 0, stones: [2, 3] }));
    expect(run()).toEqual(first);
  });
});
