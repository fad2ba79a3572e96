// Incantibus iconography, drawn as SVG (no font glyphs): one icon per token face, the token backs,
// potions, grimoires, sorcerers' hats, spell cards, wands, the tower and the moat. Icons carry no
// words; the faces around them are labelled from the catalogue. Palette: board.css (--inc-*).
import type { ReactNode } from "react";
import type { Colour, Face, Ingredient, Monster, Special, Spell, Weapon } from "../data.ts";

const svg = (children: ReactNode, size = 32, className = "inc-icon") => (
  <svg className={className} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const WEAPON_ICON: Record<Weapon, ReactNode> = {
  "Filet magique": (
    <g fill="none" stroke="#eceff1" strokeWidth="1.6">
      <circle cx="16" cy="16" r="10" />
      <path d="M8 10 L24 22 M8 22 L24 10 M16 6 V26 M6 16 H26" />
    </g>
  ),
  "Boule de cristal": (
    <g>
      <circle cx="16" cy="14" r="8.5" fill="#b3e5fc" stroke="#e1f5fe" strokeWidth="1.2" />
      <circle cx="13" cy="11" r="2.2" fill="#fff" opacity="0.8" />
      <path d="M9 26 L11 21 H21 L23 26 Z" fill="#8d6e63" />
    </g>
  ),
  "Piège à loup": (
    <g fill="none" stroke="#eceff1" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M5 18 A11 11 0 0 1 27 18" />
      <path d="M7 18 L9 13 L11 17 L13 11 L15 16 L17 11 L19 16 L21 11 L23 17 L25 13 L27 18" />
      <path d="M4 22 H28" strokeWidth="2.4" />
    </g>
  ),
  "Pieu ailé": (
    <g>
      <path d="M16 29 L13 12 H19 Z" fill="#d7ccc8" />
      <path d="M14 12 C8 6 4 8 3 11 C7 10 10 12 14 14 Z M18 12 C24 6 28 8 29 11 C25 10 22 12 18 14 Z" fill="#eceff1" />
      <rect x="13" y="7" width="6" height="5" rx="1" fill="#bcaaa4" />
    </g>
  ),
};

const INGREDIENT_ICON: Record<Ingredient, ReactNode> = {
  Gui: (
    <g>
      <path d="M16 17 C10 14 6 9 8 5 C12 6 15 11 16 17 Z M16 17 C22 14 26 9 24 5 C20 6 17 11 16 17 Z" fill="#9ccc65" />
      <circle cx="13" cy="21" r="3" fill="#fafafa" /><circle cx="19" cy="21" r="3" fill="#fafafa" /><circle cx="16" cy="25" r="3" fill="#eeeeee" />
    </g>
  ),
  Champignon: (
    <g>
      <path d="M4 16 C4 7 28 7 28 16 Z" fill="#e53935" />
      <circle cx="11" cy="12" r="1.8" fill="#fff" /><circle cx="19" cy="10.5" r="1.6" fill="#fff" /><circle cx="23" cy="14" r="1.3" fill="#fff" />
      <path d="M12 16 H20 L19 27 H13 Z" fill="#fff8e1" />
    </g>
  ),
  Citrouille: (
    <g>
      <ellipse cx="16" cy="19" rx="11" ry="8.5" fill="#fb8c00" />
      <path d="M16 11 V27 M10 12 C7 16 7 22 10 26 M22 12 C25 16 25 22 22 26" stroke="#e65100" strokeWidth="1.3" fill="none" />
      <path d="M15 11 C15 7 17 5 19 5" stroke="#558b2f" strokeWidth="2.2" fill="none" />
    </g>
  ),
  Mandragore: (
    <g>
      <path d="M16 10 C12 4 9 5 8 6 C11 7 13 9 15 11 Z M16 10 C20 4 23 5 24 6 C21 7 19 9 17 11 Z M16 10 V5" stroke="#7cb342" strokeWidth="1.5" fill="#8bc34a" />
      <path d="M11 12 H21 C21 18 19 22 16 29 C13 22 11 18 11 12 Z" fill="#bcaaa4" />
      <circle cx="14" cy="16" r="1" fill="#3e2723" /><circle cx="18" cy="16" r="1" fill="#3e2723" />
    </g>
  ),
};

const MONSTER_ICON: Record<Monster, ReactNode> = {
  Gobelin: (
    <g>
      <path d="M3 10 L11 14 L11 18 Z M29 10 L21 14 L21 18 Z" fill="#7cb342" />
      <ellipse cx="16" cy="17" rx="7.5" ry="9" fill="#8bc34a" />
      <circle cx="13" cy="15" r="1.6" fill="#ffeb3b" /><circle cx="19" cy="15" r="1.6" fill="#ffeb3b" />
      <path d="M12 21 Q16 24 20 21" stroke="#33691e" strokeWidth="1.4" fill="none" />
    </g>
  ),
  Fantôme: (
    <g>
      <path d="M7 28 V14 C7 3 25 3 25 14 V28 L22 25 L19 28 L16 25 L13 28 L10 25 Z" fill="#f5f5f5" />
      <ellipse cx="13" cy="14" rx="1.8" ry="2.6" fill="#37474f" /><ellipse cx="19" cy="14" rx="1.8" ry="2.6" fill="#37474f" />
    </g>
  ),
  "Loup-Garou": (
    <g>
      <path d="M6 4 L12 11 H20 L26 4 L25 16 C25 23 20 28 16 28 C12 28 7 23 7 16 Z" fill="#8d6e63" />
      <path d="M12 22 L16 26 L20 22 Z" fill="#3e2723" />
      <circle cx="12.5" cy="16" r="1.6" fill="#ffca28" /><circle cx="19.5" cy="16" r="1.6" fill="#ffca28" />
    </g>
  ),
  Vampire: (
    <g>
      <path d="M3 28 L8 12 L16 18 L24 12 L29 28 Z" fill="#b71c1c" />
      <ellipse cx="16" cy="13" rx="6.5" ry="8" fill="#eceff1" />
      <path d="M9.5 8 Q16 12 22.5 8 L22 5 Q16 2 10 5 Z" fill="#212121" />
      <circle cx="13.5" cy="12" r="1.3" fill="#c62828" /><circle cx="18.5" cy="12" r="1.3" fill="#c62828" />
      <path d="M14 17 L15 20 L16 17 L17 20 L18 17" fill="#fff" stroke="#9e9e9e" strokeWidth="0.5" />
    </g>
  ),
};

/** Coins stacked: one disc per coin (1–3). */
function coins(n: number): ReactNode {
  return (
    <g>
      {Array.from({ length: n }, (_, i) => (
        <g key={i} transform={`translate(0 ${-i * 5})`}>
          <ellipse cx="16" cy="24" rx="9" ry="4" fill="#f9a825" stroke="#8d6e00" strokeWidth="1" />
          <ellipse cx="16" cy="22.5" rx="9" ry="4" fill="#ffd54f" stroke="#8d6e00" strokeWidth="1" />
        </g>
      ))}
    </g>
  );
}

const STAR = "M16 3 L19.5 12 L29 12.5 L21.5 18.5 L24 28 L16 22.5 L8 28 L10.5 18.5 L3 12.5 L12.5 12 Z";

const SPECIAL_ICON: Record<Special, ReactNode> = {
  Sacoche: (
    <g>
      <path d="M6 13 H26 L24 28 H8 Z" fill="#a1887f" stroke="#4e342e" strokeWidth="1" />
      <path d="M11 13 C11 6 21 6 21 13" stroke="#4e342e" strokeWidth="2" fill="none" />
      <rect x="13" y="17" width="6" height="4" rx="1" fill="#ffd54f" />
    </g>
  ),
  "Pierre philosophale": (
    <g>
      <path d="M16 3 L27 12 L16 29 L5 12 Z" fill="#e53935" stroke="#ffcdd2" strokeWidth="1" />
      <path d="M5 12 H27 M16 3 L12 12 L16 29 L20 12 Z" stroke="#ffcdd2" strokeWidth="0.8" fill="none" />
    </g>
  ),
  Ultimus: (
    <g>
      <circle cx="16" cy="16" r="12" fill="#311b92" />
      <path d="M18 4 L9 18 H15 L13 28 L23 13 H17 Z" fill="#ffeb3b" />
    </g>
  ),
  Fortuna: (
    <g>
      {coins(3)}
      <path d="M25 5 L26 8 L29 9 L26 10 L25 13 L24 10 L21 9 L24 8 Z" fill="#fff59d" />
    </g>
  ),
};

/** The icon of a token's face (no potion/grimoire/sorcerer: those have their own faces). */
export function FaceIcon({ face, size = 32 }: { face: Face; size?: number }) {
  switch (face.kind) {
    case "weapon": return svg(WEAPON_ICON[face.weapon], size);
    case "ingredient": return svg(INGREDIENT_ICON[face.ingredient], size);
    case "monster": return svg(MONSTER_ICON[face.monster], size);
    case "gold": return svg(coins(face.value), size);
    case "spell": return svg(<path d={STAR} fill="#ffe082" stroke="#ff8f00" strokeWidth="1" />, size);
    case "special": return svg(SPECIAL_ICON[face.special], size);
    case "potion": return <PotionIcon colour={face.colour} size={size} />;
    case "grimoire": return <BookIcon size={size} />;
    case "sorcerer": return <HatIcon size={size} />;
  }
}

export const INGREDIENT_SVG = (i: Ingredient, size = 18) => svg(INGREDIENT_ICON[i], size, "inc-icon mini");
export const MONSTER_SVG = (m: Monster, size = 18) => svg(MONSTER_ICON[m], size, "inc-icon mini");

const POTION_FILL: Record<Colour, string> = { green: "#43a047", red: "#e53935", blue: "#1e88e5" };

export function PotionIcon({ colour, size = 32 }: { colour: Colour; size?: number }) {
  return svg(
    <g>
      <path d="M12 3 H20 V11 C26 13 28 18 27 22 C26 27 21 29 16 29 C11 29 6 27 5 22 C4 18 6 13 12 11 Z" fill="#eceff1" stroke="#546e7a" strokeWidth="1.2" />
      <path d="M6 20 C8 18 12 21 16 19 C20 17 24 20 26 19 C26 25 21 28 16 28 C11 28 6 26 6 20 Z" fill={POTION_FILL[colour]} />
      <rect x="11" y="2" width="10" height="3" rx="1" fill="#8d6e63" />
      <circle cx="12" cy="23" r="1.4" fill="#fff" opacity="0.7" />
    </g>,
    size,
  );
}

export function BookIcon({ size = 32 }: { size?: number }) {
  return svg(
    <g>
      <rect x="6" y="4" width="20" height="24" rx="2" fill="#6a1b9a" stroke="#ce93d8" strokeWidth="1" />
      <rect x="8" y="6" width="2" height="20" fill="#4a148c" />
      <path d={STAR} transform="translate(9 9) scale(0.45)" fill="#ffd54f" />
    </g>,
    size,
  );
}

export function HatIcon({ size = 32 }: { size?: number }) {
  return svg(
    <g>
      <path d="M16 2 L24 23 H8 Z" fill="#283593" />
      <ellipse cx="16" cy="24" rx="14" ry="4" fill="#1a237e" />
      <path d="M13 12 L14 14 L16 14.5 L14 15 L13 17 L12 15 L10 14.5 L12 14 Z M18 17 L18.7 18.5 L20 19 L18.7 19.5 L18 21 L17.3 19.5 L16 19 L17.3 18.5 Z" fill="#ffeb3b" />
    </g>,
    size,
  );
}

/** A face-down token's back: the tower's seal. */
export function BackIcon({ size = 32 }: { size?: number }) {
  return svg(
    <g fill="none" stroke="#d7ccc8" strokeWidth="1.5">
      <circle cx="16" cy="16" r="9" />
      <path d="M16 7 L16 25 M7 16 H25 M10 10 L22 22 M22 10 L10 22" strokeWidth="0.9" opacity="0.7" />
      <circle cx="16" cy="16" r="3" fill="#d7ccc8" />
    </g>,
    size,
  );
}

/** An eye: a face-down token the reader looked under (Video). */
export function EyeIcon({ size = 14 }: { size?: number }) {
  return svg(
    <g>
      <path d="M2 16 C8 7 24 7 30 16 C24 25 8 25 2 16 Z" fill="#fff" stroke="#263238" strokeWidth="2" />
      <circle cx="16" cy="16" r="5" fill="#263238" />
    </g>,
    size,
    "inc-icon eye",
  );
}

const SPELL_ICON: Record<Spell, ReactNode> = {
  Alkimia: <path d="M8 22 C12 14 20 14 24 22 M20 22 L24 22 L24 18 M4 10 H14 M18 10 H28 M9 6 V14 M23 6 V14" stroke="#fff" strokeWidth="2" fill="none" />,
  Imperium: <path d="M5 24 L7 9 L12 16 L16 6 L20 16 L25 9 L27 24 Z" fill="#ffd54f" stroke="#fff" strokeWidth="1" />,
  Retiro: <g><path d="M3 22 Q8 18 13 22 T23 22 T33 22" stroke="#81d4fa" strokeWidth="2" fill="none" /><path d="M16 20 V6 M11 11 L16 6 L21 11" stroke="#fff" strokeWidth="2.2" fill="none" /></g>,
  Video: <g><path d="M2 16 C8 7 24 7 30 16 C24 25 8 25 2 16 Z" fill="#fff" /><circle cx="16" cy="16" r="5" fill="#4527a0" /></g>,
  Locus: SPECIAL_ICON.Sacoche,
  Philosophia: SPECIAL_ICON["Pierre philosophale"],
  Ultimus: <path d="M18 3 L8 18 H15 L13 29 L24 13 H17 Z" fill="#ffeb3b" />,
  Fortuna: coins(3),
};

export const SpellIcon = ({ spell, size = 32 }: { spell: Spell; size?: number }) => svg(SPELL_ICON[spell], size);

/** A wand with its power as stars along it (1–4). */
export function WandIcon({ power, size = 22 }: { power: number; size?: number }) {
  return svg(
    <g>
      <path d="M5 28 L21 9" stroke="#5d4037" strokeWidth="3.2" strokeLinecap="round" />
      <path d="M21 9 L24 6" stroke="#fff8e1" strokeWidth="3.2" strokeLinecap="round" />
      {Array.from({ length: power }, (_, i) => (
        <circle key={i} cx={27 - (i % 2) * 3} cy={4 + i * 5} r="2" fill="#ffca28" />
      ))}
    </g>,
    size,
    "inc-icon wand-icon",
  );
}

/** A check mark (a seat has pointed) or an hourglass (still choosing). */
export const CheckIcon = () => svg(<path d="M6 17 L13 24 L26 8" stroke="currentColor" strokeWidth="4" fill="none" strokeLinecap="round" />, 14, "inc-icon status");
export const HourglassIcon = () => svg(<path d="M8 4 H24 M8 28 H24 M10 4 C10 12 22 12 22 16 C22 20 10 20 10 28 M22 4 C22 12 10 12 10 16 C10 20 22 20 22 28" stroke="currentColor" strokeWidth="2.2" fill="none" />, 14, "inc-icon status");

/** The moat: water with a pile of tokens whose height grows with the count. */
export function MoatIcon({ count }: { count: number }) {
  const layers = Math.min(6, Math.ceil(count / 4));
  return (
    <svg className="inc-moat-icon" viewBox="0 0 64 40" width="64" height="40" aria-hidden="true" focusable="false">
      <path d="M0 30 Q8 26 16 30 T32 30 T48 30 T64 30 V40 H0 Z" fill="#1565c0" />
      {Array.from({ length: layers }, (_, i) => (
        <ellipse key={i} cx={32 + ((i % 2) * 6 - 3)} cy={29 - i * 4} rx={13 - i} ry="3.5" fill={i % 2 ? "#8d6e63" : "#ffb300"} stroke="#3e2723" strokeWidth="0.8" />
      ))}
      <path d="M0 34 Q8 30 16 34 T32 34 T48 34 T64 34 V40 H0 Z" fill="#1e88e5" opacity="0.85" />
    </svg>
  );
}

/** The tower: the current room lit, one floor per room still to come, the crypt below. */
export function TowerIcon({ left, crypt }: { left: number; crypt: boolean }) {
  const floors = crypt ? 0 : left + 1;
  const h = 26 + floors * 12 + 16;
  return (
    <svg className="inc-tower" viewBox={`0 0 60 ${h}`} width="60" height={h} aria-hidden="true" focusable="false">
      <path d="M6 26 L30 2 L54 26 Z" fill="#4527a0" />
      <circle cx="30" cy="10" r="2" fill="#ffd54f" />
      {Array.from({ length: floors }, (_, i) => (
        <g key={i}>
          <rect x="10" y={26 + i * 12} width="40" height="11" fill={i === 0 ? "#ffca28" : "#6d4c41"} stroke="#3e2723" />
          <rect x="27" y={29 + i * 12} width="6" height="6" rx="3" fill={i === 0 ? "#fff8e1" : "#3e2723"} />
        </g>
      ))}
      <rect x="10" y={26 + floors * 12} width="40" height="14" fill={crypt ? "#ab47bc" : "#37474f"} stroke="#1a1a1a" />
      <path d={`M24 ${40 + floors * 12} V${32 + floors * 12} Q30 ${27 + floors * 12} 36 ${32 + floors * 12} V${40 + floors * 12} Z`} fill="#1a1a1a" />
    </svg>
  );
}
