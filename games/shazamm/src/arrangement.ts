// Scenarios: any position of a game of Shazamm! as an explicit, untrusted arrangement (README,
// "Arrangement"), and back. Either `decks` (a new game: each seat's 14 spells, top first) or a
// position: `hands` and `piles` with the optional discards, last turn's cards, Mutisme, bridge,
// mana, round, sealed commits or the turn being resolved, and `rng` for every later draw.
// fromArrangement checks what the rules make impossible (a card in two places, wizards not 6
// apart, a wizard at 0 mana while the round goes on, ...), not that the position is reachable.
import { createRng, err, ok, parseWith, rngFromWords, rngWords, rngWordsSchema, type GameSetup, type Result } from "@grimoire/engine";
import { z } from "zod";
import { dealt, pendingTheft, recycleDeltas, type Start } from "./rules.ts";
import type { ShazammEvent, ShazammState, Table } from "./state.ts";
import { BRIDGE_TILES, DECOY, MAX_MANA, SPELLS, START_WALL, WIZARD_DISTANCE, isSpell, type BySeat, type Card, type Commit, type ShazammOptions, type Spell } from "./data.ts";

const byNumber = (a: number, b: number) => a - b;
const spell = z.number().int().min(1, "spells are numbered 1 to 14").max(14, "spells are numbered 1 to 14");
const card = z.number().int().min(0, "cards are numbered 0 (the decoy) to 14").max(14, "cards are numbered 0 (the decoy) to 14");
const seat = z.union([z.literal(0), z.literal(1)]);
const pair = <T extends z.ZodType>(item: T) => z.tuple([item, item]);
const commitSchema = z.object({ bid: z.number().int().min(1), cards: z.array(card) }).strict();
const entrySchema = z
  .object({
    card: spell,
    owner: seat,
    from: seat,
    copy: z.boolean(),
    stolen: z.boolean(),
    apply: z.boolean().nullable(),
    status: z.enum(["pending", "applied", "void", "destroyed"]),
  })
  .strict();
const tableSchema = z
  .object({
    commits: pair(commitSchema),
    played: pair(z.array(spell)),
    cancelled: z.array(spell),
    bids: pair(z.number().int().min(1)),
    entries: z.array(entrySchema),
    next: z.number().int().min(0),
    boost: pair(z.number().int().min(0)),
    double: pair(z.number().int().min(0)),
    resist: pair(z.boolean()),
    miser: pair(z.boolean()),
    reserve: pair(z.number().int().min(0)),
    aspire: pair(z.number().int().min(0)),
    reverse: z.boolean(),
    blaze: z.boolean(),
    ended: z.boolean(),
    ask: z.object({ type: z.enum(["clone", "larcin", "recycle"]), seat }).strict().nullable(),
  })
  .strict();

const positionSchema = z
  .object({
    /** Each seat's spells in hand (the decoy is always there; listing it is optional). */
    hands: pair(z.array(card)),
    /** Each seat's draw pile, top first. */
    piles: pair(z.array(spell)),
    discards: pair(z.array(spell)).default([[], []]),
    /** The spells each seat laid in the last revealed turn (what Clone may copy). */
    lastPlayed: pair(z.array(spell)).default([[], []]),
    /** The public events of the last revealed turn, as state.ts keeps them (shown by the board). */
    lastTurn: z.array(z.looseObject({ type: z.string() })).default([]),
    /** Mutisme in force: no spell works until the round ends. */
    silenced: z.boolean().default(false),
    round: z.number().int().min(1).default(1),
    /** Turns revealed so far in the game. */
    turn: z.number().int().min(0).default(0),
    collapsed: z.number().int().min(0).max(7).default(0),
    wall: z.number().int().min(0).max(BRIDGE_TILES - 1).default(START_WALL),
    wizards: pair(z.number().int()).optional(),
    mana: pair(z.number().int().min(0).max(MAX_MANA)).default([MAX_MANA, MAX_MANA]),
    /** Variant 2 before the first turn: `piles` is what each has put in order so far. */
    arranging: z.literal(true).optional(),
    /** This turn's sealed commits (one at most: the second reveals the turn). */
    sealed: pair(commitSchema.nullable()).optional(),
    /** The turn being resolved, as state.ts keeps it, waiting for `table.ask`. */
    table: tableSchema.optional(),
    rng: rngWordsSchema.optional(),
  })
  .strict();
