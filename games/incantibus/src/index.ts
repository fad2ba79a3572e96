// @grimoire/incantibus: Incantibus on the engine contract (apprentice and expert modes).
import { defineGame, err, msg, parseByEnumeration } from "@grimoire/engine";
import { z } from "zod";
import { MODES } from "./data.ts";
import { fromArrangement, toArrangement } from "./arrangement.ts";
import { bots } from "./bots/index.ts";
import { rolloutGreedyBot, steadyBot, strongBot } from "./bots/strong.ts";
import { describeAction, describeEvent, describeView, stepPrompt } from "./describe.ts";
import { legal, play, scores, setupState, waitingStep, winnerOf } from "./rules.ts";
import { text } from "./text/index.ts";
import type { Action, Event, Options, State, View } from "./state.ts";
import { eventForViewer, makeView, resampleView, shuffleHiddenState } from "./view.ts";
import { puzzleJudge } from "./puzzle.ts";
import { makeReviewer } from "./review.ts";

export * from "./data.ts";
export * from "./state.ts";
export { legal, pointTargets, places, scores, winnerOf } from "./rules.ts";
export { canPay, fits, payments, pointsOf } from "./trunk.ts";
export { cardByName, exactCardName, exactName, faceId, tokenByName, tokenMatches, tokenName, upgradeAction } from "./names.ts";
export { arrangementSchema, fromArrangement, toArrangement, type Arrangement } from "./arrangement.ts";
export { tokenMessage, tokenLabel, tokenEffectKey, targetMessage, cardMessage, roomMessage, componentKeys, SPELL_KEY } from "./describe.ts";
export { roomTarget, sorcererTarget } from "./rules.ts";
export { text } from "./text/index.ts";
export { greedyBot } from "./bots/index.ts";

const optionsSchema = z.object({ mode: z.enum(MODES).default("apprentice") });

/** Components named the old way, by internal id: the shape actions had before stable names. */
function oldShape(raw: unknown, legalNow: readonly Action[]): string | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const action = raw as Record<string, unknown>;
  const example = (type: Action["type"]) => {
    const found = legalNow.find((x) => x.type === type);
    return found ? ` (e.g. ${JSON.stringify(found)})` : "";
  };
  if (action["type"] === "cast" && "card" in action) return `spell cards are named by their spell, not numbered: {"type":"cast","spell":"Retiro"}${example("cast")}`;
  if (["throw", "pay", "steal", "retiro", "imperium"].includes(action["type"] as string) && typeof action["token"] === "number") {
    return `tokens are named (as "Gold 2", "Pieu ailé"), not numbered${example(action["type"] as Action["type"])}`;
  }
  const target = action["target"];
  if (action["type"] === "point" && target !== null && typeof target === "object") {
    const t = target as Record<string, unknown>;
    if ((t["type"] === "potion" || t["type"] === "grimoire") && "token" in t) {
      return `a ${t["type"]} is named, not numbered: {"type":"${t["type"]}","${t["type"]}":"${t["type"] === "potion" ? "Potion green Gui+Champignon" : "Grimoire 2 gold"}"}`;
    }
    if ((t["type"] === "room" || t["type"] === "sorcerer") && typeof t["token"] === "number") return `the token at a slot is named (as "Pieu ailé"), or null when face down, not numbered${example("point")}`;
  }
  return null;
}

export const incantibusGame = defineGame<State, Action, View, Event, Options, Event, "describeView">({
  id: "incantibus",
  title: "Incantibus",
  minSeats: 2,
  maxSeats: 4,
  optionsSchema: optionsSchema as unknown as z.ZodType<Options>,
  optionDocs: [{ name: "mode", values: [...MODES] }],
  maxActions: (seats) => 400 * seats,
  setup: ({ seats, options, seed }) => setupState(seats, options, seed),
  fromArrangement,
  toArrangement,
  decision(state) {
    const phase = state.phase;
    switch (phase.type) {
      case "over": return { type: "over" };
      case "point": return { type: "simultaneous", seats: phase.choices.flatMap((c, s) => (c === null ? [s] : [])), prompt: msg("prompt.point") };
      case "resolve": {
        const step = waitingStep(state);
        if (!step || !("seat" in step)) throw new Error("a resolve phase waits on no seat");
        return { type: "turn", seat: step.seat, prompt: stepPrompt(step) };
      }
    }
  },
  legalActions: legal,
  parseAction(state, seat, raw) {
    const legalNow = legal(state, seat);
    const old = oldShape(raw, legalNow);
    if (old !== null) return err({ code: "malformed-action", message: old });
    return parseByEnumeration(legalNow, raw);
  },
  apply: play,
  outcome(state) {
    if (state.phase.type !== "over") return null;
    const s = scores(state);
    return { winners: [winnerOf(state, s)], scores: s, draw: false };
  },
  view: makeView,
  eventFor: eventForViewer,
  text,
  describeEvent: (e) => describeEvent(e),
  describeAction,
  describeView,
  resample: resampleView,
  shuffleHidden: shuffleHiddenState,
  bots: (game) => ({
    ...bots,
    steady: { description: "The greedy bot with a random move one time in three", create: () => steadyBot() },
    rollout: { description: "Greedy's move, improved by rollouts to the room's end over redealt hidden tokens where they are sure of it", create: () => rolloutGreedyBot(game) },
    search: { description: "Information-set tree search, the greedy bot playing the rollouts (slow)", create: () => strongBot(game) },
  }),
  levels: { easy: "random", medium: "greedy", hard: "rollout" },
  review: makeReviewer,
  puzzleJudge,
});

