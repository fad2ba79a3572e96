// loadTutorial and checkTutorial: a guided first game's file becomes a tutorial only when its shape,
// its deal and its steps' forms are right, and its script only passes when the rules accept it.
import { describe, expect, it } from "vitest";
import { checkTutorial, loadTutorial, sameAction, type AnyGame } from "../src/index.ts";
import { biddingGame } from "./fixtures/bidding.ts";

const findGame = (id: string): AnyGame | undefined => (id === biddingGame.id ? biddingGame : undefined);
const scenario = { game: "bidding", seats: ["You", "Bot"], options: { hand: 2 }, seed: 7, arrangement: { deck: [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1] } };
const file = (steps: unknown[], more: Record<string, unknown> = {}) => ({ scenario, learner: 0, end: "steps", done: "tutorial.done", steps, ...more });
const loadError = (raw: unknown): string => {
  const loaded = loadTutorial(raw, findGame);
  if (loaded.ok) throw new Error("expected an error");
  return loaded.error;
};

describe("loadTutorial", () => {
  it("names what is wrong in the file", () => {
    expect(loadError(file([{ note: "tutorial.a" }], { extra: 1 }))).toMatch(/Unrecognized key.*extra/);
    expect(loadError(file([]))).toMatch(/^steps: /);
    expect(loadError(file([{ note: "rules.goal" }]))).toMatch(/^steps\.0\.note: expected a catalogue key/);
    expect(loadError(file([{ action: { type: "bid", card: 6 } }]))).toBe("steps[0].seat: an action needs its seat");
    expect(loadError(file([{ seat: 0, action: { type: "bid", card: 6 }, note: "tutorial.bid" }]))).toBe("steps[0]: the learner's step needs a note and a hint");
    expect(loadError(file([{ seat: 5, action: {} }]))).toBe("steps[0].seat: no seat 5 at a table of 2");
    expect(loadError(file([{ note: "tutorial.a" }], { scenario: { ...scenario, actions: [{ seat: 0, action: {} }] } }))).toMatch(/^scenario\.actions: /);
    expect(loadError(file([{ note: "tutorial.a" }], { scenario: { ...scenario, game: "chess" } }))).toBe('scenario.game: unknown game "chess"');
  });

  it("compares actions as JSON, key order aside", () => {
    expect(sameAction({ type: "bid", card: 6 }, { card: 6, type: "bid" })).toBe(true);
    expect(sameAction({ type: "bid", card: 6 }, { type: "bid", card: 5 })).toBe(false);
    expect(sameAction({ type: "commit", cards: [7, 10] }, { type: "commit", cards: [10, 7] })).toBe(false);
  });
});

describe("checkTutorial", () => {
  const text = { en: { "tutorial.done": "Done", "tutorial.bid": "Bid", "tutorial.hint": "Hint" }, fr: { "tutorial.done": "Fini", "tutorial.bid": "Misez", "tutorial.hint": "Indice" } };
  const ok = loadTutorial(file([{ seat: 0, action: { type: "bid", card: 6 }, note: "tutorial.bid", hint: "tutorial.hint" }, { seat: 1, action: { type: "bid", card: 4 } }]), findGame);

  it("plays a legal script through the rules", () => {
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const played = checkTutorial(ok.value, text);
    expect(played.ok ? "ok" : played.error).toBe("ok");
  });

  it("refuses a move the rules refuse, a missing word, and an end not reached", () => {
    const bad = loadTutorial(file([{ seat: 0, action: { type: "bid", card: 1 }, note: "tutorial.bid", hint: "tutorial.hint" }]), findGame);
    if (!bad.ok) throw new Error(bad.error);
    expect(checkTutorial(bad.value)).toMatchObject({ ok: false, error: expect.stringMatching(/^steps\[0\]: illegal-action: /) });
    if (!ok.ok) return;
    expect(checkTutorial(ok.value, { en: text.en, fr: { "tutorial.done": "Fini" } })).toEqual({ ok: false, error: "fr: no text for tutorial.bid" });
    expect(checkTutorial({ ...ok.value, end: "over" }, text)).toEqual({ ok: false, error: "end: the script does not play the game to its end" });
  });
});
