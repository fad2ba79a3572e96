// Rules audit (rulings R1–R34 re-read card by card): each test here failed before the fix it names.
import { createRng } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { emmerlausGame, opponentsOf } from "../src/index.ts";
import { play, start } from "./helpers.ts";

describe("audit: hands never leak", () => {
  it("the card Intervention divine's caster keeps is hidden from the others while they answer (R26)", () => {
    const s = start({ seats: 3, hands: [["intervention-divine-d-emmerlaus", "eclair", "dommage"], ["annulation"], []] });
    const events = play(s, 0, { type: "play", card: "intervention-divine-d-emmerlaus", keep: "eclair" });
    expect(s.phase.type).toBe("answer");
    for (const viewer of [1, 2, "spectator"] as const) {
      expect(JSON.stringify(emmerlausGame.view(s, viewer))).not.toContain("eclair");
      for (const e of events) expect(JSON.stringify(emmerlausGame.eventFor(e, viewer))).not.toContain("eclair");
    }
    expect(emmerlausGame.view(s, 0).phase).toMatchObject({ pending: { keep: "eclair" } });
    // A resampled state still keeps one card of the caster's (sampled) hand.
    const r = emmerlausGame.resample(emmerlausGame.view(s, 1), 1, createRng(4));
    expect(r.phase.type === "answer" && r.players[0]!.hand.includes(r.phase.pending.keep!)).toBe(true);
  });
});

describe("audit: death and victory (R16)", () => {
  it("a winning Désintégration announces the end of the game once", () => {
    const s = start({ hands: [["desintegration"], []] }, [15]);
    play(s, 0, { type: "play", card: "desintegration", target: 1 });
    const events = play(s, 1, { type: "pass" });
    expect(events.filter((e) => e.type === "over")).toEqual([{ type: "over", winner: 0 }]);
    expect(events.filter((e) => e.type === "died")).toHaveLength(1);
    expect(s.phase).toEqual({ type: "over", winner: 0 });
  });
});

describe("audit: Transfert de corps swaps places in the turn order (R25)", () => {
  it("after seats 1 and 3 of 4 swap bodies, play runs clockwise through the new places, answers too", () => {
    const s = start({ seats: 4, hands: [["transfert-de-corps", "dommage"], ["fleche-magique"], ["eclair"], ["boule-de-feu"]] }, [15]);
    play(s, 0, { type: "play", card: "transfert-de-corps", target: 2 });
    play(s, 2, { type: "pass" });
    expect(s.players[0]!.hand[0]).toBe("eclair");
    // Places clockwise are now: seat 2, seat 1, seat 0, seat 3; play goes on from seat 0's new place.
    expect(opponentsOf(s, 0)).toEqual([3, 2, 1]);
    expect(emmerlausGame.view(s, "spectator").seating).toEqual([2, 1, 0, 3]);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = s.turn.seat;
      order.push(seat);
      play(s, seat, { type: "discard", card: s.players[seat]!.hand[0]! });
    }
    expect(order).toEqual([3, 2, 1, 0]);
  });
});

describe("audit: Colère du magicien (R23)", () => {
  it("the attacker must fire an AD when holding one; with none, nothing more is asked", () => {
    const s = start({ hands: [["colere-du-magicien", "eclair", "dommage", "annulation"], ["boule-de-feu"]] }, [15, 4]);
    play(s, 0, { type: "play", card: "colere-du-magicien", target: 1 });
    play(s, 1, { type: "pass" });
    expect(emmerlausGame.legalActions(s, 0)).toEqual([{ type: "pick", card: "eclair" }, { type: "pick", card: "dommage" }]);
    const t = start({ hands: [["colere-du-magicien", "fontaine"], ["dommage"]] }, [15]);
    play(t, 0, { type: "play", card: "colere-du-magicien", target: 1 });
    play(t, 1, { type: "pass" });
    expect(t.phase.type).toBe("play");
    expect(t.turn.seat).toBe(1);
  });
});

describe("audit: shuffleHidden keeps Intervention divine's kept card in its caster's hand (R26)", () => {
  it("the redrawn caster's hand still holds the card to keep, and the view is unchanged", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = start({ seats: 3, hands: [["intervention-divine-d-emmerlaus", "eclair", "dommage"], ["annulation"], []] });
      play(s, 0, { type: "play", card: "intervention-divine-d-emmerlaus", keep: "eclair" });
      const before = emmerlausGame.view(s, 1);
      const t = emmerlausGame.shuffleHidden(emmerlausGame.clone(s), 1, createRng(seed));
      expect(emmerlausGame.view(t, 1)).toEqual(before);
      expect(t.phase.type === "answer" && t.players[0]!.hand.includes(t.phase.pending.keep!)).toBe(true);
    }
  });
});

describe("audit: rulings that had no test of their own", () => {
  it("R21 + R17: acid still acts after a killing hit when the victim comes back wearing other objects", () => {
    const s = start({ hands: [["boule-acidifiee"], []], objects: [[], ["anneau-de-resurrection", "robe-de-protection-2"]], life: [50, 5] }, [15, 8, 1]);
    play(s, 0, { type: "play", card: "boule-acidifiee", target: 1 });
    play(s, 1, { type: "pass" });
    expect(s.players[1]!.life).toBe(50);
    expect(s.players[1]!.hand).toHaveLength(5);
    expect(emmerlausGame.legalActions(s, 0)).toEqual([{ type: "pick", card: "robe-de-protection-2" }]);
    play(s, 0, { type: "pick", card: "robe-de-protection-2" });
    expect(s.players[1]!.objects).toEqual([]);
  });
  it("R17 + R27: a wizard who sacrifices their last life comes back through the Anneau de résurrection", () => {
    const s = start({ hands: [["sacrifice-d-emmerlaus", "eclair"], []], objects: [["anneau-de-resurrection"], []], life: [10, 50] }, [15]);
    play(s, 0, { type: "play", card: "sacrifice-d-emmerlaus", x: 10 });
    play(s, 1, { type: "pass" });
    expect(s.players.map((p) => p.life)).toEqual([50, 40]);
    expect(s.players[0]!.alive).toBe(true);
    expect(s.players[0]!.objects).toEqual([]);
    expect(s.discard).toEqual(expect.arrayContaining(["anneau-de-resurrection", "eclair", "sacrifice-d-emmerlaus"]));
  });
  it("R6 a, R10: a card that boosts its caster may be annulled by any opponent, never by the caster", () => {
    const s = start({ seats: 3, hands: [["puissance-vitale", "annulation"], [], ["annulation"]] });
    expect(emmerlausGame.legalActions(s, 0)).not.toContainEqual({ type: "play", card: "annulation" });
    play(s, 0, { type: "play", card: "puissance-vitale" });
    expect(emmerlausGame.decision(s)).toMatchObject({ seat: 1 });
    expect(emmerlausGame.legalActions(s, 1)).toEqual([{ type: "pass" }]);
    play(s, 1, { type: "pass" });
    expect(emmerlausGame.legalActions(s, 2)).toEqual([{ type: "pass" }, { type: "annul", count: 1 }]);
    play(s, 2, { type: "annul", count: 1 });
    expect(s.players[0]!.life).toBe(50);
    expect(s.discard).toEqual(["annulation", "puissance-vitale"]);
  });
});
