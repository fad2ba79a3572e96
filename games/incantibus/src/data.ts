// Incantibus component data: the one place a box owner corrects a value.
// Follows /work/shared/spec/incantibus-components.md (R = rulebook, D = project choice).
// Every physical token gets an id = its index in TOKENS; rules read faces from here only.

export const WEAPONS = ["Filet magique", "Boule de cristal", "Piège à loup", "Pieu ailé"] as const;
export type Weapon = (typeof WEAPONS)[number];
export const MONSTERS = ["Gobelin", "Fantôme", "Loup-Garou", "Vampire"] as const;
export type Monster = (typeof MONSTERS)[number];
/** Weapon → the monster it captures (R). */
export const WEAPON_FOR: Readonly<Record<Monster, Weapon>> = {
  Gobelin: "Filet magique",
  Fantôme: "Boule de cristal",
  "Loup-Garou": "Piège à loup",
  Vampire: "Pieu ailé",
};
export const INGREDIENTS = ["Gui", "Champignon", "Citrouille", "Mandragore"] as const;
export type Ingredient = (typeof INGREDIENTS)[number];
export const COLOURS = ["green", "red", "blue"] as const;
export type Colour = (typeof COLOURS)[number];
export const SPECIALS = ["Sacoche", "Pierre philosophale", "Ultimus", "Fortuna"] as const;
export type Special = (typeof SPECIALS)[number];
export const SPELLS = ["Alkimia", "Imperium", "Retiro", "Video", "Locus", "Philosophia", "Ultimus", "Fortuna"] as const;
export type Spell = (typeof SPELLS)[number];
export const MODES = ["apprentice", "expert"] as const;
export type Mode = (typeof MODES)[number];
export const TOKEN_CLASSES = ["visible", "hidden", "special", "potion", "grimoire", "sorcerer"] as const;
export type TokenClass = (typeof TOKEN_CLASSES)[number];

/** What must be thrown into the moat to take a potion, a grimoire or a sorcerer. */
export type Requirement =
  | { readonly kind: "recipe"; readonly ingredients: readonly Ingredient[] }
  | { readonly kind: "any"; readonly count: number }
  | { readonly kind: "spells"; readonly count: number }
  | { readonly kind: "special"; readonly count: number }
  | { readonly kind: "gold"; readonly amount: number }
  | { readonly kind: "weapons"; readonly count: number }
  | { readonly kind: "sameWeapons"; readonly count: number }
  | { readonly kind: "differentWeapons"; readonly count: number }
  | { readonly kind: "sameIngredients"; readonly count: number }
  | { readonly kind: "differentIngredients"; readonly count: number }
  | { readonly kind: "monster"; readonly monster: Monster }
  | { readonly kind: "potion"; readonly colour: Colour }
  /** Sensei Ramus: nothing thrown, the pointing wand must be one of these. */
  | { readonly kind: "wand"; readonly wands: readonly number[] };

export type Face =
  | { readonly kind: "weapon"; readonly weapon: Weapon }
  | { readonly kind: "ingredient"; readonly ingredient: Ingredient }
  | { readonly kind: "gold"; readonly value: number }
  | { readonly kind: "monster"; readonly monster: Monster; readonly points: number }
  | { readonly kind: "spell" }
  | { readonly kind: "special"; readonly special: Special }
  | { readonly kind: "potion"; readonly colour: Colour; readonly need: Requirement; readonly points: number }
  | { readonly kind: "grimoire"; readonly need: Requirement; readonly points: number }
  | { readonly kind: "sorcerer"; readonly name: string; readonly need: Requirement; readonly points: number };

export interface TokenData {
  readonly cls: TokenClass;
  readonly face: Face;
}

const times = <T>(n: number, f: T): T[] => Array.from({ length: n }, () => f);
const weapon = (w: Weapon): Face => ({ kind: "weapon", weapon: w });
const ingredient = (i: Ingredient): Face => ({ kind: "ingredient", ingredient: i });
const gold = (value: number): Face => ({ kind: "gold", value });
const monster = (m: Monster, points: number): Face => ({ kind: "monster", monster: m, points });
const spellToken: Face = { kind: "spell" };

