// The end-of-game breakdown: a table of the rounds (who won each and how, turns, mana spent and
// spells laid by each wizard), then each wizard's cards: played, and the rest (split into hand and
// pile where the final view shows them).
import { seatRef } from "@grimoire/engine";
import type { SummaryProps } from "@grimoire/web/kit";
import type { ShazammEvent } from "../state.ts";
import type { ShazammView } from "../view.ts";
import { SpellCard, SpellChip } from "./SpellCard.tsx";
import { cardsAtEnd, roundsOf } from "./summary.ts";
import type { Card } from "../data.ts";
import "./board.css";

export function ShazammSummary({ view, log, tx }: SummaryProps<ShazammView>) {
  const rounds = roundsOf(log.map((line) => line.event as ShazammEvent));
  const row = (cards: readonly Card[]) =>
    cards.length === 0 ? <span className="muted">{tx.t("summary.none")}</span> : cards.map((c, i) => <SpellCard key={`${c}-${i}`} card={c} tx={tx} mini />);
  return (
    <section className="shazamm sz-summary" aria-labelledby="sz-summary-title">
      <h3 id="sz-summary-title">{tx.t("summary.title")}</h3>
      <div className="sz-table-wrap">
        <table className="sz-rounds">
          <thead>
            <tr>
              <th scope="col">{tx.t("summary.round")}</th>
              <th scope="col">{tx.t("summary.winner")}</th>
              <th scope="col">{tx.t("summary.how")}</th>
              <th scope="col">{tx.t("summary.turns")}</th>
              {[0, 1].map((s) => (
                <th scope="col" key={`m${s}`}>{tx.t("summary.spent", { who: seatRef(s) })}</th>
              ))}
              {[0, 1].map((s) => (
                <th scope="col" key={`s${s}`}>{tx.t("summary.spells", { who: seatRef(s) })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.round}>
                {/* data-label: each cell's column, said before it when a phone stacks the rows (board.css) */}
                <th scope="row" data-label={tx.t("summary.round")}>{tx.t("board.number", { n: r.round })}</th>
                <td data-label={tx.t("summary.winner")}>{r.loser === null ? tx.t("summary.nobody") : <span className={`pname sz-c${r.loser === 0 ? 1 : 0}`}>{tx.name(r.loser === 0 ? 1 : 0)}</span>}</td>
                <td data-label={tx.t("summary.how")}>{tx.t("summary.reason", { reason: r.reason === "fin-de-manche" ? "spell" : (r.reason ?? "none"), loser: seatRef(r.loser ?? 0) })}</td>
                <td data-label={tx.t("summary.turns")}>{tx.t("board.number", { n: r.turns })}</td>
                {[0, 1].map((s) => (
                  <td key={`m${s}`} data-label={tx.t("summary.spent", { who: seatRef(s) })}>{tx.t("board.number", { n: r.spent[s as 0] })}</td>
                ))}
                {[0, 1].map((s) => (
                  <td key={`s${s}`} className="sz-cell-cards" data-label={tx.t("summary.spells", { who: seatRef(s) })}>
                    {r.spells[s as 0].length === 0 ? <span className="muted">{tx.t("summary.none")}</span> : r.spells[s as 0].map((c, i) => <SpellChip key={`${c}-${i}`} card={c} tx={tx} named />)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>{tx.t("summary.cards")}</h4>
      <div className="sz-end-cards">
        {([0, 1] as const).map((s) => {
          const cards = cardsAtEnd(view, s);
          return (
            <div key={s} className={`sz-side m${s}`}>
              <p className={`pname sz-c${s}`}>{tx.name(s)}</p>
              <p className="sz-subtitle">{tx.t("summary.played")}</p>
              <div className="sz-revealed">{row(cards.played)}</div>
              {cards.hand !== null && cards.pile !== null ? (
                <>
                  <p className="sz-subtitle">{tx.t("summary.hand")}</p>
                  <div className="sz-revealed">{row(cards.hand)}</div>
                  <p className="sz-subtitle">{tx.t("summary.pile")}</p>
                  <div className="sz-revealed">{row(cards.pile)}</div>
                </>
              ) : (
                <>
                  <p className="sz-subtitle">{tx.t("summary.unplayed")}</p>
                  <div className="sz-revealed">{row(cards.unplayed)}</div>
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
