// Puzzles of Abraca…What? (packages/engine/src/puzzle.ts): each choice of a caster valued exactly
// from its view — a call of spell k is worth p·(what its success brings) − (1 − p)·(what its
// failure costs), in lives, with p the exact chance the caster holds k given every stone it can see
// (bots/probability.ts, the review's insight); a call below the last one is a sure failure (p = 0),
// and ending the turn is worth 0. A position is a puzzle when the best choice beats every other by
// at least MARGIN lives (docs/bots.md).
import type { PuzzleJudge } from "@grimoire/engine";
import { seatChances } from "./bots/probability.ts";
import { failureCost, successValue } from "./bots/reasoner.ts";
import { abracaInsight } from "./review.ts";
import type { Spell } from "./data.ts";
import type { Action } from "./state.ts";
import type { View } from "./view.ts";

/** Half a life: a clear call, not a rounding difference. */
export const PUZZLE_MARGIN = 0.5;

export const puzzleJudge: PuzzleJudge<View, Action> = {
  unit: "lives",
  margin: PUZZLE_MARGIN,
  method: "exact",
  judge(_game, { view, seat, legal }) {
    if (view.phase.type !== "casting") return null;
    const lastCast = view.phase.lastCast;
    const chances = seatChances(view, seat);
    const values = legal.map((action) => {
      if (action.type === "end") return 0;
      const spell = action.spell as Spell;
      const p = !view.options.easy && spell < lastCast ? 0 : chances[spell]!;
      return p * successValue(view, seat, spell) - (1 - p) * failureCost(view, seat, spell);
    });
    const best = legal[values.indexOf(Math.max(...values))]!;
    return { candidates: legal, values, insight: abracaInsight(view, seat, best) };
  },
};
