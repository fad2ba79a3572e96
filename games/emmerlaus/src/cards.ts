// The base 100-card deck as data: every card's category, defence band, targets, amount and effect
// primitive, read by the interpreter in rules.ts. Source: /work/shared/spec/emmerlaus-cards.md
// (a box owner corrects a card here, in one place). The cards' names and effect texts, in French and
// English, are in text/ (`card.<id>.name`, `card.<id>.effect`): correct a value there too.
import type { Amount, Category, Die, EmmerlausOptions, ObjectKind, Sphere, Targeting } from "./data.ts";

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
  | { readonly kind: "sanctuary"; readonly amount: Amount }
  // Expansion cards
  /** A belt: the wearer's AD and AM resolve with this much more PL (R2). */
  | { readonly kind: "attack-power"; readonly value: number }
  /** Amulette anti-attaque de masse: AM cards skip the wearer. */
  | { readonly kind: "mass-ward" }
  /** Amulette anti-miroir: a card allowing Miroir that reaches the wearer is turned back on a 1 of this die. */
  | { readonly kind: "turn-back"; readonly die: Die }
  /** Anneau de vitalité: the owner gains this die's roll at the start of each of their turns. */
  | { readonly kind: "vitality"; readonly die: Die }
  /** Robe de double résistance: a second resistance roll, the better one counts. */
  | { readonly kind: "double-resistance" }
  /** Robe de contre-attaque: an attacker who hits the wearer takes this die's roll. */
  | { readonly kind: "retaliation"; readonly die: Die }
  /** Robe miroir: this die's roll (at most the damage) is taken off each damage to the wearer and dealt to the attacker. */
  | { readonly kind: "mirror-robe"; readonly die: Die }
  /** Robe vampirique: an attacker who hits the wearer is drained of this die's roll, to the wearer. */
  | { readonly kind: "vampiric"; readonly die: Die }
  /** Pacte ténébreux: lies in front of the caster for good; their AD and AM get +power PL and −malus on the target's threshold. */
  | { readonly kind: "pact"; readonly power: number; readonly malus: number }
  /** The expansion potions: lie in front of the owner for 1dX of their turns from the next one: damage ×, plays per turn, untouchable. */
  | { readonly kind: "boost"; readonly die: Die; readonly damage?: number; readonly plays?: number; readonly untouchable?: boolean }
  /** Transformation énergétique d'un anneau: discard a power ring of one's own, gain `per` × its value. */
  | { readonly kind: "convert-ring"; readonly per: number }
  /** Corruption d'un anneau: discard a power ring of one's own, the target loses `per` × its value. */
  | { readonly kind: "ring-damage"; readonly per: number }
  /**
   * A staff: at the start of each of its owner's turns, one die plus one per card of category
   * `stores` laid on it, as damage to one opponent (AD) or to every opponent (AM).
   */
  | { readonly kind: "staff"; readonly die: Die; readonly stores: "AD" | "AM" };

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
  /** A target must have this in play (R34); "own-ring": the caster gives up a power ring they wear. */
  readonly needs?: "object" | "ring" | "own-ring";
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

function object(id: string, quantity: number, kind: ObjectKind, effect: Effect): CardData {
  return { id, quantity, category: "O", targets: "self", effect, band: NONE, object: kind };
}
function direct(id: string, effect: Effect, band: Band = BLUE, extra: Partial<CardData> = {}): CardData {
  return { id, quantity: 1, category: "AD", targets: "opponent", effect, band, ...extra };
}
function mass(id: string, effect: Effect, band: Band): CardData {
  return { id, quantity: 1, category: "AM", targets: "all-opponents", effect, band };
}
function attribute(id: string, amount: Amount, potion: boolean): CardData {
  return { id, quantity: 1, category: "A", targets: "self", effect: { kind: "heal", amount }, band: potion ? NONE : HEAL_BAND, ...(potion ? { object: "potion" as const } : {}) };
}
function potion(id: string, effect: Effect): CardData {
  return { id, quantity: 1, category: "S", targets: "self", effect, band: NONE, object: "potion" };
}
const damage = (amount: Amount, acid = false): Effect => (acid ? { kind: "damage", amount, acid } : { kind: "damage", amount });

