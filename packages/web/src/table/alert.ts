// The turn alert: when it becomes the reader's decision, the tab's title says so and, unless muted
// in this browser, a short tone is played (WebAudio, synthesised: no sound file to download). The
// title also counts the reader's other tables waiting for them, "(2) …", as the lobby's does.
import { useCallback, useEffect, useRef, useState } from "react";

const SOUND_KEY = "grimoire.turnSound";

/** Whether this browser wants the tone (on unless muted; remembered in localStorage). */
export function useTurnSound(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readSound());
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(SOUND_KEY, value ? "on" : "off");
    } catch {
      /* private mode: the choice lasts this page only */
    }
  }, []);
  return [on, set];
}

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== "off";
  } catch {
    return true;
  }
}

/**
 * The page's one AudioContext, made on first use; null where the browser has none. A browser
 * keeps it suspended until the reader's first click or key on the page (after a reload, say):
 * `useSoundBlocked` shows that, and any click or key resumes it.
 */
let audio: AudioContext | null = null;
const audioListeners = new Set<() => void>();

export function audioContext(): AudioContext | null {
  if (audio) return audio;
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    audio = new Ctor();
  } catch {
    return null;
  }
  const ctx = audio;
  ctx.addEventListener?.("statechange", () => audioListeners.forEach((listener) => listener()));
  const resume = () => void ctx.resume?.().catch(() => {});
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, resume, { capture: true });
  return ctx;
}

/** Whether the browser holds the sound back (on, but no click on the page yet), and a way to release it from a click. */
export function useSoundBlocked(on: boolean): [boolean, () => void] {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!on) return setBlocked(false);
    const ctx = audioContext();
    if (!ctx) return;
    const update = () => setBlocked(ctx.state === "suspended");
    audioListeners.add(update);
    update();
    return () => void audioListeners.delete(update);
  }, [on]);
  const unblock = useCallback(() => void audioContext()?.resume?.().catch(() => {}), []);
  return [blocked, unblock];
}

/** Two short rising notes. Silently nothing where the browser has no WebAudio or blocks it. */
export function playTurnTone(): void {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    const start = ctx.currentTime;
    [660, 880].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const t0 = start + i * 0.16;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.16);
    });
  } catch {
    /* blocked before any user gesture: the title still says it */
  }
}

/**
 * The tab title's two parts at a table: this table's turn alert (`own`) and the count of other
 * tables waiting (`others`). The page's own title (`base`) is kept while either is shown, and
 * put back once neither is.
 */
const titleParts: { base: string | null; own: string | null; others: number } = { base: null, own: null, others: 0 };

function setTitlePart(part: { own: string | null } | { others: number }): void {
  titleParts.base ??= document.title;
  Object.assign(titleParts, part);
  if (titleParts.own === null && titleParts.others === 0) {
    document.title = titleParts.base;
    titleParts.base = null;
    return;
  }
  const main = titleParts.own ?? titleParts.base;
  document.title = titleParts.others > 0 ? `(${titleParts.others}) ${main}` : main;
}

/**
 * While `myTurn`, the tab's title is `title` (restored after); on each change to `myTurn` (not on
 * the first picture), the tone plays when `sound` is on.
 */
export function useTurnAlert(myTurn: boolean, title: string, sound: boolean): void {
  const previous = useRef<boolean | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = myTurn;
    if (myTurn && was === false && sound) playTurnTone();
  }, [myTurn, sound]);
  useEffect(() => {
    if (!myTurn) return;
    setTitlePart({ own: title });
    return () => setTitlePart({ own: null });
  }, [myTurn, title]);
}

/** While other tables wait for the reader, the tab's title starts with their number: "(2) …". */
export function useOtherTurnsTitle(waiting: number): void {
  useEffect(() => {
    if (waiting === 0) return;
    setTitlePart({ others: waiting });
    return () => setTitlePart({ others: 0 });
  }, [waiting]);
}
