// Test helpers: a game from an arrangement with scripted dice, and actions played through the
// engine's `act`, so every action is validated as untrusted input.
import { act, unwrap, type Seat } from "@grimoire/engine";
import { DEFAULT_OPTIONS, emmerlausGame, type EmmerlausOptions, type EmmerlausEvent, type EmmerlausState } from "../src/index.ts";

export interface Arrange {
  seats?: number;
  hands?: string[][];
  objects?: string[][];
  life?: number[];
  lying?: { card: string; from?: number; stage?: string; turns?: number }[][];
  deck?: string[];
  discard?: string[];
  first?: number;
  /** Table options (default: the base 100-card deck, no expansions). */
  options?: Partial<EmmerlausOptions>;
}

export function start(arrangement: Arrange = {}, dice: number[] = []): EmmerlausState {
  const { seats = 2, options = {}, ...rest } = arrangement;
  const hands = rest.hands ?? Array.from({ length: seats }, () => []);
  const state = unwrap(emmerlausGame.fromArrangement({ seats, options: { ...DEFAULT_OPTIONS, ...options }, seed: 5 }, { ...rest, hands }));
  state.rng.forced = [...dice];
  return state;
}

export function play(state: EmmerlausState, seat: Seat, action: unknown): EmmerlausEvent[] {
  const result = act(emmerlausGame, state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`);
  return result.value;
}

export function refused(state: EmmerlausState, seat: Seat, action: unknown): boolean {
  return !act(emmerlausGame, state, seat, action).ok;
}

export const life = (state: EmmerlausState): number[] => state.players.map((p) => p.life);
export const legal = (state: EmmerlausState, seat: Seat) => emmerlausGame.legalActions(state, seat);
export const asked = (state: EmmerlausState): number | null => {
  const d = emmerlausGame.decision(state);
  return d.type === "turn" ? d.seat : null;
};
