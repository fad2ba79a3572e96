// The post-game review of every registered game: a decision reviewed from a seat's view does not
// change when what the seat cannot see is redrawn (game.shuffleHidden; the redraw is checked to
// have changed something besides the generator), it tells choices apart, and a record's review is
// deterministic for its seed.
import { describe, expect, it } from "vitest";
import { games } from "@grimoire/catalog";
import { createRng, deepEqual, playout, reviewDecision, reviewRecord, decisionRng, REVIEW_KINDS, REVIEW_LABELS, type AnyGame } from "@grimoire/engine";
import { positions } from "./support/positions.ts";

/** Random actions until the game ends: the median length of five games, to spread positions over one. */
function typicalLength(game: AnyGame): number {
  const lengths = [0, 1, 2, 3, 4].map((g) => {
    const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: 900 + g });
    const random = game.bots[game.levels.easy]!.create();
    return playout(game, state, Array.from({ length: game.minSeats }, () => random) as never, createRng(g)).length;
  });
  return lengths.sort((a, b) => a - b)[2]!;
}

/** Where the g-th position stops, as a share of a typical game: from its start to late in it. */
const SPREAD = [0.05, 0.2, 0.35, 0.5, 0.7];

/** Mid-game states spread over a game, stopped at a seat with a decision the game rates. */
function ratedPositions(game: AnyGame, count: number): { state: unknown; seat: number }[] {
  const length = typicalLength(game);
  const steps = (g: number) => Math.max(1, Math.floor(length * SPREAD[g % SPREAD.length]!));
  return positions(game, count, { rng: 4242, firstSeed: 900, steps, triesPerPosition: 6 }, (state, seat) => {
    const legal = game.legalActions(state, seat);
    if (legal.length < 2) return false;
    const context = { view: game.view(state, seat), seat, legal, rng: decisionRng(1, 0) };
    return !(game.reviewer.candidates && game.reviewer.candidates(context).length === 0);
  });
}

/** The state without its generator (every shuffleHidden forks a new one: that alone proves nothing). */
const withoutRng = (state: unknown) => ({ ...(state as Record<string, unknown>), rng: null });

/**
 * The state with what `seat` cannot see redrawn, the seat's view unchanged: the first of a few
 * redraws that differs from the original somewhere else than the generator (a single draw may
 * deal the same hidden cards again).
 */
function redrawn(game: AnyGame, state: unknown, seat: number): unknown {
  for (let seed = 31; seed < 36; seed++) {
    const other = game.shuffleHidden(game.clone(state), seat, createRng(seed));
    expect(deepEqual(game.view(other, seat), game.view(state, seat)), `${game.id}: the redraw changed the seat's view`).toBe(true);
    if (!deepEqual(withoutRng(other), withoutRng(state))) return other;
  }
  throw new Error(`${game.id}: five redraws left everything the seat cannot see as it was`);
}

describe.each(games.map((g) => [g.id, g] as const))("%s review", (_id, game) => {
  it("of a decision is the same when what the seat cannot see is redrawn, at five decisions spread over a game", () => {
    const found = ratedPositions(game, 5);
    expect(found).toHaveLength(5);
    for (const { state, seat } of found) {
      const other = redrawn(game, state, seat);
      const legal = game.legalActions(state, seat);
      const chosen = legal[legal.length - 1];
      const a = reviewDecision(game, game.reviewer, { view: game.view(state, seat), seat, legal, rng: decisionRng(7, 3) }, chosen, 3);
      const b = reviewDecision(game, game.reviewer, { view: game.view(other, seat), seat, legal: game.legalActions(other, seat), rng: decisionRng(7, 3) }, chosen, 3);
      expect(a).not.toBeNull();
      expect(deepEqual(a, b), `${game.id}: the review read what the seat could not see`).toBe(true);
      // Best first, the move made among the choices, its loss from the best.
      const values = a!.choices.map((c) => c.value);
      expect([...values].sort((x, y) => y - x)).toEqual(values);
      expect(a!.loss).toBeCloseTo(a!.best - a!.value, 12);
      // Which kind of value it got; a label unless it is not judged (issue #28).
      expect(REVIEW_KINDS).toContain(a!.kind);
      if (a!.kind === "not-judged") expect(a!.label).toBeNull();
      else expect(REVIEW_LABELS).toContain(a!.label);
    }
  }, 300_000);

  it("of a short record is deterministic for its seed and sums up every decision", () => {
    const setup = { seats: game.minSeats, options: game.optionsSchema.parse({}), seed: 77 };
    const initial = game.setup(setup);
    const state = game.clone(initial);
    const random = game.bots[game.levels.easy]!.create();
    const bots = Array.from({ length: setup.seats }, () => random);
    const actions = playout(game, state, bots as never, createRng(5)).slice(0, 24);
    const seat = actions[0]!.seat;
    const progress: number[] = [];
    const a = reviewRecord(game, game.reviewer, initial, actions, seat, { seed: 3, onProgress: (done) => progress.push(done) });
    const b = reviewRecord(game, game.reviewer, initial, actions, seat, { seed: 3 });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(deepEqual(a.value, b.value)).toBe(true);
    const { summary, decisions } = a.value;
    expect(summary.decisions).toBe(decisions.length);
    expect(Object.values(summary.counts).reduce((x, y) => x + y, 0) + summary.notJudged!).toBe(decisions.length);
    expect(summary.notJudged).toBe(decisions.filter((d) => d.label === null).length);
    for (const decision of decisions) expect(decision.label === null).toBe(decision.kind === "not-judged");
    expect(progress[progress.length - 1]).toBe(actions.filter((step) => step.seat === seat).length);
    for (const decision of decisions) expect(actions[decision.index]!.seat).toBe(seat);
  }, 300_000);

  it("of a record that does not replay is an error, not a crash", () => {
    const initial = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: 1 });
    const result = reviewRecord(game, game.reviewer, initial, [{ seat: 0, action: { nonsense: true } }], 0);
    expect(result.ok).toBe(false);
  });
});
