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
