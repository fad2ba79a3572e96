// Emmerlaüs rules: setup, arrangements, decisions, legal actions and the card interpreter.
// Rulebook §VII–§XIV and rulings R1–R34 (/work/shared/spec/emmerlaus-cards.md); card data in cards.ts.
import { createRng, err, msg, ok, parseByEnumeration, rollDie, seatRef, shuffle, type ActionError, type Decision, type GameSetup, type Result } from "@grimoire/engine";
import { card, deckOf, handSize, type CardData, type Effect } from "./cards.ts";
import type { EmmerlausEvent, EmmerlausState, Lying, Pending, Player, ResistanceResult } from "./state.ts";
import { cardName, selector } from "./text/index.ts";
import { BASE_THRESHOLD, LIFE_AT_START, OBJECT_LIMITS, type Action, type Amount, type EmmerlausOptions, type ObjectKind } from "./data.ts";

type Events = EmmerlausEvent[];

// ---------------------------------------------------------------- reading the state

/**
 * What the reading functions below need: each player's face-up cards. A state or any seat's view
 * is one (the board's odds read a view with them).
 */
export interface FaceUp {
  readonly players: readonly Pick<Player, "objects" | "lying" | "heightened">[];
}

export function power(state: FaceUp, seat: number): number {
  let pl = 1;
  for (const id of state.players[seat]!.objects) {
    const effect = card(id).effect;
    if (effect.kind === "power") pl += effect.value;
  }
  return Math.max(1, pl);
}

export function livingSeats(state: EmmerlausState): number[] {
  return state.players.flatMap((p, seat) => (p.alive ? [seat] : []));
}

/** Every other seat, living or not, clockwise from `seat`'s place (R25 may have moved places). */
function clockwiseFrom(state: EmmerlausState, seat: number): number[] {
  const order = state.seating ?? state.players.map((_, s) => s);
  const at = order.indexOf(seat);
  return [...order.slice(at + 1), ...order.slice(0, at)];
}

/** Living players other than `seat`, clockwise from it (R6 b). */
export function opponentsOf(state: EmmerlausState, seat: number): number[] {
  return clockwiseFrom(state, seat).filter((s) => state.players[s]!.alive);
}

const lies = (p: Pick<Player, "lying">, id: string): boolean => p.lying.some((l) => l.card === id);
export const inSanctuary = (state: FaceUp, seat: number): boolean => lies(state.players[seat]!, "sanctuaire-d-emmerlaus");
/** Asleep or groggy under Sommeil: no CA, no resistance (R24). */
export const defenceless = (state: FaceUp, seat: number): boolean => lies(state.players[seat]!, "sommeil");
export const cursed = (state: EmmerlausState, seat: number): boolean => lies(state.players[seat]!, "malediction");

function objectKind(id: string): ObjectKind | "potion" | undefined {
  return card(id).object;
}

type EffectOf<K extends Effect["kind"]> = Extract<Effect, { kind: K }>;

/** The effects of `seat`'s objects of one kind (expansion objects read them). */
function worn<K extends Effect["kind"]>(state: FaceUp, seat: number, kind: K): { id: string; effect: EffectOf<K> }[] {
  return state.players[seat]!.objects.flatMap((id) => {
    const effect = card(id).effect;
    return effect.kind === kind ? [{ id, effect: effect as EffectOf<K> }] : [];
  });
}

/** The expansion potions lying active in front of `seat`. */
export function activeBoosts(state: FaceUp, seat: number): EffectOf<"boost">[] {
  return state.players[seat]!.lying.flatMap((l) => {
    const effect = card(l.card).effect;
    return l.stage === "active" && effect.kind === "boost" ? [effect] : [];
  });
}

/** No opponent may aim a card at `seat`: under Sanctuaire (R28) or an active Potion d'invincibilité. */
export const untouchable = (state: FaceUp, seat: number): boolean => inSanctuary(state, seat) || activeBoosts(state, seat).some((e) => e.untouchable === true);

/** Left out of `data`'s "all opponents": untouchable, or an AM against Amulette anti-attaque de masse. */
function spared(state: EmmerlausState, seat: number, data: CardData): boolean {
  return untouchable(state, seat) || (data.category === "AM" && worn(state, seat, "mass-ward").length > 0);
}

const isAttack = (data: CardData): boolean => data.category === "AD" || data.category === "AM";

/** PL added to `seat`'s AD and AM for that card only (R2): belts and Pacte ténébreux. */
export function attackBonus(state: FaceUp, seat: number, data: CardData): number {
  if (!isAttack(data)) return 0;
  let bonus = worn(state, seat, "attack-power").reduce((sum, w) => sum + w.effect.value, 0);
  for (const l of state.players[seat]!.lying) {
    const e = card(l.card).effect;
    if (e.kind === "pact") bonus += e.power;
  }
  return bonus;
}

/** The category of cards a staff stores, or null for any other card. */
function stores(id: string): "AD" | "AM" | null {
  const e = card(id).effect;
  return e.kind === "staff" ? e.stores : null;
}

/** The cards stored on `seat`'s staff `staff` (lying entries "stored", of the category it stores). */
function storedOn(state: EmmerlausState, seat: number, staff: string): Lying[] {
  const category = stores(staff);
  return state.players[seat]!.lying.filter((l) => l.stage === "stored" && card(l.card).category === category);
}

/** A staff leaves `seat`'s play: the cards stored on it go to the discard pile with it. */
function dropStored(state: EmmerlausState, seat: number, staff: string): void {
  if (stores(staff) === null) return;
  const p = state.players[seat]!;
  for (const l of storedOn(state, seat, staff)) {
    p.lying.splice(p.lying.indexOf(l), 1);
    state.discard.push(l.card);
  }
}

/** The power rings `seat` wears, which the ring spells may give up (distinct ids). */
function powerRings(state: EmmerlausState, seat: number): string[] {
  return [...new Set(worn(state, seat, "power").map((w) => w.id))];
}

/**
 * The resistance threshold of `seat` against `data` sent by `from` (R7): base 10, robes, Résistance
 * accrue, card and curse maluses, and the sender's Pacte ténébreux against their AD and AM.
 */
