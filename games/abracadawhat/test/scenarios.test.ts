// Every scenario in scenarios/ loads and replays with every stone in its place; the ones written
// for a ruling are checked against it here (the rulebook's worked example has its own file).
import { readdirSync, readFileSync } from "node:fs";
import { loadScenario, replayScenario, type ReplayStep } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { abracadawhatGame, checkConservation, type Event, type State } from "../src/index.ts";

const folder = new URL("../scenarios/", import.meta.url);
const files = readdirSync(folder).filter((file) => file.endsWith(".json"));

function replay(file: string): { initial: State; steps: { step: ReplayStep; state: State }[] } {
  const raw = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
  const loaded = loadScenario(raw, (id) => (id === abracadawhatGame.id ? abracadawhatGame : undefined));
  if (!loaded.ok) throw new Error(`${file}: ${loaded.error}`);
  const initial = abracadawhatGame.clone(loaded.value.initial as State);
  checkConservation(initial);
  const steps: { step: ReplayStep; state: State }[] = [];
  const replayed = replayScenario(loaded.value, (step, state) => {
    checkConservation(state as State);
    steps.push({ step, state: abracadawhatGame.clone(state as State) });
  });
  if (!replayed.ok) throw new Error(`${file}: ${replayed.error}`);
  return { initial, steps };
}

describe("scenarios", () => {
  it.each(files)("%s replays", (file) => {
    const raw = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
    expect(replay(file).steps).toHaveLength(raw.actions.length);
  });

  it("last standing: the next round starts with whoever would have played next, never a knocked-out seat", () => {
    const { steps } = replay("last-standing-next-first.json");
    const [ADA, BASILE, CHLOE] = [0, 1, 2];
    const blizzard = steps[0]!.step.events as Event[];
    expect(blizzard).toContainEqual({ type: "life", seat: BASILE, change: -1, life: 0 });
    expect(blizzard.some((e) => e.type === "round-end")).toBe(false);
    expect(steps[0]!.state.phase).toEqual({ type: "casting", seat: ADA, lastCast: 6 });

    const called = steps[1]!.step.events as Event[];
    expect(called[0]).toEqual({ type: "cast", seat: ADA, spell: 5, outcome: "illegal" });
    expect(called).toContainEqual(expect.objectContaining({ type: "round-end", end: "last-standing", winner: CHLOE, points: [0, 0, 2] }));
    // Basile sits after Ada but is out: Chloé would have played next.
    expect(called).toContainEqual(expect.objectContaining({ type: "round-start", round: 2, first: CHLOE }));
    expect(steps[1]!.state.phase).toEqual({ type: "casting", seat: CHLOE, lastCast: 0 });
  });
});
