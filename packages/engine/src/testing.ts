// The generic property suite every game runs (after OpenSpiel's RandomSimTest).
// Random games from many seeds, checking at every step:
//  - a deciding seat always has legal actions, and every legal action parses back to itself;
//  - malformed and illegal input is refused with a typed error and changes nothing;
//  - clone() equals the original, and the state survives a JSON round trip;
//  - for every seat: resample(view) is a state with the same view, the same decision and, for
//    the deciding seat, the same legal actions; shuffleHidden(state) gives the same view
//    (no leak: the view cannot tell apart states that differ only in what the seat may not know);
//    both leave their input unchanged; the spectator view cannot tell them apart either (a seat
//    opening a spectator tab learns nothing it may not know);
//  - events project for every viewer and are plain JSON;
//  - the game ends within maxActions with an outcome in range;
//  - same seed and same actions give identical states;
//  - every prompt, action label, event line and view line the game produces is worded in every
//    language (each key and parameter it uses exists in its catalogues), as is each option and bot;
//  - the position as an arrangement is JSON, and fromArrangement (with another
//    seed) rebuilds the same game: same views, decision and legal actions, the same arrangement,
//    and the same next step (views and arrangement after one more action).
import equal from "fast-deep-equal";
import { deepClone } from "./clone.ts";
import { formatMessage, PSEUDO, type DisplayLanguage } from "./format.ts";
import { LANGUAGES, type Message } from "./text.ts";
import { SPECTATOR, type AnyGame, type Viewer } from "./game.ts";
import { waitingSeats } from "./play.ts";
import { createRng, pick, randomInt, type RngState } from "./rng.ts";

export interface PropertyOptions {
  readonly seats: number;
  readonly options?: unknown;
  readonly games: number;
  readonly seed?: number;
  /** Check views and resampling every `viewEvery` steps (1 = every step). */
  readonly viewEvery?: number;
  /** Extra invariant of the game (conservation, bounds); throw to fail. */
  readonly invariant?: (state: any) => void;
}

export interface PropertyReport {
  readonly games: number;
  readonly actions: number;
  readonly maxLength: number;
  readonly winsBySeat: number[];
  readonly draws: number;
}

function fail(game: AnyGame, context: string, detail: string): never {
  throw new Error(`${game.id} property failed (${context}): ${detail}`);
}

// What is compared is JSON-like data (states, views, actions, events, arrangements: each is
// checked to survive a JSON round trip), so fast-deep-equal's rules suffice: the same own keys,
// values equal in depth, the same class. node:util's isDeepStrictEqual, made for any value, took
// 27 % of a Shazamm! property run's time; this takes 11 %, and the run about 30 % less time.
function same(game: AnyGame, context: string, what: string, a: unknown, b: unknown): void {
  if (!equal(a, b)) {
    fail(game, context, `${what} differ:\n  expected ${JSON.stringify(b)?.slice(0, 2000)}\n  got      ${JSON.stringify(a)?.slice(0, 2000)}`);
  }
}

/**
 * Where `value` is not plain JSON (what a JSON round trip would not give back equal, by `same`'s
 * rules): undefined, a function, a symbol, a bigint, a number that is not finite, an array with a
 * hole, an object that is not a plain one (a class instance, a Map, a Date), a cycle. Null if it is
 * plain. A walk of the value, without the round trip's two copies: the suite asks it of the whole
 * state at every step, where `JSON.parse(JSON.stringify(state))` and its comparison cost 36 µs an
 * Emmerlaüs state for five against the walk's 3–5, and an Emmerlaüs property run 17 % more CPU.
 */
export function jsonProblem(value: unknown): string | null {
  const problem = notJson(value, 0);
  return problem && `$${problem.path.reverse().join("")} ${problem.what}`;
}

/** The walk: the path (innermost first) is built only on the way back from a problem. */
function notJson(value: unknown, depth: number): { path: string[]; what: string } | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : { path: [], what: `is ${value}` };
    case "object": {
      if (value === null) return null;
      if (depth > 200) return { path: [], what: "is nested over 200 deep (a cycle?)" };
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return { path: [], what: "is an array of another class" };
        for (let i = 0; i < value.length; i++) {
          const problem = i in value ? notJson(value[i], depth + 1) : { path: [], what: "is a hole" };
          if (problem) return problem.path.push(`[${i}]`), problem;
        }
        return null;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return { path: [], what: `is a ${(value as object).constructor?.name ?? "null-prototype object"}, not a plain object` };
      for (const key in value) {
        const problem = notJson((value as Record<string, unknown>)[key], depth + 1);
        if (problem) return problem.path.push(`.${key}`), problem;
      }
      return null;
    }
    default:
      return { path: [], what: `is ${typeof value === "function" ? "a function" : typeof value === "undefined" ? "undefined" : `a ${typeof value}`}` };
  }
}

