// A full scripted game from a scenario file (test/scenarios/full-game.json): three rounds with
// Mutisme, Larcin stealing then voided by Fin de manche, a Clone of Recyclage stolen by Larcin
// and applied with Qui perd gagne, Milieu, and two rounds won by exhaustion.
import { loadScenario, replayScenario, unwrap } from "@grimoire/engine";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkInvariant, shazammGame, type ShazammEvent, type ShazammState } from "../src/index.ts";

const raw = JSON.parse(readFileSync(new URL("./scenarios/full-game.json", import.meta.url), "utf8"));
const find = (id: string) => (id === "shazamm" ? shazammGame : undefined);

describe("a full scripted game", () => {
  it("replays to Seat 1's win in round 3, every step as recorded", () => {
    const loaded = unwrap(loadScenario(raw, find));
    const events: { index: number; event: ShazammEvent }[] = [];
    const final = unwrap(
      replayScenario(loaded, (step, state) => {
        checkInvariant(state as ShazammState);
        for (const event of step.events) events.push({ index: step.index, event: event as ShazammEvent });
      }),
    ) as ShazammState;
    const at = (index: number) => events.filter((e) => e.index === index).map((e) => e.event);

    // Round 1: Seat 2's Mutisme silences everything; Seat 2 runs out of mana and is pushed back.
    expect(at(1)).toContainEqual({ type: "silenced", seat: 0, card: 13 });
    expect(at(11)).toContainEqual({ type: "wall", from: 10, to: 12, reason: "exhaustion" });
    expect(at(11)).toContainEqual({ type: "round-over", round: 1, loser: 1, reason: "exhaustion" });
    expect(at(11)).toContainEqual({ type: "new-round", round: 2, wall: 12, wizards: [9, 15], collapsed: 1 });
    // Round 2: Larcin takes Recyclage and Harpagon, then Fin de manche voids them and ends the round.
    expect(at(15)).toContainEqual({ type: "voided", seat: 1, card: 6 });
    expect(at(15)).toContainEqual({ type: "round-over", round: 2, loser: null, reason: "fin-de-manche" });
    // Round 3: a Clone of Recyclage, stolen with Qui perd gagne by Larcin and applied by the thief.
    expect(at(20)).toContainEqual({ type: "cast", seat: 0, card: 6, copy: true, stolen: true });
    expect(at(21)).toContainEqual({ type: "recycled", seat: 0, bid: 9 });
    expect(at(21)).toContainEqual({ type: "attacks", attacks: [9, 42] });
    expect(at(21)).toContainEqual({ type: "wall", from: 12, to: 13, reason: "attack" }); // toward the stronger
    expect(at(27)).toContainEqual({ type: "wall", from: 11, to: 12, reason: "milieu" });
    expect(at(27)).toContainEqual({ type: "game-over", winner: 0 });

    expect(final.phase).toEqual({ type: "over", winner: 0 });
    expect(final.collapsed).toBe(3);
    expect(final.wall).toBe(15);
    expect(shazammGame.outcome(final)).toEqual({ winners: [0], scores: [1, 0], draw: false });
  });

  it("an altered action is refused with its index", () => {
    const altered = structuredClone(raw);
    altered.actions[14].action.apply = "yes";
    const result = replayScenario(unwrap(loadScenario(altered, find)));
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("actions[14]") });
  });

  it("a wrong arrangement is refused, naming the field", () => {
    const wrong = { ...raw, arrangement: { decks: [[1, 2, 3], raw.arrangement.decks[1]] } };
    expect(loadScenario(wrong, find)).toMatchObject({ ok: false, error: expect.stringContaining("decks.0") });
  });
});
