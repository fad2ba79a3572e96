// Scenarios: any position of a game of Emmerlaüs as an explicit, untrusted arrangement, and back
// (README, "Arrangement format"). A fresh deal fixes hands, objects, life, cards lying in front and
// the top of the draw pile; a position adds the dead, the seating after Transfert de corps, the turn
// (plays left after Vitesse double), Résistance accrue in force, a card waiting for its answers or a
// follow-up choice, the whole draw pile in order and the generator's words (`rng`), so the game
// plays on exactly as it would have. Cards are named by their ids in cards.ts.
// fromArrangement checks what the rules make impossible (a card in two places, a dead wizard holding
// cards, a third ring, an answer asked of nobody), not that the position can be reached.
import { createRng, err, ok, rngFromWords, rngWords, rngWordsSchema, shuffle, type GameSetup, type Result } from "@grimoire/engine";
import { card, deckOf, handSize, isCardId } from "./cards.ts";
import { defenceless, freshPlayer, freshTurn, livingSeats, opponentsOf, pickOptions, untouchable } from "./rules.ts";
import type { EmmerlausState, Lying, MirrorChain, Pending, PickPurpose, Player } from "./state.ts";
import { MAX_PLAYERS, MIN_PLAYERS, OBJECT_KINDS, OBJECT_LIMITS, type EmmerlausOptions, type ObjectKind } from "./data.ts";

export interface LyingEntry {
  card: string;
  from?: number;
  stage?: Lying["stage"];
  turns?: number;
}

export interface AnswerEntry {
  caster: number;
  card: string;
  targets?: number[];
  x?: number;
  keep?: string;
  askers?: number[];
  asked?: number;
  annulled?: number;
  mirrors?: MirrorChain[];
  chain?: { target: number; seat: number };
  forced?: boolean;
  shot?: true;
}

/** The arrangement as toArrangement writes it (every field optional in what fromArrangement reads). */
export interface Arrangement {
  hands?: string[][];
  objects?: string[][];
  life?: number[];
  lying?: LyingEntry[][];
  deck?: string[];
  discard?: string[];
  first?: number;
  dead?: number[];
  heightened?: number[];
  seating?: number[];
  turn?: { seat?: number; playsLeft?: number; bonus?: boolean; noDraw?: boolean; number?: number };
  answer?: AnswerEntry;
  pick?: { seat: number; purpose: PickPurpose; victim: number; kind?: ObjectKind };
  aim?: { seat: number; staff: string };
  rng?: number[];
}

const FIELDS = ["hands", "objects", "life", "lying", "deck", "discard", "first", "dead", "heightened", "seating", "turn", "answer", "pick", "aim", "rng"];
const PURPOSES: readonly PickPurpose[] = ["dispel-ring", "steal", "steal-excess", "acid", "wrath"];

/** Cards that lie in front of a player (not objects): Sommeil, Malédiction, Sanctuaire; with the expansions, Pacte ténébreux and the potions. */
export function liesInFront(id: string): boolean {
  const kind = card(id).effect.kind;
  return kind === "sleep" || kind === "curse" || kind === "sanctuary" || kind === "pact" || kind === "boost";
}

