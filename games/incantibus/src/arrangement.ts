// Scenarios: any position of Incantibus as an explicit, untrusted arrangement (README,
// "Arrangement format"), and back. An arrangement starts from the seed's setup and overrides what
// it names: wands, the room and the rooms to come, the room's tokens (face up, face down, looked
// under), the crypt, the rows and supplies, the pools, the spell cards, trunks, the moat, the
// incantation with its sealed pointings or the steps still to resolve, what a scenario stacks on
// the next draws (`next`) and the generator (`rng`). Tokens and cards are named (./names.ts).
// toArrangement writes every field, with exact names ("Gold 1#3"), so nothing comes from the seed.
// fromArrangement checks what the rules make impossible (a token in two places, a grimoire in
// apprentice mode, a trunk that does not fit, a pointing at nothing), not that the position is reachable.
import { deepClone, deepEqual, err, ok, parseWith, rngFromWords, rngWords, rngWordsSchema, type GameSetup, type Result } from "@grimoire/engine";
import { z } from "zod";
import { PLAYER_COUNTS, ROOF, ROOMS, ROW_SIZE, SPELLS, TOKENS, roomsFor, type TokenClass } from "./data.ts";
import { cardByName, exactCardName, exactName, tokenByName, tokenMatches, tokenName } from "./names.ts";
import { layRoom, overReason, pointTargets, run, setupState, ultimusIn } from "./rules.ts";
import { fits } from "./trunk.ts";
import type { LastIncanto, Options, State, Step, Target } from "./state.ts";

const name = z.string().min(1);
const names = z.array(name);
const seat = z.number().int().min(0);
const slot = z.number().int().min(0);
const targetSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("room"), slot, token: name.nullable(), twin: z.boolean() }).strict(),
  z.object({ type: z.literal("potion"), potion: name }).strict(),
  z.object({ type: z.literal("grimoire"), grimoire: name }).strict(),
  z.object({ type: z.literal("sorcerer"), slot, token: name.nullable(), twin: z.boolean() }).strict(),
]);
/** A step of an incantation being resolved, as state.ts keeps it, with tokens named. */
const stepSchema = z.discriminatedUnion("k", [
  z.object({ k: z.literal("take"), seat, target: targetSchema, wand: z.number().int().min(1).max(4) }).strict(),
  z.object({ k: z.literal("receive"), seat, token: name, spellNow: z.boolean(), retiro: z.boolean() }).strict(),
  z.object({ k: z.literal("ultimus"), seat, token: name }).strict(),
  z.object({ k: z.literal("videoUltimus"), seat, slot }).strict(),
  z.object({ k: z.literal("place"), seat, token: name }).strict(),
  z.object({ k: z.literal("pay"), seat, reward: name, chosen: names }).strict(),
  z.object({ k: z.literal("spells") }).strict(),
  z.object({ k: z.literal("cast"), seat }).strict(),
  z.object({ k: z.literal("effect"), seat, spell: z.enum(SPELLS) }).strict(),
  z.object({ k: z.literal("swaps"), pairs: z.array(z.tuple([seat, seat])) }).strict(),
  z.object({ k: z.literal("end") }).strict(),
]);
type ArrangedStep = z.infer<typeof stepSchema>;

