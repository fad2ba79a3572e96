// The rulebook's rules and the remaining rulings: setup, turn structure (R13), the empty draw pile
// (R14), death and victory (R16), power level (R1–R3), categories (R32), hand size (R33), views.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, allCards, emmerlausGame, evalAmount, power } from "../src/index.ts";
import { asked, legal, life, play, refused, start } from "./helpers.ts";

describe("setup", () => {
  it("2 to 10 players, 50 life, PL 1, 5 cards each, the rest in the draw pile (R33)", () => {
    expect([emmerlausGame.minSeats, emmerlausGame.maxSeats]).toEqual([2, 10]);
    for (const seats of [2, 5, 10]) {
      const s = emmerlausGame.setup({ seats, options: DEFAULT_OPTIONS, seed: 3 });
      expect(s.players.every((p) => p.life === 50 && p.hand.length === 5 && p.alive)).toBe(true);
      expect(s.players.map((_, seat) => power(s, seat))).toEqual(Array(seats).fill(1));
      expect(s.deck).toHaveLength(100 - 5 * seats);
      expect(allCards(s)).toHaveLength(100);
    }
  });
  it("arrangement errors name what is wrong", () => {
    const bad = (a: unknown) => {
      const r = emmerlausGame.fromArrangement({ seats: 2, options: DEFAULT_OPTIONS, seed: 1 }, a);
      return r.ok ? "" : r.error;
    };
    expect(bad({ hands: [["nope"], []] })).toContain("hands[0][0]: unknown card");
    expect(bad({ hands: [["eclair"], ["eclair"]] })).toContain("more copies of eclair");
    expect(bad({ objects: [["anneau-de-puissance-1", "anneau-de-puissance-1", "anneau-de-puissance-1"], []] })).toContain("too many of kind ring");
    expect(bad({ life: [0, 50] })).toContain("life[0]");
    expect(bad({ colour: 1 })).toContain("unknown field");
  });
});

