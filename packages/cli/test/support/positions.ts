// Mid-game positions of any registered game, for the tests that check a seat's view is all that
// matters (bots, reviews): random actions from a seeded setup, stopped at a seat to decide.
import { createRng, nextActor, pick, type AnyGame } from "@grimoire/engine";

export interface Walk {
  /** Seed of the random actions. */
  readonly rng: number;
  /** Seed of the g-th game's setup: `firstSeed + g`. */
  readonly firstSeed: number;
  /** How many random actions the g-th game plays before stopping. */
  steps(g: number): number;
  /** Games tried at most, per position asked for. */
  readonly triesPerPosition: number;
}

/** Up to `count` states, each with the seat to decide there, kept when `keep` says the decision is worth a test. */
export function positions(game: AnyGame, count: number, walk: Walk, keep: (state: unknown, seat: number) => boolean): { state: unknown; seat: number }[] {
  const out: { state: unknown; seat: number }[] = [];
  const rng = createRng(walk.rng);
  for (let g = 0; out.length < count && g < count * walk.triesPerPosition; g++) {
    const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: walk.firstSeed + g });
    const steps = walk.steps(g);
    for (let s = 0; s < steps; s++) {
      const seat = nextActor(game.decision(state));
      if (seat === null) break;
      const legal = game.sampleActions ? game.sampleActions(state, seat, rng, 16) : game.legalActions(state, seat);
      game.apply(state, seat, pick(rng, legal));
    }
    const seat = nextActor(game.decision(state));
    if (seat === null) continue;
    if (keep(state, seat)) out.push({ state, seat });
  }
  return out;
}
