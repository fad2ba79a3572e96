// The game's art, drawn as SVG (no font glyph beyond digits): spellstones face up and from behind,
// the secret stone, each spell's emblem, hearts, the score star and the neighbour arrows.
// One palette: a night-blue table, gold trim, one colour per spell (light digits on dark stones,
// dark digits on the light ones). Every image is named by the board (from the catalogue).

/** Per spell: the stone's colour and the colour of its digit. */
export const SPELL_COLOURS: Readonly<Record<number, { fill: string; ink: string }>> = {
  1: { fill: "#b71c1c", ink: "#fff" },
  2: { fill: "#4a148c", ink: "#fff" },
  3: { fill: "#f48fb1", ink: "#3b0a20" },
  4: { fill: "#1a237e", ink: "#fff" },
  5: { fill: "#fdd835", ink: "#3e2c00" },
  6: { fill: "#81d4fa", ink: "#06283d" },
  7: { fill: "#e65100", ink: "#fff" },
  8: { fill: "#2e7d32", ink: "#fff" },
};

/** Each spell's emblem, in a 24×24 box. */
const EMBLEMS: Readonly<Record<number, string>> = {
  // a dragon's wing
  1: "M2 18C6 9 9 6 12 3c1 4 4 6 10 5-4 3-6 6-7 12-3-4-7-4-13-2z",
  // a hooded wanderer
  2: "M12 3C7 3 5 8 5 13l-1 8h16l-1-8c0-5-2-10-7-10zm0 6a3 2.4 0 1 1 0 4.8A3 2.4 0 1 1 12 9z",
  // a crescent moon
  3: "M15 3a9 9 0 1 0 6 12A7 7 0 1 1 15 3z",
  // a note sung at night
  4: "M10 4h2v13.2A3.5 3 0 1 1 10 14.6zM12 4l7 2v3l-7-2z",
  // a lightning bolt
  5: "M13 2 4 14h7l-2 8 11-13h-7l2-7z",
  // a snowflake
  6: "M11 2h2v20h-2zM3.3 6.2l1-1.7 16.4 9.5-1 1.7zM3.3 17.8l16.4-9.5 1 1.7-16.4 9.5z",
  // a fireball
  7: "M12 2c2 5 7 7 7 13a7 7 0 0 1-14 0c0-4 3-6 4-9 1 3 2 4 3 4 0-3-1-5 0-8z",
  // a potion flask
  8: "M9 2h6v2h-1v5l5 9a2.5 2.5 0 0 1-2 3.5H7A2.5 2.5 0 0 1 5 18l5-9V4H9z",
};

/** A spellstone face up: its colour, its number (a digit worded by the board) and a glint. */
export function Stone({ spell, size, label, digit, marked }: { spell: number; size: number; label: string | null; digit: string; marked?: boolean }) {
  const c = SPELL_COLOURS[spell] ?? SPELL_COLOURS[8]!;
  // label null: decorative, inside an element that names it
  const named = label === null ? { "aria-hidden": true, focusable: false } : { role: "img", "aria-label": label };
  return (
    <svg className={`ab-stone${marked ? " marked" : ""}`} width={size} height={size} viewBox="0 0 32 32" {...named}>
      <circle cx="16" cy="16" r="14.5" fill={c.fill} stroke="#1b1530" strokeWidth="1.5" />
      <ellipse cx="11" cy="9.5" rx="5" ry="3" fill="#fff" opacity="0.28" />
      <text x="16" y="21.5" textAnchor="middle" fontSize="16" fontWeight="700" fill={c.ink}>
        {digit}
      </text>
    </svg>
  );
}

/** A spellstone from behind (the reader's own stones: everyone sees them but their holder). */
export function StoneBack({ size, label }: { size: number; label: string }) {
  return (
    <svg className="ab-stone back" width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label}>
      <circle cx="16" cy="16" r="14.5" fill="#4b4263" stroke="#1b1530" strokeWidth="1.5" />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke="#d4af37" strokeWidth="1.2" opacity="0.8" />
      <path d="M16 10.5l1.6 3.9 3.9 1.6-3.9 1.6-1.6 3.9-1.6-3.9-3.9-1.6 3.9-1.6z" fill="#d4af37" />
    </svg>
  );
}

/** A secret stone: face down with a keyhole; `digit` when the reader knows which spell it is. */
export function SecretStone({ size, label, digit }: { size: number; label: string | null; digit?: string }) {
  // label null: decorative, inside an element that names it
  const named = label === null ? { "aria-hidden": true, focusable: false } : { role: "img", "aria-label": label };
  return (
    <svg className="ab-secret" width={size} height={size} viewBox="0 0 32 32" {...named}>
      <path d="M16 1.5 29 9v14L16 30.5 3 23V9z" fill="#2a1f45" stroke="#d4af37" strokeWidth="1.5" />
      {digit === undefined ? (
        <>
          <circle cx="16" cy="13" r="3.6" fill="#d4af37" />
          <path d="M14.2 15.5h3.6l1.3 7h-6.2z" fill="#d4af37" />
        </>
      ) : (
        <text x="16" y="21.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="#f3d77a">
          {digit}
        </text>
      )}
    </svg>
  );
}

/** A spell's emblem (decorative: the plaque names the spell). */
export function Emblem({ spell, size }: { spell: number; size: number }) {
  return (
    <svg className="ab-emblem" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={EMBLEMS[spell]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

const HEART = "M12 21C5 15 2 12 2 8a5 5 0 0 1 10-2 5 5 0 0 1 10 2c0 4-3 7-10 13z";

/** Life as six hearts, the lost ones empty; named as a whole by the board. */
export function Hearts({ life, max, label }: { life: number; max: number; label: string }) {
  return (
    <span className="ab-hearts" role="img" aria-label={label}>
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} width="15" height="15" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={i < life ? "full" : "empty"}>
          <path d={HEART} />
        </svg>
      ))}
    </span>
  );
}

/** The score star (decorative: the number beside it is labelled). */
export function Star() {
  return (
    <svg className="ab-star" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5L5.5 21l2-7.5L2 9h7z" />
    </svg>
  );
}

/** An arrow pointing left or right (the neighbours' side), or round the table (play passes left). */
export function Arrow({ to }: { to: "left" | "right" | "round" }) {
  const d =
    to === "left" ? "M10 5 3 12l7 7v-4.5h11v-5H10z" : to === "right" ? "M14 5l7 7-7 7v-4.5H3v-5h11z" : "M12 4a8 8 0 1 0 8 8h-3a5 5 0 1 1-5-5v3l5-4.5L12 1z";
  return (
    <svg className={`ab-arrow ${to}`} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
