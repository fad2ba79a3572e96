// The one decision contract every game implements (after OpenSpiel's State).
//
// A game is a set of pure functions over a plain-data state S. `apply` mutates the state it
// is given (clone first to keep the old one): search clones explicitly, the server keeps one.
//
// Who decides now is a Decision:
//  - "turn": one seat must act. This covers a normal turn, a follow-up choice of one
//    player (Shazamm! Larcin, a full Incantibus trunk) and answers out of turn, asked of the
//    targets one after another (Emmerlaüs counter-attacks and resistance rolls).
//  - "simultaneous": several seats commit secretly. Each commit is applied on its own and
//    stored sealed in the state; views show others only *that* a seat has committed; the step
//    resolves when the last waiting seat commits. The action log thus stays a sequence of
//    (seat, action) pairs, and bots see an opponent's sealed commit as hidden information.
//  - "over": nobody; `outcome` says who won.
// Chance is not a decision: the RNG state lives in S and rules draw from it inside `apply`.
import type { ZodType } from "zod";
import type { Result } from "./result.ts";
import type { RngState, Seed } from "./rng.ts";
import type { PuzzleJudge } from "./puzzle.ts";
import type { Reviewer } from "./review.ts";
import type { GameText, Message } from "./text.ts";

export type Seat = number;
export const SPECTATOR = "spectator" as const;
/** Whose eyes a view or an event is for: a seat, or a spectator who sees only public facts. */
export type Viewer = Seat | typeof SPECTATOR;

export type Decision =
  | { readonly type: "turn"; readonly seat: Seat; readonly prompt: Message }
  | { readonly type: "simultaneous"; readonly seats: readonly Seat[]; readonly prompt: Message }
  | { readonly type: "over" };

export interface Outcome {
  /** Seats that won (several on a shared win); empty on a draw. */
  readonly winners: readonly Seat[];
  /** One score per seat, as the game counts it (points, life, ...). */
  readonly scores: readonly number[];
  readonly draw: boolean;
}

/** Every state carries its generator; resampling replaces it, since no seat knows it. */
export interface BaseState {
  rng: RngState;
}

export interface GameSetup<O> {
  readonly seats: number;
  readonly options: O;
  readonly seed: Seed;
}

/**
 * An option of the game, as `--option name=value` and the table form take it. Its words are in the
 * game's catalogues: `option.<name>.label`, `option.<name>.description` and, for each listed value,
 * `option.<name>.value.<value>`.
 */
export interface OptionDoc {
  readonly name: string;
  /** The accepted values as typed (`optionsSchema` parses them), the default first; empty when free. */
  readonly values: readonly string[];
}

export type ActionErrorCode = "game-over" | "not-your-turn" | "malformed-action" | "illegal-action";
export interface ActionError {
  readonly code: ActionErrorCode;
  readonly message: string;
}

export interface BotContext<V, A> {
  readonly view: V;
  readonly seat: Seat;
  /** The legal actions of this seat now (a uniform sample for a game with `sampleActions`); never empty. */
  readonly legal: readonly A[];
  /** The bot's own generator (not the game's). */
  readonly rng: RngState;
}

export interface Bot<V, A> {
  readonly name: string;
  decide(context: BotContext<V, A>): A;
}

export interface BotInfo<V, A> {
  readonly description: string;
  create(): Bot<V, A>;
}

// The contract in five parts a reader can hold in mind: the rules (who decides, what is legal,
// what happens), what each viewer may see, positions as plain JSON, the words, and the bots.
// `defineGame` (./define.ts) fills what every game writes the same way.

/** The rules: the game's identity and options, and the decision contract proper. */
export interface GameRules<S extends BaseState, A, E, O> {
  readonly id: string;
  readonly title: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Validates untrusted options and fills defaults: `optionsSchema.parse({})` is the default game. */
  readonly optionsSchema: ZodType<O>;
  readonly optionDocs: readonly OptionDoc[];
  /** No game of this size lasts more actions than this (checked by the property suite). */
  maxActions(seats: number, options: O): number;