export const arrangementSchema = z.object({
  wands: z.array(z.number().int()).optional(),
  /** A room name, or "crypt". */
  room: z.string().optional(),
  /** The rooms still to come, next first. */
  rooms: z.array(z.string()).optional(),
  /** null: a place emptied during the incantation being resolved. */
  roomTokens: z.array(z.union([name, z.object({ token: name, hidden: z.boolean().optional(), knownBy: z.array(z.number().int()).optional() }).strict(), z.null()])).optional(),
  potionRow: names.optional(),
  grimoireRow: names.optional(),
  sorcerers: z.array(z.union([name, z.object({ token: name, faceUp: z.boolean().optional() }).strict(), z.null()])).optional(),
  /** Face-up spell cards. */
  spells: names.optional(),
  /** The spell pile, top first (unlisted cards after, as the seed left them). */
  spellPile: names.optional(),
  usedSpells: names.optional(),
  trunks: z.array(names).optional(),
  moat: names.optional(),
  /** Pools and supplies, in the order the generator draws from (unlisted tokens after, as the seed left them). */
  visiblePool: names.optional(),
  hiddenPool: names.optional(),
  potionSupply: names.optional(),
  grimoireSupply: names.optional(),
  specials: names.optional(),
  /** Sorcerers left out unseen at setup. */
  sorcerersOut: names.optional(),
  /** Draws fixed in order before any random one: the next tokens of each pool, the next sorcerers turned face up. */
  next: z.object({ visible: names.optional(), hidden: names.optional(), potions: names.optional(), grimoires: names.optional(), sorcerers: names.optional() }).strict().optional(),
  /** The incantation's number (the first is 1). */
  incantation: z.number().int().min(0).optional(),
  /** The last Incanto! (what the board shows of it): the incantation it revealed and every seat's target. */
  lastIncanto: z.object({ of: z.number().int().min(0), choices: z.array(targetSchema) }).strict().optional(),
  /** Sealed pointings of this incantation, one per seat (null: not yet). */
  pointed: z.array(targetSchema.nullable()).optional(),
  /** An incantation being resolved: its steps still to come, front first, and the spells owed to each seat. */
  resolve: z.object({ queue: z.array(stepSchema), owed: z.array(z.number().int().min(0)) }).strict().optional(),
  rng: rngWordsSchema.optional(),
}).strict();
export type Arrangement = z.input<typeof arrangementSchema>;

const POOLS = [
  ["visiblePool", "visible"], ["hiddenPool", "hidden"], ["potionSupply", "potion"], ["grimoireSupply", "grimoire"], ["specials", "special"], ["sorcerersOut", "sorcerer"],
] as const;
const STACKS = [["visible", "visible"], ["hidden", "hidden"], ["potions", "potion"], ["grimoires", "grimoire"]] as const;

const stepOut = (step: Step): ArrangedStep => {
  switch (step.k) {
    case "receive": case "ultimus": case "place": return { ...step, token: exactName(step.token) };
    case "pay": return { ...step, reward: exactName(step.reward), chosen: step.chosen.map(exactName) };
    default: return deepClone(step);
  }
};

/** The state as an arrangement: fromArrangement gives it back, whatever the seed. */
export function toArrangement(state: State): Arrangement {
  const phase = state.phase;
  const list = (ids: readonly number[]) => ids.map(exactName);
  const next: Record<string, string[]> = {};
  for (const [key] of STACKS) if (state.next[key].length > 0) next[key] = list(state.next[key]);
  if (state.next.sorcerers.length > 0) next["sorcerers"] = list(state.next.sorcerers);
  return {
    wands: [...state.wands],
    room: state.room === null ? "crypt" : ROOMS[state.room]!.name,
    rooms: state.rooms.map((r) => ROOMS[r]!.name),
    roomTokens: state.roomTokens.map((t) => {
      if (t === null) return null;
      const plain = t.knownBy.length === 0 && t.hidden === (TOKENS[t.token]!.cls === "hidden");
      return plain ? exactName(t.token) : { token: exactName(t.token), hidden: t.hidden, knownBy: [...t.knownBy] };
    }),
    sorcerers: state.sorcerers.map((s) => (s === null ? null : s.faceUp ? exactName(s.token) : { token: exactName(s.token), faceUp: false })),
    potionRow: list(state.potionRow),
    grimoireRow: list(state.grimoireRow),
    spells: state.faceUp.map(exactCardName),
    spellPile: state.pile.map(exactCardName),
    usedSpells: state.usedCards.map(exactCardName),
    trunks: state.trunks.map(list),
    moat: list(state.moat),
    visiblePool: list(state.visiblePool),
    hiddenPool: list(state.hiddenPool),
    potionSupply: list(state.potionSupply),
    grimoireSupply: list(state.grimoireSupply),
    specials: list(state.specials),
    sorcerersOut: list(state.sorcerersOut),
    ...(Object.keys(next).length > 0 ? { next } : {}),
    incantation: state.incantation,
    ...(state.lastIncanto ? { lastIncanto: deepClone(state.lastIncanto) } : {}),
    ...(phase.type === "point" && phase.choices.some((c) => c !== null) ? { pointed: deepClone(phase.choices) } : {}),
    ...(phase.type === "resolve" ? { resolve: { queue: phase.queue.map(stepOut), owed: [...phase.owed] } } : {}),
    rng: rngWords(state.rng),
  };
}