export function threshold(state: FaceUp, seat: number, data: CardData, from?: number): number {
  const p = state.players[seat]!;
  let t = BASE_THRESHOLD;
  for (const id of p.objects) {
    const e = card(id).effect;
    if (e.kind === "protection") t += e.bonus;
  }
  if (p.heightened) t += power(state, seat);
  t -= data.malus ?? 0;
  for (const l of p.lying) {
    const e = card(l.card).effect;
    if (e.kind === "curse") t -= e.malus;
  }
  if (from !== undefined && from !== seat && isAttack(data)) {
    for (const l of state.players[from]!.lying) {
      const e = card(l.card).effect;
      if (e.kind === "pact") t -= e.malus;
    }
  }
  return t;
}

// ---------------------------------------------------------------- setup and arrangements

export function freshPlayer(): Player {
  return { life: LIFE_AT_START, alive: true, hand: [], objects: [], lying: [], heightened: false };
}

export function freshTurn(seat: number): EmmerlausState["turn"] {
  return { seat, anchor: seat, playsLeft: 1, bonus: false, noDraw: false, number: 1 };
}

export function setup({ seats, options, seed }: GameSetup<EmmerlausOptions>): EmmerlausState {
  const rng = createRng(seed);
  const deck = shuffle(rng, deckOf(options));
  const players = Array.from({ length: seats }, freshPlayer);
  // Deal one card at a time, clockwise.
  for (let round = 0; round < handSize(options); round++) for (const p of players) p.hand.push(deck.shift()!);
  return { rng, players, deck, discard: [], turn: freshTurn(0), phase: { type: "play" }, options: { ...options } };
}

// ---------------------------------------------------------------- decisions and legal actions

export function decision(state: EmmerlausState): Decision {
  const phase = state.phase;
  switch (phase.type) {
    case "over":
      return { type: "over" };
    case "play":
      return { type: "turn", seat: state.turn.seat, prompt: state.turn.bonus ? msg("prompt.play-bonus", { n: state.turn.playsLeft }) : msg("prompt.play") };
    case "answer": {
      const p = phase.pending;
      if (p.chain) {
        // The Miroir to answer came from the other side of the chain.
        const from = p.chain.seat === p.caster ? p.chain.target : p.caster;
        return { type: "turn", seat: p.chain.seat, prompt: msg("prompt.answer-mirror", { card: cardName(p.card), from: seatRef(from) }) };
      }
      const seat = p.askers[p.asked]!;
      return { type: "turn", seat, prompt: msg("prompt.answer", { card: cardName(p.card), caster: seatRef(p.caster), aimed: p.targets.includes(seat) ? "yes" : "no" }) };
    }
    case "pick":
      return { type: "turn", seat: phase.seat, prompt: msg("prompt.pick", { purpose: selector(phase.purpose), victim: seatRef(phase.victim) }) };
    case "aim":
      return { type: "turn", seat: phase.seat, prompt: msg("prompt.aim", { staff: cardName(phase.staff) }) };
  }
}

const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];
const count = (ids: readonly string[], id: string): number => ids.filter((x) => x === id).length;

function targetHas(state: EmmerlausState, seat: number, needs: CardData["needs"]): boolean {
  const objects = state.players[seat]!.objects;
  if (needs === "object") return objects.length > 0;
  if (needs === "ring") return objects.some((id) => objectKind(id) === "ring");
  return true;
}

/** The seat Sommeil falls on: the next living player clockwise (R24). */
export function leftOf(state: EmmerlausState, seat: number): number {
  return opponentsOf(state, seat)[0]!;
}

function playActions(state: EmmerlausState, seat: number): Action[] {
  const p = state.players[seat]!;
  const out: Action[] = [];
  if (state.turn.bonus) out.push({ type: "end-turn" });
  if (cursed(state, seat) && count(p.hand, "annulation") >= 2) out.push({ type: "lift-curse" });
  for (const id of distinct(p.hand)) {
    const data = card(id);
    out.push({ type: "discard", card: id });
    // Instead of playing it, an AD (AM) may be laid on one's Bâton d'attaque (massive).
    if (p.objects.some((o) => stores(o) === data.category)) out.push({ type: "store", card: id });
    if (data.category === "CA") continue;
    if (data.category === "ST" && state.turn.bonus) continue;
    const kind = data.object;
    if (kind && kind !== "potion") {
      const same = p.objects.filter((o) => objectKind(o) === kind);
      if (same.length < OBJECT_LIMITS[kind]) out.push({ type: "play", card: id });
      else for (const old of distinct(same)) out.push({ type: "play", card: id, replace: old });
      continue;
    }
    const eligible = opponentsOf(state, seat).filter((s) => !untouchable(state, s));
    // The ring spells give up one of the caster's power rings: one action per ring (none: discard only).
    const rings: (string | undefined)[] = data.needs === "own-ring" ? powerRings(state, seat) : [undefined];
    switch (data.targets) {
      case "self":
        for (const ring of rings) out.push({ type: "play", card: id, ...(ring ? { ring } : {}) });
        break;
      case "opponent":
        for (const ring of rings) for (const t of eligible) if (targetHas(state, t, data.needs)) out.push({ type: "play", card: id, target: t, ...(ring ? { ring } : {}) });
        break;
      case "left": {
        const left = leftOf(state, seat);
        if (!untouchable(state, left)) out.push({ type: "play", card: id, target: left });
        break;
      }
      case "all-opponents":
        if (!eligible.some((s) => !spared(state, s, data))) break;
        if (data.effect.kind === "sacrifice") for (let x = 1; x <= p.life; x++) out.push({ type: "play", card: id, x });
        else out.push({ type: "play", card: id });
        break;
      case "everyone": {
        const others = p.hand.filter((_, i) => i !== p.hand.indexOf(id));
        if (others.length === 0) out.push({ type: "play", card: id });
        else for (const keep of distinct(others)) out.push({ type: "play", card: id, keep });
        break;
      }
    }
  }
  return out;
}

/** Annulations that may still be pooled against `pending` by one answer (R10). */
function annulCounts(pending: Pending): (1 | 2)[] {
  const data = card(pending.card);
  const needed = data.band.annul - pending.annulled;
  if (data.band.annul === 0 || needed <= 0) return [];
  if (needed === 1) return [1];
  // Two needed: together from one player, or one each from two when the card hits all opponents or boosts its caster.
  return data.targets === "opponent" || data.targets === "left" ? [2] : [1, 2];
}

