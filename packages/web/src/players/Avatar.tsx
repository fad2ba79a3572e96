// A player's picture, drawn from the name alone (no uploads): a 5×5 sigil mirrored left to right,
// its cells and colours taken from a hash of the name. The same name always draws the same
// picture, in every browser. Colours: a pale background and a dark ink of the same hue, so the
// sigil keeps a contrast of at least 4.5:1 against its background whatever the hue.
import { useTranslation } from "react-i18next";

/** FNV-1a (32 bits) of the name's UTF-16 units, after NFC: stable across browsers. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (const unit of name.normalize("NFC")) {
    for (let i = 0; i < unit.length; i++) {
      h ^= unit.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

export interface Sigil {
  /** 25 cells, row by row; the columns 0–1 mirror 3–4. */
  readonly cells: readonly boolean[];
  readonly background: string;
  readonly ink: string;
}

/** The picture of a name: which cells are inked, and the two colours (HSL). */
export function sigilOf(name: string): Sigil {
  const h = nameHash(name);
  // A second hash for the cells, so the hue and the pattern vary apart.
  let bits = nameHash(`${name}\u0000sigil`);
  const cells: boolean[] = Array.from({ length: 25 }, () => false);
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const on = (bits & 1) === 1;
      bits >>>= 1;
      cells[row * 5 + col] = on;
      cells[row * 5 + (4 - col)] = on;
    }
  }
  // Never empty: the centre is inked when nothing else is.
  if (!cells.some(Boolean)) cells[12] = true;
  const hue = h % 360;
  return { cells, background: `hsl(${hue} 60% 92%)`, ink: `hsl(${hue} 65% 24%)` };
}

/**
 * The picture; `label`: read by screen readers (alone, say on a profile), else hidden from them
 * (beside the written name, it would only repeat it).
 */
export function Avatar({ name, size = 24, label = false }: { name: string; size?: number; label?: boolean }) {
  const { t } = useTranslation();
  const sigil = sigilOf(name);
  const a11y = label ? { role: "img", "aria-label": t("avatar.label", { name }) } : { "aria-hidden": true as const };
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 7 7" data-testid="avatar" data-name={name} {...a11y}>
      <rect x="0" y="0" width="7" height="7" rx="1.2" fill={sigil.background} />
      {sigil.cells.map((on, i) => (on ? <rect key={i} x={1 + (i % 5)} y={1 + Math.floor(i / 5)} width="1" height="1" fill={sigil.ink} /> : null))}
    </svg>
  );
}
