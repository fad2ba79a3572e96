// Bots: uniform random, and a greedy one weighing each target's worth to it against
// the chance a stronger wand points at the same target. Bots see only their view.
import { pick, type Bot } from "@grimoire/engine";
import { HIDDEN_POOL, SPELL_SPECIAL, WEAPON_FOR, idsOf, type Face, type Spell } from "../data.ts";
import { faceId } from "../names.ts";
import { canPay, face, payments } from "../trunk.ts";
import type { Action, Target, View } from "../state.ts";

const HIDDEN_AVERAGE = (trunk: readonly number[]) => HIDDEN_POOL.reduce((s, f) => s + faceWorth(f, trunk), 0) / HIDDEN_POOL.length;

/** A face's worth to a trunk (ids); bots and rollouts ask it often, so it allocates nothing. */
function faceWorth(f: Face, trunk: readonly number[]): number {
  switch (f.kind) {
    case "gold": return f.value;
    case "spell": return 2.5;
    case "monster": {
      const weapon = WEAPON_FOR[f.monster];
      const armed = trunk.some((id) => { const g = face(id); return (g.kind === "weapon" && g.weapon === weapon) || (g.kind === "special" && g.special === "Ultimus"); });
      return armed ? f.points : -0.1;
    }
    case "weapon": return trunk.some((id) => { const g = face(id); return g.kind === "weapon" && g.weapon === f.weapon; }) ? 0.3 : 1.5;
    case "ingredient": return 1;
    case "special": return f.special === "Fortuna" ? 3 : 1.2;
    case "potion": case "grimoire": case "sorcerer": return f.points;
  }
}

export const tokenWorth = (id: number, trunk: readonly number[]): number => faceWorth(face(id), trunk);

/** Points of a reward minus what the cheapest payment throws away. */
function rewardWorth(id: number, trunk: readonly number[]): number {
  const f = face(id);
  if (f.kind !== "potion" && f.kind !== "grimoire" && f.kind !== "sorcerer") return tokenWorth(id, trunk);
  if (f.need.kind === "wand") return f.points;
  const options = payments(f.need, [], trunk, 20);
  if (options.length === 0) return 0;
  const cost = Math.min(...options.map((p) => p.reduce((s, t) => s + Math.max(0, tokenWorth(t, trunk)), 0)));
  return f.points - cost * 0.8;
}

/** A face-down sorcerer: the average, over the sorcerers it could be, of what beating it is worth. */
function hiddenSorcererWorth(view: View, seat: number): number {
  const known = new Set([...view.trunks.flat(), ...view.moat, ...view.sorcerers.flatMap((s) => (s && s.token !== null ? [s.token] : []))]);
  const candidates = idsOf("sorcerer").filter((id) => !known.has(id));
  if (candidates.length === 0) return 0;
  const worth = (id: number): number => {
    const f = face(id);
    if (f.kind !== "sorcerer") return 0;
    if (f.need.kind === "wand") return f.need.wands.includes(view.wands[seat]!) ? f.points : 0;
    return canPay(f.need, view.trunks[seat]!) ? rewardWorth(id, view.trunks[seat]!) : 0;
  };
  return candidates.reduce((sum, id) => sum + worth(id), 0) / candidates.length;
}

function targetWorth(view: View, seat: number, t: Target): number {
  const trunk = view.trunks[seat]!;
  switch (t.type) {
    case "room": {
      const rt = view.roomTokens[t.slot]!;
      return rt.token === null ? HIDDEN_AVERAGE(trunk) : tokenWorth(rt.token, trunk);
    }
    case "potion": return rewardWorth(faceId(t.potion), trunk);
    case "grimoire": return rewardWorth(faceId(t.grimoire), trunk);
    case "sorcerer": {
      const s = view.sorcerers[t.slot]!;
      if (s.token !== null) return rewardWorth(s.token, trunk);
      return hiddenSorcererWorth(view, seat);
    }
  }
}

/**
 * Each seat's worth of each target, computed once per decision: a pointing decision weighs every
 * target for every stronger seat, and a face-down sorcerer's worth tries payments for every
 * sorcerer it could be (this made a crypt decision take tens of milliseconds).
 */
type Worths = (seat: number, index: number) => number;

