// Incantibus: the tower (rooms left) and the current room with visible and hidden tokens, the
// potions (and grimoires), the sorcerers, every trunk, the wands, who has pointed, and the moat.
import { useTranslation } from "react-i18next";
import { SPELL_CARDS } from "../../../../games/incantibus/src/data.ts";
import { describeTarget, tokenLabel } from "../../../../games/incantibus/src/describe.ts";
import type { View } from "../../../../games/incantibus/src/types.ts";
import { seatName, type BoardProps } from "./GameBoard.tsx";

function Token({ id, hidden }: { id: number | null; hidden?: boolean }) {
  const label = id === null ? "hidden token" : tokenLabel(id);
  return (
    <span className={`token${id === null ? " back" : ""}${hidden ? " hidden" : ""}`} title={label} aria-label={label} role="img">
      {id === null ? "?" : label}
    </span>
  );
}

export function IncantibusBoard({ view, seat, table }: BoardProps<View>) {
  const { t } = useTranslation();
  const phase = view.phase;
  return (
    <section className="board incantibus" aria-label="tower">
      <div className="tower-row">
        <svg className="tower" viewBox="0 0 60 100" width="60" height="100" role="img" aria-label={`${view.rooms.length} rooms left to explore`}>
          <path d="M8 20 L30 2 L52 20 Z" fill="#4e342e" />
          {Array.from({ length: Math.min(8, view.rooms.length + 1) }, (_, i) => (
            <rect key={i} x="12" y={20 + i * 10} width="36" height="9" fill={i === 0 ? "#ffca28" : "#6d4c41"} stroke="#3e2723" />
          ))}
        </svg>
        <div>
          <h3>
            {view.room === null ? t("board.crypt") : t("board.room", { n: view.room })} · {t("board.incantation", { n: view.incantation })} · {view.mode}
          </h3>
          <div className="room" aria-label="tokens in the room">
            {view.roomTokens.map((tk, i) => (tk ? <Token key={i} id={tk.token} hidden={tk.hidden} /> : <span key={i} className="token empty" aria-hidden="true" />))}
          </div>
          <p className="muted">
            {t("board.roomsLeft", { n: view.rooms.length, pile: view.pile })}
          </p>
        </div>
      </div>
      <div className="rows">
        <div>
          <strong>{t("board.potions")}</strong> {t("board.left", { n: view.potionSupply })}: {view.potionRow.map((p) => <Token key={p} id={p} />)}
        </div>
        {view.mode === "expert" && (
          <div>
            <strong>{t("board.grimoires")}</strong> {t("board.left", { n: view.grimoireSupply })}: {view.grimoireRow.map((p) => <Token key={p} id={p} />)}
          </div>
        )}
        <div>
          <strong>{t("board.sorcerers")}</strong>: {view.sorcerers.map((s, i) => (s ? <Token key={i} id={s.token} hidden={!s.faceUp} /> : null))}
        </div>
        {view.faceUp.length > 0 && (
          <div>
            <strong>{t("board.spells")}</strong>: {view.faceUp.map((c) => <span key={c} className="token spell">{SPELL_CARDS[c] ?? `#${c}`}</span>)}
          </div>
        )}
        <div>
          <strong>{t("board.moat")}</strong>: {view.moat.length === 0 ? "—" : view.moat.map((m, i) => <Token key={i} id={m} />)}
        </div>
      </div>
      <div className="players">
        {Array.from({ length: view.seats }, (_, s) => (
          <div key={s} className={`player${s === seat ? " me" : ""}`}>
            <div className="pname">
              {seatName(table, s)} <span className="wand" aria-label={t("board.wand", { n: view.wands[s] })}>{t("board.wand", { n: view.wands[s] })}</span>
              {phase.kind === "point" && (phase.chosen[s] ? <span className="badge">{t("board.pointed")}</span> : <span className="badge waiting">…</span>)}
            </div>
            <div className="trunk" aria-label={t("board.trunkOf", { name: seatName(table, s) })}>
              {(view.trunks[s] ?? []).map((tk, i) => <Token key={i} id={tk} />)}
              {(view.trunks[s] ?? []).length === 0 && <span className="muted">{t("board.emptyTrunk")}</span>}
            </div>
          </div>
        ))}
      </div>
      {phase.kind === "point" && phase.mine && <p className="sealed">{t("board.pointsAt", { target: describeTarget(phase.mine) })}</p>}
    </section>
  );
}
