// Post-game review: at each decision of one seat in a finished (or unfinished) record, every
// choice it had (or the few a game names, when there are many) scored FROM THAT SEAT'S VIEW by
// the game's reviewer — its hard bot's evaluation, on determinizations drawn from the view like
// the bots draw them, never from the true state — with the chosen move's loss against the best
// and a label. Deterministic: each decision's generator comes from the review's seed and the
// decision's index in the record, nothing else (not the game's generator, which no seat knows).
import { stableKey } from "./clone.ts";
import type { AnyGame, BotContext, Seat } from "./game.ts";
import { act } from "./play.ts";
import { rolloutSearch, type RolloutBotOptions } from "./rollout.ts";
import { err, ok, type Result } from "./result.ts";
import { createRng, forkRng, type RngState, type Seed } from "./rng.ts";
import type { Message } from "./text.ts";

export const REVIEW_LABELS = ["good", "inaccuracy", "mistake", "blunder"] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number];

/**
 * Which kind of value a decision got (docs/bots.md, "Post-game review"):
 * - "equilibrium": each choice against the opponent's equilibrium of an exactly solved sub-game
 *   (Shazamm!'s bid-only rounds): a choice's loss is how much less than the game's value it
 *   guarantees, 0 for every choice in the equilibrium's support;
 * - "mixed-model": a simultaneous choice valued by rollouts against a mixed model of the other
 *   seats' choices (never one deterministic reply);
 * - "rollout": a choice in turn valued by the hard bot's rollouts;
 * - "rule": labelled by a rule the exact math proves (a call that cannot succeed while stopping
 *   was possible is a blunder), whatever the values say;
 * - "not-judged": a forced move, or every choice worth the same: no label.
 */
