// The rules of Abraca…What?: the deal, casting, effects, life, turn and round end, scoring.
// Follows the rulebook (../../shared seeds) with the rulings of abracadawhat-notes.md.
// `apply` mutates the state; it allocates only the events it returns.
import { rollDie, shuffle, type ActionError, type Decision, type Outcome, type Result, err, ok } from "@grimoire/engine";
import { DIE_SIDES, HAND_SIZE, MAX_LIFE, POINTS_TO_WIN, SECRET_STONES, SPELL_EFFECTS, allStones, isSpell, revealedCount, type Spell } from "./data.ts";
import { prompt } from "./describe.ts";
import type { Event } from "./events.ts";
import { countOf, emptyCounts, type Action, type Options, type RoundEnd, type State } from "./state.ts";

/** The nine actions as shared constants (plain data, never mutated). */
export const CAST: readonly Action[] = [1, 2, 3, 4, 5, 6, 7, 8].map((spell) => Object.freeze({ type: "cast", spell }) as Action);
export const END: Action = Object.freeze({ type: "end" }) as Action;

/**
 * Deals a round from `deck` (36 stones in deal order): 5 to each seat in seat order, then the
 * stones revealed on the board (2–3 players), then the 4 secret stones, the rest is the pile
 * (deck order = top first).
 */
export function dealRound(state: State, deck: readonly Spell[], first: number): Event {
  const n = state.seats;
  let at = 0;
  state.hands = [];
  for (let seat = 0; seat < n; seat++) {
    const hand = emptyCounts();
    for (let i = 0; i < HAND_SIZE; i++) hand[deck[at++]!]!++;
    state.hands.push(hand);
  }
  state.revealed = emptyCounts();
  for (let i = revealedCount(n); i > 0; i--) state.revealed[deck[at++]!]!++;
  state.secret = deck.slice(at, at + SECRET_STONES).reverse();
  at += SECRET_STONES;
  state.pile = deck.slice(at).reverse();
  state.taken = Array.from({ length: n }, () => []);
  state.board = emptyCounts();
  state.handLog = Array.from({ length: n }, () => []);
  state.life = new Array<number>(n).fill(MAX_LIFE);
  state.round++;
  state.phase = { type: "casting", seat: first, lastCast: 0 };
  return {
    type: "round-start",
    round: state.round,
    first,
    hands: state.hands.map((h) => h.slice()),
    revealed: state.revealed.slice(),
  };
}

export function newState(seats: number, options: Options, rng: State["rng"]): State {
  return {
    rng,
    seats,
    options,
    round: 0,
    phase: { type: "casting", seat: 0, lastCast: 0 },
    hands: [],
    pile: [],
    secret: [],
    taken: [],
    board: emptyCounts(),
    handLog: [],
    revealed: emptyCounts(),
    life: [],
    scores: new Array<number>(seats).fill(0),
    lastRoundPoints: new Array<number>(seats).fill(0),
  };
}

export function startRound(state: State, first: number): Event {
  return dealRound(state, shuffle(state.rng, allStones()), first);
}

export function decision(state: State): Decision {
  const phase = state.phase;
  switch (phase.type) {
    case "casting":
      return { type: "turn", seat: phase.seat, prompt: prompt(phase.lastCast, state.options.easy) };
    case "over":
      return { type: "over" };
  }
}

export function legalActions(state: State, seat: number): Action[] {
  const phase = state.phase;
  if (phase.type !== "casting" || phase.seat !== seat) return [];
  // A lower call stays a legal (penalised) action: the rulebook's worked example makes one.
  const actions = CAST.slice();
  if (phase.lastCast > 0) actions.push(END);
  return actions;
}

/** Untrusted input to an action of the seat casting now (the engine's `act` has checked whose turn it is). */
export function parseAction(state: State, _seat: number, raw: unknown): Result<Action, ActionError> {
  if (state.phase.type !== "casting") throw new Error("parseAction: nobody is casting (act checks whose turn it is)");
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return err({ code: "malformed-action", message: 'expected {"type":"cast","spell":1..8} or {"type":"end"}' });
  }
  const record = raw as Record<string, unknown>;
  const keys = Object.keys(record);
  if (record.type === "cast" && keys.length === 2 && "spell" in record) {
    if (!isSpell(record.spell)) return err({ code: "malformed-action", message: "spell must be an integer from 1 to 8" });
    return ok(CAST[record.spell - 1]!);
  }
  if (record.type === "end" && keys.length === 1) {
    if (state.phase.lastCast === 0) return err({ code: "illegal-action", message: "cast at least one spell before ending your turn" });
    return ok(END);
  }
  return err({ code: "malformed-action", message: 'expected {"type":"cast","spell":1..8} or {"type":"end"}' });
}

/** The next seat to the left (turn order) still in the round. */
export function leftOf(state: State, seat: number): number {
  const n = state.seats;
  for (let i = 1; i < n; i++) {
    const s = (seat + i) % n;
    if (state.life[s]! > 0) return s;
  }
  return seat;
}

