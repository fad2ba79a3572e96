// What each seat may see (the one projection), and its inverses: resample a full state
// from a view, and redraw from a full state everything a seat may not know.
// Hidden: face-down room tokens (except to seats that looked with Video), face-down and
// removed sorcerers, the pools, the supplies' and the spell pile's order, the order of the
// rooms still to come, what a scenario stacked on the draws, and other seats' pointing until all
// have chosen.
import { deepClone, forkRng, pick, shuffle, type RngState, type Viewer } from "@grimoire/engine";
import { SPELL_CARDS, idsOf } from "./data.ts";
import { noStack, pointTargets } from "./rules.ts";
import type { Event, State, Target, View } from "./state.ts";

export function makeView(state: State, viewer: Viewer): View {
  const seat = typeof viewer === "number" ? viewer : -1;
  const phase = state.phase;
  return {
    viewer, seats: state.seats, mode: state.mode, wands: [...state.wands],
    visiblePool: state.visiblePool.length + state.next.visible.length, hiddenPool: state.hiddenPool.length + state.next.hidden.length,
    specials: [...state.specials], potionSupply: state.potionSupply.length + state.next.potions.length, potionRow: [...state.potionRow],
    grimoireSupply: state.grimoireSupply.length + state.next.grimoires.length, grimoireRow: [...state.grimoireRow],
    rooms: [...state.rooms].sort((a, b) => a - b), room: state.room,
    roomTokens: state.roomTokens.map((t) => (t ? { token: t.hidden && !t.knownBy.includes(seat) ? null : t.token, hidden: t.hidden, knownBy: [...t.knownBy] } : null)),
    sorcerers: state.sorcerers.map((s) => (s ? { token: s.faceUp ? s.token : null, faceUp: s.faceUp } : null)),
    sorcerersOut: state.sorcerersOut.length,
    pile: state.pile.length, faceUp: [...state.faceUp], usedCards: [...state.usedCards],
    trunks: state.trunks.map((t) => [...t]), moat: [...state.moat], outOfGame: [...state.outOfGame],
    incantation: state.incantation,
    lastIncanto: deepClone(state.lastIncanto),
    phase: phase.type === "point"
      ? { type: "point", chosen: phase.choices.map((c) => c !== null), mine: seat >= 0 ? deepClone(phase.choices[seat] ?? null) : null }
      : deepClone(phase),
  };
}

/** Sealed choices of other seats become random legal ones: nobody knows them before the reveal. */
function redrawChoices(state: State, seat: number, rng: RngState): void {
  if (state.phase.type !== "point") return;
  const choices = state.phase.choices;
  for (let other = 0; other < state.seats; other++) {
    if (other === seat || choices[other] === null) continue;
    choices[other] = pick(rng, pointTargets(state, other));
  }
}

function resamplePhase(phase: View["phase"], seat: number): State["phase"] {
  if (phase.type !== "point") return deepClone(phase);
  // Others' sealed choices get a placeholder here, redrawn from their legal targets below.
  return { type: "point", choices: phase.chosen.map((c, s): Target | null => (s === seat ? deepClone(phase.mine) : c ? { type: "room", slot: 0, token: null, twin: false } : null)) };
}

export function resampleView(view: View, seat: number, rng: RngState): State {
  const seen = new Set<number>([
    ...view.specials, ...view.potionRow, ...view.grimoireRow, ...view.trunks.flat(), ...view.moat, ...view.outOfGame,
    ...view.roomTokens.flatMap((t) => (t && t.token !== null ? [t.token] : [])),
    ...view.sorcerers.flatMap((s) => (s && s.token !== null ? [s.token] : [])),
  ]);
  if (view.phase.type === "resolve") {
    for (const step of view.phase.queue) if (step.k === "receive" || step.k === "place" || step.k === "ultimus") seen.add(step.token);
  }
  const unseen = (cls: Parameters<typeof idsOf>[0]) => shuffle(rng, idsOf(cls).filter((id) => !seen.has(id)));
  const hidden = unseen("hidden");
  const sorcerers = unseen("sorcerer");
  const roomTokens = view.roomTokens.map((t) => (t ? { token: t.token ?? hidden.pop()!, hidden: t.hidden, knownBy: [...t.knownBy] } : null));
  const slots = view.sorcerers.map((s) => (s ? { token: s.token ?? sorcerers.pop()!, faceUp: s.faceUp } : null));
  const used = new Set([...view.faceUp, ...view.usedCards]);
  const state: State = {
    rng: forkRng(rng), seats: view.seats, mode: view.mode, wands: [...view.wands],
    visiblePool: unseen("visible"), hiddenPool: hidden, specials: [...view.specials],
    potionSupply: unseen("potion"), potionRow: [...view.potionRow],
    grimoireSupply: view.mode === "expert" ? unseen("grimoire") : [], grimoireRow: [...view.grimoireRow],
    rooms: shuffle(rng, [...view.rooms]), room: view.room, roomTokens, sorcerers: slots, sorcerersOut: sorcerers,
    pile: shuffle(rng, SPELL_CARDS.map((_, id) => id).filter((id) => !used.has(id))), faceUp: [...view.faceUp], usedCards: [...view.usedCards],
    trunks: view.trunks.map((t) => [...t]), moat: [...view.moat], outOfGame: [...view.outOfGame],
    incantation: view.incantation,
    lastIncanto: deepClone(view.lastIncanto),
    phase: resamplePhase(view.phase, seat),
    next: noStack(),
  };
  redrawChoices(state, seat, rng);
  return state;
}

export function shuffleHiddenState(original: State, seat: number, rng: RngState): State {
  const state = deepClone(original);
  // What a scenario stacked on the draws is unseen: back into its pool, redrawn with the rest.
  state.visiblePool.push(...state.next.visible);
  state.hiddenPool.push(...state.next.hidden);
  state.potionSupply.push(...state.next.potions);
  state.grimoireSupply.push(...state.next.grimoires);
  state.next = noStack();
  shuffle(rng, state.visiblePool);
  const hiddenSlots = state.roomTokens.flatMap((t) => (t && t.hidden && !t.knownBy.includes(seat) ? [t] : []));
  const hidden = shuffle(rng, [...state.hiddenPool, ...hiddenSlots.map((t) => t.token)]);
  for (const t of hiddenSlots) t.token = hidden.pop()!;
  state.hiddenPool = hidden;
  shuffle(rng, state.potionSupply);
  shuffle(rng, state.grimoireSupply);
  const down = state.sorcerers.flatMap((s) => (s && !s.faceUp ? [s] : []));
  const sorcerers = shuffle(rng, [...state.sorcerersOut, ...down.map((s) => s.token)]);
  for (const s of down) s.token = sorcerers.pop()!;
  state.sorcerersOut = sorcerers;
  shuffle(rng, state.pile);
  shuffle(rng, state.rooms);
  redrawChoices(state, seat, rng);
  state.rng = forkRng(rng);
  return state;
}

/** Events as a viewer sees them: a Video look shows its face to the caster only. */
export function eventForViewer(event: Event, viewer: Viewer): Event | null {
  if (event.type === "peek" && event.seat !== viewer) return { ...event, token: null };
  return event;
}
