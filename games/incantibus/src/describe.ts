// What Incantibus says, as Messages of its catalogues (./text): component names, prompts, action
// labels, event lines and terminal views. The words live in text/en.ts and text/fr.ts; here only
// which message and which parameters. Actions name components by their stable names (./names.ts),
// never shown to players: a name becomes a Message here.
import { msg, seatRef, type Message, type Viewer } from "@grimoire/engine";
import {
  INGREDIENTS, MONSTERS, SPECIALS, SPELL_CARDS, WEAPONS, idsOf,
  type Ingredient, type Monster, type Requirement, type Special, type Spell, type Weapon,
} from "./data.ts";
import { faceId } from "./names.ts";
import { needOf } from "./rules.ts";
import { face, pointsOf } from "./trunk.ts";
import type { Action, Event, Step, Target, View } from "./state.ts";

// ---- catalogue keys of the components ----

export const WEAPON_KEY: Readonly<Record<Weapon, string>> = { "Filet magique": "magicNet", "Boule de cristal": "crystalBall", "Piège à loup": "wolfTrap", "Pieu ailé": "wingedStake" };
export const MONSTER_KEY: Readonly<Record<Monster, string>> = { Gobelin: "goblin", Fantôme: "ghost", "Loup-Garou": "werewolf", Vampire: "vampire" };
export const INGREDIENT_KEY: Readonly<Record<Ingredient, string>> = { Gui: "mistletoe", Champignon: "mushroom", Citrouille: "pumpkin", Mandragore: "mandrake" };
export const SPECIAL_KEY: Readonly<Record<Special, string>> = { Sacoche: "satchel", "Pierre philosophale": "stone", Ultimus: "ultimus", Fortuna: "fortuna" };
export const SPELL_KEY: Readonly<Record<Spell, string>> = {
  Alkimia: "alkimia", Imperium: "imperium", Retiro: "retiro", Video: "video", Locus: "locus", Philosophia: "philosophia", Ultimus: "ultimus", Fortuna: "fortuna",
};
export const SORCERER_KEY: Readonly<Record<string, string>> = {
  "Lady Goblina": "ladyGoblina", "Aiti Romulus": "aitiRomulus", "Dame Blanche": "dameBlanche", "Le Comte Vlad": "comteVlad",
  "Dae Mago": "daeMago", "Night Knight": "nightKnight", "Baronessa Magenta": "baronessaMagenta", "Viper Esmeralda": "viperEsmeralda",
  "Rexe Indigo": "rexeIndigo", "Prince Avaricum": "princeAvaricum", "Teribil Bankier": "teribilBankier", "Sensei Ramus": "senseiRamus",
};
/** Room keys, by room id (index in ROOMS). */
export const ROOM_KEYS = ["roof", "dormitory", "library", "kitchen", "laboratory", "armoury", "observatory", "throneRoom"] as const;

const FIRST_POTION = idsOf("potion")[0]!;
const FIRST_GRIMOIRE = idsOf("grimoire")[0]!;

/** Every component whose name (and effect) the catalogues hold, as key prefixes. */
export function componentKeys(): { named: string[]; withEffect: string[]; withArticle: string[] } {
  const weapons = WEAPONS.map((w) => `weapon.${WEAPON_KEY[w]}`);
  const ingredients = INGREDIENTS.map((i) => `ingredient.${INGREDIENT_KEY[i]}`);
  const monsters = MONSTERS.map((m) => `monster.${MONSTER_KEY[m]}`);
  const specials = SPECIALS.map((s) => `special.${SPECIAL_KEY[s]}`);
  const potions = idsOf("potion").map((id) => `potion.${id - FIRST_POTION}`);
  const grimoires = idsOf("grimoire").map((id) => `grimoire.${id - FIRST_GRIMOIRE}`);
  const sorcerers = Object.values(SORCERER_KEY).map((k) => `sorcerer.${k}`);
  const spells = [...new Set(SPELL_CARDS)].map((s) => `spell.${SPELL_KEY[s]}`);
  const rooms = ROOM_KEYS.map((r) => `room.${r}`);
  const wands = [1, 2, 3, 4].map((n) => `wand.${n}`);
  const tokens = [...weapons, ...ingredients, ...monsters, ...specials, ...potions, ...grimoires, ...sorcerers, "token.spell", "token.gold"];
  return {
    named: [...tokens, ...spells, ...rooms, ...wands],
    withEffect: [...tokens, ...spells, ...wands],
    withArticle: tokens,
  };
}

