// The base 100-card deck as data: every card's category, defence band, targets, amount and effect
// primitive, read by the interpreter in rules.ts. Source: /work/shared/spec/emmerlaus-cards.md
// (a box owner corrects a card here, in one place). Names are the French card names; the short
// English texts are ours.
import type { Amount, Category, Die, ObjectKind, Sphere, Targeting } from "./vocabulary.ts";

/** The effect primitives the interpreter knows. */
export type Effect =
  | { readonly kind: "damage"; readonly amount: Amount; readonly hits?: number; readonly acid?: boolean }
  | { readonly kind: "drain"; readonly amount: Amount }
  | { readonly kind: "heal"; readonly amount: Amount }
  | { readonly kind: "kill" }
  | { readonly kind: "set-life"; readonly die: Die }
  | { readonly kind: "halve-life" }
  | { readonly kind: "power"; readonly value: number }
  | { readonly kind: "protection"; readonly bonus: number }
  | { readonly kind: "absorption"; readonly die: Die }
  | { readonly kind: "resurrection" }
  | { readonly kind: "despoil" }
  | { readonly kind: "dispel-ring" }
  | { readonly kind: "steal" }
  | { readonly kind: "nullify" }
  | { readonly kind: "mirror" }
  | { readonly kind: "heighten" }
  | { readonly kind: "wrath" }
  | { readonly kind: "sleep" }
  | { readonly kind: "show-hand" }
  | { readonly kind: "swap" }
  | { readonly kind: "extra-plays"; readonly count: number }
  | { readonly kind: "curse"; readonly malus: number }
  | { readonly kind: "fountain"; readonly each: number }
  | { readonly kind: "divine"; readonly heal: number }
  | { readonly kind: "sacrifice" }
  | { readonly kind: "sanctuary"; readonly amount: Amount };

export interface Band {
  readonly sphere: Sphere;
  /** Résistance accrue allowed. */
  readonly heighten: boolean;
  /** Annulations needed; 0 = Annulation not allowed. */
  readonly annul: 0 | 1 | 2;
  readonly mirror: boolean;
}

export interface CardData {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly quantity: number;
  readonly category: Category;
  readonly targets: Targeting;
  readonly effect: Effect;
  readonly band: Band;
  /** Object kind for cards laid in play; "potion" objects are used at once (R5). */
  readonly object?: ObjectKind | "potion";
  /** Taken off the target's resistance threshold against this card. */
  readonly malus?: number;
  /** Resistance rolls against this card (Main brûlante: one per hit). */
  readonly rolls?: number;
  /** A target must have this in play (R34). */
  readonly needs?: "object" | "ring";
}

const perPl = (die: Die): Amount => ({ dice: { count: "pl", die } });
const perPlPlus1 = (die: Die): Amount => ({ dice: { count: "pl+1", die } });
const timesPl = (die: Die): Amount => ({ dice: { count: 1, die }, times: "pl" });
const perTargetPl = (die: Die): Amount => ({ dice: { count: "target-pl", die } });
const roll = (count: number, die: Die): Amount => ({ dice: { count, die } });

const NONE: Band = { sphere: "red", heighten: false, annul: 0, mirror: false };
const BLUE: Band = { sphere: "blue", heighten: true, annul: 1, mirror: true };
const RED_ATTACK: Band = { sphere: "red", heighten: false, annul: 1, mirror: true };
const YELLOW_MASS: Band = { sphere: "yellow", heighten: true, annul: 1, mirror: true };
const YELLOW_MASS_NO_ANNUL: Band = { sphere: "yellow", heighten: true, annul: 0, mirror: true };
const HEAL_BAND: Band = { sphere: "red", heighten: false, annul: 1, mirror: false };
const E_YELLOW: Band = { sphere: "yellow", heighten: false, annul: 0, mirror: false };

function object(id: string, name: string, text: string, quantity: number, kind: ObjectKind, effect: Effect): CardData {
  return { id, name, text, quantity, category: "O", targets: "self", effect, band: NONE, object: kind };
}
function direct(id: string, name: string, text: string, effect: Effect, band: Band = BLUE, extra: Partial<CardData> = {}): CardData {
  return { id, name, text, quantity: 1, category: "AD", targets: "opponent", effect, band, ...extra };
}
function mass(id: string, name: string, text: string, effect: Effect, band: Band): CardData {
  return { id, name, text, quantity: 1, category: "AM", targets: "all-opponents", effect, band };
}
function attribute(id: string, name: string, text: string, amount: Amount, potion: boolean): CardData {
  return { id, name, text, quantity: 1, category: "A", targets: "self", effect: { kind: "heal", amount }, band: potion ? NONE : HEAL_BAND, ...(potion ? { object: "potion" as const } : {}) };
}
const damage = (amount: Amount, acid = false): Effect => (acid ? { kind: "damage", amount, acid } : { kind: "damage", amount });