function answerActions(state: EmmerlausState, seat: number, pending: Pending): Action[] {
  const hand = state.players[seat]!.hand;
  const data = card(pending.card);
  const out: Action[] = [{ type: "pass" }];
  if (pending.chain) {
    if (hand.includes("miroir")) out.push({ type: "mirror" });
    return out;
  }
  const annuls = count(hand, "annulation");
  for (const c of annulCounts(pending)) if (annuls >= c) out.push({ type: "annul", count: c });
  const targeted = pending.targets.includes(seat);
  if (targeted && data.band.mirror && hand.includes("miroir")) out.push({ type: "mirror" });
  if (targeted && data.band.heighten && data.band.sphere !== "red" && hand.includes("resistance-accrue") && !state.players[seat]!.heightened) out.push({ type: "heighten" });
  return out;
}

export function pickOptions(state: EmmerlausState): (string | null)[] {
  const phase = state.phase;
  if (phase.type !== "pick") return [];
  const picker = state.players[phase.seat]!;
  const victim = state.players[phase.victim]!;
  switch (phase.purpose) {
    case "dispel-ring":
      return distinct(victim.objects.filter((id) => objectKind(id) === "ring"));
    case "steal":
    case "acid":
      return distinct(victim.objects);
    case "steal-excess":
      return distinct(picker.objects.filter((id) => objectKind(id) === phase.kind));
    case "wrath":
      // R23: the attacker plays an AD from hand when they hold one; with none, nothing more happens.
      return distinct(picker.hand.filter((id) => card(id).category === "AD"));
  }
}

export function legalActions(state: EmmerlausState, seat: number): Action[] {
  const d = decision(state);
  if (d.type !== "turn" || d.seat !== seat) return [];
  const phase = state.phase;
  switch (phase.type) {
    case "over":
      return [];
    case "play":
      return playActions(state, seat);
    case "answer":
      return answerActions(state, seat, phase.pending);
    case "pick":
      return pickOptions(state).map((c) => ({ type: "pick", card: c }));
    case "aim":
      return opponentsOf(state, seat)
        .filter((s) => !untouchable(state, s))
        .map((target) => ({ type: "aim", target }));
  }
}

/** Untrusted input to one of the legal actions of the seat deciding now (the engine's `act` has checked whose turn it is). */
export function parseAction(state: EmmerlausState, seat: number, raw: unknown): Result<Action, ActionError> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || typeof (raw as { type?: unknown }).type !== "string") {
    return err({ code: "malformed-action", message: "an action is an object with a type" });
  }
  return parseByEnumeration(legalActions(state, seat), raw);
}

// ---------------------------------------------------------------- dice and life

/** Rolls a die; a d100 is two d10, tens then units, "00" = 100 (R1). */
function die(state: EmmerlausState, sides: number): number {
  if (sides !== 100) return rollDie(state.rng, sides);
  const tens = rollDie(state.rng, 10) % 10;
  const units = rollDie(state.rng, 10) % 10;
  return tens * 10 + units === 0 ? 100 : tens * 10 + units;
}

/** What an amount is rolled for, for its roll event: the card, and which of its hits (Main brûlante). */
export interface AmountFor {
  readonly card: string;
  readonly hit?: number;
}

/** Evaluates an amount with the given PLs (R1, R2). */
export function evalAmount(state: EmmerlausState, amount: Amount, pl: number, targetPl: number, seat: number, rolled: AmountFor, events: Events): number {
  const rolls: number[] = [];
  if (amount.dice) {
    const c = amount.dice.count;
    const total = livingSeats(state).reduce((sum, s) => sum + power(state, s), 0);
    const n = c === "pl" ? pl : c === "pl+1" ? pl + 1 : c === "target-pl" ? targetPl : c === "total-pl" ? total : c;
    for (let i = 0; i < n; i++) rolls.push(die(state, amount.dice.die));
  }
  const total = ((amount.flat ?? 0) + rolls.reduce((a, b) => a + b, 0)) * (amount.times === "pl" ? pl : 1);
  if (rolls.length > 0 && amount.dice) {
    events.push({ type: "roll", seat, what: rolled.hit === undefined ? "amount" : "hit", card: rolled.card, die: amount.dice.die, dice: rolls, total, ...(rolled.hit === undefined ? {} : { hit: rolled.hit }) });
  }
  return total;
}

/** Half, rounded up, never below 1 (R8). */
export const half = (n: number): number => (n <= 0 ? 0 : Math.max(1, Math.ceil(n / 2)));

function gain(state: EmmerlausState, seat: number, amount: number, events: Events): void {
  const p = state.players[seat]!;
  if (!p.alive || amount <= 0) return;
  p.life += amount;
  events.push({ type: "life", seat, delta: amount, life: p.life });
}

function lose(state: EmmerlausState, seat: number, amount: number, events: Events): void {
  const p = state.players[seat]!;
  if (!p.alive || amount <= 0) return;
  p.life -= amount;
  events.push({ type: "life", seat, delta: -amount, life: p.life });
}

function draw(state: EmmerlausState, seat: number, n: number, events: Events): void {
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    if (state.deck.length === 0) {
      if (state.discard.length === 0) break;
      // R14: the discard pile, shuffled, becomes the draw pile.
      state.deck = shuffle(state.rng, state.discard);
      state.discard = [];
      events.push({ type: "reshuffled", size: state.deck.length });
    }
    drawn.push(state.deck.shift()!);
  }
  state.players[seat]!.hand.push(...drawn);
  if (drawn.length > 0) events.push({ type: "drew", seat, cards: drawn, count: drawn.length });
}

/** Deaths and resurrections (R16, R17); returns true when the game is over. */
function settle(state: EmmerlausState, events: Events, disintegrated: number | null = null): boolean {
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = state.players[seat]!;
    if (!p.alive || p.life > 0) continue;
    const ring = p.objects.indexOf("anneau-de-resurrection");
    if (ring >= 0 && seat !== disintegrated) {
      p.objects.splice(ring, 1);
      state.discard.push("anneau-de-resurrection", ...p.hand);
      p.hand = [];
      p.life = LIFE_AT_START;
      events.push({ type: "resurrected", seat }, { type: "life", seat, delta: 0, life: p.life });
      draw(state, seat, handSize(state.options), events);
      continue;
    }
    takeOut(state, seat, events);
  }
  return endIfOneLeft(state, events);
}