function worthsOf(view: View, targets: readonly Target[]): Worths {
  const memo = new Map<number, number>();
  const hidden = new Map<number, number>();
  return (seat, index) => {
    const key = seat * targets.length + index;
    let worth = memo.get(key);
    if (worth === undefined) {
      const t = targets[index]!;
      if (t.type === "sorcerer" && view.sorcerers[t.slot]!.token === null) {
        worth = hidden.get(seat);
        if (worth === undefined) { worth = hiddenSorcererWorth(view, seat); hidden.set(seat, worth); }
      } else worth = targetWorth(view, seat, t);
      memo.set(key, worth);
    }
    return worth;
  };
}

function pointValue(view: View, seat: number, targets: readonly Target[], worths: Worths, index: number): number {
  const mine = worths(seat, index);
  let winChance = 1;
  for (let other = 0; other < view.seats; other++) {
    if (other === seat || view.wands[other]! < view.wands[seat]!) continue;
    // How attractive this target looks to the other seat, among all targets.
    let total = 0;
    for (let x = 0; x < targets.length; x++) total += Math.max(0.1, worths(other, x));
    winChance *= 1 - Math.max(0.1, worths(other, index)) / total;
  }
  return mine * winChance;
}

const STEALABLE: ReadonlySet<Face["kind"]> = new Set(["weapon", "ingredient", "gold"]);

function spellValue(view: View, seat: number, spell: Spell): number {
  const trunk = view.trunks[seat]!;
  const special = SPELL_SPECIAL[spell];
  if (special !== undefined) {
    const left = view.specials.some((id) => { const f = face(id); return f.kind === "special" && f.special === special; });
    return left ? (special === "Fortuna" ? 3 : 1.2) : 0;
  }
  const best = (ids: number[]) => Math.max(0, ...ids.map((id) => tokenWorth(id, trunk)));
  switch (spell) {
    case "Alkimia": return best(view.trunks.flatMap((t, s) => (s === seat ? [] : t.filter((id) => STEALABLE.has(face(id).kind)))));
    case "Imperium": return best(view.roomTokens.flatMap((t) => (t && t.token !== null && !t.hidden ? [t.token] : [])));
    case "Retiro": return best(view.moat.filter((id) => face(id).kind !== "sorcerer"));
    case "Video": return view.roomTokens.some((t) => t?.hidden) ? 1.5 : 0;
    default: return 0;
  }
}

function score(view: View, seat: number, targets: readonly Target[], worths: Worths, a: Action, index: number): number {
  const trunk = view.trunks[seat]!;
  switch (a.type) {
    case "point": return pointValue(view, seat, targets, worths, index);
    case "ultimus": {
      const step = view.phase.type === "resolve" ? view.phase.queue[0] : undefined;
      const token = step && step.k === "ultimus" ? step.token : step && step.k === "videoUltimus" ? view.roomTokens[step.slot]?.token ?? -1 : -1;
      const f = token >= 0 ? face(token) : null;
      const armed = f?.kind === "monster" && trunk.some((id) => { const g = face(id); return g.kind === "weapon" && g.weapon === WEAPON_FOR[f.monster]; });
      return a.use === !armed ? 1 : 0;
    }
    case "throw": case "pay": return -tokenWorth(faceId(a.token), trunk);
    case "cast": return spellValue(view, seat, a.spell);
    case "steal": case "retiro": return tokenWorth(faceId(a.token), trunk);
    case "imperium": {
      const t = view.roomTokens[a.slot];
      return t && t.token !== null ? tokenWorth(t.token, trunk) : 0;
    }
    case "video": return 0;
  }
}

export function greedyBot(): Bot<View, Action> {
  return {
    name: "greedy",
    decide({ view, seat, legal, rng }) {
      let best: Action[] = [];
      let bestScore = -Infinity;
      const targets = legal.flatMap((x) => (x.type === "point" ? [x.target] : []));
      const worths = worthsOf(view, targets);
      let point = 0;
      for (const a of legal) {
        const s = score(view, seat, targets, worths, a, a.type === "point" ? point++ : -1);
        if (s > bestScore + 1e-9) { best = [a]; bestScore = s; }
        else if (Math.abs(s - bestScore) <= 1e-9) best.push(a);
      }
      return pick(rng, best);
    },
  };
}

export const bots = {
  greedy: { description: "Points at the target worth most to it, discounted by the chance a stronger wand takes it", create: greedyBot },
};
