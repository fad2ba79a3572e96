// defineGame: a game's manifest, with what every game writes the same way filled in.
//
// A game writes its rules, views, positions, words and bots (./game.ts); defineGame adds:
//  - `clone` as `deepClone` (states are plain data; deepClone is an order of magnitude faster
//    than structuredClone, and rollouts clone often), unless the game gives its own;
//  - the uniformly random bot, `random`, before the game's own bots (a game may redefine it);
//  - `reviewer`, built from the game's `review(game)` once, when first asked (building it costs
//    a search's set-up).
// The bots and the review are functions of the finished game (searching bots play it out), so a
// manifest never names itself.
import { deepClone } from "./clone.ts";
import type { BaseState, BotInfo, Game } from "./game.ts";
import { randomBot } from "./play.ts";
import type { Reviewer } from "./review.ts";

/** The members of `Game` a definition may leave out or give in another form. */
type Filled = "clone" | "bots" | "reviewer";
/** Optional members of `Game` a game may promise to have (Shazamm!'s `sampleActions`). */
type Promisable = "sampleActions" | "resign" | "fullView" | "describeView";

export type GameDefinition<S extends BaseState, A, V, E, O, VE = E> = Omit<Game<S, A, V, E, O, VE>, Filled> & {
  /** The cheap copy search plays on; `deepClone` when left out. */
  readonly clone?: (state: S) => S;
  /** The game's bots, by name, given the finished game; `random` is added first unless given. */
  readonly bots: (game: Game<S, A, V, E, O, VE>) => Readonly<Record<string, BotInfo<V, A>>>;
  /** The post-game review's evaluation (its hard bot's search), built once on first use. */
  readonly review: (game: Game<S, A, V, E, O, VE>) => Reviewer<V, A>;
};

/** The uniformly random bot every game has. */
export function randomBotInfo<V, A>(): BotInfo<V, A> {
  return { description: "uniformly random legal actions", create: () => randomBot<V, A>() };
}

/**
 * A game from its definition. `K` names optional members the game promises to have, so that
 * callers may use them without a check (`defineGame<..., "sampleActions">`).
 */
export function defineGame<S extends BaseState, A, V, E, O, VE = E, K extends Promisable = never>(
  definition: GameDefinition<S, A, V, E, O, VE> & Required<Pick<Game<S, A, V, E, O, VE>, K>>,
): Game<S, A, V, E, O, VE> & Required<Pick<Game<S, A, V, E, O, VE>, K>> {
  const { review, clone, bots, ...rest } = definition;
  let reviewer: Reviewer<V, A> | undefined;
  const game: Game<S, A, V, E, O, VE> & Required<Pick<Game<S, A, V, E, O, VE>, K>> & { bots: Record<string, BotInfo<V, A>> } = {
    ...(rest as Omit<Game<S, A, V, E, O, VE>, Filled> & Required<Pick<Game<S, A, V, E, O, VE>, K>>),
    clone: clone ?? ((state: S) => deepClone(state)),
    bots: {},
    get reviewer() {
      return (reviewer ??= review(game));
    },
  };
  game.bots = { random: randomBotInfo<V, A>(), ...bots(game) };
  return game;
}