/** The state as an arrangement: every card in its place, the piles in order, the turn, any pending answer or choice, the generator. */
export function toArrangement(state: EmmerlausState): Arrangement {
  const seats = state.players.map((_, s) => s);
  const out: Arrangement = {
    hands: state.players.map((p) => [...p.hand]),
    objects: state.players.map((p) => [...p.objects]),
    life: state.players.map((p) => p.life),
    lying: state.players.map((p) => p.lying.map((l) => ({ card: l.card, from: l.from, ...(l.stage ? { stage: l.stage } : {}), ...(l.turns !== undefined ? { turns: l.turns } : {}) }))),
    deck: [...state.deck],
    discard: [...state.discard],
    turn: { seat: state.turn.seat, playsLeft: state.turn.playsLeft, bonus: state.turn.bonus, noDraw: state.turn.noDraw, number: state.turn.number },
  };
  const dead = seats.filter((s) => !state.players[s]!.alive);
  if (dead.length > 0) out.dead = dead;
  const heightened = seats.filter((s) => state.players[s]!.heightened);
  if (heightened.length > 0) out.heightened = heightened;
  if (state.seating) out.seating = [...state.seating];
  const phase = state.phase;
  if (phase.type === "answer") {
    const p = phase.pending;
    out.answer = {
      caster: p.caster,
      card: p.card,
      targets: [...p.targets],
      askers: [...p.askers],
      asked: p.asked,
      annulled: p.annulled,
      ...(p.x !== null ? { x: p.x } : {}),
      ...(p.keep !== null ? { keep: p.keep } : {}),
      ...(p.mirrors.length > 0 ? { mirrors: p.mirrors.map((m) => ({ target: m.target, count: m.count })) } : {}),
      ...(p.chain ? { chain: { ...p.chain } } : {}),
      ...(p.forced ? { forced: true } : {}),
      ...(p.shot ? { shot: true as const } : {}),
    };
  }
  if (phase.type === "aim") out.aim = { seat: phase.seat, staff: phase.staff };
  if (phase.type === "pick") out.pick = { seat: phase.seat, purpose: phase.purpose, victim: phase.victim, ...(phase.kind ? { kind: phase.kind as ObjectKind } : {}) };
  out.rng = rngWords(state.rng);
  return out;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => value !== null && typeof value === "object" && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** Untrusted arrangement (README "Arrangement format"). Cards not placed go to the bottom of the deck, shuffled. */
export function fromArrangement(setupInfo: GameSetup<EmmerlausOptions>, raw: unknown): Result<EmmerlausState, string> {
  const { seats } = setupInfo;
  const options: EmmerlausOptions = { ...setupInfo.options };
  if (seats < MIN_PLAYERS || seats > MAX_PLAYERS) return err(`seats: ${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${seats}`);
  if (!isObject(raw)) return err("arrangement: expected an object");
  const a = raw;
  for (const key of Object.keys(a)) if (!FIELDS.includes(key)) return err(`arrangement.${key}: unknown field (expected ${FIELDS.join(", ")})`);
  const full = handSize(options);

  // Every card of the game, taken once from this pool wherever it is placed.
  const remaining = new Map<string, number>();
  for (const id of deckOf(options)) remaining.set(id, (remaining.get(id) ?? 0) + 1);
  const take = (id: unknown, where: string): Result<string, string> => {
    if (!isCardId(id)) return err(`${where}: unknown card ${JSON.stringify(id)}`);
    if (!remaining.has(id)) return err(`${where}: ${id} is not in this game's deck (options)`);
    const left = remaining.get(id)!;
    if (left === 0) return err(`${where}: more copies of ${id} than the deck holds`);
    remaining.set(id, left - 1);
    return ok(id);
  };
  const list = (value: unknown, where: string): Result<string[], string> => {
    if (!Array.isArray(value)) return err(`${where}: expected a list of card ids`);
    const out: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const t = take(value[i], `${where}[${i}]`);
      if (!t.ok) return t;
      out.push(t.value);
    }
    return ok(out);
  };
  const perSeat = (key: string): Result<unknown[] | null, string> => {
    if (a[key] === undefined) return ok(null);
    if (!Array.isArray(a[key]) || (a[key] as unknown[]).length !== seats) return err(`arrangement.${key}: expected one entry per seat (${seats})`);
    return ok(a[key] as unknown[]);
  };
  const seat = (value: unknown, where: string): Result<number, string> =>
    isInt(value) && value >= 0 && value < seats ? ok(value) : err(`${where}: a seat number from 0 to ${seats - 1}`);
  const seatList = (value: unknown, where: string, distinct = true): Result<number[], string> => {
    if (!Array.isArray(value)) return err(`${where}: expected a list of seat numbers`);
    const out: number[] = [];
    for (let i = 0; i < value.length; i++) {
      const s = seat(value[i], `${where}[${i}]`);
      if (!s.ok) return s;
      if (distinct && out.includes(s.value)) return err(`${where}[${i}]: seat ${s.value} listed twice`);
      out.push(s.value);
    }
    return ok(out);
  };

  const players: Player[] = Array.from({ length: seats }, freshPlayer);
  let dead: number[] = [];
  if (a.dead !== undefined) {
    const d = seatList(a.dead, "arrangement.dead");
    if (!d.ok) return d;
    dead = d.value;
  }
  for (const s of dead) {
    players[s]!.alive = false;
    players[s]!.life = 0;
  }
  const over = seats - dead.length <= 1;
  const waits = ["answer", "pick", "aim"].filter((key) => a[key] !== undefined);
  if (waits.length > 0 && over) return err("arrangement: the game is over (one wizard alive or none), so nothing is pending");
  if (waits.length > 1) return err(`arrangement: only one of answer, pick and aim can be pending (got ${waits.join(", ")})`);
  const shot = isObject(a.answer) && a.answer.shot === true;

  const hands = perSeat("hands");
  if (!hands.ok) return hands;
  const objects = perSeat("objects");
  if (!objects.ok) return objects;
  const lying = perSeat("lying");
  if (!lying.ok) return lying;
  const life = perSeat("life");
  if (!life.ok) return life;
  for (let s = 0; s < seats; s++) {
    const p = players[s]!;
    const out = (list: unknown[] | null, key: string): string | null =>
      !p.alive && list && Array.isArray(list[s]) && (list[s] as unknown[]).length > 0 ? `arrangement.${key}[${s}]: seat ${s} is dead and holds nothing` : null;
    const holds = out(hands.value, "hands") ?? out(objects.value, "objects") ?? out(lying.value, "lying");
    if (holds) return err(holds);
    if (hands.value) {
      const h = list(hands.value[s], `arrangement.hands[${s}]`);
      if (!h.ok) return h;
      if (h.value.length > full) return err(`arrangement.hands[${s}]: at most ${full} cards`);
      p.hand = h.value;
    }
    if (objects.value) {
      const o = list(objects.value[s], `arrangement.objects[${s}]`);
      if (!o.ok) return o;
      for (const id of o.value) {
        const kind = card(id).object;
        if (!kind || kind === "potion") return err(`arrangement.objects[${s}]: ${id} is not an object laid in play`);
        // One over the limit only while the thief chooses which of that kind to discard (R30).
        const excess = isObject(a.pick) && a.pick.purpose === "steal-excess" && a.pick.seat === s && a.pick.kind === kind ? 1 : 0;
        if (o.value.filter((x) => card(x).object === kind).length > OBJECT_LIMITS[kind] + excess) return err(`arrangement.objects[${s}]: too many of kind ${kind}`);
      }
      p.objects = o.value;
    }
    if (lying.value) {
      const entries = lying.value[s];
      if (!Array.isArray(entries)) return err(`arrangement.lying[${s}]: expected a list`);
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        const where = `arrangement.lying[${s}][${i}]`;
        if (!isObject(e)) return err(`${where}: expected {card, from?, stage?}`);
        for (const key of Object.keys(e)) if (!["card", "from", "stage", "turns"].includes(key)) return err(`${where}.${key}: unknown field`);
        const onStaff = e.stage === "stored";
        if (!isCardId(e.card) || (!liesInFront(e.card) && !onStaff)) return err(`${where}: only sommeil, malediction or sanctuaire-d-emmerlaus (and the expansions' pacte-tenebreux, potions and cards stored on a staff) lie in front of a player`);
        const t = take(e.card, `${where}.card`);
        if (!t.ok) return t;
        if (onStaff) {
          // An AD (AM) laid on its owner's Bâton d'attaque (massive).
          const category = card(t.value).category;
          if (!p.objects.some((o) => { const x = card(o).effect; return x.kind === "staff" && x.stores === category; })) return err(`${where}: ${t.value} is stored on a staff, but seat ${s} wears no staff that stores ${category} cards`);
          const from = seat(e.from ?? s, `${where}.from`);
          if (!from.ok) return from;
          if (e.turns !== undefined) return err(`${where}.turns: ${t.value} counts no turns`);
          p.lying.push({ card: t.value, from: from.value, stage: "stored" });
          continue;
        }
        const from = seat(e.from ?? s, `${where}.from`);
        if (!from.ok) return from;
        const entry: Lying = { card: t.value, from: from.value };
        const kind = card(t.value).effect.kind;
        if (kind === "sleep") {
          if (e.stage !== "asleep" && e.stage !== "groggy") return err(`${where}.stage: "asleep" or "groggy" for sommeil`);
          entry.stage = e.stage;
        } else if (kind === "boost") {
          // A potion: "waiting" for its owner's next turn with `turns` ≥ 1 to come, or "active" with `turns` ≥ 0 left.
          if (e.stage !== "waiting" && e.stage !== "active") return err(`${where}.stage: "waiting" or "active" for a potion`);
          if (!isInt(e.turns) || e.turns < (e.stage === "waiting" ? 1 : 0)) return err(`${where}.turns: the owner's turns still to start with it active (${e.stage === "waiting" ? "≥ 1" : "≥ 0"})`);
          entry.stage = e.stage;
          entry.turns = e.turns;
        } else if (e.stage !== undefined) return err(`${where}.stage: only sommeil, the potions and cards stored on a staff have a stage`);
        if (kind !== "boost" && e.turns !== undefined) return err(`${where}.turns: ${t.value} counts no turns`);
        p.lying.push(entry);
      }
    }
    if (life.value) {
      const l = life.value[s];
      if (!isInt(l)) return err(`arrangement.life[${s}]: a whole number`);
      // A living wizard may be at 0 or below only while a Sacrifice they paid waits for its answers (R27).
      if (p.alive && l < 1 && a.answer === undefined) return err(`arrangement.life[${s}]: a living wizard has at least 1 life`);
      if (!p.alive && l > 0) return err(`arrangement.life[${s}]: seat ${s} is dead, so at 0 life or below`);
      p.life = l;
    }
  }

  if (a.heightened !== undefined) {
    const h = seatList(a.heightened, "arrangement.heightened");
    if (!h.ok) return h;
    for (const s of h.value) {
      if (!players[s]!.alive) return err(`arrangement.heightened: seat ${s} is dead`);
      players[s]!.heightened = true;
    }
  }

  let seating: number[] | undefined;
  if (a.seating !== undefined) {
    const order = seatList(a.seating, "arrangement.seating");
    if (!order.ok) return order;
    if (order.value.length !== seats) return err(`arrangement.seating: every seat once, clockwise (${seats} seats)`);
    seating = order.value;
  }

  // The turn: whose it is (`first` is the short form), plays left, Vitesse double's bonus plays.
  // A card played waits for answers or a pick (its play is spent); a staff's aim or shot comes before the turn's card.
  const pending = waits.length > 0;
  const spent = (a.answer !== undefined && !shot) || a.pick !== undefined;
  const turnRaw = a.turn ?? {};
  if (!isObject(turnRaw)) return err("arrangement.turn: expected {seat, playsLeft, bonus, noDraw, number}");
  for (const key of Object.keys(turnRaw)) if (!["seat", "playsLeft", "bonus", "noDraw", "number"].includes(key)) return err(`arrangement.turn.${key}: unknown field`);
  if (a.first !== undefined && turnRaw.seat !== undefined && a.first !== turnRaw.seat) return err("arrangement.first: differs from arrangement.turn.seat");
  const turnSeat = seat(turnRaw.seat ?? a.first ?? 0, turnRaw.seat !== undefined ? "arrangement.turn.seat" : "arrangement.first");
  if (!turnSeat.ok) return turnSeat;
  if (!over && !pending && !players[turnSeat.value]!.alive) return err(`arrangement.turn.seat: seat ${turnSeat.value} is dead`);
  const turn = freshTurn(turnSeat.value);
  turn.playsLeft = spent ? 0 : 1;
  if (turnRaw.playsLeft !== undefined) {
    if (!isInt(turnRaw.playsLeft) || turnRaw.playsLeft < 0 || turnRaw.playsLeft > 2) return err("arrangement.turn.playsLeft: 0, 1 or 2");
    turn.playsLeft = turnRaw.playsLeft;
  }
  for (const flag of ["bonus", "noDraw"] as const) {
    if (turnRaw[flag] === undefined) continue;
    if (typeof turnRaw[flag] !== "boolean") return err(`arrangement.turn.${flag}: true or false`);
    turn[flag] = turnRaw[flag];
  }
  if (turnRaw.number !== undefined) {
    if (!isInt(turnRaw.number) || turnRaw.number < 1) return err("arrangement.turn.number: a whole number ≥ 1");
    turn.number = turnRaw.number;
  }
  if (!over && !pending && turn.playsLeft === 0) return err("arrangement.turn.playsLeft: the player to play has a play left");

  const state: EmmerlausState = { rng: createRng(setupInfo.seed), players, deck: [], discard: [], turn, phase: { type: "play" }, options, ...(seating ? { seating } : {}) };

  if (a.answer !== undefined) {
    const answer = readAnswer(state, a.answer, take, seat, seatList);
    if (!answer.ok) return answer;
    state.phase = { type: "answer", pending: answer.value };
  }
  if (a.pick !== undefined) {
    const p = a.pick;
    if (!isObject(p)) return err("arrangement.pick: expected {seat, purpose, victim, kind?}");
    for (const key of Object.keys(p)) if (!["seat", "purpose", "victim", "kind"].includes(key)) return err(`arrangement.pick.${key}: unknown field`);
    const picker = seat(p.seat, "arrangement.pick.seat");
    if (!picker.ok) return picker;
    const victim = seat(p.victim, "arrangement.pick.victim");
    if (!victim.ok) return victim;
    if (!PURPOSES.includes(p.purpose as PickPurpose)) return err(`arrangement.pick.purpose: one of ${PURPOSES.join(", ")}`);
    const purpose = p.purpose as PickPurpose;
    if (!players[picker.value]!.alive || !players[victim.value]!.alive) return err("arrangement.pick: the one who picks and the victim are alive");
    if (purpose === "steal-excess") {
      if (!(OBJECT_KINDS as readonly unknown[]).includes(p.kind)) return err(`arrangement.pick.kind: the kind over its limit (${OBJECT_KINDS.join(", ")})`);
      if (victim.value !== picker.value) return err("arrangement.pick.victim: over a limit, one discards one's own object");
    } else if (p.kind !== undefined) return err("arrangement.pick.kind: only for steal-excess");
    state.phase = { type: "pick", seat: picker.value, purpose, victim: victim.value, ...(purpose === "steal-excess" ? { kind: p.kind as string } : {}) };
    if (pickOptions(state).length === 0) return err("arrangement.pick: nothing to choose from");
  }
  if (a.aim !== undefined) {
    const aim = a.aim;
    if (!isObject(aim) || Object.keys(aim).some((k) => k !== "seat" && k !== "staff")) return err("arrangement.aim: expected {seat, staff}");
    const owner = seat(aim.seat, "arrangement.aim.seat");
    if (!owner.ok) return owner;
    if (owner.value !== turn.seat) return err("arrangement.aim.seat: the staff fires at the start of its owner's turn (turn.seat)");
    if (!players[owner.value]!.alive) return err(`arrangement.aim.seat: seat ${owner.value} is dead`);
    if (typeof aim.staff !== "string" || !players[owner.value]!.objects.includes(aim.staff) || !isCardId(aim.staff) || card(aim.staff).effect.kind !== "staff" || (card(aim.staff).effect as { stores: string }).stores !== "AD") return err("arrangement.aim.staff: a Bâton d'attaque the player wears");
    state.phase = { type: "aim", seat: owner.value, staff: aim.staff };
    if (opponentsOf(state, owner.value).filter((o) => !untouchable(state, o)).length === 0) return err("arrangement.aim: no opponent to fire at");
  }
  if (over) {
    const living = livingSeats(state);
    state.phase = { type: "over", winner: living.length === 1 ? living[0]! : null };
  }

  if (a.discard !== undefined) {
    const d = list(a.discard, "arrangement.discard");
    if (!d.ok) return d;
    state.discard = d.value;
  }
  let deck: string[] = [];
  if (a.deck !== undefined) {
    const d = list(a.deck, "arrangement.deck");
    if (!d.ok) return d;
    deck = d.value;
  }
  const rest: string[] = [];
  for (const [id, n] of remaining) for (let i = 0; i < n; i++) rest.push(id);
  shuffle(state.rng, rest);
  if (!hands.value) for (const p of players) while (p.alive && p.hand.length < full && (deck.length > 0 || rest.length > 0)) p.hand.push(deck.length > 0 ? deck.shift()! : rest.shift()!);
  state.deck = [...deck, ...rest];

  if (a.rng !== undefined) {
    const words = rngWordsSchema.safeParse(a.rng);
    if (!words.success) return err(`arrangement.rng: ${words.error.issues[0]?.message ?? "the generator's 4 words (32-bit integers)"}`);
    state.rng = rngFromWords(words.data);
  }

  return ok(state);
}