// ---- component messages ----

/** How a token is named: `name` alone (board, lists), `the` inside a sentence (with its article). */
export type Form = "name" | "the";

/** A token's name as a Message. */
export function tokenMessage(id: number, form: Form = "the"): Message {
  const f = face(id);
  switch (f.kind) {
    case "weapon": return msg(`weapon.${WEAPON_KEY[f.weapon]}.${form}`);
    case "ingredient": return msg(`ingredient.${INGREDIENT_KEY[f.ingredient]}.${form}`);
    case "gold": return msg(`token.gold.${form}`, { value: f.value });
    case "monster": return msg("token.monster", { monster: msg(`monster.${MONSTER_KEY[f.monster]}.${form}`), points: f.points });
    case "spell": return msg(`token.spell.${form}`);
    case "special": return msg(`special.${SPECIAL_KEY[f.special]}.${form}`);
    case "potion": return msg(`potion.${id - FIRST_POTION}.${form}`);
    case "grimoire": return msg(`grimoire.${id - FIRST_GRIMOIRE}.${form}`);
    case "sorcerer": return msg(`sorcerer.${SORCERER_KEY[f.name]}.${form}`);
  }
}

/** The catalogue key of a token's effect text. */
export function tokenEffectKey(id: number): string {
  const f = face(id);
  switch (f.kind) {
    case "weapon": return `weapon.${WEAPON_KEY[f.weapon]}.effect`;
    case "ingredient": return `ingredient.${INGREDIENT_KEY[f.ingredient]}.effect`;
    case "gold": return "token.gold.effect";
    case "monster": return `monster.${MONSTER_KEY[f.monster]}.effect`;
    case "spell": return "token.spell.effect";
    case "special": return `special.${SPECIAL_KEY[f.special]}.effect`;
    case "potion": return `potion.${id - FIRST_POTION}.effect`;
    case "grimoire": return `grimoire.${id - FIRST_GRIMOIRE}.effect`;
    case "sorcerer": return `sorcerer.${SORCERER_KEY[f.name]}.effect`;
  }
}

/** A token as the board and lists show it: its name, with its points when the name does not say them. */
export function tokenLabel(id: number): Message {
  const f = face(id);
  if (f.kind === "potion" || f.kind === "grimoire" || f.kind === "sorcerer") return msg("label.points", { token: tokenMessage(id, "name"), points: f.points });
  return tokenMessage(id, "name");
}

/** What a potion, grimoire or sorcerer asks to be thrown into the moat. */
export function needMessage(r: Requirement): Message {
  switch (r.kind) {
    case "recipe": return msg("need.recipe", { ingredients: r.ingredients.map((i) => msg(`ingredient.${INGREDIENT_KEY[i]}.name`)) });
    case "monster": return msg("need.monster", { monster: msg(`monster.${MONSTER_KEY[r.monster]}.name`) });
    case "potion": return msg("need.potion", { colour: r.colour });
    case "gold": return msg("need.gold", { amount: r.amount });
    case "wand": return msg("need.wand", { wands: r.wands.map((n) => msg(`wand.${n}.name`)) });
    default: return msg(`need.${r.kind}`, { count: r.count });
  }
}

export const spellMessage = (spell: Spell): Message => msg(`spell.${SPELL_KEY[spell]}.name`);
export const cardMessage = (card: number): Message => spellMessage(SPELL_CARDS[card]!);
/** A token named as actions name it ("Gold 2"): every copy reads the same. */
const namedMessage = (name: string): Message => tokenMessage(faceId(name));
export const roomMessage = (room: number): Message => msg(`room.${ROOM_KEYS[room]!}.name`);