/** Visible pool: 38 tokens (spec table). */
export const VISIBLE_POOL: readonly Face[] = [
  ...WEAPONS.flatMap((w) => times(2, weapon(w))),
  ...INGREDIENTS.flatMap((i) => times(3, ingredient(i))),
  ...times(4, gold(1)),
  ...times(3, gold(2)),
  gold(3),
  ...MONSTERS.map((m) => monster(m, 3)),
  ...times(6, spellToken),
];

/** Hidden pool: 26 tokens (spec table). */
export const HIDDEN_POOL: readonly Face[] = [
  monster("Gobelin", 3), monster("Gobelin", 4), monster("Fantôme", 3), monster("Fantôme", 5),
  monster("Loup-Garou", 4), monster("Loup-Garou", 5), monster("Vampire", 4), monster("Vampire", 5),
  ...WEAPONS.map(weapon),
  ...INGREDIENTS.map(ingredient), ingredient("Mandragore"), ingredient("Mandragore"),
  gold(2), gold(2), gold(3), gold(3),
  ...times(4, spellToken),
];

export const SPECIAL_TOKENS: readonly Face[] = [
  { kind: "special", special: "Sacoche" },
  { kind: "special", special: "Sacoche" },
  { kind: "special", special: "Pierre philosophale" },
  { kind: "special", special: "Ultimus" },
  { kind: "special", special: "Fortuna" },
  { kind: "special", special: "Fortuna" },
];

const potion = (colour: Colour, ingredients: Ingredient[], points: number): Face => ({ kind: "potion", colour, need: { kind: "recipe", ingredients }, points });
export const POTIONS: readonly Face[] = [
  potion("green", ["Gui", "Champignon"], 5),
  potion("green", ["Citrouille", "Mandragore"], 5),
  potion("green", ["Gui", "Citrouille", "Champignon"], 8),
  potion("red", ["Citrouille", "Citrouille"], 4),
  potion("red", ["Gui", "Mandragore"], 5),
  potion("red", ["Champignon", "Mandragore", "Citrouille"], 8),
  potion("blue", ["Mandragore", "Mandragore"], 6),
  potion("blue", ["Champignon", "Citrouille"], 4),
  potion("blue", ["Gui", "Gui", "Mandragore"], 7),
];

const grimoire = (need: Requirement, points: number): Face => ({ kind: "grimoire", need, points });
export const GRIMOIRES: readonly Face[] = [
  grimoire({ kind: "any", count: 2 }, 4),
  grimoire({ kind: "spells", count: 1 }, 3),
  grimoire({ kind: "special", count: 1 }, 4),
  grimoire({ kind: "gold", amount: 2 }, 3),
  grimoire({ kind: "gold", amount: 3 }, 5),
  grimoire({ kind: "sameWeapons", count: 2 }, 6),
  grimoire({ kind: "differentWeapons", count: 2 }, 5),
  grimoire({ kind: "sameIngredients", count: 2 }, 5),
  grimoire({ kind: "differentIngredients", count: 2 }, 4),
];

const sorcerer = (name: string, need: Requirement, points: number): Face => ({ kind: "sorcerer", name, need, points });
export const SORCERERS: readonly Face[] = [
  sorcerer("Lady Goblina", { kind: "monster", monster: "Gobelin" }, 6),
  sorcerer("Aiti Romulus", { kind: "monster", monster: "Loup-Garou" }, 6),
  sorcerer("Dame Blanche", { kind: "monster", monster: "Fantôme" }, 6),
  sorcerer("Le Comte Vlad", { kind: "monster", monster: "Vampire" }, 6),
  sorcerer("Dae Mago", { kind: "spells", count: 2 }, 7),
  sorcerer("Night Knight", { kind: "weapons", count: 4 }, 10),
  sorcerer("Baronessa Magenta", { kind: "potion", colour: "red" }, 8),
  sorcerer("Viper Esmeralda", { kind: "potion", colour: "green" }, 8),
  sorcerer("Rexe Indigo", { kind: "potion", colour: "blue" }, 8),
  sorcerer("Prince Avaricum", { kind: "gold", amount: 4 }, 7),
  sorcerer("Teribil Bankier", { kind: "any", count: 4 }, 9),
  sorcerer("Sensei Ramus", { kind: "wand", wands: [1, 2] }, 5),
];

