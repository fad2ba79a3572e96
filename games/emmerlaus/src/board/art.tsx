// Emmerlaüs' drawn pieces: one emblem per card category, the defence band's sphere and answers,
// and the table's small icons (heart, power bolt, card back). SVG only, no font glyphs; colours
// from board.css (currentColor), so dark mode and contrast are the stylesheet's.
import type { Category } from "../data.ts";
import type { Band } from "../cards.ts";

/** The emblem of a category: a ring, a flame, a burst, a shield… (decorative: the category is worded beside it). */
export function Emblem({ category, size = 28 }: { category: Category; size?: number }) {
  return (
    <svg className="em-emblem" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      {EMBLEMS[category]}
    </svg>
  );
}

const EMBLEMS: Record<Category, React.ReactNode> = {
  // an object: a ring with a gem
  O: (
    <g fill="none" stroke="currentColor" strokeWidth="3">
      <circle cx="16" cy="19" r="8" />
      <path d="M12 8 l4 -5 l4 5 l-4 4 z" fill="currentColor" strokeWidth="1.5" />
    </g>
  ),
  // a counter-object: a broken ring
  CO: (
    <g fill="none" stroke="currentColor" strokeWidth="3">
      <path d="M10 24 A8 8 0 0 1 14 10" />
      <path d="M18 10 A8 8 0 0 1 22 24" />
      <path d="M8 6 L24 26" strokeWidth="2.5" />
    </g>
  ),
  // a counter-attack: a shield
  CA: <path d="M16 3 L27 7 V15 C27 22 22 27 16 29 C10 27 5 22 5 15 V7 Z" fill="currentColor" />,
  // a direct attack: a flame
  AD: <path d="M16 2 C18 9 25 11 25 20 A9 9 0 0 1 7 20 C7 14 11 12 12 7 C14 11 15 12 16 14 C17 10 17 6 16 2 Z" fill="currentColor" />,
  // a mass attack: a burst
  AM: <path d="M16 1 L19 11 L29 8 L22 16 L29 24 L19 21 L16 31 L13 21 L3 24 L10 16 L3 8 L13 11 Z" fill="currentColor" />,
  // an attribute: a potion
  A: (
    <g fill="currentColor">
      <rect x="13" y="3" width="6" height="7" rx="1" />
      <path d="M12 10 H20 L26 24 A4 4 0 0 1 22 29 H10 A4 4 0 0 1 6 24 Z" />
    </g>
  ),
  // a special: a star
  S: <path d="M16 2 L20 12 L31 12 L22 19 L25 30 L16 23 L7 30 L10 19 L1 12 L12 12 Z" fill="currentColor" />,
  // a strategic card: an hourglass
  ST: <path d="M7 3 H25 V7 L18 16 L25 25 V29 H7 V25 L14 16 L7 7 Z" fill="currentColor" />,
  // a hex: an eye
  SO: (
    <g>
      <path d="M2 16 C8 6 24 6 30 16 C24 26 8 26 2 16 Z" fill="currentColor" />
      <circle cx="16" cy="16" r="4" fill="var(--em-card-bg, #fff)" />
    </g>
  ),
  // Emmerlaüs: a crown
  E: <path d="M3 26 L5 9 L11 16 L16 5 L21 16 L27 9 L29 26 Z" fill="currentColor" />,
};

/** The defence band: the sphere, then the answers it allows (Résistance accrue, Annulations, Miroir). Decorative: worded in `label`. */
export function BandIcons({ band, annulText }: { band: Band; annulText: string }) {
  return (
    <span className="em-band-icons" aria-hidden="true">
      <svg width="14" height="14" viewBox="0 0 14 14" className={`em-sphere em-sphere-${band.sphere}`}>
        <circle cx="7" cy="7" r="6" />
      </svg>
      {band.heighten && band.sphere !== "red" && (
        <svg width="14" height="14" viewBox="0 0 14 14" className="em-band-icon">
          <path d="M7 1 L13 8 H9 V13 H5 V8 H1 Z" fill="currentColor" />
        </svg>
      )}
      {band.annul > 0 && (
        <span className="em-band-annul">
          <svg width="14" height="14" viewBox="0 0 32 32" className="em-band-icon">
            <path d="M16 3 L27 7 V15 C27 22 22 27 16 29 C10 27 5 22 5 15 V7 Z" fill="currentColor" />
          </svg>
          {annulText}
        </span>
      )}
      {band.mirror && (
        <svg width="14" height="14" viewBox="0 0 14 14" className="em-band-icon">
          <ellipse cx="7" cy="6" rx="4.5" ry="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M7 11 V14" stroke="currentColor" strokeWidth="2" />
        </svg>
      )}
    </span>
  );
}

export function Heart() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="em-icon em-heart">
      <path d="M8 14 C2 10 1 7 1 5 A3.5 3.5 0 0 1 8 3.5 A3.5 3.5 0 0 1 15 5 C15 7 14 10 8 14 Z" fill="currentColor" />
    </svg>
  );
}

export function Bolt() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="em-icon em-bolt">
      <path d="M9 1 L3 9 H7 L6 15 L13 6 H9 Z" fill="currentColor" />
    </svg>
  );
}

export function CardBack({ width = 14, height = 18 }: { width?: number; height?: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 14 18" aria-hidden="true" focusable="false" className="em-icon em-back">
      <rect x="0.5" y="0.5" width="13" height="17" rx="2" fill="currentColor" />
      <path d="M7 4 L10 9 L7 14 L4 9 Z" fill="var(--em-card-bg, #fff)" opacity="0.8" />
    </svg>
  );
}

export function Skull() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="em-icon em-skull">
      <path d="M8 1 A6 6 0 0 0 2 7 C2 9 3 10 4 11 V14 H12 V11 C13 10 14 9 14 7 A6 6 0 0 0 8 1 Z" fill="currentColor" />
      <circle cx="5.5" cy="7.5" r="1.6" fill="var(--em-card-bg, #fff)" />
      <circle cx="10.5" cy="7.5" r="1.6" fill="var(--em-card-bg, #fff)" />
    </svg>
  );
}
