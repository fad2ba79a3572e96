// The post-game review of Emmerlaüs: every choice scored by the hard bot's search ("rollout": deals
// redrawn from the seat's view, the heuristic playing every seat for two more turns, the fitted
// win-chance model there). Sacrifice d'Emmerlaüs is scored at X = 1 and multiples of 5, and at the
// X played.
import { rolloutReviewer, type AnyGame, type Reviewer } from "@grimoire/engine";
import { rolloutImprovedOptions, searchedActions } from "./bots/strong.ts";
import type { EmmerlausState } from "./state.ts";
import type { EmmerlausView } from "./view.ts";
import type { Action } from "./data.ts";

/** Losses in chance of winning (docs/bots.md). */
export const THRESHOLDS = { inaccuracy: 0.02, mistake: 0.05, blunder: 0.1 } as const;

export function makeReviewer(game: AnyGame): Reviewer<EmmerlausView, Action> {
  return rolloutReviewer<EmmerlausState, Action, EmmerlausView>(game, {
    unit: "win",
    thresholds: THRESHOLDS,
    options: rolloutImprovedOptions(game),
    candidates: (context) => searchedActions(context.legal, null),
  });
}
