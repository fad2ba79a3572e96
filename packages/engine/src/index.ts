// @grimoire/engine: the game-agnostic kernel shared by every game, the server, the CLI and the bots.
export * from "./game.ts";
export * from "./define.ts";
export * from "./manifest.ts";
export * from "./result.ts";
export * from "./rng.ts";
export * from "./clone.ts";
export * from "./play.ts";
export * from "./stats.ts";
export * from "./scenario.ts";
export * from "./actions.ts";
export * from "./ismcts.ts";
export * from "./rollout.ts";
export * from "./review.ts";
export * from "./puzzle.ts";
export * from "./text.ts";
export * from "./names.ts";
export * from "./resign.ts";