/** A wizard out of the game (R16): hand and cards in play to the discard pile. */
function takeOut(state: EmmerlausState, seat: number, events: Events): void {
  const p = state.players[seat]!;
  p.alive = false;
  state.discard.push(...p.hand, ...p.objects, ...p.lying.map((l) => l.card));
  p.hand = [];
  p.objects = [];
  p.lying = [];
  p.heightened = false;
  events.push({ type: "died", seat });
}

/** The last wizard standing wins (none left: nobody does); returns true when the game is over. */
function endIfOneLeft(state: EmmerlausState, events: Events): boolean {
  const living = livingSeats(state);
  if (living.length > 1) return false;
  const winner = living.length === 1 ? living[0]! : null;
  state.phase = { type: "over", winner };
  events.push({ type: "over", winner });
  return true;
}

/**
 * A wizard whose player resigned is out of the game as a death takes one out (R16: hand and
 * cards in play to the discard pile), with no Ring of Resurrection; the last wizard left wins.
 * Only this wizard: deaths waiting for a card to resolve are settled with it, as ever. Called
 * (the engine's `Game.resign`) only when this wizard has nothing to decide; the rules already
 * step over a dead wizard who was still to answer, to be hit, or to play next.
 */
export function resign(state: EmmerlausState, seat: number): EmmerlausEvent[] {
  const events: Events = [];
  const p = state.players[seat];
  if (!p || !p.alive || state.phase.type === "over") return events;
  p.life = 0;
  takeOut(state, seat, events);
  endIfOneLeft(state, events);
  return events;
}

// ---------------------------------------------------------------- turns

function endTurn(state: EmmerlausState, events: Events): void {
  const t = state.turn;
  const p = state.players[t.seat]!;
  if (p.alive && !t.noDraw) draw(state, t.seat, handSize(state.options) - p.hand.length, events);
  for (const q of state.players) q.heightened = false;
  const next = clockwiseFrom(state, t.anchor).find((s) => state.players[s]!.alive) ?? t.anchor;
  startTurn(state, next, t.number + 1, events);
}

/** Start-of-turn cards first, oldest first (R13), then the one card. */
function startTurn(state: EmmerlausState, seat: number, number: number, events: Events): void {
  state.turn = { seat, anchor: seat, playsLeft: 1, bonus: false, noDraw: false, number };
  state.phase = { type: "play" };
  events.push({ type: "turn", seat });
  const p = state.players[seat]!;
  let skip = false;
  for (const l of [...p.lying]) {
    if (l.card === "sanctuaire-d-emmerlaus" || (l.card === "sommeil" && l.stage === "groggy")) {
      p.lying.splice(p.lying.indexOf(l), 1);
      state.discard.push(l.card);
      events.push({ type: "lapsed", seat, card: l.card });
    } else if (l.card === "sommeil" && l.stage === "asleep") {
      l.stage = "groggy";
      skip = true;
    } else if (card(l.card).effect.kind === "boost") {
      // An expansion potion acts for its number of turns, then is discarded at the next one.
      if (l.turns === 0) {
        p.lying.splice(p.lying.indexOf(l), 1);
        state.discard.push(l.card);
        events.push({ type: "lapsed", seat, card: l.card });
      } else {
        l.turns = (l.turns ?? 1) - 1;
        l.stage = "active";
      }
    }
  }
  if (skip) {
    events.push({ type: "slept", seat });
    state.turn.noDraw = true;
    endTurn(state, events);
    return;
  }
  // Objects that act at the start of a turn played (R4): Anneau de vitalité.
  for (const { id, effect } of worn(state, seat, "vitality")) {
    const r = rollDie(state.rng, effect.die);
    events.push({ type: "roll", seat, what: "vitality", card: id, die: effect.die, dice: [r], total: r });
    gain(state, seat, r, events);
  }
  for (const boost of activeBoosts(state, seat)) if (boost.plays) state.turn.playsLeft = Math.max(state.turn.playsLeft, boost.plays);
  // A staff fires (the owner aims a Bâton d'attaque); the turn then goes on from afterCard.
  const staff = worn(state, seat, "staff")[0];
  const aimable = opponentsOf(state, seat).filter((s) => !untouchable(state, s));
  if (staff && aimable.length > 0) {
    if (staff.effect.stores === "AD") state.phase = { type: "aim", seat, staff: staff.id };
    else fire(state, seat, staff.id, aimable, events);
    return;
  }
  if (p.hand.length === 0) endTurn(state, events);
}

/** A staff's shot at `targets`: 1 die plus 1 per card stored on it; the targets may answer with Résistance accrue. */
function fire(state: EmmerlausState, seat: number, staff: string, targets: number[], events: Events): void {
  const dice = 1 + storedOn(state, seat, staff).length;
  events.push({ type: "shot", seat, card: staff, ...(stores(staff) === "AD" ? { target: targets[0]! } : {}) });
  const askers = targets.filter((t) => !defenceless(state, t));
  const pending: Pending = { caster: seat, card: staff, x: dice, keep: null, targets, askers, asked: 0, annulled: 0, mirrors: [], chain: null, forced: false, shot: true };
  if (askers.length > 0) {
    state.phase = { type: "answer", pending };
    return;
  }
  resolve(state, pending, events);
}

/** After a card is fully resolved: next play of the turn, or its end. */
function afterCard(state: EmmerlausState, events: Events): void {
  if (state.phase.type === "over") return;
  state.phase = { type: "play" };
  const t = state.turn;
  const p = state.players[t.seat]!;
  if (!p.alive || t.playsLeft <= 0 || p.hand.length === 0) endTurn(state, events);
}

// ---------------------------------------------------------------- apply

