// Actions, events, the view and dice as Messages: keys of the catalogues in text/ with structured
// parameters (players as seat refs, cards as nested name messages, numbers). No words here.
import { msg, seatRef, type Message, type Viewer } from "@grimoire/engine";
import type { EmmerlausEvent } from "./state.ts";
import { cardName, selector } from "./text/index.ts";
import type { EmmerlausView } from "./view.ts";
import type { Action } from "./data.ts";

const names = (ids: readonly string[]): Message[] => ids.map(cardName);

export function describeAction(action: Action): Message {
  switch (action.type) {
    case "play": {
      const card = cardName(action.card);
      if (action.ring !== undefined && action.target !== undefined) return msg("action.play-ring-at", { card, ring: cardName(action.ring), target: seatRef(action.target) });
      if (action.ring !== undefined) return msg("action.play-ring", { card, ring: cardName(action.ring) });
      if (action.target !== undefined) return msg("action.play-at", { card, target: seatRef(action.target) });
      if (action.x !== undefined) return msg("action.play-x", { card, x: action.x });
      if (action.replace !== undefined) return msg("action.play-replace", { card, old: cardName(action.replace) });
      if (action.keep !== undefined) return msg("action.play-keep", { card, keep: cardName(action.keep) });
      return msg("action.play", { card });
    }
    case "discard":
      return msg("action.discard", { card: cardName(action.card) });
    case "lift-curse":
      return msg("action.lift-curse");
    case "end-turn":
      return msg("action.end-turn");
    case "pass":
      return msg("action.pass");
    case "annul":
      return msg("action.annul", { n: action.count });
    case "mirror":
      return msg("action.mirror");
    case "heighten":
      return msg("action.heighten");
    case "pick":
      return action.card === null ? msg("action.pick-none") : msg("action.pick", { card: cardName(action.card) });
    case "store":
      return msg("action.store", { card: cardName(action.card) });
    case "aim":
      return msg("action.aim", { target: seatRef(action.target) });
  }
}

/** The faces of a roll, "4 + 2 + 6", as nested messages (one number each). */
export function faces(dice: readonly number[]): Message {
  const [first, ...rest] = dice;
  return rest.length === 0 ? msg("dice.one", { n: first ?? 0 }) : msg("dice.more", { n: first!, rest: faces(rest) });
}

type RollEvent = Extract<EmmerlausEvent, { type: "roll" }>;

/** A roll as a line: what it was for, the dice and the result. */
export function describeRoll(event: RollEvent): Message {
  const actor = seatRef(event.seat);
  const card = cardName(event.card);
  const dice = { count: event.dice.length, die: event.die, faces: faces(event.dice), total: event.total };
  switch (event.what) {
    case "amount": {
      const sum = event.dice.reduce((a, b) => a + b, 0);
      const form = event.dice.length === 1 && sum === event.total ? "single" : sum === event.total ? "sum" : "other";
      return msg("event.roll.amount", { actor, card, ...dice, form });
    }
    case "hit":
      return msg("event.roll.hit", { actor, card, ...dice, hit: event.hit ?? 1 });
    case "resistance":
      return msg("event.roll.resistance", { actor, card, total: event.total, threshold: event.threshold ?? 10, result: event.result ?? "fail" });
    case "absorption":
      return msg("event.roll.absorption", { actor, card, ...dice });
    case "acid":
      return msg("event.roll.acid", { actor, card, ...dice });
    case "set-life":
      return msg("event.roll.set-life", { actor, card, ...dice });
    case "vitality":
    case "turn-back":
    case "retaliation":
    case "mirror-robe":
    case "vampiric":
    case "duration":
      return msg(`event.roll.${event.what}`, { actor, card, ...dice });
  }
}

