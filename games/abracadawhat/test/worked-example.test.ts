// The rulebook's worked example (Gary, Marie, Tony), replayed from scenarios/worked-example.json.
import { readFileSync } from "node:fs";
import { loadScenario, replayScenario, type ReplayStep } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame, checkConservation, type Event, type State } from "../src/index.ts";

const raw = JSON.parse(readFileSync(new URL("../scenarios/worked-example.json", import.meta.url), "utf8"));
const GARY = 0;
const TONY = 1;
const MARIE = 2;

describe("the rulebook's worked example", () => {
  it("replays step by step with the rulebook's results", () => {
    const loaded = loadScenario(raw, (id) => (id === abracadawhatGame.id ? abracadawhatGame : undefined));
    if (!loaded.ok) throw new Error(loaded.error);
    const initial = loaded.value.initial as State;
    expect(initial.life).toEqual([4, 6, 6]);
    expect(initial.revealed.reduce((a, b) => a + b, 0)).toBe(6); // three players: 6 stones face up
    const steps: { step: ReplayStep; state: State }[] = [];
    const replayed = replayScenario(loaded.value, (step, state) => {
      checkConservation(state as State);
      steps.push({ step, state: abracadawhatGame.clone(state as State) });
    });
    if (!replayed.ok) throw new Error(replayed.error);
    expect(steps).toHaveLength(3);
    const events = (i: number) => steps[i]!.step.events as Event[];

    // 1. "3! Sweet Dream!": he holds it; he rolls 3 but only gains 2 (life never above 6).
    expect(events(0)).toEqual([
      { type: "cast", seat: GARY, spell: 3, outcome: "success" },
      { type: "roll", seat: GARY, value: 3 },
      { type: "life", seat: GARY, change: 2, life: 6 },
    ]);
    expect(steps[0]!.state.board[3]).toBe(1);
    expect(steps[0]!.state.phase).toEqual({ type: "casting", seat: GARY, lastCast: 3 });

    // 2. "5! Lightning Tempest!": Tony (left) and Marie (right) lose 1 each.
    expect(events(1)).toEqual([
      { type: "cast", seat: GARY, spell: 5, outcome: "success" },
      { type: "life", seat: TONY, change: -1, life: 5 },
      { type: "life", seat: MARIE, change: -1, life: 5 },
    ]);
    expect(steps[1]!.state.board[5]).toBe(1);

    // 3. "4! Night Singer!": lower than 5, so he is called out: 1 life, turn over, his 4 stays.
    const third = events(2);
    expect(third[0]).toEqual({ type: "cast", seat: GARY, spell: 4, outcome: "illegal" });
    expect(third[1]).toEqual({ type: "life", seat: GARY, change: -1, life: 5 });
    expect(third.find((e) => e.type === "refill")).toMatchObject({ seat: GARY, count: 2 });
    expect(third.at(-1)).toEqual({ type: "turn-end", seat: GARY, next: TONY });
    const after = steps[2]!.state;
    expect(after.board[4]).toBe(0);
    expect(after.hands[GARY]![4]).toBeGreaterThanOrEqual(1);
    expect(after.life).toEqual([5, 5, 5]);
    expect(after.phase).toEqual({ type: "casting", seat: TONY, lastCast: 0 });
    // Gary never learns whether he had the 4: his own view and events hide it.
    expect(abracadawhatGame.view(after, GARY).hands[GARY]).toBeNull();
    expect(abracadawhatGame.eventFor(third[0]!, GARY)).toEqual(third[0]);
  });

  it("a wrong arrangement is refused with the field named", () => {
    const bad = { ...raw, arrangement: { ...raw.arrangement, hands: [[3, 4, 5, 6], [2, 6, 7, 7, 8], [1, 5, 6, 7, 8]] } };
    const loaded = loadScenario(bad, () => abracadawhatGame);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error).toContain("hands.0");
  });
});
