// Shared pieces of every game board: meters, dice, component faces with their rule text in a
// popover, and board targets (the elements a player clicks to act). Boards word everything
// themselves (from their game's catalogue) and pass the words in.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { LegalAction } from "../protocol.ts";

/** Hearts/points as a bar with a number (worded by the board: `text`), labelled for screen readers. */
export function Meter({ value, max, label, text, className }: { value: number; max: number; label: string; text: string; className?: string }) {
  const pct = Math.max(0, Math.min(100, (value / Math.max(1, max)) * 100));
  return (
    <span className={`meter ${className ?? ""}`} role="meter" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={max}>
      <span className="meter-fill" style={{ width: `${pct}%` }} />
      <span className="meter-text">{text}</span>
    </span>
  );
}

/** A die face (rolled in with a short animation); `text` and `label` are worded by the board. */
export function Die({ text, label }: { text: string; label: string }) {
  return (
    <svg className="die" width="30" height="30" viewBox="0 0 30 30" role="img" aria-label={label}>
      <rect x="1" y="1" width="28" height="28" rx="5" fill="#fff" stroke="#333" />
      <text x="15" y="21" textAnchor="middle" fontSize="16" fontWeight="bold" fill="#222">{text}</text>
    </svg>
  );
}

/** The listed legal action equal to `action` (compared as JSON), if any. */
export function findLegal(legal: readonly LegalAction[] | null, action: unknown): LegalAction | undefined {
  if (!legal) return undefined;
  const wanted = JSON.stringify(action);
  return legal.find((l) => JSON.stringify(l.action) === wanted);
}

/**
 * A button's sentence (`"Play Fireball on Merlin"`) cut around the words its face shows (`"Fireball"`):
 * what goes before and after them, for `Face`'s `spoken` and `spokenAfter`. A sentence without the
 * shown words is all said before them.
 */
export function sayAround(sentence: string, shown: string): { spoken: string; spokenAfter: string } {
  const at = sentence.indexOf(shown);
  if (shown === "" || at < 0) return { spoken: sentence, spokenAfter: "" };
  return { spoken: sentence.slice(0, at).trimEnd(), spokenAfter: sentence.slice(at + shown.length).trimStart() };
}

const LONG_PRESS_MS = 450;
/** The least room kept between an open popover and the edges of the viewport, in px. */
const POPOVER_MARGIN = 4;
/** The room between a face and its popover, in px (`.popover` in styles.css). */
const POPOVER_GAP = 6;

/**
 * What the stylesheet places a popover from: its containing block, the face itself (`.face` is
 * positioned), or the positioned element around a face drawn static (Emmerlaüs's card name, its
 * face stretched over the whole card: the popover goes below, above or over the card).
 */
function anchorOf(popover: HTMLElement): HTMLElement | null {
  return popover.offsetParent instanceof HTMLElement ? popover.offsetParent : popover.parentElement;
}

/**
 * Keeps an open popover inside the viewport: centred under its face by the stylesheet, it is slid
 * sideways when it would cross the left or right edge (a face near the edge of a phone's screen),
 * shown above the face when there is no room below but room above, and over the face when there
 * is room on neither side or the face is partly scrolled above the screen.
 */
