// Incantibus end of game: the points of every player room by room (followed through the log), how
// each total was made (gold, monsters, potions, grimoires, sorcerers, Spell tokens, Fortuna, wand),
// and every trunk laid open with its tokens' faces (rule text in a popover).
import { msg } from "@grimoire/engine";
import { Face, type SummaryProps } from "@grimoire/web/kit";
import { roomMessage, tokenEffectKey, tokenMessage } from "../describe.ts";
import { face, pointsOf } from "../trunk.ts";
import type { Event, View } from "../state.ts";
import { CATEGORIES, pointsByRoom, trunkBreakdown } from "./breakdown.ts";
import { FaceIcon } from "./icons.tsx";
import { groupTokens } from "./IncantibusBoard.tsx";
import "./board.css";

export function IncantibusSummary({ view, log, tx }: SummaryProps<View>) {
  const seats = Array.from({ length: view.seats }, (_, s) => s);
  const name = (s: number) => tx.line(msg("common.name", { who: { seat: s } }));
  const byKind = seats.map((s) => trunkBreakdown(view.trunks[s] ?? [], view.mode, view.wands[s]!));
  const totals = byKind.map((b) => Object.values(b).reduce((a, n) => a + n, 0));
  const events = log.map((l) => l.event as Event).filter((e) => e && typeof e === "object" && typeof e.type === "string");
  const rooms = pointsByRoom(events, view.seats);
  const categories = CATEGORIES.filter((c) => c !== "wand" || view.mode === "expert");
  const pts = (n: number) => tx.t("board.points", { n });
  return (
    <section className="inc inc-summary" aria-label={tx.t("board.summary.title")}>
      <h3>{tx.t("board.summary.title")}</h3>
      <div className="inc-table-wrap">
        <table className="inc-table">
          <caption>{tx.t("board.summary.byKind")}</caption>
          <thead>
            <tr><th scope="col">{tx.t("board.summary.what")}</th>{seats.map((s) => <th key={s} scope="col">{name(s)}</th>)}</tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c}><th scope="row">{tx.t(`board.summary.${c}`)}</th>{seats.map((s) => <td key={s}>{pts(byKind[s]![c])}</td>)}</tr>
            ))}
            <tr className="total"><th scope="row">{tx.t("board.summary.total")}</th>{seats.map((s) => <td key={s}>{pts(totals[s]!)}</td>)}</tr>
          </tbody>
        </table>
      </div>
      {events.length > 0 && (
        <div className="inc-table-wrap">
          <table className="inc-table">
            <caption>{tx.t("board.summary.byRoom")}</caption>
            <thead>
              <tr><th scope="col">{tx.t("board.summary.room")}</th>{seats.map((s) => <th key={s} scope="col">{name(s)}</th>)}</tr>
            </thead>
            <tbody>
              {rooms.map((r, i) => (
                <tr key={i}>
                  <th scope="row">{r.room === null ? tx.t("board.summary.crypt") : tx.line(roomMessage(r.room))}</th>
                  {seats.map((s) => <td key={s}>{tx.t("board.summary.delta", { n: r.points[s]!, sign: r.points[s]! > 0 ? "plus" : "none" })}</td>)}
                </tr>
              ))}
              {view.mode === "expert" && (
                <tr><th scope="row">{tx.t("board.summary.wand")}</th>{seats.map((s) => <td key={s}>{tx.t("board.summary.delta", { n: view.wands[s]!, sign: "plus" })}</td>)}</tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="inc-trunks-open">
        {seats.map((s) => (
          <div key={s} className={`inc-player seat-${s}`} role="group" aria-label={tx.t("board.summary.trunkOf", { seat: { seat: s } })}>
            <div className="inc-player-head"><span className="inc-pname">{name(s)}</span><span className="inc-score">{pts(totals[s]!)}</span></div>
            <div className="inc-trunk">
              {(view.trunks[s] ?? []).length === 0 && <span className="muted">{tx.t("board.emptyTrunk")}</span>}
              {groupTokens(view.trunks[s] ?? []).map((g) => {
                const title = tx.line(tokenMessage(g.id, "name"));
                return (
                  <Face key={g.name} title={title} body={tx.t(tokenEffectKey(g.id))} label={g.count > 1 ? tx.t("board.copies", { name: title, n: g.count }) : title} className={`inc-face inc-token small k-${face(g.id).kind}`}>
                    <span className="inc-disc">
                      <FaceIcon face={face(g.id)} size={22} />
                      {pointsOf(g.id) > 0 && <span className="inc-badge">{tx.t("board.value", { n: pointsOf(g.id) })}</span>}
                      {g.count > 1 && <span className="inc-count">{tx.t("board.count", { n: g.count })}</span>}
                    </span>
                  </Face>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
