// A card's face: its category (colour, emblem, code and name), its name, its dice, the start of its
// effect text and its defence band; the full effect in the kit's popover. MiniCard is the small face
// of an object or a card lying in front of a player. Every word from the game's catalogue.
import { msg, type Message } from "@grimoire/engine";
import { Face, sayAround, type GameTextApi } from "@grimoire/web/kit";
import { card, type CardData } from "../cards.ts";
import type { Lying } from "../state.ts";
import type { Amount } from "../data.ts";
import { BandIcons, Emblem } from "./art.tsx";

/** A card's dice as words ("1d8 per PL", "5 × PL", "5 × 1d12"), or null for a card without an amount. */
export function diceOf(data: CardData): Message | null {
  const e = data.effect;
  switch (e.kind) {
    case "damage":
      return e.hits ? msg("board.amount.hits", { hits: e.hits, amount: amountOf(e.amount) }) : amountOf(e.amount);
    case "drain":
    case "heal":
    case "sanctuary":
      return amountOf(e.amount);
    case "set-life":
      return msg("board.amount.lifeTo", { die: e.die });
    case "ring-damage":
    case "convert-ring":
      return msg("board.amount.perRing", { per: e.per });
    case "staff":
      return msg("board.amount.dice", { count: 1, die: e.die });
    case "boost":
      return msg("board.amount.turns", { die: e.die });
    case "fountain":
      return msg("board.amount.flat", { flat: e.each });
    case "divine":
      return msg("board.amount.flat", { flat: e.heal });
    default:
      return null;
  }
}

export function amountOf(amount: Amount): Message {
  const d = amount.dice;
  const flat = amount.flat ?? 0;
  if (!d) return amount.times === "pl" ? msg("board.amount.flatTimesPl", { flat }) : msg("board.amount.flat", { flat });
  const dice =
    d.count === "pl"
      ? msg("board.amount.perPl", { die: d.die })
      : d.count === "pl+1"
        ? msg("board.amount.perPlPlus", { die: d.die })
        : d.count === "target-pl"
          ? msg("board.amount.perTargetPl", { die: d.die })
          : d.count === "total-pl"
            ? msg("board.amount.perTotalPl", { die: d.die })
            : amount.times === "pl"
              ? msg("board.amount.timesPl", { count: d.count, die: d.die })
              : msg("board.amount.dice", { count: d.count, die: d.die });
  return flat > 0 ? msg("board.amount.flatPlus", { flat, dice }) : dice;
}

/**
 * The effect as the face shows it: whole sentences, as many as fit in some eight short lines (at
 * least one), never a word cut; the popover has the whole text.
 */
export function faceText(effect: string, room = 170): string {
  const sentences = effect.split(/(?<=[.!?])\s+/);
  let shown = sentences[0] ?? "";
  for (const sentence of sentences.slice(1)) {
    if (shown.length + 1 + sentence.length > room) break;
    shown += ` ${sentence}`;
  }
  return shown;
}

/** The defence band in words, for screen readers and the popover. */
export function bandWords(data: CardData, tx: GameTextApi): string {
  const b = data.band;
  return tx.t("board.band", { sphere: b.sphere, heighten: b.heighten && b.sphere !== "red" ? "yes" : "no", annul: b.annul, mirror: b.mirror ? "yes" : "no", object: data.category === "O" || data.object === "potion" ? "yes" : "no" });
}

function PopoverBody({ data, tx }: { data: CardData; tx: GameTextApi }) {
  const dice = diceOf(data);
  return (
    <>
      <span className="em-pop-cat">{tx.t("board.categoryLine", { category: { key: `category.${data.category}` }, code: { key: `board.code.${data.category}` } })}</span>
      {dice && <span className="em-pop-dice">{tx.line(dice)}</span>}
      <span className="em-pop-text">{tx.t(`card.${data.id}.effect`)}</span>
      <span className="em-pop-band">{bandWords(data, tx)}</span>
    </>
  );
}

/** A whole card (the hand, the card being answered, the discard pile's top). */
export function CardFace({
  id,
  tx,
  onActivate,
  legal,
  selected,
  label,
  className,
  testId,
  coach,
}: {
  id: string;
  tx: GameTextApi;
  onActivate?: () => void;
  legal?: boolean;
  selected?: boolean;
  label?: string;
  className?: string;
  testId?: string;
  /** The guided first game's id for this card (`data-coach`). */
  coach?: string;
}) {
  const data = card(id);
  const name = tx.t(`card.${id}.name`);
  const dice = diceOf(data);
  // The card is drawn around its name; the name is the Face (the popover, and the target when it
  // acts), stretched over the whole card, so that a target's name is the text it shows.
  const classes = ["em-card", `em-cat-${data.category}`, className ?? "", legal ? "em-legal" : "", selected ? "em-selected" : "", onActivate ? "em-acts" : ""].filter(Boolean).join(" ");
  return (
    <span className={classes}>
      <span className="em-card-head">
        <span className="em-code">{tx.t(`board.code.${data.category}`)}</span>
        <span className="em-cat-name">{tx.t(`category.${data.category}`)}</span>
      </span>
      <Face
        title={name}
        body={<PopoverBody data={data} tx={tx} />}
        className="em-card-name"
        label={label ?? name}
        {...(onActivate ? { onActivate, ...sayAround(label ?? name, name) } : {})}
        {...(legal !== undefined ? { legal } : {})}
        {...(selected !== undefined ? { selected } : {})}
        {...(testId ? { testId } : {})}
        {...(coach ? { coach } : {})}
      >
        {name}
      </Face>
      <span className="em-card-art">
        <Emblem category={data.category} />
        {dice && <span className="em-card-dice">{tx.line(dice)}</span>}
      </span>
      <span className="em-card-text">{faceText(tx.t(`card.${id}.effect`))}</span>
      <span className="em-card-band" title={bandWords(data, tx)}>
        <BandIcons band={data.band} annulText={tx.t("board.number", { n: data.band.annul })} />
      </span>
    </span>
  );
}

/** The small face of an object in play or a card lying in front of a player (Sommeil, Malédiction, potions…). */
export function MiniCard({
  id,
  tx,
  lying,
  onActivate,
  legal,
  label,
}: {
  id: string;
  tx: GameTextApi;
  lying?: Lying;
  onActivate?: () => void;
  legal?: boolean;
  label?: string;
}) {
  const data = card(id);
  const name = tx.t(`card.${id}.name`);
  const stage = lying ? tx.t("board.stage", { stage: lying.stage ?? "none", turns: lying.turns ?? 0 }) : "";
  return (
    <Face
      title={name}
      body={<PopoverBody data={data} tx={tx} />}
      className={`em-mini em-cat-${data.category}${lying ? " em-lying" : ""}`}
      label={label ?? (stage ? `${name} ${stage}` : name)}
      {...(onActivate ? { onActivate, ...sayAround(label ?? name, name) } : {})}
      {...(legal !== undefined ? { legal } : {})}
    >
      <Emblem category={data.category} size={14} />
      <span className="em-mini-name">{name}</span>{" "}
      {stage && <span className="em-mini-stage">{stage}</span>}
    </Face>
  );
}