function keepInViewport(popover: HTMLElement): void {
  const viewWidth = document.documentElement.clientWidth || window.innerWidth;
  const viewHeight = window.innerHeight;
  const box = popover.getBoundingClientRect();
  let dx = 0;
  if (box.width + 2 * POPOVER_MARGIN >= viewWidth) dx = POPOVER_MARGIN - box.left;
  else if (box.left < POPOVER_MARGIN) dx = POPOVER_MARGIN - box.left;
  else if (box.right > viewWidth - POPOVER_MARGIN) dx = viewWidth - POPOVER_MARGIN - box.right;
  if (dx !== 0) popover.style.setProperty("--popover-dx", `${Math.round(dx)}px`);
  const face = anchorOf(popover)?.getBoundingClientRect();
  if (!face) return;
  const overflowsBelow = box.bottom > viewHeight - POPOVER_MARGIN;
  // A face scrolled partly above the screen puts the popover under it above the screen's top too.
  const overflowsAbove = box.top < POPOVER_MARGIN;
  if (!overflowsBelow && !overflowsAbove) return;
  if (overflowsBelow && face.top - box.height - POPOVER_GAP >= POPOVER_MARGIN) {
    popover.classList.add("above");
    return;
  }
  // Room on neither side (a long rule text under a card mid-screen on a phone), or a face half off
  // the top: over the face, centred on it as far as the viewport allows.
  const top = Math.max(POPOVER_MARGIN, Math.min(face.top + face.height / 2 - box.height / 2, viewHeight - POPOVER_MARGIN - box.height));
  const offset = top - face.top;
  popover.style.setProperty("--popover-top", `${Math.round(offset)}px`);
  popover.classList.add("over");
  // Measured again where it landed: a face drawn scaled (an animation on the way in) scales its
  // popover and its offset too, so what still sticks out is moved back, in the face's own pixels.
  // (No layout, no height: nothing to measure.)
  if (popover.offsetHeight === 0) return;
  const placed = popover.getBoundingClientRect();
  const scale = placed.height / popover.offsetHeight;
  const out = placed.top < POPOVER_MARGIN ? POPOVER_MARGIN - placed.top : placed.bottom > viewHeight - POPOVER_MARGIN ? viewHeight - POPOVER_MARGIN - placed.bottom : 0;
  if (out !== 0 && scale > 0) popover.style.setProperty("--popover-top", `${Math.round(offset + out / scale)}px`);
}

/** Closes the popover open now, if any (one at a time). */
let openPopover: (() => void) | null = null;

/**
 * A component's face (card, token, spell, sorcerer…) that shows its full rule text in a popover on
 * hover, on keyboard focus, and on a long press (touch), kept inside the viewport. `children` is the face; `title` and `body`
 * are the popover's words. When `onActivate` is given the face is also a board target: a button
 * (click, Enter or Space) highlighted as `legal`.
 *
 * A button is named by what it shows (WCAG 2.5.3, label in name), with no aria-label: its name is
 * `spoken`, visually hidden and read first (what clicking does, what the drawing alone does not
 * say), then the face's own words, then `spokenAfter` (hidden too; `sayAround` cuts a sentence
 * around the shown words). A face that is not a button is a group named `label` (default
 * `title`), its words read as its content. The popover is the face's description, never its name.
 */