describe("turn structure (R13)", () => {
  it("one card per turn, played or discarded inactive, then the hand is refilled to 5; only at the end of one's own turn", () => {
    const s = start({ hands: [["eclair", "dommage"], ["boule-de-feu"]] });
    play(s, 0, { type: "discard", card: "eclair" });
    expect(s.discard).toEqual(["eclair"]);
    expect(s.players[0]!.hand).toHaveLength(5);
    expect(s.players[1]!.hand).toEqual(["boule-de-feu"]);
    expect(s.turn.seat).toBe(1);
    expect(refused(s, 0, { type: "discard", card: "dommage" })).toBe(true);
  });
  it("a player with no card skips the play and draws", () => {
    const s = start({ seats: 3, hands: [["eclair"], [], ["dommage"]] });
    play(s, 0, { type: "discard", card: "eclair" });
    expect(s.turn.seat).toBe(2);
    expect(s.players[1]!.hand).toHaveLength(5);
  });
  it("Résistance accrue covers every roll of the current turn, then lapses (R12)", () => {
    const s = start({ hands: [["vitesse-double", "eclair", "boule-de-feu"], ["resistance-accrue", "dommage"]], objects: [[], ["anneau-de-puissance-2"]] }, [13, 13]);
    play(s, 0, { type: "play", card: "vitesse-double" });
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "heighten" });
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(50);
    expect(s.players[1]!.heightened).toBe(false);
  });
  it("no ST among the plays Vitesse double grants (R32)", () => {
    const s = start({ hands: [["vitesse-double", "eclair"], ["dommage"]] });
    play(s, 0, { type: "play", card: "vitesse-double" });
    expect(legal(s, 0).some((a) => a.type === "play" && a.card === "vitesse-double")).toBe(false);
  });
  it("dice: per PL rolls PL dice, × PL multiplies one roll (R1)", () => {
    const s = start({ hands: [["eclair"], []], objects: [["anneau-de-puissance-2"], []] }, [15, 1, 2, 3]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(44);
    const t = start({ hands: [["arc-electrique"], []], objects: [["anneau-de-puissance-2"], []] }, [15, 3]);
    play(t, 0, { type: "play", card: "arc-electrique", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(41);
  });
});

describe("the empty draw pile (R14)", () => {
  it("the discard pile is shuffled into a new draw pile", () => {
    const s = start({ hands: [["eclair"], ["dommage"]] });
    const rest = s.deck.splice(0);
    s.discard.push(...rest.slice(0, 3));
    s.players[1]!.objects = [];
    // Keep 100 cards: the others go to seat 1's... hand is limited, so lay them as discard too.
    s.discard.push(...rest.slice(3));
    const events = play(s, 0, { type: "discard", card: "eclair" });
    expect(events.some((e) => e.type === "reshuffled")).toBe(true);
    expect(s.players[0]!.hand).toHaveLength(5);
    expect(s.discard).toEqual([]);
    expect(allCards(s)).toHaveLength(100);
  });
});

describe("death and victory (R16)", () => {
  it("a dead player's hand and objects go to the discard pile; the last wizard standing wins", () => {
    const s = start({ seats: 3, hands: [["dommage-superieur"], ["eclair"], ["boule-de-feu"]], objects: [[], ["robe-de-protection-2"], []], life: [50, 5, 50] }, [15]);
    play(s, 0, { type: "play", card: "dommage-superieur", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.alive).toBe(false);
    expect(s.discard).toEqual(expect.arrayContaining(["eclair", "robe-de-protection-2"]));
    expect(s.turn.seat).toBe(2);
    expect(legal(s, 2).filter((a) => a.type === "play")).toEqual([{ type: "play", card: "boule-de-feu", target: 0 }]);
    s.rng.forced = [15, 8];
    s.players[0]!.life = 8;
    play(s, 2, { type: "play", card: "boule-de-feu", target: 0 });
    play(s, 0, { type: "pass" });
    expect(emmerlausGame.decision(s)).toEqual({ type: "over" });
    expect(emmerlausGame.outcome(s)).toEqual({ winners: [2], scores: [0, 0, 50], draw: false });
  });
  it("life has no maximum", () => {
    const s = start({ hands: [["potion-d-energie-majeure"], []] }, [10, 10, 10, 10, 10]);
    play(s, 0, { type: "play", card: "potion-d-energie-majeure" });
    expect(life(s)[0]).toBe(100);
  });
  it("when the last players die together the game is a draw; the caster may die of a sacrifice", () => {
    const s = start({ hands: [["sacrifice-d-emmerlaus"], []], life: [10, 10] }, [15]);
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 10 });
    play(s, 1, { type: "pass" });
    expect(emmerlausGame.outcome(s)).toMatchObject({ winners: [], draw: true });
  });
});

describe("views (hidden hands)", () => {
  it("a seat sees its own hand only; the draw pile is a count; draws are private events", () => {
    const s = start({ hands: [["eclair"], ["dommage"]] });
    const v = emmerlausGame.view(s, 0);
    expect(v.players[0]!.hand).toEqual(["eclair"]);
    expect(v.players[1]!.hand).toBeNull();
    expect(v.players[1]!.handCount).toBe(1);
    expect(v.deckCount).toBe(98);
    expect(JSON.stringify(emmerlausGame.view(s, "spectator"))).not.toContain("eclair");
    const events = play(s, 0, { type: "discard", card: "eclair" });
    const drew = events.find((e) => e.type === "drew")!;
    expect(emmerlausGame.eventFor(drew, 1)).toMatchObject({ cards: null, count: 5 });
    expect(emmerlausGame.eventFor(drew, 0)).toMatchObject({ count: 5 });
  });
  it("resample keeps the view and redraws only the unknown", () => {
    const s = emmerlausGame.setup({ seats: 4, options: DEFAULT_OPTIONS, seed: 9 });
    const v = emmerlausGame.view(s, 2);
    const r = emmerlausGame.resample(v, 2, createRng(4));
    expect(emmerlausGame.view(r, 2)).toEqual(v);
    expect(r.players[2]!.hand).toEqual(s.players[2]!.hand);
  });
  it("descriptions are messages: keys and structured parameters (worded in text.test.ts)", () => {
    const s = start({ hands: [["eclair"], []] });
    expect(emmerlausGame.describeView(emmerlausGame.view(s, 0), 0)[0]).toEqual({ key: "view.player", params: { who: { seat: 0 }, life: 50, pl: 1, n: 1 } });
    expect(emmerlausGame.describeAction({ type: "play", card: "eclair", target: 1 })).toEqual({ key: "action.play-at", params: { card: { key: "card.eclair.name" }, target: { seat: 1 } } });
    expect(asked(s)).toBe(0);
  });
});