export function apply(state: EmmerlausState, seat: number, action: Action): EmmerlausEvent[] {
  const events: Events = [];
  const phase = state.phase;
  switch (action.type) {
    case "end-turn":
      state.turn.playsLeft = 0;
      afterCard(state, events);
      break;
    case "discard": {
      removeFromHand(state, seat, action.card);
      state.discard.push(action.card);
      state.turn.playsLeft--;
      events.push({ type: "discarded", seat, card: action.card });
      afterCard(state, events);
      break;
    }
    case "lift-curse": {
      // R18: two Annulations together lift a Malédiction.
      removeFromHand(state, seat, "annulation");
      removeFromHand(state, seat, "annulation");
      // One Malédiction, the oldest (with 200 or 300 cards two may lie there: each needs its pair).
      const p = state.players[seat]!;
      p.lying.splice(p.lying.findIndex((l) => l.card === "malediction"), 1);
      state.discard.push("annulation", "annulation", "malediction");
      state.turn.playsLeft--;
      events.push({ type: "curse-lifted", seat });
      afterCard(state, events);
      break;
    }
    case "play":
      play(state, seat, action, events);
      break;
    case "pass":
    case "annul":
    case "mirror":
    case "heighten":
      if (phase.type !== "answer") throw new Error("no answer expected");
      answer(state, seat, action, phase.pending, events);
      break;
    case "pick":
      if (phase.type !== "pick") throw new Error("no pick expected");
      pick(state, action.card, events);
      break;
    case "store": {
      removeFromHand(state, seat, action.card);
      state.players[seat]!.lying.push({ card: action.card, from: seat, stage: "stored" });
      state.turn.playsLeft--;
      const staff = state.players[seat]!.objects.find((o) => stores(o) === card(action.card).category)!;
      events.push({ type: "stored", seat, card: action.card, staff });
      afterCard(state, events);
      break;
    }
    case "aim":
      if (phase.type !== "aim") throw new Error("no aim expected");
      fire(state, seat, phase.staff, [action.target], events);
      break;
  }
  return events;
}

function removeFromHand(state: EmmerlausState, seat: number, id: string): void {
  const hand = state.players[seat]!.hand;
  const at = hand.indexOf(id);
  if (at < 0) throw new Error(`Seat ${seat + 1} has no ${id}`);
  hand.splice(at, 1);
}

function play(state: EmmerlausState, seat: number, action: Extract<Action, { type: "play" }>, events: Events): void {
  const data = card(action.card);
  const p = state.players[seat]!;
  removeFromHand(state, seat, action.card);
  state.turn.playsLeft--;
  events.push({ type: "played", seat, card: action.card, ...(action.target !== undefined ? { target: action.target } : {}), ...(action.x !== undefined ? { x: action.x } : {}), ...(action.keep !== undefined ? { keep: action.keep } : {}), ...(action.replace !== undefined ? { replace: action.replace } : {}), ...(action.ring !== undefined ? { ring: action.ring } : {}) });
  // The ring spells: the ring is given up as the card is played, kept by nobody even if it is annulled (as R27).
  let ringValue: number | null = null;
  if (action.ring !== undefined) {
    const ring = card(action.ring).effect;
    ringValue = ring.kind === "power" ? ring.value : 0;
    p.objects.splice(p.objects.indexOf(action.ring), 1);
    state.discard.push(action.ring);
  }
  // Objects laid in play take no answer (R3, R5).
  if (data.object && data.object !== "potion") {
    if (action.replace !== undefined) {
      p.objects.splice(p.objects.indexOf(action.replace), 1);
      state.discard.push(action.replace);
      dropStored(state, seat, action.replace);
    }
    p.objects.push(action.card);
    afterCard(state, events);
    return;
  }
  if (data.effect.kind === "extra-plays") {
    state.turn.playsLeft = data.effect.count;
    state.turn.bonus = true;
    state.discard.push(action.card);
    afterCard(state, events);
    return;
  }
  if (data.effect.kind === "sacrifice") {
    // R27: X is paid now, even if the card is then annulled.
    // Deaths are settled once the card has resolved: all at the same moment (R16).
    lose(state, seat, action.x!, events);
  }
  let targets: number[] = [];
  if (data.targets === "opponent" || data.targets === "left") targets = [action.target!];
  else if (data.targets === "all-opponents") targets = opponentsOf(state, seat).filter((s) => !spared(state, s, data));
  const answerable = data.band.annul > 0 || data.band.mirror || (data.band.heighten && data.band.sphere !== "red");
  let askers: number[] = [];
  if (data.object !== "potion" && answerable) {
    askers = targets.length > 0 ? targets.filter((t) => !defenceless(state, t)) : data.band.annul > 0 ? opponentsOf(state, seat).filter((s) => !defenceless(state, s)) : [];
  }
  const pending: Pending = { caster: seat, card: action.card, x: action.x ?? ringValue, keep: action.keep ?? null, targets, askers, asked: 0, annulled: 0, mirrors: [], chain: null, forced: false };
  if (askers.length > 0) {
    state.phase = { type: "answer", pending };
    return;
  }
  resolve(state, pending, events);
}

function answer(state: EmmerlausState, seat: number, action: Action, pending: Pending, events: Events): void {
  if (pending.chain) {
    const chain = pending.mirrors.find((m) => m.target === pending.chain!.target)!;
    if (action.type === "mirror") {
      removeFromHand(state, seat, "miroir");
      state.discard.push("miroir");
      chain.count++;
      events.push({ type: "answered", seat, answer: "mirror" });
      // The other side of the chain may answer in turn (R11).
      pending.chain = { target: chain.target, seat: seat === pending.caster ? chain.target : pending.caster };
      if (!state.players[pending.chain.seat]!.alive || defenceless(state, pending.chain.seat)) pending.chain = null;
    } else {
      events.push({ type: "answered", seat, answer: "pass" });
      pending.chain = null;
    }
    if (!pending.chain) nextAsker(state, pending, events);
    return;
  }
  switch (action.type) {
    case "pass":
      events.push({ type: "answered", seat, answer: "pass" });
      break;
    case "annul": {
      for (let i = 0; i < action.count; i++) removeFromHand(state, seat, "annulation");
      for (let i = 0; i < action.count; i++) state.discard.push("annulation");
      pending.annulled += action.count;
      events.push({ type: "answered", seat, answer: "annul", count: action.count });
      if (pending.annulled >= card(pending.card).band.annul) {
        // R10: the stone itself is cancelled, for everyone; nobody else is asked.
        state.discard.push(pending.card);
        events.push({ type: "cancelled", card: pending.card });
        if (!settle(state, events)) afterCard(state, events);
        return;
      }
      break;
    }
    case "mirror":
      removeFromHand(state, seat, "miroir");
      state.discard.push("miroir");
      pending.mirrors.push({ target: seat, count: 1 });
      events.push({ type: "answered", seat, answer: "mirror" });
      if (state.players[pending.caster]!.alive && !defenceless(state, pending.caster)) {
        pending.chain = { target: seat, seat: pending.caster };
        return;
      }
      break;
    case "heighten":
      removeFromHand(state, seat, "resistance-accrue");
      state.discard.push("resistance-accrue");
      state.players[seat]!.heightened = true;
      events.push({ type: "answered", seat, answer: "heighten" });
      break;
    default:
      throw new Error(`not an answer: ${action.type}`);
  }
  nextAsker(state, pending, events);
}

