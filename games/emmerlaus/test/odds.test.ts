// The odds the board shows before an attack: exact figures worked by hand for the rules' cases
// (R7 thresholds, natural 1 and 20, R8 halving, robes, Sommeil, PL, potions), and the same figures
// checked against the rules themselves by playing each card many times with the rules' dice.
import { unwrap } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, emmerlausGame, type EmmerlausState } from "../src/index.ts";
import { amountDist, cardOdds, diceSum, rangeOf, resistanceOdds } from "../src/odds.ts";
import { start } from "./helpers.ts";

type Lying = { card: string; from?: number; stage?: string; turns?: number };

/** A two-player table: seat 0 casts, seat 1 is the target. */
function table(objects: string[][] = [[], []], lying: Lying[][] = [[], []], life = [50, 50], options = {}): EmmerlausState {
  return start({ seats: 2, hands: [["eclair"], []], objects, lying, life, options });
}

describe("distributions", () => {
  it("sums dice exactly and rolls amounts as the rules do (R1)", () => {
    const two = diceSum(2, 6);
    expect(two.get(7)).toBeCloseTo(6 / 36);
    expect(two.get(2)).toBeCloseTo(1 / 36);
    expect(rangeOf(two)).toEqual({ min: 2, max: 12, mean: 7 });
    // 1d6 × PL 3: 3, 6, … 18
    expect(rangeOf(amountDist({ dice: { count: 1, die: 6 }, times: "pl" }, 3))).toEqual({ min: 3, max: 18, mean: 10.5 });
    // 5 × PL, no dice
    expect(rangeOf(amountDist({ flat: 5, times: "pl" }, 2))).toEqual({ min: 10, max: 10, mean: 10 });
    // per PL + 1, per the target's PL
    expect(rangeOf(amountDist({ dice: { count: "pl+1", die: 4 } }, 2)).max).toBe(12);
    expect(rangeOf(amountDist({ dice: { count: "target-pl", die: 8 } }, 1, 3)).max).toBe(24);
    expect(rangeOf(amountDist({ dice: { count: 1, die: 100 } }, 1))).toMatchObject({ min: 1, max: 100, mean: 50.5 });
  });

  it("a resistance roll: natural 1 stops, natural 20 doubles, a success at or under the threshold (R7, R8)", () => {
    const blue = resistanceOdds(10, "blue", 1);
    expect(blue.stop).toBeCloseTo(10 / 20); // 1–10
    expect(blue.halve).toBe(0);
    expect(blue.double).toBeCloseTo(1 / 20);
    const yellow = resistanceOdds(10, "yellow", 1);
    expect(yellow.stop).toBeCloseTo(1 / 20); // only the natural 1
    expect(yellow.halve).toBeCloseTo(9 / 20);
    expect(yellow.resist).toBeCloseTo(10 / 20);
    // a threshold of 25 still fails on a natural 20; one of -3 still succeeds on a natural 1
    expect(resistanceOdds(25, "blue", 1).stop).toBeCloseTo(19 / 20);
    expect(resistanceOdds(-3, "blue", 1).stop).toBeCloseTo(1 / 20);
    // two rolls, the better counts: fails only if both fail
    const twice = resistanceOdds(10, "blue", 2);
    expect(twice.stop).toBeCloseTo(1 - (10 / 20) ** 2);
    expect(twice.double).toBeCloseTo(1 / 400);
  });
});

describe("a card at a target", () => {
  it("Boule de feu at PL 1: 1–8, resisted one time in two, 0–16 lost", () => {
    const odds = cardOdds(table(), 0, "boule-de-feu", 1);
    expect(odds.effect).toBe("damage");
    expect(odds.amount).toEqual({ min: 1, max: 8, mean: 4.5 });
    expect(odds.resistance).toMatchObject({ threshold: 10, rolls: 1 });
    expect(odds.resistance!.resist).toBeCloseTo(0.5);
    expect(odds.loss!.min).toBe(0);
    expect(odds.loss!.max).toBe(16);
    expect(odds.loss!.mean).toBeCloseTo(4.5 * (0.45 + 0.05 * 2));
  });

  it("reads the table: rings, robes, maluses, curses, Sommeil, potions (R2, R7, R24)", () => {
    // two power rings: PL 4, Boule de feu rolls 4d8
    expect(cardOdds(table([["anneau-de-puissance-1", "anneau-de-puissance-2"], []]), 0, "boule-de-feu", 1).amount).toMatchObject({ min: 4, max: 32 });
    // Tourbillon takes 3 off the threshold: 7
    expect(cardOdds(table(), 0, "tourbillon", 1).resistance!.resist).toBeCloseTo(7 / 20);
    // a Robe de protection 3 adds 3: 13
    expect(cardOdds(table([[], ["robe-de-protection-3"]]), 0, "eclair", 1).resistance!.threshold).toBe(13);
    // under Malédiction: 5
    expect(cardOdds(table(undefined, [[], [{ card: "malediction", from: 0 }]]), 0, "eclair", 1).resistance!.threshold).toBe(5);
    // asleep under Sommeil: no roll at all, the whole amount
    const asleep = cardOdds(table(undefined, [[], [{ card: "sommeil", from: 0, stage: "groggy" }]]), 0, "eclair", 1);
    expect(asleep.resistance).toBeNull();
    expect(asleep.loss).toEqual({ min: 1, max: 6, mean: 3.5 });
    // a red sphere: no roll
    expect(cardOdds(table(), 0, "fleche-magique", 1).resistance).toBeNull();
    // Potion de force active: damage × 2
    const strong = start({ seats: 2, hands: [["eclair"], []], lying: [[{ card: "potion-de-force", stage: "active", turns: 2 }], []], options: { expansions: true } });
    expect(cardOdds(strong, 0, "eclair", 1).amount).toMatchObject({ min: 2, max: 12 });
    // Ceinture de force 2: the AD resolves at PL 3
    const belt = start({ seats: 2, hands: [["eclair"], []], objects: [["ceinture-de-force-2"], []], options: { expansions: true } });
    expect(cardOdds(belt, 0, "eclair", 1).amount).toMatchObject({ min: 3, max: 18 });
    // Robe de double résistance: two rolls
    const robe = start({ seats: 2, hands: [["eclair"], []], objects: [[], ["robe-de-double-resistance"]], options: { expansions: true } });
    expect(cardOdds(robe, 0, "eclair", 1).resistance).toMatchObject({ rolls: 2 });
  });

  it("Main brûlante: five hits of 1d12, each resisted on its own (R9)", () => {
    const odds = cardOdds(table(), 0, "main-brulante", 1);
    expect(odds.hits).toBe(5);
    expect(odds.amount).toMatchObject({ min: 1, max: 12 });
    expect(odds.loss!.max).toBe(5 * 24);
    expect(odds.loss!.mean).toBeCloseTo(5 * 6.5 * 0.55);
  });

  it("life cards: Désintégration takes all, Souffrance empirique half, Au seuil de la mort down to 1d10", () => {
    const few = table(undefined, undefined, [50, 30]);
    expect(cardOdds(few, 0, "desintegration", 1).loss).toMatchObject({ min: 0, max: 30 });
    expect(cardOdds(few, 0, "souffrance-empirique", 1).loss).toMatchObject({ min: 0, max: 30 });
    expect(cardOdds(few, 0, "souffrance-empirique", 1).loss!.mean).toBeCloseTo(0.45 * 15 + 0.05 * 30);
    expect(cardOdds(few, 0, "au-seuil-de-la-mort", 1).loss).toMatchObject({ min: 0, max: 29 });
    // a card without a measurable loss still shows the roll
    const curse = cardOdds(table(), 0, "sommeil", 1);
    expect(curse.effect).toBe("other");
    expect(curse.resistance!.resist).toBeCloseTo(0.5);
  });
});

