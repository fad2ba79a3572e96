// @grimoire/incantibus: Incantibus on the engine contract (apprentice and expert modes).
import { deepClone, err, msg, ok, parseByEnumeration, type Game, type Result } from "@grimoire/engine";
import { z } from "zod";
import { MODES, PLAYER_COUNTS, ROOF, ROOMS, ROW_SIZE, SPELL_CARDS, TOKENS, roomsFor, type TokenClass } from "./data.ts";
import { bots } from "./bots.ts";
import { rolloutGreedyBot, steadyBot, strongBot } from "./bots/strong.ts";
import { describeAction, describeEvent, describeView, stepPrompt, tokenByName } from "./describe.ts";
import { layRoom, legal, play, scores, setupState, startIncantation, waitingStep, winnerOf } from "./rules.ts";
import { text } from "./text/index.ts";
import { fits } from "./trunk.ts";
import type { Action, Event, Options, State, View } from "./types.ts";
import { eventForViewer, makeView, resampleView, shuffleHiddenState } from "./view.ts";

export * from "./data.ts";
export * from "./types.ts";
export { legal, pointTargets, places, scores, winnerOf } from "./rules.ts";
export { canPay, fits, payments, pointsOf } from "./trunk.ts";
export { tokenByName, tokenName, tokenMessage, tokenLabel, tokenEffectKey, targetMessage, cardMessage, roomMessage, componentKeys, SPELL_KEY } from "./describe.ts";
export { roomTarget, sorcererTarget } from "./rules.ts";
export { text } from "./text/index.ts";
export { greedyBot } from "./bots.ts";

const optionsSchema = z.object({ mode: z.enum(MODES).default("apprentice") });

const tokenRef = z.string().min(1);
const arrangementSchema = z.object({
  wands: z.array(z.number().int()).optional(),
  room: z.string().optional(),
  rooms: z.array(z.string()).optional(),
  roomTokens: z.array(z.union([tokenRef, z.object({ token: tokenRef, hidden: z.boolean().optional(), knownBy: z.array(z.number().int()).optional() }).strict()])).optional(),
  potionRow: z.array(tokenRef).optional(),
  grimoireRow: z.array(tokenRef).optional(),
  sorcerers: z.array(z.union([tokenRef, z.object({ token: tokenRef, faceUp: z.boolean().optional() }).strict()])).optional(),
  spells: z.array(z.string()).optional(),
  trunks: z.array(z.array(tokenRef)).optional(),
  moat: z.array(tokenRef).optional(),
}).strict();

function removeAnywhere(state: State, id: number): void {
  for (const list of [state.visiblePool, state.hiddenPool, state.specials, state.potionSupply, state.potionRow, state.grimoireSupply, state.grimoireRow, state.sorcerersOut, state.moat, state.outOfGame, ...state.trunks]) {
    const at = list.indexOf(id);
    if (at >= 0) { list.splice(at, 1); return; }
  }
  state.roomTokens = state.roomTokens.filter((t) => t?.token !== id);
  state.sorcerers = state.sorcerers.filter((s) => s?.token !== id);
}

