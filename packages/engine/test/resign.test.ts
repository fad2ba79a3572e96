// Resignations read into a result: the seat left wins a 2-player match; in larger matches the
// resigned seats never win, and a win that only resigned seats earned passes to the best score left.
import { describe, expect, it } from "vitest";
import { activeSeats, endedByResignation, outcomeWithResignations } from "../src/resign.ts";

describe("resignation", () => {
  it("no resignation: the engine's outcome as it is", () => {
    const engine = { winners: [1], scores: [3, 5], draw: false };
    expect(outcomeWithResignations(engine, 2, [])).toBe(engine);
    expect(outcomeWithResignations(null, 2, [])).toBeNull();
  });

  it("two players: the other seat wins at once, before the rules end the match", () => {
    expect(endedByResignation(2, [{ seat: 0, version: 4 }])).toBe(true);
    expect(outcomeWithResignations(null, 2, [{ seat: 0, version: 4 }])).toEqual({ winners: [1], scores: [0, 0], draw: false });
    expect(outcomeWithResignations(null, 2, [{ seat: 1, version: 0 }])).toEqual({ winners: [0], scores: [0, 0], draw: false });
  });

  it("three players, one resigns: the match goes on, and the resigned seat's win does not count", () => {
    const resigned = [{ seat: 2, version: 7 }];
    expect(endedByResignation(3, resigned)).toBe(false);
    expect(activeSeats(3, resigned)).toEqual([0, 1]);
    expect(outcomeWithResignations(null, 3, resigned)).toBeNull();
    expect(outcomeWithResignations({ winners: [0], scores: [9, 4, 2], draw: false }, 3, resigned)).toEqual({ winners: [0], scores: [9, 4, 2], draw: false });
    // The bot playing out seat 2 won: the best score among seats 0 and 1 wins instead.
    expect(outcomeWithResignations({ winners: [2], scores: [3, 6, 9], draw: false }, 3, resigned)).toEqual({ winners: [1], scores: [3, 6, 9], draw: false });
    expect(outcomeWithResignations({ winners: [1, 2], scores: [3, 9, 9], draw: false }, 3, resigned)).toEqual({ winners: [1], scores: [3, 9, 9], draw: false });
  });

  it("all but one resign in a larger match: the one left wins", () => {
    const resigned = [
      { seat: 0, version: 2 },
      { seat: 2, version: 5 },
    ];
    expect(endedByResignation(3, resigned)).toBe(true);
    expect(outcomeWithResignations(null, 3, resigned)).toEqual({ winners: [1], scores: [0, 0, 0], draw: false });
  });
});
