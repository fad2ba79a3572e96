// Token names and one-line English descriptions of actions, events and views (terminal, logs).
import { ROOMS, SPELL_CARDS, TOKENS, type Requirement } from "./data.ts";
import { face } from "./trunk.ts";
import type { Action, Event, Target, View } from "./types.ts";

function need(r: Requirement): string {
  switch (r.kind) {
    case "recipe": return r.ingredients.join("+");
    case "any": return `any ${r.count}`;
    case "spells": return `${r.count} spell${r.count > 1 ? "s" : ""}`;
    case "special": return `${r.count} special`;
    case "gold": return `${r.amount} gold`;
    case "weapons": return `${r.count} weapons`;
    case "sameWeapons": return `${r.count} identical weapons`;
    case "differentWeapons": return `${r.count} different weapons`;
    case "sameIngredients": return `${r.count} identical ingredients`;
    case "differentIngredients": return `${r.count} different ingredients`;
    case "monster": return `1 ${r.monster}`;
    case "potion": return `1 ${r.colour} potion`;
    case "wand": return `wand ${r.wands.join(" or ")}`;
  }
}

/** A token's name, as used in arrangements and logs ("Vampire 5", "Gold 2", "Gui", "Dae Mago"). */
export function tokenName(id: number): string {
  const f = face(id);
  switch (f.kind) {
    case "weapon": return f.weapon;
    case "ingredient": return f.ingredient;
    case "gold": return `Gold ${f.value}`;
    case "monster": return `${f.monster} ${f.points}`;
    case "spell": return "Spell";
    case "special": return f.special;
    case "potion": return `Potion ${f.colour} ${need(f.need)}`;
    case "grimoire": return `Grimoire ${need(f.need)}`;
    case "sorcerer": return f.name;
  }
}

export function tokenLabel(id: number): string {
  const f = face(id);
  const points = "points" in f ? ` (${f.points} pts${f.kind === "monster" ? "" : ", needs " + need(f.need)})` : "";
  return `${tokenName(id)}${points}`;
}

/** Finds the first id of this name (optionally "visible:", "hidden:"... prefixed) not in `used`. */
export function tokenByName(name: string, used: ReadonlySet<number>): number | null {
  const [cls, bare] = name.includes(":") ? (name.split(":", 2) as [string, string]) : [null, name];
  for (let id = 0; id < TOKENS.length; id++) {
    if (used.has(id) || (cls !== null && TOKENS[id]!.cls !== cls)) continue;
    if (tokenName(id).toLowerCase() === bare.trim().toLowerCase()) return id;
  }
  return null;
}

export function describeTarget(t: Target): string {
  switch (t.type) {
    case "room": return `room token #${t.slot + 1}`;
    case "potion": return tokenName(t.token);
    case "grimoire": return tokenName(t.token);
    case "sorcerer": return `sorcerer #${t.slot + 1}`;
  }
}

export function describeAction(a: Action): string {
  switch (a.type) {
    case "point": return `point at ${describeTarget(a.target)}`;
    case "ultimus": return a.use ? "capture with Ultimus" : "keep Ultimus";
    case "throw": return `throw ${tokenName(a.token)} into the moat`;
    case "pay": return `throw ${tokenName(a.token)} (payment)`;
    case "cast": return `cast ${SPELL_CARDS[a.card] ?? "?"}`;
    case "steal": return `steal ${tokenName(a.token)}`;
    case "imperium": return `take room token #${a.slot + 1}`;
    case "retiro": return `take ${tokenName(a.token)} from the moat`;
    case "video": return `look under room token #${a.slot + 1}`;
  }
}

const who = (seat: number | null): string => (seat === null ? "the room" : `Seat ${seat + 1}`);

export function describeEvent(e: Event): string {
  switch (e.type) {
    case "pointed": return `${who(e.seat)} has chosen`;
    case "revealed": return `Incanto! ${e.choices.map((t, s) => `${who(s)} → ${describeTarget(t)}`).join(", ")}`;
    case "took": return `${who(e.seat)} takes ${tokenName(e.token)}`;
    case "escaped": return `${tokenName(e.token)} escapes into the moat`;
    case "moat": return `${who(e.seat)} throws ${tokenName(e.token)} into the moat`;
    case "peek": return `${who(e.seat)} looks under room token #${e.slot + 1}${e.token === null ? "" : `: ${tokenName(e.token)}, put back`}`;
    case "cast": return `${who(e.seat)} casts ${e.spell}`;
    case "stole": return `${who(e.seat)} steals ${tokenName(e.token)} from ${who(e.from)}`;
    case "swap": return `${who(e.seats[0])} and ${who(e.seats[1])} swap wands (now ${e.wands[0]} and ${e.wands[1]})`;
    case "room": return e.room === null ? "Into the crypt!" : `New room: ${ROOMS[e.room]!.name}`;
    case "sorcerer": return `Sorcerer revealed: ${tokenLabel(e.token)}`;
    case "over": return `Game over: ${e.scores.join(" / ")}; ${who(e.winner)} wins`;
  }
}

export function describeView(v: View, viewer: number | "spectator"): string {
  const lines: string[] = [];
  lines.push(`Incantibus (${v.mode}), incantation ${v.incantation}; ${v.room === null ? "the crypt" : `room: ${ROOMS[v.room]!.name}`}; rooms left ${v.rooms.length}`);
  lines.push(`Room: ${v.roomTokens.map((t, i) => (t ? `#${i + 1} ${t.token === null ? "?" : tokenName(t.token)}` : "")).filter(Boolean).join(", ") || "—"}`);
  lines.push(`Potions: ${v.potionRow.map(tokenLabel).join("; ") || "—"}`);
  if (v.mode === "expert") lines.push(`Grimoires: ${v.grimoireRow.map(tokenLabel).join("; ") || "—"}`);
  lines.push(`Sorcerers: ${v.sorcerers.map((s, i) => (s ? `#${i + 1} ${s.token === null ? "face down" : tokenLabel(s.token)}` : "")).filter(Boolean).join("; ")}`);
  lines.push(`Spell cards: ${v.faceUp.map((c) => SPELL_CARDS[c]).join(", ") || "—"} (pile ${v.pile}); moat: ${v.moat.map(tokenName).join(", ") || "—"}`);
  v.trunks.forEach((t, s) => lines.push(`${who(s)}${s === viewer ? " (you)" : ""}, wand ${v.wands[s]}: ${t.map(tokenName).join(", ") || "empty"}`));
  if (v.phase.kind === "point") lines.push(`Chosen: ${v.phase.chosen.map((c, s) => `${who(s)} ${c ? "yes" : "no"}`).join(", ")}`);
  return lines.join("\n");
}
