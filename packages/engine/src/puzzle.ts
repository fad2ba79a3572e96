// Puzzles: positions of finished games where one move is clearly best from the deciding seat's own
// view. A game's judge (its `puzzleJudge`, in the game's folder) values the seat's choices from
// the view only — exactly where the game can (Abraca…What?'s call odds, Shazamm!'s bid-only
// equilibrium), by its review's rollout search elsewhere — and a position is kept when the best
// choice's value beats every other's by the judge's documented margin (docs/bots.md).
//
// What a puzzle stores reveals nothing the seat could not see: its arrangement is not the true
// state but one redrawn from the seat's view (`resample`) with the puzzle's own generator, so two
// games that look the same to the seat give the same puzzle (puzzle.test.ts checks it with the
// property suite's `shuffleHidden`). Deterministic: everything comes from the source and the seed.
import { deepEqual, stableKey } from "./clone.ts";
import type { AnyGame, BotContext, Seat } from "./game.ts";
import { playout, type PlayedAction } from "./play.ts";
import { decisionRng, recordDecisions, type ReviewedDecision, type ReviewInsight, type ReviewUnit } from "./review.ts";
import { err, ok, type Result } from "./result.ts";
import { createRng, forkRng, type Seed } from "./rng.ts";
import type { Message } from "./text.ts";

/** A game's valuation of a decision for puzzles. */
export interface PuzzleJudge<V, A> {
  /** What the values measure (as a review's). */
  readonly unit: ReviewUnit;
  /** How much the best choice must beat every other by, in `unit`, for a puzzle (docs/bots.md). */
  readonly margin: number;
  /** What the values come from, for docs and the CLI: "exact" or "rollouts". */
  readonly method: "exact" | "rollouts";
  /**
   * The choices valued and their values for `context.seat`, from the view and `context.rng` only;
   * null when the judge says nothing of this position (Shazamm!: spells still in a hand). `effort`
   * 1 is generation's; a larger one (the test's re-evaluation) searches longer where the values
   * come from a search, and changes nothing where they are exact.
   */
  judge(game: AnyGame, context: BotContext<V, A>, effort: number): JudgedChoices<A> | null;
}

/** A judge's values; `unit` and `margin` when this position is valued otherwise than the judge's default (Shazamm!'s exact bid-only rounds). */
export interface JudgedChoices<A> {
  readonly candidates: readonly A[];
  readonly values: readonly number[];
  readonly insight?: ReviewInsight | null;
  readonly unit?: ReviewUnit;
  readonly margin?: number;
}

export interface PuzzleSource {
  /** "self-play": a bot game dealt from `ref`; "record": a recorded game file or stored match `ref`. */
  readonly kind: "self-play" | "record";
  readonly ref: string;
  /** The index of the decision's action in the game's record. */
  readonly index: number;
}

export interface Puzzle {
  /** A hash of the game, seat and arrangement: the same position is one puzzle. */
  readonly id: string;
  readonly game: string;
  readonly seats: number;
  readonly options: unknown;
  /** The position as the seat may know it (redrawn from its view), `toArrangement`'s plain JSON. */
  readonly arrangement: unknown;
  readonly seat: Seat;
  /** The right answers (the game's actions). */
  readonly accepted: readonly unknown[];
  /** Every choice valued, best first, with the game's exact insight where it has one. */
  readonly explanation: ReviewedDecision;
  readonly unit: ReviewUnit;
  /** By how much the best choice beat the next one when generated, in `unit`. */
  readonly margin: number;
  readonly source: PuzzleSource;
}

/** A short stable hash (FNV-1a, two lanes) of a string, as 16 hex digits. */
export function puzzleHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** The lead of the best value over the next one (0 with fewer than two). */
export function leadOf(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const sorted = [...values].sort((a, b) => b - a);
  return sorted[0]! - sorted[1]!;
}

/**
 * A search's values in two stages, for judges whose values come from rollouts: `deals` first
 * (cheap, most positions show no clear best and stop there), then, only when the lead there is at
 * least three quarters of `margin`, `deals × full` on fresh draws — the values returned. A
 * position kept has its margin from the longer search. `confirm`: the longer search is run twice
 * on independent deals and the two are joined cautiously (the best choice's lower value, every
 * other's higher one), so a lead must show in both — for games whose values are noisy (Emmerlaüs).
 * `effort` above 1 (a re-evaluation, `full` already multiplied by it) skips the screen.
 */
export function screenedValues(run: (deals: number) => number[], deals: number, full: number, margin: number, confirm = false, effort = 1): number[] {
  // A re-evaluation (effort above 1) is not screened: it is the longer search itself.
  if (effort <= 1) {
    const screen = run(deals);
    if (leadOf(screen) < 0.75 * margin) return screen;
  }
  const first = run(deals * full);
  if (!confirm) return first;
  const second = run(deals * full);
  const best = first.indexOf(Math.max(...first));
  return first.map((value, i) => (i === best ? Math.min(value, second[i]!) : Math.max(value, second[i]!)));
}

