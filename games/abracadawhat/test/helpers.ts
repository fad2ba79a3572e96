// Test helpers: arranged states and acting through the engine's checked path.
import { act as engineAct, unwrap } from "@grimoire/engine";
import { abracadawhatGame, checkConservation, type Arrangement, type Event, type Spell, type State } from "../src/index.ts";

export function arranged(seats: number, arrangement: Arrangement, options: object = {}, dice: number[] = [], seed = 7): State {
  const result = abracadawhatGame.fromArrangement({ seats, options: abracadawhatGame.optionsSchema.parse(options), seed }, arrangement);
  if (!result.ok) throw new Error(result.error);
  result.value.rng.forced = dice.slice();
  checkConservation(result.value);
  return result.value;
}

export function cast(state: State, seat: number, spell: Spell): Event[] {
  const events = unwrap(engineAct(abracadawhatGame, state, seat, { type: "cast", spell }));
  checkConservation(state);
  return events;
}

export function end(state: State, seat: number): Event[] {
  const events = unwrap(engineAct(abracadawhatGame, state, seat, { type: "end" }));
  checkConservation(state);
  return events;
}

export function ofType<T extends Event["type"]>(events: Event[], type: T): Extract<Event, { type: T }>[] {
  return events.filter((e): e is Extract<Event, { type: T }> => e.type === type);
}

export function turnSeat(state: State): number {
  if (state.phase.type !== "casting") throw new Error("game over");
  return state.phase.seat;
}
