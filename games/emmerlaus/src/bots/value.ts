// A state's worth for one seat: the chance to win, from a logistic model over a few features of
// the seat against its strongest opponent (life, power level, counter-attack cards in hand, the
// attack in hand, robes, cards lying in front). The weights were fitted by logistic regression on
// turn-start states of heuristic self-play (scripts/fit-value.ts); the rollout bot scores the end of
// its short rollouts with it.
import { card } from "../cards.ts";
import { power } from "../rules.ts";
import type { EmmerlausState } from "../state.ts";
import { threat } from "../bots/index.ts";

export const FEATURES = ["bias", "life", "opponent life", "life gap", "power", "opponent power", "miroir", "annulation", "résistance", "opponent miroir", "opponent annulation", "opponent résistance", "attack", "opponent attack", "robe", "opponent robe", "to move", "cursed", "opponent cursed"] as const;

/** Best expected damage of one card in `hand` at power `pl` against a target (not counting answers). */
function bestAttack(hand: readonly string[], pl: number, target: { life: number; power: number }): number {
  let best = 0;
  for (const id of hand) {
    const data = card(id);
    if (data.category !== "AD" && data.category !== "AM" && data.category !== "CO") continue;
    best = Math.max(best, Math.min(target.life, threat(data, pl, target)));
  }
  return best;
}

function countIn(hand: readonly string[], id: string): number {
  let n = 0;
  for (const x of hand) if (x === id) n++;
  return n;
}

const hasRobe = (objects: readonly string[]): number => (objects.some((o) => card(o).object === "robe") ? 1 : 0);
const isCursed = (state: EmmerlausState, seat: number): number => (state.players[seat]!.lying.some((l) => l.card === "malediction") ? 1 : 0);

/** The living opponent with the most life (ties: the higher power level), or null. */
export function strongestOpponent(state: EmmerlausState, seat: number): number | null {
  let best: number | null = null;
  state.players.forEach((p, s) => {
    if (s === seat || !p.alive) return;
    if (best === null) best = s;
    else {
      const b = state.players[best]!;
      if (p.life > b.life || (p.life === b.life && power(state, s) > power(state, best))) best = s;
    }
  });
  return best;
}

/** The features of `seat` against opponent `other` (FEATURES order). */
export function features(state: EmmerlausState, seat: number, other: number): number[] {
  const me = state.players[seat]!;
  const them = state.players[other]!;
  const myPl = power(state, seat);
  const theirPl = power(state, other);
  const life = Math.max(0, me.life);
  const theirLife = Math.max(0, them.life);
  return [
    1,
    Math.min(life, 100) / 10,
    Math.min(theirLife, 100) / 10,
    Math.tanh((life - theirLife) / 30),
    myPl,
    theirPl,
    countIn(me.hand, "miroir"),
    countIn(me.hand, "annulation"),
    countIn(me.hand, "resistance-accrue"),
    countIn(them.hand, "miroir"),
    countIn(them.hand, "annulation"),
    countIn(them.hand, "resistance-accrue"),
    bestAttack(me.hand, myPl, { life: theirLife, power: theirPl }) / 10,
    bestAttack(them.hand, theirPl, { life, power: myPl }) / 10,
    hasRobe(me.objects),
    hasRobe(them.objects),
    state.turn.seat === seat ? 1 : 0,
    isCursed(state, seat),
    isCursed(state, other),
  ];
}

/** Fitted weights (FEATURES order); see scripts/fit-value.ts. */
export const WEIGHTS: readonly number[] = [-0.1317, 0.1183, -0.1183, 0.0699, 0.1147, -0.1149, 0.504, 0.2264, 0.0665, -0.5042, -0.2266, -0.0666, 0.0542, -0.0543, 0.1939, -0.1939, 0.2654, -0.2704, 0.2704];

/** The duel model's chance that `seat` beats `other`. */
export function duelValue(state: EmmerlausState, seat: number, other: number, weights: readonly number[] = WEIGHTS): number {
  const x = features(state, seat, other);
  let z = 0;
  for (let i = 0; i < x.length; i++) z += weights[i]! * x[i]!;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The chance `seat` wins from `state`, by the logistic model; 1 or 0 once it is over for them.
 * Against one living opponent, the duel model. Against several, the mean over every opponent of
 * the chance to beat them, a dead one counting as beaten (1): damage to any opponent and every
 * kill count, as the game's goal (every opponent at 0 life) does. Judged against the strongest
 * opponent alone, as the model was until issue #28, a hard bot at a big table gained nothing from
 * hitting anyone else and preferred healing and rings, and hard self-play at 10 players no longer
 * ended (docs/bots.md).
 */
export function stateValue(state: EmmerlausState, seat: number, weights: readonly number[] = WEIGHTS): number {
  if (!state.players[seat]!.alive) return 0;
  let living = 0;
  let last = -1;
  state.players.forEach((p, s) => {
    if (s !== seat && p.alive) {
      living++;
      last = s;
    }
  });
  if (living === 0) return 1;
  if (living === 1) return duelValue(state, seat, last, weights);
  let total = 0;
  state.players.forEach((p, s) => {
    if (s !== seat) total += p.alive ? duelValue(state, seat, s, weights) : 1;
  });
  return total / (state.players.length - 1);
}