  /** A fresh game dealt from the seed. */
  setup(setup: GameSetup<O>): S;
  decision(state: S): Decision;
  legalActions(state: S, seat: Seat): A[];
  /**
   * Optional, for games whose legal actions are too many to list at every step (Shazamm!: every
   * bid times every subset of cards). All legal actions of `seat` when there are at most `max`,
   * otherwise `max` of them drawn uniformly (with replacement) from `rng`. When present, drivers
   * (playout, the property suite) use it instead of `legalActions`, which stays exhaustive.
   */
  sampleActions?(state: S, seat: Seat, rng: RngState, max: number): A[];
  /**
   * Untrusted input to one of `legalActions(state, seat)`, or a typed error ("malformed-action":
   * not an action's shape; "illegal-action": not legal now). Called only for a seat that is
   * deciding now: whose turn it is (and whether the game is over) is the engine's one check, in `act`.
   */
  parseAction(state: S, seat: Seat, raw: unknown): Result<A, ActionError>;
  /** Plays a legal action of a deciding seat, mutating `state`; returns what happened. */
  apply(state: S, seat: Seat, action: A): E[];
  /**
   * Optional, for games whose rules let a player leave (Emmerlaüs: a wizard out of the game): takes
   * a seat that resigned out of the match, mutating `state`, and returns what happened. Called only
   * when `seat` has nothing to decide now and the match is not over (see ./resign.ts). Without it,
   * a bot plays the resigned seat out.
   */
  resign?(state: S, seat: Seat): E[];
  outcome(state: S): Outcome | null;

  /** A copy to play on (search clones, then applies); `defineGame` makes it `deepClone`. */
  clone(state: S): S;
}

/** Visibility: everything leaving the engine goes through one projection per viewer. */
export interface GameVisibility<S extends BaseState, V, E, VE> {
  /** Everything `viewer` may know, and nothing more. The only way state leaves the engine. */
  view(state: S, viewer: Viewer): V;
  /**
   * Optional: the position with nothing hidden (every hand, every face-down piece), in the view's
   * shape, for the end-of-game summary and the replay's "everyone" viewer. Never sent while a match
   * runs. Without it, those show every seat's own view side by side.
   */
  fullView?(state: S): V;
  /** The event as `viewer` may see it, or null when it shows them nothing. */
  eventFor(event: E, viewer: Viewer): VE | null;
  /** A full state consistent with everything `seat` knows (its view), hidden parts drawn from `rng`. */
  resample(view: V, seat: Seat, rng: RngState): S;
  /**
   * The same game with what `seat` may not know redrawn from `rng`, from the full state.
   * Independent of `view`: the property suite uses it to prove views do not leak.
   */
  shuffleHidden(state: S, seat: Seat, rng: RngState): S;
}

/** Positions: any state as a plain-JSON arrangement and back (scenarios, saved positions). */
export interface GamePositions<S extends BaseState, O> {
  /** A game from an explicit, untrusted arrangement (deal order, ...); errors name what is wrong. */
  fromArrangement(setup: GameSetup<O>, arrangement: unknown): Result<S, string>;
  /**
   * The state as an arrangement (plain JSON) that `fromArrangement` turns back into the same game,
   * whatever the setup's seed: the same view for every seat and the spectator, the same decision,
   * the same legal actions, and the same continuation — what is still face down (pile order) and
   * the generator's words (`rng`) are part of it, so later draws come out the same. Forced dice
   * are not: they are the scenario's `dice`. Checked by the property suite on every random state.
   */
  toArrangement(state: S): unknown;
}

/** Words: every text the game shows, and its actions, events and views as messages. */
export interface GameWords<A, V, VE> {
  /**
   * Every word the game shows, in each language (./text.ts): component names and effects, prompts,
   * action labels, event lines, option and bot texts. Keys every game has: `game.title`,
   * `bot.<name>.description` for each bot, and the `option.*` keys of `optionDocs`.
   */
  readonly text: GameText;
  /** A visible event as one line of the log, as `viewer` saw it. */
  describeEvent(event: VE, viewer: Viewer): Message;
  /** An action as one short label, for logs, menus and the terminal. */
  describeAction(action: A): Message;
  /** Optional: the view as lines of text for the terminal (`grimoire play`); else pretty JSON. */
  describeView?(view: V, viewer: Viewer): Message[];
}

/** Bots and search: the bots by name, the levels that pick them, and the post-game review. */
export interface GameBots<V, A> {
  readonly bots: Readonly<Record<string, BotInfo<V, A>>>;
  /** Bot names for the server's and CLI's levels. */
  readonly levels: Readonly<Record<"easy" | "medium" | "hard", string>>;
  /** The post-game review's evaluation of a decision, from a seat's view (its hard bot's; ./review.ts). */
  readonly reviewer: Reviewer<V, A>;
  /** Optional: how puzzles value a decision (./puzzle.ts); a game without one has no puzzles. */
  readonly puzzleJudge?: PuzzleJudge<V, A>;
}

export interface Game<S extends BaseState, A, V, E, O, VE = unknown>
  extends GameRules<S, A, E, O>, GameVisibility<S, V, E, VE>, GamePositions<S, O>, GameWords<A, V, VE>, GameBots<V, A> {}

/** Any game, for code that handles all of them (catalog, CLI, server). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any, any>;
