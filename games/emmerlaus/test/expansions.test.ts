// Large tables (issue #17 item 3): the `deck` option (100, 200 or 300 cards, hands of 5, 6 or 7)
// and, behind `expansions`, each expansion object and card of the card list tested as the base
// cards are, with scripted dice. Expected values are written from the card list.
import { describe, expect, it } from "vitest";
import { EXPANSION_CARDS, allCards, deckOf, emmerlausGame, handSize, optionsSchema, power } from "../src/index.ts";
import { formatLine } from "@grimoire/engine/text";
import { en } from "../src/text/en.ts";
import { fr } from "../src/text/fr.ts";
import { text } from "../src/index.ts";
import { asked, legal, life, play, refused, start, type Arrange } from "./helpers.ts";

const X = { expansions: true } as const;
const at = (a: Arrange, dice: number[] = []) => start({ ...a, options: X }, dice);

describe("the deck option", () => {
  it("100, 200 or 300 cards, one to three copies of the base deck, hands of 5, 6 and 7 (§IX, R33)", () => {
    for (const [deck, hand] of [[100, 5], [200, 6], [300, 7]] as const) {
      const options = optionsSchema.parse({ deck });
      const s = emmerlausGame.setup({ seats: 10, options, seed: 2 });
      expect(allCards(s)).toHaveLength(deck);
      expect(s.players.every((p) => p.hand.length === hand)).toBe(true);
      expect(allCards(s).filter((id) => id === "annulation")).toHaveLength((6 * deck) / 100);
      expect(handSize(options)).toBe(hand);
    }
    expect(optionsSchema.parse({})).toEqual({ deck: 100, expansions: false });
    expect(optionsSchema.safeParse({ deck: 150 }).success).toBe(false);
    expect(optionsSchema.parse({ deck: "200" }).deck).toBe(200);
  });

  it("the hand is refilled to the table's size", () => {
    const s = start({ options: { deck: 300 }, hands: [["eclair"], ["dommage"]] });
    play(s, 0, { type: "discard", card: "eclair" });
    expect(s.players[0]!.hand).toHaveLength(7);
  });

  it("with 200 cards two Malédictions may lie on one wizard: each lowers the threshold by 5, and two Annulations lift one", () => {
    const s = start({ options: { deck: 200 }, hands: [["annulation", "annulation", "eclair"], []], lying: [[{ card: "malediction", from: 1 }, { card: "malediction", from: 1 }], []] });
    play(s, 0, { type: "lift-curse" });
    expect(s.players[0]!.lying).toEqual([{ card: "malediction", from: 1 }]);
    expect(s.discard).toEqual(["annulation", "annulation", "malediction"]);
  });

  it("the expansions add one of each of the 18 cards described, and leave out the unsourced ones", () => {
    expect(EXPANSION_CARDS.map((c) => c.id).sort()).toEqual(
      [
        "amulette-anti-attaque-de-masse", "amulette-anti-miroir", "anneau-de-vitalite", "baton-d-attaque", "baton-d-attaque-massive", "ceinture-de-force-2", "ceinture-de-force-3",
        "corruption-d-un-anneau", "pacte-tenebreux", "potion-d-invincibilite", "potion-de-force", "potion-de-geant", "potion-de-rapidite",
        "robe-de-contre-attaque", "robe-de-double-resistance", "robe-miroir", "robe-vampirique", "transformation-energetique-d-un-anneau",
      ].sort(),
    );
    const deck = deckOf(optionsSchema.parse({ expansions: true }));
    expect(deck).toHaveLength(118);
    expect(handSize(optionsSchema.parse({ expansions: true }))).toBe(5);
    expect(handSize(optionsSchema.parse({ expansions: true, deck: 200 }))).toBe(6);
    for (const unsourced of ["amulette-miroir", "anneau-d-immortalite", "baton-reproducteur", "robe-de-pouvoir"]) expect(deck).not.toContain(unsourced);
    // Without the option, an expansion card is not in the game.
    const r = emmerlausGame.fromArrangement({ seats: 2, options: optionsSchema.parse({}), seed: 1 }, { hands: [["robe-miroir"], []] });
    expect(r.ok ? "" : r.error).toContain("not in this game's deck");
  });
});