export const CARDS: readonly CardData[] = [
  // O — objects (R3, R4, R5)
  object("anneau-de-puissance-1", 5, "ring", { kind: "power", value: 1 }),
  object("anneau-de-puissance-2", 3, "ring", { kind: "power", value: 2 }),
  object("anneau-de-puissance-3", 1, "ring", { kind: "power", value: 3 }),
  object("anneau-de-resurrection", 1, "ring", { kind: "resurrection" }),
  object("robe-de-protection-2", 1, "robe", { kind: "protection", bonus: 2 }),
  object("robe-de-protection-3", 1, "robe", { kind: "protection", bonus: 3 }),
  object("robe-d-absorption", 1, "robe", { kind: "absorption", die: 10 }),
  // CO — counter-objects
  { id: "depouillement", quantity: 1, category: "CO", targets: "opponent", effect: { kind: "despoil" }, band: BLUE, needs: "object" },
  { id: "dissipation-d-un-anneau", quantity: 2, category: "CO", targets: "opponent", effect: { kind: "dispel-ring" }, band: BLUE, needs: "ring" },
  { id: "la-main-qui-vole", quantity: 2, category: "CO", targets: "opponent", effect: { kind: "steal" }, band: RED_ATTACK, needs: "object" },
  // CA — counter-attacks (played only as answers, R32)
  { id: "annulation", quantity: 6, category: "CA", targets: "self", effect: { kind: "nullify" }, band: NONE },
  { id: "miroir", quantity: 5, category: "CA", targets: "self", effect: { kind: "mirror" }, band: { ...NONE, mirror: true } },
  { id: "resistance-accrue", quantity: 6, category: "CA", targets: "self", effect: { kind: "heighten" }, band: NONE },
  // AD — direct attacks
  direct("ange-gardien", damage(perPl(20)), BLUE, { malus: 3 }),
  direct("arc-electrique", damage(timesPl(6))),
  direct("au-seuil-de-la-mort", { kind: "set-life", die: 10 }),
  direct("boule-acidifiee", damage(perPl(8), true)),
  direct("boule-de-feu", damage(perPl(8))),
  direct("cerceau-de-feu", damage(perPlPlus1(4)), RED_ATTACK),
  direct("coup-de-vent", damage(perPl(6)), BLUE, { malus: 3 }),
  direct("cumulonimbus", damage(perPl(10)), BLUE, { malus: 3 }),
  direct("desintegration", { kind: "kill" }, { ...BLUE, mirror: false }),
  direct("destruction", damage(perPl(20))),
  direct("dommage", damage({ flat: 5, times: "pl" })),
  direct("dommage-superieur", damage({ flat: 10, times: "pl" })),
  direct("don-adverse", { kind: "drain", amount: perTargetPl(8) }),
  direct("eclair", damage(perPl(6))),
  direct("energie-acide", damage(perPl(12), true)),
  direct("eruption-acide", damage(perPl(6), true)),
  direct("etouffement", damage(perPl(4)), BLUE, { malus: 4 }),
  direct("explosion-energetique", damage(perPl(12))),
  direct("flechette-acide", damage(perPl(4), true), RED_ATTACK),
  direct("fleche-magique", damage(perPl(4)), RED_ATTACK),
  direct("fouet-enflamme", damage(perPlPlus1(6))),
  direct("globe-infernal", damage(timesPl(8))),
  direct("grenacide", damage(perPl(20), true)),
  direct("lance-flamme", damage(perPlPlus1(12))),
  direct("main-brulante", { kind: "damage", amount: roll(1, 12), hits: 5 }, BLUE, { rolls: 5 }),
  direct("missile-nucleaire", damage(timesPl(20))),
  direct("projectile-magique", damage(timesPl(4)), RED_ATTACK),
  direct("pulverisateur", damage(timesPl(10))),
  direct("rayon-acide", damage(perPl(10), true)),
  direct("rayon-laser", damage(perPl(10))),
  direct("souffle-enflamme", damage(perPlPlus1(8))),
  direct("spirale-de-feu", damage(perPlPlus1(10))),
  direct("succion-vampirique", { kind: "drain", amount: perPl(8) }),
  direct("super-boule-de-feu", damage(perPlPlus1(20))),
  direct("torpille", damage(perPl(12)), BLUE, { malus: 3 }),
  direct("tourbillon", damage(perPl(8)), BLUE, { malus: 3 }),
  direct("transmission-vitale", { kind: "drain", amount: perTargetPl(10) }),
  direct("violence", damage(timesPl(12))),
  // AM — mass attacks: one shared roll (R19)
  mass("carquois-de-fleches-magiques", damage(perPl(4)), { sphere: "red", heighten: false, annul: 0, mirror: true }),
  mass("champ-d-eclairs", damage(perPl(6)), YELLOW_MASS_NO_ANNUL),
  mass("destruction-massive", damage(perPl(20)), YELLOW_MASS),
  mass("disco-laser", damage(perPl(10)), YELLOW_MASS),
  mass("pluie-de-boules-de-feu", damage(perPl(8)), YELLOW_MASS_NO_ANNUL),
  mass("souffrance-empirique", { kind: "halve-life" }, { sphere: "blue", heighten: true, annul: 0, mirror: true }),
  mass("vapeur-explosive", damage(perPl(8)), YELLOW_MASS),
  // A — attributes
  { id: "fontaine", quantity: 1, category: "A", targets: "self", effect: { kind: "fountain", each: 20 }, band: HEAL_BAND },
  attribute("potion-d-energie", roll(4, 6), true),
  attribute("potion-d-energie-majeure", roll(5, 10), true),
  attribute("potion-d-energie-superieure", roll(6, 12), true),
  attribute("potion-d-energie-supreme", roll(1, 100), true),
  attribute("puissance-vitale", perPl(4), false),
  attribute("puissance-vitale-majeure", perPl(8), false),
  attribute("puissance-vitale-superieure", perPl(10), false),
  attribute("puissance-vitale-supreme", perPl(12), false),
  // S — specials
  { id: "colere-du-magicien", quantity: 1, category: "S", targets: "opponent", effect: { kind: "wrath" }, band: BLUE },
  { id: "sommeil", quantity: 1, category: "S", targets: "left", effect: { kind: "sleep" }, band: BLUE },
  { id: "telepathie", quantity: 1, category: "S", targets: "opponent", effect: { kind: "show-hand" }, band: { sphere: "red", heighten: false, annul: 0, mirror: true } },
  { id: "transfert-de-corps", quantity: 1, category: "S", targets: "opponent", effect: { kind: "swap" }, band: { sphere: "blue", heighten: true, annul: 0, mirror: false } },
  // ST, SO
  { id: "vitesse-double", quantity: 1, category: "ST", targets: "self", effect: { kind: "extra-plays", count: 2 }, band: NONE },
  { id: "malediction", quantity: 1, category: "SO", targets: "opponent", effect: { kind: "curse", malus: 5 }, band: { sphere: "red", heighten: false, annul: 2, mirror: true } },
  // E — Emmerlaüs
  { id: "champ-vampirique-d-emmerlaus", quantity: 1, category: "E", targets: "all-opponents", effect: { kind: "drain", amount: perPl(8) }, band: E_YELLOW },
  { id: "intervention-divine-d-emmerlaus", quantity: 1, category: "E", targets: "everyone", effect: { kind: "divine", heal: 25 }, band: { sphere: "red", heighten: false, annul: 2, mirror: false } },
  { id: "sacrifice-d-emmerlaus", quantity: 1, category: "E", targets: "all-opponents", effect: { kind: "sacrifice" }, band: { sphere: "yellow", heighten: false, annul: 2, mirror: false } },
  { id: "sanctuaire-d-emmerlaus", quantity: 1, category: "E", targets: "self", effect: { kind: "sanctuary", amount: { flat: 25, dice: { count: "pl", die: 8 } } }, band: NONE },
  { id: "tenebres-d-emmerlaus", quantity: 1, category: "E", targets: "all-opponents", effect: damage(perPl(12)), band: E_YELLOW },
];

