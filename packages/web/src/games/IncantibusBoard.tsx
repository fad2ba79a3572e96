// Incantibus: the tower (rooms left) and the current room with visible and hidden tokens, the
// potions (and grimoires), the sorcerers, every trunk, the wands, who has pointed, and the moat.
// Every word comes from the game's catalogue (games/incantibus/src/text) through useGameText.
import { msg } from "@grimoire/engine";
import { SPELL_CARDS } from "../../../../games/incantibus/src/data.ts";
import { cardMessage, roomMessage, SPELL_KEY, targetMessage, tokenEffectKey, tokenLabel } from "../../../../games/incantibus/src/describe.ts";
import type { View } from "../../../../games/incantibus/src/types.ts";
import { useGameText, type GameTextApi } from "../text.tsx";
import type { BoardProps } from "./GameBoard.tsx";

/** A token face up (named, its effect as the title), face down, or face down but seen by the reader (Video). */
function Token({ tx, id, hidden, sorcerer }: { tx: GameTextApi; id: number | null; hidden?: boolean; sorcerer?: boolean }) {
  if (id === null) {
    const label = tx.t(sorcerer ? "board.hiddenSorcerer" : "board.hiddenToken");
    return (
      <span className={`token back${hidden ? " hidden" : ""}`} title={label} aria-label={label} role="img">
        {tx.t("board.hiddenMark")}
      </span>
    );
  }
  const name = tx.line(tokenLabel(id));
  const label = hidden ? tx.t("board.knownHidden", { token: tokenLabel(id) }) : name;
  const title = tx.t("board.tokenTitle", { token: tokenLabel(id), effect: msg(tokenEffectKey(id)) });
  return (
    <span className={`token${hidden ? " hidden" : ""}`} title={title} aria-label={label} role="img">
      {name}
    </span>
  );
}

export function IncantibusBoard({ view, seat, table }: BoardProps<View>) {
  const tx = useGameText("incantibus", table, seat);
  const phase = view.phase;
  const wand = (n: number) => msg(`wand.${n}.name`);
  return (
    <section className="board incantibus" aria-label={tx.t("board.tower")}>
      <div className="tower-row">
        <svg className="tower" viewBox="0 0 60 100" width="60" height="100" role="img" aria-label={tx.t("board.towerRooms", { n: view.rooms.length })}>
          <path d="M8 20 L30 2 L52 20 Z" fill="#4e342e" />
          {Array.from({ length: Math.min(8, view.rooms.length + 1) }, (_, i) => (
            <rect key={i} x="12" y={20 + i * 10} width="36" height="9" fill={i === 0 ? "#ffca28" : "#6d4c41"} stroke="#3e2723" />
          ))}
        </svg>
        <div>
          <h3>
            {view.room === null
              ? tx.t("board.heading.crypt", { n: view.incantation, mode: view.mode })
              : tx.t("board.heading.room", { room: roomMessage(view.room), n: view.incantation, mode: view.mode })}
          </h3>
          <div className="room" aria-label={tx.t("board.roomTokens")}>
            {view.roomTokens.map((tk, i) => (tk ? <Token key={i} tx={tx} id={tk.token} hidden={tk.hidden} /> : <span key={i} className="token empty" aria-hidden="true" />))}
          </div>
          <p className="muted">{tx.t("board.roomsLeft", { n: view.rooms.length, pile: view.pile })}</p>
        </div>
      </div>
      <div className="rows">
        <div>
          <strong>{tx.t("board.potions")}</strong> {tx.t("board.left", { n: view.potionSupply })}{tx.t("board.rowSeparator")} {view.potionRow.map((p) => <Token key={p} tx={tx} id={p} />)}
        </div>
        {view.mode === "expert" && (
          <div>
            <strong>{tx.t("board.grimoires")}</strong> {tx.t("board.left", { n: view.grimoireSupply })}{tx.t("board.rowSeparator")} {view.grimoireRow.map((p) => <Token key={p} tx={tx} id={p} />)}
          </div>
        )}
        <div>
          <strong>{tx.t("board.sorcerers")}</strong>{tx.t("board.rowSeparator")} {view.sorcerers.map((s, i) => (s ? <Token key={i} tx={tx} id={s.token} hidden={!s.faceUp} sorcerer /> : null))}
        </div>
        {view.faceUp.length > 0 && (
          <div>
            <strong>{tx.t("board.spells")}</strong>{tx.t("board.rowSeparator")}{" "}
            {view.faceUp.map((c) => (
              <span key={c} className="token spell" title={tx.t("board.tokenTitle", { token: cardMessage(c), effect: msg(`spell.${SPELL_KEY[SPELL_CARDS[c]!]}.effect`) })}>
                {tx.line(cardMessage(c))}
              </span>
            ))}
          </div>
        )}
        <div>
          <strong>{tx.t("board.moat")}</strong>{tx.t("board.rowSeparator")} {view.moat.length === 0 ? tx.t("board.nothing") : view.moat.map((m, i) => <Token key={i} tx={tx} id={m} />)}
        </div>
      </div>
      <div className="players">
        {Array.from({ length: view.seats }, (_, s) => {
          const held = view.wands[s]!;
          return (
            <div key={s} className={`player${s === seat ? " me" : ""}`}>
              <div className="pname">
                {tx.line(msg("common.name", { who: { seat: s } }))}{" "}
                <span className="wand" aria-label={tx.t("board.wand", { n: held })} title={tx.t("board.wandTitle", { wand: wand(held), effect: msg(`wand.${held}.effect`) })}>
                  {tx.t("board.wand", { n: held })}
                </span>
                {phase.kind === "point" && (phase.chosen[s] ? <span className="badge">{tx.t("board.pointed")}</span> : <span className="badge waiting">{tx.t("board.waiting")}</span>)}
              </div>
              <div className="trunk" aria-label={tx.t("board.trunkOf", { seat: { seat: s } })}>
                {(view.trunks[s] ?? []).map((tk, i) => <Token key={i} tx={tx} id={tk} />)}
                {(view.trunks[s] ?? []).length === 0 && <span className="muted">{tx.t("board.emptyTrunk")}</span>}
              </div>
            </div>
          );
        })}
      </div>
      {phase.kind === "point" && phase.mine && <p className="sealed">{tx.t("board.pointsAt", { target: targetMessage(phase.mine) })}</p>}
    </section>
  );
}
