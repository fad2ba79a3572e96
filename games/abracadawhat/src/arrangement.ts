// Scenarios: any position of a game as an explicit, untrusted arrangement (see README,
// "Arrangement"), and back. Either `deck` (a fresh round: all 36 stones in deal order) or `hands`
// with the optional `revealed`, `board`, `taken`, `secret` and `pile`; stones not placed are dealt
// at random from the seed. A round in progress adds `turn`/`lastCast`, `life`, `handLog`; the game
// `round`, `scores`, `lastRoundPoints`; `rng` fixes every later draw. Errors name the field.
// fromArrangement checks what the rules make impossible (a stone in two places, a knocked-out seat
// in a round that goes on, a short hand while the pile lasts, ...), not that the position is reachable.
import { createRng, err, ok, parseWith, rngFromWords, rngWords, rngWordsSchema, shuffle, type GameSetup, type Result } from "@grimoire/engine";
import { z } from "zod";
import { HAND_SIZE, MAX_LIFE, POINTS_TO_WIN, SECRET_STONES, SPELLS, TOTAL_STONES, revealedCount, type Spell } from "./data.ts";
import { handPosterior, logIsUninformative } from "./posterior.ts";
import { dealRound, gameWinners, newState } from "./rules.ts";
import { countOf, countsOf, stonesOf, type Counts, type HandStep, type Options, type State } from "./state.ts";
import { makeView, unseenCounts } from "./view.ts";

const stone = z.number().int().min(1, "spells are numbered 1 to 8").max(8, "spells are numbered 1 to 8");
const stones = z.array(stone);
const perSeat = <T extends z.ZodType>(item: T) => z.array(item);
const handStep = z.discriminatedUnion("type", [
  z.object({ type: z.literal("held"), spell: stone }).strict(),
  z.object({ type: z.literal("missing"), spell: stone }).strict(),
  z.object({ type: z.literal("drew"), count: z.number().int().min(1).max(HAND_SIZE) }).strict(),
]);

export const arrangementSchema = z
  .object({
    deck: stones.optional(),
    hands: perSeat(stones).optional(),
    revealed: stones.optional(),
    /** Stones cast this round (on the board). */
    board: stones.optional(),
    /** Per seat, the secret stones it took this round, in the order taken. */
    taken: perSeat(stones).optional(),
    /** Secret stones still in the middle; the first listed is the next one taken. */
    secret: stones.optional(),
    /** The pile, top first. */
    pile: stones.optional(),
    life: perSeat(z.number().int().min(0).max(MAX_LIFE)).optional(),
    scores: perSeat(z.number().int().min(0)).optional(),
    lastRoundPoints: perSeat(z.number().int().min(0).max(3 + SECRET_STONES)).optional(),
    round: z.number().int().min(1).optional(),
    /** The seat casting now; `first` is its older name (the seat starting a fresh round). */
    turn: z.number().int().min(0).optional(),
    first: z.number().int().min(0).optional(),
    /** The casting seat's previous successful cast this turn (0: none yet). */
    lastCast: z.number().int().min(0).max(8).optional(),
    handLog: perSeat(z.array(handStep)).optional(),
    rng: rngWordsSchema.optional(),
  })
  .strict();
export type Arrangement = z.infer<typeof arrangementSchema>;

/** The state as an arrangement: fromArrangement gives it back, whatever the seed. */
export function toArrangement(state: State): Arrangement {
  return {
    round: state.round,
    scores: state.scores.slice(),
    lastRoundPoints: state.lastRoundPoints.slice(),
    life: state.life.slice(),
    hands: state.hands.map(stonesOf),
    revealed: stonesOf(state.revealed),
    board: stonesOf(state.board),
    taken: state.taken.map((t) => t.slice()),
    secret: state.secret.slice().reverse(),
    pile: state.pile.slice().reverse(),
    handLog: state.handLog.map((log) => log.map((step) => ({ ...step }))),
    ...(state.phase.type === "casting" ? { turn: state.phase.seat, lastCast: state.phase.lastCast } : {}),
    rng: rngWords(state.rng),
  };
}

