// Puzzles over HTTP (issue 26): positions from finished games where one move is clearly best from
// the seat's own view (packages/engine/src/puzzle.ts), served from storage (storage/puzzles.ts).
//   GET  /api/puzzles/next?game=G[&skip=id,id…]  a puzzle near the player's puzzle rating in G, not
//        one they already tried (a guest's browser names the ones it has seen in `skip`)
//   GET  /api/puzzles/daily[?game=G]             the day's puzzle (UTC date), the same for everyone
//   GET  /api/puzzles/:id                        one puzzle
//   POST /api/puzzles/:id/attempt {move}         right or wrong, the explanation, rating changes
//   GET  /api/puzzles/ratings                    the account's puzzle rating per game
// A puzzle goes out as the seat's view of its position (never the arrangement, which holds the
// redrawn hidden part), its legal moves and its prompt; the answer and the explanation only with
// an attempt's verdict. Ratings (openskill, as match ratings): solving is the player beating the
// puzzle, failing the puzzle beating the player; only an account's first attempt at a puzzle is
// rated (as lichess does). Guests play every puzzle and get the verdict and the explanation, but no
// rating and nothing stored.
import { checkPuzzleMove, puzzleState, stableKey, type AnyGame, type Puzzle } from "@grimoire/engine";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { HubError, type Account, type Clock } from "./hub.ts";
import { INITIAL, ordinal, type Skill } from "./ratings.ts";
import type { AttemptResponse, LegalAction, PuzzleInfo, PuzzleRatingInfo } from "./protocol.ts";
import type { Storage } from "./storage.ts";
import type { PuzzleRating, PuzzleRecord } from "./storage/puzzles.ts";

/** A puzzle id: 16 hex digits (engine/puzzle.ts `puzzleHash`). */
const PUZZLE_ID = /^[0-9a-f]{16}$/;
/** Puzzles a guest's browser may name as seen. */
export const MAX_SKIP = 50;

/** As a table lists them (tables/projections.ts): at most MAX_LEGAL_LISTED, else null. */
const MAX_LEGAL_LISTED = 300;
function legalOf(game: AnyGame, state: unknown, seat: number): LegalAction[] | null {
  const legal = game.legalActions(state, seat);
  return legal.length > MAX_LEGAL_LISTED ? null : legal.map((action) => ({ action, label: game.describeAction(action) }));
}

const attemptSchema = z.object({ move: z.unknown() }).strict();

function ratingInfo(game: string, r: Pick<PuzzleRating, "mu" | "sigma" | "played">): PuzzleRatingInfo {
  return { game, rating: ordinal(r), mu: r.mu, sigma: r.sigma, played: r.played };
}

/** The UTC day number of `ms` (days since 1970-01-01). */
export function dayOf(ms: number): number {
  return Math.floor(ms / 86_400_000);
}

/** Which puzzle (of `count`, in id order) is the daily one on `day`: a fixed scramble of the day number. */
export function dailyIndex(day: number, count: number): number {
  let h = Math.imul(day ^ 0x5bd1e995, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) % count;
}

export interface PuzzleDeps {
  readonly storage: Storage;
  readonly games: readonly AnyGame[];
  readonly clock: Clock;
  readonly accountOf: (request: FastifyRequest) => Promise<Account | null>;
}

