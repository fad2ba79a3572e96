// Incantibus rules: setup, incantations (simultaneous pointing, contests, wand swaps),
// taking tokens, spells, rooms and the crypt, scoring. Follows the French rulebook
// (../../shared/seeds/incantibus-fr.txt) and the rulings numbered in ../README.md.
import { createRng, deepClone, rollDie, shuffle } from "@grimoire/engine";
import {
  BAG_HOLES, PLAYER_COUNTS, ROOF, ROOMS, ROW_SIZE, SPELL_CARDS, SPELL_SPECIAL, WEAPON_FOR, idsOf,
  type Requirement, type Spell,
} from "./data.ts";
import { faceId, tokenName } from "./names.ts";
import { canPay, face, fits, isPayment, isSacoche, nextPayments, payments, pointsOf, sameFace, slotOf } from "./trunk.ts";
import type { Action, Event, Options, Stacked, State, Step, Target } from "./state.ts";

/**
 * One of `n` things at random: a die with `n` faces, so a scenario's forced dice choose it
 * (1: the first, in the order the state keeps them). Draws from the generator as before.
 */
const roll = (state: State, n: number): number => rollDie(state.rng, n) - 1;

export const noStack = (): Stacked => ({ visible: [], hidden: [], potions: [], grimoires: [], sorcerers: [] });

type Pool = "visible" | "hidden" | "potions" | "grimoires";
const poolOf = (state: State, pool: Pool): number[] => {
  switch (pool) {
    case "visible": return state.visiblePool;
    case "hidden": return state.hiddenPool;
    case "potions": return state.potionSupply;
    case "grimoires": return state.grimoireSupply;
  }
};
/** How many tokens a pool can still give (those a scenario stacked on top included). */
const left = (state: State, pool: Pool): number => state.next[pool].length + poolOf(state, pool).length;

/** The next token of a pool: one a scenario stacked, else one at random. */
function draw(state: State, pool: Pool): number {
  const stacked = state.next[pool].shift();
  if (stacked !== undefined) return stacked;
  const from = poolOf(state, pool);
  return from.splice(roll(state, from.length), 1)[0]!;
}

export function setupState(seats: number, options: Options, seed: number | string): State {
  const counts = PLAYER_COUNTS[seats];
  if (!counts) throw new Error(`Incantibus is for 2–4 players, not ${seats}`);
  const rng = createRng(seed);
  const state: State = {
    rng, seats, mode: options.mode,
    wands: shuffle(rng, [...counts.wands]),
    visiblePool: idsOf("visible"), hiddenPool: idsOf("hidden"), specials: idsOf("special"),
    potionSupply: idsOf("potion"), potionRow: [],
    grimoireSupply: options.mode === "expert" ? idsOf("grimoire") : [], grimoireRow: [],
    rooms: shuffle(rng, ROOMS.flatMap((r, id) => (id !== ROOF && r.back <= seats ? [id] : []))),
    room: ROOF, roomTokens: [], sorcerers: [], sorcerersOut: [],
    pile: shuffle(rng, SPELL_CARDS.map((_, id) => id)), faceUp: [], usedCards: [],
    trunks: Array.from({ length: seats }, () => []), moat: [],
    outOfGame: options.mode === "expert" ? [] : idsOf("grimoire"),
    incantation: 0,
    lastIncanto: null,
    phase: { type: "point", choices: [] },
    next: noStack(),
  };
  const sorcerers = shuffle(rng, idsOf("sorcerer"));
  state.sorcerers = sorcerers.slice(0, counts.sorcerers).map((token) => ({ token, faceUp: false }));
  state.sorcerersOut = sorcerers.slice(counts.sorcerers);
  for (let i = 0; i < 3 && state.pile.length > 0; i++) state.faceUp.push(state.pile.shift()!);
  refillRows(state);
  dealRoom(state, ROOF, []);
  startIncantation(state, []);
  return state;
}

