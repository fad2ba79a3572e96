// Abraca…What? components: the eight spells (spell k has k spellstones), life, hands, the die.
// Follows the rulebook's component list and /work/shared/spec/abracadawhat-notes.md.

/** Spell numbers; spell k has exactly k stones (36 in all). Names and effects in words: text/. */
export const SPELLS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type Spell = (typeof SPELLS)[number];

/** What a successful cast does, as data (the rules switch on `effect`). */
export const SPELL_EFFECTS = {
  1: { effect: "die-damage-others" },
  2: { effect: "damage-others-heal-self", amount: 1 },
  3: { effect: "die-heal-self" },
  4: { effect: "take-secret" },
  5: { effect: "damage-neighbours", amount: 1 },
  6: { effect: "damage-left", amount: 1 },
  7: { effect: "damage-right", amount: 1 },
  8: { effect: "heal-self", amount: 1 },
} as const satisfies Record<Spell, { effect: string; amount?: number }>;

export const TOTAL_STONES = 36;
export const HAND_SIZE = 5;
export const SECRET_STONES = 4;
export const MAX_LIFE = 6;
export const POINTS_TO_WIN = 8;

/** The die option: the rulebook never prints the faces (ruling: d3 by default). */
export const DIE_KINDS = ["d3", "d6"] as const;
export type DieKind = (typeof DIE_KINDS)[number];
export const DIE_SIDES: Readonly<Record<DieKind, number>> = { d3: 3, d6: 6 };

/** Stones laid face up on the board before the secret stones, by player count. */
export function revealedCount(seats: number): number {
  return seats === 2 ? 12 : seats === 3 ? 6 : 0;
}

/** Every stone of the game in spell order: 1, 2, 2, 3, 3, 3, ... */
export function allStones(): Spell[] {
  const stones: Spell[] = [];
  for (const k of SPELLS) for (let i = 0; i < k; i++) stones.push(k);
  return stones;
}

export function isSpell(value: unknown): value is Spell {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 8;
}
