// Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).
//
// The bot sees only its seat's view. Each iteration draws a determinization with
// game.resample(view, seat, rng), descends the one shared tree with UCB restricted to the
// actions legal in that determinization (availability counts instead of parent visits),
// expands one action, finishes the game with a rollout policy and backs up, at every node,
// the result of the seat that chose there. Simultaneous steps are played one seat after the
// other, the searcher first, so its choice never depends on another's sealed commit (the
// resampler already hides their content). Budget: iterations (no clock, what tests use) or
// milliseconds through an injected `now` (the engine never reads the clock). Deterministic
// for a given bot rng.
import { stableKey } from "./clone.ts";
import type { AnyGame, Bot, BotContext, Outcome, Seat } from "./game.ts";
import { waitingSeats } from "./play.ts";
import { forkRng, pick, randomFloat, randomInt, type RngState } from "./rng.ts";

/** Chooses one of `legal` for `seat` in a full (determinized) state during rollouts. */
export type RolloutPolicy<S, A> = (state: S, seat: Seat, legal: readonly A[], rng: RngState) => A;

export interface IsmctsOptions<S, A> {
  /** Name of the bot (default "ismcts"). */
  readonly name?: string;
  /** Iterations per decision; the whole budget when no time is given. */
  readonly iterations?: number;
  /** Milliseconds per decision, measured with `now`; iterations then only cap the search. */
  readonly timeMs?: number;
  /** The clock for `timeMs` (the CLI and server pass performance.now). */
  readonly now?: () => number;
  /** UCB exploration constant (default 0.7, rewards are in [0, 1]). */
  readonly exploration?: number;
  /** Rollout policy (default uniform random). */
  readonly rollout?: RolloutPolicy<S, A>;
  /**
   * How many decisions deep the tree grows (default unbounded). 1 keeps statistics for the root's
   * actions only and plays everything after them with the rollout policy: a Monte Carlo rollout
   * improvement of that policy, which beats a deep tree when iterations are few and the policy
   * is good (a fresh node's uniform exploration otherwise drags down the actions that keep the
   * turn).
   */
  readonly treeDepth?: number;
  /** Rollout length cap in actions; then `evaluate` (or a draw) scores the state. */
  readonly rolloutDepth?: number;
  /**
   * A stage of the game (Abraca…What?'s round): the rollout stops as soon as the stage differs
   * from the root's, and `evaluate` scores the state. In a game of many short, noisy rounds the
   * end of this one says more about a move than the distant end of the game.
   */
  readonly horizon?: (state: S) => number | string;
  /** Score in [0, 1] of an unfinished state for `seat` (default: outcome if over, else 0.5). */
  readonly evaluate?: (state: S, seat: Seat) => number;
  /** Actions sampled per step for games with `sampleActions` (default 24). */
  readonly sampleWidth?: number;
  /** Determinizations (default: the game's resample); e.g. one weighting hidden cards by what others did. */
  readonly resample?: (view: unknown, seat: Seat, rng: RngState) => S;
  /** Reward of a finished game for `seat` (default: 1 win, 0.5 draw or shared, 0 loss). */
  readonly reward?: (outcome: Outcome, seat: Seat, state: S) => number;
}

interface Edge<A> {
  readonly key: string;
  readonly action: A;
  /** The node after this action (turn steps only; simultaneous steps use the anchor's joint children). */
  node: TreeNode<A> | null;
  visits: number;
  total: number;
  available: number;
}

interface TreeNode<A> {
  /** Edges of the seat acting on a turn. */
  readonly edges: Map<string, Edge<A>>;
  /** Decoupled edges of each seat committing in a simultaneous step starting here: no seat sees another's commit. */
  readonly sim: Map<Seat, Map<string, Edge<A>>>;
  /** Nodes after a whole simultaneous step, by the joint commits. */
  readonly joint: Map<string, TreeNode<A>>;
}

function newNode<A>(): TreeNode<A> {
  return { edges: new Map(), sim: new Map(), joint: new Map() };
}