export function refillRows(state: State): void {
  while (state.potionRow.length < ROW_SIZE && left(state, "potions") > 0) state.potionRow.push(draw(state, "potions"));
  while (state.grimoireRow.length < ROW_SIZE && left(state, "grimoires") > 0) state.grimoireRow.push(draw(state, "grimoires"));
}

/** Draws a room's visible and hidden tokens from the pools. */
export function layRoom(state: State, room: number): void {
  const data = ROOMS[room]!;
  state.room = room;
  state.roomTokens = [];
  for (let i = 0; i < data.visible && left(state, "visible") > 0; i++) state.roomTokens.push({ token: draw(state, "visible"), hidden: false, knownBy: [] });
  for (let i = 0; i < data.hidden && left(state, "hidden") > 0; i++) state.roomTokens.push({ token: draw(state, "hidden"), hidden: true, knownBy: [] });
}

/** Lays a room's tokens and turns one face-down sorcerer face up (one a scenario stacked, else at random). */
function dealRoom(state: State, room: number, events: Event[]): void {
  layRoom(state, room);
  events.push({ type: "room", room });
  const down = state.sorcerers.flatMap((s, slot) => (s && !s.faceUp ? [slot] : []));
  if (down.length > 0) {
    let slot: number | undefined;
    while (slot === undefined && state.next.sorcerers.length > 0) {
      const token = state.next.sorcerers.shift()!;
      slot = down.find((at) => state.sorcerers[at]!.token === token);
    }
    slot ??= down[roll(state, down.length)]!;
    const s = state.sorcerers[slot]!;
    s.faceUp = true;
    events.push({ type: "sorcerer", slot, token: s.token });
  }
}

// ---- pointing ----

export function needOf(token: number): Requirement {
  const f = face(token);
  if (f.kind === "potion" || f.kind === "grimoire" || f.kind === "sorcerer") return f.need;
  throw new Error(`token ${token} has no requirement`);
}

/** Whether a seat can point at a face-up sorcerer, potion or grimoire (has what it takes). */
function canClaim(state: State, seat: number, token: number): boolean {
  const need = needOf(token);
  if (need.kind === "wand") return need.wands.includes(state.wands[seat]!);
  return canPay(need, state.trunks[seat]!);
}

/** The room token at `slot` as a target: its face if face up, and whether another looks the same. */
export function roomTarget(state: State, slot: number): Extract<Target, { type: "room" }> {
  const here = state.roomTokens[slot];
  if (!here) throw new Error(`no room token at ${slot}`);
  const twin = state.roomTokens.some((t, other) => t !== null && other !== slot && t.hidden === here.hidden && (here.hidden || sameFace(t.token, here.token)));
  return { type: "room", slot, token: here.hidden ? null : tokenName(here.token), twin };
}

/** The crypt sorcerer at `slot` as a target (face-down ones look alike). */
export function sorcererTarget(state: State, slot: number): Extract<Target, { type: "sorcerer" }> {
  const here = state.sorcerers[slot];
  if (!here) throw new Error(`no sorcerer at ${slot}`);
  const twin = !here.faceUp && state.sorcerers.some((s, other) => s !== null && other !== slot && !s.faceUp);
  return { type: "sorcerer", slot, token: here.faceUp ? tokenName(here.token) : null, twin };
}

export function pointTargets(state: State, seat: number): Target[] {
  const out: Target[] = [];
  if (state.room !== null) state.roomTokens.forEach((t, slot) => { if (t) out.push(roomTarget(state, slot)); });
  for (const token of state.potionRow) if (canClaim(state, seat, token)) out.push({ type: "potion", potion: tokenName(token) });
  for (const token of state.grimoireRow) if (canClaim(state, seat, token)) out.push({ type: "grimoire", grimoire: tokenName(token) });
  if (state.room === null) {
    state.sorcerers.forEach((s, slot) => { if (s && (!s.faceUp || canClaim(state, seat, s.token))) out.push(sorcererTarget(state, slot)); });
  }
  return out;
}

