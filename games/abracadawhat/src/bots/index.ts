// The bots of Abraca…What? and the levels that name them (`random` is the engine's, from defineGame).
import type { BotInfo } from "@grimoire/engine";
import type { Action } from "../state.ts";
import type { View } from "../view.ts";
import { reasonerBot } from "./reasoner.ts";

export const bots: Readonly<Record<string, BotInfo<View, Action>>> = {
  reasoner: {
    description: "Computes the exact chance of holding each spell from what it sees and calls by expected value.",
    create: reasonerBot,
  },
};

export const levels = { easy: "random", medium: "reasoner", hard: "reasoner" } as const;

export { reasonerBot, callValues, successValue, failureCost } from "./reasoner.ts";
export { atLeastOne, holdChances } from "./probability.ts";