/** 1 for a sole winner, 1/k for one of k winners, 0.5 on a draw, 0 for a loser. */
export function defaultReward(outcome: Outcome, seat: Seat): number {
  if (outcome.draw || outcome.winners.length === 0) return 0.5;
  return outcome.winners.includes(seat) ? 1 / outcome.winners.length : 0;
}

/** Who acts next from the searcher's point of view: the searcher first in a simultaneous step. */
function actorFor(game: AnyGame, state: unknown, searcher: Seat): Seat | null {
  const seats = waitingSeats(game.decision(state));
  if (seats.length === 0) return null;
  return seats.includes(searcher) ? searcher : seats[0]!;
}

function actionsFor<A>(game: AnyGame, state: unknown, seat: Seat, rng: RngState, width: number): A[] {
  return (game.sampleActions ? game.sampleActions(state, seat, rng, width) : game.legalActions(state, seat)) as A[];
}

/** The statistics of one search, for tests and tuning. */
export interface SearchResult<A> {
  readonly action: A;
  readonly iterations: number;
  readonly children: readonly { action: A; visits: number; mean: number }[];
}

/** Runs one search for `context.seat` from its view; the bot's rng advances. */
export function ismctsSearch<S, A>(game: AnyGame, context: BotContext<unknown, A>, options: IsmctsOptions<S, A>): SearchResult<A> {
  const { view, seat, legal, rng } = context;
  const c = options.exploration ?? 0.7;
  const width = options.sampleWidth ?? 24;
  const maxIterations = options.iterations ?? (options.timeMs === undefined ? 1000 : Number.POSITIVE_INFINITY);
  const deadline = options.timeMs !== undefined && options.now ? options.now() + options.timeMs : null;
  const rollout: RolloutPolicy<S, A> = options.rollout ?? ((_s, _seat, actions, r) => pick(r, actions));
  const reward = options.reward ?? ((outcome: Outcome, s: Seat) => defaultReward(outcome, s));
  const depthCap = options.rolloutDepth ?? Number.POSITIVE_INFINITY;
  const treeDepth = options.treeDepth ?? Number.POSITIVE_INFINITY;
  const rootKeys = new Set(legal.map((a) => stableKey(a)));
  const root = newNode<A>();

  let iterations = 0;
  while (iterations < maxIterations) {
    if (deadline !== null && iterations > 0 && options.now!() >= deadline) break;
    iterations++;
    const local = forkRng(rng);
    const state = (options.resample ? options.resample(view, seat, local) : game.resample(view, seat, local)) as S;
    const stage = options.horizon?.(state);
    const path: { edge: Edge<A>; actor: Seat }[] = [];
    let node = root;
    // In a simultaneous step: the node where it started, and the commits made so far.
    let anchor: TreeNode<A> | null = null;
    let jointKey = "";
    let expanded = false;
    // Selection, then expansion of one new edge (one per seat in a simultaneous step).
    for (;;) {
      if (path.length >= treeDepth && anchor === null) break;
      const decision = game.decision(state);
      const waiting = waitingSeats(decision);
      if (waiting.length === 0) break;
      const actor = waiting.includes(seat) ? seat : waiting[0]!;
      const simultaneous = decision.type === "simultaneous";
      if (simultaneous && anchor === null) {
        anchor = node;
        jointKey = "";
      }
      let table = node.edges;
      if (simultaneous) {
        table = anchor!.sim.get(actor) ?? new Map();
        anchor!.sim.set(actor, table);
      }
      const isRoot = path.length === 0;
      // At the root the seat's own legal actions are known from its view, the same in every determinization.
      const actions = isRoot ? [...legal] : actionsFor<A>(game, state, actor, local, width);
      if (actions.length === 0) break;
      const untried = new Map<string, A>();
      const available = new Set<Edge<A>>();
      for (const action of actions) {
        const key = stableKey(action);
        if (isRoot && !rootKeys.has(key)) continue;
        const edge = table.get(key);
        if (edge) available.add(edge);
        else untried.set(key, action);
      }
      for (const edge of available) edge.available++;
      let chosen: Edge<A>;
      if (untried.size > 0 && (!expanded || simultaneous)) {
        const [key, action] = [...untried][randomInt(local, 0, untried.size - 1)]!;
        chosen = { key, action, node: null, visits: 0, total: 0, available: 1 };
        table.set(key, chosen);
        expanded = true;
      } else if (available.size > 0) {
        let best = -Infinity;
        chosen = available.values().next().value!;
        for (const edge of available) {
          const score = edge.visits === 0 ? Infinity : edge.total / edge.visits + c * Math.sqrt(Math.log(Math.max(1, edge.available)) / edge.visits);
          if (score > best) {
            best = score;
            chosen = edge;
          }
        }
      } else break;
      game.apply(state, actor, chosen.action);
      path.push({ edge: chosen, actor });
      if (simultaneous) {
        jointKey += `${actor}=${chosen.key};`;
        const next = game.decision(state);
        const rest = waitingSeats(next);
        const sameStep = next.type === "simultaneous" && rest.length < waiting.length && rest.every((s) => waiting.includes(s));
        if (sameStep) continue;
        let after = anchor!.joint.get(jointKey);
        if (!after) {
          after = newNode();
          anchor!.joint.set(jointKey, after);
        }
        node = after;
        anchor = null;
      } else {
        chosen.node ??= newNode();
        node = chosen.node;
      }
      if (expanded) break;
    }
    // Rollout.
    let depth = 0;
    for (;;) {
      const actor = actorFor(game, state, seat);
      if (actor === null || depth >= depthCap || (stage !== undefined && options.horizon!(state) !== stage)) break;
      const actions = actionsFor<A>(game, state, actor, local, width);
      if (actions.length === 0) break;
      const action = actions.length === 1 ? actions[0]! : rollout(state, actor, actions, local);
      game.apply(state, actor, action);
      depth++;
    }
    const outcome = game.outcome(state) as Outcome | null;
    const scoreFor = (s: Seat): number =>
      outcome ? reward(outcome, s, state) : options.evaluate ? options.evaluate(state, s) : 0.5;
    // Backup: each edge collects the result of the seat that chose it.
    const cache = new Map<Seat, number>();
    for (const { edge, actor } of path) {
      let value = cache.get(actor);
      if (value === undefined) {
        value = scoreFor(actor);
        cache.set(actor, value);
      }
      edge.visits++;
      edge.total += value;
    }
  }

  const rootEdges = root.edges.size > 0 ? root.edges : (root.sim.get(seat) ?? new Map<string, Edge<A>>());
  const children = [...rootEdges.values()].map((e) => ({ action: e.action, visits: e.visits, mean: e.visits > 0 ? e.total / e.visits : 0 }));
  if (children.length === 0) return { action: legal[0]!, iterations, children };
  let best = children[0]!;
  for (const child of children) {
    if (child.visits > best.visits || (child.visits === best.visits && child.mean > best.mean)) best = child;
  }
  return { action: best.action, iterations, children };
}

/** An ISMCTS bot for `game`, working only from its seat's view and the game's resample. */
export function ismctsBot<S, A, V = unknown>(game: AnyGame, options: IsmctsOptions<S, A> = {}): Bot<V, A> {
  return {
    name: options.name ?? "ismcts",
    decide(context: BotContext<V, A>): A {
      if (context.legal.length === 1) return context.legal[0]!;
      return ismctsSearch<S, A>(game, context as BotContext<unknown, A>, options).action;
    },
  };
}

/**
 * A rollout policy from a view-based bot (the game's heuristic), with uniform random moves
 * mixed in at rate `epsilon` to keep rollouts diverse. Rollouts run on determinized states,
 * so the bot is given the acting seat's view of that state: the game's `view`, or `view` (a
 * game's cheaper one for search, that shares the state's arrays where the bot only reads them).
 */
export function botRollout<S, A>(game: AnyGame, bot: Bot<unknown, A>, epsilon = 0.2, view: (state: S, seat: number) => unknown = (state, seat) => game.view(state, seat)): RolloutPolicy<S, A> {
  return (state, seat, legal, rng) => (randomFloat(rng) < epsilon ? pick(rng, legal) : bot.decide({ view: view(state, seat), seat, legal, rng }));
}
