// Puzzles in storage (migration 16): the puzzles (each stored whole as JSON beside its game and its
// own rating), each account's puzzle rating per game, and each account's first attempt at each
// puzzle (only the first is rated, as lichess rates a puzzle once per player; later tries are
// answered but not stored). Writes are plain statements run by either store's writer (as
// moderation's are); reads go through one query function, so SQLite and PostgreSQL share the SQL.
import type { Puzzle } from "@grimoire/engine";
import type { Statement } from "./moderation.ts";

export interface PuzzleRecord {
  readonly puzzle: Puzzle;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly solved: number;
}

export interface PuzzleRating {
  readonly game: string;
  readonly mu: number;
  readonly sigma: number;
  readonly played: number;
}

export interface PuzzleAttempt {
  readonly playerId: string;
  readonly puzzleId: string;
  readonly solved: boolean;
  readonly move: string;
  readonly at: number;
}

export type PuzzleWrite =
  | { readonly op: "import"; readonly puzzles: readonly { readonly puzzle: Puzzle; readonly mu: number; readonly sigma: number }[]; readonly at: number }
  /** A rated first attempt: the attempt, the player's new rating and the puzzle's, at once. */
  | { readonly op: "attempt"; readonly attempt: PuzzleAttempt; readonly game: string; readonly player: { readonly mu: number; readonly sigma: number }; readonly puzzle: { readonly mu: number; readonly sigma: number } };

export const MIGRATION_16 = {
  version: 16,
  description: "puzzles: the puzzles and their ratings, puzzle ratings of accounts per game, first attempts",
  sqlite: `
    CREATE TABLE puzzles (
      id TEXT PRIMARY KEY, game TEXT NOT NULL, body TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
    CREATE INDEX puzzles_game_mu ON puzzles(game, mu);
    CREATE TABLE puzzle_ratings (
      player_id TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
      played INTEGER NOT NULL, PRIMARY KEY (player_id, game));
    CREATE TABLE puzzle_attempts (
      player_id TEXT NOT NULL REFERENCES players(id), puzzle_id TEXT NOT NULL REFERENCES puzzles(id), solved INTEGER NOT NULL,
      move TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (player_id, puzzle_id));`,
  postgres: `
    CREATE TABLE puzzles (
      id TEXT PRIMARY KEY, game TEXT NOT NULL, body TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, created_at BIGINT NOT NULL);
    CREATE INDEX puzzles_game_mu ON puzzles(game, mu);
    CREATE TABLE puzzle_ratings (
      player_id TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
      played INTEGER NOT NULL, PRIMARY KEY (player_id, game));
    CREATE TABLE puzzle_attempts (
      player_id TEXT NOT NULL REFERENCES players(id), puzzle_id TEXT NOT NULL REFERENCES puzzles(id), solved INTEGER NOT NULL,
      move TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (player_id, puzzle_id));`,
};

export function puzzleStatements(w: PuzzleWrite): Statement[] {
  switch (w.op) {
    case "import":
      return w.puzzles.map(({ puzzle, mu, sigma }) => ({
        text: "INSERT INTO puzzles (id, game, body, mu, sigma, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        values: [puzzle.id, puzzle.game, JSON.stringify(puzzle), mu, sigma, w.at],
      }));
    case "attempt": {
      const a = w.attempt;
      const solved = a.solved ? 1 : 0;
      return [
        { text: "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, move, at) VALUES ($1, $2, $3, $4, $5)", values: [a.playerId, a.puzzleId, solved, a.move, a.at] },
        {
          text: `INSERT INTO puzzle_ratings (player_id, game, mu, sigma, played) VALUES ($1, $2, $3, $4, 1)
            ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, played = puzzle_ratings.played + 1`,
          values: [a.playerId, w.game, w.player.mu, w.player.sigma],
        },
        { text: "UPDATE puzzles SET mu = $1, sigma = $2, attempts = attempts + 1, solved = solved + $3 WHERE id = $4", values: [w.puzzle.mu, w.puzzle.sigma, solved, a.puzzleId] },
      ];
    }
  }
}

interface PuzzleRow {
  id: string;
  body: string;
  mu: number | string;
  sigma: number | string;
  attempts: number | string;
  solved: number | string;
}

function fromPuzzleRow(row: PuzzleRow): PuzzleRecord {
  return { puzzle: JSON.parse(row.body) as Puzzle, mu: Number(row.mu), sigma: Number(row.sigma), attempts: Number(row.attempts), solved: Number(row.solved) };
}

const COLUMNS = "id, body, mu, sigma, attempts, solved";