/** The next seat to the right still in the round. */
export function rightOf(state: State, seat: number): number {
  const n = state.seats;
  for (let i = 1; i < n; i++) {
    const s = (seat - i + n) % n;
    if (state.life[s]! > 0) return s;
  }
  return seat;
}

function changeLife(state: State, seat: number, change: number, events: Event[]): void {
  const before = state.life[seat]!;
  const after = Math.max(0, Math.min(MAX_LIFE, before + change));
  state.life[seat] = after;
  events.push({ type: "life", seat, change: after - before, life: after });
}

function roll(state: State, seat: number, events: Event[]): number {
  const value = rollDie(state.rng, DIE_SIDES[state.options.die]);
  events.push({ type: "roll", seat, value });
  return value;
}

function resolveEffect(state: State, seat: number, spell: Spell, events: Event[]): void {
  const n = state.seats;
  const data = SPELL_EFFECTS[spell];
  switch (data.effect) {
    case "die-damage-others": {
      const value = roll(state, seat, events);
      for (let i = 1; i < n; i++) {
        const s = (seat + i) % n;
        if (state.life[s]! > 0) changeLife(state, s, -value, events);
      }
      return;
    }
    case "damage-others-heal-self":
      for (let i = 1; i < n; i++) {
        const s = (seat + i) % n;
        if (state.life[s]! > 0) changeLife(state, s, -data.amount, events);
      }
      changeLife(state, seat, data.amount, events);
      return;
    case "die-heal-self":
      changeLife(state, seat, roll(state, seat, events), events);
      return;
    case "take-secret": {
      const stone = state.secret.pop();
      if (stone === undefined) {
        events.push({ type: "secret", seat, spell: null, none: true });
      } else {
        state.taken[seat]!.push(stone);
        events.push({ type: "secret", seat, spell: stone, none: false });
      }
      return;
    }
    case "damage-neighbours": {
      const left = leftOf(state, seat);
      const right = rightOf(state, seat);
      if (left !== seat) changeLife(state, left, -data.amount, events);
      // With two players left, the one opponent loses 1 in total.
      if (right !== seat && right !== left) changeLife(state, right, -data.amount, events);
      return;
    }
    case "damage-left": {
      const left = leftOf(state, seat);
      if (left !== seat) changeLife(state, left, -data.amount, events);
      return;
    }
    case "damage-right": {
      const right = rightOf(state, seat);
      if (right !== seat) changeLife(state, right, -data.amount, events);
      return;
    }
    case "heal-self":
      changeLife(state, seat, data.amount, events);
      return;
  }
}

function aliveCount(state: State): number {
  let alive = 0;
  for (let s = 0; s < state.seats; s++) if (state.life[s]! > 0) alive++;
  return alive;
}

function lastAlive(state: State): number {
  for (let s = 0; s < state.seats; s++) if (state.life[s]! > 0) return s;
  throw new Error("abracadawhat: nobody left alive");
}

/** Refills the caster to 5 from the pile while it lasts, then passes the turn to the left. */
function endTurn(state: State, seat: number, events: Event[]): void {
  const hand = state.hands[seat]!;
  if (state.life[seat]! > 0) {
    const missing = HAND_SIZE - countOf(hand);
    const drawn: Spell[] = [];
    for (let i = 0; i < missing && state.pile.length > 0; i++) {
      const stone = state.pile.pop()!;
      hand[stone]!++;
      drawn.push(stone);
    }
    if (drawn.length > 0) state.handLog[seat]!.push({ type: "drew", count: drawn.length });
    if (drawn.length > 0) events.push({ type: "refill", seat, count: drawn.length, stones: drawn });
  }
  const next = leftOf(state, seat);
  state.phase = { type: "casting", seat: next, lastCast: 0 };
  events.push({ type: "turn-end", seat, next });
}

/** The game's winners among seats at 8+: most points in the last round, then most life; else shared. */
export function gameWinners(state: State): number[] {
  let best: number[] = [];
  for (let s = 0; s < state.seats; s++) {
    if (state.scores[s]! < POINTS_TO_WIN) continue;
    const first = best[0];
    if (first === undefined) {
      best = [s];
      continue;
    }
    const diff = state.lastRoundPoints[s]! - state.lastRoundPoints[first]! || state.life[s]! - state.life[first]!;
    if (diff > 0) best = [s];
    else if (diff === 0) best.push(s);
  }
  return best;
}

/**
 * Scores a finished round. `seat` is the caster whose action ended it; `winner` the round's
 * winner (null when the caster knocked themself out).
 */
