// The bots of Shazamm! and the levels that name them (`random` is the engine's, from defineGame).
// Worded for players under bot.<name>.description in ../text; these descriptions stay for developer tools.
import type { AnyGame, BotInfo } from "@grimoire/engine";
import type { ShazammAction } from "../data.ts";
import type { ShazammView } from "../view.ts";
import { rolloutSolverBot } from "./rollout.ts";
import { solverBot } from "./solver.ts";
import { zone2Bot } from "./zone2.ts";

export function bots(game: AnyGame): Record<string, BotInfo<ShazammView, ShazammAction>> {
  return {
    zone2: { description: "keeps a mana lead at least the wall's distance from the opponent, then bids 2", create: zone2Bot },
    solver: { description: "bids from the exact equilibrium of the bid-only round, spells by zone2's rules", create: solverBot },
    rollout: { description: "the solver's commit improved by rollouts with zone2 to the game's end", create: () => rolloutSolverBot(game) },
  };
}

export const levels = { easy: "random", medium: "zone2", hard: "rollout" } as const;
