// A test of every base card's effect (table-driven where cards share a primitive), with scripted
// dice. Expected values are written from the card list, independently of cards.ts.
import { describe, expect, it } from "vitest";
import { CARDS, baseDeck } from "../src/index.ts";
import { asked, legal, life, play, refused, start } from "./helpers.ts";

const RING1 = "anneau-de-puissance-1";

describe("the deck", () => {
  it("has 78 distinct cards and 100 in all, by category as the card list says", () => {
    expect(CARDS).toHaveLength(78);
    expect(baseDeck()).toHaveLength(100);
    const byCategory: Record<string, number> = {};
    for (const c of CARDS) byCategory[c.category] = (byCategory[c.category] ?? 0) + c.quantity;
    expect(byCategory).toEqual({ O: 13, CO: 5, CA: 17, AD: 38, AM: 7, A: 9, S: 4, ST: 1, SO: 1, E: 5 });
  });
});

// Caster at PL 2 (one +1 ring), target at 100 life; `res` is the target's d20 (null: red band, no roll).
const DIRECT: [string, number | null, number[], number][] = [
  ["ange-gardien", 9, [3, 4], 7],
  ["arc-electrique", 15, [5], 10],
  ["boule-acidifiee", 15, [2, 3], 5],
  ["boule-de-feu", 15, [8, 8], 16],
  ["cerceau-de-feu", null, [1, 2, 3], 6],
  ["coup-de-vent", 9, [6, 6], 12],
  ["cumulonimbus", 9, [10, 1], 11],
  ["destruction", 15, [20, 20], 40],
  ["dommage", 15, [], 10],
  ["dommage-superieur", 15, [], 20],
  ["eclair", 15, [1, 6], 7],
  ["energie-acide", 15, [12, 11], 23],
  ["eruption-acide", 15, [3, 3], 6],
  ["etouffement", 7, [4, 4], 8],
  ["explosion-energetique", 15, [6, 7], 13],
  ["flechette-acide", null, [4, 4], 8],
  ["fleche-magique", null, [2, 2], 4],
  ["fouet-enflamme", 15, [1, 2, 3], 6],
  ["globe-infernal", 15, [7], 14],
  ["grenacide", 15, [5, 5], 10],
  ["lance-flamme", 15, [12, 12, 12], 36],
  ["missile-nucleaire", 15, [20], 40],
  ["projectile-magique", null, [3], 6],
  ["pulverisateur", 15, [9], 18],
  ["rayon-acide", 15, [9, 1], 10],
  ["rayon-laser", 15, [2, 2], 4],
  ["souffle-enflamme", 15, [8, 1, 1], 10],
  ["spirale-de-feu", 15, [10, 10, 10], 30],
  ["super-boule-de-feu", 15, [20, 1, 1], 22],
  ["torpille", 9, [12, 12], 24],
  ["tourbillon", 9, [8, 8], 16],
  ["violence", 15, [12], 24],
];

describe("AD damage cards", () => {
  for (const [id, res, dice, damage] of DIRECT) {
    it(`${id}: ${damage} damage from ${JSON.stringify(dice)} at PL 2`, () => {
      const s = start({ hands: [[id], []], objects: [[RING1], []], life: [50, 100] }, [...(res === null ? [] : [res]), ...dice]);
      play(s, 0, { type: "play", card: id, target: 1 });
      if (asked(s) === 1) play(s, 1, { type: "pass" });
      expect(s.players[1]!.life).toBe(100 - damage);
      expect(s.rng.forced).toEqual([]);
      expect(s.discard).toContain(id);
    });
  }
  // A roll equal to the lowered threshold still succeeds: −3 → 7, −4 → 6.
  for (const [id, edge] of [["ange-gardien", 7], ["coup-de-vent", 7], ["cumulonimbus", 7], ["torpille", 7], ["tourbillon", 7], ["etouffement", 6]] as const) {
    it(`${id}: the threshold is lowered to ${edge}`, () => {
      const s = start({ hands: [[id], []], life: [50, 100] }, [edge]);
      play(s, 0, { type: "play", card: id, target: 1 });
      play(s, 1, { type: "pass" });
      expect(s.players[1]!.life).toBe(100);
      const t = start({ hands: [[id], []], life: [50, 100] }, [edge + 1, 1]);
      play(t, 0, { type: "play", card: id, target: 1 });
      play(t, 1, { type: "pass" });
      expect(t.players[1]!.life).toBe(99);
    });
  }
  it("a blue card is stopped by a roll of 1–10", () => {
    const s = start({ hands: [["boule-de-feu"], []] }, [10]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 50]);
  });
  it("acid: on a 1 on the d6 the attacker discards an object of their choice from the target", () => {
    for (const id of ["boule-acidifiee", "energie-acide", "eruption-acide", "flechette-acide", "grenacide", "rayon-acide"]) {
      const red = id === "flechette-acide";
      const s = start({ hands: [[id], []], objects: [[], [RING1, "robe-de-protection-2"]], life: [50, 100] }, [...(red ? [] : [15]), 2, 1]);
      play(s, 0, { type: "play", card: id, target: 1 });
      play(s, 1, { type: "pass" });
      expect(asked(s)).toBe(0);
      expect(legal(s, 0)).toEqual([{ type: "pick", card: RING1 }, { type: "pick", card: "robe-de-protection-2" }]);
      play(s, 0, { type: "pick", card: "robe-de-protection-2" });
      expect(s.players[1]!.objects).toEqual([RING1]);
      expect(s.discard).toContain("robe-de-protection-2");
    }
    // Any other d6: nothing.
    const s = start({ hands: [["boule-acidifiee"], []], objects: [[], [RING1]] }, [15, 2, 2]);
    play(s, 0, { type: "play", card: "boule-acidifiee", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.objects).toEqual([RING1]);
  });
});

