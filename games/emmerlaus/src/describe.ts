// One line of English per action and event, and the view as text for the terminal.
import type { Viewer } from "@grimoire/engine";
import { card } from "./cards.ts";
import type { EmmerlausEvent } from "./state.ts";
import type { EmmerlausView } from "./view.ts";
import type { Action } from "./vocabulary.ts";

const name = (id: string): string => card(id).name;

export function describeAction(action: Action): string {
  switch (action.type) {
    case "play": {
      let text = `play ${name(action.card)}`;
      if (action.target !== undefined) text += ` at Seat ${action.target + 1}`;
      if (action.x !== undefined) text += ` with X = ${action.x}`;
      if (action.replace !== undefined) text += ` replacing ${name(action.replace)}`;
      if (action.keep !== undefined) text += ` keeping ${name(action.keep)}`;
      return text;
    }
    case "discard":
      return `discard ${name(action.card)} inactive`;
    case "lift-curse":
      return "discard two Annulations to lift the Malédiction";
    case "end-turn":
      return "end the turn";
    case "pass":
      return "no counter-attack (roll resistance where allowed)";
    case "annul":
      return action.count === 2 ? "play two Annulations" : "play Annulation";
    case "mirror":
      return "play Miroir";
    case "heighten":
      return "play Résistance accrue";
    case "pick":
      return action.card === null ? "play no AD" : `choose ${name(action.card)}`;
  }
}

export function describeEvent(event: EmmerlausEvent, _viewer: Viewer): string {
  switch (event.type) {
    case "turn":
      return `Seat ${event.seat + 1}'s turn`;
    case "played":
      return `Seat ${event.seat + 1} plays ${name(event.card)}${event.target !== undefined ? ` at Seat ${event.target + 1}` : ""}${event.x !== undefined ? ` (X = ${event.x})` : ""}${event.keep ? `, keeping ${name(event.keep)}` : ""}`;
    case "discarded":
      return `Seat ${event.seat + 1} discards ${name(event.card)} inactive`;
    case "answered":
      return `Seat ${event.seat + 1} ${event.answer === "pass" ? "passes" : event.answer === "annul" ? `plays ${event.count} Annulation(s)` : event.answer === "mirror" ? "plays Miroir" : "plays Résistance accrue"}`;
    case "cancelled":
      return `${name(event.card)} is annulled`;
    case "roll":
      return `Seat ${event.seat + 1} rolls ${event.what}: ${event.dice.join("+")} = ${event.total}`;
    case "life":
      return `Seat ${event.seat + 1} ${event.delta >= 0 ? "gains" : "loses"} ${Math.abs(event.delta)} life (now ${event.life})`;
    case "note":
      return event.text;
    case "drew":
      return event.cards ? `Seat ${event.seat + 1} draws ${event.cards.map(name).join(", ")}` : `Seat ${event.seat + 1} draws ${event.count} card(s)`;
    case "reshuffled":
      return `the discard pile is shuffled into a new draw pile (${event.size} cards)`;
    case "telepathy":
      return event.hand ? `Seat ${event.target + 1} shows Seat ${event.seat + 1} their hand: ${event.hand.map(name).join(", ") || "nothing"}` : `Seat ${event.target + 1} shows Seat ${event.seat + 1} their hand`;
    case "died":
      return `Seat ${event.seat + 1} dies`;
    case "resurrected":
      return `Seat ${event.seat + 1} comes back to life (Anneau de résurrection)`;
    case "over":
      return event.winner === null ? "everyone is dead: a draw" : `Seat ${event.winner + 1} is the last wizard standing`;
  }
}

export function describeView(view: EmmerlausView, viewer: Viewer): string {
  const lines: string[] = [];
  view.players.forEach((p, seat) => {
    const who = seat === viewer ? " (you)" : "";
    const status = p.alive ? `${p.life} life, PL ${p.power}` : "dead";
    const objects = p.objects.length ? `; objects: ${p.objects.map(name).join(", ")}` : "";
    const lying = p.lying.length ? `; in front: ${p.lying.map((l) => name(l.card) + (l.stage ? ` (${l.stage})` : "")).join(", ")}` : "";
    const hand = p.hand ? `; hand: ${p.hand.map(name).join(", ")}` : `; ${p.handCount} card(s)`;
    lines.push(`Seat ${seat + 1}${who}: ${status}${objects}${lying}${hand}`);
  });
  lines.push(`draw pile ${view.deckCount}, discard ${view.discard.length}${view.discard.length ? ` (top: ${name(view.discard[view.discard.length - 1]!)})` : ""}`);
  const phase = view.phase;
  if (phase.type === "answer") lines.push(`waiting for answers to ${name(phase.pending.card)} from Seat ${phase.pending.caster + 1}`);
  if (phase.type === "pick") lines.push(`Seat ${phase.seat + 1} chooses (${phase.purpose})`);
  return lines.join("\n");
}