type Take = (id: unknown, where: string) => Result<string, string>;
type SeatOf = (value: unknown, where: string) => Result<number, string>;
type SeatsOf = (value: unknown, where: string, distinct?: boolean) => Result<number[], string>;

/** A card waiting for its answers (R6): who cast it, at whom, who is asked and how far the asking has gone. */
function readAnswer(state: EmmerlausState, raw: unknown, take: Take, seat: SeatOf, seatList: SeatsOf): Result<Pending, string> {
  const where = "arrangement.answer";
  if (!isObject(raw)) return err(`${where}: expected {caster, card, targets, …}`);
  const known = ["caster", "card", "targets", "x", "keep", "askers", "asked", "annulled", "mirrors", "chain", "forced", "shot"];
  for (const key of Object.keys(raw)) if (!known.includes(key)) return err(`${where}.${key}: unknown field`);
  const caster = seat(raw.caster, `${where}.caster`);
  if (!caster.ok) return caster;
  if (!state.players[caster.value]!.alive) return err(`${where}.caster: seat ${caster.value} is dead`);
  if (raw.shot !== undefined && raw.shot !== true) return err(`${where}.shot: true, or absent`);
  const shot = raw.shot === true;
  // A staff's shot: the staff stays in play (not taken from the pile); any other card is in the air.
  const id = shot ? (isCardId(raw.card) && state.players[caster.value]!.objects.includes(raw.card) && card(raw.card).effect.kind === "staff" ? ok(raw.card) : err(`${where}.card: a staff the caster wears, for a shot`)) : take(raw.card, `${where}.card`);
  if (!id.ok) return id;
  const data = card(id.value);
  if (!shot && (data.category === "CA" || data.object || data.effect.kind === "extra-plays")) return err(`${where}.card: ${id.value} takes no answer`);
  const staffTargets = shot && data.effect.kind === "staff" && data.effect.stores === "AM" ? "all-opponents" : "opponent";
  const targets = seatList(raw.targets ?? [], `${where}.targets`);
  if (!targets.ok) return targets;
  const aimed = shot || data.targets === "opponent" || data.targets === "left" || data.targets === "all-opponents";
  if (shot && staffTargets === "opponent" && targets.value.length !== 1) return err(`${where}.targets: a Bâton d'attaque fires at one opponent`);
  if (aimed && targets.value.length === 0) return err(`${where}.targets: ${id.value} is aimed at players`);
  if (!aimed && targets.value.length > 0) return err(`${where}.targets: ${id.value} is aimed at nobody`);
  for (const t of targets.value) {
    if (t === caster.value) return err(`${where}.targets: the caster cannot aim at themselves`);
    if (!state.players[t]!.alive) return err(`${where}.targets: seat ${t} is dead`);
  }
  let x: number | null = null;
  if (data.effect.kind === "sacrifice") {
    if (!isInt(raw.x) || raw.x < 1) return err(`${where}.x: Sacrifice's X, a whole number ≥ 1`);
    x = raw.x;
  } else if (shot) {
    if (!isInt(raw.x) || raw.x < 1) return err(`${where}.x: the shot's number of dice, ≥ 1`);
    x = raw.x;
  } else if (data.needs === "own-ring") {
    // The value of the power ring given up as the card was played.
    if (!isInt(raw.x) || raw.x < 1 || raw.x > 3) return err(`${where}.x: the value of the ring given up, 1 to 3`);
    x = raw.x;
  } else if (raw.x !== undefined) return err(`${where}.x: only for sacrifice-d-emmerlaus and the ring spells`);
  let keep: string | null = null;
  if (raw.keep !== undefined) {
    if (data.effect.kind !== "divine") return err(`${where}.keep: only for intervention-divine-d-emmerlaus`);
    if (typeof raw.keep !== "string" || !state.players[caster.value]!.hand.includes(raw.keep)) return err(`${where}.keep: a card of the caster's hand`);
    keep = raw.keep;
  }
  // Who is asked, by default as the card's play asks them (R6): its targets, or every opponent for a card that can only be annulled.
  const fallback = targets.value.length > 0 ? targets.value.filter((t) => !defenceless(state, t)) : data.band.annul > 0 ? opponentsOf(state, caster.value).filter((s) => !defenceless(state, s)) : [];
  const askers = raw.askers === undefined ? ok(fallback) : seatList(raw.askers, `${where}.askers`);
  if (!askers.ok) return askers;
  if (askers.value.includes(caster.value)) return err(`${where}.askers: the caster does not answer their own card`);
  const asked = raw.asked ?? 0;
  if (!isInt(asked) || asked < 0 || asked >= askers.value.length) return err(`${where}.asked: the index of the player asked now in askers (0 to ${askers.value.length - 1})`);
  const annulled = raw.annulled ?? 0;
  if (!isInt(annulled) || annulled < 0 || annulled >= Math.max(1, data.band.annul)) return err(`${where}.annulled: Annulations played so far, fewer than the ${data.band.annul} that cancel it`);
  if (annulled > 0 && data.band.annul === 0) return err(`${where}.annulled: ${id.value} cannot be annulled`);
  const mirrors: MirrorChain[] = [];
  if (raw.mirrors !== undefined) {
    if (!Array.isArray(raw.mirrors)) return err(`${where}.mirrors: expected a list of {target, count}`);
    for (let i = 0; i < raw.mirrors.length; i++) {
      const m = raw.mirrors[i];
      if (!isObject(m) || !isInt(m.count) || m.count < 1 || Object.keys(m).some((k) => k !== "target" && k !== "count")) return err(`${where}.mirrors[${i}]: expected {target, count ≥ 1}`);
      const t = seat(m.target, `${where}.mirrors[${i}].target`);
      if (!t.ok) return t;
      if (!targets.value.includes(t.value) || mirrors.some((c) => c.target === t.value)) return err(`${where}.mirrors[${i}].target: a target of the card, once`);
      mirrors.push({ target: t.value, count: m.count });
    }
  }
  let chain: Pending["chain"] = null;
  if (raw.chain !== undefined) {
    const c = raw.chain;
    if (!isObject(c) || Object.keys(c).some((k) => k !== "target" && k !== "seat")) return err(`${where}.chain: expected {target, seat}`);
    const t = seat(c.target, `${where}.chain.target`);
    if (!t.ok) return t;
    const s = seat(c.seat, `${where}.chain.seat`);
    if (!s.ok) return s;
    if (!mirrors.some((m) => m.target === t.value)) return err(`${where}.chain.target: a target with a Miroir in mirrors`);
    if (s.value !== caster.value && s.value !== t.value) return err(`${where}.chain.seat: the caster or the chain's target`);
    if (!state.players[s.value]!.alive) return err(`${where}.chain.seat: seat ${s.value} is dead`);
    chain = { target: t.value, seat: s.value };
  } else if (!state.players[askers.value[asked]!]!.alive) return err(`${where}.asked: seat ${askers.value[asked]} is dead`);
  const forced = raw.forced ?? false;
  if (typeof forced !== "boolean") return err(`${where}.forced: true or false`);
  return ok({ caster: caster.value, card: id.value, x, keep, targets: targets.value, askers: askers.value, asked, annulled, mirrors, chain, forced, ...(shot ? { shot: true as const } : {}) });
}