function removeAnywhere(state: State, id: number): void {
  const lists = [
    state.visiblePool, state.hiddenPool, state.specials, state.potionSupply, state.potionRow, state.grimoireSupply, state.grimoireRow,
    state.sorcerersOut, state.moat, state.outOfGame, state.next.visible, state.next.hidden, state.next.potions, state.next.grimoires, ...state.trunks,
  ];
  for (const list of lists) {
    const at = list.indexOf(id);
    if (at >= 0) { list.splice(at, 1); return; }
  }
  state.roomTokens = state.roomTokens.filter((t) => t?.token !== id);
  state.sorcerers = state.sorcerers.filter((s) => s?.token !== id);
  state.next.sorcerers = state.next.sorcerers.filter((s) => s !== id);
}

/** Builds the seed's setup, then moves what the arrangement names where it says (see README). */
export function fromArrangement(setup: GameSetup<Options>, raw: unknown): Result<State, string> {
  const parsed = parseWith(arrangementSchema, raw);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  const state = setupState(setup.seats, setup.options, setup.seed);
  const used = new Set<number>();
  const take = (tokenName: string, where: string, cls?: readonly TokenClass[]): Result<number, string> => {
    // A face name leaves the tokens the seed laid in the room where they are when another copy is free.
    const id = tokenByName(tokenName, used, cls, (copy) => state.roomTokens.some((t) => t?.token === copy));
    if (id === null) return err(cls && tokenByName(tokenName, used) !== null ? `${where}: "${tokenName}" cannot go there` : `${where}: no token "${tokenName}" left`);
    if (TOKENS[id]!.cls === "grimoire" && state.mode !== "expert") return err(`${where}: grimoires are used in expert mode only`);
    used.add(id);
    removeAnywhere(state, id);
    return ok(id);
  };
  const resolving = a.resolve !== undefined;

  if (a.wands) {
    if ([...a.wands].sort().join() !== [...state.wands].sort().join()) return err(`wands: expected a permutation of ${[...state.wands].sort().join(", ")}`);
    state.wands = [...a.wands];
  }
  const inPlay = roomsFor(state.seats);
  const roomId = (roomName: string, where: string): Result<number, string> => {
    const id = ROOMS.findIndex((r) => r.name.toLowerCase() === roomName.toLowerCase());
    if (id < 0) return err(`${where}: unknown room "${roomName}"`);
    if (id !== ROOF && !inPlay.includes(id)) return err(`${where}: "${ROOMS[id]!.name}" is not used with ${state.seats} players`);
    return ok(id);
  };
  if (a.room !== undefined) {
    if (a.room === "crypt") state.room = null;
    else {
      const r = roomId(a.room, "room");
      if (!r.ok) return r;
      state.room = r.value;
      // The room being searched is no longer to come.
      state.rooms = state.rooms.filter((id) => id !== r.value);
    }
  }
  if (a.rooms) {
    const rooms: number[] = [];
    for (const [i, n] of a.rooms.entries()) {
      const where = `rooms.${i}`;
      const r = roomId(n, where);
      if (!r.ok) return r;
      if (r.value === ROOF) return err(`${where}: the Roof is always explored first, not later`);
      if (rooms.includes(r.value)) return err(`${where}: "${ROOMS[r.value]!.name}" is listed twice`);
      if (r.value === state.room) return err(`${where}: "${ROOMS[r.value]!.name}" is the room being searched`);
      rooms.push(r.value);
    }
    state.rooms = rooms;
  }
  if (a.roomTokens || a.room !== undefined) {
    for (const t of state.roomTokens) if (t) (TOKENS[t.token]!.cls === "visible" ? state.visiblePool : state.hiddenPool).push(t.token);
    state.roomTokens = [];
    // A named room without listed tokens is laid from the pools.
    if (!a.roomTokens && state.room !== null) layRoom(state, state.room);
    for (const [i, t] of (a.roomTokens ?? []).entries()) {
      if (t === null) {
        if (!resolving) return err(`roomTokens.${i}: an empty place only while an incantation resolves`);
        state.roomTokens.push(null);
        continue;
      }
      const spec = typeof t === "string" ? { token: t } : t;
      const id = take(spec.token, `roomTokens.${i}`, ["visible", "hidden"]);
      if (!id.ok) return id;
      const hidden = "hidden" in spec && spec.hidden !== undefined ? spec.hidden : TOKENS[id.value]!.cls === "hidden";
      const knownBy = "knownBy" in spec && spec.knownBy ? [...new Set(spec.knownBy)].sort((x, y) => x - y) : [];
      if (knownBy.some((s) => s < 0 || s >= state.seats)) return err(`roomTokens.${i}.knownBy: seats are 0 to ${state.seats - 1}`);
      if (knownBy.length > 0 && !hidden) return err(`roomTokens.${i}.knownBy: only a hidden token can have been looked under`);
      state.roomTokens.push({ token: id.value, hidden, knownBy });
    }
    const count = state.roomTokens.filter((t) => t !== null).length;
    if (state.room === null && count > 0) return err("roomTokens: the crypt holds no room tokens");
    if (state.room !== null && count < 2 && !resolving) return err("roomTokens: a room being searched holds at least 2 tokens (with one or none it is cleared)");
  }
  for (const [key, supply, cls] of [["potionRow", "potionSupply", "potion"], ["grimoireRow", "grimoireSupply", "grimoire"]] as const) {
    const listed = a[key];
    if (!listed) continue;
    if (listed.length > ROW_SIZE) return err(`${key}: at most ${ROW_SIZE} face up`);
    state[supply].push(...state[key].splice(0));
    for (const [i, n] of listed.entries()) { const id = take(n, `${key}.${i}`, [cls]); if (!id.ok) return id; state[key].push(id.value); }
  }
  if (a.sorcerers) {
    const most = PLAYER_COUNTS[state.seats]!.sorcerers;
    if (a.sorcerers.length > most) return err(`sorcerers: at most ${most} sorcerers with ${state.seats} players`);
    for (const s of state.sorcerers) if (s) state.sorcerersOut.push(s.token);
    state.sorcerers = [];
    for (const [i, s] of a.sorcerers.entries()) {
      if (s === null) {
        if (!resolving) return err(`sorcerers.${i}: an empty place only while an incantation resolves`);
        state.sorcerers.push(null);
        continue;
      }
      const spec = typeof s === "string" ? { token: s } : s;
      const id = take(spec.token, `sorcerers.${i}`, ["sorcerer"]);
      if (!id.ok) return id;
      state.sorcerers.push({ token: id.value, faceUp: spec.faceUp ?? true });
    }
  }
  const cards = arrangeCards(state, a);
  if (cards) return err(cards);
  if (a.trunks) {
    if (a.trunks.length !== state.seats) return err(`trunks: expected ${state.seats} trunks`);
    for (const [s, listed] of a.trunks.entries()) {
      for (const [i, n] of listed.entries()) { const id = take(n, `trunks.${s}.${i}`); if (!id.ok) return id; state.trunks[s]!.push(id.value); }
    }
  }
  for (const [i, n] of (a.moat ?? []).entries()) { const id = take(n, `moat.${i}`); if (!id.ok) return id; state.moat.push(id.value); }

  // Tokens in hand during the incantation being resolved, then the steps themselves.
  let queue: Step[] = [];
  if (a.resolve) {
    const steps = resolveSteps(state, a.resolve.queue, take);
    if (!steps.ok) return steps;
    queue = steps.value;
    if (a.resolve.owed.length !== state.seats) return err(`resolve.owed: expected one number per seat (${state.seats})`);
  }

  for (const [key, cls] of STACKS) {
    for (const [i, n] of (a.next?.[key] ?? []).entries()) {
      const id = take(n, `next.${key}.${i}`, [cls]);
      if (!id.ok) return id;
      state.next[key].push(id.value);
    }
  }
  for (const [i, n] of (a.next?.sorcerers ?? []).entries()) {
    const found = state.sorcerers.find((s) => s !== null && !s.faceUp && tokenMatches(s.token, n));
    if (!found) return err(`next.sorcerers.${i}: "${n}" is not a face-down sorcerer of the crypt`);
    if (state.next.sorcerers.includes(found.token)) return err(`next.sorcerers.${i}: "${n}" is listed twice`);
    state.next.sorcerers.push(found.token);
  }
  // Pools and supplies: the listed tokens first, in order, then the others as the seed left them.
  for (const [key, cls] of POOLS) {
    const listed = a[key];
    if (!listed) continue;
    const first: number[] = [];
    for (const [i, n] of listed.entries()) { const id = take(n, `${key}.${i}`, [cls]); if (!id.ok) return id; first.push(id.value); }
    state[key] = [...first, ...state[key]];
  }
  // Half-way through a payment a trunk may hold more than fits without the Sacoche just paid (the rest of the payment makes room).
  const paying = new Set(queue.flatMap((step) => (step.k === "pay" && step.chosen.length > 0 ? [step.seat] : [])));
  for (const [s, trunk] of state.trunks.entries()) if (!paying.has(s) && !fits(trunk, state.mode)) return err(`trunks.${s}: these tokens do not fit a ${state.mode} trunk`);
  if (state.sorcerers.length > PLAYER_COUNTS[state.seats]!.sorcerers) return err(`sorcerers: at most ${PLAYER_COUNTS[state.seats]!.sorcerers} sorcerers with ${state.seats} players`);
  if (a.rng) state.rng = rngFromWords(a.rng);
  if (a.lastIncanto) state.lastIncanto = deepClone(a.lastIncanto) as LastIncanto;

  if (a.resolve) {
    if (a.pointed) return err("pointed: once every wand is down the incantation resolves; give pointed or resolve, not both");
    state.incantation = a.incantation ?? 1;
    state.phase = { type: "resolve", queue, owed: [...a.resolve.owed] };
    // Steps that need nobody (takes, spells owed, swaps, the room's end) are played at once.
    try {
      run(state, []);
    } catch (error) {
      return err(`resolve: this incantation cannot go on (${error instanceof Error ? error.message : String(error)})`);
    }
    return ok(state);
  }
  const reason = overReason(state);
  if (reason !== null) {
    if (a.pointed) return err("pointed: the game is over, nobody points");
    state.incantation = a.incantation ?? 0;
    state.phase = { type: "over", reason };
    return ok(state);
  }
  state.incantation = a.incantation ?? 1;
  const choices: (Target | null)[] = new Array(state.seats).fill(null);
  if (a.pointed) {
    if (a.pointed.length !== state.seats) return err(`pointed: expected one entry per seat (${state.seats})`);
    if (a.pointed.every((t) => t !== null)) return err("pointed: with every wand down the incantation resolves (give its steps as resolve)");
    for (const [s, target] of a.pointed.entries()) {
      if (target === null) continue;
      if (!pointTargets(state, s).some((t) => deepEqual(t, target))) return err(`pointed.${s}: not a target seat ${s} may point at now`);
      choices[s] = deepClone(target);
    }
  }
  state.phase = { type: "point", choices };
  return ok(state);
}

