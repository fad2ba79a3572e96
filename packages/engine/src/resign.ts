// Resigning, the same for every game (none of the four rulebooks says more than "that player
// loses"): a resigned seat never wins. When every seat but one has resigned, that seat wins at
// once; otherwise (3+ players) the match is played out (a bot plays the resigned seat) and the
// engine's outcome is read with the resigned seats taken out of the winners; when every winner
// resigned, the win passes to the seats left with the best score. The server, `grimoire verify`
// and the web replay all read a finished match's result through this one function.
// A game whose rules let a player leave (the optional `Game.resign`) takes the seat out instead
// of a bot playing it: at the first action after the resignation that leaves the seat with
// nothing to decide, its events joined to that action's (`removedAt`: that version), so replaying
// the log and the resignations gives the same match.
import type { AnyGame, Outcome, Seat } from "./game.ts";
import { waitingSeats } from "./play.ts";

/** A seat's resignation, at the version (number of logged actions) when it happened. */
export interface Resignation {
  readonly seat: Seat;
  readonly version: number;
  /** The version after whose action the game took the seat out (`Game.resign`); absent: not (yet). */
  readonly removedAt?: number | null;
}

/**
 * After the action of `version` is applied: takes out of the match, through `Game.resign`, each
 * resigned seat not yet removed that has nothing to decide now. Returns the events (to join to that
 * version's) and the resignations with `removedAt` set. Without `Game.resign`, or once over, nothing.
 */
export function removeResigned(game: AnyGame, state: unknown, resigned: readonly Resignation[], version: number): { events: unknown[]; resigned: Resignation[] } {
  const events: unknown[] = [];
  const out = resigned.map((r) => ({ ...r }));
  if (!game.resign) return { events, resigned: out };
  for (const r of out) {
    if (r.removedAt !== undefined && r.removedAt !== null) continue;
    if (r.version >= version) continue;
    const decision = game.decision(state);
    if (decision.type === "over" || waitingSeats(decision).includes(r.seat)) continue;
    events.push(...game.resign(state, r.seat));
    r.removedAt = version;
  }
  return { events, resigned: out };
}

/** When replaying: the events of taking out the seats removed after the action of `version`. */
export function replayRemovals(game: AnyGame, state: unknown, resigned: readonly Resignation[], version: number): unknown[] {
  const events: unknown[] = [];
  if (!game.resign) return events;
  for (const r of resigned) if (r.removedAt === version) events.push(...game.resign(state, r.seat));
  return events;
}

/** The seats still playing (not resigned), in seat order. */
export function activeSeats(seats: number, resigned: readonly Resignation[]): Seat[] {
  const out = new Set(resigned.map((r) => r.seat));
  return Array.from({ length: seats }, (_, i) => i).filter((s) => !out.has(s));
}

/** True when the resignations alone end the match: one seat (or none) is left. */
export function endedByResignation(seats: number, resigned: readonly Resignation[]): boolean {
  return resigned.length > 0 && activeSeats(seats, resigned).length <= 1;
}

/**
 * The match's result once resignations are counted. `engine`: the game's own outcome (null when
 * the match stopped before the rules ended it, i.e. only when ended by resignation).
 */
export function outcomeWithResignations(engine: Outcome | null, seats: number, resigned: readonly Resignation[]): Outcome | null {
  if (resigned.length === 0) return engine;
  const active = activeSeats(seats, resigned);
  // Stopped by resignation: the seat left wins; scores are the engine's where it has them.
  if (active.length <= 1) return { winners: active, scores: engine ? [...engine.scores] : Array.from({ length: seats }, () => 0), draw: false };
  if (engine === null) return null;
  if (engine.draw) return { winners: [], scores: [...engine.scores], draw: true };
  const winners = engine.winners.filter((w) => active.includes(w));
  if (winners.length > 0) return { winners, scores: [...engine.scores], draw: false };
  // Every winner resigned: the best score among the seats left.
  const best = Math.max(...active.map((s) => engine.scores[s] ?? 0));
  return { winners: active.filter((s) => (engine.scores[s] ?? 0) === best), scores: [...engine.scores], draw: false };
}
