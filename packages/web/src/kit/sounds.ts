// Sound as data: a game's board module may export `sounds`, its own voice and the cue each of its
// events makes; the page synthesises the cues with the Web Audio API (no sound file to download)
// under the table's mute switch (src/table/sounds.ts). Win and lose come from the result, not events.

export const SOUND_CUES = ["cast", "fail", "damage", "heal", "reveal", "win", "lose"] as const;
export type SoundCue = (typeof SOUND_CUES)[number];

/** How a game sounds: the oscillator's wave, its base pitch (Hz), and how much noise is mixed in (0–1: fire, thunder). */
export interface Voice {
  readonly wave: OscillatorType;
  readonly pitch: number;
  readonly grit: number;
}

export interface SoundSet {
  readonly voice: Voice;
  /** The cue an event (as this reader saw it) makes, or null for a silent one. */
  cueOf(event: unknown): SoundCue | null;
}