function nextAsker(state: EmmerlausState, pending: Pending, events: Events): void {
  pending.asked++;
  while (pending.asked < pending.askers.length && !state.players[pending.askers[pending.asked]!]!.alive) pending.asked++;
  if (pending.asked < pending.askers.length) return;
  resolve(state, pending, events);
}

// ---------------------------------------------------------------- the interpreter

interface Share {
  /** Who suffers the effect, and who sent it last (R11). */
  receiver: number;
  sender: number;
  /** Whether the receiver rolls resistance. */
  rolls: boolean;
  /** Forced ×2 (Colère's AD). */
  forced: boolean;
}

/** Results from best to worst, for Robe de double résistance (the better roll counts). */
const RESULTS: readonly ResistanceResult[] = ["full", "success", "fail", "fatal"];

function resistance(state: EmmerlausState, seat: number, data: CardData, from: number, events: Events): ResistanceResult {
  const t = threshold(state, seat, data, from);
  const rolls = worn(state, seat, "double-resistance").length > 0 ? 2 : 1;
  let best: ResistanceResult = "fatal";
  for (let i = 0; i < rolls; i++) {
    const n = rollDie(state.rng, 20);
    const result: ResistanceResult = n === 1 ? "full" : n === 20 ? "fatal" : n <= t ? "success" : "fail";
    events.push({ type: "roll", seat, what: "resistance", card: data.id, die: 20, dice: [n], total: n, threshold: t, result });
    if (RESULTS.indexOf(result) < RESULTS.indexOf(best)) best = result;
  }
  return best;
}

/** How much of an amount a share takes: 0, half, 1 or 2 (R7, R8). */
function factor(state: EmmerlausState, share: Share, data: CardData, events: Events): { f: number; half: boolean } {
  if (share.forced) return { f: 2, half: false };
  if (!share.rolls || data.band.sphere === "red") return { f: 1, half: false };
  const r = resistance(state, share.receiver, data, share.sender, events);
  if (r === "full") return { f: 0, half: false };
  if (r === "fatal") return { f: 2, half: false };
  if (r === "fail") return { f: 1, half: false };
  return data.band.sphere === "yellow" ? { f: 1, half: true } : { f: 0, half: false };
}

const scale = (amount: number, f: { f: number; half: boolean }): number => (f.f === 0 ? 0 : f.half ? half(amount) : amount * f.f);

interface Ctx {
  pending: Pending;
  data: CardData;
  /** Original caster's PL (R11: a reflected effect uses it). */
  pl: number;
  shared: number | null;
  pick: { seat: number; purpose: "dispel-ring" | "steal" | "acid" | "wrath"; victim: number } | null;
  lying: { seat: number; entry: Lying } | null;
  drained: number;
}

function sharedAmount(state: EmmerlausState, ctx: Ctx, amount: Amount, targetPl: number, events: Events): number {
  if (ctx.shared === null) ctx.shared = evalAmount(state, amount, ctx.pl, targetPl, ctx.pending.caster, { card: ctx.pending.card }, events);
  return ctx.shared;
}

/**
 * Damage from an opponent's card: times the sender's potions, less Robe d'absorption (R29); a Robe
 * miroir takes up to 1d6 of it off and deals that to the sender.
 */
function damage(state: EmmerlausState, share: Share, amount: number, events: Events): number {
  let dealt = amount;
  let sent = 0;
  if (dealt > 0 && share.sender !== share.receiver) {
    for (const boost of activeBoosts(state, share.sender)) dealt *= boost.damage ?? 1;
    for (const id of state.players[share.receiver]!.objects) {
      const e = card(id).effect;
      if (e.kind === "absorption") {
        const r = rollDie(state.rng, e.die);
        events.push({ type: "roll", seat: share.receiver, what: "absorption", card: id, die: e.die, dice: [r], total: r });
        dealt = Math.max(0, dealt - r);
      }
      if (e.kind === "mirror-robe" && dealt > 0) {
        const r = rollDie(state.rng, e.die);
        events.push({ type: "roll", seat: share.receiver, what: "mirror-robe", card: id, die: e.die, dice: [r], total: r });
        sent = Math.min(r, dealt);
        dealt -= sent;
      }
    }
  }
  lose(state, share.receiver, dealt, events);
  lose(state, share.sender, sent, events);
  return dealt;
}

/**
 * An opponent's card hit the wearer (took life, and the wearer is still standing): Robe de
 * contre-attaque and Robe vampirique answer the sender. Their own damage is caused by a robe, so
 * it sets off no robe.
 */
function robesAnswer(state: EmmerlausState, share: Share, before: number, events: Events): void {
  const receiver = state.players[share.receiver]!;
  if (share.sender === share.receiver || !receiver.alive || receiver.life <= 0 || receiver.life >= before) return;
  const sender = state.players[share.sender]!;
  for (const id of receiver.objects) {
    const e = card(id).effect;
    if (e.kind !== "retaliation" && e.kind !== "vampiric") continue;
    const r = rollDie(state.rng, e.die);
    events.push({ type: "roll", seat: share.receiver, what: e.kind, card: id, die: e.die, dice: [r], total: r });
    const had = Math.max(0, sender.life);
    lose(state, share.sender, r, events);
    if (e.kind === "vampiric") gain(state, share.receiver, Math.min(r, had), events);
  }
}

