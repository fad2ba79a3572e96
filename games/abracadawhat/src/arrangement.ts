// Scenarios: a round dealt from an explicit, untrusted arrangement (see README, "Arrangement").
// Either `deck` (all 36 stones in deal order) or `hands` with optional `revealed`, `secret`
// and `pile`; stones not placed are dealt at random from the seed. Errors name the field.
import { createRng, err, ok, shuffle, type GameSetup, type Result } from "@grimoire/engine";
import { z } from "zod";
import { HAND_SIZE, MAX_LIFE, SECRET_STONES, SPELLS, TOTAL_STONES, revealedCount, type Spell } from "./data.ts";
import { dealRound, newState } from "./rules.ts";
import type { Options, State } from "./state.ts";

const stone = z.number().int().min(1, "spells are numbered 1 to 8").max(8, "spells are numbered 1 to 8");
const stones = z.array(stone);

export const arrangementSchema = z
  .object({
    deck: stones.optional(),
    hands: z.array(stones).optional(),
    revealed: stones.optional(),
    secret: stones.optional(),
    pile: stones.optional(),
    life: z.array(z.number().int().min(1).max(MAX_LIFE)).optional(),
    scores: z.array(z.number().int().min(0).max(7)).optional(),
    first: z.number().int().min(0).optional(),
  })
  .strict();
export type Arrangement = z.infer<typeof arrangementSchema>;

export function fromArrangement(setup: GameSetup<Options>, raw: unknown): Result<State, string> {
  const parsed = arrangementSchema.safeParse(raw);
  if (!parsed.success) {
    return err(parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join(".") : "(root)"}: ${i.message}`).join("; "));
  }
  const a = parsed.data;
  const n = setup.seats;
  const rng = createRng(setup.seed);
  const left = new Map<number, number>(SPELLS.map((k) => [k, k]));
  const use = (list: readonly number[], field: string): string | null => {
    for (const [i, k] of list.entries()) {
      const remaining = left.get(k)!;
      if (remaining === 0) return `${field}.${i}: no stone of spell ${k} left (there are only ${k})`;
      left.set(k, remaining - 1);
    }
    return null;
  };
  const wantRevealed = revealedCount(n);
  let deck: Spell[];
  if (a.deck !== undefined) {
    for (const field of ["hands", "revealed", "secret", "pile"] as const) {
      if (a[field] !== undefined) return err(`${field}: give either deck or hands/revealed/secret/pile, not both`);
    }
    if (a.deck.length !== TOTAL_STONES) return err(`deck: expected all ${TOTAL_STONES} stones, got ${a.deck.length}`);
    const problem = use(a.deck, "deck");
    if (problem) return err(problem);
    deck = a.deck as Spell[];
  } else {
    if (a.hands === undefined) return err("hands: required unless deck is given");
    if (a.hands.length !== n) return err(`hands: expected ${n} hands (one per seat), got ${a.hands.length}`);
    for (const [s, hand] of a.hands.entries()) {
      if (hand.length !== HAND_SIZE) return err(`hands.${s}: expected ${HAND_SIZE} stones, got ${hand.length}`);
      const problem = use(hand, `hands.${s}`);
      if (problem) return err(problem);
    }
    if (a.revealed !== undefined && a.revealed.length !== wantRevealed) {
      return err(`revealed: ${n} players reveal ${wantRevealed} stones, got ${a.revealed.length}`);
    }
    if (a.secret !== undefined && a.secret.length !== SECRET_STONES) return err(`secret: expected ${SECRET_STONES} stones, got ${a.secret.length}`);
    for (const field of ["revealed", "secret", "pile"] as const) {
      const list = a[field];
      if (list === undefined) continue;
      const problem = use(list, field);
      if (problem) return err(problem);
    }
    const rest: Spell[] = [];
    for (const k of SPELLS) for (let i = 0; i < left.get(k)!; i++) rest.push(k);
    shuffle(rng, rest);
    const pileSize = TOTAL_STONES - n * HAND_SIZE - wantRevealed - SECRET_STONES;
    if (a.pile !== undefined && a.pile.length !== pileSize) return err(`pile: expected the ${pileSize} remaining stones, got ${a.pile.length}`);
    const take = (count: number) => rest.splice(0, count);
    const revealed = (a.revealed ?? take(wantRevealed)) as Spell[];
    const secret = (a.secret ?? take(SECRET_STONES)) as Spell[];
    const pile = (a.pile ?? take(pileSize)) as Spell[];
    deck = [...a.hands.flat(), ...revealed, ...secret, ...pile] as Spell[];
  }
  if (a.life !== undefined && a.life.length !== n) return err(`life: expected ${n} values, got ${a.life.length}`);
  if (a.scores !== undefined && a.scores.length !== n) return err(`scores: expected ${n} values, got ${a.scores.length}`);
  if (a.first !== undefined && a.first >= n) return err(`first: seat ${a.first} does not exist (seats 0 to ${n - 1})`);
  const state = newState(n, setup.options, rng);
  dealRound(state, deck, a.first ?? 0);
  if (a.life) state.life = a.life.slice();
  if (a.scores) state.scores = a.scores.slice();
  return ok(state);
}