export function fromArrangement(setup: GameSetup<Options>, raw: unknown): Result<State, string> {
  const parsed = parseWith(arrangementSchema, raw);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  const n = setup.seats;
  for (const field of ["life", "scores", "lastRoundPoints", "taken", "handLog"] as const) {
    const list = a[field];
    if (list !== undefined && list.length !== n) return err(`${field}: expected ${n} values, got ${list.length}`);
  }
  if (a.turn !== undefined && a.first !== undefined) return err("turn: give turn or first (its older name), not both");
  const turnField = a.first !== undefined ? "first" : "turn";
  const turn = a.turn ?? a.first ?? 0;
  if (turn >= n) return err(`${turnField}: seat ${turn} does not exist (seats 0 to ${n - 1})`);

  const rng = createRng(setup.seed);
  const state = newState(n, setup.options, rng);
  const placed = a.deck !== undefined ? fromDeck(state, a, turn) : fromParts(state, a, turn);
  if (typeof placed === "string") return err(placed);

  if (a.life) state.life = a.life.slice();
  if (a.scores) state.scores = a.scores.slice();
  if (a.lastRoundPoints) state.lastRoundPoints = a.lastRoundPoints.slice();
  if (a.round !== undefined) state.round = a.round;
  if (a.rng) state.rng = rngFromWords(a.rng);
  const problem = checkPosition(state, a, turnField);
  return problem === null ? ok(state) : err(problem);
}

/** A fresh round dealt from all 36 stones in order: hands, revealed, secret stones, pile. */
function fromDeck(state: State, a: Arrangement, turn: number): string | null {
  for (const field of ["hands", "revealed", "secret", "pile"] as const) {
    if (a[field] !== undefined) return `${field}: give either deck or hands/revealed/secret/pile, not both`;
  }
  for (const field of ["board", "taken", "handLog", "lastCast"] as const) {
    if (a[field] !== undefined) return `${field}: a deck is a fresh round; write a round in progress with hands`;
  }
  const deck = a.deck!;
  if (deck.length !== TOTAL_STONES) return `deck: expected all ${TOTAL_STONES} stones, got ${deck.length}`;
  const problem = new Stones().use(deck, "deck");
  if (problem) return problem;
  dealRound(state, deck as Spell[], turn);
  return null;
}

/** Counts the stones placed, so none is used more often than it exists. */
class Stones {
  private readonly left = new Map<number, number>(SPELLS.map((k) => [k, k]));
  use(list: readonly number[], field: string): string | null {
    for (const [i, k] of list.entries()) {
      const remaining = this.left.get(k)!;
      if (remaining === 0) return `${field}.${i}: no stone of spell ${k} left (there are only ${k})`;
      this.left.set(k, remaining - 1);
    }
    return null;
  }
  /** The stones not placed, in spell order. */
  rest(): Spell[] {
    const rest: Spell[] = [];
    for (const k of SPELLS) for (let i = 0; i < this.left.get(k)!; i++) rest.push(k);
    return rest;
  }
}

/** A round from its parts; the parts left out are dealt at random (from the seed) from what is left. */
function fromParts(state: State, a: Arrangement, turn: number): string | null {
  const n = state.seats;
  if (a.hands === undefined) return "hands: required unless deck is given";
  if (a.hands.length !== n) return `hands: expected ${n} hands (one per seat), got ${a.hands.length}`;
  const placed = new Stones();
  for (const [s, hand] of a.hands.entries()) {
    if (hand.length > HAND_SIZE) return `hands.${s}: at most ${HAND_SIZE} stones, got ${hand.length}`;
    const problem = placed.use(hand, `hands.${s}`);
    if (problem) return problem;
  }
  const wantRevealed = revealedCount(n);
  if (a.revealed !== undefined && a.revealed.length !== wantRevealed) return `revealed: ${n} players reveal ${wantRevealed} stones, got ${a.revealed.length}`;
  const taken = a.taken ?? Array.from({ length: n }, () => []);
  const takenCount = taken.reduce((sum, t) => sum + t.length, 0);
  if (takenCount > SECRET_STONES) return `taken: ${SECRET_STONES} secret stones in all, got ${takenCount}`;
  const wantSecret = SECRET_STONES - takenCount;
  if (a.secret !== undefined && a.secret.length !== wantSecret) {
    return `secret: expected ${wantSecret} stones${takenCount > 0 ? ` (${takenCount} taken)` : ""}, got ${a.secret.length}`;
  }
  for (const field of ["revealed", "board", "secret", "pile"] as const) {
    const problem = a[field] === undefined ? null : placed.use(a[field], field);
    if (problem) return problem;
  }
  for (const [s, t] of taken.entries()) {
    const problem = placed.use(t, `taken.${s}`);
    if (problem) return problem;
  }
  const rest = shuffle(state.rng, placed.rest());
  const handStones = a.hands.reduce((sum, hand) => sum + hand.length, 0);
  const pileSize = TOTAL_STONES - handStones - wantRevealed - (a.board?.length ?? 0) - SECRET_STONES;
  if (a.pile !== undefined && a.pile.length !== pileSize) return `pile: expected the ${pileSize} remaining stones, got ${a.pile.length}`;
  const take = (count: number) => rest.splice(0, count);
  const revealed = a.revealed ?? take(wantRevealed);
  const secret = a.secret ?? take(wantSecret);
  const pile = a.pile ?? take(pileSize);
  state.hands = a.hands.map(countsOf);
  state.revealed = countsOf(revealed);
  state.board = countsOf(a.board ?? []);
  state.taken = taken.map((t) => t.slice() as Spell[]);
  state.secret = (secret as Spell[]).slice().reverse();
  state.pile = (pile as Spell[]).slice().reverse();
  state.handLog = a.handLog ? a.handLog.map((log) => log.map((step) => ({ ...step }) as HandStep)) : Array.from({ length: n }, () => []);
  state.life = new Array<number>(n).fill(MAX_LIFE);
  state.round = 1;
  state.phase = { type: "casting", seat: turn, lastCast: a.lastCast ?? 0 };
  return null;
}

