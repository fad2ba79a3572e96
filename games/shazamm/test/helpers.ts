// Test helpers: a game from an arrangement (every spell in hand by default), and turns played
// through the engine's `act`, so every action is validated as untrusted input.
import { act, unwrap, type Seat } from "@grimoire/engine";
import { expect } from "vitest";
import { SPELLS, shazammGame, type ShazammEvent, type ShazammState } from "../src/index.ts";

export interface StartOptions {
  variant?: 0 | 1 | 2;
  decks?: [number[], number[]];
  wall?: number;
  collapsed?: number;
  mana?: [number, number];
}

export function start(options: StartOptions = {}): ShazammState {
  const { variant = 1, decks = [[...SPELLS], [...SPELLS]], ...rest } = options;
  const setup = { seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: 7 };
  return unwrap(shazammGame.fromArrangement(setup, { decks, ...rest }));
}

export function play(state: ShazammState, seat: Seat, action: unknown): ShazammEvent[] {
  const result = act(shazammGame, state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`);
  return result.value;
}

/** Both seats commit (seat 0 first); returns every event. */
export function turn(state: ShazammState, bid0: number, cards0: number[], bid1: number, cards1: number[]): ShazammEvent[] {
  return [...play(state, 0, { type: "commit", bid: bid0, cards: cards0 }), ...play(state, 1, { type: "commit", bid: bid1, cards: cards1 })];
}

export function asked(state: ShazammState): { type: string; seat: number } | null {
  return state.phase.type === "resolve" ? state.phase.table.ask : null;
}

export function expectCommitPhase(state: ShazammState): void {
  expect(state.phase.type).toBe("commit");
}