export type Position = z.input<typeof positionSchema>;

const START_FIELDS = ["decks", "wall", "collapsed", "mana", "rng"];

/** The state as an arrangement: fromArrangement gives it back, whatever the seed. */
export function toArrangement(state: ShazammState): Position {
  const phase = state.phase;
  return {
    round: state.round,
    turn: state.turn,
    collapsed: state.collapsed,
    wall: state.wall,
    wizards: [...state.wizards],
    mana: [...state.mana],
    silenced: state.silenced,
    hands: [state.hands[0].filter(isSpell), state.hands[1].filter(isSpell)],
    piles: [[...state.piles[0]], [...state.piles[1]]],
    discards: [[...state.discards[0]], [...state.discards[1]]],
    lastPlayed: [[...state.lastPlayed[0]], [...state.lastPlayed[1]]],
    ...(state.lastTurn.length > 0 ? { lastTurn: structuredClone(state.lastTurn) } : {}),
    ...(phase.type === "arrange" ? { arranging: true as const } : {}),
    ...(phase.type === "commit" ? { sealed: structuredClone(phase.sealed) } : {}),
    ...(phase.type === "resolve" ? { table: structuredClone(phase.table) } : {}),
    rng: rngWords(state.rng),
  };
}

export function fromArrangement(setup: GameSetup<ShazammOptions>, raw: unknown): Result<ShazammState, string> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return err("expected an object { decks, wall?, collapsed?, mana? } or a position { hands, piles, … }");
  const arrangement = raw as Record<string, unknown>;
  if ("hands" in arrangement || "piles" in arrangement) {
    if ("decks" in arrangement) return err("decks: give either decks (a new game) or hands and piles (a position), not both");
    return fromPosition(setup, arrangement);
  }
  for (const key of Object.keys(arrangement)) {
    if (!START_FIELDS.includes(key)) return err(`${key}: unknown field (expected decks, wall, collapsed, mana, rng; or hands and piles for a position)`);
  }
  const decks = arrangement["decks"];
  if (!Array.isArray(decks) || decks.length !== 2) return err("decks: expected two decks, one per seat");
  for (let seat = 0; seat < 2; seat++) {
    const deck = decks[seat] as unknown;
    if (!Array.isArray(deck) || deck.length !== SPELLS.length || !deck.every(isSpell) || new Set(deck).size !== SPELLS.length) {
      return err(`decks.${seat}: expected the 14 spells 1..14, each once, top of the pile first`);
    }
  }
  const collapsed = arrangement["collapsed"] ?? 0;
  if (typeof collapsed !== "number" || !Number.isInteger(collapsed) || collapsed < 0 || collapsed > 6) {
    return err("collapsed: expected an integer 0..6");
  }
  const wall = arrangement["wall"] ?? START_WALL;
  if (typeof wall !== "number" || !Number.isInteger(wall)) return err("wall: expected a tile number");
  if (wall - WIZARD_DISTANCE < collapsed || wall + WIZARD_DISTANCE > BRIDGE_TILES - 1 - collapsed) {
    return err(`wall: tile ${wall} leaves a wizard off the bridge (wizards stand ${WIZARD_DISTANCE} tiles from it, ${collapsed} tile(s) gone at each end)`);
  }
  const mana = arrangement["mana"] ?? [MAX_MANA, MAX_MANA];
  if (!Array.isArray(mana) || mana.length !== 2 || !mana.every((m) => typeof m === "number" && Number.isInteger(m) && m >= 1 && m <= MAX_MANA)) {
    return err(`mana: expected two integers 1..${MAX_MANA}`);
  }
  const words = rngWordsSchema.optional().safeParse(arrangement["rng"]);
  if (!words.success) return err(`rng: ${words.error.issues[0]?.message}`);
  const start: Start = { wall, collapsed, mana: [mana[0] as number, mana[1] as number] };
  const state = dealt(setup.options, createRng(setup.seed), [decks[0] as Spell[], decks[1] as Spell[]], start);
  if (words.data) state.rng = rngFromWords(words.data);
  return ok(state);
}

