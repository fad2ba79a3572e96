// The game's sounds at the table: each update's events make at most one cue (the loudest), in the
// game's own voice (its board module's `sounds`), and the result a win or a lose; synthesised with
// the Web Audio API on the page's one AudioContext (./alert.ts), no file downloaded. Only for a
// seated player with the sound on (the table's mute switch), never on the first picture of a page.
import { useEffect, useRef } from "react";
import type { SoundCue, Voice } from "../kit/sounds.ts";
import { soundsOf } from "../games/GameBoard.tsx";
import { audioContext } from "./alert.ts";

/** The cue of an update with several events: the first of these that any event makes. */
const LOUDEST: readonly SoundCue[] = ["lose", "win", "damage", "fail", "cast", "heal", "reveal"];

/** Each cue's shape: notes in semitones above the voice's pitch, their spacing and length (s), and whether the noise joins in. */
const SHAPES: Readonly<Record<SoundCue, { notes: readonly number[]; step: number; length: number; gain: number; noisy: boolean }>> = {
  cast: { notes: [0, 7, 12], step: 0.06, length: 0.14, gain: 0.12, noisy: false },
  fail: { notes: [0, -6], step: 0.13, length: 0.22, gain: 0.12, noisy: false },
  damage: { notes: [-12, -13], step: 0.05, length: 0.22, gain: 0.14, noisy: true },
  heal: { notes: [0, 4, 7], step: 0.08, length: 0.16, gain: 0.1, noisy: false },
  reveal: { notes: [12, 19], step: 0.06, length: 0.12, gain: 0.08, noisy: false },
  win: { notes: [0, 4, 7, 12], step: 0.12, length: 0.3, gain: 0.14, noisy: false },
  lose: { notes: [7, 3, 0, -5], step: 0.16, length: 0.32, gain: 0.12, noisy: false },
};

/** The cue an update makes, if any. */
export function cueOfEvents(cueOf: (event: unknown) => SoundCue | null, events: readonly unknown[]): SoundCue | null {
  const cues = new Set(events.map((event) => cueOf(event)).filter((cue): cue is SoundCue => cue !== null));
  return LOUDEST.find((cue) => cues.has(cue)) ?? null;
}

/** Plays a cue in a voice; nothing where the browser has no Web Audio or still holds it back. */
export function playCue(voice: Voice, cue: SoundCue): void {
  const ctx = audioContext();
  if (!ctx || ctx.state !== "running") return;
  const shape = SHAPES[cue];
  try {
    const start = ctx.currentTime + 0.01;
    shape.notes.forEach((semitones, i) => {
      const t0 = start + i * shape.step;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = voice.wave;
      osc.frequency.setValueAtTime(voice.pitch * 2 ** (semitones / 12), t0);
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(shape.gain, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + shape.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + shape.length + 0.02);
    });
    if (shape.noisy || voice.grit > 0) {
      // a short burst of noise, shaped like the first note: fire, a blow
      const length = Math.floor(ctx.sampleRate * shape.length);
      const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
      const noise = ctx.createBufferSource();
      const gain = ctx.createGain();
      noise.buffer = buffer;
      gain.gain.value = shape.gain * (shape.noisy ? Math.max(0.6, voice.grit) : voice.grit) * 0.8;
      noise.connect(gain).connect(ctx.destination);
      noise.start(start);
    }
  } catch {
    /* a browser without some node: silence rather than an error */
  }
}

/**
 * Plays the game's sound for each new update (`version`) and the result once over: a win for a
 * winner, a lose for the others. `on`: the reader is seated and the sound is on.
 */
export function useGameSounds(game: string, version: number, events: readonly unknown[], winners: readonly number[] | null, seat: number | null, on: boolean): void {
  const seen = useRef<number | null>(null);
  const ended = useRef<boolean | null>(null);
  useEffect(() => {
    const first = seen.current === null;
    const fresh = version !== seen.current;
    seen.current = version;
    if (first || !fresh || !on) return;
    const set = soundsOf(game);
    if (!set) return;
    const cue = cueOfEvents((event) => set.cueOf(event), events);
    if (cue) playCue(set.voice, cue);
  }, [game, version, events, on]);
  useEffect(() => {
    const over = winners !== null;
    const was = ended.current;
    ended.current = over;
    if (!over || was !== false || !on || seat === null) return;
    const set = soundsOf(game);
    if (set) playCue(set.voice, winners.includes(seat) ? "win" : "lose");
  }, [game, winners, seat, on]);
}
