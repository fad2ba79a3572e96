// Exact chances from a seat's view: its own stones are drawn without replacement from the
// stones it cannot see (its hand, the pile, the secret stones it does not hold).
import type { Counts } from "../state.ts";

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
