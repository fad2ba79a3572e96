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
 * cost. It keeps the strongest facts of the hand log, failed calls: a spell that failed is in none
 * of the stones held then, so it can only be among the stones drawn since, less those of it cast
 * since (issue #18: a draw does not undo the failure, and a later cast of that spell tells which
 * stone was drawn). Such a spell's chance is that of a stone of it among those fresh stones, drawn
 * from the unseen ones; a spell with no fresh stone is impossible, and the other spells are treated
 * as drawn uniformly from the unseen stones left once the impossible ones are set aside. The
 * successful casts' hint about the rest of the hand is dropped.
 */
export function quickChances(view: View, seat: number): number[] {
  const unseen = unseenCounts(view, seat);
  const log = view.handLog[seat] ?? [];
  const hand = view.handSizes[seat]!;
  // fresh[k]: stones drawn since k last failed, less the k cast since (-1: k never failed).
  let fresh: number[] | null = null;
  for (const step of log) {
    if (step.type === "missing") (fresh ??= [-1, -1, -1, -1, -1, -1, -1, -1, -1])[step.spell] = 0;
    else if (fresh === null) continue;
    else if (step.type === "drew") for (let k = 1; k <= 8; k++) fresh[k] = fresh[k]! < 0 ? -1 : fresh[k]! + step.count;
    else if (fresh[step.spell]! > 0) fresh[step.spell]!--;
  }
  if (fresh === null) return holdChances(unseen, hand);
  const left = unseen.slice();
  let total = 0;
  let all = 0;
  for (let k = 1; k <= 8; k++) {
    all += unseen[k]!;
    if (fresh[k] === 0) left[k] = 0;
    total += left[k]!;
  }
  // Stones of an impossible spell cannot be in the hand: it is drawn from the others.
  const chances = total < hand ? holdChances(unseen, hand) : holdChances(left, hand);
  for (let k = 1; k <= 8; k++) {
    const f = fresh[k]!;
    if (f === 0) chances[k] = 0;
    else if (f > 0) chances[k] = atLeastOne(all, unseen[k]!, Math.min(f, hand, all));
  }
  return chances;
}
