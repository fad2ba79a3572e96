// Shazamm! rules: setup, who decides, legal actions, and the resolution of a turn.
// Follows the rulebook (../../../shared/seeds/shazamm-fr.txt) as settled by shazamm-notes.md:
// identical spells cancel, the rest resolve by number; attacks move the wall one tile; both pay.
import { createRng, err, msg, ok, randomInt, shuffle, type ActionError, type Decision, type GameSetup, type Message, type Result, type RngState, type Seat } from "@grimoire/engine";
import { cardRef } from "./describe.ts";
import type { Ask, Entry, Phase, RoundEndReason, ShazammEvent, ShazammState, Table } from "./state.ts";
import {
  BRIDGE_TILES,
  DECOY,
  FIRST_DRAW,
  MAX_MANA,
  ROUND_DRAW,
  SPELLS,
  START_WALL,
  WIZARD_DISTANCE,
  isCard,
  isSpell,
  other,
  type BySeat,
  type Card,
  type Commit,
  type ShazammAction,
  type ShazammOptions,
  type ShazammSeat,
  type Spell,
} from "./data.ts";

const byNumber = (a: number, b: number) => a - b;
const seatOf = (seat: Seat): ShazammSeat => {
  if (seat !== 0 && seat !== 1) throw new Error(`Shazamm! has seats 0 and 1, not ${seat}`);
  return seat;
};

// ---------------------------------------------------------------------------------------------
// Setup

/** A game from each player's deck order (top first); variant 1 puts everything in hand. */
export function dealt(options: ShazammOptions, rng: RngState, decks: BySeat<Spell[]>, start: Start): ShazammState {
  const state: ShazammState = {
    rng,
    variant: options.variant,
    round: 1,
    turn: 0,
    collapsed: start.collapsed,
    wall: start.wall,
    wizards: [start.wall - WIZARD_DISTANCE, start.wall + WIZARD_DISTANCE],
    mana: [...start.mana],
    hands: [[DECOY], [DECOY]],
    piles: [[...decks[0]], [...decks[1]]],
    discards: [[], []],
    silenced: false,
    lastPlayed: [[], []],
    lastTurn: [],
    phase: { type: "commit", sealed: [null, null] },
  };
  for (const seat of [0, 1] as const) draw(state, seat, options.variant === 1 ? SPELLS.length : FIRST_DRAW);
  return state;
}

export interface Start {
  wall: number;
  collapsed: number;
  mana: BySeat<number>;
}
const DEFAULT_START: Start = { wall: START_WALL, collapsed: 0, mana: [MAX_MANA, MAX_MANA] };

export function setup({ options, seed }: GameSetup<ShazammOptions>): ShazammState {
  const rng = createRng(seed);
  if (options.variant === 2) return arranging(options, rng, DEFAULT_START);
  const decks: BySeat<Spell[]> = [shuffle(rng, [...SPELLS]), shuffle(rng, [...SPELLS])];
  return dealt(options, rng, decks, DEFAULT_START);
}

/** Variant 2 without an arrangement: every spell in hand until its owner has ordered the pile. */
function arranging(options: ShazammOptions, rng: RngState, start: Start): ShazammState {
  const state = dealt({ ...options, variant: 1 }, rng, [[...SPELLS], [...SPELLS]], start);
  state.variant = 2;
  state.phase = { type: "arrange" };
  return state;
}

export function draw(state: ShazammState, seat: ShazammSeat, count: number): Spell[] {
  const drawn = state.piles[seat].splice(0, count);
  state.hands[seat] = [...state.hands[seat], ...drawn].sort(byNumber);
  return drawn;
}

// ---------------------------------------------------------------------------------------------
// Who decides, and what they may do

export function decision(state: ShazammState): Decision {
  const phase = state.phase;
  switch (phase.type) {
    case "arrange":
      return {
        type: "simultaneous",
        seats: ([0, 1] as const).filter((seat) => state.piles[seat].length < SPELLS.length),
        prompt: msg("prompt.arrange"),
      };
    case "commit":
      return {
        type: "simultaneous",
        seats: ([0, 1] as const).filter((seat) => phase.sealed[seat] === null),
        prompt: msg("prompt.commit"),
      };
    case "resolve": {
      const ask = phase.table.ask;
      if (!ask) throw new Error("shazamm: a resolution waits with nothing to ask");
      return { type: "turn", seat: ask.seat, prompt: askPrompt(ask, phase.table) };
    }
    case "over":
      return { type: "over" };
  }
}