/** Face-up cards, used cards and the pile (top first): listed ones, then the rest as the seed left them. */
function arrangeCards(state: State, a: z.infer<typeof arrangementSchema>): string | null {
  if (!a.spells && !a.usedSpells && !a.spellPile) return null;
  const left = a.spells ? [...state.pile, ...state.faceUp] : [...state.pile];
  const pick = (n: string, where: string): number | string => {
    const card = cardByName(n, left);
    if (card === null) return `${where}: no spell card "${n}" left`;
    left.splice(left.indexOf(card), 1);
    return card;
  };
  const picked = (listed: readonly string[], field: string): number[] | string => {
    const out: number[] = [];
    for (const [i, n] of listed.entries()) { const card = pick(n, `${field}.${i}`); if (typeof card === "string") return card; out.push(card); }
    return out;
  };
  if (a.spells) {
    if (a.spells.length > 3) return "spells: at most 3 spell cards face up";
    const up = picked(a.spells, "spells");
    if (typeof up === "string") return up;
    state.faceUp = up;
  }
  const usedCards = picked(a.usedSpells ?? [], "usedSpells");
  if (typeof usedCards === "string") return usedCards;
  const pile = picked(a.spellPile ?? [], "spellPile");
  if (typeof pile === "string") return pile;
  state.usedCards = usedCards;
  state.pile = [...pile, ...left];
  return null;
}