describe("other AD cards", () => {
  it("succion-vampirique drains 1d8 per PL to the caster", () => {
    const s = start({ hands: [["succion-vampirique"], []], objects: [[RING1], []] }, [15, 4, 5]);
    play(s, 0, { type: "play", card: "succion-vampirique", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([59, 41]);
  });
  it("don-adverse and transmission-vitale roll one die per the target's PL", () => {
    for (const [id, dice, total] of [["don-adverse", [8, 8, 8], 24], ["transmission-vitale", [10, 10, 10], 30]] as const) {
      const s = start({ hands: [[id], []], objects: [[], ["anneau-de-puissance-2"]] }, [15, ...dice]);
      play(s, 0, { type: "play", card: id, target: 1 });
      play(s, 1, { type: "pass" });
      expect(life(s)).toEqual([50 + total, 50 - total]);
    }
  });
  it("a drain gives no more than the target had (R20)", () => {
    const s = start({ hands: [["succion-vampirique"], []], life: [50, 3] }, [15, 8]);
    play(s, 0, { type: "play", card: "succion-vampirique", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[0]!.life).toBe(53);
    expect(s.phase).toEqual({ type: "over", winner: 0 });
  });
  it("main-brulante: five hits of 1d12, each with its own roll (R9)", () => {
    // hit 1 fails (5), hit 2 resisted, hit 3 natural 20 (4 doubled), hit 4 fails (12), hit 5 natural 1.
    const s = start({ hands: [["main-brulante"], []], life: [50, 100] }, [15, 5, 3, 20, 4, 15, 12, 1]);
    play(s, 0, { type: "play", card: "main-brulante", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(100 - 25);
    expect(s.rng.forced).toEqual([]);
  });
  it("au-seuil-de-la-mort sets life to 1d10, never raising it (R31)", () => {
    const s = start({ hands: [["au-seuil-de-la-mort"], []], life: [50, 100] }, [15, 7]);
    play(s, 0, { type: "play", card: "au-seuil-de-la-mort", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(7);
    const t = start({ hands: [["au-seuil-de-la-mort"], []], life: [50, 5] }, [15, 9]);
    play(t, 0, { type: "play", card: "au-seuil-de-la-mort", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(5);
  });
  it("desintegration kills, even through an Anneau de résurrection (R17)", () => {
    const s = start({ seats: 3, hands: [["desintegration"], [], []], objects: [[], ["anneau-de-resurrection"], []], life: [50, 500, 50] }, [15]);
    play(s, 0, { type: "play", card: "desintegration", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.alive).toBe(false);
    expect(s.discard).toContain("anneau-de-resurrection");
  });
});

describe("AM cards: one shared roll, each target's own resistance (R19)", () => {
  // PL 1, three players: seat 1 fails (15), seat 2 succeeds (5): yellow halves.
  for (const [id, die] of [["champ-d-eclairs", 6], ["destruction-massive", 20], ["disco-laser", 10], ["pluie-de-boules-de-feu", 8], ["vapeur-explosive", 8]] as const) {
    it(`${id}: 1d${die} per PL, halved on a success`, () => {
      const s = start({ seats: 3, hands: [[id], [], []], life: [50, 100, 100] }, [15, die - 1, 5]);
      play(s, 0, { type: "play", card: id });
      play(s, 1, { type: "pass" });
      play(s, 2, { type: "pass" });
      expect(life(s)).toEqual([50, 100 - (die - 1), 100 - Math.ceil((die - 1) / 2)]);
    });
  }
  it("carquois-de-fleches-magiques: no roll, same damage to each", () => {
    const s = start({ seats: 3, hands: [["carquois-de-fleches-magiques"], [], []], objects: [[RING1], [], []] }, [3, 4]);
    play(s, 0, { type: "play", card: "carquois-de-fleches-magiques" });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([50, 43, 43]);
  });
  it("souffrance-empirique: half current life rounded up; a natural 20 takes all of it", () => {
    const s = start({ seats: 3, hands: [["souffrance-empirique"], [], []], life: [50, 41, 30] }, [15, 20]);
    play(s, 0, { type: "play", card: "souffrance-empirique" });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s).slice(0, 2)).toEqual([50, 20]);
    expect(s.players[2]!.alive).toBe(false);
  });
});

describe("A cards", () => {
  for (const [id, dice, gain] of [
    ["potion-d-energie", [1, 2, 3, 4], 10],
    ["potion-d-energie-majeure", [10, 10, 10, 10, 10], 50],
    ["potion-d-energie-superieure", [1, 2, 3, 4, 5, 6], 21],
    ["potion-d-energie-supreme", [4, 2], 42],
  ] as const) {
    it(`${id} heals ${gain}; it is an object, so nobody may annul it (R5)`, () => {
      const s = start({ hands: [[id], ["annulation"]] }, [...dice]);
      play(s, 0, { type: "play", card: id });
      expect(s.players[0]!.life).toBe(50 + gain);
      expect(s.turn.seat).toBe(1);
    });
  }
  it("1d100 is two d10, tens then units; 00 = 100 (R1)", () => {
    for (const [dice, gain] of [[[10, 10], 100], [[10, 5], 5], [[3, 10], 30]] as const) {
      const s = start({ hands: [["potion-d-energie-supreme"], []] }, [...dice]);
      play(s, 0, { type: "play", card: "potion-d-energie-supreme" });
      expect(s.players[0]!.life).toBe(50 + gain);
    }
  });
  for (const [id, die] of [["puissance-vitale", 4], ["puissance-vitale-majeure", 8], ["puissance-vitale-superieure", 10], ["puissance-vitale-supreme", 12]] as const) {
    it(`${id}: 1d${die} per PL, opponents may annul it`, () => {
      const s = start({ hands: [[id], []], objects: [[RING1], []] }, [die, 1]);
      play(s, 0, { type: "play", card: id });
      expect(asked(s)).toBe(1);
      play(s, 1, { type: "pass" });
      expect(s.players[0]!.life).toBe(50 + die + 1);
      const t = start({ hands: [[id], ["annulation"]] });
      play(t, 0, { type: "play", card: id });
      play(t, 1, { type: "annul", count: 1 });
      expect(t.players[0]!.life).toBe(50);
    });
  }
  it("fontaine: 20 to every other living player, 20 × living players to the caster (R22)", () => {
    const s = start({ seats: 4, hands: [["fontaine"], [], [], []], life: [10, 10, 10, 10] });
    s.players[3]!.alive = false;
    s.players[3]!.life = 0;
    play(s, 0, { type: "play", card: "fontaine" });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([70, 30, 30, 0]);
  });
});

describe("O cards", () => {
  it("power rings add their value; PL starts at 1", () => {
    const s = start({ hands: [["anneau-de-puissance-2"], []] });
    expect(s.players[0]!.objects).toEqual([]);
    play(s, 0, { type: "play", card: "anneau-de-puissance-2" });
    expect(s.players[0]!.objects).toEqual(["anneau-de-puissance-2"]);
    for (const [rings, pl] of [[[RING1], 2], [["anneau-de-puissance-2", "anneau-de-puissance-3"], 6], [[RING1, "anneau-de-resurrection"], 2]] as const) {
      const t = start({ hands: [["eclair"], []], objects: [[...rings], []], life: [50, 500] }, [15, ...Array.from({ length: pl }, () => 1)]);
      play(t, 0, { type: "play", card: "eclair", target: 1 });
      play(t, 1, { type: "pass" });
      expect(t.players[1]!.life).toBe(500 - pl);
    }
  });
  it("two rings at most; a third only replaces one, which is discarded (R3)", () => {
    const s = start({ hands: [["anneau-de-puissance-3"], []], objects: [[RING1, "anneau-de-puissance-2"], []] });
    expect(refused(s, 0, { type: "play", card: "anneau-de-puissance-3" })).toBe(true);
    play(s, 0, { type: "play", card: "anneau-de-puissance-3", replace: RING1 });
    expect(s.players[0]!.objects).toEqual(["anneau-de-puissance-2", "anneau-de-puissance-3"]);
    expect(s.discard).toContain(RING1);
  });
  it("robes of protection raise the threshold to 12 and 13; one robe at most", () => {
    for (const [robe, edge] of [["robe-de-protection-2", 12], ["robe-de-protection-3", 13]] as const) {
      const s = start({ hands: [["eclair"], []], objects: [[], [robe]] }, [edge]);
      play(s, 0, { type: "play", card: "eclair", target: 1 });
      play(s, 1, { type: "pass" });
      expect(s.players[1]!.life).toBe(50);
      const t = start({ hands: [["eclair"], []], objects: [[], [robe]] }, [edge + 1, 6]);
      play(t, 0, { type: "play", card: "eclair", target: 1 });
      play(t, 1, { type: "pass" });
      expect(t.players[1]!.life).toBe(44);
    }
    const u = start({ hands: [["robe-de-protection-3"], []], objects: [["robe-d-absorption"], []] });
    expect(legal(u, 0)).toContainEqual({ type: "play", card: "robe-de-protection-3", replace: "robe-d-absorption" });
    expect(legal(u, 0)).not.toContainEqual({ type: "play", card: "robe-de-protection-3" });
  });
  it("robe-d-absorption takes 1d10 off each damage, down to 0, not off drains (R29)", () => {
    const s = start({ hands: [["eclair"], []], objects: [[], ["robe-d-absorption"]] }, [15, 6, 4]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(48);
    const t = start({ hands: [["eclair"], []], objects: [[], ["robe-d-absorption"]] }, [15, 3, 9]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(50);
    const u = start({ hands: [["succion-vampirique"], []], objects: [[], ["robe-d-absorption"]] }, [15, 6]);
    play(u, 0, { type: "play", card: "succion-vampirique", target: 1 });
    play(u, 1, { type: "pass" });
    expect(life(u)).toEqual([56, 44]);
  });
  it("anneau-de-resurrection: back at exactly 50 with 5 new cards, ring discarded, other objects kept (R17)", () => {
    const s = start({ hands: [["dommage-superieur"], ["eclair", "annulation"]], objects: [[], ["anneau-de-resurrection", RING1]], life: [50, 5] }, [15]);
    play(s, 0, { type: "play", card: "dommage-superieur", target: 1 });
    play(s, 1, { type: "pass" });
    const p = s.players[1]!;
    expect(p.alive).toBe(true);
    expect(p.life).toBe(50);
    expect(p.objects).toEqual([RING1]);
    expect(p.hand).toHaveLength(5);
    expect(s.discard).toEqual(expect.arrayContaining(["anneau-de-resurrection", "eclair", "annulation"]));
  });
});

describe("CO cards", () => {
  it("depouillement discards every object of the target on a hit", () => {
    const s = start({ hands: [["depouillement"], []], objects: [[], [RING1, "robe-d-absorption"]] }, [15]);
    play(s, 0, { type: "play", card: "depouillement", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.objects).toEqual([]);
    expect(s.discard).toEqual(expect.arrayContaining([RING1, "robe-d-absorption", "depouillement"]));
  });
  it("CO cards need a target with objects (a ring for Dissipation): otherwise only a discard (R34)", () => {
    const s = start({ hands: [["depouillement", "dissipation-d-un-anneau", "la-main-qui-vole"], []], objects: [[], ["robe-d-absorption"]] });
    const plays = legal(s, 0).filter((a) => a.type === "play");
    expect(plays).toEqual([{ type: "play", card: "depouillement", target: 1 }, { type: "play", card: "la-main-qui-vole", target: 1 }]);
  });
  it("dissipation-d-un-anneau: the attacker picks one ring to discard", () => {
    const s = start({ hands: [["dissipation-d-un-anneau"], []], objects: [[], [RING1, "anneau-de-puissance-3"]] }, [15]);
    play(s, 0, { type: "play", card: "dissipation-d-un-anneau", target: 1 });
    play(s, 1, { type: "pass" });
    play(s, 0, { type: "pick", card: "anneau-de-puissance-3" });
    expect(s.players[1]!.objects).toEqual([RING1]);
  });
  it("la-main-qui-vole: no roll; the thief takes an object, discarding one of their own over the limit (R30)", () => {
    const s = start({ hands: [["la-main-qui-vole"], []], objects: [["robe-de-protection-2"], ["robe-de-protection-3"]] });
    play(s, 0, { type: "play", card: "la-main-qui-vole", target: 1 });
    play(s, 1, { type: "pass" });
    play(s, 0, { type: "pick", card: "robe-de-protection-3" });
    expect(legal(s, 0)).toEqual([{ type: "pick", card: "robe-de-protection-2" }, { type: "pick", card: "robe-de-protection-3" }]);
    play(s, 0, { type: "pick", card: "robe-de-protection-2" });
    expect(s.players[0]!.objects).toEqual(["robe-de-protection-3"]);
    expect(s.players[1]!.objects).toEqual([]);
  });
});
