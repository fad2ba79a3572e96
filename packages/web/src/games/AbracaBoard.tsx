// Abraca…What?: the players around the table (others' stones face up, ours as backs), life and
// scores, the board of cast stones, the secret stones, and the cast buttons (a lower call than
// this turn's last cast is warned about before anything is sent).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SPELL_NAMES } from "../../../../games/abracadawhat/src/data.ts";
import type { View } from "../../../../games/abracadawhat/src/view.ts";
import { Die, Meter, seatName, type BoardProps } from "./GameBoard.tsx";

const HUES = [0, 0, 280, 220, 300, 50, 190, 15, 130];
const SPELLS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

function Stone({ spell, back, small }: { spell: number | null; back?: boolean; small?: boolean }) {
  const { t } = useTranslation();
  const r = small ? 11 : 15;
  const label = back || spell === null ? t("board.hiddenStone") : `${spell} ${SPELL_NAMES[spell as 1] ?? ""}`;
  return (
    <svg className="stone" width={r * 2 + 2} height={r * 2 + 2} viewBox={`0 0 ${r * 2 + 2} ${r * 2 + 2}`} role="img" aria-label={label}>
      <circle cx={r + 1} cy={r + 1} r={r} fill={back || spell === null ? "#5d4037" : `hsl(${HUES[spell] ?? 0} 65% 50%)`} stroke="#222" />
      <text x={r + 1} y={r + 6} textAnchor="middle" fontSize={small ? 12 : 16} fill="#fff" fontWeight="bold">
        {back || spell === null ? "?" : spell}
      </text>
    </svg>
  );
}

function expand(counts: readonly number[]): number[] {
  const out: number[] = [];
  counts.forEach((n, spell) => {
    for (let i = 0; i < n; i++) out.push(spell);
  });
  return out;
}

export function AbracaBoard({ view, seat, table, legal, act, myTurn, events }: BoardProps<View>) {
  const { t } = useTranslation();
  const hurt = new Set(events.filter((e) => (e as { type?: string }).type === "life" && ((e as { change?: number }).change ?? 0) < 0).map((e) => (e as { seat: number }).seat));
  const rolls = events.filter((e): e is { type: "roll"; seat: number; value: number } => (e as { type?: string }).type === "roll");
  const [warning, setWarning] = useState<{ text: string; confirm: unknown | null } | null>(null);
  const lastCast = view.phase.type === "casting" ? view.phase.lastCast : 0;
  const turnSeat = view.phase.type === "casting" ? view.phase.seat : -1;
  const listed = legal ?? [];
  const isListed = (a: { type: string; spell?: number }) => listed.find((l) => JSON.stringify(l.action) === JSON.stringify(a));
  const cast = (spell: number) => {
    const entry = isListed({ type: "cast", spell });
    if (!entry) {
      setWarning({ text: t("board.notAllowed", { spell }), confirm: null });
      return;
    }
    if (lastCast > 0 && spell < lastCast && !view.options.easy) {
      // a lower call is against the rules (penalised): ask first
      setWarning({ text: t("board.lowerCall", { spell, last: lastCast }), confirm: entry.action });
      return;
    }
    setWarning(null);
    act(entry.action);
  };
  const endEntry = isListed({ type: "end" });
  return (
    <section className="board abraca" aria-label="table">
      <div className="players">
        {Array.from({ length: view.seats }, (_, s) => {
          const hand = view.hands[s];
          const stones = hand ? expand(hand) : Array<number | null>(view.handSizes[s] ?? 0).fill(null);
          return (
            <div key={s} className={`player${s === turnSeat ? " active" : ""}${s === seat ? " me" : ""}${hurt.has(s) ? " hit" : ""}`}>
              <div className="pname">
                {s === turnSeat ? "▶ " : ""}
                {seatName(table, s)}
              </div>
              <div className="rack" aria-label={t("board.stonesOf", { name: seatName(table, s) })}>
                {stones.map((sp, i) => (
                  <Stone key={i} spell={sp} back={hand === null} />
                ))}
              </div>
              <div className="stats">
                <Meter value={view.life[s] ?? 0} max={6} label={t("board.lifeOf", { name: seatName(table, s) })} className="life" /> ★ {view.scores[s] ?? 0}
                {(view.takenCounts[s] ?? 0) > 0 && (
                  <span className="secret">
                    {" "}
                    🔒 {view.taken[s] ? view.taken[s]!.join(" ") : view.takenCounts[s]}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <div className="cast-board" aria-label={t("board.castStones")}>
        <h3>{t("board.abracaRound", { round: view.round, pile: view.pileSize, secret: view.secretCount })}</h3>
        <div className="spell-row">
          {SPELLS.map((sp) => (
            <div key={sp} className="spell-col" title={SPELL_NAMES[sp]}>
              <Stone spell={sp} small />
              <span className="count" aria-label={`${view.board[sp] ?? 0} of ${sp} cast`}>
                ×{(view.board[sp] ?? 0) + (view.revealed[sp] ?? 0)}
              </span>
            </div>
          ))}
        </div>
      </div>
      {rolls.length > 0 && (
        <p className="dice reveal" aria-live="polite">
          {rolls.map((r, i) => (
            <span key={i}>
              {seatName(table, r.seat)}: <Die value={r.value} />{" "}
            </span>
          ))}
        </p>
      )}
      {myTurn && (
        <div className="cast-buttons" role="group" aria-label={t("board.castSpell")}>
          {SPELLS.map((sp) => (
            <button key={sp} type="button" className={`cast${isListed({ type: "cast", spell: sp }) ? "" : " unlisted"}`} onClick={() => cast(sp)} aria-label={t("board.castLabel", { n: sp, name: SPELL_NAMES[sp] })}>
              {sp} <small>{SPELL_NAMES[sp]}</small>
            </button>
          ))}
          {endEntry && (
            <button type="button" className="action" onClick={() => act(endEntry.action)}>
              {t("board.endTurn")}
            </button>
          )}
        </div>
      )}
      {warning && (
        <div role="alert" className="warning">
          ⚠ {warning.text}{" "}
          {warning.confirm !== null && (
            <>
              <button type="button" className="small confirm" onClick={() => { act(warning.confirm); setWarning(null); }}>
                {t("board.castAnyway")}
              </button>{" "}
            </>
          )}
          <button type="button" className="small" onClick={() => setWarning(null)}>
            {t("board.cancel")}
          </button>
        </div>
      )}
    </section>
  );
}
