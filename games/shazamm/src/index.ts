// @grimoire/shazamm: Shazamm! for two wizards on a collapsing bridge.
// Rules summary, arrangement format and spell list: ../README.md.
import { defineGame } from "@grimoire/engine";
import { bots, levels } from "./bots/index.ts";
import { describeAction, describeEvent, describeView } from "./describe.ts";
import { fromArrangement, toArrangement } from "./arrangement.ts";
import { apply, decision, legalActions, parseAction, sampleActions, setup } from "./rules.ts";
import type { ShazammEvent, ShazammState } from "./state.ts";
import { eventFor, resample, shuffleHidden, view, type ShazammView } from "./view.ts";
import { text } from "./text/index.ts";
import { VARIANTS, optionsSchema, type ShazammAction, type ShazammOptions } from "./data.ts";
import { puzzleJudge } from "./puzzle.ts";
import { makeReviewer } from "./review.ts";

export * from "./data.ts";
export type * from "./state.ts";
export { checkInvariant, viewChoices, type ShazammView, type ViewPhase } from "./view.ts";
export { attackOf, cloneTargets, cloneTargetsOf, commitCount, randomCommit, recycleDeltas } from "./rules.ts";
export { zone2Bot } from "./bots/zone2.ts";
export { bidNode, bidOnlyRound, bidValues, equilibriumInsight, roundEndChances, roundEquilibrium, type RoundEquilibrium } from "./review.ts";
export { cardList, cardRef, describeAction, describeEvent, describeView, spellName } from "./describe.ts";
export { text } from "./text/index.ts";
export { fromArrangement, toArrangement, type Position } from "./arrangement.ts";

export const shazammGame = defineGame<ShazammState, ShazammAction, ShazammView, ShazammEvent, ShazammOptions, ShazammEvent, "sampleActions" | "describeView">({
  id: "shazamm",
  title: "Shazamm!",
  minSeats: 2,
  maxSeats: 2,
  optionsSchema,
  optionDocs: [{ name: "variant", values: VARIANTS.map(String) }],
  // At most 7 rounds; a turn costs both players at least 1 mana except on Harpagon or Fin de
  // manche, and the mana regained is bounded by the 14 spells: a generous bound.
  maxActions: () => 4000,
  setup,
  fromArrangement,
  toArrangement,
  decision,
  legalActions,
  sampleActions,
  parseAction,
  apply,
  outcome(state) {
    if (state.phase.type !== "over") return null;
    const winner = state.phase.winner;
    if (winner === null) return { winners: [], scores: [0, 0], draw: true };
    return { winners: [winner], scores: winner === 0 ? [1, 0] : [0, 1], draw: false };
  },
  view,
  eventFor,
  text,
  describeEvent,
  describeAction,
  describeView,
  resample,
  shuffleHidden,
  bots,
  levels,
  review: makeReviewer,
  puzzleJudge,
});
export type ShazammGame = typeof shazammGame;