function endRound(state: State, end: RoundEnd, seat: number, winner: number | null, events: Event[]): void {
  const n = state.seats;
  const first = nextFirst(state, seat);
  const points = new Array<number>(n).fill(0);
  if (end === "emptied") {
    // Everyone else counts as knocked out.
    for (let s = 0; s < n; s++) if (s !== seat) state.life[s] = 0;
  }
  if (state.options.lastStanding) {
    if (winner !== null) points[winner] = 2 + state.taken[winner]!.length;
  } else {
    for (let s = 0; s < n; s++) {
      if (state.life[s]! <= 0) continue;
      points[s] = (s === winner ? 3 : 1) + state.taken[s]!.length;
    }
  }
  for (let s = 0; s < n; s++) state.scores[s]! += points[s]!;
  state.lastRoundPoints = points;
  // The round is over: the stones still in front of each player are turned over, as at the table
  // (each player sees their own at last); spectators see them only with `spectatorsSeeHands` (events.ts).
  const hands = state.hands.map((h) => h.slice());
  events.push({ type: "round-end", round: state.round, end, seat, winner, points: points.slice(), scores: state.scores.slice(), life: state.life.slice(), hands, spectatorsSeeHands: state.options.spectatorsSeeHands });
  if (state.scores.some((score) => score >= POINTS_TO_WIN)) {
    const winners = gameWinners(state);
    state.phase = { type: "over", winners };
    events.push({ type: "game-over", winners: winners.slice(), scores: state.scores.slice() });
    return;
  }
  events.push(startRound(state, first));
}

/**
 * Who starts the next round: whoever would have played next had the round gone on. In the base game
 * nobody is out before the round's last action, so that is the seat after the caster. With last
 * standing, seats knocked out (earlier or by that action) would not have played: it is the nearest
 * seat to the caster's left still in, so the caster if they are the one left. Read before an emptied
 * hand counts the others as knocked out.
 */
function nextFirst(state: State, seat: number): number {
  return state.options.lastStanding ? leftOf(state, seat) : (seat + 1) % state.seats;
}

/** After the caster lost life by their own call: round over, or the turn passes. */
function afterOwnLoss(state: State, seat: number, events: Event[]): void {
  if (state.life[seat]! > 0) return endTurn(state, seat, events);
  if (!state.options.lastStanding) return endRound(state, "self-knockout", seat, null, events);
  if (aliveCount(state) === 1) return endRound(state, "last-standing", seat, lastAlive(state), events);
  endTurn(state, seat, events);
}

export function apply(state: State, seat: number, action: Action): Event[] {
  const phase = state.phase;
  if (phase.type !== "casting" || phase.seat !== seat) throw new Error(`abracadawhat: seat ${seat} cannot act now`);
  const events: Event[] = [];
  if (action.type === "end") {
    if (phase.lastCast === 0) throw new Error("abracadawhat: a turn has at least one cast");
    endTurn(state, seat, events);
    return events;
  }
  const spell = action.spell;
  if (!state.options.easy && spell < phase.lastCast) {
    // Called out: 1 life lost, turn over, and nobody learns whether the stone was there.
    events.push({ type: "cast", seat, spell, outcome: "illegal" });
    changeLife(state, seat, -1, events);
    afterOwnLoss(state, seat, events);
    return events;
  }
  const hand = state.hands[seat]!;
  if (hand[spell] === 0) {
    events.push({ type: "cast", seat, spell, outcome: "failure" });
    state.handLog[seat]!.push({ type: "missing", spell });
    const loss = spell === 1 ? roll(state, seat, events) : 1;
    changeLife(state, seat, -loss, events);
    afterOwnLoss(state, seat, events);
    return events;
  }
  // Success: the stone goes to the board, then the effect.
  hand[spell]!--;
  state.board[spell]!++;
  state.handLog[seat]!.push({ type: "held", spell });
  events.push({ type: "cast", seat, spell, outcome: "success" });
  const aliveBefore = aliveCount(state);
  resolveEffect(state, seat, spell, events);
  if (countOf(hand) === 0) {
    endRound(state, "emptied", seat, seat, events);
  } else if (aliveCount(state) < aliveBefore) {
    if (!state.options.lastStanding) endRound(state, "knockout", seat, seat, events);
    else if (aliveCount(state) === 1) endRound(state, "last-standing", seat, seat, events);
    else phase.lastCast = spell;
  } else {
    phase.lastCast = spell;
  }
  return events;
}

export function outcome(state: State): Outcome | null {
  if (state.phase.type !== "over") return null;
  return { winners: state.phase.winners.slice(), scores: state.scores.slice(), draw: false };
}

/** No game lasts longer: every round gives someone a point, and a round is bounded by stones and life. */
export function maxActions(seats: number): number {
  const rounds = (POINTS_TO_WIN - 1) * seats + 1;
  // Per round: ≤ 36 successes, ≤ 36 turn ends, failures ≤ starting life + every heal (≤ 6 per success).
  const perRound = 36 + 36 + seats * MAX_LIFE + 36 * MAX_LIFE;
  return rounds * perRound;
}
