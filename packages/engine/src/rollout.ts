// Monte Carlo rollout improvement of a policy, over determinizations (Bertsekas's rollout
// algorithm; "perfect-information Monte Carlo" when the policy is a game's heuristic bot).
//
// The bot sees only its seat's view. It draws `determinizations` full states with the game's
// resample (or its own), and in each one tries every root action, then plays the game on with
// the policy for every seat until it ends, a stage ends (`horizon`) or `rolloutDepth` actions,
// and scores the state. Every action is tried on the same determinization with the same random
// stream (common random numbers: the same hidden cards, the same dice for the policy), so the
// comparison between actions is far less noisy than independent samples would make it; this is
// what lets a few dozen determinizations separate moves whose values differ by a few percent.
// The best mean wins, unless `prior` names the policy's own move: then another action replaces it
// only when its paired gain is significant (`confidence` standard errors), so where the samples
// cannot tell, the bot plays as its policy would.
// The budget is the number of determinizations (deterministic for a given bot rng); a CPU cap
// may be added on top (`budget`): a clock the caller injects (the engine never reads one) stops
// the search early, once a floor of determinizations is done, and it judges on the deals it has.
import { stableKey } from "./clone.ts";
import type { AnyGame, Bot, BotContext, Outcome, Seat } from "./game.ts";
import { defaultReward, type RolloutPolicy } from "./ismcts.ts";
import { waitingSeats } from "./play.ts";
import { forkRng, type RngState } from "./rng.ts";

export interface RolloutBotOptions<S, A, V> {
  /** Name of the bot (default "rollout"). */
  readonly name?: string;
  /** Determinizations per decision; each tries every root action (default 32). */
  readonly determinizations: number;
  /** Plays every seat after the root action. */
  readonly policy: RolloutPolicy<S, A>;
  /** The policy's own choice from the view: kept unless another action beats it by `margin`. */
  readonly prior?: (context: BotContext<V, A>) => A;
  /**
   * How sure the bot must be to leave the prior's move: another action replaces it only when its
   * mean gain over the prior's, paired determinization by determinization, exceeds `confidence`
   * standard errors (default 2, about 97.5 % one-sided).
   */
  readonly confidence?: number;
  /** A stage of the game (a round): the rollout stops when it differs from the root's; `evaluate` scores the state. */
  readonly horizon?: (state: S) => number | string;
  /** Rollout length cap in actions (default: unbounded). */
  readonly rolloutDepth?: number;
  /** Score in [0, 1] of an unfinished state for `seat` (default 0.5). */
  readonly evaluate?: (state: S, seat: Seat) => number;
  /** Reward of a finished game for `seat` (default: 1 win, 1/k of k winners or ½ a draw, 0 loss). */
  readonly reward?: (outcome: Outcome, seat: Seat, state: S) => number;
  /** Determinizations (default: the game's resample). */
  readonly resample?: (view: V, seat: Seat, rng: RngState) => S;
  /**
   * A cap on top of the count: `spent()` is asked after each determinization once `floor` of
   * them are done, and the search stops when it says so. Made per decision by `cpuBudget`.
   * Without it the search is deterministic for a given rng; with it, only while the cap is not met.
   */
  readonly budget?: { readonly floor: number; readonly spent: () => boolean };
  /** Actions sampled per step for games with `sampleActions` (default 24). */
  readonly sampleWidth?: number;
  /**
   * The policy's move where it needs no list of actions (it makes its move from the state alone,
   * as Shazamm!'s zone2 lays a commit): the rollout plays it without listing or sampling the legal
   * actions first. Undefined: listed as usual, and the policy chooses among them.
   */
  readonly direct?: (state: S, seat: Seat, rng: RngState) => A | undefined;
}

/** Per root action, the mean score over the determinizations. */
export interface RolloutResult<A> {
  readonly action: A;
  readonly children: readonly { action: A; mean: number }[];
}

/**
 * A position scored for `seat` by the scores alone: its share of exp(weight × score) over every
 * seat, in [0, 1] (1/n when all are equal). An `evaluate` for games that count points.
 */
export function scoreShare(scores: readonly number[], seat: Seat, weight: number): number {
  let total = 0;
  for (const score of scores) total += Math.exp(weight * score);
  return Math.exp(weight * scores[seat]!) / total;
}

/**
 * A CPU cap for searches: `clock()` is the CPU milliseconds used so far (injected: the engine
 * reads no clock); each call of the result starts a decision's budget of `ms`, with at least
 * `floor` determinizations.
 */