/** Fails unless `value` is plain JSON: its JSON round trip would differ. */
function plainJson(game: AnyGame, context: string, what: string, value: unknown): void {
  const problem = jsonProblem(value);
  if (problem) fail(game, context, `${what} and its JSON round trip differ: ${problem}\n  ${JSON.stringify(value)?.slice(0, 2000)}`);
}

const SPOKEN: readonly DisplayLanguage[] = [...LANGUAGES, PSEUDO];

/** Messages already worded (per game): the same message says the same thing, so it is checked once. */
const spoken = new WeakMap<AnyGame, Set<string>>();

/** The message worded in every language, for a reader at `me`; fails on a missing key or parameter. */
function speak(game: AnyGame, context: string, what: string, message: Message, me: number | null): void {
  if (typeof message !== "object" || message === null || typeof message.key !== "string") fail(game, context, `${what} is not a Message: ${JSON.stringify(message)}`);
  const json = JSON.stringify(message);
  // Checked once per shape: the same keys and kinds of parameters, numbers aside (every plural
  // needs its `other` branch, which checkCatalogues demands); the reader counts only when named.
  const id = `${json.replace(/\d+/g, "#")}|${me !== null && json.includes(`{"seat":${me}}`) ? "me" : "-"}`;
  let seen = spoken.get(game);
  if (!seen) spoken.set(game, (seen = new Set()));
  if (seen.has(id)) return;
  seen.add(id);
  same(game, context, `${what} and its JSON round trip`, JSON.parse(json), message);
  for (const lang of SPOKEN) {
    try {
      const names = ["Ada", "Bérénice", "Merlin (hard)"];
      formatMessage(game.text, lang, message, { names, me });
    } catch (error) {
      fail(game, context, `${what} in ${lang}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The words every game has whatever happens: its title, each bot and each option. */
function checkFixedText(game: AnyGame): void {
  const keys = ["game.title", ...Object.keys(game.bots).map((bot) => `bot.${bot}.description`)];
  for (const option of game.optionDocs) {
    keys.push(`option.${option.name}.label`, `option.${option.name}.description`, ...option.values.map((value) => `option.${option.name}.value.${value}`));
  }
  for (const key of keys) speak(game, "catalogue", `"${key}"`, { key }, null);
}

function checkViews(game: AnyGame, state: any, seats: number, rng: RngState, context: string): void {
  const decision = game.decision(state);
  if (decision.type !== "over") speak(game, context, "decision prompt", decision.prompt, null);
  for (let seat = 0; seat < seats; seat++) {
    const view = game.view(state, seat);
    plainJson(game, context, "view", view);
    // Both return a new state and leave their input as it was (the contract; search relies on it).
    const viewBefore = deepClone(view);
    const resampled = game.resample(view, seat, rng);
    same(game, `${context}, resample for seat ${seat}`, "the view given to resample (it must not change its input)", view, viewBefore);
    same(game, `${context}, resample for seat ${seat}`, "views", game.view(resampled, seat), view);
    same(game, `${context}, resample for seat ${seat}`, "decisions", game.decision(resampled), decision);
    if (waitingSeats(decision).includes(seat)) {
      if (game.sampleActions) {
        // Too many to list: the same draws from the same generator must agree.
        const draws = deepClone(rng);
        same(game, `${context}, resample for seat ${seat}`, "sampled legal actions", game.sampleActions(resampled, seat, deepClone(draws), 8), game.sampleActions(state, seat, deepClone(draws), 8));
      } else {
        same(game, `${context}, resample for seat ${seat}`, "legal actions", game.legalActions(resampled, seat), game.legalActions(state, seat));
      }
    }
    if (game.describeView) game.describeView(view, seat).forEach((line, i) => speak(game, context, `view line ${i} of seat ${seat}`, line, seat));
    const stateBefore = game.clone(state);
    const shuffled = game.shuffleHidden(state, seat, rng);
    same(game, `${context}, shuffleHidden for seat ${seat}`, "the state given to shuffleHidden (it must not change its input)", state, stateBefore);
    same(game, `${context}, shuffleHidden for seat ${seat}`, "views (a leak: the view shows what the seat may not know)", game.view(shuffled, seat), view);
    // A spectator learns nothing any seat may not know: anyone seated can also open a spectator tab.
    same(
      game,
      `${context}, shuffleHidden for seat ${seat}`,
      "spectator views (a leak: the spectator view shows what a seat may not know)",
      game.view(shuffled, SPECTATOR),
      game.view(state, SPECTATOR),
    );
  }
  const spectator = game.view(state, SPECTATOR);
  plainJson(game, context, "spectator view", spectator);
  if (game.describeView) game.describeView(spectator, SPECTATOR).forEach((line, i) => speak(game, context, `spectator view line ${i}`, line, null));
}

/** The seat and action random play takes next, drawn from `draws`. */
function nextStep(game: AnyGame, state: any, draws: RngState): { seat: number; action: unknown } {
  const seat = pick(draws, waitingSeats(game.decision(state)));
  const legal = game.sampleActions ? game.sampleActions(state, seat, draws, 16) : game.legalActions(state, seat);
  return { seat, action: legal[randomInt(draws, 0, legal.length - 1)] };
}

/** Views for every viewer, the decision and each deciding seat's legal actions agree. */
function sameGame(game: AnyGame, context: string, rebuilt: any, state: any, seats: number, rng: RngState): void {
  for (const viewer of [SPECTATOR, ...Array.from({ length: seats }, (_, i) => i)] as Viewer[]) {
    same(game, context, `views of ${viewer}`, game.view(rebuilt, viewer), game.view(state, viewer));
  }
  const decision = game.decision(state);
  same(game, context, "decisions", game.decision(rebuilt), decision);
  for (const seat of waitingSeats(decision)) {
    if (game.sampleActions) {
      const draws = deepClone(rng);
      same(game, context, `sampled legal actions of seat ${seat}`, game.sampleActions(rebuilt, seat, deepClone(draws), 8), game.sampleActions(state, seat, deepClone(draws), 8));
    } else {
      same(game, context, `legal actions of seat ${seat}`, game.legalActions(rebuilt, seat), game.legalActions(state, seat));
    }
  }
}

/**
 * `fromArrangement(toArrangement(state))` is the same game, and plays on the same: checked on a
 * state of random play. The setup's seed differs from the game's, so nothing may come from it.
 */
export function checkArrangement(game: AnyGame, state: any, setup: { seats: number; options: unknown; seed: number }, rng: RngState, context: string): void {
  const where = `${context}, arrangement`;
  const arrangement = game.toArrangement(state);
  plainJson(game, where, "arrangement", arrangement);
  const other = { ...setup, seed: setup.seed + 7_777_777 };
  const built = game.fromArrangement(other, JSON.parse(JSON.stringify(arrangement)));
  if (!built.ok) fail(game, where, `fromArrangement refused toArrangement's output: ${built.error}\n  ${JSON.stringify(arrangement).slice(0, 2000)}`);
  const rebuilt = built.value;
  sameGame(game, where, rebuilt, state, setup.seats, rng);
  same(game, where, "arrangement of the rebuilt game", game.toArrangement(rebuilt), arrangement);
  if (game.decision(state).type === "over") return;
  // The continuation: the same next action, with whatever it draws, leads to the same game.
  const { seat, action } = nextStep(game, state, deepClone(rng));
  const original = game.clone(state);
  game.apply(original, seat, action);
  game.apply(rebuilt, seat, action);
  const after = `${where}, after seat ${seat} plays ${JSON.stringify(action)}`;
  sameGame(game, after, rebuilt, original, setup.seats, rng);
  same(game, after, "arrangements", game.toArrangement(rebuilt), game.toArrangement(original));
}

/**
 * The arrangement property alone (checkGameProperties runs it too): `games` random games, every
 * `every`-th state checked with checkArrangement. Throws on the first failure.
 */
export function checkArrangementProperty(
  game: AnyGame,
  props: { seats: number; options?: unknown; games: number; seed?: number; every?: number },
): { games: number; states: number } {
  const options = game.optionsSchema.parse(props.options ?? {});
  const limit = game.maxActions(props.seats, options);
  const every = props.every ?? 1;
  let states = 0;
  for (let g = 0; g < props.games; g++) {
    const seed = (props.seed ?? 1) + g;
    const rng = createRng(seed * 7919 + 17);
    const state = game.setup({ seats: props.seats, options, seed });
    for (let step = 0; ; step++) {
      if (step % every === 0) {
        checkArrangement(game, state, { seats: props.seats, options, seed }, rng, `seed ${seed}, step ${step}`);
        states++;
      }
      if (game.decision(state).type === "over") break;
      if (step > limit) fail(game, `seed ${seed}`, `no end after ${limit} actions`);
      const { seat, action } = nextStep(game, state, rng);
      game.apply(state, seat, action);
    }
  }
  return { games: props.games, states };
}

/** Plays `games` random games and throws on the first broken property. */
export function checkGameProperties(game: AnyGame, props: PropertyOptions): PropertyReport {
  const options = game.optionsSchema.parse(props.options ?? {});
  const limit = game.maxActions(props.seats, options);
  const viewEvery = props.viewEvery ?? 1;
  const report = { games: 0, actions: 0, maxLength: 0, winsBySeat: new Array<number>(props.seats).fill(0), draws: 0 };
  const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: props.seats }, (_, i) => i)];
  checkFixedText(game);

  for (let g = 0; g < props.games; g++) {
    const seed = (props.seed ?? 1) + g;
    const rng = createRng(seed * 7919 + 13);
    const state = game.setup({ seats: props.seats, options, seed });
    const again = game.setup({ seats: props.seats, options, seed });
    same(game, `game ${seed}, setup`, "states from the same seed", again, state);
    const played: { seat: number; action: unknown }[] = [];
    let steps = 0;
    for (;;) {
      const context = `seed ${seed}, step ${steps}`;
      props.invariant?.(state);
      same(game, context, "clone", game.clone(state), state);
      plainJson(game, context, "state", state);
      if (steps % viewEvery === 0) {
        checkViews(game, state, props.seats, rng, context);
        checkArrangement(game, state, { seats: props.seats, options, seed }, rng, context);
      }

      const decision = game.decision(state);
      const outcome = game.outcome(state);
      if (decision.type === "over") {
        if (!outcome) fail(game, context, "the game is over but has no outcome");
        if (outcome.scores.length !== props.seats) fail(game, context, `outcome has ${outcome.scores.length} scores`);
        if (!outcome.scores.every(Number.isFinite)) fail(game, context, "outcome has a non-finite score");
        if (outcome.winners.some((s) => !Number.isInteger(s) || s < 0 || s >= props.seats)) fail(game, context, "winner out of range");
        if (outcome.draw !== (outcome.winners.length === 0)) fail(game, context, "a draw has no winners and only a draw");
        if (outcome.draw) report.draws++;
        for (const w of outcome.winners) report.winsBySeat[w]!++;
        break;
      }
      if (outcome) fail(game, context, "an outcome before the game is over");
      const waiting = waitingSeats(decision);
      if (waiting.length === 0) fail(game, context, "a decision with no seat");
      if (new Set(waiting).size !== waiting.length) fail(game, context, "a seat waits twice");
      const seat = pick(rng, waiting);
      const legal = game.sampleActions ? game.sampleActions(state, seat, rng, 16) : game.legalActions(state, seat);
      if (legal.length === 0) fail(game, context, `seat ${seat} must decide but has no legal action`);

      // Bad input is refused and changes nothing.
      const before = game.clone(state);
      for (const junk of [null, 42, "nonsense", { type: "no-such-action" }, []]) {
        const parsed = game.parseAction(state, seat, junk);
        if (parsed.ok) fail(game, context, `accepted junk action ${JSON.stringify(junk)}`);
        if (parsed.error.code !== "malformed-action" && parsed.error.code !== "illegal-action") {
          fail(game, context, `junk refused with code ${parsed.error.code}`);
        }
      }
      same(game, context, "state after refused input", state, before);

      const action = legal[randomInt(rng, 0, legal.length - 1)];
      const reparsed = game.parseAction(state, seat, JSON.parse(JSON.stringify(action)));
      if (!reparsed.ok) fail(game, context, `legal action ${JSON.stringify(action)} refused: ${reparsed.error.message}`);
      same(game, context, "parsed legal action", reparsed.value, action);
      speak(game, context, "action label", game.describeAction(action), seat);

      const events = game.apply(state, seat, action);
      played.push({ seat, action });
      for (const event of events) {
        for (const viewer of viewers) {
          const seen = game.eventFor(event, viewer);
          if (seen !== null) {
            plainJson(game, context, "event", seen);
            speak(game, context, `event line for ${viewer}`, game.describeEvent(seen, viewer), viewer === SPECTATOR ? null : viewer);
          }
        }
      }
      steps++;
      if (steps > limit) fail(game, context, `no end after ${limit} actions`);
    }
    // Determinism: the same seed and actions reach the same final state.
    if (g < 20) {
      const replay = game.setup({ seats: props.seats, options, seed });
      for (const { seat, action } of played) game.apply(replay, seat, action);
      same(game, `seed ${seed}, replay`, "final states", replay, state);
    }
    report.games++;
    report.actions += steps;
    report.maxLength = Math.max(report.maxLength, steps);
  }
  return report;
}
