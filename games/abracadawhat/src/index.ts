// @grimoire/abracadawhat: Abraca…What? (Gary Kim) on the engine contract, 2–5 players.
import { createRng, type Game } from "@grimoire/engine";
import { fromArrangement } from "./arrangement.ts";
import { bots, levels } from "./bots/index.ts";
import { searchBot } from "./bots/search.ts";
import { strongBot } from "./bots/strong.ts";
import { SPELL_NAMES } from "./data.ts";
import { describeEvent, eventFor, type Event } from "./events.ts";
import { apply, decision, legalActions, maxActions, newState, outcome, parseAction, startRound } from "./rules.ts";
import { cloneState, optionsSchema, type Action, type Options, type State } from "./state.ts";
import { describeView, makeView, resample, shuffleHidden, type View } from "./view.ts";

export * from "./data.ts";
export * from "./state.ts";
export * from "./events.ts";
export { CAST, END, apply, decision, gameWinners, legalActions, leftOf, rightOf, parseAction } from "./rules.ts";
export { describeView, makeView, resample, shuffleHidden, unseenCounts, checkConservation, type View } from "./view.ts";
export { arrangementSchema, fromArrangement, type Arrangement } from "./arrangement.ts";
export { bots, levels, reasonerBot, callValues, atLeastOne, holdChances } from "./bots/index.ts";
export { seatChances } from "./bots/probability.ts";
export { failureCost, successValue } from "./bots/reasoner.ts";
export { chancesOf, handPosterior, sampleHand, type HandDistribution } from "./posterior.ts";

function describeAction(action: Action): string {
  return action.type === "end" ? "End the turn" : `Call ${action.spell} (${SPELL_NAMES[action.spell]})`;
}

export const abracadawhatGame: Game<State, Action, View, Event, Options, Event> = {
  id: "abracadawhat",
  title: "Abraca…What?",
  minSeats: 2,
  maxSeats: 5,
  optionsSchema,
  optionDocs: [
    { name: "die", description: "Faces of the die (spells 1 and 3, failed 1)", values: "d3 (1–3, default) | d6 (1–6)" },
    { name: "easy", description: "Easy variant: later casts in a turn may have any number", values: "true | false (default)" },
    { name: "lastStanding", description: "Variant: only the last standing wizard scores (2 + secret stones)", values: "true | false (default)" },
    { name: "spectatorsSeeHands", description: "At the end of each round, everyone (spectators too) sees the stones that were in front of every player", values: "true | false (default)" },
  ],
  maxActions: (seats) => maxActions(seats),
  setup({ seats, options, seed }) {
    const state = newState(seats, options, createRng(seed));
    startRound(state, 0);
    return state;
  },
  fromArrangement,
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
  resample,
  shuffleHidden,
  clone: cloneState,
  bots: {
    ...bots,
    strong: {
      description:
        "The reasoner's call, replaced when the round played out on redealt stones shows another is surely better; the deals weighted by how likely the other players' casts were.",
      create: () => strongBot(abracadawhatGame),
    },
    rollout: {
      description: "The same on uniformly redealt stones, the other players' casts not weighed (for comparison).",
      create: () => strongBot(abracadawhatGame, { bayes: false }),
    },
    search: {
      description: "Information-set tree search to the game's end, the reasoner playing the rollouts (weaker than the reasoner; kept for comparison).",
      create: () => searchBot(abracadawhatGame),
    },
  },
  levels: { ...levels, hard: "strong" },
};
