// The "reasoner" bot: from its view only, the exact chance of holding each spell
// (over the stones it cannot see, conditioned on its own casts this round), then the call with the best expected value
// in life-equivalents; it ends its turn as soon as no call is worth the risk.
import { DIE_SIDES, MAX_LIFE, SPELL_EFFECTS, type Spell } from "../data.ts";
import type { Bot } from "@grimoire/engine";
import type { Action } from "../state.ts";
import type { View } from "../view.ts";
import { seatChances } from "./probability.ts";

/** Knocking out an opponent wins the round (+3 against +1): worth this many lives. */
const KNOCKOUT = 6;
/** Losing one's last life scores nothing for the round. */
const DEATH = 7;
/** A secret stone is a point if one survives (4 measured best among 2.5, 4, 6, 8). */
const SECRET = 4;
/** A stone leaving the hand brings the round-winning empty hand closer. */
const PROGRESS = 0.3;

function leftOf(view: View, seat: number): number {
  for (let i = 1; i < view.seats; i++) {
    const s = (seat + i) % view.seats;
    if (view.life[s]! > 0) return s;
  }
  return seat;
}

function rightOf(view: View, seat: number): number {
  for (let i = 1; i < view.seats; i++) {
    const s = (seat - i + view.seats) % view.seats;
    if (view.life[s]! > 0) return s;
  }
  return seat;
}

/** Value of `damage` to `target`: lives taken, plus the knockout. */
function hurt(view: View, target: number, damage: number): number {
  const life = view.life[target]!;
  return Math.min(damage, life) + (damage >= life ? KNOCKOUT : 0);
}

/** Value of healing `amount`: missing lives weigh more when low. */
function heal(view: View, seat: number, amount: number): number {
  const life = view.life[seat]!;
  const gained = Math.min(amount, MAX_LIFE - life);
  return gained * (life <= 2 ? 1.6 : 1);
}

/** Value of losing `amount` of one's own life. */
function loss(view: View, seat: number, amount: number): number {
  const life = view.life[seat]!;
  if (amount >= life) return life + DEATH;
  return amount * (life - amount <= 2 ? 1.5 : 1);
}

function dieAverage(view: View, value: (face: number) => number): number {
  const sides = DIE_SIDES[view.options.die];
  let sum = 0;
  for (let face = 1; face <= sides; face++) sum += value(face);
  return sum / sides;
}

/** Expected value of casting `spell` successfully. */
export function successValue(view: View, seat: number, spell: Spell): number {
  const others: number[] = [];
  for (let s = 0; s < view.seats; s++) if (s !== seat && view.life[s]! > 0) others.push(s);
  const emptying = view.handSizes[seat] === 1 ? KNOCKOUT + 2 : PROGRESS;
  const data = SPELL_EFFECTS[spell];
  let value = 0;
  switch (data.effect) {
    case "die-damage-others":
      value = dieAverage(view, (face) => others.reduce((sum, s) => sum + hurt(view, s, face), 0));
      break;
    case "damage-others-heal-self":
      value = others.reduce((sum, s) => sum + hurt(view, s, data.amount), 0) + heal(view, seat, data.amount);
      break;
    case "die-heal-self":
      value = dieAverage(view, (face) => heal(view, seat, face));
      break;
    case "take-secret":
      value = view.secretCount > 0 ? SECRET : 0;
      break;
    case "damage-neighbours": {
      const left = leftOf(view, seat);
      const right = rightOf(view, seat);
      value = (left !== seat ? hurt(view, left, 1) : 0) + (right !== seat && right !== left ? hurt(view, right, 1) : 0);
      break;
    }
    case "damage-left": {
      const left = leftOf(view, seat);
      value = left !== seat ? hurt(view, left, 1) : 0;
      break;
    }
    case "damage-right": {
      const right = rightOf(view, seat);
      value = right !== seat ? hurt(view, right, 1) : 0;
      break;
    }
    case "heal-self":
      value = heal(view, seat, data.amount);
      break;
  }
  return value + emptying;
}

/** Expected cost of a failed call of `spell` (spell 1: the die says how much). */
export function failureCost(view: View, seat: number, spell: Spell): number {
  return spell === 1 ? dieAverage(view, (face) => loss(view, seat, face)) : loss(view, seat, 1);
}

/** Expected value of calling each spell now (index = spell; index 0 unused), for `seat`. */
export function callValues(view: View, seat: number, chancesFor: (view: View, seat: number) => number[] = seatChances): number[] {
  const chances = chancesFor(view, seat);
  const values = [Number.NEGATIVE_INFINITY];
  for (let k = 1; k <= 8; k++) {
    const spell = k as Spell;
    const p = chances[k]!;
    values.push(p * successValue(view, seat, spell) - (1 - p) * failureCost(view, seat, spell));
  }
  return values;
}

/**
 * The reasoner; `chancesFor` may swap the exact chances for an estimate (`quickChances`, for the
 * rollouts of a search, where speed matters more than the last digit).
 */
export function reasonerBot(chancesFor: (view: View, seat: number) => number[] = seatChances): Bot<View, Action> {
  return {
    name: "reasoner",
    decide({ view, seat, legal }) {
      const phase = view.phase;
      const lastCast = phase.type === "casting" ? phase.lastCast : 0;
      const values = callValues(view, seat, chancesFor);
      let best: Action | null = null;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const action of legal) {
        if (action.type !== "cast") continue;
        if (!view.options.easy && action.spell < lastCast) continue; // a lower call is a sure penalty
        const value = values[action.spell]!;
        if (value > bestValue) {
          bestValue = value;
          best = action;
        }
      }
      const end = legal.find((a) => a.type === "end");
      // Stop once nothing is worth the risk.
      if (end && (best === null || bestValue <= 0)) return end;
      return best ?? legal[0]!;
    },
  };
}
