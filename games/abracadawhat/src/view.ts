// What each viewer may know, and full states drawn consistently with it.
// A seat sees every other seat's stones, never its own; only the holder of a secret stone sees
// it; spectators see public facts only (the stones of a finished round through its `round-end`
// event, when the table allows it).
import { forkRng, shuffle, type RngState, type Viewer } from "@grimoire/engine";
import { allStones, type Spell } from "./data.ts";
import { dealtSize, handPosterior, logIsUninformative, sampleHand } from "./posterior.ts";
import { cloneState, countOf, emptyCounts, type Counts, type HandStep, type Options, type Phase, type State } from "./state.ts";

export interface View {
  viewer: Viewer;
  seats: number;
  options: Options;
  round: number;
  phase: Phase;
  /** Stones in front of each seat, per spell; null where the viewer may not see them (its own). */
  hands: (Counts | null)[];
  handSizes: number[];
  pileSize: number;
  /** Secret stones still in the middle. */
  secretCount: number;
  /** Secret stones each seat took; null where the viewer may not see them (everyone else's). */
  taken: (Spell[] | null)[];
  takenCounts: number[];
  board: Counts;
  /** Per seat, the public facts about its own stones this round (casts held or missing, draws). */
  handLog: HandStep[][];
  revealed: Counts;
  life: number[];
  scores: number[];
  lastRoundPoints: number[];
}

/**
 * What `viewer` may see. With `copy` false the view shares the state's arrays instead of copying
 * them: only for search (rollouts and the weighing of deals), whose bots read the view at once and
 * never write it.
 */
export function makeView(state: State, viewer: Viewer, copy = true): View {
  // Spectators never see stones during a round (a seat could watch its own table); with
  // `spectatorsSeeHands` they get them in the `round-end` event, once the round is over.
  // (No local arrow for it: tsx's keepNames renames a local function on every call, 0.8 % of the
  // server's main thread on a paced act; docs/server.md, figures of 2026-11-29.)
  const own = copy ? copied : shared;
  return {
    viewer,
    seats: state.seats,
    options: copy ? { ...state.options } : state.options,
    round: state.round,
    phase: !copy ? state.phase : state.phase.type === "casting" ? { ...state.phase } : { type: "over", winners: state.phase.winners.slice() },
    hands: state.hands.map((h, seat) => (viewer !== "spectator" && viewer !== seat ? own(h) : null)),
    handSizes: state.hands.map(countOf),
    pileSize: state.pile.length,
    secretCount: state.secret.length,
    taken: state.taken.map((t, seat) => (seat === viewer ? own(t) : null)),
    takenCounts: state.taken.map((t) => t.length),
    board: own(state.board),
    handLog: copy ? state.handLog.map((log) => log.map((step) => ({ ...step }))) : state.handLog,
    revealed: own(state.revealed),
    life: own(state.life),
    scores: own(state.scores),
    lastRoundPoints: own(state.lastRoundPoints),
  };
}

function copied<T>(items: readonly T[]): T[] {
  return items.slice();
}

/** The state's own array, for a view that shares them (search). */
function shared<T>(items: T[]): T[] {
  return items;
}

/** Per spell, the stones `seat` cannot see: its own hand, the pile, the secret stones it does not hold. */
export function unseenCounts(view: View, seat: number): Counts {
  const unseen = emptyCounts();
  for (let k = 1; k <= 8; k++) unseen[k] = k - view.board[k]! - view.revealed[k]!;
  view.hands.forEach((hand, s) => {
    if (s === seat) return;
    if (hand === null) throw new Error(`abracadawhat: seat ${seat} cannot see seat ${s}'s stones`);
    for (let k = 1; k <= 8; k++) unseen[k]! -= hand[k]!;
  });
  for (const stone of view.taken[seat] ?? []) unseen[stone]!--;
  for (let k = 1; k <= 8; k++) if (unseen[k]! < 0) throw new Error(`abracadawhat: view counts more than ${k} stones of spell ${k}`);
  return unseen;
}

/**
 * Gives `seat` the hand `hand` and deals `rest` (already shuffled: the other stones it cannot see)
 * to the pile, the secret stones and the other seats' taken stones.
 */
function redeal(state: State, seat: number, hand: Counts, rest: Spell[], takenCounts: readonly number[]): void {
  let at = 0;
  state.hands[seat] = hand;
  state.pile = rest.slice(at, at + state.pile.length);
  at += state.pile.length;
  state.secret = rest.slice(at, at + state.secret.length);
  at += state.secret.length;
  for (let s = 0; s < state.seats; s++) {
    if (s === seat) continue;
    state.taken[s] = rest.slice(at, at + takenCounts[s]!);
    at += takenCounts[s]!;
  }
  if (at !== rest.length) throw new Error(`abracadawhat: ${rest.length - at} stones left over when redealing`);
}

/**
 * Draws the seat's hand and the order of its other unseen stones, consistently with its public hand
 * log: exactly from the posterior of posterior.ts (a plain shuffle when the log tells nothing).
 */
