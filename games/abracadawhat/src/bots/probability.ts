// Exact chances from a seat's view: its own stones are drawn without replacement from the
// stones it cannot see (its hand, the pile, the secret stones it does not hold).
import { chancesOf, handPosterior, logIsUninformative } from "../posterior.ts";
import type { Counts } from "../state.ts";
import { unseenCounts, type View } from "../view.ts";

/**
 * P(at least one stone of a spell among `hand` stones drawn from `unseen` stones of which
 * `ofSpell` are that spell) = 1 − C(unseen − ofSpell, hand) / C(unseen, hand) (hypergeometric).
 */
export function atLeastOne(unseen: number, ofSpell: number, hand: number): number {
  if (hand < 0 || ofSpell < 0 || unseen < hand || ofSpell > unseen) throw new Error(`atLeastOne(${unseen}, ${ofSpell}, ${hand}): impossible counts`);
  let none = 1;
  for (let i = 0; i < hand; i++) none *= (unseen - ofSpell - i) / (unseen - i);
  return 1 - Math.max(0, none);
}

/** For each spell k (index k; index 0 unused), the exact chance that a hand of `hand` stones holds one. */
export function holdChances(unseen: Counts, hand: number): number[] {
  let total = 0;
  for (let k = 1; k <= 8; k++) total += unseen[k]!;
  const chances = [0];
  for (let k = 1; k <= 8; k++) chances.push(atLeastOne(total, unseen[k]!, hand));
  return chances;
}

/**
 * For each spell k, the exact chance that `seat` holds one now, from its view: the hypergeometric
 * chance when its hand log tells nothing, else conditioned on its casts this round (a failed call
 * of k with unchanged stones makes k impossible; a success shifts the odds of the rest).
 */
export function seatChances(view: View, seat: number): number[] {
  const unseen = unseenCounts(view, seat);
  const log = view.handLog[seat] ?? [];
  const hand = view.handSizes[seat]!;
  return logIsUninformative(log) ? holdChances(unseen, hand) : chancesOf(handPosterior(unseen, log, hand));
}

/**
 * A quick estimate of `seatChances` for search rollouts, where the exact posterior (a few tens of
 * microseconds, a fresh one at nearly every step of every determinization) would be most of the
 * cost. It keeps the strongest fact of the hand log, a failed call since the last draw (that spell
 * is not in the hand), and otherwise treats the hand as drawn uniformly from the unseen stones:
 * the successful casts' hint about the rest of the hand is dropped.
 */
export function quickChances(view: View, seat: number): number[] {
  const unseen = unseenCounts(view, seat);
  const log = view.handLog[seat] ?? [];
  const hand = view.handSizes[seat]!;
  let missing = 0;
  for (const step of log) {
    if (step.type === "drew") missing = 0;
    else if (step.type === "missing") missing |= 1 << step.spell;
  }
  if (missing === 0) return holdChances(unseen, hand);
  const left = unseen.slice();
  let total = 0;
  for (let k = 1; k <= 8; k++) {
    if (missing & (1 << k)) left[k] = 0;
    total += left[k]!;
  }
  // Stones of a missing spell cannot be in the hand: it is drawn from the others.
  if (total < hand) return holdChances(unseen, hand);
  return holdChances(left, hand);
}
