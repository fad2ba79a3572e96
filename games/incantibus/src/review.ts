// The post-game review of Incantibus: every choice scored by the hard bot's search ("rollout":
// deals redrawn from the seat's view, greedy playing every seat to the room's end, the softmax
// share of the points and wands there). A pointing is simultaneous (every wand comes down at
// once), so it is valued against a MIXED MODEL of the other seats' pointings of that incantation,
// never one deterministic reply: each other seat points where greedy would half the time, at any
// of its targets (uniformly) the other half — those already sealed redrawn so, those still to come
// drawn so in the rollouts; later incantations are greedy's, the hard bot's model. Other
// decisions (takes, spells, swaps, played in turn) are valued by the same rollouts.
import { pick, randomFloat, rolloutReviewer, type AnyGame, type Bot, type BotContext, type ReviewKind, type Reviewer, type RngState, type RolloutPolicy } from "@grimoire/engine";
import { greedyBot } from "./bots/index.ts";
import { rolloutGreedyOptions } from "./bots/strong.ts";
import { pointTargets } from "./rules.ts";
import type { Action, State, View } from "./state.ts";
import { makeView, resampleView } from "./view.ts";

/** Losses in the room's-end score share (docs/bots.md). */
export const THRESHOLDS = { inaccuracy: 0.02, mistake: 0.05, blunder: 0.1 } as const;

/** Four times the hard bot's deals: a review is not played against a clock, and fewer are noisy. */
const REVIEW_BUDGET = { determinizations: 64, rollouts: 384, minDeterminizations: 32 } as const;

/** How often the mixed model points where greedy would (else at any of its targets). */
export const GREEDY_SHARE = 0.5;

/** Another seat's pointing in the mixed model: greedy's target half the time, any of its targets the other half. */
export function mixedPointing(greedy: Bot<View, Action>, context: BotContext<View, Action>): Action {
  return randomFloat(context.rng) < GREEDY_SHARE ? greedy.decide(context) : pick(context.rng, context.legal);
}

/** The kind of value a decision gets: a pointing is simultaneous. */
export function reviewKind(context: BotContext<View, Action>): ReviewKind {
  return context.view.phase.type === "point" ? "mixed-model" : "rollout";
}

export function makeReviewer(game: AnyGame): Reviewer<View, Action> {
  const base = rolloutGreedyOptions(game, REVIEW_BUDGET);
  const greedy = greedyBot();
  return rolloutReviewer<State, Action, View>(game, {
    unit: "share",
    thresholds: THRESHOLDS,
    kind: reviewKind,
    options: (context, legal) => {
      const options = base(context, legal);
      if (context.view.phase.type !== "point") return options;
      const seat = context.seat;
      const incantation = context.view.incantation;
      // This incantation's pointings of the other seats from the mixed model; the rest as the hard bot plays it.
      const policy: RolloutPolicy<State, Action> = (state, actor, actions, rng) =>
        actor !== seat && state.phase.type === "point" && state.incantation === incantation
          ? mixedPointing(greedy, { view: makeView(state, actor), seat: actor, legal: actions, rng })
          : options.policy(state, actor, actions, rng);
      const resample = (view: View, who: number, rng: RngState): State => {
        const state = resampleView(view, who, rng);
        if (state.phase.type === "point") {
          const choices = state.phase.choices;
          for (let other = 0; other < state.seats; other++) {
            if (other === who || choices[other] === null) continue;
            const targets = pointTargets(state, other).map((target): Action => ({ type: "point", target }));
            choices[other] = null;
            const action = mixedPointing(greedy, { view: makeView(state, other), seat: other, legal: targets, rng });
            if (action.type === "point") choices[other] = action.target;
          }
        }
        return state;
      };
      return { ...options, policy, resample };
    },
  });
}