/** Plays `cardId` from seat 0 at seat 1 (who has no card to answer with) `n` times, with the rules' dice; the life seat 1 loses each time. */
function played(arrange: { objects?: string[][]; lying?: Lying[][]; life?: number[] }, cardId: string, n: number): number[] {
  const losses: number[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const life = arrange.life ?? [50, 50];
    const state = unwrap(emmerlausGame.fromArrangement({ seats: 2, options: DEFAULT_OPTIONS, seed }, { hands: [[cardId], []], objects: arrange.objects ?? [[], []], lying: arrange.lying ?? [[], []], life }));
    const action = emmerlausGame.legalActions(state, 0).find((a) => a.type === "play" && a.card === cardId);
    if (!action) throw new Error(`${cardId} cannot be played`);
    emmerlausGame.apply(state, 0, action);
    if (state.phase.type === "answer") emmerlausGame.apply(state, 1, { type: "pass" });
    losses.push(life[1]! - state.players[1]!.life);
  }
  return losses;
}

describe("the odds agree with the rules", () => {
  const cases: [string, string, { objects?: string[][]; lying?: Lying[][]; life?: number[] }][] = [
    ["Boule de feu", "boule-de-feu", {}],
    ["Tourbillon at PL 2", "tourbillon", { objects: [["anneau-de-puissance-1"], []] }],
    ["Main brûlante", "main-brulante", {}],
    ["Pluie de boules de feu (yellow)", "pluie-de-boules-de-feu", {}],
    ["Flèche magique against Robe d'absorption", "fleche-magique", { objects: [[], ["robe-d-absorption"]] }],
    ["Succion vampirique against a cursed target", "succion-vampirique", { lying: [[], [{ card: "malediction", from: 0 }]] }],
    ["Souffrance empirique", "souffrance-empirique", { life: [50, 40] }],
    ["Au seuil de la mort", "au-seuil-de-la-mort", {}],
  ];
  for (const [name, id, arrange] of cases) {
    it(`${name}: every loss within the range, the mean as computed`, () => {
      const state = unwrap(emmerlausGame.fromArrangement({ seats: 2, options: DEFAULT_OPTIONS, seed: 1 }, { hands: [[id], []], objects: arrange.objects ?? [[], []], lying: arrange.lying ?? [[], []], life: arrange.life ?? [50, 50] }));
      const odds = cardOdds(state, 0, id, 1);
      const losses = played(arrange, id, 1500);
      for (const loss of losses) {
        expect(loss).toBeGreaterThanOrEqual(odds.loss!.min);
        expect(loss).toBeLessThanOrEqual(odds.loss!.max);
      }
      const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
      const sd = Math.sqrt(losses.reduce((a, b) => a + (b - mean) ** 2, 0) / losses.length);
      // within 4 standard errors of the exact mean
      expect(Math.abs(mean - odds.loss!.mean)).toBeLessThanOrEqual((4 * sd) / Math.sqrt(losses.length) + 1e-9);
      // and the share resisted as computed: a loss of 0 happens about as often as "stop"
      if (odds.resistance && odds.amount && odds.amount.min > 0 && odds.hits === 1 && !(arrange.objects?.[1]?.length)) {
        const zero = losses.filter((l) => l === 0).length / losses.length;
        const p = odds.resistance.stop;
        expect(Math.abs(zero - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / losses.length) + 1e-9);
      }
    });
  }
});