/** Why the game ends before an incantation: the crypt is empty, or someone can point at nothing useful. */
export function overReason(state: State): "sorcerers" | "stuck" | null {
  if (state.room !== null) return null;
  const remaining = state.sorcerers.filter((s) => s !== null);
  if (remaining.length === 0) return "sorcerers";
  const stuck = !remaining.some((s) => !s!.faceUp) && Array.from({ length: state.seats }, (_, seat) => pointTargets(state, seat).length === 0).some(Boolean);
  return stuck ? "stuck" : null;
}

/** A new incantation, unless the game is over. */
export function startIncantation(state: State, events: Event[]): void {
  const reason = overReason(state);
  if (reason !== null) {
    state.phase = { type: "over", reason };
    const s = scores(state);
    events.push({ type: "over", scores: s, winner: winnerOf(state, s) });
    return;
  }
  state.incantation++;
  state.phase = { type: "point", choices: new Array(state.seats).fill(null) };
}

const targetKey = (t: Target): string => (t.type === "room" || t.type === "sorcerer" ? `${t.type}:${t.slot}` : `${t.type}:${t.type === "potion" ? t.potion : t.grimoire}`);

/** All wands are down: contests, then takes (strongest first), spells, swaps and the room's end. */
function reveal(state: State, choices: Target[], events: Event[]): void {
  events.push({ type: "revealed", choices });
  state.lastIncanto = { of: state.incantation, choices: deepClone(choices) };
  const groups = new Map<string, number[]>();
  choices.forEach((t, seat) => groups.set(targetKey(t), [...(groups.get(targetKey(t)) ?? []), seat]));
  const takes: Step[] = [];
  const pairs: [number, number][] = [];
  for (const seats of groups.values()) {
    seats.sort((a, b) => state.wands[b]! - state.wands[a]!);
    const winner = seats[0]!;
    takes.push({ k: "take", seat: winner, target: choices[winner]!, wand: state.wands[winner]! });
    if (seats.length > 1) pairs.push([winner, seats[seats.length - 1]!]);
  }
  takes.sort((a, b) => (a.k === "take" && b.k === "take" ? b.wand - a.wand : 0));
  state.phase = { type: "resolve", queue: [...takes, { k: "spells" }, { k: "swaps", pairs }, { k: "end" }], owed: new Array(state.seats).fill(0) };
}

// ---- resolving ----

const hasWeaponFor = (state: State, seat: number, token: number): boolean => {
  const f = face(token);
  return f.kind === "monster" && state.trunks[seat]!.some((id) => { const g = face(id); return g.kind === "weapon" && g.weapon === WEAPON_FOR[f.monster]; });
};
export const ultimusIn = (trunk: readonly number[]): number | undefined => trunk.find((id) => { const f = face(id); return f.kind === "special" && f.special === "Ultimus"; });

function removeFromTrunk(state: State, seat: number, token: number): void {
  const trunk = state.trunks[seat]!;
  const at = trunk.indexOf(token);
  if (at < 0) throw new Error(`token ${token} not in trunk ${seat}`);
  trunk.splice(at, 1);
}

/** Takes a potion, grimoire or sorcerer off the row or the crypt once paid for. */
function removeReward(state: State, token: number): void {
  for (const row of [state.potionRow, state.grimoireRow]) {
    const at = row.indexOf(token);
    if (at >= 0) { row.splice(at, 1); return; }
  }
  const slot = state.sorcerers.findIndex((s) => s?.token === token);
  if (slot < 0) throw new Error(`reward ${token} is nowhere`);
  state.sorcerers[slot] = null;
}

const seatOf = (step: Step): number | null => ("seat" in step ? step.seat : null);

/** Resolves automatic steps until one needs a decision or the incantation is over. */
export function run(state: State, events: Event[]): void {
  while (state.phase.type === "resolve") {
    const phase = state.phase;
    const step = phase.queue[0];
    if (!step) { startIncantation(state, events); return; }
    if (!autoStep(state, phase.queue, phase.owed, step, events)) return;
  }
}