function applyShare(state: EmmerlausState, ctx: Ctx, share: Share, events: Events): void {
  const effect: Effect = ctx.data.effect;
  const receiver = state.players[share.receiver]!;
  if (!receiver.alive) return;
  const targetPl = share.sender === ctx.pending.caster ? power(state, share.receiver) : ctx.pl;
  switch (effect.kind) {
    case "damage": {
      const hits = effect.hits ?? 1;
      let dealt = 0;
      for (let h = 0; h < hits; h++) {
        const f = factor(state, share, ctx.data, events);
        if (f.f === 0) continue;
        const raw = hits > 1 ? evalAmount(state, effect.amount, ctx.pl, targetPl, share.sender, { card: ctx.pending.card, hit: h + 1 }, events) : sharedAmount(state, ctx, effect.amount, targetPl, events);
        dealt += damage(state, share, scale(raw, f), events);
      }
      // R21: acid after damage was dealt, if the victim has an object.
      if (effect.acid && dealt > 0 && receiver.objects.length > 0) {
        const r = rollDie(state.rng, 6);
        events.push({ type: "roll", seat: share.sender, what: "acid", card: ctx.pending.card, die: 6, dice: [r], total: r });
        if (r === 1) ctx.pick = { seat: share.sender, purpose: "acid", victim: share.receiver };
      }
      return;
    }
    case "drain": {
      const f = factor(state, share, ctx.data, events);
      if (f.f === 0) return;
      const amount = scale(sharedAmount(state, ctx, effect.amount, targetPl, events), f);
      const had = Math.max(0, receiver.life);
      lose(state, share.receiver, amount, events);
      const taken = Math.min(amount, had);
      if (ctx.data.targets === "all-opponents") ctx.drained += taken;
      else gain(state, share.sender, taken, events);
      return;
    }
    case "halve-life": {
      const f = factor(state, share, ctx.data, events);
      if (f.f === 0) return;
      lose(state, share.receiver, f.f === 2 ? receiver.life : half(receiver.life), events);
      return;
    }
    case "kill": {
      const f = factor(state, share, ctx.data, events);
      if (f.f === 0) return;
      // Settled with the card in resolve(), which knows no resurrection may follow (R17).
      lose(state, share.receiver, receiver.life, events);
      return;
    }
    case "set-life": {
      const f = factor(state, share, ctx.data, events);
      if (f.f === 0) return;
      const r = die(state, effect.die);
      events.push({ type: "roll", seat: share.sender, what: "set-life", card: ctx.pending.card, die: effect.die, dice: [r], total: r });
      if (r < receiver.life) lose(state, share.receiver, receiver.life - r, events);
      return;
    }
    case "staff": {
      // Each shot: one roll for all its targets (as R19), each target's own resistance.
      const f = factor(state, share, ctx.data, events);
      if (f.f === 0) return;
      const raw = sharedAmount(state, ctx, { dice: { count: ctx.pending.x!, die: effect.die } }, targetPl, events);
      damage(state, share, scale(raw, f), events);
      return;
    }
    case "ring-damage": {
      const f = factor(state, share, ctx.data, events);
      damage(state, share, scale(effect.per * ctx.pending.x!, f), events);
      return;
    }
    case "sacrifice": {
      // The X an opponent takes is damage, so Robe d'absorption applies (R29).
      const f = factor(state, share, ctx.data, events);
      damage(state, share, scale(ctx.pending.x!, f), events);
      return;
    }
    case "despoil": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      state.discard.push(...receiver.objects);
      for (const id of receiver.objects) dropStored(state, share.receiver, id);
      receiver.objects = [];
      events.push({ type: "despoiled", seat: share.receiver });
      return;
    }
    case "dispel-ring":
    case "steal": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      const has = effect.kind === "steal" ? receiver.objects.length > 0 : receiver.objects.some((id) => objectKind(id) === "ring");
      if (has) ctx.pick = { seat: share.sender, purpose: effect.kind, victim: share.receiver };
      return;
    }
    case "wrath": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      ctx.pick = { seat: share.sender, purpose: "wrath", victim: share.receiver };
      return;
    }
    case "sleep": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      ctx.lying = { seat: share.receiver, entry: { card: ctx.pending.card, from: share.sender, stage: "asleep" } };
      return;
    }
    case "curse": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      ctx.lying = { seat: share.receiver, entry: { card: ctx.pending.card, from: share.sender } };
      return;
    }
    case "show-hand":
      events.push({ type: "telepathy", seat: share.sender, target: share.receiver, hand: [...receiver.hand] });
      return;
    case "swap": {
      if (factor(state, share, ctx.data, events).f === 0) return;
      const a = state.players[share.sender]!;
      for (const key of ["life", "hand", "objects", "lying"] as const) {
        const tmp = a[key];
        (a as unknown as Record<string, unknown>)[key] = receiver[key];
        (receiver as unknown as Record<string, unknown>)[key] = tmp;
      }
      // R25: the two also swap places; play goes on clockwise from the acting player's new place.
      const order = state.seating ?? state.players.map((_, s) => s);
      const from = order.indexOf(share.sender);
      const to = order.indexOf(share.receiver);
      order[from] = share.receiver;
      order[to] = share.sender;
      state.seating = order;
      events.push({ type: "swapped", seat: share.sender, other: share.receiver });
      return;
    }
    default:
      throw new Error(`${effect.kind} has no share`);
  }
}