/** What the rules make impossible in the position built; null when it can be played on. */
function checkPosition(state: State, a: Arrangement, turnField: string): string | null {
  const n = state.seats;
  if (state.scores.some((score) => score >= POINTS_TO_WIN)) {
    // A score of 8 ends the game after its round: the position is the end of the game.
    if (a.turn !== undefined || a.first !== undefined || a.lastCast !== undefined) {
      return `${a.lastCast !== undefined ? "lastCast" : turnField}: the game is over (a score of ${POINTS_TO_WIN} or more), nobody casts`;
    }
    state.phase = { type: "over", winners: [] };
    state.phase.winners = gameWinners(state);
    return checkHandLog(state);
  }
  if (state.phase.type !== "casting") throw new Error("abracadawhat: an arranged round is being cast");
  const { seat, lastCast } = state.phase;
  const alive = state.life.filter((life) => life > 0).length;
  if (!state.options.lastStanding) {
    const out = state.life.indexOf(0);
    if (out >= 0) return `life.${out}: a knocked-out seat ends the round (it goes on only with lastStanding)`;
  } else if (alive < 2) {
    return "life: the round is over when one player is left standing";
  }
  if (state.life[seat] === 0) return `${turnField}: seat ${seat} is knocked out (life 0)`;
  const sizes = state.hands.map(countOf);
  const empty = sizes.indexOf(0);
  if (empty >= 0) return `hands.${empty}: an empty hand ends the round`;
  if (lastCast > 0) {
    if (state.board[lastCast] === 0) return `lastCast: no stone of spell ${lastCast} on the board`;
    if (sizes[seat]! >= HAND_SIZE) return `hands.${seat}: the seat casting has cast this turn, so it holds at most ${HAND_SIZE - 1} stones`;
  }
  for (let s = 0; s < n; s++) {
    const midTurn = s === seat && lastCast > 0;
    if (sizes[s]! < HAND_SIZE && state.pile.length > 0 && state.life[s]! > 0 && !midTurn) {
      return `hands.${s}: ${sizes[s]} stones, but a seat draws back up to ${HAND_SIZE} at the end of its turn while the pile lasts (${state.pile.length} left)`;
    }
  }
  return checkHandLog(state);
}

/** Each seat's public history agrees with its stones and the board, and some deal explains it. */
function checkHandLog(state: State): string | null {
  const held: Counts = countsOf([]);
  for (const [s, log] of state.handLog.entries()) {
    const hand = state.hands[s]!;
    let size = countOf(hand);
    for (const step of log) size += step.type === "held" ? 1 : step.type === "drew" ? -step.count : 0;
    // `size` is now what the seat was dealt; replay the sizes forward.
    if (size < 0 || size > HAND_SIZE) return `handLog.${s}: with its ${countOf(hand)} stones, this history starts from ${size} stones (0 to ${HAND_SIZE})`;
    let missing = new Set<number>();
    for (const [i, step] of log.entries()) {
      if (step.type === "held") {
        held[step.spell]!++;
        if (--size < 0) return `handLog.${s}.${i}: a cast from an empty hand`;
      } else if (step.type === "drew") {
        size += step.count;
        if (size > HAND_SIZE) return `handLog.${s}.${i}: draws past ${HAND_SIZE} stones`;
        missing = new Set();
      } else {
        missing.add(step.spell);
      }
    }
    for (const k of missing) if (hand[k]! > 0) return `handLog.${s}: failed to cast ${k} and has not drawn since, yet holds a ${k}`;
  }
  for (let k = 1; k <= 8; k++) {
    if (held[k]! > state.board[k]!) return `handLog: ${held[k]} casts of spell ${k} held, but the board has ${state.board[k]}`;
  }
  for (const [s, log] of state.handLog.entries()) {
    if (logIsUninformative(log)) continue;
    try {
      handPosterior(unseenCounts(makeView(state, s), s), log, countOf(state.hands[s]!));
    } catch {
      return `handLog.${s}: no deal of stones explains this history`;
    }
  }
  return null;
}