/** Plays one step if it needs no decision (returns true); false when it waits for its seat. */
function autoStep(state: State, queue: Step[], owed: number[], step: Step, events: Event[]): boolean {
  const replace = (...next: Step[]) => { queue.splice(0, 1, ...next); };
  switch (step.k) {
    case "take": {
      const t = step.target;
      switch (t.type) {
        case "room": {
          const rt = state.roomTokens[t.slot]!;
          state.roomTokens[t.slot] = null;
          events.push({ type: "took", seat: step.seat, token: rt.token });
          replace({ k: "receive", seat: step.seat, token: rt.token, spellNow: false, retiro: false });
          return true;
        }
        case "potion": case "grimoire":
          replace({ k: "pay", seat: step.seat, reward: faceId(t.type === "potion" ? t.potion : t.grimoire), chosen: [] });
          return true;
        case "sorcerer": {
          const s = state.sorcerers[t.slot]!;
          if (!s.faceUp) { s.faceUp = true; events.push({ type: "sorcerer", slot: t.slot, token: s.token }); }
          const need = needOf(s.token);
          if (need.kind === "wand" ? need.wands.includes(step.wand) : canPay(need, state.trunks[step.seat]!)) {
            if (need.kind === "wand") {
              state.sorcerers[t.slot] = null;
              state.trunks[step.seat]!.push(s.token);
              events.push({ type: "took", seat: step.seat, token: s.token });
              replace();
            } else replace({ k: "pay", seat: step.seat, reward: s.token, chosen: [] });
          } else {
            state.sorcerers[t.slot] = null;
            state.moat.push(s.token);
            events.push({ type: "escaped", token: s.token, seat: step.seat });
            replace();
          }
          return true;
        }
      }
      break;
    }
    case "receive": {
      const f = face(step.token);
      if (f.kind === "spell") {
        state.trunks[step.seat]!.push(step.token);
        if (step.spellNow) replace({ k: "cast", seat: step.seat });
        else { owed[step.seat]!++; replace(); }
        return true;
      }
      if (f.kind === "monster" && !step.retiro) {
        if (ultimusIn(state.trunks[step.seat]!) !== undefined) replace({ k: "ultimus", seat: step.seat, token: step.token });
        else if (hasWeaponFor(state, step.seat, step.token)) replace({ k: "place", seat: step.seat, token: step.token });
        else {
          state.moat.push(step.token);
          events.push({ type: "escaped", token: step.token, seat: step.seat });
          replace();
        }
        return true;
      }
      replace({ k: "place", seat: step.seat, token: step.token });
      return true;
    }
    case "place": {
      const trunk = state.trunks[step.seat]!;
      if (!fits([...trunk, step.token], state.mode)) return false;
      trunk.push(step.token);
      replace();
      return true;
    }
    case "pay": {
      const need = needOf(step.reward);
      if (step.chosen.length > 0 && isPayment(need, step.chosen.map(face))) {
        removeReward(state, step.reward);
        events.push({ type: "took", seat: step.seat, token: step.reward });
        if (face(step.reward).kind === "sorcerer") { state.trunks[step.seat]!.push(step.reward); replace(); }
        else replace({ k: "place", seat: step.seat, token: step.reward });
        return true;
      }
      const options = payments(need, step.chosen, state.trunks[step.seat]!, 2);
      if (options.length === 0) throw new Error(`seat ${step.seat} cannot pay for ${tokenName(step.reward)}`);
      if (options.length > 1) return false;
      for (const token of options[0]!.slice(step.chosen.length)) payToken(state, step, token, events);
      return true;
    }
    case "spells": {
      const order = Array.from({ length: state.seats }, (_, s) => s).sort((a, b) => state.wands[b]! - state.wands[a]!);
      const casts: Step[] = order.flatMap((seat) => Array.from({ length: owed[seat]! }, () => ({ k: "cast" as const, seat })));
      owed.fill(0);
      replace(...casts);
      return true;
    }
    case "cast":
      if (state.faceUp.length > 0) return false;
      replace();
      return true;
    case "effect": {
      const special = SPELL_SPECIAL[step.spell];
      if (special !== undefined) {
        const token = state.specials.find((id) => { const f = face(id); return f.kind === "special" && f.special === special; });
        if (token === undefined) { replace(); return true; }
        state.specials.splice(state.specials.indexOf(token), 1);
        events.push({ type: "took", seat: step.seat, token });
        if (special === "Sacoche") {
          if (state.trunks[step.seat]!.filter(isSacoche).length >= BAG_HOLES) { state.moat.push(token); replace(); }
          else { state.trunks[step.seat]!.push(token); replace(); }
        } else replace({ k: "place", seat: step.seat, token });
        return true;
      }
      if (effectActions(state, step.seat, step.spell).length > 0) return false;
      replace();
      return true;
    }
    case "swaps":
      for (const [a, b] of step.pairs) {
        const wa = state.wands[a]!, wb = state.wands[b]!;
        state.wands[a] = wb;
        state.wands[b] = wa;
        events.push({ type: "swap", seats: [a, b], wands: [wb, wa] });
      }
      replace();
      return true;
    case "end": {
      replace();
      state.roomTokens = state.roomTokens.filter((t) => t !== null);
      state.sorcerers = state.sorcerers.filter((s) => s !== null);
      // A room laid short (pools run dry) is cleared at once too.
      while (state.room !== null && state.roomTokens.length <= 1) {
        for (const t of state.roomTokens) { state.moat.push(t!.token); events.push({ type: "moat", seat: null, token: t!.token }); }
        state.roomTokens = [];
        refillRows(state);
        const next = state.rooms.shift();
        if (next === undefined) { state.room = null; events.push({ type: "room", room: null }); }
        else dealRoom(state, next, events);
      }
      return true;
    }
    case "ultimus": case "videoUltimus":
      return false;
  }
  return false;
}