export const CARDS: readonly CardData[] = [
  // O — objects (R3, R4, R5)
  object("anneau-de-puissance-1", "Anneau de puissance +1", "Ring: +1 power level while worn.", 5, "ring", { kind: "power", value: 1 }),
  object("anneau-de-puissance-2", "Anneau de puissance +2", "Ring: +2 power level while worn.", 3, "ring", { kind: "power", value: 2 }),
  object("anneau-de-puissance-3", "Anneau de puissance +3", "Ring: +3 power level while worn.", 1, "ring", { kind: "power", value: 3 }),
  object("anneau-de-resurrection", "Anneau de résurrection", "Ring: on death, come back at 50 life with 5 new cards; the ring is discarded (not against Désintégration).", 1, "ring", { kind: "resurrection" }),
  object("robe-de-protection-2", "Robe de protection +2", "Robe: resistance succeeds on 1–12.", 1, "robe", { kind: "protection", bonus: 2 }),
  object("robe-de-protection-3", "Robe de protection +3", "Robe: resistance succeeds on 1–13.", 1, "robe", { kind: "protection", bonus: 3 }),
  object("robe-d-absorption", "Robe d'absorption", "Robe: each damage from an opponent's card is reduced by 1d10.", 1, "robe", { kind: "absorption", die: 10 }),
  // CO — counter-objects
  { id: "depouillement", name: "Dépouillement", text: "One opponent with objects: on a hit, all their objects are discarded.", quantity: 1, category: "CO", targets: "opponent", effect: { kind: "despoil" }, band: BLUE, needs: "object" },
  { id: "dissipation-d-un-anneau", name: "Dissipation d'un anneau", text: "One opponent with a ring: on a hit, one of their rings (attacker's pick) is discarded.", quantity: 2, category: "CO", targets: "opponent", effect: { kind: "dispel-ring" }, band: BLUE, needs: "ring" },
  { id: "la-main-qui-vole", name: "La main qui vole", text: "One opponent with objects: on a hit, take one of their objects into your own play.", quantity: 2, category: "CO", targets: "opponent", effect: { kind: "steal" }, band: RED_ATTACK, needs: "object" },
  // CA — counter-attacks (played only as answers, R32)
  { id: "annulation", name: "Annulation", text: "Answer: cancels the card just played (two needed where its band says 2).", quantity: 6, category: "CA", targets: "self", effect: { kind: "nullify" }, band: NONE },
  { id: "miroir", name: "Miroir", text: "Answer: your share of the card strikes its caster instead, with no roll.", quantity: 5, category: "CA", targets: "self", effect: { kind: "mirror" }, band: { ...NONE, mirror: true } },
  { id: "resistance-accrue", name: "Résistance accrue", text: "Answer: your resistance threshold rises by your power level until the end of this turn.", quantity: 6, category: "CA", targets: "self", effect: { kind: "heighten" }, band: NONE },
  // AD — direct attacks
  direct("ange-gardien", "Ange gardien", "1d20 per PL damage; threshold −3.", damage(perPl(20)), BLUE, { malus: 3 }),
  direct("arc-electrique", "Arc électrique", "1d6 × PL damage.", damage(timesPl(6))),
  direct("au-seuil-de-la-mort", "Au seuil de la mort", "The target's life drops to 1d10 (never raised).", { kind: "set-life", die: 10 }),
  direct("boule-acidifiee", "Boule acidifiée", "1d8 per PL damage; acid.", damage(perPl(8), true)),
  direct("boule-de-feu", "Boule de feu", "1d8 per PL damage.", damage(perPl(8))),
  direct("cerceau-de-feu", "Cerceau de feu", "1d4 per (PL+1) damage.", damage(perPlPlus1(4)), RED_ATTACK),
  direct("coup-de-vent", "Coup de vent", "1d6 per PL damage; threshold −3.", damage(perPl(6)), BLUE, { malus: 3 }),
  direct("cumulonimbus", "Cumulonimbus", "1d10 per PL damage; threshold −3.", damage(perPl(10)), BLUE, { malus: 3 }),
  direct("desintegration", "Désintégration", "The target dies; no resurrection.", { kind: "kill" }, { ...BLUE, mirror: false }),
  direct("destruction", "Destruction", "1d20 per PL damage.", damage(perPl(20))),
  direct("dommage", "Dommage", "5 × PL damage.", damage({ flat: 5, times: "pl" })),
  direct("dommage-superieur", "Dommage supérieur", "10 × PL damage.", damage({ flat: 10, times: "pl" })),
  direct("don-adverse", "Don adverse", "Drain 1d8 per the target's PL.", { kind: "drain", amount: perTargetPl(8) }),
  direct("eclair", "Éclair", "1d6 per PL damage.", damage(perPl(6))),
  direct("energie-acide", "Énergie acide", "1d12 per PL damage; acid.", damage(perPl(12), true)),
  direct("eruption-acide", "Éruption acide", "1d6 per PL damage; acid.", damage(perPl(6), true)),
  direct("etouffement", "Étouffement", "1d4 per PL damage; threshold −4.", damage(perPl(4)), BLUE, { malus: 4 }),
  direct("explosion-energetique", "Explosion énergétique", "1d12 per PL damage.", damage(perPl(12))),
  direct("flechette-acide", "Fléchette acide", "1d4 per PL damage; acid; no roll.", damage(perPl(4), true), RED_ATTACK),
  direct("fleche-magique", "Flèche magique", "1d4 per PL damage; no roll.", damage(perPl(4)), RED_ATTACK),
  direct("fouet-enflamme", "Fouet enflammé", "1d6 per (PL+1) damage.", damage(perPlPlus1(6))),
  direct("globe-infernal", "Globe infernal", "1d8 × PL damage.", damage(timesPl(8))),
  direct("grenacide", "Grenacide", "1d20 per PL damage; acid.", damage(perPl(20), true)),
  direct("lance-flamme", "Lance-flamme", "1d12 per (PL+1) damage.", damage(perPlPlus1(12))),
  direct("main-brulante", "Main brûlante", "Five hits of 1d12, one roll each.", { kind: "damage", amount: roll(1, 12), hits: 5 }, BLUE, { rolls: 5 }),
  direct("missile-nucleaire", "Missile nucléaire", "1d20 × PL damage.", damage(timesPl(20))),
  direct("projectile-magique", "Projectile magique", "1d4 × PL damage; no roll.", damage(timesPl(4)), RED_ATTACK),
  direct("pulverisateur", "Pulvérisateur", "1d10 × PL damage.", damage(timesPl(10))),
  direct("rayon-acide", "Rayon acide", "1d10 per PL damage; acid.", damage(perPl(10), true)),
  direct("rayon-laser", "Rayon laser", "1d10 per PL damage.", damage(perPl(10))),
  direct("souffle-enflamme", "Souffle enflammé", "1d8 per (PL+1) damage.", damage(perPlPlus1(8))),
  direct("spirale-de-feu", "Spirale de feu", "1d10 per (PL+1) damage.", damage(perPlPlus1(10))),
  direct("succion-vampirique", "Succion vampirique", "Drain 1d8 per PL.", { kind: "drain", amount: perPl(8) }),
  direct("super-boule-de-feu", "Super boule de feu", "1d20 per (PL+1) damage.", damage(perPlPlus1(20))),
  direct("torpille", "Torpille", "1d12 per PL damage; threshold −3.", damage(perPl(12)), BLUE, { malus: 3 }),
  direct("tourbillon", "Tourbillon", "1d8 per PL damage; threshold −3.", damage(perPl(8)), BLUE, { malus: 3 }),
  direct("transmission-vitale", "Transmission vitale", "Drain 1d10 per the target's PL.", { kind: "drain", amount: perTargetPl(10) }),
  direct("violence", "Violence", "1d12 × PL damage.", damage(timesPl(12))),
  // AM — mass attacks: one shared roll (R19)
  mass("carquois-de-fleches-magiques", "Carquois de flèches magiques", "1d4 per PL damage to every opponent; no roll.", damage(perPl(4)), { sphere: "red", heighten: false, annul: 0, mirror: true }),
  mass("champ-d-eclairs", "Champ d'éclairs", "1d6 per PL damage to every opponent.", damage(perPl(6)), YELLOW_MASS_NO_ANNUL),
  mass("destruction-massive", "Destruction massive", "1d20 per PL damage to every opponent.", damage(perPl(20)), YELLOW_MASS),
  mass("disco-laser", "Disco laser", "1d10 per PL damage to every opponent.", damage(perPl(10)), YELLOW_MASS),
  mass("pluie-de-boules-de-feu", "Pluie de boules de feu", "1d8 per PL damage to every opponent.", damage(perPl(8)), YELLOW_MASS_NO_ANNUL),
  mass("souffrance-empirique", "Souffrance empirique", "Every opponent hit loses half their life, rounded up.", { kind: "halve-life" }, { sphere: "blue", heighten: true, annul: 0, mirror: true }),
  mass("vapeur-explosive", "Vapeur explosive", "1d8 per PL damage to every opponent.", damage(perPl(8)), YELLOW_MASS),
  // A — attributes
  { id: "fontaine", name: "Fontaine", text: "Every other living player gains 20; the caster gains 20 per living player.", quantity: 1, category: "A", targets: "self", effect: { kind: "fountain", each: 20 }, band: HEAL_BAND },
  attribute("potion-d-energie", "Potion d'énergie", "Potion: gain 4d6 life.", roll(4, 6), true),
  attribute("potion-d-energie-majeure", "Potion d'énergie majeure", "Potion: gain 5d10 life.", roll(5, 10), true),
  attribute("potion-d-energie-superieure", "Potion d'énergie supérieure", "Potion: gain 6d12 life.", roll(6, 12), true),
  attribute("potion-d-energie-supreme", "Potion d'énergie suprême", "Potion: gain 1d100 life.", roll(1, 100), true),
  attribute("puissance-vitale", "Puissance vitale", "Gain 1d4 per PL life.", perPl(4), false),
  attribute("puissance-vitale-majeure", "Puissance vitale majeure", "Gain 1d8 per PL life.", perPl(8), false),
  attribute("puissance-vitale-superieure", "Puissance vitale supérieure", "Gain 1d10 per PL life.", perPl(10), false),
  attribute("puissance-vitale-supreme", "Puissance vitale suprême", "Gain 1d12 per PL life.", perPl(12), false),
  // S — specials
  { id: "colere-du-magicien", name: "Colère du magicien", text: "On a hit the target is paralysed and the attacker fires one AD from hand at them: no answer, no roll, double effect.", quantity: 1, category: "S", targets: "opponent", effect: { kind: "wrath" }, band: BLUE },
  { id: "sommeil", name: "Sommeil", text: "The player on your left skips their next turn and cannot answer until their following turn.", quantity: 1, category: "S", targets: "left", effect: { kind: "sleep" }, band: BLUE },
  { id: "telepathie", name: "Télépathie", text: "One opponent shows you their hand.", quantity: 1, category: "S", targets: "opponent", effect: { kind: "show-hand" }, band: { sphere: "red", heighten: false, annul: 0, mirror: true } },
  { id: "transfert-de-corps", name: "Transfert de corps", text: "Swap life, hand, objects and cards in front with one opponent.", quantity: 1, category: "S", targets: "opponent", effect: { kind: "swap" }, band: { sphere: "blue", heighten: true, annul: 0, mirror: false } },
  // ST, SO
  { id: "vitesse-double", name: "Vitesse double", text: "Play up to two more cards this turn (not ST).", quantity: 1, category: "ST", targets: "self", effect: { kind: "extra-plays", count: 2 }, band: NONE },
  { id: "malediction", name: "Malédiction", text: "Laid before one opponent: their threshold is −5 until removed.", quantity: 1, category: "SO", targets: "opponent", effect: { kind: "curse", malus: 5 }, band: { sphere: "red", heighten: false, annul: 2, mirror: true } },
  // E — Emmerlaüs
  { id: "champ-vampirique-d-emmerlaus", name: "Champ vampirique d'Emmerlaüs", text: "Drain 1d8 per PL from every opponent (one roll).", quantity: 1, category: "E", targets: "all-opponents", effect: { kind: "drain", amount: perPl(8) }, band: E_YELLOW },
  { id: "intervention-divine-d-emmerlaus", name: "Intervention divine d'Emmerlaüs", text: "Keep one card, gain 25; every other card is reshuffled and everyone draws a new hand.", quantity: 1, category: "E", targets: "everyone", effect: { kind: "divine", heal: 25 }, band: { sphere: "red", heighten: false, annul: 2, mirror: false } },
  { id: "sacrifice-d-emmerlaus", name: "Sacrifice d'Emmerlaüs", text: "Lose X life; every opponent takes X (half on a resistance success).", quantity: 1, category: "E", targets: "all-opponents", effect: { kind: "sacrifice" }, band: { sphere: "yellow", heighten: false, annul: 2, mirror: false } },
  { id: "sanctuaire-d-emmerlaus", name: "Sanctuaire d'Emmerlaüs", text: "Gain 25 + 1d8 per PL; no opponent may target you until your next turn.", quantity: 1, category: "E", targets: "self", effect: { kind: "sanctuary", amount: { flat: 25, dice: { count: "pl", die: 8 } } }, band: NONE },
  { id: "tenebres-d-emmerlaus", name: "Ténèbres d'Emmerlaüs", text: "1d12 per PL damage to every opponent (one roll).", quantity: 1, category: "E", targets: "all-opponents", effect: damage(perPl(12)), band: E_YELLOW },
];

const BY_ID = new Map(CARDS.map((card) => [card.id, card]));

export function isCardId(id: unknown): id is string {
  return typeof id === "string" && BY_ID.has(id);
}

export function card(id: string): CardData {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown card ${id}`);
  return found;
}

/** The 100 cards of the base deck, in table order. */
export function baseDeck(): string[] {
  return CARDS.flatMap((c) => Array.from({ length: c.quantity }, () => c.id));
}