describe("expansion objects", () => {
  it("ceinture-de-force-2: the wearer's AD resolve at PL +2 (shown PL unchanged); other cards do not", () => {
    const s = at({ hands: [["eclair"], []], objects: [["ceinture-de-force-2"], []] }, [15, 1, 2, 3]);
    expect(power(s, 0)).toBe(1);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 44]);
    const t = at({ hands: [["puissance-vitale"], []], objects: [["ceinture-de-force-2"], []] }, [3]);
    play(t, 0, { type: "play", card: "puissance-vitale" });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([53, 50]);
  });

  it("ceinture-de-force-3: an AD × PL resolves at PL 4; one belt at most", () => {
    const s = at({ hands: [["globe-infernal"], []], objects: [["ceinture-de-force-3"], []] }, [15, 5]);
    play(s, 0, { type: "play", card: "globe-infernal", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 30]);
    const t = at({ hands: [["ceinture-de-force-3"], []], objects: [["ceinture-de-force-2"], []] });
    expect(legal(t, 0)).toContainEqual({ type: "play", card: "ceinture-de-force-3", replace: "ceinture-de-force-2" });
    expect(legal(t, 0)).not.toContainEqual({ type: "play", card: "ceinture-de-force-3" });
  });

  it("amulette-anti-attaque-de-masse: AM cards leave the wearer out (not asked, not hit); E cards do not", () => {
    const s = at({ seats: 3, hands: [["pluie-de-boules-de-feu"], [], []], objects: [[], [], ["amulette-anti-attaque-de-masse"]] }, [15, 6]);
    play(s, 0, { type: "play", card: "pluie-de-boules-de-feu" });
    expect(asked(s)).toBe(1);
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 44, 50]);
    const t = at({ hands: [["tenebres-d-emmerlaus"], []], objects: [[], ["amulette-anti-attaque-de-masse"]] }, [15, 4]);
    play(t, 0, { type: "play", card: "tenebres-d-emmerlaus" });
    expect(life(t)).toEqual([50, 46]);
    // An AM whose only targets wear the amulet can only be discarded.
    const u = at({ hands: [["pluie-de-boules-de-feu"], []], objects: [[], ["amulette-anti-attaque-de-masse"]] });
    expect(legal(u, 0).filter((a) => a.type === "play")).toEqual([]);
  });

  it("amulette-anti-miroir: 1d10 before the roll; on a 1 the share turns back on the caster, with no roll", () => {
    const s = at({ hands: [["boule-de-feu"], []], objects: [[], ["amulette-anti-miroir"]] }, [1, 5]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([45, 50]);
    expect(s.rng.forced).toEqual([]);
    const t = at({ hands: [["boule-de-feu"], []], objects: [[], ["amulette-anti-miroir"]] }, [2, 15, 5]);
    play(t, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([50, 45]);
    // A card that allows no Miroir is not turned back: no amulet roll.
    const u = at({ hands: [["desintegration"], []], objects: [[], ["amulette-anti-miroir"]] }, [15]);
    play(u, 0, { type: "play", card: "desintegration", target: 1 });
    play(u, 1, { type: "pass" });
    expect(u.players[1]!.alive).toBe(false);
  });

  it("anneau-de-vitalite: 1d6 life at the start of each turn played, not of a turn slept; no PL", () => {
    const s = at({ hands: [["eclair"], ["dommage"]], objects: [["anneau-de-vitalite"], []], first: 1 }, [4]);
    expect(power(s, 0)).toBe(1);
    play(s, 1, { type: "discard", card: "dommage" });
    expect(life(s)).toEqual([54, 50]);
    const t = at({ hands: [["eclair"], ["dommage"]], objects: [["anneau-de-vitalite"], []], lying: [[{ card: "sommeil", from: 1, stage: "asleep" }], []], first: 1 });
    play(t, 1, { type: "discard", card: "dommage" });
    expect(life(t)).toEqual([50, 50]);
    expect(t.turn.seat).toBe(1);
  });

  it("robe-de-double-resistance: two rolls, the better counts", () => {
    const s = at({ hands: [["eclair"], []], objects: [[], ["robe-de-double-resistance"]] }, [15, 3]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 50]);
    // A natural 20 and a plain failure: a failure, not doubled.
    const t = at({ hands: [["eclair"], []], objects: [[], ["robe-de-double-resistance"]] }, [20, 15, 4]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([50, 46]);
  });

  it("robe-de-contre-attaque: a hit costs the attacker 1d10; a missed attack nothing", () => {
    const s = at({ hands: [["eclair"], []], objects: [[], ["robe-de-contre-attaque"]] }, [15, 4, 7]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([43, 46]);
    const t = at({ hands: [["eclair"], []], objects: [[], ["robe-de-contre-attaque"]] }, [5]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([50, 50]);
    expect(t.rng.forced).toEqual([]);
  });

  it("robe-miroir: 1d6, at most the damage, taken off and dealt to the attacker", () => {
    const s = at({ hands: [["boule-de-feu"], []], objects: [[], ["robe-miroir"]] }, [15, 6, 4]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([46, 48]);
    const t = at({ hands: [["boule-de-feu"], []], objects: [[], ["robe-miroir"]] }, [15, 3, 6]);
    play(t, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([47, 50]);
  });

  it("robe-vampirique: a hit drains 1d6 from the attacker to the wearer", () => {
    const s = at({ hands: [["boule-de-feu"], []], objects: [[], ["robe-vampirique"]] }, [15, 6, 5]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([45, 49]);
    // A wearer the hit kills gets nothing back.
    const t = at({ hands: [["boule-de-feu"], []], objects: [[], ["robe-vampirique"]], life: [50, 4] }, [15, 6]);
    play(t, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.alive).toBe(false);
    expect(life(t)[0]).toBe(50);
  });
});

describe("expansion staves", () => {
  it("baton-d-attaque: at the start of its owner's turn it fires at an opponent of their choice, 1d4 plus 1d4 per AD laid on it", () => {
    const s = at({ hands: [["fontaine"], ["dommage", "resistance-accrue"]], objects: [["baton-d-attaque"], []], lying: [[{ card: "eclair", stage: "stored" }], []], first: 1 }, [15, 3, 4]);
    play(s, 1, { type: "discard", card: "dommage" });
    expect(asked(s)).toBe(0);
    expect(legal(s, 0)).toEqual([{ type: "aim", target: 1 }]);
    play(s, 0, { type: "aim", target: 1 });
    // The shot allows a roll and Résistance accrue, no Annulation, no Miroir.
    expect(legal(s, 1)).toEqual([{ type: "pass" }, { type: "heighten" }]);
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 43]);
    // The staff and its card stay; the owner then plays the turn's card.
    expect(s.players[0]!.objects).toEqual(["baton-d-attaque"]);
    expect(s.turn).toMatchObject({ seat: 0, playsLeft: 1 });
    expect(legal(s, 0)).toContainEqual({ type: "play", card: "fontaine" });
  });

  it("an AD laid on the staff is the turn's card; the cards on it follow it when stolen, and are discarded with it", () => {
    const s = at({ hands: [["eclair", "fontaine"], ["la-main-qui-vole"]], objects: [["baton-d-attaque"], []] });
    expect(legal(s, 0)).toContainEqual({ type: "store", card: "eclair" });
    expect(legal(s, 0)).not.toContainEqual({ type: "store", card: "fontaine" });
    play(s, 0, { type: "store", card: "eclair" });
    expect(s.players[0]!.lying).toEqual([{ card: "eclair", from: 0, stage: "stored" }]);
    expect(s.turn.seat).toBe(1);
    play(s, 1, { type: "play", card: "la-main-qui-vole", target: 0 });
    play(s, 0, { type: "pass" });
    play(s, 1, { type: "pick", card: "baton-d-attaque" });
    expect(s.players[1]!.objects).toEqual(["baton-d-attaque"]);
    expect(s.players[1]!.lying).toEqual([{ card: "eclair", from: 0, stage: "stored" }]);
    expect(s.players[0]!.lying).toEqual([]);
    const t = at({ hands: [["depouillement"], []], objects: [[], ["baton-d-attaque"]], lying: [[], [{ card: "eclair", stage: "stored" }]] }, [15]);
    play(t, 0, { type: "play", card: "depouillement", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.lying).toEqual([]);
    expect(t.discard).toEqual(expect.arrayContaining(["baton-d-attaque", "eclair"]));
  });

  it("baton-d-attaque-massive: fires at every opponent, 1d6 plus 1d6 per AM laid on it, rolled once", () => {
    const s = at({ seats: 3, hands: [["fontaine"], [], ["dommage"]], objects: [["baton-d-attaque-massive"], [], []], lying: [[{ card: "disco-laser", stage: "stored" }], [], []], first: 2 }, [15, 2, 3, 5]);
    play(s, 2, { type: "discard", card: "dommage" });
    expect(asked(s)).toBe(1);
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    // Seat 2 fails (15): 2 + 3 = 5; seat 3 resists (5): nothing.
    expect(life(s).slice(1)).toEqual([45, 50]);
    expect(s.turn.seat).toBe(0);
    expect(s.rng.forced).toEqual([]);
  });
});

describe("expansion rulings", () => {
  it("an untouchable opponent is not shot at: with nobody to aim at, the staff does not fire", () => {
    const s = at({ hands: [["fontaine"], ["dommage"]], objects: [["baton-d-attaque"], []], lying: [[], [{ card: "sanctuaire-d-emmerlaus", from: 1 }]], first: 1 });
    play(s, 1, { type: "discard", card: "dommage" });
    expect(s.phase.type).toBe("play");
    expect(s.turn.seat).toBe(0);
  });

  it("an AD may be laid on the staff among Vitesse double's plays", () => {
    const s = at({ hands: [["eclair", "dommage"], []], objects: [["baton-d-attaque"], []], turn: { seat: 0, playsLeft: 2, bonus: true } } as Arrange);
    expect(legal(s, 0)).toContainEqual({ type: "store", card: "eclair" });
    play(s, 0, { type: "store", card: "eclair" });
    expect(s.turn).toMatchObject({ seat: 0, playsLeft: 1 });
  });

  it("two potions multiply the damage; a turn slept through counts among the potion's turns", () => {
    const s = at({ hands: [["eclair"], []], lying: [[{ card: "potion-de-force", stage: "active", turns: 1 }, { card: "potion-de-geant", stage: "active", turns: 1 }], []] }, [15, 1]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 44]);
    const t = at({ hands: [["eclair"], ["dommage"]], lying: [[{ card: "potion-de-force", stage: "active", turns: 1 }, { card: "sommeil", from: 1, stage: "asleep" }], []], first: 1 });
    play(t, 1, { type: "discard", card: "dommage" });
    // Seat 1 slept: the potion's last turn went by.
    expect(t.players[0]!.lying).toContainEqual({ card: "potion-de-force", from: 0, stage: "active", turns: 0 });
  });

  it("a robe's own loss of life sets off no robe: Robe de contre-attaque against Robe vampirique", () => {
    const s = at({ hands: [["eclair"], []], objects: [["robe-vampirique"], ["robe-de-contre-attaque"]] }, [15, 4, 7]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([43, 46]);
    expect(s.rng.forced).toEqual([]);
  });
});

describe("expansion spells and potions", () => {
  it("pacte-tenebreux: opponents may annul it; it lies in front for good; the caster's AD at PL +2, targets' threshold −3", () => {
    const s = at({ hands: [["pacte-tenebreux"], ["annulation"]] });
    play(s, 0, { type: "play", card: "pacte-tenebreux" });
    expect(legal(s, 1)).toContainEqual({ type: "annul", count: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[0]!.lying).toEqual([{ card: "pacte-tenebreux", from: 0 }]);
    // Threshold 10 − 3 = 7: an 8 fails; three d6 for PL 1 + 2.
    const t = at({ hands: [["eclair"], []], lying: [[{ card: "pacte-tenebreux" }], []] }, [8, 1, 1, 1]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([50, 47]);
    const u = at({ hands: [["eclair"], []], lying: [[{ card: "pacte-tenebreux" }], []] }, [7]);
    play(u, 0, { type: "play", card: "eclair", target: 1 });
    play(u, 1, { type: "pass" });
    expect(life(u)).toEqual([50, 50]);
  });

  it("potion-de-force: an object (no answer); 1d6 turns from the next one, damage doubled, then discarded", () => {
    const s = at({ hands: [["potion-de-force", "eclair"], ["dommage", "fontaine"]] }, [2]);
    play(s, 0, { type: "play", card: "potion-de-force" });
    expect(s.players[0]!.lying).toEqual([{ card: "potion-de-force", from: 0, stage: "waiting", turns: 2 }]);
    expect(s.turn.seat).toBe(1);
    play(s, 1, { type: "discard", card: "dommage" });
    expect(s.players[0]!.lying[0]).toMatchObject({ stage: "active", turns: 1 });
    s.rng.forced = [15, 3];
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 44]);
    play(s, 1, { type: "discard", card: "fontaine" });
    expect(s.players[0]!.lying[0]).toMatchObject({ stage: "active", turns: 0 });
    play(s, 0, { type: "discard", card: s.players[0]!.hand[0]! });
    play(s, 1, { type: "discard", card: s.players[1]!.hand[0]! });
    expect(s.players[0]!.lying).toEqual([]);
    expect(s.discard).toContain("potion-de-force");
  });

  it("potion-de-geant: damage tripled while active", () => {
    const s = at({ hands: [["eclair"], []], lying: [[{ card: "potion-de-geant", stage: "active", turns: 1 }], []] }, [15, 3]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 41]);
  });

  it("potion-de-rapidite: two cards on each turn it is active", () => {
    const s = at({ hands: [["eclair", "dommage", "fontaine"], ["violence"]], lying: [[{ card: "potion-de-rapidite", stage: "waiting", turns: 1 }], []], first: 1 });
    play(s, 1, { type: "discard", card: "violence" });
    expect(s.turn).toMatchObject({ seat: 0, playsLeft: 2, bonus: false });
    play(s, 0, { type: "discard", card: "eclair" });
    expect(s.turn.seat).toBe(0);
    play(s, 0, { type: "discard", card: "dommage" });
    expect(s.turn.seat).toBe(1);
  });

  it("potion-d-invincibilite: while active, no opponent may aim at its owner, mass cards skip them, and their damage is doubled", () => {
    const s = at({ seats: 3, hands: [["eclair", "pluie-de-boules-de-feu"], [], []], lying: [[], [{ card: "potion-d-invincibilite", stage: "active", turns: 2 }], []] }, [15, 6]);
    expect(legal(s, 0)).not.toContainEqual({ type: "play", card: "eclair", target: 1 });
    expect(legal(s, 0)).toContainEqual({ type: "play", card: "eclair", target: 2 });
    play(s, 0, { type: "play", card: "pluie-de-boules-de-feu" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([50, 50, 44]);
    const t = at({ hands: [["eclair"], []], lying: [[{ card: "potion-d-invincibilite", stage: "active", turns: 1 }], []] }, [15, 3]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(life(t)).toEqual([50, 44]);
    // Still waiting (laid this turn): no protection yet.
    const u = at({ hands: [["eclair"], []], lying: [[], [{ card: "potion-d-invincibilite", stage: "waiting", turns: 2 }]] });
    expect(legal(u, 0)).toContainEqual({ type: "play", card: "eclair", target: 1 });
  });

  it("transformation-energetique-d-un-anneau: gives up a power ring for 25 life per point; without one, only a discard", () => {
    const s = at({ hands: [["transformation-energetique-d-un-anneau"], []], objects: [["anneau-de-puissance-2", "anneau-de-resurrection"], []] });
    expect(legal(s, 0).filter((a) => a.type === "play")).toEqual([{ type: "play", card: "transformation-energetique-d-un-anneau", ring: "anneau-de-puissance-2" }]);
    play(s, 0, { type: "play", card: "transformation-energetique-d-un-anneau", ring: "anneau-de-puissance-2" });
    expect(life(s)).toEqual([100, 50]);
    expect(s.players[0]!.objects).toEqual(["anneau-de-resurrection"]);
    expect(power(s, 0)).toBe(1);
    expect(s.discard).toEqual(expect.arrayContaining(["anneau-de-puissance-2", "transformation-energetique-d-un-anneau"]));
    const t = at({ hands: [["transformation-energetique-d-un-anneau"], []] });
    expect(legal(t, 0).filter((a) => a.type === "play")).toEqual([]);
    expect(refused(t, 0, { type: "play", card: "transformation-energetique-d-un-anneau", ring: "anneau-de-puissance-2" })).toBe(true);
  });

  it("corruption-d-un-anneau: the ring is given up at once; on a hit 25 per point; annulled, the ring is still lost", () => {
    const s = at({ hands: [["corruption-d-un-anneau"], []], objects: [["anneau-de-puissance-3"], []], life: [50, 100] }, [15]);
    play(s, 0, { type: "play", card: "corruption-d-un-anneau", target: 1, ring: "anneau-de-puissance-3" });
    expect(s.players[0]!.objects).toEqual([]);
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 25]);
    const t = at({ hands: [["corruption-d-un-anneau"], ["annulation"]], objects: [["anneau-de-puissance-1"], []] });
    play(t, 0, { type: "play", card: "corruption-d-un-anneau", target: 1, ring: "anneau-de-puissance-1" });
    play(t, 1, { type: "annul", count: 1 });
    expect(life(t)).toEqual([50, 50]);
    expect(t.players[0]!.objects).toEqual([]);
    // Mirrored: the caster takes it, with no roll.
    const u = at({ hands: [["corruption-d-un-anneau"], ["miroir"]], objects: [["anneau-de-puissance-1"], []] });
    play(u, 0, { type: "play", card: "corruption-d-un-anneau", target: 1, ring: "anneau-de-puissance-1" });
    play(u, 1, { type: "mirror" });
    play(u, 0, { type: "pass" });
    expect(life(u)).toEqual([25, 50]);
  });
});

describe("expansion words", () => {
  it("every expansion card has a name and a full effect in both languages, with its category, dice and band", () => {
    const english = en as Record<string, string>;
    const french = fr as Record<string, string>;
    for (const c of EXPANSION_CARDS) {
      for (const t of [english[`card.${c.id}.effect`], french[`card.${c.id}.effect`]]) {
        expect(t, c.id).toBeTruthy();
        expect(t!.length, c.id).toBeGreaterThan(120);
        expect(t, c.id).toContain(`(${c.category})`);
        const e = c.effect;
        if ("die" in e) expect(t, c.id).toContain(`1d${e.die}`);
        if (e.kind === "attack-power") expect(t, c.id).toContain(String(e.value));
      }
      expect(english[`card.${c.id}.name`], c.id).toBeTruthy();
      expect(french[`card.${c.id}.name`], c.id).toBeTruthy();
      expect(english[`card.${c.id}.effect`], c.id).toMatch(/Defence band/);
      expect(french[`card.${c.id}.effect`], c.id).toMatch(/Bande de défense/);
    }
    expect([french["card.robe-vampirique.name"], english["card.robe-vampirique.name"]]).toEqual(["Robe vampirique", "Vampiric Robe"]);
  });

  it("every expansion line is worded in both languages for the actor, another player and a spectator", () => {
    const lines = (lang: "en" | "fr", me: number | null) => {
      const context = { names: ["Ada", "Bérénice"], me };
      const viewer = me ?? "spectator";
      const events: Parameters<typeof emmerlausGame.describeEvent>[0][] = [
        { type: "stored", seat: 0, card: "eclair", staff: "baton-d-attaque" },
        { type: "shot", seat: 0, card: "baton-d-attaque", target: 1 },
        { type: "shot", seat: 0, card: "baton-d-attaque-massive" },
        { type: "played", seat: 0, card: "transformation-energetique-d-un-anneau", ring: "anneau-de-puissance-3" },
        ...(["vitality", "turn-back", "retaliation", "mirror-robe", "vampiric", "duration"] as const).map((what) => ({ type: "roll" as const, seat: 1, what, card: "robe-miroir", die: 6, dice: [1], total: 1 })),
      ];
      const messages = [
        ...events.map((e) => emmerlausGame.describeEvent(e, viewer)),
        emmerlausGame.describeAction({ type: "store", card: "disco-laser" }),
        emmerlausGame.describeAction({ type: "aim", target: 1 }),
        emmerlausGame.describeAction({ type: "play", card: "corruption-d-un-anneau", target: 1, ring: "anneau-de-puissance-1" }),
        { key: "prompt.aim", params: { staff: { key: "card.baton-d-attaque.name" } } },
        { key: "view.aiming", params: { actor: { seat: 0 }, staff: { key: "card.baton-d-attaque.name" } } },
        ...(["waiting", "active", "stored"] as const).flatMap((stage) => [0, 1, 2].map((turns) => ({ key: "view.lying-card", params: { card: { key: "card.potion-de-force.name" }, from: { seat: 0 }, stage, turns } }))),
      ];
      return messages.map((m) => formatLine(text, lang, m, context));
    };
    for (const lang of ["en", "fr"] as const) for (const me of [0, 1, null]) for (const line of lines(lang, me)) expect(line).not.toMatch(/undefined|\{|\}/);
    expect(lines("fr", 0)[0]).toBe("Vous posez Éclair sur Bâton d’attaque");
    expect(lines("en", null).at(-5)).toBe("Potion of Strength from Ada (1 more turn)");
  });

  it("the staves' and potions' lines", () => {
    const say = (lang: "en" | "fr", e: Parameters<typeof emmerlausGame.describeEvent>[0], me: number | null = null) => formatLine(text, lang, emmerlausGame.describeEvent(e, me ?? "spectator"), { names: ["Ada", "Bérénice"], me });
    expect(say("fr", { type: "shot", seat: 0, card: "baton-d-attaque", target: 1 }, 1)).toBe("Bâton d’attaque (Ada) tire sur vous");
    expect(say("en", { type: "shot", seat: 0, card: "baton-d-attaque-massive" }, 0)).toBe("Your Staff of Mass Attack fires at every opponent");
    expect(say("fr", { type: "roll", seat: 0, what: "duration", card: "potion-de-force", die: 6, dice: [3], total: 3 })).toBe("Ada lance 1d6 pour Potion de force : 3 tours");
    expect(say("en", { type: "played", seat: 0, card: "corruption-d-un-anneau", target: 1, ring: "anneau-de-puissance-2" })).toBe("Ada plays Ring Corruption on Bérénice, giving up Ring of Power +2");
  });
});