describe("power level and durations (R2, R4, R15, R21)", () => {
  it("R2: PL is read when the effect resolves; a mirrored Don adverse counts the original caster's PL", () => {
    const s = start({ hands: [["don-adverse"], ["miroir"]], objects: [["anneau-de-puissance-2"], []] }, [1, 2, 3]);
    play(s, 0, { type: "play", card: "don-adverse", target: 1 });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    expect(life(s)).toEqual([44, 56]);
  });
  it("R4: a ring works from the moment it is laid and stops when it leaves play", () => {
    const s = start({ hands: [["anneau-de-puissance-3", "eclair"], ["dissipation-d-un-anneau", "dommage"]] }, [15]);
    play(s, 0, { type: "play", card: "anneau-de-puissance-3" });
    expect(power(s, 0)).toBe(4);
    play(s, 1, { type: "play", card: "dissipation-d-un-anneau", target: 0 });
    play(s, 0, { type: "pass" });
    play(s, 1, { type: "pick", card: "anneau-de-puissance-3" });
    expect(power(s, 0)).toBe(1);
  });
  it("R15: Sanctuaire lasts until its caster's next turn begins; Malédiction until removed", () => {
    const s = start({ hands: [["sanctuaire-d-emmerlaus"], ["dommage"]], lying: [[], [{ card: "malediction", from: 0 }]] }, [1]);
    play(s, 0, { type: "play", card: "sanctuaire-d-emmerlaus" });
    expect(s.players[0]!.lying.map((l) => l.card)).toEqual(["sanctuaire-d-emmerlaus"]);
    play(s, 1, { type: "discard", card: "dommage" });
    expect(s.players[0]!.lying).toEqual([]);
    expect(s.players[1]!.lying.map((l) => l.card)).toEqual(["malediction"]);
  });
  it("R21: no acid roll when the target has no object, none when the damage was absorbed to 0", () => {
    const s = start({ hands: [["rayon-acide"], ["dommage"]] }, [15, 4]);
    play(s, 0, { type: "play", card: "rayon-acide", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.rng.forced).toEqual([]);
    expect(s.turn.seat).toBe(1);
    const t = start({ hands: [["rayon-acide"], ["dommage"]], objects: [[], ["robe-d-absorption"]] }, [15, 4, 9]);
    play(t, 0, { type: "play", card: "rayon-acide", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(50);
    expect(t.players[1]!.objects).toEqual(["robe-d-absorption"]);
    expect(t.turn.seat).toBe(1);
  });
});

describe("dice amounts (R1, R2)", () => {
  it("per the total PL: one die per PL of every living player, each counted at least 1", () => {
    const s = start({ seats: 4, objects: [["anneau-de-puissance-2"], [], ["anneau-de-puissance-1"], []] }, [1, 1, 1, 1, 1, 4]);
    s.players[3]!.alive = false;
    const events: never[] = [];
    expect(evalAmount(s, { dice: { count: "total-pl", die: 4 } }, 3, 1, 0, { card: "eclair" }, events)).toBe(9);
    expect(s.rng.forced).toEqual([]);
  });
  it("flat amounts times PL, and every die size from d4 to d20", () => {
    const s = start({}, [4, 6, 8, 10, 12, 20]);
    const events: never[] = [];
    expect(evalAmount(s, { flat: 5, times: "pl" }, 3, 1, 0, { card: "eclair" }, events)).toBe(15);
    for (const die of [4, 6, 8, 10, 12, 20] as const) expect(evalAmount(s, { dice: { count: 1, die } }, 1, 1, 0, { card: "eclair" }, events)).toBe(die);
  });
});