export function registerPuzzleRoutes(app: FastifyInstance, deps: PuzzleDeps): void {
  const { storage, games, clock } = deps;
  const gameOf = (id: unknown): AnyGame => {
    const game = typeof id === "string" ? games.find((g) => g.id === id && g.puzzleJudge) : undefined;
    if (!game) throw new HubError("unknown-game", "no such game with puzzles");
    return game;
  };
  const idOf = (raw: string): string => {
    if (!PUZZLE_ID.test(raw)) throw new HubError("unknown-puzzle", "no such puzzle");
    return raw;
  };
  const load = async (id: string): Promise<{ record: PuzzleRecord; game: AnyGame; state: unknown }> => {
    const record = await storage.puzzle(idOf(id));
    const game = record ? games.find((g) => g.id === record.puzzle.game) : undefined;
    if (!record || !game) throw new HubError("unknown-puzzle", "no such puzzle");
    const state = puzzleState(game, record.puzzle);
    if (!state.ok) throw new HubError("internal", `puzzle ${id} does not rebuild: ${state.error}`);
    return { record, game, state: state.value };
  };
  const info = (record: PuzzleRecord, game: AnyGame, state: unknown): PuzzleInfo => {
    const p = record.puzzle;
    const decision = game.decision(state);
    return {
      id: p.id,
      game: p.game,
      seats: p.seats,
      seat: p.seat,
      options: p.options,
      view: game.view(state, p.seat),
      legal: legalOf(game, state, p.seat),
      prompt: decision.type === "over" ? null : decision.prompt,
      rating: ordinal(record),
      attempts: record.attempts,
      solved: record.solved,
    };
  };
  // One rated attempt at a time per account: a second first attempt sent at once waits and is then unrated.
  const inFlight = new Map<string, Promise<unknown>>();
  const serially = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const before = inFlight.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    inFlight.set(key, tail);
    try {
      return await run;
    } finally {
      if (inFlight.get(key) === tail) inFlight.delete(key);
    }
  };

  app.get<{ Querystring: { game?: string; skip?: string } }>("/api/puzzles/next", async (request) => {
    const game = gameOf(request.query.game);
    const rawSkip = request.query.skip ?? "";
    const skip = rawSkip === "" ? [] : rawSkip.split(",");
    if (skip.length > MAX_SKIP || skip.some((id) => !PUZZLE_ID.test(id))) throw new HubError("bad-message", `skip: at most ${MAX_SKIP} puzzle ids`, { max: MAX_SKIP });
    const account = await deps.accountOf(request);
    const mine = account ? await storage.puzzleRating(account.id, game.id) : null;
    const record = await storage.nextPuzzle(game.id, (mine ?? INITIAL).mu, account?.id ?? null, skip);
    if (!record) return { puzzle: null, rating: account ? ratingInfo(game.id, mine ?? { ...INITIAL, played: 0 }) : null };
    const state = puzzleState(game, record.puzzle);
    if (!state.ok) throw new HubError("internal", `puzzle ${record.puzzle.id} does not rebuild: ${state.error}`);
    return { puzzle: info(record, game, state.value), rating: account ? ratingInfo(game.id, mine ?? { ...INITIAL, played: 0 }) : null };
  });

  app.get<{ Querystring: { game?: string } }>("/api/puzzles/daily", async (request) => {
    const game = request.query.game === undefined ? null : gameOf(request.query.game).id;
    const count = await storage.puzzleCount(game);
    if (count === 0) return { puzzle: null, day: dayOf(clock.now()) };
    const day = dayOf(clock.now());
    const record = await storage.puzzleAt(game, dailyIndex(day, count));
    if (!record) return { puzzle: null, day };
    const { game: g, state } = await load(record.puzzle.id);
    return { puzzle: info(record, g, state), day };
  });

  app.get("/api/puzzles/ratings", async (request) => {
    const account = await deps.accountOf(request);
    if (!account) return { ratings: null };
    return { ratings: (await storage.puzzleRatings(account.id)).map((r) => ratingInfo(r.game, r)) };
  });

  app.get<{ Params: { id: string } }>("/api/puzzles/:id", async (request) => {
    const { record, game, state } = await load(request.params.id);
    return { puzzle: info(record, game, state) };
  });

  app.post<{ Params: { id: string } }>("/api/puzzles/:id/attempt", async (request) => {
    const parsed = attemptSchema.safeParse(request.body ?? {});
    if (!parsed.success || parsed.data.move === undefined) throw new HubError("malformed-action", "send {move}: one of the puzzle's legal moves");
    const { record, game, state } = await load(request.params.id);
    const puzzle: Puzzle = record.puzzle;
    const checked = checkPuzzleMove(game, state, puzzle, parsed.data.move);
    if (!checked.ok) throw new HubError(checked.error, checked.error === "illegal-action" ? "not a legal move in this position" : "not a move of this game");
    const correct = checked.value;
    const move = game.parseAction(state, puzzle.seat, parsed.data.move);
    const base = { correct, answer: puzzle.accepted, explanation: puzzle.explanation, unit: puzzle.unit, move: move.ok ? move.value : null };
    const account = await deps.accountOf(request);
    if (!account) return { ...base, rated: false, player: null, puzzle: null } satisfies AttemptResponse;
    return serially(account.id, async (): Promise<AttemptResponse> => {
      if (await storage.puzzleAttempt(account.id, puzzle.id)) return { ...base, rated: false, player: null, puzzle: null };
      const fresh = (await storage.puzzle(puzzle.id)) ?? record;
      const mine = (await storage.puzzleRating(account.id, game.id)) ?? { game: game.id, ...INITIAL, played: 0 };
      // Loaded on the first rated attempt: it loads openskill (rate-skills.ts).
      const { ratePuzzleAttempt } = await import("./rate-skills.ts");
      const after = ratePuzzleAttempt(mine, fresh, correct);
      await storage.puzzleWrite({
        op: "attempt",
        attempt: { playerId: account.id, puzzleId: puzzle.id, solved: correct, move: stableKey(base.move), at: clock.now() },
        game: game.id,
        player: after.player,
        puzzle: after.puzzle,
      });
      return {
        ...base,
        rated: true,
        player: { before: ratingInfo(game.id, mine), after: ratingInfo(game.id, { ...after.player, played: mine.played + 1 }) },
        puzzle: { before: ordinal(fresh), after: ordinal(after.puzzle) },
      };
    });
  });
}

