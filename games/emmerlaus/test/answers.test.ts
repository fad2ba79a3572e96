// Answers out of turn (R6–R12) and the CA, S, ST, SO and E cards.
import { describe, expect, it } from "vitest";
import { emmerlausGame } from "../src/index.ts";
import { asked, legal, life, play, refused, start } from "./helpers.ts";

const RING1 = "anneau-de-puissance-1";

describe("CA: Annulation (R10)", () => {
  it("cancels the card; both go to the discard pile", () => {
    const s = start({ hands: [["boule-de-feu"], ["annulation", "eclair"]] });
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    expect(legal(s, 1)).toEqual([{ type: "pass" }, { type: "annul", count: 1 }]);
    play(s, 1, { type: "annul", count: 1 });
    expect(life(s)).toEqual([50, 50]);
    expect(s.discard).toEqual(["annulation", "boule-de-feu"]);
    expect(s.turn.seat).toBe(1);
  });
  it("is not offered where the band forbids it, nor against objects", () => {
    const s = start({ seats: 3, hands: [["champ-d-eclairs"], ["annulation"], []] }, [15, 1, 15]);
    play(s, 0, { type: "play", card: "champ-d-eclairs" });
    expect(legal(s, 1)).toEqual([{ type: "pass" }]);
    const t = start({ hands: [[RING1], ["annulation"]] });
    play(t, 0, { type: "play", card: RING1 });
    expect(t.turn.seat).toBe(1);
  });
  it("a Sortilège needs two Annulations played together by its target", () => {
    const s = start({ hands: [["malediction"], ["annulation", "annulation"]] });
    play(s, 0, { type: "play", card: "malediction", target: 1 });
    expect(legal(s, 1)).toEqual([{ type: "pass" }, { type: "annul", count: 2 }, ]);
    play(s, 1, { type: "annul", count: 2 });
    expect(s.players[1]!.lying).toEqual([]);
    const t = start({ hands: [["malediction"], ["annulation"]] });
    play(t, 0, { type: "play", card: "malediction", target: 1 });
    expect(legal(t, 1)).toEqual([{ type: "pass" }]);
  });
  it("two needed against a card hitting all opponents: one each from two opponents cancels it for everyone", () => {
    const s = start({ seats: 3, hands: [["sacrifice-d-emmerlaus"], ["annulation"], ["annulation"]] });
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 10 });
    expect(s.players[0]!.life).toBe(40);
    expect(legal(s, 1)).toEqual([{ type: "pass" }, { type: "annul", count: 1 }]);
    play(s, 1, { type: "annul", count: 1 });
    expect(asked(s)).toBe(2);
    play(s, 2, { type: "annul", count: 1 });
    expect(life(s)).toEqual([40, 50, 50]);
  });
  it("an Annulation played but short of the count stays spent and the card resolves (R6 d)", () => {
    const s = start({ seats: 3, hands: [["sacrifice-d-emmerlaus"], ["annulation"], []] }, [15, 15]);
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 10 });
    play(s, 1, { type: "annul", count: 1 });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([40, 40, 40]);
    expect(s.discard.filter((c) => c === "annulation")).toHaveLength(1);
  });
  it("once cancelled, nobody else is asked", () => {
    const s = start({ seats: 3, hands: [["destruction-massive"], ["annulation", "eclair"], ["annulation"]] });
    play(s, 0, { type: "play", card: "destruction-massive" });
    play(s, 1, { type: "annul", count: 1 });
    expect(s.turn.seat).toBe(1);
    expect(s.players[2]!.hand).toEqual(["annulation"]);
  });
  it("is never playable on one's own turn except to lift a Malédiction (R18, R32)", () => {
    const s = start({ hands: [["annulation", "annulation", "miroir", "resistance-accrue"], []], lying: [[{ card: "malediction", from: 1 }], []] });
    expect(legal(s, 0).filter((a) => a.type !== "discard")).toEqual([{ type: "lift-curse" }]);
    play(s, 0, { type: "lift-curse" });
    expect(s.players[0]!.lying).toEqual([]);
    expect(s.discard).toEqual(["annulation", "annulation", "malediction"]);
  });
});

