// Motion on the boards: what the log says changed is also seen moving. A board declares, for the
// events of the last change, which of its elements move and how (`Motion`, a pure function of the
// events, unit-tested per game); `useMotion` plays them after React has put every element in its
// final place (FLIP: the element is already where it goes, and is drawn for a moment from where it
// came). Everything runs on transform only (never opacity: axe measured text mid-fade below its
// contrast), lasts at most MOTION_MS, never blocks a click, and does not run at all when the reader
// asks for reduced motion.
import { useLayoutEffect, type RefObject } from "react";

/** The longest any board animation lasts, delay included, in milliseconds. */
export const MOTION_MS = 400;
/** How long a piece takes to fly to where it goes. */
export const FLY_MS = 320;

/**
 * One movement on the board, with elements found by CSS selectors inside the board (the first
 * match; a selector matching nothing is skipped, so a motion for what this reader cannot see is
 * harmless):
 * - `fly`: the element `to` (already in its new place) is drawn travelling from where `from` is;
 * - `tick`: a counter (life, mana, score, a pile's count) bumps as its number changes, `up` or down;
 * - `roll`: a die or a token spins into place;
 * - `shake`: a seat that lost life shakes.
 */
export type Motion =
  | { readonly kind: "fly"; readonly to: string; readonly from: string }
  | { readonly kind: "tick"; readonly at: string; readonly up: boolean }
  | { readonly kind: "roll"; readonly at: string }
  | { readonly kind: "shake"; readonly at: string };

/** Whether the reader asked for reduced motion (or the page cannot tell: then no motion). */
export function lessMotion(): boolean {
  return typeof window === "undefined" || typeof window.matchMedia !== "function" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

/** Keyframes and length of a motion on its element, given where `from` is (for `fly`). */
export function keyframesOf(motion: Motion, target: DOMRect, from: DOMRect | null): { frames: Keyframe[]; ms: number } | null {
  switch (motion.kind) {
    case "fly": {
      if (!from) return null;
      const dx = from.left + from.width / 2 - (target.left + target.width / 2);
      const dy = from.top + from.height / 2 - (target.top + target.height / 2);
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return null;
      return { frames: [{ transform: `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(0.7)` }, { transform: "none" }], ms: FLY_MS };
    }
    case "tick":
      return { frames: [{ transform: `translateY(${motion.up ? 6 : -6}px) scale(1.35)` }, { transform: "none" }], ms: 300 };
    case "roll":
      return { frames: [{ transform: "rotate(-200deg) scale(0.6)" }, { transform: "none" }], ms: 360 };
    case "shake":
      return { frames: [{ transform: "none" }, { transform: "translateX(-4px)" }, { transform: "translateX(4px)" }, { transform: "none" }], ms: 300 };
  }
}

/** Plays `motions` inside `root` now (elements in their final places); returns the animations started. */
export function playMotions(root: ParentNode, motions: readonly Motion[]): Animation[] {
  if (lessMotion()) return [];
  const started: Animation[] = [];
  const busy = new Set<Element>();
  for (const motion of motions) {
    const at = motion.kind === "fly" ? motion.to : motion.at;
    const el = root.querySelector(at);
    // One motion per element per change: the first declared wins (a card both drawn and counted).
    if (!el || busy.has(el) || typeof (el as Element & { animate?: unknown }).animate !== "function") continue;
    const from = motion.kind === "fly" ? (root.querySelector(motion.from)?.getBoundingClientRect() ?? null) : null;
    const plan = keyframesOf(motion, el.getBoundingClientRect(), from);
    if (!plan) continue;
    busy.add(el);
    started.push(el.animate(plan.frames, { duration: Math.min(plan.ms, MOTION_MS), easing: EASE }));
  }
  return started;
}

/**
 * Plays the board's motions for each new batch of events (`events` compared by identity: the page
 * hands a new array per change), after the DOM is updated and before the browser paints it.
 */
export function useMotion(root: RefObject<Element | null>, events: readonly unknown[], motionsOf: () => readonly Motion[]): void {
  useLayoutEffect(() => {
    if (root.current && events.length > 0) playMotions(root.current, motionsOf());
    // motionsOf reads the same render's events and view: it is rebuilt every render, on purpose not a dependency
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [events]);
}