function askPrompt(ask: Ask, table: Table): Message {
  switch (ask.type) {
    case "clone":
      return msg("prompt.clone");
    case "larcin":
      return msg("prompt.larcin", { card: cardRef(pendingTheft(table)!.card) });
    case "recycle":
      return msg("prompt.recycle", { bid: table.bids[ask.seat] });
  }
}

export function cloneTargets(state: ShazammState, seat: ShazammSeat): Spell[] {
  return cloneTargetsOf(state.lastPlayed[other(seat)]);
}

/** What a Clone may copy, from the cards the opponent laid last turn (a Clone excepted). */
export function cloneTargetsOf(foeLastPlayed: readonly Spell[]): Spell[] {
  return [...new Set(foeLastPlayed)].filter((card) => card !== 2).sort(byNumber);
}

export function pendingTheft(table: Table): Entry | undefined {
  return table.entries.find((entry) => entry.stolen && entry.apply === null);
}

/**
 * Every answer to the follow-up question `table.ask` (Clone's target, Larcin's apply-or-destroy,
 * Recyclage's adjustment) for `seat`, from facts it sees: their mana and the foe's cards of last turn.
 * Shared by legalActions (full state) and viewChoices (a view).
 */
export function followUpAnswers(table: Table, seat: ShazammSeat, mana: number, foeLastPlayed: readonly Spell[]): ShazammAction[] {
  const ask = table.ask!;
  switch (ask.type) {
    case "clone":
      return [{ type: "clone", card: null }, ...cloneTargetsOf(foeLastPlayed).map((card) => ({ type: "clone" as const, card }))];
    case "larcin": {
      const card = pendingTheft(table)!.card;
      return [
        { type: "larcin", card, apply: true },
        { type: "larcin", card, apply: false },
      ];
    }
    case "recycle":
      return recycleDeltas(mana, table.bids[seat]).map((delta) => ({ type: "recycle", delta }));
  }
}

/** Bids Recyclage allows: within 5 of the bid, and 1..mana. */
export function recycleDeltas(mana: number, bid: number): number[] {
  const deltas: number[] = [];
  for (let delta = -5; delta <= 5; delta++) {
    if (bid + delta >= 1 && bid + delta <= mana) deltas.push(delta);
  }
  return deltas;
}

function waiting(state: ShazammState, seat: ShazammSeat): boolean {
  const d = decision(state);
  return (d.type === "turn" && d.seat === seat) || (d.type === "simultaneous" && d.seats.includes(seat));
}

export function legalActions(state: ShazammState, rawSeat: Seat): ShazammAction[] {
  const seat = seatOf(rawSeat);
  if (!waiting(state, seat)) return [];
  const phase = state.phase;
  switch (phase.type) {
    case "arrange":
      return state.hands[seat].filter(isSpell).map((card) => ({ type: "arrange", card }));
    case "commit": {
      const hand = state.hands[seat];
      const actions: ShazammAction[] = [];
      for (let mask = 0; mask < 1 << hand.length; mask++) {
        const cards = hand.filter((_, i) => (mask >> i) & 1);
        for (let bid = 1; bid <= state.mana[seat]; bid++) actions.push({ type: "commit", bid, cards });
      }
      return actions;
    }
    case "resolve": {
      const table = phase.table;
      return followUpAnswers(table, seat, state.mana[seat], state.lastPlayed[other(seat)]);
    }
    case "over":
      return [];
  }
}

/** How many commits a seat may choose from now (bids × subsets of the hand). */
export function commitCount(state: ShazammState, seat: ShazammSeat): number {
  return state.mana[seat] * 2 ** state.hands[seat].length;
}

export function sampleActions(state: ShazammState, rawSeat: Seat, rng: RngState, max: number): ShazammAction[] {
  const seat = seatOf(rawSeat);
  if (state.phase.type === "commit" && waiting(state, seat) && commitCount(state, seat) > max) {
    return Array.from({ length: max }, () => randomCommit(state, seat, rng));
  }
  const legal = legalActions(state, seat);
  if (legal.length <= max) return legal;
  return Array.from({ length: max }, () => legal[randomInt(rng, 0, legal.length - 1)]!);
}

