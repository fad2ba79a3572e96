// @vitest-environment jsdom
// Each game's small set of sounds (issue #25): every game's board module gives its voice and the
// cue of its events; an update plays its loudest cue, the result a win or a lose, and nothing plays
// when muted, for a spectator, or on the first picture of the page. Synthesised: no file fetched.
import { render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { gameIds } from "@grimoire/catalog/boards";
import { SOUND_CUES, type SoundCue } from "../src/kit/sounds.ts";
import { loadBoard, soundsOf } from "../src/games/GameBoard.tsx";
import { cueOfEvents, useGameSounds } from "../src/table/sounds.ts";

/** A running AudioContext that counts the notes started. */
const notes: number[] = [];
class RunningAudio extends EventTarget {
  state = "running";
  currentTime = 0;
  sampleRate = 8000;
  destination = {};
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    return { type: "", frequency: { setValueAtTime: (f: number) => notes.push(f) }, connect: (g: unknown) => g, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
  }
  createBuffer(_channels: number, length: number) {
    return { getChannelData: () => new Float32Array(length) };
  }
  createBufferSource() {
    return { buffer: null, connect: (g: unknown) => g, start() {} };
  }
}

beforeAll(async () => {
  vi.stubGlobal("AudioContext", RunningAudio);
  for (const game of gameIds) await loadBoard(game);
});
afterEach(() => void (notes.length = 0));

/** Real events of each game, one of each kind the set gives a cue to. */
const SAMPLES: Record<string, { events: unknown[]; cue: SoundCue }[]> = {
  abracadawhat: [
    { events: [{ type: "cast", seat: 0, spell: 3, outcome: "success" }], cue: "cast" },
    { events: [{ type: "cast", seat: 0, spell: 3, outcome: "failure" }, { type: "life", seat: 0, change: -1, life: 5 }], cue: "damage" },
  ],
  shazamm: [{ events: [{ type: "revealed", commits: [] }, { type: "wall", from: 9, to: 10, reason: "attack" }], cue: "damage" }],
  incantibus: [{ events: [{ type: "revealed", choices: [] }, { type: "took", seat: 0, token: 3 }], cue: "cast" }],
  emmerlaus: [{ events: [{ type: "played", seat: 0, card: "eclair" }, { type: "life", seat: 1, delta: 4, life: 54 }], cue: "cast" }],
};

function Table({ game, version, events, winners, seat, on }: { game: string; version: number; events: unknown[]; winners: number[] | null; seat: number | null; on: boolean }) {
  useGameSounds(game, version, events, winners, seat, on);
  return null;
}

describe("each game's sounds", () => {
  for (const game of gameIds) {
    it(`${game} has a voice and gives its events their cues`, () => {
      const set = soundsOf(game)!;
      expect(set).toBeDefined();
      expect(set.voice.pitch).toBeGreaterThan(0);
      for (const sample of SAMPLES[game] ?? []) expect(cueOfEvents((e) => set.cueOf(e), sample.events)).toBe(sample.cue);
      expect(set.cueOf({ type: "no-such-event" })).toBeNull();
    });
  }

  it("an update plays its cue, the end a win or a lose; never muted, for a spectator, or on the first picture", () => {
    const events = SAMPLES.abracadawhat![0]!.events;
    const view = (version: number, patch: Partial<Parameters<typeof Table>[0]> = {}) => <Table game="abracadawhat" version={version} events={events} winners={null} seat={0} on {...patch} />;
    const { rerender } = render(view(5));
    expect(notes).toEqual([]); // the first picture (a reload) is silent
    rerender(view(6));
    expect(notes.length).toBe(3);
    rerender(view(7, { on: false }));
    rerender(view(8, { seat: null, on: false }));
    expect(notes.length).toBe(3);
    rerender(view(9, { events: [] }));
    expect(notes.length).toBe(3);
    rerender(view(9, { events: [], winners: [0] }));
    expect(notes.length).toBe(3 + 4); // the win: four rising notes
    expect(SOUND_CUES).toContain("lose");
  });
});
