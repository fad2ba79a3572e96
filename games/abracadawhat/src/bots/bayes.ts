// Bayesian determinizations for Abraca…What?: the game's resample deals my unseen stones from
// their exact posterior given my own casts; this also weighs them by the other players' casts.
// Each of them sees my stones: a player who called a spell believed they held it, and that
// belief falls as they see more of its stones in front of others (mine included). So among
// `samples` candidate deals, one is kept with probability proportional to the likelihood of
// every cast logged this round, each taken as the chance its caster held that spell given
// what they could see (approximated with what is visible now: stones cast since are not
// put back). Non-casts (ending a turn) are not logged in the view, so they are not weighed.
import { randomFloat, type RngState } from "@grimoire/engine";
import type { State } from "../state.ts";
import { makeView, resample, unseenCounts, type View } from "../view.ts";
import { holdChances } from "./probability.ts";

/** Log-likelihood of the other seats' logged casts in `state`, from `seat`'s side. */
export function castLogLikelihood(state: State, seat: number, floor = 0.02): number {
  let total = 0;
  for (let other = 0; other < state.seats; other++) {
    if (other === seat) continue;
    const casts = (state.handLog[other] ?? []).flatMap((step) => (step.type === "drew" ? [] : [step.spell]));
    if (casts.length === 0) continue;
    const theirs = makeView(state, other, false);
    const chances = holdChances(unseenCounts(theirs, other), theirs.handSizes[other]!);
    for (const spell of casts) total += Math.log(Math.max(floor, chances[spell] ?? 0));
  }
  return total;
}

/** One determinization among `samples` candidates from the game's resample, by likelihood. */
export function bayesResample(view: View, seat: number, rng: RngState, samples = 6): State {
  const candidates: State[] = [];
  const logs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const state = resample(view, seat, rng);
    candidates.push(state);
    logs.push(castLogLikelihood(state, seat));
  }
  const top = Math.max(...logs);
  const weights = logs.map((l) => Math.exp(l - top));
  let u = randomFloat(rng) * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < samples; i++) {
    u -= weights[i]!;
    if (u < 0) return candidates[i]!;
  }
  return candidates[samples - 1]!;
}