/** Checks and stores a puzzle file's puzzles (`grimoire puzzles import`): each must rebuild, its seat deciding, its answers legal. */
export async function importPuzzles(storage: Storage, games: readonly AnyGame[], raw: unknown, now: number): Promise<{ ok: true; added: number; kept: number } | { ok: false; error: string }> {
  const file = z.object({ format: z.literal("grimoire-puzzles"), version: z.literal(1), puzzles: z.array(z.record(z.string(), z.unknown())).max(100_000) }).safeParse(raw);
  if (!file.success) return { ok: false, error: "not a puzzle file (format grimoire-puzzles, version 1)" };
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (const [at, candidate] of file.data.puzzles.entries()) {
    const p = candidate as unknown as Puzzle;
    const game = games.find((g) => g.id === p.game && g.puzzleJudge);
    if (!game || typeof p.id !== "string" || !PUZZLE_ID.test(p.id)) return { ok: false, error: `puzzles[${at}]: unknown game or bad id` };
    const state = puzzleState(game, p);
    if (!state.ok) return { ok: false, error: `puzzles[${at}]: ${state.error}` };
    if (!Array.isArray(p.accepted) || p.accepted.length === 0) return { ok: false, error: `puzzles[${at}]: no accepted move` };
    for (const move of p.accepted) {
      const checked = checkPuzzleMove(game, state.value, p, move);
      if (!checked.ok || !checked.value) return { ok: false, error: `puzzles[${at}]: an accepted move is not legal` };
    }
    if (!ids.has(p.id)) puzzles.push(p);
    ids.add(p.id);
  }
  const stored = new Set(await storage.puzzlesStored(puzzles.map((p) => p.id)));
  const fresh = puzzles.filter((p) => !stored.has(p.id));
  for (let i = 0; i < fresh.length; i += 200) {
    await storage.puzzleWrite({ op: "import", puzzles: fresh.slice(i, i + 200).map((puzzle) => ({ puzzle, mu: INITIAL.mu, sigma: INITIAL.sigma })), at: now });
  }
  return { ok: true, added: fresh.length, kept: puzzles.length - fresh.length };
}

/**
 * A new server's puzzles: each game with none stored gets its seed file's (bot self-play), checked
 * as an import is; once a game has puzzles (its seeds, or its players' imported with `grimoire
 * puzzles import`) nothing is added at start. Several processes starting at once add each puzzle
 * once (its id is the key). A seed file that cannot be read or does not check is logged and left out.
 */
export async function seedPuzzles(storage: Storage, games: readonly AnyGame[], seeds: (gameId: string) => Promise<unknown>, now: number, log: (line: string) => void): Promise<void> {
  for (const game of games) {
    if (!game.puzzleJudge || (await storage.puzzleCount(game.id)) > 0) continue;
    let raw: unknown;
    try {
      raw = await seeds(game.id);
    } catch (error) {
      log(`puzzles: the seed puzzles of ${game.id} cannot be read: ${(error as Error).message}`);
      continue;
    }
    if (raw === undefined) continue;
    const theirs = typeof raw === "object" && raw !== null && (raw as { game?: unknown }).game === game.id;
    const result = theirs ? await importPuzzles(storage, games, raw, now) : ({ ok: false, error: `not a puzzle file of ${game.id}` } as const);
    log(result.ok ? `puzzles: ${result.added} seed puzzles of ${game.id} added` : `puzzles: the seed puzzles of ${game.id} were left out: ${result.error}`);
  }
}

/** `grimoire puzzles import`: opens the configured storage (as `grimoire start`), migrates it, adds the puzzles, closes it. */
export async function importPuzzlesFromEnv(raw: unknown, env: NodeJS.ProcessEnv = process.env): Promise<{ ok: true; added: number; kept: number } | { ok: false; error: string }> {
  const [{ storageFromEnv }, { games }] = await Promise.all([import("./moderation/admin.ts"), import("@grimoire/catalog")]);
  const storage = storageFromEnv(env);
  try {
    await storage.migrate();
    return await importPuzzles(storage, games, raw, Date.now());
  } finally {
    await storage.close();
  }
}