/** A pointing's target, named by what everyone sees there (its position only when another looks the same). */
export function targetMessage(t: Target): Message {
  switch (t.type) {
    case "potion": return namedMessage(t.potion);
    case "grimoire": return namedMessage(t.grimoire);
    case "room": return roomSpotMessage(t.slot, t.token, t.twin);
    case "sorcerer":
      if (t.token !== null) return namedMessage(t.token);
      return t.twin ? msg("target.faceDownSorcererAt", { position: t.slot + 1 }) : msg("target.faceDownSorcerer");
  }
}

function roomSpotMessage(slot: number, token: string | null, twin: boolean): Message {
  if (token === null) return twin ? msg("target.hiddenAt", { position: slot + 1 }) : msg("target.hidden");
  return twin ? msg("target.tokenAt", { token: namedMessage(token), position: slot + 1 }) : namedMessage(token);
}

// ---- prompts ----

/** What the seat deciding a follow-up step is asked (everyone sees it). */
export function stepPrompt(step: Step): Message {
  switch (step.k) {
    case "ultimus": return msg("prompt.ultimus", { seat: seatRef(step.seat), token: tokenMessage(step.token) });
    case "videoUltimus": return msg("prompt.videoUltimus", { seat: seatRef(step.seat) });
    case "place": return msg("prompt.place", { seat: seatRef(step.seat), token: tokenMessage(step.token) });
    // potions' and grimoires' names already say what they ask for; a sorcerer's weakness is added
    case "pay": return msg("prompt.pay", { seat: seatRef(step.seat), token: tokenMessage(step.reward), need: needMessage(needOf(step.reward)), showNeed: face(step.reward).kind === "sorcerer" ? "yes" : "no" });
    case "cast": return msg("prompt.cast", { seat: seatRef(step.seat) });
    case "effect": return msg("prompt.effect", { seat: seatRef(step.seat), spell: SPELL_KEY[step.spell] });
    default: throw new Error(`step ${step.k} asks nobody`);
  }
}

// ---- actions ----

export function describeAction(a: Action): Message {
  switch (a.type) {
    case "point": return msg("action.point", { target: targetMessage(a.target) });
    case "ultimus": return msg(a.use ? "action.ultimus.use" : "action.ultimus.keep");
    case "throw": return msg("action.throw", { token: namedMessage(a.token) });
    case "pay": return msg("action.pay", { token: namedMessage(a.token) });
    case "cast": return msg("action.cast", { spell: spellMessage(a.spell) });
    case "steal": return msg("action.steal", { token: namedMessage(a.token), from: seatRef(a.from) });
    case "imperium": return msg("action.imperium", { target: roomSpotMessage(a.slot, a.token, a.twin) });
    case "retiro": return msg("action.retiro", { token: namedMessage(a.token) });
    case "video": return msg("action.video", { target: roomSpotMessage(a.slot, null, a.twin) });
  }
}

// ---- events ----

