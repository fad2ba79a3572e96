// Test helpers: arranged games, named tokens, pointing for every seat.
import { act, unwrap } from "@grimoire/engine";
import { incantibusGame, roomTarget, sorcererTarget, tokenByName, tokenName, type Action, type Event, type Mode, type State, type Target } from "../src/index.ts";

export const game = incantibusGame;

export function arranged(seats: number, arrangement: unknown, mode: Mode = "apprentice", seed = 1): State {
  const result = game.fromArrangement({ seats, options: { mode }, seed }, arrangement);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

export const id = (name: string): number => {
  const found = tokenByName(name, new Set());
  if (found === null) throw new Error(`no token ${name}`);
  return found;
};
export const names = (ids: readonly number[]): string[] => ids.map(tokenName);

/** The room slot holding the (first) token of this name. */
export function roomSlot(state: State, name: string): Target {
  const slot = state.roomTokens.findIndex((t) => t !== null && tokenName(t.token) === name);
  if (slot < 0) throw new Error(`no ${name} in the room`);
  return roomTarget(state, slot);
}
export function cryptSlot(state: State, name: string): Target {
  const slot = state.sorcerers.findIndex((s) => s !== null && tokenName(s.token) === name);
  if (slot < 0) throw new Error(`no ${name} in the crypt`);
  return sorcererTarget(state, slot);
}

/** The room token or crypt sorcerer at this slot, as a pointing names it. */
export const room = (state: State, slot: number): Target => roomTarget(state, slot);
export const crypt = (state: State, slot: number): Target => sorcererTarget(state, slot);

/** Imperium and Video on the room token at this slot, as the legal action names it. */
export function imperium(state: State, slot: number): Action {
  const t = roomTarget(state, slot);
  if (t.token === null) throw new Error(`slot ${slot} is face down`);
  return { type: "imperium", slot, token: t.token, twin: t.twin };
}
export const video = (state: State, slot: number): Action => ({ type: "video", slot, twin: roomTarget(state, slot).twin });

/** Does `seat` play `action` through the validating entry point (throws if refused). */
export function doAct(state: State, seat: number, action: Action): Event[] {
  return unwrap(act(game, state, seat, action));
}

/** Every seat points (seat order); returns all events. */
export function pointAll(state: State, targets: readonly Target[]): Event[] {
  return targets.flatMap((target, seat) => doAct(state, seat, { type: "point", target }));
}
