// Bots around the heuristic bot.
// - "rollout": the heuristic's move, improved by short Monte Carlo rollouts where they are sure of
//   it (the engine's rolloutSearch). For each decision it redeals what the seat cannot see, tries
//   every legal action on each deal, plays on with the heuristic for every seat until two more turns
//   have started (in a duel: the opponent's turn, then back to the bot's), and scores that state by
//   the chance to win of the logistic model of value.ts (life, power level, Miroirs and Annulations
//   in hand, …). Every action meets the same deal and the same dice, and another action replaces
//   the heuristic's only when its gain, deal by deal, is over two standard errors (the hard level:
//   1.5, with 4000 rollouts per decision, HARD_ROLLOUT).
// - "search": information-set MCTS from the engine, its rollouts played by the heuristic bot to the
//   game's end. In this dice-heavy game a few hundred iterations still lose to the heuristic itself
//   (docs/bots.md), so it is offered, not a level.
// - "steady": the heuristic bot with a random move one time in three.
// All see only their view.
import { botRollout, cpuBudget, ismctsBot, noisyBot, rolloutSearch, type AnyGame, type Bot, type BotContext, type RolloutBotOptions, type RolloutPolicy } from "@grimoire/engine";
import { heuristicBot } from "../bots/index.ts";
import type { EmmerlausState } from "../state.ts";
import { view, type EmmerlausView } from "../view.ts";
import type { Action } from "../data.ts";
import { stateValue } from "./value.ts";

export function strongBot(game: AnyGame, iterations = 200): Bot<EmmerlausView, Action> {
  return ismctsBot<unknown, Action, EmmerlausView>(game, {
    name: "search",
    iterations,
    rollout: botRollout(game, heuristicBot() as Bot<unknown, Action>, 0),
  });
}

export function steadyBot(noise = 1 / 3): Bot<EmmerlausView, Action> {
  return noisyBot(heuristicBot(), noise, "steady");
}

/** What the heuristic reads in a rollout: the seat's view of the sampled state, not copied. */
export function rolloutView(state: EmmerlausState, seat: number): EmmerlausView {
  return view(state, seat, false);
}

export interface RolloutOptions {
  /**
   * Rollouts per decision at two players, shared out over the legal actions (default 1500). A
   * rollout at a bigger table costs more (every seat's view, more answers to a mass card, the
   * value model against every opponent), so the count is `rollouts × 2 / players`, fixed once per
   * table size: a decision's CPU stays near the two-player one at every size (docs/bots.md), and
   * the search stays reproducible from its seed.
   */
  readonly rollouts?: number;
  /**
   * An optional CPU cap on top of the count: `clock()` gives the CPU milliseconds used so far; a
   * decision stops drawing deals after `ms` (at least `minDeals` deals). Not reproducible when it
   * bites, so the levels leave it out.
   */
  readonly cpu?: { readonly ms: number; readonly clock: () => number };
  /** Fewest deals per decision, however many actions (default 8). */
  readonly minDeals?: number;
  /** Most deals per decision, however few actions (default 250: answers have 2 or 3). */
  readonly maxDeals?: number;
  /** Turns started before a rollout stops and is scored (default 2). */
  readonly turns?: number;
  /** Standard errors of paired gain needed to leave the heuristic's move (default 2). */
  readonly confidence?: number;
}

/** Sacrifice d'Emmerlaüs offers every X up to the caster's life: the search tries 1 and multiples of 5. */
const searched = (action: Action): boolean => action.type !== "play" || action.x === undefined || action.x === 1 || action.x % 5 === 0;

/** The choices the search tries: Sacrifice d'Emmerlaüs at X = 1 and multiples of 5 only, and `keep`. */
export function searchedActions(legal: readonly Action[], keep: Action | null): Action[] {
  return legal.filter((action) => action === keep || searched(action));
}

/** Rollouts per decision at a table of `players`, from the two-player count. */
export function rolloutsAt(rollouts: number, players: number): number {
  return Math.round((rollouts * 2) / Math.max(2, players));
}

/** The search of "rollout" for a decision among `legal` (also what the review scores choices with). */
export function rolloutImprovedOptions(game: AnyGame, options: RolloutOptions = {}): (context: BotContext<EmmerlausView, Action>, legal: readonly Action[]) => RolloutBotOptions<EmmerlausState, Action, EmmerlausView> {
  const { rollouts = 1500, minDeals = 8, maxDeals = 250, turns = 2, confidence = 2 } = options;
  const budget = options.cpu ? cpuBudget(options.cpu.ms, options.cpu.clock, minDeals) : undefined;
  const heuristic = heuristicBot();
  const policy: RolloutPolicy<EmmerlausState, Action> = (state, seat, legal, rng) => heuristic.decide({ view: rolloutView(state, seat), seat, legal, rng });
  return (context, legal) => {
    const root = context.view.turn.number;
    const atTable = rolloutsAt(rollouts, context.view.players.length);
    return {
      name: "rollout",
      determinizations: Math.min(maxDeals, Math.max(minDeals, Math.round(atTable / legal.length))),
      ...(budget ? { budget: budget() } : {}),
      policy,
      confidence,
      horizon: (state) => (state.turn.number >= root + turns ? 1 : 0),
      evaluate: stateValue,
    };
  };
}

/**
 * The hard level's settings (issue #18): 4000 rollouts and 1.5 standard errors, against the
 * search's defaults (1500 and 2, what the post-game review still uses): 63.5 % against the
 * heuristic over 200 duplicate games, where the defaults scored 58.5 % (docs/bots.md).
 */
export const HARD_ROLLOUT: RolloutOptions = { rollouts: 4000, confidence: 1.5 };

export function rolloutImprovedBot(game: AnyGame, options: RolloutOptions = {}): Bot<EmmerlausView, Action> {
  const heuristic = heuristicBot();
  const search = rolloutImprovedOptions(game, options);
  return {
    name: "rollout",
    decide(context) {
      if (context.legal.length === 1) return context.legal[0]!;
      const preferred = heuristic.decide(context);
      const legal = searchedActions(context.legal, preferred);
      if (legal.length === 1) return preferred;
      return rolloutSearch<EmmerlausState, Action, EmmerlausView>(game, { ...context, legal }, { ...search(context, legal), prior: () => preferred }).action;
    },
  };
}
