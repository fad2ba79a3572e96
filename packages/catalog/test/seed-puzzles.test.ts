// Each game's seed puzzles (games/<id>/puzzles.json), which a new server imports at its first start
// (server: puzzles.ts `seedPuzzles`): at least 50 per game, each of its game, with a unique id, its
// position rebuilding with its seat deciding, its accepted moves legal, its margin at least the
// game's documented one, and its arrangement a function of the seat's view alone (drawn again from
// that view with the file's seed, it is the same: nothing the seat could not see is in it).
import { describe, expect, test } from "vitest";
import { arrangementSeed, checkPuzzleMove, deepEqual, puzzleState, viewSafeArrangement, type Puzzle, type PuzzleJudge } from "@grimoire/engine";
import { games, manifests } from "../src/index.ts";
import { seedPuzzles } from "../src/puzzles.ts";

/** The seed the files were written with (`grimoire puzzles generate`'s default). */
const SEED = 1;

describe("seed puzzles", () => {
  test("a game outside the manifests has none (the folder template names no other file)", async () => {
    expect(await seedPuzzles("../abracadawhat")).toBeUndefined();
    expect(await seedPuzzles("nope")).toBeUndefined();
  });

  for (const { id } of manifests) {
    test(`${id}: at least 50, each legal, with its margin, and view-safe`, async () => {
      const game = games.find((g) => g.id === id)!;
      const judge = game.puzzleJudge as PuzzleJudge<unknown, unknown>;
      const file = (await seedPuzzles(id)) as { format: string; version: number; game: string; puzzles: Puzzle[] };
      expect(file).toMatchObject({ format: "grimoire-puzzles", version: 1, game: id });
      expect(file.puzzles.length).toBeGreaterThanOrEqual(50);
      expect(new Set(file.puzzles.map((p) => p.id)).size).toBe(file.puzzles.length);
      for (const puzzle of file.puzzles) {
        expect(puzzle.game).toBe(id);
        const state = puzzleState(game, puzzle);
        expect(state.ok, `${puzzle.id}: ${state.ok ? "" : state.error}`).toBe(true);
        if (!state.ok) continue;
        for (const move of puzzle.accepted) expect(checkPuzzleMove(game, state.value, puzzle, move)).toEqual({ ok: true, value: true });
        expect(puzzle.margin).toBeGreaterThanOrEqual(judge.margin);
        const again = viewSafeArrangement(game, game.view(state.value, puzzle.seat), puzzle.seat, arrangementSeed(SEED, puzzle.source, puzzle.seat), puzzle.source.index);
        expect(deepEqual(again, puzzle.arrangement), `${puzzle.id}: the arrangement depends on more than the seat's view`).toBe(true);
      }
    }, 120_000);
  }
});
