// @grimoire/emmerlaus: Emmerlaüs, the wizards' card duel for 2 to 10 players (base 100-card deck).
// Rules summary, arrangement format and card list: ../README.md; card data: cards.ts.
import { defineGame } from "@grimoire/engine";
import { heuristicBot } from "./bots/index.ts";
import { HARD_ROLLOUT, rolloutImprovedBot, steadyBot, strongBot } from "./bots/strong.ts";
import { describeAction, describeEvent, describeView } from "./describe.ts";
import { fromArrangement, toArrangement } from "./arrangement.ts";
import { apply, decision, legalActions, parseAction, resign, setup } from "./rules.ts";
import type { EmmerlausEvent, EmmerlausState } from "./state.ts";
import { text } from "./text/index.ts";
import { eventFor, resample, shuffleHidden, view, type EmmerlausView } from "./view.ts";
import { DECK_SIZES, MAX_PLAYERS, MIN_PLAYERS, optionsSchema, type Action, type EmmerlausOptions } from "./data.ts";
import { puzzleJudge } from "./puzzle.ts";
import { makeReviewer } from "./review.ts";

export * from "./data.ts";
export type * from "./state.ts";
export { CARDS, EXPANSION_CARDS, card, baseDeck, deckOf, handSize, type CardData, type Effect, type Band } from "./cards.ts";
export { allCards, power, threshold, half, opponentsOf, livingSeats, evalAmount } from "./rules.ts";
export { toArrangement, type Arrangement } from "./arrangement.ts";
export { heuristicBot, expectedAmount, threat } from "./bots/index.ts";
export { text, cardName, cardEffect } from "./text/index.ts";
export { describeRoll, faces } from "./describe.ts";
export type { EmmerlausView, PlayerView } from "./view.ts";

export const emmerlausGame = defineGame<EmmerlausState, Action, EmmerlausView, EmmerlausEvent, EmmerlausOptions, EmmerlausEvent, "describeView">({
  id: "emmerlaus",
  title: "Emmerlaüs",
  minSeats: MIN_PLAYERS,
  maxSeats: MAX_PLAYERS,
  optionsSchema,
  optionDocs: [
    { name: "deck", values: DECK_SIZES.map(String) },
    { name: "expansions", values: ["false", "true"] },
  ],
  // Random games of 10 players stay far below this; healing can stretch a game, so the bound is loose.
  maxActions: (seats, options) => 4000 * seats * (options.deck / 100) + (options.expansions ? 2000 * seats : 0),
  setup,
  fromArrangement,
  toArrangement,
  decision,
  legalActions,
  parseAction,
  apply,
  resign,
  outcome(state) {
    if (state.phase.type !== "over") return null;
    const winner = state.phase.winner;
    const scores = state.players.map((p) => Math.max(0, p.life));
    return winner === null ? { winners: [], scores, draw: true } : { winners: [winner], scores, draw: false };
  },
  view,
  eventFor,
  text,
  describeEvent,
  describeAction,
  describeView,
  resample,
  shuffleHidden,
  bots: (game) => ({
    heuristic: { description: "damage race: rings first, best expected attack at the weakest, keeps counter-attacks to defend", create: heuristicBot },
    steady: { description: "the heuristic bot with a random move one time in three", create: () => steadyBot() },
    rollout: { description: "the heuristic's move, changed where short rollouts scored by a fitted win-chance model are sure of a better one", create: () => rolloutImprovedBot(game, HARD_ROLLOUT) },
    search: { description: "information-set tree search, the heuristic bot playing the rollouts (slow)", create: () => strongBot(game) },
  }),
  levels: { easy: "random", medium: "heuristic", hard: "rollout" },
  review: makeReviewer,
  puzzleJudge,
});
export type EmmerlausGame = typeof emmerlausGame;
