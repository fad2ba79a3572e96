// The sealed choice of a turn: the bid (a −/+ stepper, a number field and a slider, always clamped
// to 1..your mana) and the cards of your hand, each a face you click to lay or take back, then
// the commit button. After committing, the sealed choice face down until the reveal.
import { useEffect, useState } from "react";
import type { GameTextApi } from "@grimoire/web/kit";
import { cardsParams } from "../describe.ts";
import type { Card, Commit } from "../data.ts";
import { SpellCard } from "./SpellCard.tsx";

/** The bid kept within the rules: at least 1 (0 only with no mana, which never asks a bid), at most your mana. */
export const clampBid = (value: number, mana: number): number => {
  const min = Math.min(1, mana);
  if (!Number.isFinite(value)) return min;
  return Math.max(min, Math.min(mana, Math.round(value)));
};

export function BidEntry({ mana, hand, own, turn, enabled, act, tx }: { mana: number; hand: readonly Card[]; own: Commit | null; turn: number; enabled: boolean; act: (action: unknown) => void; tx: GameTextApi }) {
  const [bid, setBid] = useState(() => clampBid(1, mana));
  const [cards, setCards] = useState<Card[]>([]);
  // a new turn or round: the bid stays what it was, within the new mana; no card laid yet
  useEffect(() => setBid((b) => clampBid(b, mana)), [mana]);
  const handKey = hand.join(",");
  useEffect(() => setCards((picked) => picked.filter((c) => hand.includes(c))), [handKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // a new turn (the reveal may come at once, with no sealed view in between): nothing laid yet
  useEffect(() => setCards([]), [turn]);
  if (own) {
    return (
      <div className="sz-sealed">
        <span className="sz-sealed-cards">
          {own.cards.map((c) => (
            <SpellCard key={c} card={c} tx={tx} mini />
          ))}
        </span>
        <p className="sealed" role="status">
          {tx.t("board.sealed", { bid: own.bid, ...cardsParams(own.cards) })}
        </p>
      </div>
    );
  }
  const min = Math.min(1, mana);
  const toggle = (c: Card) => setCards((picked) => (picked.includes(c) ? picked.filter((x) => x !== c) : [...picked, c].sort((a, b) => a - b)));
  const set = (value: number) => setBid(clampBid(value, mana));
  return (
    <form
      className="bid sz-bid"
      aria-label={tx.t("board.yourBid")}
      onSubmit={(e) => {
        e.preventDefault();
        if (enabled) act({ type: "commit", bid: clampBid(bid, mana), cards });
      }}
    >
      <div className="sz-bid-row">
        <span className="sz-bid-title">{tx.t("board.bid")}</span>
        <button type="button" className="sz-step" aria-label={tx.t("board.bidLower")} disabled={!enabled || bid <= min} data-board-target={enabled && bid > min ? "" : undefined} onClick={() => set(bid - 1)}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="2" y="7" width="12" height="2.5" rx="1" fill="currentColor" /></svg>
        </button>
        <input type="number" name="bid-number" data-coach="bid" inputMode="numeric" aria-label={tx.t("board.bidInput")} min={min} max={mana} value={bid} onChange={(e) => set(e.target.valueAsNumber)} />
        <button type="button" className="sz-step" aria-label={tx.t("board.bidRaise")} disabled={!enabled || bid >= mana} data-board-target={enabled && bid < mana ? "" : undefined} onClick={() => set(bid + 1)}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M6.75 2h2.5v4.75H14v2.5H9.25V14h-2.5V9.25H2v-2.5h4.75z" fill="currentColor" /></svg>
        </button>
        <span className="sz-of">{tx.t("board.ofMana", { mana })}</span>
        <input type="range" name="bid" min={min} max={mana} value={bid} onChange={(e) => set(e.target.valueAsNumber)} aria-label={tx.t("board.bidInput")} aria-valuetext={tx.t("board.manaAmount", { n: bid })} />
      </div>
      <div className="sz-hand" role="group" aria-label={tx.t("board.yourHand")}>
        {hand.map((c) => (
          <SpellCard key={c} card={c} tx={tx} coach={`card-${c}`} onActivate={enabled ? () => toggle(c) : undefined} does={tx.t("board.playCard")} selected={cards.includes(c)} className={enabled ? "playable" : undefined} />
        ))}
      </div>
      {enabled && <p className="muted sz-hint">{tx.t("board.handHint")}</p>}
      <button type="submit" data-coach="commit" className="primary sz-commit" disabled={!enabled} data-board-target={enabled ? "" : undefined} data-legal={enabled ? "" : undefined}>
        {tx.t("board.commit", { bid, ...cardsParams(cards) })}
      </button>
    </form>
  );
}