/** A seed (32 hex digits) derived from any text. */
export function seedOf(text: string): string {
  return puzzleHash(text) + puzzleHash(`${text}|2`);
}

/** The judge's verdict on one decision: the choices best first and the lead of the best, or null. */
export function judgeDecision(game: AnyGame, judge: PuzzleJudge<unknown, unknown>, context: BotContext<unknown, unknown>, effort = 1, index = 0): { decision: ReviewedDecision; lead: number; unit: ReviewUnit; margin: number } | null {
  if (context.legal.length < 2) return null;
  const judged = judge.judge(game, context, effort);
  if (judged === null || judged.candidates.length < 2) return null;
  if (judged.values.length !== judged.candidates.length || judged.values.some((v) => !Number.isFinite(v))) {
    throw new Error(`${game.id}: the puzzle judge valued ${judged.values.length} of ${judged.candidates.length} choices`);
  }
  const choices = judged.candidates
    .map((action, at) => ({ action: action as unknown, label: game.describeAction(action) as Message, value: judged.values[at]!, at }))
    .sort((x, y) => y.value - x.value || x.at - y.at)
    .map(({ action, label, value }) => ({ action, label, value }));
  const lead = choices[0]!.value - choices[1]!.value;
  const best = choices[0]!.value;
  return {
    lead,
    unit: judged.unit ?? judge.unit,
    margin: judged.margin ?? judge.margin,
    decision: {
      index,
      choices,
      chosen: 0,
      legal: context.legal.length,
      best,
      value: best,
      loss: 0,
      label: "good",
      ...(judged.insight ? { insight: judged.insight } : {}),
    },
  };
}

export interface PuzzleSearch {
  /** The seed of the puzzles' own generators (the judge's draws, the arrangement's redraw). */
  readonly seed: Seed;
  /** At most this many puzzles from one game (its clearest positions first; default 3). */
  readonly perGame?: number;
}

/** The puzzles of one finished game: `initial` and the actions played, every seat's decisions. */
export function puzzlesOfGame(
  game: AnyGame,
  judge: PuzzleJudge<unknown, unknown>,
  setup: { readonly seats: number; readonly options: unknown },
  initial: unknown,
  actions: readonly PlayedAction[],
  source: Omit<PuzzleSource, "index">,
  search: PuzzleSearch,
): Result<Puzzle[], string> {
  const found: { puzzle: Puzzle; lead: number }[] = [];
  const salt = `${stableKey(search.seed)}|${source.kind}|${source.ref}`;
  for (let seat = 0; seat < setup.seats; seat++) {
    const decisions = recordDecisions(game, initial, actions, seat);
    if (!decisions.ok) return decisions;
    for (const decision of decisions.value) {
      if (decision.legal.length < 2) continue;
      const rng = decisionRng(seedOf(`${salt}|${seat}|judge`), decision.index);
      const judged = judgeDecision(game, judge, { view: decision.view, seat, legal: decision.legal, rng }, 1, decision.index);
      if (judged === null || judged.lead < keptLead(judge, judged.margin)) continue;
      const arrangement = viewSafeArrangement(game, decision.view, seat, arrangementSeed(search.seed, source, seat), decision.index);
      const puzzle = makePuzzle(game, setup, arrangement, seat, judged, { ...source, index: decision.index });
      found.push({ puzzle, lead: judged.lead });
    }
  }
  // The clearest first, then the earliest; ties broken by id so the order is the inputs'.
  found.sort((x, y) => y.lead - x.lead || x.puzzle.source.index - y.puzzle.source.index || (x.puzzle.id < y.puzzle.id ? -1 : 1));
  return ok(found.slice(0, search.perGame ?? 3).map((f) => f.puzzle));
}

/**
 * The lead a position needs to be kept: the margin for exact values; for values from rollouts one and
 * a half times it, so that a longer search (the test's, four times the deals) still finds the margin.
 */
export function keptLead(judge: Pick<PuzzleJudge<unknown, unknown>, "method">, margin: number): number {
  return judge.method === "exact" ? margin : 1.5 * margin;
}

/** The seed of a puzzle's redrawn position: from the generation's seed, the source and the seat only. */
export function arrangementSeed(seed: Seed, source: Omit<PuzzleSource, "index">, seat: Seat): string {
  return seedOf(`${stableKey(seed)}|${source.kind}|${source.ref}|${seat}|arrangement`);
}

/**
 * The position as the seat may know it: a state drawn from its view alone (`resample`, with a
 * generator from `seed` and the decision's index), as an arrangement. A function of the view: two
 * positions the seat cannot tell apart give the same arrangement.
 */
export function viewSafeArrangement(game: AnyGame, view: unknown, seat: Seat, seed: Seed, index: number): unknown {
  const redrawn = game.resample(view, seat, decisionRng(seed, index));
  return JSON.parse(JSON.stringify(game.toArrangement(redrawn))) as unknown;
}

