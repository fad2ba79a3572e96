// @grimoire/abracadawhat: Abraca…What? (Gary Kim) on the engine contract, 2–5 players.
import { createRng, defineGame } from "@grimoire/engine";
import { fromArrangement, toArrangement } from "./arrangement.ts";
import { bots, levels } from "./bots/index.ts";
import { searchBot } from "./bots/search.ts";
import { strongBot } from "./bots/strong.ts";
import { describeAction, describeEvent, describeView } from "./describe.ts";
import { eventFor, type Event } from "./events.ts";
import { apply, decision, legalActions, maxActions, newState, outcome, parseAction, startRound } from "./rules.ts";
import { cloneState, optionsSchema, type Action, type Options, type State } from "./state.ts";
import { text } from "./text/index.ts";
import { makeView, resample, shuffleHidden, type View } from "./view.ts";
import { puzzleJudge } from "./puzzle.ts";
import { makeReviewer } from "./review.ts";

export * from "./data.ts";
export * from "./state.ts";
export * from "./events.ts";
export { CAST, END, apply, decision, gameWinners, legalActions, leftOf, rightOf, parseAction } from "./rules.ts";
export { describeAction, describeEvent, describeView, prompt, spellName, spellRef } from "./describe.ts";
export { text } from "./text/index.ts";
export { makeView, resample, shuffleHidden, unseenCounts, checkConservation, type View } from "./view.ts";
export { arrangementSchema, fromArrangement, toArrangement, type Arrangement } from "./arrangement.ts";
export { bots, levels, reasonerBot, callValues, atLeastOne, holdChances } from "./bots/index.ts";
export { seatChances } from "./bots/probability.ts";
export { failureCost, successValue } from "./bots/reasoner.ts";
export { abracaInsight, THRESHOLDS as reviewThresholds } from "./review.ts";
export { quickChances } from "./bots/probability.ts";
export { chancesOf, dealtSize, handPosterior, sampleHand, type HandDistribution } from "./posterior.ts";

export const abracadawhatGame = defineGame<State, Action, View, Event, Options, Event, "describeView">({
  id: "abracadawhat",
  title: "Abraca…What?",
  minSeats: 2,
  maxSeats: 5,
  optionsSchema,
  // Words: option.<name>.label, .description and .value.<value> in text/.
  optionDocs: [
    { name: "die", values: ["d3", "d6"] },
    { name: "easy", values: ["false", "true"] },
    { name: "lastStanding", values: ["false", "true"] },
    { name: "spectatorsSeeHands", values: ["false", "true"] },
  ],
  maxActions: (seats) => maxActions(seats),
  setup({ seats, options, seed }) {
    const state = newState(seats, options, createRng(seed));
    startRound(state, 0);
    return state;
  },
  fromArrangement,
  toArrangement,
  decision,
  legalActions,
  parseAction,
  apply,
  outcome,
  view: makeView,
  eventFor,
  describeEvent,
  describeAction,
  describeView,
  text,
  resample,
  shuffleHidden,
  clone: cloneState,
  bots: (game) => ({
    ...bots,
    strong: {
      description:
        "The reasoner's call, replaced when the round played out on redealt stones shows another is surely better; the deals weighted by how likely the other players' casts were.",
      create: () => strongBot(game),
    },
    rollout: {
      description: "The same on uniformly redealt stones, the other players' casts not weighed (for comparison).",
      create: () => strongBot(game, { bayes: false }),
    },
    search: {
      description: "Information-set tree search to the game's end, the reasoner playing the rollouts (weaker than the reasoner; kept for comparison).",
      create: () => searchBot(game),
    },
  }),
  levels: { ...levels, hard: "strong" },
  review: makeReviewer,
  puzzleJudge,
});
