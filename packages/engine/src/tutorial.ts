// Guided first games: a fixed deal (a scenario without actions) and a script of steps played on it.
// Each step is a coach note to read (`note` alone), the learner's expected action (`seat` is the
// learner's), or a scripted reply of another seat. A tutorial file is untrusted data like any
// scenario: it becomes a tutorial only through `loadTutorial`, and `checkTutorial` plays the whole
// script through the rules (every action legal when its turn comes, the learner acting only where
// the script expects it, the game over at the end unless the file says the tutorial stops earlier).
import { z } from "zod";
import type { AnyGame } from "./index.ts";
import { act, waitingSeats } from "./play.ts";
import { err, ok, type Result } from "./result.ts";
import { describeIssues, loadScenario, type LoadedScenario } from "./scenario.ts";
import type { GameText } from "./text.ts";

/** A catalogue key of the game's text (`tutorial.…`) and where on the board it points (`data-coach` ids). */
const noteKey = z.string().regex(/^tutorial\.[A-Za-z0-9_.-]+$/, "expected a catalogue key starting with tutorial.");
const pointIds = z.array(z.string().regex(/^[a-z0-9-]+$/, "expected a board element id (a-z, 0-9, -)")).max(8);

export const tutorialStepSchema = z
  .object({
    /** Who acts at this step (absent: a note only, read then "Continue"). */
    seat: z.number().int().min(0).optional(),
    /** The action of that seat, as JSON: the one the learner must play, or a bot's scripted reply. */
    action: z.unknown().optional(),
    /** The coach's words for this step: before the learner's action, or after a note-only step / a bot's reply. */
    note: noteKey.optional(),
    /** Board elements the note speaks of (`data-coach` ids); for the learner's step, what to use, in order. */
    point: pointIds.default([]),
    /** Said when the learner plays anything else (required on the learner's steps). */
    hint: noteKey.optional(),
  })
  .strict();

export const tutorialSchema = z
  .object({
    /** The fixed deal: a scenario envelope (docs/scenarios.md) with no actions. */
    scenario: z.unknown(),
    /** The seat the learner plays. */
    learner: z.number().int().min(0),
    /** "over": the script plays the game to its end; "steps": the tutorial ends with its last step. */
    end: z.enum(["over", "steps"]),
    /** The note shown when the tutorial is done (offering a real game). */
    done: noteKey,
    steps: z.array(tutorialStepSchema).min(1).max(200),
  })
  .strict();

export type TutorialFile = z.infer<typeof tutorialSchema>;
export type TutorialStep = z.infer<typeof tutorialStepSchema>;

export interface LoadedTutorial {
  readonly scenario: LoadedScenario;
  readonly learner: number;
  readonly end: "over" | "steps";
  readonly done: string;
  readonly steps: readonly TutorialStep[];
}

/** Every catalogue key a tutorial names (notes, hints, the closing note). */
export function tutorialKeys(tutorial: Pick<LoadedTutorial, "steps" | "done">): string[] {
  const keys = new Set<string>([tutorial.done]);
  for (const step of tutorial.steps) {
    if (step.note) keys.add(step.note);
    if (step.hint) keys.add(step.hint);
  }
  return [...keys];
}

/** Reads a tutorial file: its shape, each step's form, and the deal through `loadScenario`. */
export function loadTutorial(raw: unknown, findGame: (id: string) => AnyGame | undefined): Result<LoadedTutorial, string> {
  const parsed = tutorialSchema.safeParse(raw);
  if (!parsed.success) return err(describeIssues(parsed.error));
  const file = parsed.data;
  const scenario = loadScenario(file.scenario, findGame);
  if (!scenario.ok) return err(`scenario.${scenario.error}`);
  if (scenario.value.actions.length > 0) return err("scenario.actions: a tutorial's deal has no actions (they are its steps)");
  const seats = scenario.value.names.length;
  if (file.learner >= seats) return err(`learner: no seat ${file.learner} at a table of ${seats}`);
  for (const [index, step] of file.steps.entries()) {
    const at = `steps[${index}]`;
    if (step.seat === undefined) {
      if (step.action !== undefined) return err(`${at}.seat: an action needs its seat`);
      if (!step.note) return err(`${at}.note: a step with no action is a note`);
      continue;
    }
    if (step.seat >= seats) return err(`${at}.seat: no seat ${step.seat} at a table of ${seats}`);
    if (step.action === undefined) return err(`${at}.action: a seat's step needs its action`);
    if (step.seat === file.learner && (!step.note || !step.hint)) return err(`${at}: the learner's step needs a note and a hint`);
  }
  return ok({ scenario: scenario.value, learner: file.learner, end: file.end, done: file.done, steps: file.steps });
}

/** JSON equality of two actions (key order aside): how the learner's move is compared to the script's. */
export function sameAction(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Plays the whole script through the rules from the deal and names the first problem: an action
 * refused, a step for a seat with nothing to decide, the learner left to decide while the script
 * goes on without them (a bot's reply aside, in a simultaneous decision), a catalogue key missing
 * in a language, or the end not reached.
 */
export function checkTutorial(tutorial: LoadedTutorial, text?: GameText): Result<unknown, string> {
  const { game } = tutorial.scenario;
  if (text) {
    for (const key of tutorialKeys(tutorial)) {
      for (const lang of ["en", "fr"] as const) if (!text[lang]?.[key]) return err(`${lang}: no text for ${key}`);
    }
  }
  const state = game.clone(tutorial.scenario.initial);
  for (const [index, step] of tutorial.steps.entries()) {
    const at = `steps[${index}]`;
    if (step.seat === undefined) continue;
    const deciding = waitingSeats(game.decision(state));
    if (!deciding.includes(step.seat)) return err(`${at}: seat ${step.seat} has nothing to decide (deciding: ${deciding.join(", ") || "nobody"})`);
    if (step.seat !== tutorial.learner && deciding.includes(tutorial.learner) && deciding.length === 1) {
      return err(`${at}: the learner must decide here, not seat ${step.seat}`);
    }
    let applied;
    try {
      applied = act(game, state, step.seat, step.action);
    } catch (error) {
      return err(`${at}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!applied.ok) return err(`${at}: ${applied.error.code}: ${applied.error.message}`);
  }
  const over = game.decision(state).type === "over";
  if (tutorial.end === "over" && !over) return err("end: the script does not play the game to its end");
  return ok(state);
}