export interface PuzzleReads {
  puzzle(id: string): Promise<PuzzleRecord | null>;
  /** Ids among `ids` already stored. */
  puzzlesStored(ids: readonly string[]): Promise<string[]>;
  /** The puzzle of `game` whose rating is nearest `mu`, none of `skip` nor any `playerId` attempted. */
  nextPuzzle(game: string, mu: number, playerId: string | null, skip: readonly string[]): Promise<PuzzleRecord | null>;
  /** How many puzzles there are (of one game, or all). */
  puzzleCount(game: string | null): Promise<number>;
  /** The puzzle at `offset` in id order (of one game, or all): the daily one is picked by its date. */
  puzzleAt(game: string | null, offset: number): Promise<PuzzleRecord | null>;
  puzzleRating(playerId: string, game: string): Promise<PuzzleRating | null>;
  puzzleRatings(playerId: string): Promise<PuzzleRating[]>;
  puzzleAttempt(playerId: string, puzzleId: string): Promise<PuzzleAttempt | null>;
}

export function puzzleReads(all: <T>(sql: string, params: unknown[]) => Promise<T[]>): PuzzleReads {
  const one = async <T>(sql: string, params: unknown[]): Promise<T | null> => (await all<T>(sql, params))[0] ?? null;
  return {
    puzzle: async (id) => {
      const row = await one<PuzzleRow>(`SELECT ${COLUMNS} FROM puzzles WHERE id = $1`, [id]);
      return row ? fromPuzzleRow(row) : null;
    },
    puzzlesStored: async (ids) => {
      const out: string[] = [];
      for (const id of ids) if (await one<{ id: string }>("SELECT id FROM puzzles WHERE id = $1", [id])) out.push(id);
      return out;
    },
    nextPuzzle: async (game, mu, playerId, skip) => {
      // `skip` is at most a few dozen ids (checked by the route); the NOT IN list is built from placeholders.
      // Placeholders in the order they appear: SQLite's side turns each into a positional `?`.
      const params: unknown[] = [game, playerId ?? ""];
      const skipped = skip.map((id) => (params.push(id), `$${params.length}`));
      params.push(mu);
      const row = await one<PuzzleRow>(
        `SELECT ${COLUMNS} FROM puzzles p WHERE p.game = $1
          AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.player_id = $2 AND a.puzzle_id = p.id)
          ${skipped.length > 0 ? `AND p.id NOT IN (${skipped.join(", ")})` : ""}
          ORDER BY ABS(p.mu - $${params.length}), p.id LIMIT 1`,
        params,
      );
      return row ? fromPuzzleRow(row) : null;
    },
    puzzleCount: async (game) => Number((await one<{ n: number | string }>(game === null ? "SELECT COUNT(*) AS n FROM puzzles" : "SELECT COUNT(*) AS n FROM puzzles WHERE game = $1", game === null ? [] : [game]))?.n ?? 0),
    puzzleAt: async (game, offset) => {
      const row = await one<PuzzleRow>(
        game === null ? `SELECT ${COLUMNS} FROM puzzles ORDER BY id LIMIT 1 OFFSET $1` : `SELECT ${COLUMNS} FROM puzzles WHERE game = $1 ORDER BY id LIMIT 1 OFFSET $2`,
        game === null ? [offset] : [game, offset],
      );
      return row ? fromPuzzleRow(row) : null;
    },
    puzzleRating: async (playerId, game) => {
      const row = await one<{ game: string; mu: number | string; sigma: number | string; played: number | string }>("SELECT game, mu, sigma, played FROM puzzle_ratings WHERE player_id = $1 AND game = $2", [playerId, game]);
      return row ? { game: row.game, mu: Number(row.mu), sigma: Number(row.sigma), played: Number(row.played) } : null;
    },
    puzzleRatings: async (playerId) =>
      (await all<{ game: string; mu: number | string; sigma: number | string; played: number | string }>("SELECT game, mu, sigma, played FROM puzzle_ratings WHERE player_id = $1 ORDER BY game", [playerId])).map((row) => ({
        game: row.game,
        mu: Number(row.mu),
        sigma: Number(row.sigma),
        played: Number(row.played),
      })),
    puzzleAttempt: async (playerId, puzzleId) => {
      const row = await one<{ solved: number | string; move: string; at: number | string }>("SELECT solved, move, at FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2", [playerId, puzzleId]);
      return row ? { playerId, puzzleId, solved: Number(row.solved) === 1, move: row.move, at: Number(row.at) } : null;
    },
  };
}