/**
 * The expansion objects and cards the card list describes ("Expansion cards known"), one of each,
 * behind the `expansions` option. Left out, as the list says, until sourced: Amulette miroir, Anneau
 * d'immortalité, Bâton reproducteur, Robe de pouvoir.
 */
export const EXPANSION_CARDS: readonly CardData[] = [
  object("ceinture-de-force-2", 1, "belt", { kind: "attack-power", value: 2 }),
  object("ceinture-de-force-3", 1, "belt", { kind: "attack-power", value: 3 }),
  object("amulette-anti-attaque-de-masse", 1, "amulet", { kind: "mass-ward" }),
  object("amulette-anti-miroir", 1, "amulet", { kind: "turn-back", die: 10 }),
  object("anneau-de-vitalite", 1, "ring", { kind: "vitality", die: 6 }),
  // The staves' band applies to each shot: a roll, Résistance accrue, no Annulation, no Miroir.
  { ...object("baton-d-attaque", 1, "staff", { kind: "staff", die: 4, stores: "AD" }), band: { sphere: "blue", heighten: true, annul: 0, mirror: false } },
  { ...object("baton-d-attaque-massive", 1, "staff", { kind: "staff", die: 6, stores: "AM" }), band: { sphere: "blue", heighten: true, annul: 0, mirror: false } },
  object("robe-de-double-resistance", 1, "robe", { kind: "double-resistance" }),
  object("robe-de-contre-attaque", 1, "robe", { kind: "retaliation", die: 10 }),
  object("robe-miroir", 1, "robe", { kind: "mirror-robe", die: 6 }),
  object("robe-vampirique", 1, "robe", { kind: "vampiric", die: 6 }),
  { id: "pacte-tenebreux", quantity: 1, category: "S", targets: "self", effect: { kind: "pact", power: 2, malus: 3 }, band: HEAL_BAND },
  // Potions are objects (R5): no answer. The third party files them as S.
  potion("potion-de-force", { kind: "boost", die: 6, damage: 2 }),
  potion("potion-de-geant", { kind: "boost", die: 4, damage: 3 }),
  potion("potion-de-rapidite", { kind: "boost", die: 6, plays: 2 }),
  potion("potion-d-invincibilite", { kind: "boost", die: 4, damage: 2, untouchable: true }),
  { id: "transformation-energetique-d-un-anneau", quantity: 1, category: "A", targets: "self", effect: { kind: "convert-ring", per: 25 }, band: NONE, needs: "own-ring" },
  { id: "corruption-d-un-anneau", quantity: 1, category: "AD", targets: "opponent", effect: { kind: "ring-damage", per: 25 }, band: BLUE, needs: "own-ring" },
];

const BY_ID = new Map([...CARDS, ...EXPANSION_CARDS].map((card) => [card.id, card]));

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

/** Each deck built once (a search's every resample deals from one): by size and expansions. */
const DECKS = new Map<string, readonly string[]>();

/** Every card of a game with these options, in table order: the base deck 1–3 times, then the expansion cards. A new array each call. */
export function deckOf(options: EmmerlausOptions): string[] {
  const key = `${options.deck} ${options.expansions}`;
  let deck = DECKS.get(key);
  if (!deck) {
    const out: string[] = [];
    for (let copy = 0; copy < options.deck / 100; copy++) out.push(...baseDeck());
    if (options.expansions) out.push(...EXPANSION_CARDS.flatMap((c) => Array.from({ length: c.quantity }, () => c.id)));
    DECKS.set(key, (deck = out));
  }
  return deck.slice();
}

/** Cards in a full hand (§IX, R33): 5 with 100 cards, 6 from 200, 7 from 300. */
export function handSize(options: EmmerlausOptions): number {
  const cards = options.deck + (options.expansions ? EXPANSION_CARDS.reduce((n, c) => n + c.quantity, 0) : 0);
  return cards >= 300 ? 7 : cards >= 200 ? 6 : 5;
}