export const REVIEW_KINDS = ["equilibrium", "mixed-model", "rollout", "rule", "not-judged"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Values closer than this are the same (rollout means of equal outcomes, an exact tie). */
export const EQUAL_VALUES = 1e-9;

/**
 * What a reviewer's values measure: "win", the chance of winning the game; "share", the seat's
 * share of a softmax of the scores where a stage ends (the round, the room: what the hard bots
 * of Abraca…What? and Incantibus estimate); "wall", the bid-only round's expected end in
 * Shazamm! (−1: the wall on my wizard, +1: on theirs), the unit of its reviews until issue #18
 * rated spells and follow-ups (no reviewer uses it now; reviews stored with it still read; Shazamm!'s
 * bid-only puzzles use it); "lives", a call's expected value in lives (Abraca…What?'s puzzles).
 */
export type ReviewUnit = "win" | "share" | "wall" | "lives";

/** A loss of at least `inaccuracy` (in the reviewer's unit) is an inaccuracy, and so on up. */
export interface ReviewThresholds {
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
}

/**
 * Exact facts a game can state about a decision, as a small table its catalogue words: one row per
 * label (a spell, a bid), one number per column; `marked` is the row of the move made.
 */
export interface ReviewInsight {
  readonly title: Message;
  readonly columns: readonly { readonly label: Message; readonly format: "percent" | "number" }[];
  readonly rows: readonly { readonly label: Message; readonly values: readonly number[]; readonly marked?: boolean }[];
}

/** A game's evaluation of decisions, from a seat's view only. */
export interface Reviewer<V, A> {
  readonly unit: ReviewUnit;
  readonly thresholds: ReviewThresholds;
  /**
   * The choices worth scoring (default: every legal one). Games with many name the top few; the
   * move made is added when missing. An empty list: the decision is not rated (the game's
   * evaluation says nothing about it), it is left out of the review.
   */
  candidates?(context: BotContext<V, A>): readonly A[];
  /** The value of each candidate for `context.seat`, from `context.view` and `context.rng` only. */
  score(context: BotContext<V, A>, candidates: readonly A[]): number[];
  /**
   * When present, used instead of `score`: the values and the kind of value they are (a game whose
   * decisions are valued differently by position, Shazamm!'s equilibrium in bid-only rounds).
   */
  assess?(context: BotContext<V, A>, candidates: readonly A[]): { readonly values: number[]; readonly kind: ReviewKind };
  /** The kind of value `score` gives at a decision (default "rollout"). */
  kind?(context: BotContext<V, A>): ReviewKind;
  /**
   * A label the exact math proves for the move made, whatever its loss (null: none applies). The
   * decision's kind is then "rule".
   */
  rule?(context: BotContext<V, A>, chosen: A): ReviewLabel | null;
  /** Optional exact facts about the decision. */
  insight?(view: V, seat: Seat, chosen: A): ReviewInsight | null;
}

export interface ReviewedChoice {
  readonly action: unknown;
  readonly label: Message;
  readonly value: number;
}

export interface ReviewedDecision {
  /** Index of the action in the record (0-based). */
  readonly index: number;
  /** The choices scored, best first. */
  readonly choices: readonly ReviewedChoice[];
  /** Index in `choices` of the move made. */
  readonly chosen: number;
  /** How many legal choices there were (more than `choices` when only the top few were scored). */
  readonly legal: number;
  readonly best: number;
  readonly value: number;
  readonly loss: number;
  /** The verdict; null when the decision is not judged (a forced move, or every choice equal). */
  readonly label: ReviewLabel | null;
  /**
   * Which kind of value the decision got (REVIEW_KINDS). Reviews stored before issue #28 have
   * none: their values were rollouts (Shazamm!'s commits against zone2's one reply).
   */
  readonly kind?: ReviewKind;
  readonly insight?: ReviewInsight;
}

export interface ReviewSummary {
  /** Every decision listed, judged or not. */
  readonly decisions: number;
  /** Over the judged decisions. */
  readonly averageLoss: number;
  readonly counts: Readonly<Record<ReviewLabel, number>>;
  /** Decisions not judged (forced, or every choice equal); absent from reviews stored before issue #28. */
  readonly notJudged?: number;
}

export interface Review {
  readonly game: string;
  readonly seat: Seat;
  readonly seed: Seed;
  readonly unit: ReviewUnit;
  readonly thresholds: ReviewThresholds;
  readonly decisions: readonly ReviewedDecision[];
  readonly summary: ReviewSummary;
}

/** The label of a loss under the thresholds. */
export function labelOf(loss: number, thresholds: ReviewThresholds): ReviewLabel {
  if (loss >= thresholds.blunder) return "blunder";
  if (loss >= thresholds.mistake) return "mistake";
  if (loss >= thresholds.inaccuracy) return "inaccuracy";
  return "good";
}

/** The generator of the decision at action `index`: from the review's seed and the index only. */
export function decisionRng(seed: Seed, index: number): RngState {
  const base = createRng(seed);
  base.s[0] = (base.s[0]! ^ Math.imul(index + 1, 0x9e3779b1)) | 0;
  base.s[3] = (base.s[3]! ^ Math.imul(index + 1, 0x85ebca6b)) | 1;
  // Two forks spread the few changed bits over every word.
  return forkRng(forkRng(base));
}

/**
 * One decision reviewed: `legal` (what the seat could do), `chosen` (what it did, one of them or
 * null for a hint, before any move). The reviewer reads only the view. Null when not rated.
 */
export function reviewDecision<V, A>(
  game: AnyGame,
  reviewer: Reviewer<V, A>,
  context: BotContext<V, A>,
  chosen: A | null,
  index: number,
): ReviewedDecision | null {
  const { legal } = context;
  if (legal.length === 0) return null;
  // A forced move: not judged (a hint has nothing to say about it).
  const forced = legal.length === 1;
  if (forced && chosen === null) return null;
  const named = forced ? [legal[0]!] : reviewer.candidates ? [...reviewer.candidates(context)] : [...legal];
  if (named.length === 0) return null;
  const keys = new Set(named.map((action) => stableKey(action)));
  if (chosen !== null && !keys.has(stableKey(chosen))) named.push(chosen);
  const assessed = reviewer.assess ? reviewer.assess(context, named) : { values: reviewer.score(context, named), kind: reviewer.kind?.(context) ?? "rollout" };
  const values = assessed.values;
  if (values.length !== named.length || values.some((v) => !Number.isFinite(v))) {
    throw new Error(`${game.id}: the reviewer scored ${values.length} of ${named.length} choices`);
  }
  const chosenKey = chosen === null ? null : stableKey(chosen);
  // Best first; on a tie the move made first (it was as good as the best), then the reviewer's order.
  const choices = named
    .map((action, at) => ({ action, label: game.describeAction(action) as Message, value: values[at]!, at, made: chosenKey !== null && stableKey(action) === chosenKey }))
    .sort((a, b) => b.value - a.value || Number(b.made) - Number(a.made) || a.at - b.at);
  const at = chosenKey === null ? 0 : choices.findIndex((choice) => stableKey(choice.action) === chosenKey);
  const best = choices[0]!.value;
  const value = choices[at]!.value;
  const insight = reviewer.insight?.(context.view, context.seat, choices[at]!.action) ?? null;
  // Not judged: a forced move, or every choice worth the same. Else a rule the exact math proves
  // (about the move made), else the loss's label.
  const equal = forced || best - choices[choices.length - 1]!.value <= EQUAL_VALUES;
  const ruled = equal || chosen === null ? null : (reviewer.rule?.(context, chosen) ?? null);
  const loss = equal ? 0 : Math.max(0, best - value);
  const kind: ReviewKind = equal ? "not-judged" : ruled !== null ? "rule" : assessed.kind;
  const label: ReviewLabel | null = equal ? null : ruled !== null ? ruled : chosen === null ? "good" : labelOf(loss, reviewer.thresholds);
  return {
    index,
    choices: choices.map(({ action, label, value }) => ({ action: action as unknown, label, value })),
    chosen: at,
    legal: legal.length,
    best,
    value,
    loss,
    label,
    kind,
    ...(insight ? { insight } : {}),
  };
}

/** Average loss and counts per label. */
export function summarize(decisions: readonly ReviewedDecision[]): ReviewSummary {
  const counts = { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
  let total = 0;
  let judged = 0;
  for (const decision of decisions) {
    if (decision.label === null) continue;
    counts[decision.label]++;
    total += decision.loss;
    judged++;
  }
  return { decisions: decisions.length, averageLoss: judged > 0 ? total / judged : 0, counts, notJudged: decisions.length - judged };
}

export interface ReviewOptions {
  /** The seed of the review's own generators (default 1). */
  readonly seed?: Seed;
  /** Told before each decision is scored: done so far, of `total` decisions of the seat. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The legal actions a review scores: every one (the game's exhaustive list). */
function legalOf(game: AnyGame, state: unknown, seat: Seat): unknown[] {
  return game.legalActions(state, seat);
}

/** Whether `seat` is among the seats deciding in `state`. */
function decides(game: AnyGame, state: unknown, seat: Seat): boolean {
  const decision = game.decision(state);
  return decision.type === "turn" ? decision.seat === seat : decision.type === "simultaneous" && decision.seats.includes(seat);
}

/** One decision of a record, as its seat saw it: what a reviewer (here or in a worker) needs. */
export interface RecordDecision {
  readonly index: number;
  readonly view: unknown;
  readonly legal: unknown[];
  readonly chosen: unknown;
}

/**
 * Every decision of `seat` in a record (`initial`, the game's first state, and the actions played),
 * with the seat's view and legal actions then. Errors (a record that does not replay) are data.
 */
export function recordDecisions(game: AnyGame, initial: unknown, actions: readonly { readonly seat: Seat; readonly action: unknown }[], seat: Seat): Result<RecordDecision[], string> {
  const state = game.clone(initial);
  const out: RecordDecision[] = [];
  for (let index = 0; index < actions.length; index++) {
    const step = actions[index]!;
    if (step.seat === seat && decides(game, state, seat)) {
      const parsed = game.parseAction(state, seat, step.action);
      if (!parsed.ok) return err(`actions[${index}] (seat ${seat}): ${parsed.error.code}: ${parsed.error.message}`);
      out.push({ index, view: game.view(state, seat), legal: legalOf(game, state, seat), chosen: parsed.value });
    }
    let applied;
    try {
      applied = act(game, state, step.seat, step.action);
    } catch (error) {
      return err(`actions[${index}] (seat ${step.seat}): ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!applied.ok) return err(`actions[${index}] (seat ${step.seat}): ${applied.error.code}: ${applied.error.message}`);
  }
  return ok(out);
}

/** One record decision reviewed (its generator from the review's seed and the decision's index). */
export function reviewRecordDecision(game: AnyGame, reviewer: Reviewer<unknown, unknown>, seat: Seat, decision: RecordDecision, seed: Seed): ReviewedDecision | null {
  return reviewDecision(game, reviewer, { view: decision.view, seat, legal: decision.legal, rng: decisionRng(seed, decision.index) }, decision.chosen, decision.index);
}

/** The review of `seat` from its reviewed decisions (null: not rated, left out). */
export function assembleReview(game: AnyGame, reviewer: Reviewer<unknown, unknown>, seat: Seat, seed: Seed, reviewed: readonly (ReviewedDecision | null)[]): Review {
  const decisions = reviewed.filter((d): d is ReviewedDecision => d !== null);
  return { game: game.id, seat, seed, unit: reviewer.unit, thresholds: reviewer.thresholds, decisions, summary: summarize(decisions) };
}

/**
 * Reviews every decision of `seat` in a record: `initial` (the game's first state) and the actions
 * played. Errors (a record that does not replay) are data; the record is not changed.
 */
export function reviewRecord(
  game: AnyGame,
  reviewer: Reviewer<unknown, unknown>,
  initial: unknown,
  actions: readonly { readonly seat: Seat; readonly action: unknown }[],
  seat: Seat,
  options: ReviewOptions = {},
): Result<Review, string> {
  const seed = options.seed ?? 1;
  const found = recordDecisions(game, initial, actions, seat);
  if (!found.ok) return found;
  const decisions = found.value;
  const reviewed: (ReviewedDecision | null)[] = [];
  decisions.forEach((decision, done) => {
    options.onProgress?.(done, decisions.length);
    reviewed.push(reviewRecordDecision(game, reviewer, seat, decision, seed));
  });
  options.onProgress?.(decisions.length, decisions.length);
  return ok(assembleReview(game, reviewer, seat, seed, reviewed));
}

/** The review of the decision `seat` faces now (a hint): every choice scored, none made yet. */
export function reviewNow(game: AnyGame, reviewer: Reviewer<unknown, unknown>, state: unknown, seat: Seat, index: number, seed: Seed = 1): ReviewedDecision | null {
  if (!decides(game, state, seat)) return null;
  return reviewDecision(game, reviewer, { view: game.view(state, seat), seat, legal: legalOf(game, state, seat), rng: decisionRng(seed, index) }, null, index);
}

/**
 * A reviewer from a rollout bot's search (./rollout.ts): each candidate's mean over the same
 * determinizations, drawn from the view with the options' resample (or the game's). `options`
 * may depend on the decision (a budget shared over its choices); its `prior` is not used.
 */
export function rolloutReviewer<S, A, V>(
  game: AnyGame,
  spec: {
    readonly unit: ReviewUnit;
    readonly thresholds: ReviewThresholds;
    readonly options: (context: BotContext<V, A>, candidates: readonly A[]) => RolloutBotOptions<S, A, V>;
    readonly candidates?: (context: BotContext<V, A>) => readonly A[];
    readonly insight?: (view: V, seat: Seat, chosen: A) => ReviewInsight | null;
    /** The kind of value at a decision (default "rollout"; "mixed-model" at a simultaneous one). */
    readonly kind?: (context: BotContext<V, A>) => ReviewKind;
    readonly rule?: (context: BotContext<V, A>, chosen: A) => ReviewLabel | null;
  },
): Reviewer<V, A> {
  return {
    unit: spec.unit,
    thresholds: spec.thresholds,
    ...(spec.candidates ? { candidates: spec.candidates } : {}),
    ...(spec.insight ? { insight: spec.insight } : {}),
    ...(spec.kind ? { kind: spec.kind } : {}),
    ...(spec.rule ? { rule: spec.rule } : {}),
    score(context, candidates) {
      const { prior: _prior, ...options } = spec.options(context, candidates);
      return rolloutSearch<S, A, V>(game, { ...context, legal: candidates }, options).children.map((child) => child.mean);
    },
  };
}