export function describeEvent(e: Event): Message {
  switch (e.type) {
    case "pointed": return msg("event.pointed", { seat: seatRef(e.seat) });
    case "revealed":
      return msg("event.revealed", { choices: e.choices.map((t, seat) => msg("event.revealed.choice", { seat: seatRef(seat), target: targetMessage(t) })) });
    case "took": return msg("event.took", { seat: seatRef(e.seat), token: tokenMessage(e.token) });
    case "escaped":
      if (e.seat === null) return msg("event.escaped", { token: tokenMessage(e.token) });
      return msg(face(e.token).kind === "sorcerer" ? "event.escaped.sorcerer" : "event.escaped.monster", { token: tokenMessage(e.token), seat: seatRef(e.seat) });
    case "moat":
      if (e.seat === null) return msg("event.moat.last", { token: tokenMessage(e.token) });
      return msg("event.moat", { seat: seatRef(e.seat), token: tokenMessage(e.token) });
    case "peek":
      if (e.token === null) return msg("event.peek.unseen", { seat: seatRef(e.seat), position: e.slot + 1 });
      return msg("event.peek", { seat: seatRef(e.seat), position: e.slot + 1, token: tokenMessage(e.token) });
    case "cast": return msg("event.cast", { seat: seatRef(e.seat), spell: spellMessage(e.spell) });
    case "stole": return msg("event.stole", { seat: seatRef(e.seat), from: seatRef(e.from), token: tokenMessage(e.token) });
    case "swap":
      return msg("event.swap", { a: seatRef(e.seats[0]), b: seatRef(e.seats[1]), wandA: e.wands[0], wandB: e.wands[1] });
    case "room": return e.room === null ? msg("event.crypt") : msg("event.room", { room: roomMessage(e.room) });
    case "sorcerer": return msg("event.sorcerer", { sorcerer: tokenMessage(e.token, "name"), points: pointsOf(e.token), need: needMessage(needOf(e.token)) });
    case "over":
      return msg("event.over", { scores: e.scores.map((points, seat) => msg("event.over.score", { seat: seatRef(seat), points })), winner: seatRef(e.winner) });
  }
}

// ---- terminal view ----

const listOr = (items: Message[], line: string, empty: string, params: Record<string, number> = {}): Message =>
  items.length === 0 ? msg(empty, params) : msg(line, { ...params, items });

/** A potion, grimoire or sorcerer with its points and what it asks for. */
const withNeed = (id: number): Message => msg("view.withNeed", { token: tokenMessage(id, "name"), points: pointsOf(id), need: needMessage(needOf(id)) });

export function describeView(v: View, viewer: Viewer): Message[] {
  const lines: Message[] = [];
  const header = { mode: v.mode, incantation: v.incantation, rooms: v.rooms.length };
  lines.push(v.room === null ? msg("view.header.crypt", header) : msg("view.header.room", { ...header, room: roomMessage(v.room) }));
  if (v.room !== null) {
    const tokens = v.roomTokens.flatMap((t, i) => {
      if (!t) return [];
      if (t.token === null) return [msg("view.room.hidden", { position: i + 1 })];
      return [msg(t.hidden ? "view.room.known" : "view.room.token", { position: i + 1, token: tokenMessage(t.token, "name") })];
    });
    lines.push(listOr(tokens, "view.room", "view.room.empty"));
  }
  lines.push(listOr(v.potionRow.map(withNeed), "view.potions", "view.potions.none"));
  if (v.mode === "expert") lines.push(listOr(v.grimoireRow.map(withNeed), "view.grimoires", "view.grimoires.none"));
  const sorcerers = v.sorcerers.flatMap((s) => (s ? [s.token === null ? msg("view.faceDownSorcerer") : withNeed(s.token)] : []));
  lines.push(listOr(sorcerers, "view.sorcerers", "view.sorcerers.none"));
  lines.push(listOr(v.faceUp.map(cardMessage), "view.spells", "view.spells.none", { pile: v.pile }));
  lines.push(listOr(v.moat.map((id) => tokenMessage(id, "name")), "view.moat", "view.moat.empty"));
  v.trunks.forEach((t, s) => {
    const params = { seat: seatRef(s), wand: v.wands[s]! };
    lines.push(t.length === 0 ? msg("view.trunk.empty", params) : msg("view.trunk", { ...params, items: t.map((id) => tokenMessage(id, "name")) }));
  });
  if (v.phase.type === "point") {
    const phase = v.phase;
    lines.push(msg("view.chosen", { seats: phase.chosen.map((c, s) => msg(c ? "view.chosen.yes" : "view.chosen.no", { seat: seatRef(s) })) }));
    if (phase.mine !== null && viewer !== "spectator") lines.push(msg("view.mine", { target: targetMessage(phase.mine) }));
  }
  return lines;
}