/** Every token of the box; a token's id is its index here. */
export const TOKENS: readonly TokenData[] = [
  ...VISIBLE_POOL.map((face) => ({ cls: "visible" as const, face })),
  ...HIDDEN_POOL.map((face) => ({ cls: "hidden" as const, face })),
  ...SPECIAL_TOKENS.map((face) => ({ cls: "special" as const, face })),
  ...POTIONS.map((face) => ({ cls: "potion" as const, face })),
  ...GRIMOIRES.map((face) => ({ cls: "grimoire" as const, face })),
  ...SORCERERS.map((face) => ({ cls: "sorcerer" as const, face })),
];
export const idsOf = (cls: TokenClass): number[] => TOKENS.flatMap((t, id) => (t.cls === cls ? [id] : []));

/** Spell cards: 12 (spec). A card's id is its index here. */
export const SPELL_CARDS: readonly Spell[] = [
  "Alkimia", "Alkimia", "Imperium", "Imperium", "Retiro", "Video", "Locus", "Locus", "Philosophia", "Ultimus", "Fortuna", "Fortuna",
];
/** Which special token a spell card hands out. */
export const SPELL_SPECIAL: Partial<Record<Spell, Special>> = { Locus: "Sacoche", Philosophia: "Pierre philosophale", Ultimus: "Ultimus", Fortuna: "Fortuna" };

export interface RoomData {
  readonly name: string;
  /** Squares on the tile's back: 0 for the Roof; a room is used from that many players (2 for "2 +"). */
  readonly back: number;
  readonly visible: number;
  readonly hidden: number;
}
export const ROOF = 0;
export const ROOMS: readonly RoomData[] = [
  { name: "Toit", back: 0, visible: 7, hidden: 0 },
  { name: "Dortoir", back: 2, visible: 4, hidden: 3 },
  { name: "Bibliothèque", back: 2, visible: 4, hidden: 4 },
  { name: "Cuisine", back: 2, visible: 5, hidden: 3 },
  { name: "Laboratoire", back: 3, visible: 4, hidden: 4 },
  { name: "Salle d'armes", back: 3, visible: 5, hidden: 4 },
  { name: "Observatoire", back: 4, visible: 4, hidden: 4 },
  { name: "Salle du trône", back: 4, visible: 5, hidden: 4 },
];

/** Setup differences by player count (R). */
export const PLAYER_COUNTS: Readonly<Record<number, { readonly wands: readonly number[]; readonly sorcerers: number }>> = {
  2: { wands: [1, 4], sorcerers: 6 },
  3: { wands: [1, 2, 4], sorcerers: 9 },
  4: { wands: [1, 2, 3, 4], sorcerers: 12 },
};
/** Rooms in play for a player count: the Roof and those whose back is at most the count. */
export const roomsFor = (seats: number): number[] => ROOMS.flatMap((r, id) => (id !== ROOF && r.back <= seats ? [id] : []));

/** Potions and grimoires face up beside the tower. */
export const ROW_SIZE = 3;

/** Trunk slot kinds; spells, sorcerers and bag holes are not counted slots. */
export const SLOTS = ["weapon", "monster", "gold", "ingredient", "potion", "grimoire", "bag"] as const;
export type Slot = (typeof SLOTS)[number];
export const TRUNK: Readonly<Record<Mode, Readonly<Record<Slot, number>>>> = {
  apprentice: { weapon: 2, monster: 3, gold: 2, ingredient: 3, potion: 2, grimoire: 0, bag: 1 },
  expert: { weapon: 2, monster: 3, gold: 2, ingredient: 3, potion: 2, grimoire: 2, bag: 1 },
};
/** Holes beside the bag, one per Sacoche token (R). */
export const BAG_HOLES = 2;
