// The heuristic bot: a damage race. It lays rings first, fires the attack with the best expected
// damage at the weakest opponent, heals when low, keeps its counter-attack cards to defend, and
// answers big attacks with Miroir, then Annulation, then Résistance accrue. It sees only its view.
import { pick, type Bot } from "@grimoire/engine";
import { card, type CardData } from "../cards.ts";
import type { EmmerlausView } from "../view.ts";
import type { Action, Amount } from "../data.ts";

export function expectedAmount(amount: Amount, pl: number, targetPl: number): number {
  let dice = 0;
  if (amount.dice) {
    const c = amount.dice.count;
    const n = c === "pl" ? pl : c === "pl+1" ? pl + 1 : c === "target-pl" ? targetPl : c === "total-pl" ? pl + targetPl : c;
    dice = (n * (amount.dice.die + 1)) / 2;
  }
  return ((amount.flat ?? 0) + dice) * (amount.times === "pl" ? pl : 1);
}

/** Rough expected life a card takes from one target (before resistance). */
export function threat(data: CardData, pl: number, target: { life: number; power: number }): number {
  const e = data.effect;
  switch (e.kind) {
    case "damage":
      return expectedAmount(e.amount, pl, target.power) * (e.hits ?? 1);
    case "drain":
      return expectedAmount(e.amount, pl, target.power) * 1.5;
    case "kill":
      return target.life + 40;
    case "set-life":
      return Math.max(0, target.life - 5.5);
    case "halve-life":
      return target.life / 2;
    case "curse":
    case "wrath":
      return 25;
    case "swap":
    case "despoil":
    case "steal":
    case "dispel-ring":
    case "sleep":
      return 12;
    default:
      return 0;
  }
}

const hitChance = (data: CardData): number => (data.band.sphere === "red" ? 1 : data.band.sphere === "yellow" ? 0.75 : 0.55);

function scorePlay(view: EmmerlausView, seat: number, action: Action): number {
  const me = view.players[seat]!;
  switch (action.type) {
    case "end-turn":
      return 0;
    case "lift-curse":
      return 20;
    case "store":
      return 6 + threat(card(action.card), me.power, { life: 50, power: 1 }) / 8;
    case "aim": {
      // The weakest opponent first.
      const target = view.players[action.target]!;
      return 100 - Math.min(100, target.life);
    }
    case "discard": {
      const data = card(action.card);
      if (data.category === "CA") return -100;
      return -5 - threat(data, me.power, { life: 50, power: 1 }) / 10;
    }
    case "play": {
      const data = card(action.card);
      const e = data.effect;
      if (e.kind === "power") {
        if (action.replace === undefined) return 30 + 10 * e.value;
        const old = card(action.replace).effect;
        return 5 * (e.value - (old.kind === "power" ? old.value : 3));
      }
      if (e.kind === "resurrection") return action.replace ? -1 : 28;
      if (e.kind === "protection" || e.kind === "absorption") return action.replace ? -1 : 18;
      // Expansion objects and cards: laid early, rings converted when low, corruption as a big hit.
      if (data.object && data.object !== "potion") return action.replace ? -1 : 16;
      if (e.kind === "pact" || e.kind === "boost") return 15;
      if (e.kind === "convert-ring") return me.life < 25 ? 40 : -4;
      if (e.kind === "heal" || e.kind === "sanctuary" || e.kind === "fountain") {
        const amount = e.kind === "fountain" ? 20 : expectedAmount(e.kind === "heal" ? e.amount : e.amount, me.power, me.power);
        return me.life < 30 ? amount * 1.5 : amount * 0.3;
      }
      if (e.kind === "extra-plays") return me.handCount > 2 ? 25 : 1;
      if (e.kind === "divine") return me.life < 25 ? 30 : -3;
      if (e.kind === "show-hand") return 1;
      const opponents = view.players.filter((p, s) => p.alive && s !== seat);
      if (e.kind === "sacrifice") {
        const x = action.x!;
        if (me.life - x < 20) return -50;
        return opponents.length * x * 0.75 - x;
      }
      if (data.targets === "all-opponents") return opponents.reduce((sum, p) => sum + Math.min(p.life, threat(data, me.power, p)), 0) * hitChance(data);
      if (action.target === undefined) return 1;
      const target = view.players[action.target]!;
      const ring = action.ring !== undefined ? card(action.ring).effect : null;
      const harm = (ring?.kind === "power" && e.kind === "ring-damage" ? e.per * ring.value - 15 * ring.value : threat(data, me.power, target)) * hitChance(data);
      const kill = harm >= target.life ? 30 : 0;
      return harm + kill + (60 - Math.min(60, target.life)) / 6;
    }
    default:
      return 0;
  }
}

function answerScore(view: EmmerlausView, seat: number, action: Action): number {
  const phase = view.phase;
  if (phase.type !== "answer") return 0;
  const pending = phase.pending;
  const data = card(pending.card);
  const caster = view.players[pending.caster]!;
  const me = view.players[seat]!;
  const danger = pending.targets.includes(seat) ? threat(data, caster.power, me) : data.effect.kind === "divine" ? 20 : 8;
  switch (action.type) {
    case "pass":
      return 10;
    case "mirror":
      return pending.chain ? 100 : danger * 2;
    case "annul":
      return danger * 1.6 - (action.count === 2 ? 8 : 0);
    case "heighten":
      return danger * 0.8;
    default:
      return 0;
  }
}

function pickScore(action: Extract<Action, { type: "pick" }>, view: EmmerlausView, seat: number): number {
  if (action.card === null) return 0;
  const data = card(action.card);
  if (data.category === "AD") return 1 + threat(data, view.players[seat]!.power, { life: 50, power: 1 });
  const e = data.effect;
  return e.kind === "power" ? 10 * e.value : e.kind === "resurrection" ? 25 : 12;
}

export function heuristicBot(): Bot<EmmerlausView, Action> {
  return {
    name: "heuristic",
    decide({ view, seat, legal, rng }) {
      let best: Action[] = [];
      let bestScore = -Infinity;
      for (const action of legal) {
        const phase = view.phase.type;
        const score = phase === "answer" ? answerScore(view, seat, action) : action.type === "pick" ? (phase === "pick" && view.phase.type === "pick" && view.phase.purpose === "steal-excess" ? -pickScore(action, view, seat) : pickScore(action, view, seat)) : scorePlay(view, seat, action);
        if (score > bestScore + 1e-9) {
          best = [action];
          bestScore = score;
        } else if (Math.abs(score - bestScore) <= 1e-9) best.push(action);
      }
      return pick(rng, best);
    },
  };
}
