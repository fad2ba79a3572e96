// @grimoire/shazamm: Shazamm! for two wizards on a collapsing bridge.
// Rules summary, arrangement format and spell list: ../README.md.
import { deepClone, randomBot, type Game, type RngState, type Viewer } from "@grimoire/engine";
import { zone2Bot } from "./bots/zone2.ts";
import { solverBot } from "./bots/solver.ts";
import { describeAction, describeEvent, describeView } from "./describe.ts";
import { apply, decision, fromArrangement, legalActions, parseAction, sampleActions, setup } from "./rules.ts";
import type { ShazammEvent, ShazammState } from "./state.ts";
import { eventFor, resample, shuffleHidden, view, type ShazammView } from "./view.ts";
import { optionsSchema, type ShazammAction, type ShazammOptions } from "./vocabulary.ts";

export * from "./vocabulary.ts";
export type * from "./state.ts";
export { checkInvariant, viewChoices, type ShazammView, type ViewPhase } from "./view.ts";
export { attackOf, cloneTargets, cloneTargetsOf, commitCount, randomCommit, recycleDeltas } from "./rules.ts";
export { zone2Bot } from "./bots/zone2.ts";

export type ShazammGame = Game<ShazammState, ShazammAction, ShazammView, ShazammEvent, ShazammOptions, ShazammEvent> & {
  describeView(view: ShazammView, viewer: Viewer): string;
  sampleActions(state: ShazammState, seat: number, rng: RngState, max: number): ShazammAction[];
};

export const shazammGame: ShazammGame = {
  id: "shazamm",
  title: "Shazamm!",
  minSeats: 2,
  maxSeats: 2,
  optionsSchema,
  optionDocs: [
    {
      name: "variant",
      description: "0: base game (draw 5, then 3 per round); 1: every spell in hand from the start; 2: each player orders their own draw pile first",
      values: "0 | 1 | 2 (default 0)",
    },
  ],
  // At most 7 rounds; a turn costs both players at least 1 mana except on Harpagon or Fin de
  // manche, and the mana regained is bounded by the 14 spells: a generous bound.
  maxActions: () => 4000,
  setup,
  fromArrangement,
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
  describeEvent,
  describeAction,
  describeView,
  resample,
  shuffleHidden,
  clone: (state) => deepClone(state),
  bots: {
    random: { description: "uniformly random legal actions (random bid, random cards)", create: () => randomBot<ShazammView, ShazammAction>() },
    zone2: { description: "keeps a mana lead at least the wall's distance from the opponent, then bids 2", create: zone2Bot },
    solver: { description: "bids from the exact equilibrium of the bid-only round, spells by zone2's rules", create: solverBot },
  },
  levels: { easy: "random", medium: "zone2", hard: "solver" },
};