function fromPosition(setup: GameSetup<ShazammOptions>, raw: unknown): Result<ShazammState, string> {
  const parsed = parseWith(positionSchema, raw);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  const variant = setup.options.variant;
  const table = a.table as Table | undefined;

  // Every spell of each seat in exactly one place: hand, pile, discards, or on the table.
  for (const s of [0, 1] as const) {
    const where = new Map<number, string>();
    const places: [string, readonly number[]][] = [
      [`hands.${s}`, a.hands[s].filter((c) => c !== DECOY)],
      [`piles.${s}`, a.piles[s]],
      [`discards.${s}`, a.discards[s]],
      [`table.played.${s}`, table?.played[s] ?? []],
    ];
    for (const [field, cards] of places) {
      for (const [i, c] of cards.entries()) {
        const seen = where.get(c);
        if (seen !== undefined) return err(`${field}.${i}: spell ${c} is already in ${seen}`);
        where.set(c, field);
      }
    }
    const lost = SPELLS.find((c) => !where.has(c));
    if (lost !== undefined) return err(`hands.${s}: spell ${lost} is nowhere (hand, pile, discards or the table)`);
    if (new Set(a.hands[s]).size !== a.hands[s].length) return err(`hands.${s}: a card is listed twice`);
    for (const [i, c] of a.lastPlayed[s].entries()) {
      if (!a.discards[s].includes(c)) return err(`lastPlayed.${s}.${i}: spell ${c} is not in discards.${s} (the cards of the last turn are discarded)`);
    }
  }

  // The bridge: wizards 6 apart (3 from the wall at each round's start); off it, the game is over.
  const wizards = a.wizards ?? [a.wall - WIZARD_DISTANCE, a.wall + WIZARD_DISTANCE];
  if (wizards[1] - wizards[0] !== 2 * WIZARD_DISTANCE) return err(`wizards: they stand ${2 * WIZARD_DISTANCE} tiles apart (${WIZARD_DISTANCE} from the wall when each round starts)`);
  const low = a.collapsed;
  const high = BRIDGE_TILES - 1 - a.collapsed;
  const fallen: BySeat<boolean> = [wizards[0] < low, wizards[1] > high];
  const over = fallen[0] || fallen[1];
  if (!(wizards[0] < a.wall && a.wall < wizards[1])) return err(`wall: tile ${a.wall} is not between the wizards (tiles ${wizards[0]} and ${wizards[1]})`);

  const state: ShazammState = {
    rng: a.rng ? rngFromWords(a.rng) : createRng(setup.seed),
    variant,
    round: a.round,
    turn: a.turn,
    collapsed: a.collapsed,
    wall: a.wall,
    wizards: [wizards[0], wizards[1]],
    mana: [a.mana[0], a.mana[1]],
    hands: [hand(a.hands[0]), hand(a.hands[1])],
    piles: [[...a.piles[0]] as Spell[], [...a.piles[1]] as Spell[]],
    discards: [[...a.discards[0]] as Spell[], [...a.discards[1]] as Spell[]],
    silenced: a.silenced,
    lastPlayed: [[...a.lastPlayed[0]] as Spell[], [...a.lastPlayed[1]] as Spell[]],
    lastTurn: structuredClone(a.lastTurn) as ShazammEvent[],
    phase: { type: "commit", sealed: [null, null] },
  };
  const phaseFields = (["arranging", "sealed", "table"] as const).filter((field) => a[field] !== undefined);
  if (phaseFields.length > 1) return err(`${phaseFields[1]}: give at most one of arranging, sealed and table`);
  if (over) {
    if (phaseFields.length > 0) return err(`${phaseFields[0]}: the game is over (a wizard stands off the bridge)`);
    state.phase = { type: "over", winner: fallen[0] && fallen[1] ? null : fallen[0] ? 1 : 0 };
    return ok(state);
  }
  if (a.collapsed > 6) return err("collapsed: at most 6 while the game goes on");
  for (const s of [0, 1] as const) {
    if (a.mana[s] === 0) return err(`mana.${s}: a wizard at 0 mana ends the round (exhaustion)`);
  }
  if (a.arranging) {
    if (variant !== 2) return err("arranging: only in variant 2, where each player orders their own pile");
    if (a.round !== 1 || a.turn !== 0) return err("arranging: the piles are ordered before the first turn");
    for (const s of [0, 1] as const) {
      if (a.discards[s].length > 0) return err(`discards.${s}: no card is played before the piles are ordered`);
    }
    if (a.piles[0].length === SPELLS.length && a.piles[1].length === SPELLS.length) return err("arranging: both piles are complete, the game has started");
    state.phase = { type: "arrange" };
    return ok(state);
  }
  if (table) {
    const problem = checkTable(state, table);
    if (problem) return err(problem);
    state.phase = { type: "resolve", table: structuredClone(table) };
    return ok(state);
  }
  const sealed = a.sealed ?? [null, null];
  if (sealed[0] && sealed[1]) return err("sealed: with both commits in, the turn is revealed (give it as table)");
  for (const s of [0, 1] as const) {
    const commit = sealed[s];
    if (!commit) continue;
    const problem = checkCommit(state, s, commit, `sealed.${s}`);
    if (problem) return err(problem);
  }
  state.phase = { type: "commit", sealed: sealed.map((c) => (c ? { bid: c.bid, cards: [...c.cards].sort(byNumber) as Card[] } : null)) as BySeat<Commit | null> };
  return ok(state);
}

