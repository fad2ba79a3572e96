// Rules the first test pass left implicit, checked one by one against the rulebook and the rulings.
import { msg, seatRef, type Viewer } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";
import { describe, expect, it } from "vitest";
import { abracadawhatGame as game, text, type Event } from "../src/index.ts";
import { arranged, cast, end, ofType, turnSeat } from "./helpers.ts";

const four = { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [4, 5, 6, 7] };

describe("audit: the lower call", () => {
  it("a lower call of spell 1 costs 1 life, not the die (no roll)", () => {
    const s = arranged(4, four, {}, [3]);
    cast(s, 0, 2);
    const events = cast(s, 0, 1);
    expect(ofType(events, "cast")[0]!.outcome).toBe("illegal");
    expect(ofType(events, "roll")).toHaveLength(0);
    expect(s.life[0]).toBe(5);
    expect(s.hands[0]![1]).toBe(1); // the dragon stays, unknown to its holder
  });
  it("a lower call that takes the caster's last life: self knock-out, no winner", () => {
    const s = arranged(4, { ...four, life: [1, 6, 6, 6] });
    cast(s, 0, 5);
    expect(ofType(cast(s, 0, 4), "round-end")[0]).toMatchObject({ end: "self-knockout", winner: null, points: [0, 1, 1, 1] });
  });
});

describe("audit: round end", () => {
  it("a knock-out by a seat holding a secret stone: +3 and +1 for the stone, other survivors +1", () => {
    const t = arranged(4, { ...four, hands: [[4, 6, 7, 7, 7], [6, 6, 3, 3, 8], [1, 2, 2, 8, 8], [5, 5, 6, 7, 8]], life: [6, 6, 6, 1], secret: [4, 5, 6, 8] });
    cast(t, 0, 4);
    cast(t, 0, 6); // seat 1 to 5
    cast(t, 0, 7); // seat 3 (right) to 0: knock-out
    expect(t.scores).toEqual([4, 1, 1, 0]);
  });
  it("the last stone cast also knocks out an opponent: scored as an emptied hand (+3, the others 0)", () => {
    const s = arranged(4, { hands: [[6, 7, 7, 7, 7], [6, 6, 1, 2, 8], [2, 3, 8, 8, 8], [5, 5, 6, 3, 8]], life: [6, 6, 6, 4] });
    cast(s, 0, 6);
    for (let i = 0; i < 3; i++) cast(s, 0, 7);
    expect(s.life[3]).toBe(1);
    const events = cast(s, 0, 7); // the fifth stone: seat 3 falls and seat 0's hand is empty
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "emptied", winner: 0, points: [3, 0, 0, 0] });
  });
  it("Ancient Dragon knocking out several opponents: the caster wins once (+3), the others by their life", () => {
    const s = arranged(4, { ...four, life: [6, 2, 6, 1] }, {}, [2]);
    const events = cast(s, 0, 1);
    expect(ofType(events, "life").map((e) => e.life)).toEqual([0, 4, 0]);
    expect(ofType(events, "round-end")[0]).toMatchObject({ end: "knockout", winner: 0, points: [3, 0, 1, 0] });
  });
  it("a knock-out ends the round in the standard game: the caster cannot cast again", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 6] });
    cast(s, 0, 5);
    expect(s.round).toBe(2);
    expect(turnSeat(s)).toBe(1); // whoever would have played next
    expect(s.handLog).toEqual([[], [], [], []]);
  });
  it("two seats reaching 8 in the same round: the one with more points that round wins the game", () => {
    const s = arranged(4, { ...four, life: [6, 1, 6, 6], scores: [5, 0, 7, 3] });
    cast(s, 0, 5); // +3 for seat 0 (8), +1 for seat 2 (8)
    expect(game.outcome(s)).toMatchObject({ winners: [0], scores: [8, 0, 8, 4] });
    const t = arranged(4, { ...four, life: [1, 6, 6, 6], scores: [5, 7, 7, 3] });
    cast(t, 0, 8); // self knock-out: seats 1 and 2 both +1, same life: shared
    expect(game.outcome(t)).toMatchObject({ winners: [1, 2], scores: [5, 8, 8, 4] });
  });
});

describe("audit: last standing takes all", () => {
  it("a knocked-out seat is skipped, keeps its stones and draws no more", () => {
    const s = arranged(3, { hands: [[6, 6, 6, 8, 8], [2, 7, 7, 1, 8], [5, 5, 6, 7, 8]], life: [6, 1, 6] }, { lastStanding: true });
    cast(s, 0, 6); // seat 1 out
    const stones = s.hands[1]!.slice();
    end(s, 0);
    expect(turnSeat(s)).toBe(2);
    cast(s, 2, 8);
    end(s, 2);
    expect(turnSeat(s)).toBe(0);
    expect(s.hands[1]).toEqual(stones);
    expect(game.legalActions(s, 1)).toEqual([]);
  });
});

describe("audit: texts say nothing hidden", () => {
  it("describeEvent never names a viewer's own drawn stones nor another seat's secret stone, even given the full event", () => {
    const s = arranged(4, four);
    const secret = ofType(cast(s, 0, 4), "secret")[0]!;
    expect(secret.spell).toBe(4); // the first secret stone listed is the first taken
    const refill = ofType(end(s, 0), "refill")[0]!;
    const drawn = refill.stones!;
    const names = ["Ada", "Basile", "Chloé", "Denis"];
    const line = (event: Event, viewer: Viewer) => formatLine(text, "en", game.describeEvent(event, viewer), { names, me: viewer === "spectator" ? null : viewer });
    expect(drawn).toHaveLength(1);
    expect(game.describeEvent(refill, 0)).toEqual(msg("event.refill.hidden", { player: seatRef(0), count: 1 }));
    expect(line(refill, 0)).toBe("You draw 1 stone.");
    expect(line(refill, "spectator")).toBe("Ada draws 1 stone.");
    expect(line(refill, 1)).toBe(`Ada draws 1 stone: ${drawn[0]}.`);
    expect(line(secret, 1)).toBe("Ada takes a secret stone.");
    expect(line(secret, "spectator")).toBe("Ada takes a secret stone.");
    expect(line(secret, 0)).toBe("You take a secret stone: 4 (Night Singer).");
  });
});