/** A uniformly random commit: any bid 1..mana, each card of the hand laid or not. */
export function randomCommit(state: ShazammState, seat: ShazammSeat, rng: RngState): ShazammAction & { type: "commit" } {
  const bid = randomInt(rng, 1, state.mana[seat]);
  const cards = state.hands[seat].filter(() => randomInt(rng, 0, 1) === 1);
  return { type: "commit", bid, cards };
}

const malformed = (message: string): Result<never, ActionError> => err({ code: "malformed-action", message });
const illegal = (message: string): Result<never, ActionError> => err({ code: "illegal-action", message });

/**
 * Validates untrusted input directly (the commits are too many to enumerate), for a seat that is
 * deciding now: the engine's `act` has checked the game is not over and whose turn it is.
 */
export function parseAction(state: ShazammState, deciding: Seat, raw: unknown): Result<ShazammAction, ActionError> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return malformed("an action is an object with a type");
  const input = raw as Record<string, unknown>;
  const type = input["type"];
  if (type !== "commit" && type !== "arrange" && type !== "clone" && type !== "larcin" && type !== "recycle") {
    return malformed(`unknown action type ${JSON.stringify(type)} (commit, arrange, clone, larcin, recycle)`);
  }
  const seat = deciding as ShazammSeat;
  const phase = state.phase;
  switch (type) {
    case "commit": {
      if (phase.type !== "commit") return illegal("no bidding now");
      const bid = input["bid"];
      const cards = input["cards"] ?? [];
      if (typeof bid !== "number" || !Number.isInteger(bid)) return malformed("bid: expected an integer");
      if (!Array.isArray(cards) || !cards.every(isCard)) return malformed("cards: expected a list of card numbers 0..14");
      if (bid < 1 || bid > state.mana[seat]) return illegal(`bid: must be 1..${state.mana[seat]} (your mana)`);
      if (new Set(cards).size !== cards.length) return illegal("cards: a card is listed twice");
      const missing = cards.find((card) => !state.hands[seat].includes(card));
      if (missing !== undefined) return illegal(`cards: ${missing} is not in your hand`);
      return ok({ type: "commit", bid, cards: [...cards].sort(byNumber) });
    }
    case "arrange": {
      if (phase.type !== "arrange") return illegal("no pile to arrange now");
      const card = input["card"];
      if (!isSpell(card)) return malformed("card: expected a spell number 1..14");
      if (!state.hands[seat].includes(card)) return illegal(`card: ${card} is already in your pile`);
      return ok({ type: "arrange", card });
    }
    case "clone": {
      if (phase.type !== "resolve" || phase.table.ask?.type !== "clone") return illegal("no Clone to resolve now");
      const card = input["card"] ?? null;
      if (card !== null && !isSpell(card)) return malformed("card: expected a spell number or null");
      if (card !== null && !cloneTargets(state, seat).includes(card)) return illegal(`card: your opponent did not play ${card} last turn (or it is a Clone)`);
      return ok({ type: "clone", card });
    }
    case "larcin": {
      if (phase.type !== "resolve" || phase.table.ask?.type !== "larcin") return illegal("no Larcin to resolve now");
      const card = input["card"];
      const apply = input["apply"];
      if (!isSpell(card) || typeof apply !== "boolean") return malformed("expected { card, apply: true|false }");
      const current = pendingTheft(phase.table)!.card;
      if (card !== current) return illegal(`card: the stolen spell to decide now is ${current}`);
      return ok({ type: "larcin", card, apply });
    }
    case "recycle": {
      if (phase.type !== "resolve" || phase.table.ask?.type !== "recycle") return illegal("no Recyclage to resolve now");
      const delta = input["delta"];
      if (typeof delta !== "number" || !Number.isInteger(delta)) return malformed("delta: expected an integer -5..5");
      if (!recycleDeltas(state.mana[seat], phase.table.bids[seat]).includes(delta)) return illegal("delta: the bid must change by at most 5 and stay within 1..your mana");
      return ok({ type: "recycle", delta });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Applying

/** Plays a legal action, and keeps the public events of the last revealed turn (state.lastTurn). */
export function apply(state: ShazammState, seat: Seat, action: ShazammAction): ShazammEvent[] {
  const events = play(state, seat, action);
  state.lastTurn = turnEvents(state.lastTurn, events.filter((e) => !PRIVATE_EVENTS.has(e.type)));
  return events;
}

/** Events that show a seat something the other may not see, and no part of a reveal. */
const PRIVATE_EVENTS = new Set<ShazammEvent["type"]>(["committed", "arranged", "drew"]);

/** The events of the last reveal: `previous` (kept so far) followed by `incoming`, cut at a new "revealed". */
export function turnEvents(previous: readonly ShazammEvent[], incoming: readonly ShazammEvent[]): ShazammEvent[] {
  const at = incoming.map((e) => e.type).lastIndexOf("revealed");
  if (at >= 0) return incoming.slice(at);
  if (previous.length === 0) return [];
  return [...previous, ...incoming];
}

function play(state: ShazammState, rawSeat: Seat, action: ShazammAction): ShazammEvent[] {
  const seat = seatOf(rawSeat);
  const events: ShazammEvent[] = [];
  const phase = state.phase;
  switch (action.type) {
    case "arrange": {
      if (phase.type !== "arrange") throw new Error("shazamm: arrange outside the arrangement");
      state.hands[seat] = state.hands[seat].filter((card) => card !== action.card);
      state.piles[seat].push(action.card);
      events.push({ type: "arranged", seat, card: action.card });
      if (state.piles.every((pile) => pile.length === SPELLS.length)) {
        state.phase = { type: "commit", sealed: [null, null] };
        for (const s of [0, 1] as const) events.push({ type: "drew", seat: s, count: FIRST_DRAW, cards: draw(state, s, FIRST_DRAW) });
      }
      return events;
    }
    case "commit": {
      if (phase.type !== "commit" || phase.sealed[seat] !== null) throw new Error("shazamm: commit out of turn");
      const commit: Commit = { bid: action.bid, cards: [...action.cards] };
      phase.sealed[seat] = commit;
      events.push({ type: "committed", seat, commit });
      if (phase.sealed[0] && phase.sealed[1]) reveal(state, [phase.sealed[0], phase.sealed[1]], events);
      return events;
    }
    case "clone":
    case "larcin":
    case "recycle": {
      if (phase.type !== "resolve" || phase.table.ask?.type !== action.type || phase.table.ask.seat !== seat) {
        throw new Error(`shazamm: ${action.type} answer out of turn`);
      }
      answer(state, phase.table, seat, action, events);
      resolve(state, phase.table, events);
      return events;
    }
  }
}

function reveal(state: ShazammState, commits: BySeat<Commit>, events: ShazammEvent[]): void {
  events.push({ type: "revealed", commits });
  const played: BySeat<Spell[]> = [commits[0].cards.filter(isSpell), commits[1].cards.filter(isSpell)];
  for (const seat of [0, 1] as const) state.hands[seat] = state.hands[seat].filter((card) => !(played[seat] as Card[]).includes(card));
  const cancelled = state.silenced ? [] : played[0].filter((card) => played[1].includes(card));
  for (const card of cancelled) events.push({ type: "cancelled", card });
  const entries: Entry[] = [];
  for (const seat of [0, 1] as const) {
    for (const card of played[seat]) {
      if (!cancelled.includes(card)) entries.push({ card, owner: seat, from: seat, copy: false, stolen: false, apply: null, status: "pending" });
    }
  }
  entries.sort((a, b) => a.card - b.card);
  const table: Table = {
    commits,
    played,
    cancelled,
    bids: [commits[0].bid, commits[1].bid],
    entries,
    next: 0,
    boost: [0, 0],
    double: [0, 0],
    resist: [false, false],
    miser: [false, false],
    reserve: [0, 0],
    aspire: [0, 0],
    reverse: false,
    blaze: false,
    ended: false,
    ask: null,
  };
  state.phase = { type: "resolve", table };
  resolve(state, table, events);
}

function answer(state: ShazammState, table: Table, seat: ShazammSeat, action: ShazammAction, events: ShazammEvent[]): void {
  switch (action.type) {
    case "clone": {
      events.push({ type: "cloned", seat, card: action.card });
      if (action.card !== null) {
        const copy: Entry = { card: action.card, owner: seat, from: seat, copy: true, stolen: false, apply: null, status: "pending" };
        // After any played card of the same number; a number already passed (Mutisme) acts at once.
        let at = table.next;
        while (at < table.entries.length && table.entries[at]!.card <= action.card) at++;
        table.entries.splice(at, 0, copy);
      }
      table.ask = null;
      return;
    }
    case "larcin": {
      const entry = pendingTheft(table)!;
      entry.apply = action.apply;
      events.push({ type: "stolen", seat, card: entry.card, apply: action.apply });
      table.ask = pendingTheft(table) ? { type: "larcin", seat } : null;
      return;
    }
    case "recycle": {
      table.bids[seat] += action.delta;
      events.push({ type: "recycled", seat, bid: table.bids[seat] });
      table.ask = null;
      return;
    }
    default:
      throw new Error(`shazamm: ${action.type} is not an answer`);
  }
}

/** Resolves the table's spells in order until a choice must be asked or the turn ends. */
function resolve(state: ShazammState, table: Table, events: ShazammEvent[]): void {
  while (table.ask === null && table.next < table.entries.length) {
    const entry = table.entries[table.next]!;
    table.next++;
    if (entry.status !== "pending") continue;
    if (table.ended) {
      entry.status = "void";
      events.push({ type: "voided", seat: entry.owner, card: entry.card });
      continue;
    }
    if (state.silenced) {
      entry.status = "void";
      events.push({ type: "silenced", seat: entry.owner, card: entry.card });
      continue;
    }
    if (entry.stolen && entry.apply === false) {
      entry.status = "destroyed";
      continue;
    }
    entry.status = "applied";
    events.push({ type: "cast", seat: entry.owner, card: entry.card, copy: entry.copy, stolen: entry.stolen });
    cast(state, table, entry.owner, entry.card, events);
  }
  if (table.ask === null) finishTurn(state, table, events);
}

function cast(state: ShazammState, table: Table, seat: ShazammSeat, card: Spell, events: ShazammEvent[]): void {
  switch (card) {
    case 1:
      state.silenced = true;
      return;
    case 2:
      if (cloneTargets(state, seat).length > 0) table.ask = { type: "clone", seat };
      return;
    case 3: {
      const foe = other(seat);
      let stole = false;
      for (let i = table.next; i < table.entries.length; i++) {
        const entry = table.entries[i]!;
        if (entry.status === "pending" && entry.owner === foe) {
          entry.owner = seat;
          entry.stolen = true;
          entry.apply = null;
          stole = true;
        }
      }
      if (stole) table.ask = { type: "larcin", seat };
      return;
    }
    case 4:
      table.ended = true;
      return;
    case 5: {
      const middle = (state.wizards[0] + state.wizards[1]) / 2;
      events.push({ type: "wall", from: state.wall, to: middle, reason: "milieu" });
      state.wall = middle;
      return;
    }
    case 6:
      table.ask = { type: "recycle", seat };
      return;
    case 7:
      table.boost[seat]++;
      return;
    case 8:
      table.double[seat]++;
      return;
    case 9:
      table.reverse = true;
      return;
    case 10:
      table.blaze = true;
      return;
    case 11:
      table.resist[seat] = true;
      return;
    case 12:
      table.miser[seat] = true;
      return;
    case 13:
      table.reserve[seat]++;
      return;
    case 14:
      table.aspire[seat]++;
      return;
  }
}

export function attackOf(table: Table, seat: ShazammSeat): number {
  return (table.bids[seat] + 7 * table.boost[seat]) * 2 ** table.double[seat];
}

/** Moves the wall toward `seat`'s wizard by `steps`, stopping on the wizard's tile. */
function moveToward(state: ShazammState, seat: ShazammSeat, steps: number): number {
  const to = seat === 0 ? Math.max(state.wizards[0], state.wall - steps) : Math.min(state.wizards[1], state.wall + steps);
  return to;
}

function finishTurn(state: ShazammState, table: Table, events: ShazammEvent[]): void {
  if (!table.ended) {
    const attacks: BySeat<number> = [attackOf(table, 0), attackOf(table, 1)];
    events.push({ type: "attacks", attacks });
    let movedToward: ShazammSeat | null = null;
    if (attacks[0] !== attacks[1]) {
      const stronger: ShazammSeat = attacks[0] > attacks[1] ? 0 : 1;
      const target = table.reverse ? stronger : other(stronger);
      const to = moveToward(state, target, table.blaze ? 2 : 1);
      if (table.resist[target]) {
        events.push({ type: "wall", from: state.wall, to: state.wall, reason: "resisted" });
      } else {
        events.push({ type: "wall", from: state.wall, to, reason: "attack" });
        state.wall = to;
        movedToward = target;
      }
    }
    for (const seat of [0, 1] as const) {
      const amount = table.miser[seat] && movedToward === seat ? 0 : table.bids[seat];
      state.mana[seat] -= amount;
      events.push({ type: "paid", seat, amount, mana: state.mana[seat] });
    }
    for (const seat of [0, 1] as const) {
      for (let n = 0; n < table.reserve[seat]; n++) gain(state, seat, 13, 13, events);
      for (let n = 0; n < table.aspire[seat]; n++) gain(state, seat, 14, table.bids[other(seat)], events);
    }
  }
  for (const seat of [0, 1] as const) state.discards[seat].push(...table.played[seat]);
  state.lastPlayed = [[...table.played[0]], [...table.played[1]]];
  state.turn++;
  state.phase = { type: "commit", sealed: [null, null] };
  if (table.ended) return endRound(state, null, "fin-de-manche", events);
  const reached = ([0, 1] as const).find((seat) => state.wall === state.wizards[seat]);
  if (reached !== undefined) return endRound(state, reached, "wall", events);
  checkExhaustion(state, events);
}

function gain(state: ShazammState, seat: ShazammSeat, card: Spell, amount: number, events: ShazammEvent[]): void {
  const before = state.mana[seat];
  state.mana[seat] = Math.min(MAX_MANA, before + amount);
  events.push({ type: "gained", seat, card, amount: state.mana[seat] - before, mana: state.mana[seat] });
}

/** At the start of a turn: a player at 0 mana cannot bid, and the round ends. */
function checkExhaustion(state: ShazammState, events: ShazammEvent[]): void {
  const [m0, m1] = state.mana;
  if (m0 > 0 && m1 > 0) return;
  if (m0 === 0 && m1 === 0) return endRound(state, null, "exhaustion", events);
  const poor: ShazammSeat = m0 === 0 ? 0 : 1;
  const to = moveToward(state, poor, state.mana[other(poor)]);
  events.push({ type: "wall", from: state.wall, to, reason: "exhaustion" });
  state.wall = to;
  endRound(state, to === state.wizards[poor] ? poor : null, "exhaustion", events);
}

export function endRound(state: ShazammState, loser: ShazammSeat | null, reason: RoundEndReason, events: ShazammEvent[]): void {
  events.push({ type: "round-over", round: state.round, loser, reason });
  state.collapsed++;
  state.wizards = [state.wall - WIZARD_DISTANCE, state.wall + WIZARD_DISTANCE];
  const fallen: BySeat<boolean> = [state.wizards[0] < state.collapsed, state.wizards[1] > BRIDGE_TILES - 1 - state.collapsed];
  if (fallen[0] || fallen[1]) {
    const winner: ShazammSeat | null = fallen[0] && fallen[1] ? null : fallen[0] ? 1 : 0;
    state.phase = { type: "over", winner };
    events.push({ type: "game-over", winner });
    return;
  }
  state.round++;
  state.mana = [MAX_MANA, MAX_MANA];
  state.silenced = false;
  events.push({ type: "new-round", round: state.round, wall: state.wall, wizards: [...state.wizards], collapsed: state.collapsed });
  for (const seat of [0, 1] as const) {
    const cards = draw(state, seat, ROUND_DRAW);
    if (cards.length > 0) events.push({ type: "drew", seat, count: cards.length, cards });
  }
}

export function phaseOf(state: ShazammState): Phase["type"] {
  return state.phase.type;
}