const hand = (cards: readonly number[]): Card[] => [DECOY, ...cards.filter((c) => c !== DECOY)].sort(byNumber) as Card[];

/** A commit a seat could make now: a bid within its mana, distinct cards of its hand. */
function checkCommit(state: ShazammState, s: 0 | 1, commit: { bid: number; cards: number[] }, field: string): string | null {
  if (commit.bid > state.mana[s]) return `${field}.bid: ${commit.bid} is more than the ${state.mana[s]} mana of seat ${s}`;
  if (new Set(commit.cards).size !== commit.cards.length) return `${field}.cards: a card is listed twice`;
  for (const [i, c] of commit.cards.entries()) {
    if (!state.hands[s].includes(c as Card)) return `${field}.cards.${i}: card ${c} is not in hands.${s}`;
  }
  return null;
}

/** The turn being resolved: its cards, its bids, and a question that can be answered. */
function checkTable(state: ShazammState, table: Table): string | null {
  for (const s of [0, 1] as const) {
    const commit = table.commits[s];
    if (commit.bid > state.mana[s]) return `table.commits.${s}.bid: ${commit.bid} is more than the ${state.mana[s]} mana of seat ${s} (paid when the turn ends)`;
    const spells = commit.cards.filter(isSpell).sort(byNumber);
    if ([...table.played[s]].sort(byNumber).join() !== spells.join()) return `table.played.${s}: the spells of table.commits.${s}`;
    if (new Set(commit.cards).size !== commit.cards.length) return `table.commits.${s}.cards: a card is listed twice`;
    if (table.bids[s] > state.mana[s]) return `table.bids.${s}: ${table.bids[s]} is more than the ${state.mana[s]} mana of seat ${s}`;
  }
  for (const [i, c] of table.cancelled.entries()) {
    if (!table.played[0].includes(c) || !table.played[1].includes(c)) return `table.cancelled.${i}: spell ${c} was not laid by both`;
  }
  for (const [i, entry] of table.entries.entries()) {
    if (!entry.copy && (!table.played[entry.from].includes(entry.card) || table.cancelled.includes(entry.card))) {
      return `table.entries.${i}: spell ${entry.card} is not an uncancelled card of seat ${entry.from}`;
    }
  }
  if (table.next > table.entries.length) return `table.next: at most ${table.entries.length} (the entries)`;
  const ask = table.ask;
  if (!ask) return "table.ask: a turn being resolved waits for an answer (otherwise it is over)";
  if (ask.type === "larcin" && !pendingTheft(table)) return "table.ask: Larcin asks about a stolen spell, and none is waiting";
  if (ask.type === "recycle" && recycleDeltas(state.mana[ask.seat], table.bids[ask.seat]).length === 0) return "table.ask: no bid Recyclage could choose";
  return null;
}
