// Independent leak audit over random games: for every viewer (each seat and spectators), no view and
// no event shown to it names a token it may not know (pools, supplies, hidden room tokens it did not
// look under, face-down or removed sorcerers), and its view does not depend on other seats' sealed choices.
import { createRng, deepEqual, pick, type RngState, type Viewer } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { incantibusGame as game, pointTargets, type Event, type Mode, type State, type View } from "../src/index.ts";

function secrets(state: State, viewer: Viewer): Set<number> {
  const seat = typeof viewer === "number" ? viewer : -1;
  return new Set([
    ...state.visiblePool, ...state.hiddenPool, ...state.potionSupply, ...state.grimoireSupply, ...state.sorcerersOut,
    ...state.roomTokens.flatMap((t) => (t && t.hidden && !t.knownBy.includes(seat) ? [t.token] : [])),
    ...state.sorcerers.flatMap((s) => (s && !s.faceUp ? [s.token] : [])),
  ]);
}

function viewTokens(v: View): number[] {
  const out = [
    ...v.specials, ...v.potionRow, ...v.grimoireRow, ...v.trunks.flat(), ...v.moat, ...v.outOfGame,
    ...v.roomTokens.flatMap((t) => (t && t.token !== null ? [t.token] : [])),
    ...v.sorcerers.flatMap((s) => (s && s.token !== null ? [s.token] : [])),
  ];
  if (v.phase.type === "resolve") {
    for (const step of v.phase.queue) {
      if ("token" in step) out.push(step.token);
      if ("reward" in step) out.push(step.reward, ...step.chosen);
    }
  }
  return out;
}

const eventTokens = (e: Event): number[] => ("token" in e && e.token !== null ? [e.token] : []);

function playOne(seats: number, mode: Mode, seed: number, rng: RngState): number {
  const state = game.setup({ seats, options: { mode }, seed });
  const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s), "spectator"];
  let checks = 0;
  for (let n = 0; n < game.maxActions(seats, { mode }); n++) {
    const d = game.decision(state);
    if (d.type === "over") break;
    const seat = d.type === "turn" ? d.seat : pick(rng, d.seats);
    const events = game.apply(state, seat, pick(rng, game.legalActions(state, seat)));
    for (const viewer of viewers) {
      const hidden = secrets(state, viewer);
      const v = game.view(state, viewer);
      for (const t of viewTokens(v)) if (hidden.has(t)) throw new Error(`view of ${viewer} names secret token ${t}`);
      for (const e of events) {
        const shown = game.eventFor(e, viewer);
        if (!shown) continue;
        for (const t of eventTokens(shown)) if (hidden.has(t)) throw new Error(`event ${e.type} shown to ${viewer} names secret token ${t}`);
        if (shown.type === "peek" && shown.seat !== viewer && shown.token !== null) throw new Error(`a look under a token shown to ${viewer}`);
      }
      // Sealed choices: changing another committed seat's target changes nothing in this view.
      if (state.phase.type === "point") {
        const other = structuredClone(state);
        const choices = (other.phase as { choices: unknown[] }).choices;
        for (let s = 0; s < seats; s++) {
          if (s === viewer || choices[s] === null) continue;
          choices[s] = pointTargets(other, s).find((t) => !deepEqual(t, choices[s])) ?? choices[s];
        }
        if (!deepEqual(game.view(other, viewer), v)) throw new Error(`view of ${viewer} depends on a sealed choice`);
      }
      checks++;
    }
  }
  return checks;
}

describe("views and events never leak", () => {
  for (const mode of ["apprentice", "expert"] as const) {
    for (const seats of [2, 3, 4]) {
      it(`${seats} players, ${mode}: every viewer, every step`, () => {
        const rng = createRng(seats * 10 + (mode === "expert" ? 1 : 0));
        let checks = 0;
        for (let g = 0; g < 12; g++) checks += playOne(seats, mode, 1000 + g, rng);
        expect(checks).toBeGreaterThan(100);
      });
    }
  }
});
