// Puzzles of every game from bot self-play (issue 26): at least 50 per game; deterministic from
// their inputs; each puzzle's position rebuilds with its seat deciding and seeing exactly what it
// saw, reveals nothing the seat could not see (the property suite's `shuffleHidden`: the same
// puzzle from a game whose hidden part was redrawn), its accepted moves are legal, and its margin
// holds when the judge values it again with four times the search.
import { describe, expect, test } from "vitest";
import {
  arrangementSeed,
  checkPuzzleMove,
  createRng,
  deepEqual,
  judgeDecision,
  puzzlesOfGame,
  puzzleState,
  selfPlayGame,
  selfPlayPuzzles,
  viewSafeArrangement,
  act,
  type AnyGame,
  type Puzzle,
  type PuzzleJudge,
} from "@grimoire/engine";
import { findGame } from "../src/index.ts";

const SEATS: Record<string, number> = { abracadawhat: 3, shazamm: 2, incantibus: 3, emmerlaus: 3 };
const SEED = 7;
/** Puzzles re-checked with the longer search, per game (the longer search is the slow part). */
const RECHECKED = 6;

/** The source position of a self-play puzzle, replayed: the true state before its decision. */
function sourceState(game: AnyGame, puzzle: Puzzle): unknown {
  const { initial, actions } = selfPlayGame(game, puzzle.seats, puzzle.options, puzzle.source.ref);
  const state = game.clone(initial);
  for (const step of actions.slice(0, puzzle.source.index)) {
    const applied = act(game, state, step.seat, step.action);
    if (!applied.ok) throw new Error(applied.error.message);
  }
  return state;
}

for (const id of Object.keys(SEATS)) {
  describe(`puzzles of ${id}`, () => {
    const game = findGame(id)!;
    const judge = game.puzzleJudge as PuzzleJudge<unknown, unknown>;
    const seats = SEATS[id]!;
    let puzzles: Puzzle[] = [];

    test("at least 50 from bot self-play, each legal, view-safe and as its seat saw it", () => {
      puzzles = selfPlayPuzzles(game, { games: 60, until: 50, seats, seed: SEED, perGame: 100 });
      expect(puzzles.length).toBeGreaterThanOrEqual(50);
      expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
      for (const puzzle of puzzles) {
        const state = puzzleState(game, puzzle);
        expect(state.ok, `${puzzle.id}: ${state.ok ? "" : state.error}`).toBe(true);
        if (!state.ok) continue;
        for (const move of puzzle.accepted) expect(checkPuzzleMove(game, state.value, puzzle, move)).toEqual({ ok: true, value: true });
        expect(puzzle.margin).toBeGreaterThanOrEqual(judge.margin);
        // The view check: the rebuilt position shows the seat what the true one did, and a true
        // position whose hidden part is redrawn (shuffleHidden) gives the very same arrangement.
        const source = sourceState(game, puzzle);
        const view = game.view(source, puzzle.seat);
        expect(deepEqual(game.view(state.value, puzzle.seat), view), `${puzzle.id}: the seat's view`).toBe(true);
        const shuffled = game.shuffleHidden(source, puzzle.seat, createRng(puzzle.source.index + 1));
        expect(deepEqual(game.view(shuffled, puzzle.seat), view)).toBe(true);
        const again = viewSafeArrangement(game, game.view(shuffled, puzzle.seat), puzzle.seat, arrangementSeed(SEED, puzzle.source, puzzle.seat), puzzle.source.index);
        expect(deepEqual(again, puzzle.arrangement), `${puzzle.id}: the arrangement depends on hidden information`).toBe(true);
      }
    }, 900_000);

    test("deterministic from its inputs", () => {
      // The first game that gave puzzles, again on its own: the same puzzles as in the run of 50.
      const ref = puzzles[0]!.source.ref;
      const options = game.optionsSchema.parse({});
      const { initial, actions } = selfPlayGame(game, seats, options, ref);
      const again = puzzlesOfGame(game, judge, { seats, options }, initial, actions, { kind: "self-play", ref }, { seed: SEED, perGame: 100 });
      expect(again.ok && again.value).toEqual(puzzles.filter((p) => p.source.ref === ref));
      const first = puzzles.filter((p) => p.source.ref === ref);
      const other = selfPlayPuzzles(game, { games: 1, seats, seed: SEED + 1, perGame: 100 });
      expect(other.map((p) => p.id)).not.toEqual(first.map((p) => p.id));
    }, 600_000);

    test("the margin holds when valued again with a four times longer search", () => {
      expect(puzzles.length).toBeGreaterThan(0);
      for (const puzzle of puzzles.slice(0, RECHECKED)) {
        const state = puzzleState(game, puzzle);
        if (!state.ok) throw new Error(state.error);
        const view = game.view(state.value, puzzle.seat);
        const context = { view, seat: puzzle.seat, legal: game.legalActions(state.value, puzzle.seat), rng: createRng(`${puzzle.id}${puzzle.id}`) };
        const judged = judgeDecision(game, judge, context, 4);
        expect(judged, puzzle.id).not.toBeNull();
        expect(deepEqual(judged!.decision.choices[0]!.action, puzzle.accepted[0]), `${puzzle.id}: the best move again`).toBe(true);
        expect(judged!.lead, puzzle.id).toBeGreaterThanOrEqual(judged!.margin);
      }
    }, 600_000);
  });
}