function makePuzzle(
  game: AnyGame,
  setup: { readonly seats: number; readonly options: unknown },
  arrangement: unknown,
  seat: Seat,
  judged: { decision: ReviewedDecision; lead: number; unit: ReviewUnit },
  source: PuzzleSource,
): Puzzle {
  const id = puzzleHash(`${game.id}|${setup.seats}|${stableKey(setup.options)}|${seat}|${stableKey(arrangement)}`);
  return {
    id,
    game: game.id,
    seats: setup.seats,
    options: setup.options,
    arrangement,
    seat,
    accepted: [judged.decision.choices[0]!.action],
    explanation: judged.decision,
    unit: judged.unit,
    margin: judged.lead,
    source,
  };
}

/** The position of a puzzle, rebuilt and checked: the seat decides and sees what it saw. */
export function puzzleState(game: AnyGame, puzzle: Pick<Puzzle, "game" | "seats" | "options" | "arrangement" | "seat">): Result<unknown, string> {
  if (puzzle.game !== game.id) return err(`puzzle of ${puzzle.game}, not ${game.id}`);
  const options = game.optionsSchema.safeParse(puzzle.options);
  if (!options.success) return err("options: not the game's");
  if (!Number.isInteger(puzzle.seats) || puzzle.seats < game.minSeats || puzzle.seats > game.maxSeats) return err("seats: out of range");
  const built = game.fromArrangement({ seats: puzzle.seats, options: options.data, seed: 1 }, puzzle.arrangement);
  if (!built.ok) return built;
  const decision = game.decision(built.value);
  const deciding = decision.type === "turn" ? decision.seat === puzzle.seat : decision.type === "simultaneous" && decision.seats.includes(puzzle.seat);
  if (!deciding) return err(`seat ${puzzle.seat} has nothing to decide in the arrangement`);
  return ok(built.value);
}

/** Whether `raw` is one of the puzzle's accepted moves in `state` (parsed as the game parses a move). */
export function checkPuzzleMove(game: AnyGame, state: unknown, puzzle: Pick<Puzzle, "seat" | "accepted">, raw: unknown): Result<boolean, "malformed-action" | "illegal-action"> {
  let parsed;
  try {
    parsed = game.parseAction(state, puzzle.seat, raw);
  } catch {
    return err("malformed-action");
  }
  if (!parsed.ok) return err(parsed.error.code === "illegal-action" ? "illegal-action" : "malformed-action");
  const key = stableKey(parsed.value);
  return ok(puzzle.accepted.some((action) => stableKey(action) === key));
}

/** Bots playing every seat of a self-play game (the game's `medium` level: quick, sensible). */
export function selfPlayGame(game: AnyGame, seats: number, options: unknown, seed: Seed, bot?: string): { initial: unknown; actions: PlayedAction[] } {
  const initial = game.setup({ seats, options, seed: typeof seed === "number" ? seed : seedOf(seed) });
  const state = game.clone(initial);
  const name = bot ?? game.levels.medium;
  const bots = Array.from({ length: seats }, () => game.bots[name]!.create());
  const actions = playout(game, state, bots, forkRng(createRng(seedOf(`${stableKey(seed)}|bots`))));
  return { initial, actions };
}

/** Same view for the seat in the rebuilt arrangement as in the source position (the view check). */
export function sameSeatView(game: AnyGame, puzzle: Puzzle, view: unknown): boolean {
  const state = puzzleState(game, puzzle);
  return state.ok && deepEqual(game.view(state.value, puzzle.seat), view);
}

/** Puzzles from `games` self-play games of `seats` players (game k dealt from `${seed}:${k}`); `until`: stop after the game that brings that many. */
export function selfPlayPuzzles(game: AnyGame, options: { readonly until?: number; readonly games: number; readonly seats: number; readonly seed: Seed; readonly perGame?: number; readonly gameOptions?: unknown; readonly onGame?: (done: number) => void }): Puzzle[] {
  const judge = game.puzzleJudge as PuzzleJudge<unknown, unknown> | undefined;
  if (!judge) throw new Error(`${game.id} has no puzzle judge`);
  const gameOptions = options.gameOptions ?? game.optionsSchema.parse({});
  const out: Puzzle[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < options.games; k++) {
    const ref = `${stableKey(options.seed)}:${k}`;
    const { initial, actions } = selfPlayGame(game, options.seats, gameOptions, ref);
    const found = puzzlesOfGame(game, judge, { seats: options.seats, options: gameOptions }, initial, actions, { kind: "self-play", ref }, { seed: options.seed, ...(options.perGame !== undefined ? { perGame: options.perGame } : {}) });
    if (!found.ok) throw new Error(`${game.id}: self-play game ${ref} does not replay: ${found.error}`);
    for (const puzzle of found.value) {
      if (seen.has(puzzle.id)) continue;
      seen.add(puzzle.id);
      out.push(puzzle);
    }
    options.onGame?.(k + 1);
    if (options.until !== undefined && out.length >= options.until) break;
  }
  return out;
}