export function Face({
  title,
  body,
  children,
  className,
  label,
  spoken,
  spokenAfter,
  onActivate,
  legal,
  selected,
  disabled,
  testId,
  piece,
  coach,
}: {
  title: string;
  body: ReactNode;
  children: ReactNode;
  className?: string;
  /** The group's name when the face is not a button (defaults to `title`). */
  label?: string;
  /** Words read before a button's visible ones, visually hidden: what clicking does, and what the drawing does not say. */
  spoken?: string;
  /** Words read after a button's visible ones, visually hidden. */
  spokenAfter?: string;
  onActivate?: () => void;
  legal?: boolean;
  selected?: boolean;
  disabled?: boolean;
  testId?: string;
  /** What the face is, for the board's motion to find it (`[data-piece="…"]`). */
  piece?: string;
  /** A stable id for the guided first game's coach to point at (`data-coach`). */
  coach?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = useRef(() => setOpen(false));
  // One popover at a time: opening this one closes the one open before (hover here, focus there).
  const show = () => {
    if (openPopover !== close.current) openPopover?.();
    openPopover = close.current;
    setOpen(true);
  };
  const id = useId();
  const popover = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = popover.current;
    if (!open || !element) return;
    keepInViewport(element);
    // A focus scrolls its face into view after this runs, a page may scroll while the popover is
    // open, and a change may move the face (a card flying in, the dice or the log growing above
    // it): placed again from scratch whenever the face has moved or the popover changed size, so it
    // never stays where the face used to be. One popover is open at a time: one measure a frame.
    const again = () => {
      element.classList.remove("above", "over");
      element.style.removeProperty("--popover-top");
      element.style.removeProperty("--popover-dx");
      keepInViewport(element);
    };
    const where = () => {
      const face = anchorOf(element)?.getBoundingClientRect();
      return face ? `${Math.round(face.left)} ${Math.round(face.top)} ${Math.round(face.width)} ${Math.round(face.height)} ${element.offsetHeight}` : "";
    };
    // Measured after placing (a popover placed over its face may be given another height).
    let placedFor = "";
    const follow = () => {
      if (where() !== placedFor) {
        again();
        placedFor = where();
      }
      frame = requestAnimationFrame(follow);
    };
    let frame = requestAnimationFrame(follow);
    window.addEventListener("scroll", again, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", again);
    };
  }, [open]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  const actionable = onActivate !== undefined && !disabled;
  const start = () => {
    pressed.current = false;
    timer.current = setTimeout(() => {
      pressed.current = true;
      show();
    }, LONG_PRESS_MS);
  };
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") setOpen(false);
    if (actionable && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      onActivate();
    }
  };
  const classes = ["face", className ?? "", legal ? "legal" : "", selected ? "selected" : "", actionable ? "target" : ""].filter(Boolean).join(" ");
  return (
    <span
      className={classes}
      role={onActivate ? "button" : "group"}
      tabIndex={0}
      aria-label={onActivate ? undefined : (label ?? title)}
      aria-describedby={open ? id : undefined}
      aria-pressed={onActivate && selected !== undefined ? selected : undefined}
      aria-disabled={onActivate && disabled ? true : undefined}
      data-board-target={actionable ? "" : undefined}
      data-legal={legal ? "" : undefined}
      data-testid={testId}
      data-piece={piece}
      data-coach={coach}
      onMouseEnter={show}
      onMouseLeave={() => setOpen(false)}
      onFocus={show}
      onBlur={() => setOpen(false)}
      onTouchStart={start}
      onTouchEnd={stop}
      onTouchMove={stop}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (pressed.current) {
          pressed.current = false;
          return; // a long press opened the popover; it is not a click
        }
        if (actionable) onActivate();
      }}
    >
      {/* the spaces sit between the spans (a flex container lays them out as nothing) */}
      {onActivate && spoken ? <><span className="sr-only">{spoken}</span>{" "}</> : null}
      {children}
      {onActivate && spokenAfter ? <>{/^[,.;:)]/.test(spokenAfter) ? null : " "}<span className="sr-only">{spokenAfter}</span></> : null}
      {/* aria-hidden keeps the open popover out of a button's name (named by its content); aria-describedby still reads it. */}
      {open && (
        <span ref={popover} role="tooltip" id={id} className="popover" aria-hidden={onActivate ? true : undefined}>
          <strong className="popover-title">{title}</strong>
          <span className="popover-body">{body}</span>
        </span>
      )}
    </span>
  );
}

/**
 * A board element that acts (a player to target, a room token to point at, a pile to draw from):
 * a button highlighted when its action is legal now. Boards give the action; the target sends it.
 * Its `label` is its name and must hold the words it shows (WCAG 2.5.3).
 */
export function Target({
  action,
  legal,
  act,
  label,
  children,
  className,
  testId,
  coach,
}: {
  action: unknown;
  legal: readonly LegalAction[] | null;
  act: (action: unknown) => void;
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** A stable id for the guided first game's coach to point at (`data-coach`). */
  coach?: string;
}) {
  const entry = findLegal(legal, action);
  return (
    <button
      type="button"
      className={`target-button ${className ?? ""}${entry ? " legal" : ""}`}
      aria-label={label}
      disabled={!entry}
      data-board-target={entry ? "" : undefined}
      data-legal={entry ? "" : undefined}
      data-testid={testId}
      data-coach={coach}
      onClick={() => entry && act(entry.action)}
    >
      {children}
    </button>
  );
}
