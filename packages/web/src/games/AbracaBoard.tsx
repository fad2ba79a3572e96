// Abraca…What?: the players around the table (others' stones face up, ours as backs), life and
// scores, the board of cast stones, the secret stones, and the cast buttons (a lower call than
// this turn's last cast is warned about before anything is sent).
// Every word comes from the game's catalogues (games/abracadawhat/src/text) through useGameText.
import { useState } from "react";
import type { MessageParams } from "@grimoire/engine";
import type { View } from "../../../../games/abracadawhat/src/view.ts";
import { useGameText, type GameTextApi } from "../text.tsx";
import { Die, Meter, type BoardProps } from "./GameBoard.tsx";

const HUES = [0, 0, 280, 220, 300, 50, 190, 15, 130];
const SPELLS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const spellName = (tx: GameTextApi, spell: number): string => tx.t(`spell.${spell}.name`);

function Stone({ tx, spell, back, small }: { tx: GameTextApi; spell: number | null; back?: boolean; small?: boolean }) {
  const r = small ? 11 : 15;
  const hidden = back || spell === null;
  const label = hidden ? tx.t("board.hiddenStone") : tx.t("board.stoneLabel", { n: spell, name: spellName(tx, spell) });
  return (
    <svg className="stone" width={r * 2 + 2} height={r * 2 + 2} viewBox={`0 0 ${r * 2 + 2} ${r * 2 + 2}`} role="img" aria-label={label}>
      <circle cx={r + 1} cy={r + 1} r={r} fill={back || spell === null ? "#5d4037" : `hsl(${HUES[spell] ?? 0} 65% 50%)`} stroke="#222" />
      <text x={r + 1} y={r + 6} textAnchor="middle" fontSize={small ? 12 : 16} fill="#fff" fontWeight="bold">
        {hidden ? tx.t("board.hiddenFace") : tx.t("board.stoneFace", { n: spell })}
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
  const tx = useGameText("abracadawhat", table, seat);
  const hurt = new Set(events.filter((e) => (e as { type?: string }).type === "life" && ((e as { change?: number }).change ?? 0) < 0).map((e) => (e as { seat: number }).seat));
  const rolls = events.filter((e): e is { type: "roll"; seat: number; value: number } => (e as { type?: string }).type === "roll");
  const [warning, setWarning] = useState<{ key: string; params: MessageParams; confirm: unknown | null } | null>(null);
  const lastCast = view.phase.type === "casting" ? view.phase.lastCast : 0;
  const turnSeat = view.phase.type === "casting" ? view.phase.seat : -1;
  const listed = legal ?? [];
  const isListed = (a: { type: string; spell?: number }) => listed.find((l) => JSON.stringify(l.action) === JSON.stringify(a));
  const cast = (spell: number) => {
    const entry = isListed({ type: "cast", spell });
    if (!entry) {
      setWarning({ key: "board.notAllowed", params: { spell }, confirm: null });
      return;
    }
    if (lastCast > 0 && spell < lastCast && !view.options.easy) {
      // a lower call is against the rules (penalised): ask first
      setWarning({ key: "board.lowerCall", params: { spell, last: lastCast }, confirm: entry.action });
      return;
    }
    setWarning(null);
    act(entry.action);
  };
  const endEntry = isListed({ type: "end" });
  return (
    <section className="board abraca" aria-label={tx.t("board.table")}>
      <div className="players">
        {Array.from({ length: view.seats }, (_, s) => {
          const hand = view.hands[s];
          const stones = hand ? expand(hand) : Array<number | null>(view.handSizes[s] ?? 0).fill(null);
          return (
            <div key={s} className={`player${s === turnSeat ? " active" : ""}${s === seat ? " me" : ""}${hurt.has(s) ? " hit" : ""}`}>
              <div className="pname">{tx.t("board.player", { turn: s === turnSeat ? "yes" : "no", player: { seat: s } })}</div>
              <div className="rack" aria-label={tx.t("board.stonesOf", { player: { seat: s } })}>
                {stones.map((sp, i) => (
                  <Stone key={i} tx={tx} spell={sp} back={hand === null} />
                ))}
              </div>
              <div className="stats">
                <Meter value={view.life[s] ?? 0} max={6} label={tx.t("board.lifeOf", { player: { seat: s } })} text={tx.t("board.life", { n: view.life[s] ?? 0 })} className="life" />{" "}
                <span className="score" aria-label={tx.t("board.scoreLabel", { n: view.scores[s] ?? 0 })}>
                  {tx.t("board.score", { n: view.scores[s] ?? 0 })}
                </span>
                {(view.takenCounts[s] ?? 0) > 0 && (
                  <span className="secret" aria-label={tx.t("board.secretLabel", { n: view.takenCounts[s] ?? 0 })}>
                    {" "}
                    {view.taken[s] ? tx.t("board.secretSeen", { stones: view.taken[s]!.slice() }) : tx.t("board.secretCount", { n: view.takenCounts[s] ?? 0 })}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <div className="cast-board" aria-label={tx.t("board.castStones")}>
        <h3>{tx.t("board.round", { round: view.round, pile: view.pileSize, secret: view.secretCount })}</h3>
        <div className="spell-row">
          {SPELLS.map((sp) => (
            <div key={sp} className="spell-col" title={spellName(tx, sp)}>
              <Stone tx={tx} spell={sp} small />
              <span className="count" aria-label={tx.t("board.columnLabel", { name: spellName(tx, sp), cast: view.board[sp] ?? 0, revealed: view.revealed[sp] ?? 0 })}>
                {tx.t("board.columnCount", { n: (view.board[sp] ?? 0) + (view.revealed[sp] ?? 0) })}
              </span>
            </div>
          ))}
        </div>
      </div>
      {rolls.length > 0 && (
        <p className="dice reveal" aria-live="polite">
          {rolls.map((r, i) => (
            <span key={i}>
              {tx.t("board.rollBy", { player: { seat: r.seat } })} <Die text={tx.t("board.dieFace", { n: r.value })} label={tx.t("board.dieLabel", { n: r.value })} />{" "}
            </span>
          ))}
        </p>
      )}
      {myTurn && (
        <div className="cast-buttons" role="group" aria-label={tx.t("board.castSpell")}>
          {SPELLS.map((sp) => (
            <button key={sp} type="button" className={`cast${isListed({ type: "cast", spell: sp }) ? "" : " unlisted"}`} onClick={() => cast(sp)} aria-label={tx.t("board.castLabel", { n: sp, name: spellName(tx, sp) })}>
              {tx.t("board.castNumber", { n: sp })} <small>{spellName(tx, sp)}</small>
            </button>
          ))}
          {endEntry && (
            <button type="button" className="action" onClick={() => act(endEntry.action)}>
              {tx.t("board.endTurn")}
            </button>
          )}
        </div>
      )}
      {warning && (
        <div role="alert" className="warning">
          {tx.t(warning.key, warning.params)}{" "}
          {warning.confirm !== null && (
            <>
              <button type="button" className="small confirm" onClick={() => { act(warning.confirm); setWarning(null); }}>
                {tx.t("board.castAnyway")}
              </button>{" "}
            </>
          )}
          <button type="button" className="small" onClick={() => setWarning(null)}>
            {tx.t("board.cancel")}
          </button>
        </div>
      )}
    </section>
  );
}