/** Builds a state from setup then moves the named tokens where the arrangement says (see README). */
function arrange(state: State, raw: unknown): Result<State, string> {
  const parsed = arrangementSchema.safeParse(raw);
  if (!parsed.success) return err(parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
  const a = parsed.data;
  const used = new Set<number>();
  const take = (name: string, where: string, cls?: readonly TokenClass[]): Result<number, string> => {
    const id = tokenByName(name, used);
    if (id === null) return err(`${where}: no token "${name}" left`);
    if (cls && !cls.includes(TOKENS[id]!.cls)) return err(`${where}: "${name}" cannot go there`);
    if (TOKENS[id]!.cls === "grimoire" && state.mode !== "expert") return err(`${where}: grimoires are used in expert mode only`);
    used.add(id);
    removeAnywhere(state, id);
    return ok(id);
  };
  if (a.wands) {
    if ([...a.wands].sort().join() !== [...state.wands].sort().join()) return err(`wands: expected a permutation of ${[...state.wands].sort().join(", ")}`);
    state.wands = [...a.wands];
  }
  const inPlay = roomsFor(state.seats);
  const roomId = (name: string, where: string): Result<number, string> => {
    const id = ROOMS.findIndex((r) => r.name.toLowerCase() === name.toLowerCase());
    if (id < 0) return err(`${where}: unknown room "${name}"`);
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
    const list: number[] = [];
    for (const [i, n] of a.rooms.entries()) {
      const where = `rooms.${i}`;
      const r = roomId(n, where);
      if (!r.ok) return r;
      if (r.value === ROOF) return err(`${where}: the Roof is always explored first, not later`);
      if (list.includes(r.value)) return err(`${where}: "${ROOMS[r.value]!.name}" is listed twice`);
      if (r.value === state.room) return err(`${where}: "${ROOMS[r.value]!.name}" is the room being searched`);
      list.push(r.value);
    }
    state.rooms = list;
  }
  if (a.roomTokens || a.room !== undefined) {
    for (const t of state.roomTokens) if (t) (TOKENS[t.token]!.cls === "visible" ? state.visiblePool : state.hiddenPool).push(t.token);
    state.roomTokens = [];
    // A named room without listed tokens is laid from the pools.
    if (!a.roomTokens && state.room !== null) layRoom(state, state.room);
    for (const [i, t] of (a.roomTokens ?? []).entries()) {
      const spec = typeof t === "string" ? { token: t } : t;
      const id = take(spec.token, `roomTokens.${i}`, ["visible", "hidden"]);
      if (!id.ok) return id;
      const hidden = "hidden" in spec && spec.hidden !== undefined ? spec.hidden : TOKENS[id.value]!.cls === "hidden";
      const knownBy = "knownBy" in spec && spec.knownBy ? [...new Set(spec.knownBy)].sort((x, y) => x - y) : [];
      if (knownBy.some((seat) => seat < 0 || seat >= state.seats)) return err(`roomTokens.${i}.knownBy: seats are 0 to ${state.seats - 1}`);
      if (knownBy.length > 0 && !hidden) return err(`roomTokens.${i}.knownBy: only a hidden token can have been looked under`);
      state.roomTokens.push({ token: id.value, hidden, knownBy });
    }
    if (state.room === null && state.roomTokens.length > 0) return err("roomTokens: the crypt holds no room tokens");
    if (state.room !== null && state.roomTokens.length < 2) return err("roomTokens: a room being searched holds at least 2 tokens (with one or none it is cleared)");
  }
  for (const [key, supply, cls] of [["potionRow", "potionSupply", "potion"], ["grimoireRow", "grimoireSupply", "grimoire"]] as const) {
    const names = a[key];
    if (!names) continue;
    if (names.length > ROW_SIZE) return err(`${key}: at most ${ROW_SIZE} face up`);
    state[supply].push(...state[key].splice(0));
    for (const [i, n] of names.entries()) { const id = take(n, `${key}.${i}`, [cls]); if (!id.ok) return id; state[key].push(id.value); }
  }
  if (a.sorcerers) {
    const most = PLAYER_COUNTS[state.seats]!.sorcerers;
    if (a.sorcerers.length > most) return err(`sorcerers: at most ${most} sorcerers with ${state.seats} players`);
    for (const s of state.sorcerers) if (s) state.sorcerersOut.push(s.token);
    state.sorcerers = [];
    for (const [i, s] of a.sorcerers.entries()) {
      const spec = typeof s === "string" ? { token: s } : s;
      const id = take(spec.token, `sorcerers.${i}`, ["sorcerer"]);
      if (!id.ok) return id;
      state.sorcerers.push({ token: id.value, faceUp: spec.faceUp ?? true });
    }
  }
  if (a.spells) {
    if (a.spells.length > 3) return err("spells: at most 3 spell cards face up");
    state.pile.push(...state.faceUp.splice(0));
    for (const [i, name] of a.spells.entries()) {
      const card = state.pile.find((c) => SPELL_CARDS[c]!.toLowerCase() === name.toLowerCase());
      if (card === undefined) return err(`spells.${i}: no spell card "${name}" left`);
      state.pile.splice(state.pile.indexOf(card), 1);
      state.faceUp.push(card);
    }
  }
  if (a.trunks) {
    if (a.trunks.length !== state.seats) return err(`trunks: expected ${state.seats} trunks`);
    for (const [s, names] of a.trunks.entries()) {
      for (const [i, n] of names.entries()) { const id = take(n, `trunks.${s}.${i}`); if (!id.ok) return id; state.trunks[s]!.push(id.value); }
    }
  }
  for (const [i, n] of (a.moat ?? []).entries()) { const id = take(n, `moat.${i}`); if (!id.ok) return id; state.moat.push(id.value); }
  for (const [s, trunk] of state.trunks.entries()) if (!fits(trunk, state.mode)) return err(`trunks.${s}: these tokens do not fit a ${state.mode} trunk`);
  state.incantation = 0;
  startIncantation(state, []);
  return ok(state);
}

export const incantibusGame: Game<State, Action, View, Event, Options, Event> = {
  id: "incantibus",
  title: "Incantibus",
  minSeats: 2,
  maxSeats: 4,
  optionsSchema: optionsSchema as unknown as z.ZodType<Options>,
  optionDocs: [{ name: "mode", values: [...MODES] }],
  maxActions: (seats) => 400 * seats,
  setup: ({ seats, options, seed }) => setupState(seats, options, seed),
  fromArrangement: (setup, arrangement) => arrange(setupState(setup.seats, setup.options, setup.seed), arrangement),
  decision(state) {
    const phase = state.phase;
    switch (phase.kind) {
      case "over": return { type: "over" };
      case "point": return { type: "simultaneous", seats: phase.choices.flatMap((c, s) => (c === null ? [s] : [])), prompt: msg("prompt.point") };
      case "resolve": {
        const step = waitingStep(state);
        if (!step || !("seat" in step)) throw new Error("a resolve phase waits on no seat");
        return { type: "turn", seat: step.seat, prompt: stepPrompt(step) };
      }
    }
  },
  legalActions: legal,
  parseAction(state, seat, raw) {
    if (state.phase.kind === "over") return err({ code: "game-over", message: "the game is over" });
    return parseByEnumeration(legal(state, seat), raw);
  },
  apply: play,
  outcome(state) {
    if (state.phase.kind !== "over") return null;
    const s = scores(state);
    return { winners: [winnerOf(state, s)], scores: s, draw: false };
  },
  view: makeView,
  eventFor: eventForViewer,
  text,
  describeEvent: (e) => describeEvent(e),
  describeAction,
  describeView,
  resample: resampleView,
  shuffleHidden: shuffleHiddenState,
  // The state is plain data: deepClone is an order of magnitude faster than structuredClone (rollouts clone often).
  clone: (state) => deepClone(state),
  bots: {
    ...bots,
    steady: { description: "The greedy bot with a random move one time in three", create: () => steadyBot() },
    rollout: { description: "Greedy's move, improved by rollouts to the room's end over redealt hidden tokens where they are sure of it", create: () => rolloutGreedyBot(incantibusGame) },
    search: { description: "Information-set tree search, the greedy bot playing the rollouts (slow)", create: () => strongBot(incantibusGame) },
  },
  levels: { easy: "random", medium: "greedy", hard: "rollout" },
};

