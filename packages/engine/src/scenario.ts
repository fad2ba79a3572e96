// Scenarios: a game started from an explicit arrangement, given as untrusted JSON.
// The envelope is the same for every game; `arrangement` is the game's own
// (see each game's docs) and is validated by its `fromArrangement`.
// A recorded game is a scenario with a seed and its actions, so `replay` reads both.
import { z } from "zod";
import type { AnyGame, PlayedAction } from "./index.ts";
import { act } from "./play.ts";
import { err, ok, type Result } from "./result.ts";
import { isSeed, type Seed } from "./rng.ts";

const seedSchema = z.custom<Seed>(isSeed, { message: "expected an integer or 32 hex digits" });

export const scenarioSchema = z
  .object({
    game: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    /** How many seats, or their display names in seat order. */
    seats: z.union([z.number().int().min(1).max(64), z.array(z.string().min(1)).min(1).max(64)]),
    options: z.record(z.string(), z.unknown()).default({}),
    seed: seedSchema.default(1),
    /** Die results to use, in order, before the seeded generator takes over. */
    dice: z.array(z.number().int().min(1).max(100)).default([]),
    arrangement: z.unknown().optional(),
    actions: z.array(z.object({ seat: z.number().int().min(0), action: z.unknown() }).strict()).default([]),
    // A match record from the server (GET /api/tables/:id/record) adds what `grimoire verify`
    // checks; replaying ignores them.
    seedHash: z.string().regex(/^[0-9a-f]{64}$/i, "expected 64 hex digits").optional(),
    eventsHash: z.string().regex(/^[0-9a-f]{64}$/i, "expected 64 hex digits").optional(),
    outcome: z
      .object({ winners: z.array(z.number().int().min(0)), scores: z.array(z.number()), draw: z.boolean() })
      .strict()
      .optional(),
  })
  .strict();

export type ScenarioFile = z.infer<typeof scenarioSchema>;

export interface LoadedScenario<G extends AnyGame = AnyGame> {
  readonly game: G;
  readonly names: readonly string[];
  readonly options: unknown;
  readonly seed: Seed;
  /** The state before any listed action. */
  readonly initial: ReturnType<G["setup"]>;
  readonly actions: readonly PlayedAction[];
  readonly file: ScenarioFile;
}

/** Formats zod issues as "path: message" lines, naming what is wrong. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`).join("; ");
}

/** Untrusted input through a schema: its data, or what is wrong in `describeIssues`' words (arrangements, options). */
export function parseWith<T>(schema: z.ZodType<T>, raw: unknown): Result<T, string> {
  const parsed = schema.safeParse(raw);
  return parsed.success ? ok(parsed.data) : err(describeIssues(parsed.error));
}

export function loadScenario(raw: unknown, findGame: (id: string) => AnyGame | undefined): Result<LoadedScenario, string> {
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) return err(describeIssues(parsed.error));
  const file = parsed.data;
  const game = findGame(file.game);
  if (!game) return err(`game: unknown game "${file.game}"`);
  const seats = typeof file.seats === "number" ? file.seats : file.seats.length;
  if (seats < game.minSeats || seats > game.maxSeats) {
    return err(`seats: ${game.title} is for ${game.minSeats}–${game.maxSeats} players, got ${seats}`);
  }
  const names = typeof file.seats === "number" ? Array.from({ length: seats }, (_, i) => `Seat ${i + 1}`) : file.seats;
  const options = game.optionsSchema.safeParse(file.options);
  if (!options.success) return err(`options: ${describeIssues(options.error)}`);
  const setup = { seats, options: options.data, seed: file.seed };
  let initial;
  if (file.arrangement === undefined) {
    initial = game.setup(setup);
  } else {
    const arranged = game.fromArrangement(setup, file.arrangement);
    if (!arranged.ok) return err(`arrangement: ${arranged.error}`);
    initial = arranged.value;
  }
  // Keep the generator where setup left it, so a recorded game (setup + actions) replays
  // exactly; forced dice come first.
  initial.rng.forced = [...file.dice];
  return ok({ game, names, options: options.data, seed: file.seed, initial, actions: file.actions, file });
}

export interface ReplayStep {
  readonly index: number;
  readonly seat: number;
  readonly action: unknown;
  readonly events: readonly unknown[];
}

/**
 * Applies the scenario's actions to a clone of its initial state, checking each.
 * Errors name the action: "actions[3] (seat 1): illegal-action: ...".
 */
export function replayScenario(
  scenario: LoadedScenario,
  onStep?: (step: ReplayStep, state: unknown) => void,
): Result<unknown, string> {
  const state = scenario.game.clone(scenario.initial);
  for (let index = 0; index < scenario.actions.length; index++) {
    const { seat, action } = scenario.actions[index]!;
    let applied;
    try {
      applied = act(scenario.game, state, seat, action);
    } catch (error) {
      // A forced die that does not fit, say: report it against the action, not as a crash.
      return err(`actions[${index}] (seat ${seat}): ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!applied.ok) return err(`actions[${index}] (seat ${seat}): ${applied.error.code}: ${applied.error.message}`);
    onStep?.({ index, seat, action, events: applied.value }, state);
  }
  return ok(state);
}