function payToken(state: State, step: Extract<Step, { k: "pay" }>, token: number, events: Event[]): void {
  removeFromTrunk(state, step.seat, token);
  state.moat.push(token);
  step.chosen.push(token);
  events.push({ type: "moat", seat: step.seat, token });
}

// ---- choices among tokens: one per name (identical copies are one choice) ----

/** The first token of each name among `ids`, in their order. */
function byName(ids: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) { const name = tokenName(id); if (!out.has(name)) out.set(name, id); }
  return out;
}

/** The token an action names among its choices (the action was checked legal, so it is there). */
function named(choices: ReadonlyMap<string, number>, name: string): number {
  const id = choices.get(name);
  if (id === undefined) throw new Error(`no "${name}" to choose`);
  return id;
}

/** Alkimia: the ingredients, weapons and gold of `owner`'s trunk. */
const stealables = (state: State, owner: number): Map<string, number> => byName(state.trunks[owner]!.filter((id) => {
  const slot = slotOf(face(id));
  return slot === "weapon" || slot === "ingredient" || slot === "gold";
}));

/** Retiro: any moat token but an escaped sorcerer. */
const retirables = (state: State): Map<string, number> => byName(state.moat.filter((id) => face(id).kind !== "sorcerer"));

/** Full trunk: the trunk tokens whose removal makes room for `token`, then `token` (thrown itself when it shares a name). */
function throwables(state: State, seat: number, token: number): Map<string, number> {
  const trunk = state.trunks[seat]!;
  const out = byName(trunk.filter((id) => slotOf(face(id)) !== null && fits([...trunk.filter((x) => x !== id), token], state.mode)));
  out.set(tokenName(token), token);
  return out;
}

/** The next token of a payment, one per name. */
const payables = (state: State, step: Extract<Step, { k: "pay" }>): Map<string, number> => byName(nextPayments(needOf(step.reward), step.chosen, state.trunks[step.seat]!));

/** The targets a spell's caster may choose, as actions. */
function effectActions(state: State, seat: number, spell: Spell): Action[] {
  switch (spell) {
    case "Alkimia":
      return state.trunks.flatMap((_, owner) => (owner === seat ? [] : [...stealables(state, owner).keys()].map((token) => ({ type: "steal" as const, token, from: owner }))));
    case "Imperium":
      return state.roomTokens.flatMap((t, slot) => (t && !t.hidden ? [{ type: "imperium" as const, slot, token: tokenName(t.token), twin: roomTarget(state, slot).twin }] : []));
    case "Retiro":
      return [...retirables(state).keys()].map((token) => ({ type: "retiro" as const, token }));
    case "Video":
      return state.roomTokens.flatMap((t, slot) => (t && t.hidden ? [{ type: "video" as const, slot, twin: roomTarget(state, slot).twin }] : []));
    default:
      return [];
  }
}