function drawHidden(unseen: Counts, log: readonly HandStep[], handSize: number, rng: RngState): { hand: Counts; rest: Spell[] } {
  const pool: Spell[] = [];
  for (let k = 1; k <= 8; k++) for (let i = 0; i < unseen[k]!; i++) pool.push(k as Spell);
  shuffle(rng, pool);
  if (logIsUninformative(log)) {
    const hand = emptyCounts();
    for (let i = 0; i < handSize; i++) hand[pool[i]!]!++;
    return { hand, rest: pool.slice(handSize) };
  }
  const hand = sampleHand(handPosterior(unseen, log, handSize), rng);
  const left = emptyCounts();
  for (let k = 1; k <= 8; k++) left[k] = hand[k]!;
  // The pool is shuffled: dropping the hand's stones leaves a uniform order of the rest.
  const rest = pool.filter((stone) => (left[stone]! > 0 ? (left[stone]!--, false) : true));
  return { hand, rest };
}

/** A full state consistent with `view` of `seat`: its unseen stones dealt from their exact posterior. */
export function resample(view: View, seat: number, rng: RngState): State {
  const unseen = unseenCounts(view, seat);
  const state: State = {
    rng: forkRng(rng),
    seats: view.seats,
    options: { ...view.options },
    round: view.round,
    phase: view.phase.type === "casting" ? { ...view.phase } : { type: "over", winners: view.phase.winners.slice() },
    hands: view.hands.map((h) => (h === null ? emptyCounts() : h.slice())),
    pile: new Array<Spell>(view.pileSize),
    secret: new Array<Spell>(view.secretCount),
    taken: view.taken.map((t) => (t === null ? [] : t.slice())),
    board: view.board.slice(),
    handLog: view.handLog.map((log) => log.map((step) => ({ ...step }))),
    revealed: view.revealed.slice(),
    life: view.life.slice(),
    scores: view.scores.slice(),
    lastRoundPoints: view.lastRoundPoints.slice(),
  };
  const { hand, rest } = drawHidden(unseen, view.handLog[seat] ?? [], view.handSizes[seat]!, rng);
  redeal(state, seat, hand, rest, view.takenCounts);
  return state;
}

/** The same game with everything `seat` may not know redrawn (from the full state, not the view). */
export function shuffleHidden(original: State, seat: number, rng: RngState): State {
  const state = cloneState(original);
  const unseen = emptyCounts();
  const hand = state.hands[seat]!;
  for (let k = 1; k <= 8; k++) unseen[k] = hand[k]!;
  for (const stone of state.pile) unseen[stone]!++;
  for (const stone of state.secret) unseen[stone]!++;
  state.taken.forEach((t, s) => {
    if (s !== seat) for (const stone of t) unseen[stone]!++;
  });
  const takenCounts = state.taken.map((t) => t.length);
  const drawn = drawHidden(unseen, state.handLog[seat] ?? [], countOf(hand), rng);
  redeal(state, seat, drawn.hand, drawn.rest, takenCounts);
  state.rng = forkRng(rng);
  return state;
}

/** Every stone in exactly one place (hands, pile, secret, taken, board, revealed); life within 0..6. */
export function checkConservation(state: State): void {
  const seen = emptyCounts();
  for (const hand of state.hands) for (let k = 1; k <= 8; k++) seen[k]! += hand[k]!;
  for (const stone of [...state.pile, ...state.secret, ...state.taken.flat()]) seen[stone]!++;
  for (let k = 1; k <= 8; k++) seen[k]! += state.board[k]! + state.revealed[k]!;
  const expected = allStones().length;
  for (let k = 1; k <= 8; k++) {
    if (seen[k] !== k) throw new Error(`spell ${k}: ${seen[k]} stones instead of ${k}`);
  }
  if (seen[0] !== 0 || seen.reduce((a, b) => a + b, 0) !== expected) throw new Error("stone count is not 36");
  for (const hand of state.hands) for (let k = 0; k <= 8; k++) if (hand[k]! < 0) throw new Error("negative stone count");
  for (const life of state.life) if (!(life >= 0 && life <= 6)) throw new Error(`life ${life} out of 0..6`);
  if (state.hands.length !== state.seats || state.life.length !== state.seats) throw new Error("per-seat arrays of the wrong length");
  // Each seat's public hand log agrees with its stones: it starts from at most 5 stones, never
  // holds fewer than none or more than 5, and no stone of a spell it failed to cast since it last drew.
  state.handLog.forEach((log, seat) => {
    // What the seat was dealt: 5 in play, possibly fewer in an arranged position (dealtSize).
    let size = dealtSize(log, countOf(state.hands[seat]!));
    if (size < 0 || size > 5) throw new Error(`seat ${seat}: the hand log starts from ${size} stones`);
    const missing = new Set<number>();
    for (const step of log) {
      if (step.type === "held") size--;
      else if (step.type === "drew") {
        size += step.count;
        missing.clear();
      } else missing.add(step.spell);
      if (size < 0 || size > 5) throw new Error(`seat ${seat}: the hand log goes through ${size} stones`);
    }
    const hand = state.hands[seat]!;
    for (const k of missing) if (hand[k]! > 0) throw new Error(`seat ${seat} holds a ${k} although its log says it failed to cast ${k} since it last drew`);
  });
}
