// The catalog the server tests use: the engine's sealed-bids fixture (a simultaneous step,
// hidden hands, a follow-up choice), a variant whose only bot overruns any time budget, then
// every registered game.
import type { AnyGame, Bot } from "@grimoire/engine";
import { games as registered, gamesOf } from "@grimoire/catalog";
import { biddingGame } from "../../../engine/test/fixtures/bidding.ts";
import { biddingManifest } from "../../../engine/test/fixtures/bidding-manifest.ts";

/** Thinks for 3 seconds (blocking its thread), then plays the first legal action. */
function sleepyBot(): Bot<unknown, unknown> {
  return {
    name: "sleepy",
    decide: ({ legal }) => {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        // busy: a search that overruns its budget
      }
      return legal[0];
    },
  };
}

/** Thinks for 1 second (blocking its thread), then plays the first legal action. */
function ponderBot(): Bot<unknown, unknown> {
  return {
    name: "ponder",
    decide: ({ legal }) => {
      const until = Date.now() + 1000;
      while (Date.now() < until) {
        // busy
      }
      return legal[0];
    },
  };
}

/** The fixture's reviewer, thinking 1 second (blocking its thread) before each decision it scores. */
const ponderingReviewer: AnyGame["reviewer"] = {
  ...biddingGame.reviewer,
  score(context, candidates) {
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      // busy
    }
    return biddingGame.reviewer.score(context, candidates);
  },
};

const slowBidding: AnyGame = {
  ...biddingGame,
  reviewer: ponderingReviewer,
  id: "bidding-slow",
  bots: { ...biddingGame.bots, sleepy: { description: "overruns every budget", create: sleepyBot }, ponder: { description: "thinks 1 s", create: ponderBot } },
  levels: { easy: "sleepy", medium: "sleepy", hard: "sleepy" },
};

// The fixture registered as the catalog registers a game: from its manifest.
export const games: readonly AnyGame[] = [...(await gamesOf([biddingManifest])), slowBidding, ...registered];