// ---- decisions ----

export function waitingStep(state: State): Step | null {
  return state.phase.type === "resolve" ? state.phase.queue[0] ?? null : null;
}

export function legal(state: State, seat: number): Action[] {
  const phase = state.phase;
  switch (phase.type) {
    case "over": return [];
    case "point":
      if (phase.choices[seat] !== null) return [];
      return pointTargets(state, seat).map((target) => ({ type: "point", target }));
    case "resolve": {
      const step = phase.queue[0];
      if (!step || seatOf(step) !== seat) return [];
      switch (step.k) {
        case "ultimus": case "videoUltimus": return [{ type: "ultimus", use: true }, { type: "ultimus", use: false }];
        case "place": return [...throwables(state, seat, step.token).keys()].map((token) => ({ type: "throw", token }));
        case "pay": return [...payables(state, step).keys()].map((token) => ({ type: "pay", token }));
        case "cast": return [...new Set(state.faceUp.map((card) => SPELL_CARDS[card]!))].map((spell) => ({ type: "cast", spell }));
        case "effect": return effectActions(state, seat, step.spell);
        default: return [];
      }
    }
  }
}

export function play(state: State, seat: number, action: Action): Event[] {
  const events: Event[] = [];
  const phase = state.phase;
  if (phase.type === "point") {
    if (action.type !== "point") throw new Error("expected a pointing");
    phase.choices[seat] = action.target;
    events.push({ type: "pointed", seat });
    if (phase.choices.every((c) => c !== null)) {
      reveal(state, phase.choices as Target[], events);
      run(state, events);
    }
    return events;
  }
  if (phase.type !== "resolve") throw new Error("the game is over");
  const queue = phase.queue;
  const step = queue[0]!;
  const replace = (...next: Step[]) => { queue.splice(0, 1, ...next); };
  switch (action.type) {
    case "ultimus": {
      if (step.k === "videoUltimus") {
        // Video: capture with Ultimus, or the token stays face down where it was (known to the caster).
        if (action.use) {
          const u = ultimusIn(state.trunks[seat]!)!;
          removeFromTrunk(state, seat, u);
          state.moat.push(u);
          events.push({ type: "moat", seat, token: u });
          const rt = state.roomTokens[step.slot]!;
          state.roomTokens[step.slot] = null;
          events.push({ type: "took", seat, token: rt.token });
          replace({ k: "place", seat, token: rt.token });
        } else replace();
        break;
      }
      if (step.k !== "ultimus") throw new Error("no monster to capture");
      if (action.use) {
        const u = ultimusIn(state.trunks[seat]!)!;
        removeFromTrunk(state, seat, u);
        state.moat.push(u);
        events.push({ type: "moat", seat, token: u });
        replace({ k: "place", seat, token: step.token });
      } else if (hasWeaponFor(state, seat, step.token)) {
        replace({ k: "place", seat, token: step.token });
      } else {
        state.moat.push(step.token);
        events.push({ type: "escaped", token: step.token, seat });
        replace();
      }
      break;
    }
    case "throw": {
      if (step.k !== "place") throw new Error("nothing to place");
      const token = named(throwables(state, seat, step.token), action.token);
      if (token !== step.token) {
        removeFromTrunk(state, seat, token);
        state.trunks[seat]!.push(step.token);
      }
      state.moat.push(token);
      events.push({ type: "moat", seat, token });
      replace();
      break;
    }
    case "pay":
      if (step.k !== "pay") throw new Error("nothing to pay");
      payToken(state, step, named(payables(state, step), action.token), events);
      break;
    case "cast": {
      if (step.k !== "cast") throw new Error("no spell to cast");
      const card = state.faceUp.find((c) => SPELL_CARDS[c] === action.spell);
      if (card === undefined) throw new Error(`${action.spell} is not face up`);
      state.faceUp.splice(state.faceUp.indexOf(card), 1);
      state.usedCards.push(card);
      const next = state.pile.shift();
      if (next !== undefined) state.faceUp.push(next);
      const spell = SPELL_CARDS[card]!;
      events.push({ type: "cast", seat, card, spell });
      replace({ k: "effect", seat, spell });
      break;
    }
    case "steal": {
      const token = named(stealables(state, action.from), action.token);
      removeFromTrunk(state, action.from, token);
      events.push({ type: "stole", seat, from: action.from, token });
      replace({ k: "place", seat, token });
      break;
    }
    case "imperium": {
      const rt = state.roomTokens[action.slot]!;
      state.roomTokens[action.slot] = null;
      events.push({ type: "took", seat, token: rt.token });
      replace({ k: "receive", seat, token: rt.token, spellNow: true, retiro: false });
      break;
    }
    case "retiro": {
      const token = named(retirables(state), action.token);
      state.moat.splice(state.moat.indexOf(token), 1);
      events.push({ type: "took", seat, token });
      replace({ k: "receive", seat, token, spellNow: true, retiro: true });
      break;
    }
    case "video": {
      const rt = state.roomTokens[action.slot]!;
      if (face(rt.token).kind !== "monster" || hasWeaponFor(state, seat, rt.token)) {
        state.roomTokens[action.slot] = null;
        events.push({ type: "took", seat, token: rt.token });
        replace({ k: "receive", seat, token: rt.token, spellNow: true, retiro: false });
      } else {
        // The caster looks; with Ultimus they may still capture it (ruling 6), else it goes back face down.
        if (!rt.knownBy.includes(seat)) rt.knownBy.push(seat);
        events.push({ type: "peek", seat, slot: action.slot, token: rt.token });
        if (ultimusIn(state.trunks[seat]!) !== undefined) replace({ k: "videoUltimus", seat, slot: action.slot });
        else replace();
      }
      break;
    }
    case "point":
      throw new Error("not a pointing step");
  }
  run(state, events);
  return events;
}