export function describeEvent(event: EmmerlausEvent, _viewer: Viewer): Message {
  switch (event.type) {
    case "turn":
      return msg("event.turn", { actor: seatRef(event.seat) });
    case "played": {
      const actor = seatRef(event.seat);
      const card = cardName(event.card);
      if (event.ring !== undefined && event.target !== undefined) return msg("event.played-ring-at", { actor, card, ring: cardName(event.ring), target: seatRef(event.target) });
      if (event.ring !== undefined) return msg("event.played-ring", { actor, card, ring: cardName(event.ring) });
      if (event.target !== undefined) return msg("event.played-at", { actor, card, target: seatRef(event.target) });
      if (event.x !== undefined) return msg("event.played-x", { actor, card, x: event.x });
      if (event.replace !== undefined) return msg("event.played-replace", { actor, card, old: cardName(event.replace) });
      if (event.keep) return msg("event.played-keep", { actor, card, keep: cardName(event.keep) });
      if (event.keep === null) return msg("event.played-keep-hidden", { actor, card });
      return msg("event.played", { actor, card });
    }
    case "discarded":
      return msg("event.discarded", { actor: seatRef(event.seat), card: cardName(event.card) });
    case "stored":
      return msg("event.stored", { actor: seatRef(event.seat), card: cardName(event.card), staff: cardName(event.staff) });
    case "shot":
      if (event.target !== undefined) return msg("event.shot-at", { actor: seatRef(event.seat), staff: cardName(event.card), target: seatRef(event.target) });
      return msg("event.shot", { actor: seatRef(event.seat), staff: cardName(event.card) });
    case "answered":
      if (event.answer === "annul") return msg("event.answered.annul", { actor: seatRef(event.seat), n: event.count ?? 1 });
      return msg(`event.answered.${event.answer}`, { actor: seatRef(event.seat) });
    case "cancelled":
      return msg("event.cancelled", { card: cardName(event.card) });
    case "roll":
      return describeRoll(event);
    case "life": {
      const change = event.delta > 0 ? "gain" : event.delta < 0 ? "loss" : "set";
      return msg("event.life", { actor: seatRef(event.seat), change, n: Math.abs(event.delta), life: event.life });
    }
    case "lapsed":
      return msg("event.lapsed", { actor: seatRef(event.seat), card: cardName(event.card) });
    case "slept":
      return msg("event.slept", { actor: seatRef(event.seat) });
    case "curse-lifted":
      return msg("event.curse-lifted", { actor: seatRef(event.seat) });
    case "despoiled":
      return msg("event.despoiled", { actor: seatRef(event.seat) });
    case "object-lost":
      return msg("event.object-lost", { actor: seatRef(event.seat), card: cardName(event.card), by: seatRef(event.by), why: event.why });
    case "stolen":
      return msg("event.stolen", { actor: seatRef(event.seat), card: cardName(event.card), from: seatRef(event.from) });
    case "swapped":
      return msg("event.swapped", { actor: seatRef(event.seat), other: seatRef(event.other) });
    case "drew":
      if (event.cards) return msg("event.drew", { actor: seatRef(event.seat), cards: names(event.cards), n: event.cards.length });
      return msg("event.drew-count", { actor: seatRef(event.seat), n: event.count });
    case "reshuffled":
      return msg("event.reshuffled", { n: event.size });
    case "telepathy":
      if (event.hand) return msg("event.telepathy", { actor: seatRef(event.target), caster: seatRef(event.seat), cards: names(event.hand), n: event.hand.length });
      return msg("event.telepathy-hidden", { actor: seatRef(event.target), caster: seatRef(event.seat) });
    case "died":
      return msg("event.died", { actor: seatRef(event.seat) });
    case "resurrected":
      return msg("event.resurrected", { actor: seatRef(event.seat), ring: cardName("anneau-de-resurrection") });
    case "over":
      return event.winner === null ? msg("event.over-draw") : msg("event.over", { winner: seatRef(event.winner) });
  }
}

/** The view for the terminal: one line per wizard (and their objects, cards in front, hand), the piles, who decides. */
export function describeView(view: EmmerlausView, _viewer: Viewer): Message[] {
  const lines: Message[] = [];
  view.players.forEach((p, seat) => {
    const who = seatRef(seat);
    if (!p.alive) {
      lines.push(msg("view.dead", { who }));
      return;
    }
    lines.push(msg("view.player", { who, life: p.life, pl: p.power, n: p.handCount }));
    if (p.objects.length > 0) lines.push(msg("view.objects", { cards: names(p.objects) }));
    if (p.lying.length > 0) lines.push(msg("view.lying", { cards: p.lying.map((l) => msg("view.lying-card", { card: cardName(l.card), from: seatRef(l.from), stage: l.stage ?? "none", turns: l.turns ?? 0 })) }));
    if (p.hand) lines.push(msg("view.hand", { cards: names(p.hand), n: p.hand.length }));
  });
  const top = view.discard[view.discard.length - 1];
  lines.push(top === undefined ? msg("view.piles", { deck: view.deckCount }) : msg("view.piles-top", { deck: view.deckCount, discard: view.discard.length, top: cardName(top) }));
  const phase = view.phase;
  if (phase.type === "play") lines.push(msg("view.turn", { actor: seatRef(view.turn.seat) }));
  if (phase.type === "answer") lines.push(msg("view.waiting", { card: cardName(phase.pending.card), caster: seatRef(phase.pending.caster) }));
  if (phase.type === "pick") lines.push(msg("view.choosing", { actor: seatRef(phase.seat), purpose: selector(phase.purpose), victim: seatRef(phase.victim) }));
  if (phase.type === "aim") lines.push(msg("view.aiming", { actor: seatRef(phase.seat), staff: cardName(phase.staff) }));
  return lines;
}