describe("CA: Miroir (R11)", () => {
  it("sends the share back on the caster, with the caster's PL and no roll", () => {
    const s = start({ hands: [["boule-de-feu"], ["miroir"]], objects: [[RING1], []] }, [3, 4]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "mirror" });
    expect(asked(s)).toBe(0);
    expect(legal(s, 0)).toEqual([{ type: "pass" }]);
    play(s, 0, { type: "pass" });
    expect(life(s)).toEqual([43, 50]);
  });
  it("a chain: only a Miroir answers a Miroir; an even count lands on the target with no roll", () => {
    const s = start({ hands: [["boule-de-feu", "miroir"], ["miroir"]] }, [6]);
    play(s, 0, { type: "play", card: "boule-de-feu", target: 1 });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "mirror" });
    expect(asked(s)).toBe(1);
    expect(legal(s, 1)).toEqual([{ type: "pass" }]);
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([50, 44]);
    expect(s.discard.filter((c) => c === "miroir")).toHaveLength(2);
  });
  it("against a mass attack only the mirroring player's share comes back", () => {
    const s = start({ seats: 3, hands: [["disco-laser"], ["miroir"], []] }, [8, 15]);
    play(s, 0, { type: "play", card: "disco-laser" });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    play(s, 2, { type: "pass" });
    // Shares in target order: seat 1's mirrored share needs the amount first (8), then seat 2 rolls 15.
    expect(life(s)).toEqual([42, 50, 42]);
  });
  it("a mirrored drain: the mirroring player gains", () => {
    const s = start({ hands: [["succion-vampirique"], ["miroir"]] }, [5]);
    play(s, 0, { type: "play", card: "succion-vampirique", target: 1 });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    expect(life(s)).toEqual([45, 55]);
  });
  it("not against cards whose band forbids it (Désintégration)", () => {
    const s = start({ hands: [["desintegration"], ["miroir"]] });
    play(s, 0, { type: "play", card: "desintegration", target: 1 });
    expect(legal(s, 1)).toEqual([{ type: "pass" }]);
  });
});

describe("CA: Résistance accrue (R12)", () => {
  it("raises the threshold by the defender's PL for the rest of the turn", () => {
    const s = start({ hands: [["eclair"], ["resistance-accrue"]], objects: [[], ["anneau-de-puissance-2"]] }, [13]);
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "heighten" });
    expect(life(s)).toEqual([50, 50]);
    expect(s.players[1]!.heightened).toBe(false);
  });
  it("covers all five rolls of Main brûlante (R9)", () => {
    const s = start({ hands: [["main-brulante"], ["resistance-accrue"]], objects: [[], ["anneau-de-puissance-3"]] }, [14, 14, 14, 14, 15, 6]);
    play(s, 0, { type: "play", card: "main-brulante", target: 1 });
    play(s, 1, { type: "heighten" });
    expect(s.players[1]!.life).toBe(44);
  });
  it("is not offered against a red band", () => {
    const s = start({ hands: [["fleche-magique"], ["resistance-accrue"]] });
    play(s, 0, { type: "play", card: "fleche-magique", target: 1 });
    expect(legal(s, 1)).toEqual([{ type: "pass" }]);
  });
});

describe("resistance (R7, R8)", () => {
  it("a natural 1 is a full success even on a yellow band; a natural 20 doubles", () => {
    const s = start({ seats: 3, hands: [["disco-laser"], [], []], life: [50, 100, 100] }, [1, 20, 7]);
    play(s, 0, { type: "play", card: "disco-laser" });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([50, 100, 86]);
  });
  it("a natural 20 fails even above a threshold of 20; a natural 1 succeeds below 1", () => {
    const s = start({ hands: [["eclair"], ["resistance-accrue"]], objects: [[], ["anneau-de-puissance-3", "anneau-de-puissance-2"]], lying: [[], []] }, [20, 3]);
    s.players[1]!.objects.push("robe-de-protection-3");
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "heighten" });
    expect(s.players[1]!.life).toBe(44);
    const t = start({ hands: [["etouffement"], []], lying: [[], [{ card: "malediction", from: 0 }]] }, [1]);
    play(t, 0, { type: "play", card: "etouffement", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(50);
  });
  it("halving rounds up and never below 1", () => {
    const s = start({ seats: 3, hands: [["champ-d-eclairs"], [], []] }, [5, 1, 5]);
    play(s, 0, { type: "play", card: "champ-d-eclairs" });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([50, 49, 49]);
  });
  it("targets answer one after another, clockwise from the caster (R6)", () => {
    const s = start({ seats: 4, hands: [[], [], ["vapeur-explosive"], []], first: 2 }, [15, 4, 15, 15]);
    play(s, 2, { type: "play", card: "vapeur-explosive" });
    const order: number[] = [];
    while (s.phase.type === "answer") {
      order.push(asked(s)!);
      play(s, asked(s)!, { type: "pass" });
    }
    expect(order).toEqual([3, 0, 1]);
  });
});

