// What each seat may see (one projection): hands are private, the draw pile is a count, everything
// else lies face up. Télépathie shows a hand only through an event for its caster.
import { deepClone, forkRng, shuffle, type RngState, type Viewer } from "@grimoire/engine";
import { card, deckOf } from "./cards.ts";
import { allCards, power } from "./rules.ts";
import type { EmmerlausEvent, EmmerlausState, Player } from "./state.ts";

export interface PlayerView extends Omit<Player, "hand"> {
  /** Own hand only; null for the others. */
  hand: string[] | null;
  handCount: number;
  power: number;
}

export interface EmmerlausView extends Omit<EmmerlausState, "rng" | "deck" | "players"> {
  viewer: Viewer;
  players: PlayerView[];
  deckCount: number;
}

/**
 * What `viewer` may see. With `copy` false the view shares the state's arrays instead of copying
 * them: only for search rollouts, whose states are samples and whose bots read the view at once
 * and never write it.
 */
export function view(state: EmmerlausState, viewer: Viewer, copy = true): EmmerlausView {
  const own = copy ? deepClone : shared;
  const players: PlayerView[] = [];
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = state.players[seat]!;
    // Field by field (the type asks for each): a spread of the player copied every hand, then dropped
    // the others'; search rollouts build a view at every simulated decision.
    players.push({ life: p.life, alive: p.alive, hand: seat === viewer ? own(p.hand) : null, objects: own(p.objects), lying: own(p.lying), heightened: p.heightened, handCount: p.hand.length, power: power(state, seat) });
  }
  return {
    viewer,
    players,
    deckCount: state.deck.length,
    discard: own(state.discard),
    turn: own(state.turn),
    phase: hideKeep(own(state.phase), viewer),
    options: own(state.options),
    ...(state.seating ? { seating: own(state.seating) } : {}),
  };
}

/** The value itself, for a view that shares the state's arrays. */
function shared<T>(x: T): T {
  return x;
}

/** Intervention divine's kept card is a card of its caster's hand: only the caster sees it (R26). */
function hideKeep(phase: EmmerlausState["phase"], viewer: Viewer): EmmerlausState["phase"] {
  if (phase.type !== "answer" || phase.pending.keep === null || phase.pending.caster === viewer) return phase;
  return { ...phase, pending: { ...phase.pending, keep: null } };
}

export function eventFor(event: EmmerlausEvent, viewer: Viewer): EmmerlausEvent | null {
  switch (event.type) {
    case "drew":
      return event.seat === viewer ? event : { ...event, cards: null };
    case "telepathy":
      return event.seat === viewer || event.target === viewer ? event : { ...event, hand: null };
    case "played":
      return event.keep !== undefined && event.seat !== viewer ? { ...event, keep: null } : event;
    default:
      return event;
  }
}

function multisetMinus(all: string[], known: string[]): string[] {
  const left = new Map<string, number>();
  for (const id of known) left.set(id, (left.get(id) ?? 0) + 1);
  return all.filter((id) => {
    const n = left.get(id) ?? 0;
    if (n > 0) {
      left.set(id, n - 1);
      return false;
    }
    return true;
  });
}

/** A full state consistent with `seat`'s view: others' hands and the deck drawn from the unseen cards. */
export function resample(v: EmmerlausView, seat: number, rng: RngState): EmmerlausState {
  const own = v.players[seat]!.hand ?? [];
  const players: Player[] = v.players.map((p) => ({ life: p.life, alive: p.alive, hand: [], objects: [...p.objects], lying: deepClone(p.lying), heightened: p.heightened }));
  players[seat]!.hand = [...own];
  const partial: EmmerlausState = { rng: forkRng(rng), players, deck: [], discard: [...v.discard], turn: deepClone(v.turn), phase: deepClone(v.phase), options: { ...v.options }, ...(v.seating ? { seating: [...v.seating] } : {}) };
  const unseen = shuffle(rng, multisetMinus(deckOf(v.options), allCards(partial)));
  v.players.forEach((p, s) => {
    if (s !== seat) players[s]!.hand = unseen.splice(0, p.handCount);
  });
  partial.deck = unseen;
  // A kept card hidden from this seat (R26): any card of the caster's sampled hand.
  const phase = partial.phase;
  if (phase.type === "answer" && phase.pending.keep === null && phase.pending.caster !== seat) {
    const kept = players[phase.pending.caster]!.hand[0];
    if (kept !== undefined && card(phase.pending.card).effect.kind === "divine") partial.phase = { ...phase, pending: { ...phase.pending, keep: kept } };
  }
  return partial;
}

/** The same game with what `seat` may not know (others' hands, the deck order, the generator) redrawn. */
export function shuffleHidden(original: EmmerlausState, seat: number, rng: RngState): EmmerlausState {
  const state = deepClone(original);
  const pool: string[] = [...state.deck];
  state.players.forEach((p, s) => {
    if (s !== seat) pool.push(...p.hand);
  });
  shuffle(rng, pool);
  state.players.forEach((p, s) => {
    if (s !== seat) p.hand = pool.splice(0, p.hand.length);
  });
  state.deck = pool;
  // Intervention divine's kept card is part of its caster's hidden hand: redrawn with it (R26).
  const phase = state.phase;
  if (phase.type === "answer" && phase.pending.keep !== null && phase.pending.caster !== seat) {
    const hand = state.players[phase.pending.caster]!.hand;
    if (!hand.includes(phase.pending.keep) && hand[0] !== undefined) state.phase = { ...phase, pending: { ...phase.pending, keep: hand[0] } };
  }
  state.rng = forkRng(rng);
  return state;
}
