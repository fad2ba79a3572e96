// Abraca…What?'s end of game: the points round by round (from the log's round-end events), the
// totals, and the final hands: the stones in front of each player when the last round ended, the
// secret stones they took, and their life. Words from the game's catalogues (props.tx).
import type { SummaryProps } from "@grimoire/web/kit";
import type { Event } from "../events.ts";
import type { View } from "../view.ts";
import { roundEndText, stonesOf, TakenStones } from "./AbracaBoard.tsx";
import { Hearts, Star, Stone } from "./pieces.tsx";
import { MAX_LIFE } from "../data.ts";
import "./board.css";

type RoundEndEvent = Extract<Event, { type: "round-end" }>;

export function AbracaSummary({ view, log, tx }: SummaryProps<View>) {
  const ends = log.map((line) => line.event as Event).filter((e): e is RoundEndEvent => e !== null && typeof e === "object" && e.type === "round-end");
  const seats = Array.from({ length: view.seats }, (_, s) => s);
  const winners = view.phase.type === "over" ? view.phase.winners : [];
  const last = ends.at(-1);
  // The final stones: the view's when it shows them, else those the last round's end turned over.
  const finalHand = (s: number) => view.hands[s] ?? last?.hands?.[s] ?? null;
  return (
    <section className="ab-summary" aria-label={tx.t("board.summary.title")}>
      <div className="ab-summary-scroll">
        <table>
          <caption>{tx.t("board.summary.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{tx.t("board.summary.round")}</th>
              {seats.map((s) => (
                <th key={s} scope="col" className={winners.includes(s) ? "winner" : undefined}>
                  {tx.t("board.seatName", { player: { seat: s } })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ends.map((end, i) => (
              <tr key={i}>
                <th scope="row">
                  {tx.t("board.roundNumber", { round: end.round })}
                  <small>{roundEndText(tx, end)}</small>
                </th>
                {end.points.map((points, s) => (
                  <td key={s} className={points > 0 ? "scored" : undefined}>
                    {tx.t("board.summary.cell", { points, score: end.scores[s] ?? 0 })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{tx.t("board.summary.total")}</th>
              {seats.map((s) => (
                <td key={s} className={winners.includes(s) ? "winner" : undefined}>
                  <Star /> {tx.t("board.scoreValue", { n: view.scores[s] ?? 0 })}
                  {winners.includes(s) && <span className="ab-tag win">{tx.t("board.summary.winner")}</span>}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <h3>{tx.t("board.summary.hands")}</h3>
      <ul className="ab-final">
        {seats.map((s) => {
          const hand = finalHand(s);
          return (
            <li key={s}>
              <span className="ab-name">{tx.t("board.seatName", { player: { seat: s } })}</span>
              <span className="ab-rack" role="group" aria-label={tx.t("board.stonesOf", { player: { seat: s } })}>
                {hand === null ? (
                  <span className="ab-empty">{tx.t("board.summary.unknown")}</span>
                ) : stonesOf(hand).length === 0 ? (
                  <span className="ab-empty">{tx.t("board.noStone")}</span>
                ) : (
                  stonesOf(hand).map((k, i) => <Stone key={i} spell={k} size={24} digit={tx.t("board.stoneFace", { n: k })} label={tx.t("board.stoneLabel", { n: k, name: tx.t(`spell.${k}.name`) })} />)
                )}
              </span>
              <TakenStones view={view} seat={s} tx={tx} />
              <Hearts life={view.life[s] ?? 0} max={MAX_LIFE} label={tx.t("board.lifeLabel", { n: view.life[s] ?? 0 })} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