export function cpuBudget(ms: number, clock: () => number, floor = 8): () => { floor: number; spent: () => boolean } {
  return () => {
    const start = clock();
    return { floor, spent: () => clock() - start >= ms };
  };
}

/** Plays `state` on with `policy` until it ends or the horizon or depth stop it; returns it. */
function playOn<S, A>(game: AnyGame, state: S, options: RolloutBotOptions<S, A, unknown>, stage: number | string | undefined, rng: RngState): S {
  const width = options.sampleWidth ?? 24;
  const cap = options.rolloutDepth ?? Number.POSITIVE_INFINITY;
  for (let depth = 0; depth < cap; depth++) {
    if (stage !== undefined && options.horizon!(state) !== stage) break;
    const seats = waitingSeats(game.decision(state));
    if (seats.length === 0) break;
    const actor = seats[0]!;
    const move = options.direct?.(state, actor, rng);
    if (move !== undefined) {
      game.apply(state, actor, move);
      continue;
    }
    const actions = (game.sampleActions ? game.sampleActions(state, actor, rng, width) : game.legalActions(state, actor)) as A[];
    if (actions.length === 0) break;
    game.apply(state, actor, actions.length === 1 ? actions[0]! : options.policy(state, actor, actions, rng));
  }
  return state;
}

/** Scores every root action of `context.seat` over the determinizations; the bot's rng advances. */
export function rolloutSearch<S, A, V>(game: AnyGame, context: BotContext<V, A>, options: RolloutBotOptions<S, A, V>): RolloutResult<A> {
  const { view, seat, legal, rng } = context;
  const reward = options.reward ?? ((outcome: Outcome, s: Seat) => defaultReward(outcome, s));
  // The policy's own move, asked before the search so the bot rng's use does not depend on it.
  const preferred = options.prior ? stableKey(options.prior(context)) : null;
  const planned = options.determinizations;
  // scores[index * planned + i]: action `index` on determinization i.
  const scores = new Float64Array(legal.length * planned);
  let n = 0;
  for (let i = 0; i < planned; i++) {
    if (options.budget && i >= options.budget.floor && options.budget.spent()) break;
    n++;
    const local = forkRng(rng);
    const root = (options.resample ? options.resample(view, seat, local) : game.resample(view, seat, local)) as S;
    const stage = options.horizon?.(root);
    const stream = forkRng(local);
    legal.forEach((action, index) => {
      const state = game.clone(root) as S;
      game.apply(state, seat, action);
      // Common random numbers: every action continues with the same stream.
      playOn(game, state, options as RolloutBotOptions<S, A, unknown>, stage, { s: stream.s.slice(), forced: [] });
      const outcome = game.outcome(state) as Outcome | null;
      scores[index * planned + i] = outcome ? reward(outcome, seat, state) : options.evaluate ? options.evaluate(state, seat) : 0.5;
    });
  }
  const children = legal.map((action, index) => {
    let total = 0;
    for (let i = 0; i < n; i++) total += scores[index * planned + i]!;
    return { action, mean: n > 0 ? total / n : 0 };
  });
  const kept = preferred === null ? -1 : children.findIndex((child) => stableKey(child.action) === preferred);
  if (kept < 0) {
    let best = 0;
    for (let index = 1; index < children.length; index++) if (children[index]!.mean > children[best]!.mean) best = index;
    return { action: children[best]!.action, children };
  }
  // Paired comparison with the prior's move: mean gain and its standard error.
  const z = options.confidence ?? 2;
  let best = kept;
  for (let index = 0; index < children.length; index++) {
    if (index === kept || children[index]!.mean <= children[best]!.mean) continue;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const d = scores[index * planned + i]! - scores[kept * planned + i]!;
      sum += d;
      squares += d * d;
    }
    const mean = sum / n;
    const variance = n > 1 ? (squares - n * mean * mean) / (n - 1) : Number.POSITIVE_INFINITY;
    if (mean > z * Math.sqrt(Math.max(0, variance) / n)) best = index;
  }
  return { action: children[best]!.action, children };
}

/** A rollout-improvement bot for `game`, working only from its seat's view and a resample. */
export function rolloutBot<S, A, V = unknown>(game: AnyGame, options: RolloutBotOptions<S, A, V>): Bot<V, A> {
  return {
    name: options.name ?? "rollout",
    decide(context: BotContext<V, A>): A {
      if (context.legal.length === 1) return context.legal[0]!;
      return rolloutSearch<S, A, V>(game, context, options).action;
    },
  };
}