/** Resolves a card that was not annulled: every share, then the card's place, then any follow-up pick. */
function resolve(state: EmmerlausState, pending: Pending, events: Events): void {
  const data = card(pending.card);
  const caster = pending.caster;
  const ctx: Ctx = { pending, data, pl: power(state, caster) + attackBonus(state, caster, data), shared: null, pick: null, lying: null, drained: 0 };
  const effect = data.effect;
  let disintegrated: number | null = null;
  switch (effect.kind) {
    case "heal":
      gain(state, caster, evalAmount(state, effect.amount, ctx.pl, ctx.pl, caster, { card: data.id }, events), events);
      break;
    case "fountain": {
      const living = livingSeats(state);
      for (const s of living) gain(state, s, s === caster ? effect.each * living.length : effect.each, events);
      break;
    }
    case "sanctuary":
      gain(state, caster, evalAmount(state, effect.amount, ctx.pl, ctx.pl, caster, { card: data.id }, events), events);
      ctx.lying = { seat: caster, entry: { card: pending.card, from: caster } };
      break;
    case "divine":
      divine(state, pending, events);
      return;
    case "pact":
      ctx.lying = { seat: caster, entry: { card: pending.card, from: caster } };
      break;
    case "boost": {
      // An expansion potion: 1dX of its owner's turns, from the next one (R4, R15).
      const r = rollDie(state.rng, effect.die);
      events.push({ type: "roll", seat: caster, what: "duration", card: data.id, die: effect.die, dice: [r], total: r });
      ctx.lying = { seat: caster, entry: { card: pending.card, from: caster, stage: "waiting", turns: r } };
      break;
    }
    case "convert-ring":
      gain(state, caster, effect.per * pending.x!, events);
      break;
    default:
      for (const target of pending.targets) {
        const chain = pending.mirrors.find((m) => m.target === target);
        const mirrored = chain !== undefined && chain.count % 2 === 1;
        let share: Share = {
          receiver: mirrored ? caster : target,
          sender: mirrored ? target : caster,
          rolls: !chain && !pending.forced && !defenceless(state, target),
          forced: pending.forced,
        };
        // Amulette anti-miroir: a card allowing Miroir that reaches its wearer, unanswered by Miroir, turns back on a 1.
        const amulet = !chain && data.band.mirror && state.players[target]!.alive ? worn(state, target, "turn-back")[0] : undefined;
        if (amulet) {
          const r = rollDie(state.rng, amulet.effect.die);
          events.push({ type: "roll", seat: target, what: "turn-back", card: amulet.id, die: amulet.effect.die, dice: [r], total: r });
          if (r === 1) share = { receiver: caster, sender: target, rolls: false, forced: pending.forced };
        }
        if (effect.kind === "kill") disintegrated = share.receiver;
        const before = state.players[share.receiver]!.life;
        applyShare(state, ctx, share, events);
        robesAnswer(state, share, before, events);
      }
      if (ctx.drained > 0) gain(state, caster, ctx.drained, events);
  }
  if (ctx.lying && state.players[ctx.lying.seat]!.alive) state.players[ctx.lying.seat]!.lying.push(ctx.lying.entry);
  else if (!pending.shot) state.discard.push(pending.card);
  if (settle(state, events, disintegrated)) return;
  if (ctx.pick && state.players[ctx.pick.seat]!.alive && state.players[ctx.pick.victim]!.alive) {
    state.phase = { type: "pick", ...ctx.pick };
    if (pickOptions(state).length > 0) return;
  }
  afterCard(state, events);
}

/** Intervention divine (R26). */
function divine(state: EmmerlausState, pending: Pending, events: Events): void {
  const caster = pending.caster;
  const pool: string[] = [...state.deck, ...state.discard];
  state.players.forEach((p, seat) => {
    let keep: string[] = [];
    if (seat === caster && pending.keep !== null) {
      keep = [pending.keep];
      p.hand.splice(p.hand.indexOf(pending.keep), 1);
    }
    pool.push(...p.hand, ...p.objects, ...p.lying.map((l) => l.card));
    p.hand = keep;
    p.objects = [];
    p.lying = [];
  });
  gain(state, caster, (card(pending.card).effect as { heal: number }).heal, events);
  state.deck = shuffle(state.rng, pool);
  state.discard = [pending.card];
  events.push({ type: "reshuffled", size: state.deck.length });
  for (const seat of [caster, ...opponentsOf(state, caster)]) draw(state, seat, handSize(state.options) - state.players[seat]!.hand.length, events);
  state.turn.noDraw = true;
  state.turn.playsLeft = 0;
  afterCard(state, events);
}

function pick(state: EmmerlausState, chosen: string | null, events: Events): void {
  const phase = state.phase;
  if (phase.type !== "pick") throw new Error("no pick");
  const picker = state.players[phase.seat]!;
  const victim = state.players[phase.victim]!;
  state.phase = { type: "play" };
  switch (phase.purpose) {
    case "dispel-ring":
    case "acid":
      victim.objects.splice(victim.objects.indexOf(chosen!), 1);
      state.discard.push(chosen!);
      dropStored(state, phase.victim, chosen!);
      events.push({ type: "object-lost", seat: phase.victim, card: chosen!, by: phase.seat, why: phase.purpose === "acid" ? "acid" : "dispel" });
      break;
    case "steal": {
      victim.objects.splice(victim.objects.indexOf(chosen!), 1);
      picker.objects.push(chosen!);
      // The cards stored on a staff follow it.
      for (const l of storedOn(state, phase.victim, chosen!)) {
        victim.lying.splice(victim.lying.indexOf(l), 1);
        picker.lying.push(l);
      }
      events.push({ type: "stolen", seat: phase.seat, from: phase.victim, card: chosen! });
      const kind = objectKind(chosen!) as ObjectKind;
      // R30: over a limit, the thief discards one of their own of that kind.
      if (picker.objects.filter((id) => objectKind(id) === kind).length > OBJECT_LIMITS[kind]) {
        state.phase = { type: "pick", seat: phase.seat, purpose: "steal-excess", victim: phase.seat, kind };
        return;
      }
      break;
    }
    case "steal-excess":
      picker.objects.splice(picker.objects.indexOf(chosen!), 1);
      state.discard.push(chosen!);
      dropStored(state, phase.seat, chosen!);
      events.push({ type: "object-lost", seat: phase.seat, card: chosen!, by: phase.seat, why: "limit" });
      break;
    case "wrath": {
      if (chosen === null) break;
      removeFromHand(state, phase.seat, chosen);
      events.push({ type: "played", seat: phase.seat, card: chosen, target: phase.victim });
      const forced: Pending = { caster: phase.seat, card: chosen, x: null, keep: null, targets: [phase.victim], askers: [], asked: 0, annulled: 0, mirrors: [], chain: null, forced: true };
      resolve(state, forced, events);
      return;
    }
  }
  afterCard(state, events);
}

/** Every card of the game, wherever it is (conservation invariant). */
export function allCards(state: EmmerlausState): string[] {
  const out = [...state.deck, ...state.discard];
  for (const p of state.players) out.push(...p.hand, ...p.objects, ...p.lying.map((l) => l.card));
  if (state.phase.type === "answer" && !state.phase.pending.shot) out.push(state.phase.pending.card);
  return out;
}
