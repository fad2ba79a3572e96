// A scenario file through the engine's loader: arrangement, forced dice from the envelope, replay.
import { loadScenario, replayScenario } from "@grimoire/engine";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emmerlausGame, type EmmerlausState } from "../src/index.ts";

describe("scenarios", () => {
  it("replays the Miroir duel with scripted dice", () => {
    const raw = JSON.parse(readFileSync(new URL("./scenarios/mirror-duel.json", import.meta.url), "utf8"));
    const loaded = loadScenario(raw, (id) => (id === "emmerlaus" ? emmerlausGame : undefined));
    if (!loaded.ok) throw new Error(loaded.error);
    const replayed = replayScenario(loaded.value);
    if (!replayed.ok) throw new Error(replayed.error);
    const state = replayed.value as EmmerlausState;
    expect(state.players.map((p) => p.life)).toEqual([40, 41]);
    expect(state.turn.seat).toBe(0);
  });
  it("replays a recorded full game to its end", () => {
    const raw = JSON.parse(readFileSync(new URL("./scenarios/full-game.json", import.meta.url), "utf8"));
    const loaded = loadScenario(raw, () => emmerlausGame);
    if (!loaded.ok) throw new Error(loaded.error);
    const replayed = replayScenario(loaded.value);
    if (!replayed.ok) throw new Error(replayed.error);
    const state = replayed.value as EmmerlausState;
    expect(emmerlausGame.outcome(state)).toMatchObject({ winners: [2], draw: false });
    expect(state.players.filter((p) => p.alive)).toHaveLength(1);
  });
  it("replays a position written half-way through a game: a dead wizard, the seating after a swap, a Vitesse double turn, a mass attack waiting for its second answer", () => {
    const raw = JSON.parse(readFileSync(new URL("./scenarios/mid-game.json", import.meta.url), "utf8"));
    const loaded = loadScenario(raw, () => emmerlausGame);
    if (!loaded.ok) throw new Error(loaded.error);
    const replayed = replayScenario(loaded.value);
    if (!replayed.ok) throw new Error(replayed.error);
    const state = replayed.value as EmmerlausState;
    expect(state.players.map((p) => p.life)).toEqual([31, 30, -6, 13]);
    expect(state.turn).toMatchObject({ seat: 3, number: 24 });
    expect(state.players[0]!.hand).toHaveLength(5);
    expect(state.rng.forced).toEqual([]);
  });
  it("a bad arrangement is refused with the place named", () => {
    const loaded = loadScenario({ game: "emmerlaus", seats: 2, arrangement: { hands: [["eclair", "eclair"], []] } }, () => emmerlausGame);
    expect(loaded.ok ? "" : loaded.error).toContain("arrangement.hands[0][1]");
  });
});
