// Shazamm! card faces: a spell (its number, an icon of what it does, its name and a short effect)
// or the decoy, drawn in SVG/CSS, with the full effect in the kit's popover; and the card back.
// Families colour the band: control (purple), the wall (orange), attack (red), mana (blue).
import type { CSSProperties, ReactNode } from "react";
import { Face, type GameTextApi } from "@grimoire/web/kit";
import type { Card } from "../data.ts";

export type CardTag = "cancelled" | "silenced" | "void" | "stolen" | "destroyed" | "copy" | "pending";

const FAMILY: Record<Card, string> = {
  0: "decoy", 1: "control", 2: "control", 3: "control", 4: "control", 5: "wall", 6: "control",
  7: "attack", 8: "attack", 9: "wall", 10: "wall", 11: "wall", 12: "mana", 13: "mana", 14: "mana",
};

/** A small pictogram per card, drawn on a 24×24 grid with the current colour. */
const ICONS: Record<Card, ReactNode> = {
  0: <path d="M4 9c2-3 14-3 16 0c0 5-3 8-8 8s-8-3-8-8zM8 11a1.5 1.5 0 1 0 .1 0M16 11a1.5 1.5 0 1 0 .1 0" />,
  1: <><circle cx="12" cy="12" r="8" fill="none" strokeWidth="2.5" stroke="currentColor" /><path d="M6 6l12 12" stroke="currentColor" strokeWidth="2.5" /></>,
  2: <><rect x="4" y="4" width="11" height="13" rx="2" opacity="0.55" /><rect x="9" y="8" width="11" height="13" rx="2" /></>,
  3: <path d="M7 8h10l3 12H4zM9 8c0-5 6-5 6 0" stroke="currentColor" strokeWidth="2" fill="currentColor" />,
  4: <path d="M6 3h12v2l-5 7 5 7v2H6v-2l5-7-5-7z" />,
  5: <path d="M11 3h2v18h-2zM3 12l5-4v8zM21 12l-5-4v8z" />,
  6: <path d="M12 4a8 8 0 0 1 7.5 5.2l2-.7-1.3 5-4.5-2.5 1.9-.7A5.5 5.5 0 0 0 6.5 12H4a8 8 0 0 1 8-8zm0 16a8 8 0 0 1-7.5-5.2l-2 .7 1.3-5 4.5 2.5-1.9.7A5.5 5.5 0 0 0 17.5 12H20a8 8 0 0 1-8 8z" />,
  7: <path d="M12 2l6 8h-4v6h-4v-6H6zM10 18h4v4h-4z" />,
  8: <path d="M7 3l5 7H9v5H5v-5H2zM17 8l5 7h-3v6h-4v-6h-3z" />,
  9: <path d="M3 8h13V4l5 6-5 6v-4H3zM21 16H8v4l-5-6 5-6" opacity="0.9" />,
  10: <path d="M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 1-2 1-6 1-10z" />,
  11: <path d="M12 2l8 3v6c0 6-4 9-8 11c-4-2-8-5-8-11V5z" />,
  12: <><circle cx="12" cy="12" r="8" /><path d="M12 7v10M9 9.5c0-1.5 6-1.5 6 0M9 14.5c0 1.5 6 1.5 6 0" stroke="#fff" strokeWidth="1.6" fill="none" /></>,
  13: <path d="M12 2c3 5 7 9 7 13a7 7 0 0 1-14 0c0-4 4-8 7-13zM11 11v3H8v2h3v3h2v-3h3v-2h-3v-3z" fillRule="evenodd" />,
  14: <path d="M3 4h18l-7 8v6l-4 3v-9z" />,
};

export function CardIcon({ card }: { card: Card }) {
  return (
    <svg className="sz-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="currentColor">{ICONS[card]}</g>
    </svg>
  );
}

export const cardName = (tx: GameTextApi, card: Card): string => tx.t(card === 0 ? "decoy.name" : `spell.${card}.name`);
export const cardEffect = (tx: GameTextApi, card: Card): string => tx.t(card === 0 ? "decoy.effect" : `spell.${card}.effect`);

/**
 * A card face. `mini` faces (the reveal, discards, piles) show the number, icon and name; full
 * faces (the hand, choices) add the short effect. With `onActivate` the face is a board target,
 * named `does` (what clicking does, read first) then the words it shows.
 */
export function SpellCard({
  card,
  tx,
  mini,
  tag,
  onActivate,
  does,
  selected,
  legal,
  className,
  style,
  coach,
}: {
  card: Card;
  tx: GameTextApi;
  mini?: boolean;
  tag?: CardTag | undefined;
  onActivate?: () => void;
  /** What clicking does ("play"), said before the card's words. */
  does?: string;
  selected?: boolean;
  legal?: boolean;
  className?: string;
  style?: CSSProperties;
  /** The guided first game's id for this card (`data-coach`). */
  coach?: string;
}) {
  const name = cardName(tx, card);
  const title = card === 0 ? name : tx.t("card.spell", { name, n: card });
  const label = tag ? tx.t("board.cardTagged", { card: title, tag: tx.t("board.tag", { tag }) }) : title;
  const classes = ["sz-card", `fam-${FAMILY[card]}`, mini ? "mini" : "", tag ? `tag-${tag}` : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <Face title={title} label={label} {...(does ? { spoken: does } : {})} body={cardEffect(tx, card)} onActivate={onActivate} selected={onActivate ? Boolean(selected) : undefined} legal={legal} className="sz-face" coach={coach}>
      <span className={classes} style={style}>
        <span className="sz-band">
          {card !== 0 && <span className="sz-num">{tx.t("board.number", { n: card })}</span>}
          <CardIcon card={card} />
        </span>{" "}
        <span className="sz-name">{name}</span>{" "}
        {!mini && <span className="sz-short">{tx.t(card === 0 ? "decoy.short" : `spell.${card}.short`)}</span>}{" "}
        {tag && <span className="sz-tag">{tx.t("board.tag", { tag })}</span>}
      </span>
    </Face>
  );
}

/** A face-down card (the rival's hand, a sealed commit). */
export function CardBack({ small }: { small?: boolean }) {
  return (
    <span className={`sz-back${small ? " small" : ""}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d="M12 3l2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z" fill="currentColor" />
      </svg>
    </span>
  );
}

/** A discarded spell as a small numbered chip (the popover names it and gives its effect). */
export function SpellChip({ card, tx, named }: { card: Card; tx: GameTextApi; named?: boolean }) {
  const name = cardName(tx, card);
  const title = card === 0 ? name : tx.t("card.spell", { name, n: card });
  return (
    <Face title={title} body={cardEffect(tx, card)} className="sz-face">
      <span className={`sz-chip fam-${FAMILY[card]}${named ? " named" : ""}`} data-card={card}>
        {tx.t("board.number", { n: card })}
        {named && <span className="sz-chip-name">{name}</span>}
      </span>
    </Face>
  );
}
