// Emmerlaüs: the players around the table with life, power level and objects, our hand, the
// prompt to answer an attack (the answers are the listed actions), and the last dice rolled.
import { useTranslation } from "react-i18next";
import { card } from "../../../../games/emmerlaus/src/cards.ts";
import type { EmmerlausView } from "../../../../games/emmerlaus/src/view.ts";
import { Die, Meter, seatName, type BoardProps } from "./GameBoard.tsx";

const cardName = (id: string) => {
  try {
    return card(id).name;
  } catch {
    return id;
  }
};


export function EmmerlausBoard({ view, seat, table, events }: BoardProps<EmmerlausView>) {
  const rolls = events.filter((e): e is { type: "roll"; seat: number; what: string; dice: number[]; total: number } => (e as { type?: string }).type === "roll");
  const hurt = new Set(events.filter((e) => (e as { type?: string; delta?: number }).type === "life" && ((e as { delta?: number }).delta ?? 0) < 0).map((e) => (e as { seat: number }).seat));
  const me = seat !== null ? view.players[seat] : null;
  const { t } = useTranslation();
  return (
    <section className="board emmerlaus" aria-label="table">
      <div className="players">
        {view.players.map((p, s) => (
          <div key={s} className={`player${s === seat ? " me" : ""}${p.alive ? "" : " dead"}${hurt.has(s) ? " hit" : ""}`}>
            <div className="pname">
              {seatName(table, s)} {p.alive ? "" : "☠"}
            </div>
            <div className="stats">
              <Meter value={p.life} max={50} label={t("board.lifeOf", { name: seatName(table, s) })} className="life" /> ⚡ {t("board.power", { n: p.power })} · 🂠 {p.handCount}
            </div>
            {p.objects.length > 0 && <div className="objects">{p.objects.map((o, i) => <span key={i} className="card-chip object">{cardName(o)}</span>)}</div>}
            {p.lying.length > 0 && <div className="objects muted">{t("board.lying", { n: p.lying.length })}</div>}
          </div>
        ))}
      </div>
      <p className="muted">{t("board.drawPile", { n: view.deckCount, d: view.discard.length })}{view.discard.length ? ` (${t("board.top", { card: cardName(view.discard[view.discard.length - 1]!) })})` : ""}</p>
      {view.phase.type === "answer" && <p className="prompt-box" role="status">{t("board.attackWaiting")}</p>}
      {rolls.length > 0 && (
        <div className="dice reveal" aria-live="polite">
          {rolls.map((r, i) => (
            <p key={i}>
              {t("board.rolls", { name: seatName(table, r.seat), what: r.what })} {r.dice.map((d, j) => <Die key={j} value={d} />)} = <strong>{r.total}</strong>
            </p>
          ))}
        </div>
      )}
      {me?.hand && (
        <div className="hand" aria-label={t("board.handLabel")}>
          {me.hand.map((c, i) => (
            <span key={i} className="card-chip">{cardName(c)}</span>
          ))}
        </div>
      )}
    </section>
  );
}