// ---- scoring ----

export function scores(state: State): number[] {
  return state.trunks.map((trunk, seat) => trunk.reduce((sum, id) => sum + pointsOf(id), 0) + (state.mode === "expert" ? state.wands[seat]! : 0));
}

/** Most points; a tie goes to the strongest wand among the tied. */
export function winnerOf(state: State, s: readonly number[]): number {
  let best = 0;
  for (let seat = 1; seat < state.seats; seat++) {
    if (s[seat]! > s[best]! || (s[seat] === s[best] && state.wands[seat]! > state.wands[best]!)) best = seat;
  }
  return best;
}

/** Every token place, for the conservation check and arrangements. */
export function places(state: State): [string, number[]][] {
  const inHand: number[] = [];
  if (state.phase.type === "resolve") {
    for (const step of state.phase.queue) if (step.k === "receive" || step.k === "place" || step.k === "ultimus") inHand.push(step.token);
  }
  return [
    ["visiblePool", state.visiblePool], ["hiddenPool", state.hiddenPool], ["specials", state.specials],
    ["nextVisible", state.next.visible], ["nextHidden", state.next.hidden], ["nextPotions", state.next.potions], ["nextGrimoires", state.next.grimoires],
    ["potionSupply", state.potionSupply], ["potionRow", state.potionRow],
    ["grimoireSupply", state.grimoireSupply], ["grimoireRow", state.grimoireRow],
    ["room", state.roomTokens.flatMap((t) => (t ? [t.token] : []))],
    ["crypt", state.sorcerers.flatMap((s) => (s ? [s.token] : []))], ["sorcerersOut", state.sorcerersOut],
    ...state.trunks.map((t, i): [string, number[]] => [`trunk${i}`, t]),
    ["moat", state.moat], ["outOfGame", state.outOfGame], ["inHand", inHand],
  ];
}
