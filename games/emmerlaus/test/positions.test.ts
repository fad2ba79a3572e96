// Positions half-way through a game, written as scenario files (issue #17): a dead wizard, an attack
// waiting for its answers with its queue, plays left after Vitesse double, a Résistance accrue
// already played, the seating after Transfert de corps, a follow-up choice, and the future fixed
// by the draw pile's order and the generator's words. Each goes through the engine's loader.
import { loadScenario, replayScenario } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { emmerlausGame as game, type EmmerlausState } from "../src/index.ts";
import { asked, legal, life } from "./helpers.ts";

function load(file: Record<string, unknown>): EmmerlausState {
  const loaded = loadScenario({ game: "emmerlaus", ...file }, () => game);
  if (!loaded.ok) throw new Error(loaded.error);
  const replayed = replayScenario(loaded.value);
  if (!replayed.ok) throw new Error(replayed.error);
  return replayed.value as EmmerlausState;
}

function refusal(arrangement: unknown, seats = 3): string {
  const loaded = loadScenario({ game: "emmerlaus", seats, arrangement }, () => game);
  return loaded.ok ? "" : loaded.error;
}

describe("positions", () => {
  it("a dead wizard: out of the game, skipped by mass attacks and by the turn", () => {
    const s = load({
      seats: 3,
      dice: [15, 6],
      arrangement: { dead: [1], life: [30, -4, 20], hands: [["pluie-de-boules-de-feu"], [], ["eclair"]], turn: { seat: 0, number: 12 } },
      actions: [
        { seat: 0, action: { type: "play", card: "pluie-de-boules-de-feu" } },
        { seat: 2, action: { type: "pass" } },
      ],
    });
    expect(life(s)).toEqual([30, -4, 14]);
    expect(s.players[1]!.alive).toBe(false);
    expect(s.turn).toMatchObject({ seat: 2, number: 13 });
    expect(game.view(s, "spectator").players[1]).toMatchObject({ alive: false, handCount: 0 });
  });

  it("an attack waiting for answers, one target already asked: the queue goes on, the Miroir chain is offered", () => {
    // Pluie de boules de feu from Seat 1 at the three others; Seat 2 has passed, Seat 3 is asked now.
    const arrangement = {
      hands: [["miroir"], [], ["miroir"], []],
      answer: { caster: 0, card: "pluie-de-boules-de-feu", targets: [1, 2, 3], asked: 1 },
    };
    const s = load({ seats: 4, arrangement });
    expect(asked(s)).toBe(2);
    expect(legal(s, 2)).toEqual([{ type: "pass" }, { type: "mirror" }, { type: "heighten" }].filter((a) => a.type !== "heighten"));
    // Seat 3 mirrors, Seat 1 lets it be, Seat 4 fails (15) and the amount is 6; then the halved success on nobody.
    const t = load({
      seats: 4,
      dice: [15, 6, 3],
      arrangement,
      actions: [
        { seat: 2, action: { type: "mirror" } },
        { seat: 0, action: { type: "pass" } },
        { seat: 3, action: { type: "pass" } },
      ],
    });
    // Seat 2 (index 1) had passed: fails 15, takes 6; Seat 3's share comes back on the caster (6, no roll); Seat 4 rolls 3: half.
    expect(life(t)).toEqual([44, 44, 50, 47]);
    expect(t.discard).toEqual(expect.arrayContaining(["miroir", "pluie-de-boules-de-feu"]));
  });

  it("a Miroir chain waiting for the caster's answer", () => {
    const s = load({
      seats: 2,
      arrangement: { hands: [["miroir"], []], answer: { caster: 0, card: "boule-de-feu", targets: [1], mirrors: [{ target: 1, count: 1 }], chain: { target: 1, seat: 0 } } },
    });
    expect(asked(s)).toBe(0);
    expect(legal(s, 0)).toEqual([{ type: "pass" }, { type: "mirror" }]);
  });

  it("plays left after Vitesse double: up to one more card, no ST, or end the turn", () => {
    const arrangement = { hands: [["eclair", "vitesse-double", "fontaine"], ["dommage"]], turn: { seat: 0, playsLeft: 1, bonus: true } };
    const s = load({ seats: 2, arrangement });
    expect(legal(s, 0)).toContainEqual({ type: "end-turn" });
    expect(legal(s, 0).some((a) => a.type === "play" && a.card === "vitesse-double")).toBe(false);
    const t = load({ seats: 2, arrangement, dice: [15, 4], actions: [{ seat: 0, action: { type: "play", card: "eclair", target: 1 } }, { seat: 1, action: { type: "pass" } }] });
    expect(life(t)).toEqual([50, 46]);
    // That was the last play: the turn ended and Seat 1 drew back to 5.
    expect(t.turn.seat).toBe(1);
    expect(t.players[0]!.hand).toHaveLength(5);
  });

  it("a Résistance accrue already played this turn: the threshold is raised, no second one", () => {
    const arrangement = {
      hands: [["boule-de-feu"], ["resistance-accrue"]],
      objects: [[], ["anneau-de-puissance-1"]],
      heightened: [1],
      turn: { seat: 0, playsLeft: 1, bonus: true },
    };
    const s = load({ seats: 2, arrangement, actions: [{ seat: 0, action: { type: "play", card: "boule-de-feu", target: 1 } }] });
    expect(legal(s, 1)).toEqual([{ type: "pass" }]);
    // 10 + PL 2 = 12: a 12 resists.
    const t = load({ seats: 2, arrangement, dice: [12], actions: [{ seat: 0, action: { type: "play", card: "boule-de-feu", target: 1 } }, { seat: 1, action: { type: "pass" } }] });
    expect(life(t)).toEqual([50, 50]);
    expect(t.players[1]!.heightened).toBe(false);
  });

  it("the seating after Transfert de corps: turns and Sommeil follow the places", () => {
    const arrangement = { seating: [0, 2, 1, 3], hands: [["sommeil", "eclair"], ["dommage"], ["fontaine"], ["violence"]] };
    const s = load({ seats: 4, arrangement });
    expect(legal(s, 0)).toContainEqual({ type: "play", card: "sommeil", target: 2 });
    const t = load({ seats: 4, arrangement, actions: [{ seat: 0, action: { type: "discard", card: "eclair" } }] });
    expect(t.turn.seat).toBe(2);
    expect(refusal({ seating: [0, 1, 1] })).toContain("arrangement.seating[2]: seat 1 listed twice");
  });

  it("a follow-up choice waiting: the acid's object to destroy", () => {
    const s = load({ seats: 2, arrangement: { objects: [[], ["robe-de-protection-2", "anneau-de-puissance-1"]], pick: { seat: 0, purpose: "acid", victim: 1 } } });
    expect(legal(s, 0)).toEqual([
      { type: "pick", card: "robe-de-protection-2" },
      { type: "pick", card: "anneau-de-puissance-1" },
    ]);
    expect(refusal({ pick: { seat: 0, purpose: "acid", victim: 1 } }, 2)).toContain("nothing to choose from");
  });

  it("the future is fixed: the draw pile in order, and the generator's words", () => {
    const arrangement = { hands: [["eclair"], ["dommage"]], deck: ["miroir", "fontaine", "violence", "telepathie", "grenacide"], discard: [], rng: [1, 2, 3, 4] };
    const play = [{ seat: 0, action: { type: "play", card: "eclair", target: 1 } }, { seat: 1, action: { type: "pass" } }];
    const a = load({ seats: 2, seed: 1, arrangement, actions: play });
    const b = load({ seats: 2, seed: 99, arrangement, actions: play });
    expect(a.players[0]!.hand).toEqual(["miroir", "fontaine", "violence", "telepathie", "grenacide"]);
    // The same dice from the same words, whatever the seed (which only shuffles the cards not written).
    expect(life(a)).toEqual(life(b));
    expect(a.rng).toEqual(b.rng);
  });

  it("expansion cards lying in front with their turns left, cards on a staff, a staff waiting to be aimed or its shot waiting for answers", () => {
    const options = { expansions: true };
    const arrangement = {
      objects: [["baton-d-attaque"], []],
      lying: [[{ card: "eclair", stage: "stored" }, { card: "potion-de-force", stage: "active", turns: 1 }], [{ card: "pacte-tenebreux" }]],
      hands: [["fontaine"], ["dommage"]],
      aim: { seat: 0, staff: "baton-d-attaque" },
    };
    const s = load({ seats: 2, options, arrangement });
    expect(legal(s, 0)).toEqual([{ type: "aim", target: 1 }]);
    // 2d4 = 5, doubled by the potion.
    const t = load({ seats: 2, options, arrangement, dice: [15, 2, 3], actions: [{ seat: 0, action: { type: "aim", target: 1 } }, { seat: 1, action: { type: "pass" } }] });
    expect(life(t)).toEqual([50, 40]);
    const shot = load({ seats: 2, options, arrangement: { ...arrangement, aim: undefined, answer: { caster: 0, card: "baton-d-attaque", targets: [1], x: 2, shot: true } } });
    expect(asked(shot)).toBe(1);
    expect(shot.turn.playsLeft).toBe(1);
    expect(refusal({ objects: [[], [], []], lying: [[{ card: "eclair", stage: "stored" }], [], []] })).toContain("wears no staff");
    expect(refusal({ lying: [[{ card: "potion-de-force", stage: "waiting", turns: 0 }], [], []] })).toContain("not in this game's deck");
  });

  it("what the rules make impossible is refused, naming the field", () => {
    expect(refusal({ dead: [1], hands: [[], ["eclair"], []] })).toContain("arrangement.hands[1]: seat 1 is dead");
    expect(refusal({ dead: [0, 1, 2], answer: { caster: 0, card: "eclair", targets: [1] } })).toContain("the game is over");
    expect(refusal({ life: [0, 50, 50] })).toContain("arrangement.life[0]");
    expect(refusal({ answer: { caster: 0, card: "eclair", targets: [] } })).toContain("arrangement.answer.targets");
    expect(refusal({ answer: { caster: 0, card: "miroir" } })).toContain("takes no answer");
    expect(refusal({ answer: { caster: 0, card: "boule-de-feu", targets: [1], asked: 3 } })).toContain("arrangement.answer.asked");
    expect(refusal({ hands: [["eclair"], [], []], answer: { caster: 0, card: "eclair", targets: [1] } })).toContain("more copies of eclair");
    expect(refusal({ turn: { seat: 0, playsLeft: 0 } })).toContain("arrangement.turn.playsLeft");
    expect(refusal({ rng: [0, 0, 0, 0] })).toContain("arrangement.rng");
    expect(refusal({ first: 1, turn: { seat: 2 } })).toContain("arrangement.first");
  });
});