/** The steps of an incantation being resolved, their tokens in hand taken out of every other place. */
function resolveSteps(
  state: State,
  steps: readonly ArrangedStep[],
  take: (name: string, where: string, cls?: readonly TokenClass[]) => Result<number, string>,
): Result<Step[], string> {
  const out: Step[] = [];
  const chosen = new Set<number>();
  for (const [i, step] of steps.entries()) {
    const where = `resolve.queue.${i}`;
    if ("seat" in step && step.seat >= state.seats) return err(`${where}.seat: seats are 0 to ${state.seats - 1}`);
    switch (step.k) {
      case "take": {
        const problem = checkTake(state, step.target);
        if (problem) return err(`${where}.target: ${problem}`);
        out.push(deepClone(step));
        break;
      }
      case "receive": case "ultimus": case "place": {
        const id = take(step.token, `${where}.token`);
        if (!id.ok) return id;
        if (step.k === "ultimus" && ultimusIn(state.trunks[step.seat]!) === undefined) return err(`${where}: seat ${step.seat} holds no Ultimus token`);
        out.push({ ...step, token: id.value });
        break;
      }
      case "videoUltimus": {
        if (!state.roomTokens[step.slot]?.hidden) return err(`${where}.slot: no face-down room token there`);
        if (ultimusIn(state.trunks[step.seat]!) === undefined) return err(`${where}: seat ${step.seat} holds no Ultimus token`);
        out.push({ ...step });
        break;
      }
      case "pay": {
        const reward = [...state.potionRow, ...state.grimoireRow, ...state.sorcerers.flatMap((s) => (s ? [s.token] : []))].find((id) => tokenMatches(id, step.reward));
        if (reward === undefined) return err(`${where}.reward: "${step.reward}" is not in the rows or the crypt`);
        const paid: number[] = [];
        for (const [j, n] of step.chosen.entries()) {
          const id = state.moat.find((m) => !chosen.has(m) && tokenMatches(m, n));
          if (id === undefined) return err(`${where}.chosen.${j}: "${n}" is not in the moat (tokens already paid are there)`);
          chosen.add(id);
          paid.push(id);
        }
        out.push({ k: "pay", seat: step.seat, reward, chosen: paid });
        break;
      }
      case "swaps":
        if (step.pairs.some((pair) => pair.some((s) => s >= state.seats))) return err(`${where}.pairs: seats are 0 to ${state.seats - 1}`);
        out.push(deepClone(step));
        break;
      default:
        out.push(deepClone(step));
    }
  }
  return ok(out);
}

/** Why a take step's target is not there, or null. */
function checkTake(state: State, target: Target): string | null {
  switch (target.type) {
    case "room": {
      const t = state.roomTokens[target.slot];
      if (!t) return `no room token at slot ${target.slot}`;
      return target.token !== null && (t.hidden || tokenName(t.token) !== target.token) ? `the room token at slot ${target.slot} is not a face-up "${target.token}"` : null;
    }
    case "sorcerer":
      return state.sorcerers[target.slot] ? null : `no sorcerer at slot ${target.slot}`;
    case "potion":
      return state.potionRow.some((id) => tokenName(id) === target.potion) ? null : `"${target.potion}" is not in the potion row`;
    case "grimoire":
      return state.grimoireRow.some((id) => tokenName(id) === target.grimoire) ? null : `"${target.grimoire}" is not in the grimoire row`;
  }
}

