// The reveal on the board: both bids and both sets of cards side by side (flipped face up one after
// the other), what became of each card (cancelled, stolen, void…), both attacks, then the turn's
// outcome in words (the wall's move, mana gained, the end of the round). The wall itself moves on
// the bridge tile by tile while the cards flip; reduced motion shows it all at once.
import type { GameTextApi } from "@grimoire/web/kit";
import { describeEvent } from "../describe.ts";
import type { TurnReveal } from "./reveal.ts";
import { SpellCard } from "./SpellCard.tsx";

export function RevealPanel({ reveal, stale, live, tx }: { reveal: TurnReveal; stale: boolean; live: boolean; tx: GameTextApi }) {
  return (
    <section data-coach="reveal" className={`sz-reveal${stale ? " stale" : ""}${live ? " fresh" : ""}`} aria-label={tx.t(stale ? "board.lastTurn" : "board.revealTitle")} aria-live="polite">
      <h2 className="sz-reveal-title">{tx.t(stale ? "board.lastTurn" : "board.revealTitle")}</h2>
      <div className="sz-sides">
        {([0, 1] as const).map((s) => {
          const bid = reveal.commits[s].bid;
          const now = reveal.bids[s];
          const stronger = reveal.attacks !== null && reveal.attacks[s] > reveal.attacks[s === 0 ? 1 : 0];
          return (
            <div key={s} className={`sz-side m${s}`}>
              <p className="sz-side-head">
                <span className={`pname sz-c${s}`}>{tx.name(s)}</span>
                <span className="sz-bid-chip">{now === bid ? tx.t("board.bidOf", { bid }) : tx.t("board.bidChanged", { bid, now })}</span>
                {reveal.attacks !== null && <span className={`sz-attack${stronger ? " stronger" : ""}`}>{tx.t("board.attackOf", { n: reveal.attacks[s] })}</span>}
              </p>
              <div className="sz-revealed">
                {reveal.cards[s].length === 0 && <span className="muted">{tx.t("board.noCard")}</span>}
                {reveal.cards[s].map((c, i) => (
                  <SpellCard key={`${c.card}-${i}`} card={c.card} tx={tx} mini tag={c.tag} className="flip" style={{ animationDelay: `${0.04 * Math.min(i, 3)}s` }} />
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {reveal.lines.length > 0 && (
        <ul className="sz-lines">
          {reveal.lines.map((e, i) => (
            <li key={i}>{tx.line(describeEvent(e, "spectator"))}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
