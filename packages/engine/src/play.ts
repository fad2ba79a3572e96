// Driving a game: validated actions from untrusted input, and bot playouts.
import type { ActionError, AnyGame, BaseState, Bot, Decision, Game, Seat } from "./game.ts";
import { err, ok, type Result } from "./result.ts";
import { forkRng, pick, randomFloat, type RngState } from "./rng.ts";

export function waitingSeats(decision: Decision): readonly Seat[] {
  switch (decision.type) {
    case "turn":
      return [decision.seat];
    case "simultaneous":
      return decision.seats;
    case "over":
      return [];
  }
}

/**
 * Checks whose turn it is and parses the untrusted action, then applies it.
 * On an error nothing changes.
 */
export function act<S extends BaseState, A, E>(
  game: Game<S, A, any, E, any, any>,
  state: S,
  seat: Seat,
  raw: unknown,
): Result<E[], ActionError> {
  const decision = game.decision(state);
  if (decision.type === "over") return err({ code: "game-over", message: "the game is over" });
  if (!waitingSeats(decision).includes(seat)) {
    return err({ code: "not-your-turn", message: `seat ${seat} has nothing to decide now` });
  }
  const parsed = game.parseAction(state, seat, raw);
  if (!parsed.ok) return parsed;
  return ok(game.apply(state, seat, parsed.value));
}

/** Which seat acts next when several may: the first still waiting (the server takes them as they come). */
export function nextActor(decision: Decision): Seat | null {
  const seats = waitingSeats(decision);
  return seats.length > 0 ? seats[0]! : null;
}

export interface PlayedAction {
  readonly seat: Seat;
  readonly action: unknown;
}

/**
 * Plays a game to its end with one bot per seat; each bot sees only its seat's view.
 * `onStep` sees every action applied (for logs and progress).
 */
export function playout<G extends AnyGame>(
  game: G,
  state: Parameters<G["apply"]>[0],
  bots: readonly Bot<unknown, unknown>[],
  botRng: RngState,
  onStep?: (seat: Seat, action: unknown) => void,
): PlayedAction[] {
  const played: PlayedAction[] = [];
  for (;;) {
    const decision = game.decision(state);
    const seat = nextActor(decision);
    if (seat === null) return played;
    const legal = game.sampleActions ? game.sampleActions(state, seat, botRng, 64) : game.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} must decide but has no legal action`);
    const bot = bots[seat];
    if (!bot) throw new Error(`no bot for seat ${seat}`);
    const action = legal.length === 1 ? legal[0] : bot.decide({ view: game.view(state, seat), seat, legal, rng: botRng });
    game.apply(state, seat, action);
    played.push({ seat, action });
    onStep?.(seat, action);
  }
}

/** The uniformly random bot, the same for every game. */
export function randomBot<V, A>(): Bot<V, A> {
  return { name: "random", decide: ({ legal, rng }) => pick(rng, legal) };
}

/** `bot`, but with probability `rate` a uniformly random legal move instead (a weaker level from a heuristic). */
export function noisyBot<V, A>(bot: Bot<V, A>, rate: number, name: string): Bot<V, A> {
  return { name, decide: (context) => (randomFloat(context.rng) < rate ? pick(context.rng, context.legal) : bot.decide(context)) };
}

export { forkRng };