describe("S cards", () => {
  it("colere-du-magicien: the attacker fires an AD from hand, no answer, doubled (R23)", () => {
    const s = start({ hands: [["colere-du-magicien", "eclair", "annulation"], ["miroir", "resistance-accrue"]] }, [15, 4]);
    play(s, 0, { type: "play", card: "colere-du-magicien", target: 1 });
    play(s, 1, { type: "pass" });
    expect(legal(s, 0)).toEqual([{ type: "pick", card: "eclair" }]);
    play(s, 0, { type: "pick", card: "eclair" });
    expect(s.players[1]!.life).toBe(42);
    expect(s.players[1]!.hand).toEqual(["miroir", "resistance-accrue"]);
    expect(s.turn.seat).toBe(1);
  });
  it("colere-du-magicien mirrored: the roles swap", () => {
    const s = start({ hands: [["colere-du-magicien"], ["miroir", "boule-de-feu"]] }, [8]);
    play(s, 0, { type: "play", card: "colere-du-magicien", target: 1 });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    expect(asked(s)).toBe(1);
    play(s, 1, { type: "pick", card: "boule-de-feu" });
    expect(s.players[0]!.life).toBe(34);
  });
  it("sommeil: the player on the left skips a turn and is defenceless until the following one (R24)", () => {
    const s = start({ seats: 3, hands: [["sommeil", "dommage"], ["eclair"], ["boule-de-feu"]], deck: [RING1, RING1] }, [15]);
    expect(legal(s, 0)).toContainEqual({ type: "play", card: "sommeil", target: 1 });
    expect(legal(s, 0)).not.toContainEqual({ type: "play", card: "sommeil", target: 2 });
    play(s, 0, { type: "play", card: "sommeil", target: 1 });
    play(s, 1, { type: "pass" });
        // Seat 1's turn is skipped at once (the card now marks it defenceless): seat 2 plays; seat 1 cannot answer nor roll.
    expect(s.players[1]!.lying).toEqual([{ card: "sommeil", from: 0, stage: "groggy" }]);
    expect(s.turn.seat).toBe(2);
    expect(s.players[1]!.hand).toEqual(["eclair"]);
    s.rng.forced = [3];
    play(s, 2, { type: "play", card: "boule-de-feu", target: 1 });
    expect(s.players[1]!.life).toBe(47);
    expect(s.turn.seat).toBe(0);
    play(s, 0, { type: "discard", card: "dommage" });
    expect(s.turn.seat).toBe(1);
    expect(s.players[1]!.lying).toEqual([]);
    expect(s.discard).toContain("sommeil");
  });
  it("telepathie shows the target's hand to the caster only", () => {
    const s = start({ seats: 3, hands: [["telepathie"], ["eclair", "miroir"], []] });
    play(s, 0, { type: "play", card: "telepathie", target: 1 });
    const events = play(s, 1, { type: "pass" });
    const shown = events.find((e) => e.type === "telepathy")!;
    expect(emmerlausGame.eventFor(shown, 0)).toMatchObject({ hand: ["eclair", "miroir"] });
    expect(emmerlausGame.eventFor(shown, 2)).toMatchObject({ hand: null });
    expect(emmerlausGame.eventFor(shown, "spectator")).toMatchObject({ hand: null });
    expect(emmerlausGame.view(s, 2).players[1]!.hand).toBeNull();
  });
  it("transfert-de-corps swaps life, hand, objects and cards in front; play goes on from the new place (R25)", () => {
    const s = start({ seats: 3, hands: [["transfert-de-corps", "eclair"], ["boule-de-feu"], ["dommage"]], objects: [[], [RING1], []], life: [10, 80, 50], lying: [[], [{ card: "malediction", from: 2 }], []] }, [15]);
    play(s, 0, { type: "play", card: "transfert-de-corps", target: 1 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([80, 10, 50]);
    expect(s.players[0]!.objects).toEqual([RING1]);
    expect(s.players[0]!.lying).toEqual([{ card: "malediction", from: 2 }]);
    expect(s.players[1]!.hand).toEqual(["eclair"]);
    expect(s.players[0]!.hand.slice(0, 1)).toEqual(["boule-de-feu"]);
    expect(s.players[0]!.hand).toHaveLength(5);
    expect(s.turn.seat).toBe(2);
  });
});

describe("ST, SO and E cards", () => {
  it("vitesse-double: up to two more cards, no ST among them, may stop early", () => {
    const s = start({ hands: [["vitesse-double", "eclair", "fleche-magique", "dommage"], ["boule-de-feu"]] }, [15, 2, 3]);
    play(s, 0, { type: "play", card: "vitesse-double" });
    expect(s.turn.seat).toBe(0);
    expect(legal(s, 0)).toContainEqual({ type: "end-turn" });
    play(s, 0, { type: "play", card: "eclair", target: 1 });
    play(s, 1, { type: "pass" });
    play(s, 0, { type: "play", card: "fleche-magique", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(45);
    expect(s.turn.seat).toBe(1);
    expect(s.players[0]!.hand).toHaveLength(5);
    const t = start({ hands: [["vitesse-double", "eclair"], ["boule-de-feu"]] });
    play(t, 0, { type: "play", card: "vitesse-double" });
    play(t, 0, { type: "end-turn" });
    expect(t.turn.seat).toBe(1);
  });
  it("malediction lies before its target: threshold −5 until lifted", () => {
    const s = start({ hands: [["malediction", "eclair"], []] }, [6, 1]);
    play(s, 0, { type: "play", card: "malediction", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.lying).toEqual([{ card: "malediction", from: 0 }]);
    expect(s.discard).not.toContain("malediction");
    const t = start({ hands: [["eclair"], []], lying: [[], [{ card: "malediction", from: 0 }]] }, [6, 1]);
    play(t, 0, { type: "play", card: "eclair", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.players[1]!.life).toBe(49);
  });
  it("champ-vampirique-d-emmerlaus: one roll, drained from each, the caster gains the total; nobody may answer", () => {
    const s = start({ seats: 3, hands: [["champ-vampirique-d-emmerlaus"], ["annulation", "miroir"], []] }, [15, 8, 5]);
    play(s, 0, { type: "play", card: "champ-vampirique-d-emmerlaus" });
    expect(life(s)).toEqual([62, 42, 46]);
  });
  it("tenebres-d-emmerlaus: 1d12 per PL to each opponent, halved on a success", () => {
    const s = start({ seats: 3, hands: [["tenebres-d-emmerlaus"], [], []] }, [15, 12, 5]);
    play(s, 0, { type: "play", card: "tenebres-d-emmerlaus" });
    expect(life(s)).toEqual([50, 38, 44]);
  });
  it("sacrifice-d-emmerlaus: the caster pays X; failure X, success half (R27)", () => {
    const s = start({ seats: 3, hands: [["sacrifice-d-emmerlaus"], [], []] }, [15, 5]);
    expect(legal(s, 0).filter((a) => a.type === "play")).toHaveLength(50);
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 9 });
    play(s, 1, { type: "pass" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([41, 41, 45]);
  });
  it("sacrifice-d-emmerlaus: Robe d'absorption takes 1d10 off the X taken (R29)", () => {
    const s = start({ hands: [["sacrifice-d-emmerlaus"], ["dommage"]], objects: [[], ["robe-d-absorption"]] }, [15, 6]);
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 10 });
    play(s, 1, { type: "pass" });
    expect(life(s)).toEqual([40, 46]);
  });
  it("sanctuaire-d-emmerlaus: 25 + 1d8 per PL; no opponent may target the caster until their next turn (R28)", () => {
    const s = start({ seats: 3, hands: [["sanctuaire-d-emmerlaus"], ["eclair", "disco-laser"], ["dommage"]] }, [8, 15, 2]);
    play(s, 0, { type: "play", card: "sanctuaire-d-emmerlaus" });
    expect(s.players[0]!.life).toBe(83);
    expect(legal(s, 1)).not.toContainEqual({ type: "play", card: "eclair", target: 0 });
    expect(legal(s, 1)).toContainEqual({ type: "play", card: "eclair", target: 2 });
    play(s, 1, { type: "play", card: "disco-laser" });
    play(s, 2, { type: "pass" });
    expect(life(s)).toEqual([83, 50, 48]);
    play(s, 2, { type: "discard", card: "dommage" });
    expect(s.turn.seat).toBe(0);
    expect(s.players[0]!.lying).toEqual([]);
  });
  it("intervention-divine-d-emmerlaus: keep one card, +25, everything else reshuffled, new hands, no further draw (R26)", () => {
    const s = start({ hands: [["intervention-divine-d-emmerlaus", "eclair", "dommage"], ["annulation"]], objects: [[RING1], ["robe-d-absorption"]], discard: ["boule-de-feu"] });
    play(s, 0, { type: "play", card: "intervention-divine-d-emmerlaus", keep: "eclair" });
    play(s, 1, { type: "pass" });
    expect(s.players[0]!.life).toBe(75);
    expect(s.players[0]!.hand[0]).toBe("eclair");
    expect(s.players[0]!.hand).toHaveLength(5);
    expect(s.players[1]!.hand).toHaveLength(5);
    expect(s.players[0]!.objects).toEqual([]);
    expect(s.players[1]!.objects).toEqual([]);
    expect(s.discard).toEqual(["intervention-divine-d-emmerlaus"]);
    expect(s.deck).toHaveLength(89);
    expect(s.turn.seat).toBe(1);
    const t = start({ hands: [["intervention-divine-d-emmerlaus"], ["annulation", "annulation"]] });
    play(t, 0, { type: "play", card: "intervention-divine-d-emmerlaus" });
    play(t, 1, { type: "annul", count: 2 });
    expect(t.players[0]!.life).toBe(50);
  });
  it("refuses malformed and illegal input", () => {
    const s = start({ hands: [["eclair"], []] });
    expect(refused(s, 0, { type: "play", card: "eclair", target: 0 })).toBe(true);
    expect(refused(s, 1, { type: "discard", card: "eclair" })).toBe(true);
    expect(refused(s, 0, "eclair")).toBe(true);
  });
});

describe("more rulings (R11, R16, R23)", () => {
  it("R11: each player mirroring a mass card sends back a separate share", () => {
    const s = start({ seats: 3, hands: [["disco-laser"], ["miroir"], ["miroir"]] }, [7]);
    play(s, 0, { type: "play", card: "disco-laser" });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    play(s, 2, { type: "mirror" });
    play(s, 0, { type: "pass" });
    expect(life(s)).toEqual([36, 50, 50]);
  });
  it("R11: the choice an effect gives its attacker belongs to whoever sent it last", () => {
    const s = start({ hands: [["dissipation-d-un-anneau"], ["miroir"]], objects: [[RING1, "anneau-de-puissance-2"], [RING1]] });
    play(s, 0, { type: "play", card: "dissipation-d-un-anneau", target: 1 });
    play(s, 1, { type: "mirror" });
    play(s, 0, { type: "pass" });
    expect(asked(s)).toBe(1);
    play(s, 1, { type: "pick", card: "anneau-de-puissance-2" });
    expect(s.players[0]!.objects).toEqual([RING1]);
    expect(s.players[1]!.objects).toEqual([RING1]);
  });
  it("R16: cards a dead player laid before others stay there", () => {
    const s = start({ seats: 3, hands: [["dommage-superieur"], [], []], life: [50, 5, 50], lying: [[], [], [{ card: "malediction", from: 1 }]] }, [15]);
    play(s, 0, { type: "play", card: "dommage-superieur", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.alive).toBe(false);
    expect(s.players[2]!.lying).toEqual([{ card: "malediction", from: 1 }]);
  });
  it("R23: with no AD in hand, Colère does nothing more", () => {
    const s = start({ hands: [["colere-du-magicien", "fontaine"], ["dommage"]] }, [15]);
    play(s, 0, { type: "play", card: "colere-du-magicien", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.phase.type).toBe("play");
    expect(life(s)).toEqual([50, 50]);
    expect(s.turn.seat).toBe(1);
  });
});
