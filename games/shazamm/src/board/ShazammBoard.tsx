// Shazamm!: the two wizards' reserves (mana, hand, pile, discards) at their ends of the bridge, the
// bridge with the wall of fire, the reveal of the last turn, and the reader's decision: the bid
// and the cards to lay, or a follow-up question (Clone, Larceny, Recycling, the pile's order).
// Every word comes from the game's catalogues (games/shazamm/src/text) through the page (props.tx).
import { useEffect, useRef, useState } from "react";
import { seatRef } from "@grimoire/engine";
import { Meter, useMotion, type BoardProps, type GameTextApi } from "@grimoire/web/kit";
import type { ShazammEvent } from "../state.ts";
import type { ShazammView } from "../view.ts";
import { MAX_MANA, other, type ShazammSeat } from "../data.ts";
import { Answers, WaitingAnswer } from "./Answers.tsx";
import { BidEntry } from "./BidEntry.tsx";
import { Bridge, type WallMove } from "./Bridge.tsx";
import { shazammMotions } from "./motion.ts";
import { currentReveal, type TurnReveal } from "./reveal.ts";
import { RevealPanel } from "./RevealPanel.tsx";
import { CardBack, CardIcon, SpellCard, SpellChip } from "./SpellCard.tsx";
import "./board.css";

/**
 * Whether a reveal arrived while the board was shown (its cards flip then; not after a reload).
 * Events are for motion only: what the reveal shows comes from the view (view.lastTurn).
 */
function useLiveReveal(events: readonly ShazammEvent[]): boolean {
  const [live, setLive] = useState(() => events.some((e) => e.type === "revealed"));
  useEffect(() => {
    if (events.some((e) => e.type === "revealed")) setLive(true);
  }, [events]);
  return live;
}

/** Where the wall went in the last reveal (its last move of the turn: Midpoint, the attacks, exhaustion). */
function lastMove(reveal: TurnReveal | null): WallMove | null {
  if (!reveal) return null;
  const moves = reveal.lines.filter((e): e is Extract<ShazammEvent, { type: "wall" }> => e.type === "wall" && e.from !== e.to);
  if (moves.length === 0) return null;
  return { from: moves[0]!.from, to: moves[moves.length - 1]!.to };
}

function Mage({ view, s, me, tx }: { view: ShazammView; s: ShazammSeat; me: boolean; tx: GameTextApi }) {
  const phase = view.phase;
  const chosen = phase.type === "commit" && phase.committed[s];
  const choosing = phase.type === "commit" && !phase.committed[s];
  return (
    <div className={`mage m${s}${me ? " me" : ""}`}>
      <p className="sz-mage-head">
        <span className={`sz-swatch sz-bg${s}`} aria-hidden="true" />
        <span className={`pname sz-c${s}`}>{tx.name(s)}</span>
        {chosen && <span className="badge">{tx.t("board.chosen")}</span>}
        {choosing && <span className="badge waiting">{tx.t("board.thinking")}</span>}
      </p>
      <span className="sz-mana-wrap" data-coach={`mana-${s}`}><Meter value={view.mana[s]} max={MAX_MANA} label={tx.t("board.manaOf", { who: seatRef(s) })} text={tx.t("board.number", { n: view.mana[s] })} className="mana sz-mana" /></span>
      <p className="sz-counts muted">
        <span className="sz-backs" role="img" aria-label={tx.t("board.handOf", { who: seatRef(s), count: view.handSizes[s] })}>
          {Array.from({ length: Math.min(view.handSizes[s], 8) }, (_, i) => (
            <CardBack key={i} small />
          ))}
        </span>
        <span className="sz-pile">{tx.t("board.handPile", { hand: view.handSizes[s], pile: view.pileSizes[s] })}</span>
      </p>
      {view.discards[s].length > 0 && (
        <div className="sz-discards" role="group" aria-label={tx.t("board.discardOf", { who: seatRef(s) })}>
          {[...view.discards[s]].sort((a, b) => a - b).map((c) => (
            <SpellChip key={c} card={c} tx={tx} />
          ))}
        </div>
      )}
    </div>
  );
}

function EndLine({ view, tx }: { view: ShazammView; tx: GameTextApi }) {
  if (view.phase.type !== "over") return null;
  const winner = view.phase.winner;
  return (
    <div className="sz-end" role="status">
      {winner === null ? (
        <p className="sz-end-fell">{tx.t("board.endBoth")}</p>
      ) : (
        <>
          <p className="sz-end-fell">{tx.t("board.endFell", { who: seatRef(other(winner)) })}</p>
          <p className="sz-end-winner">{tx.t("board.endWinner", { who: seatRef(winner) })}</p>
        </>
      )}
    </div>
  );
}

export function ShazammBoard({ view, seat, act, myTurn, events, tx }: BoardProps<ShazammView, ShazammEvent>) {
  const phase = view.phase;
  const mine = seat === 0 || seat === 1 ? (seat as ShazammSeat) : null;
  const live = useLiveReveal(events);
  const reveal = currentReveal(view);
  const stale = phase.type === "commit";
  const lastPlayed = view.lastPlayed;
  const root = useRef<HTMLElement | null>(null);
  useMotion(root, events, () => shazammMotions(events));
  return (
    <section ref={root} className="board shazamm" aria-label={tx.t("board.bridge")}>
      <p className="sz-status">
        <span>{tx.t("board.status", { round: view.round, turn: view.turn + 1 })}</span>
        {view.silenced && phase.type !== "over" && (
          <span className="sz-silenced">
            <CardIcon card={1} /> {tx.t("board.silenced")}
          </span>
        )}
      </p>
      <div className="sz-mages">
        {([0, 1] as const).map((s) => (
          <Mage key={s} view={view} s={s} me={s === mine} tx={tx} />
        ))}
      </div>
      <Bridge view={view} tx={tx} move={lastMove(reveal)} />
      <EndLine view={view} tx={tx} />
      {reveal ? (
        <RevealPanel key={view.turn} reveal={reveal} stale={stale} live={live} tx={tx} />
      ) : (
        (lastPlayed[0].length > 0 || lastPlayed[1].length > 0) && (
          <section className="sz-reveal stale" aria-label={tx.t("board.lastTurn")}>
            <h2 className="sz-reveal-title">{tx.t("board.lastTurn")}</h2>
            <div className="sz-sides">
              {([0, 1] as const).map((s) => (
                <div key={s} className={`sz-side m${s}`}>
                  <p className="sz-side-head">
                    <span className={`pname sz-c${s}`}>{tx.name(s)}</span>
                  </p>
                  <div className="sz-revealed">
                    {lastPlayed[s].length === 0 && <span className="muted">{tx.t("board.noCard")}</span>}
                    {lastPlayed[s].map((c) => (
                      <SpellCard key={c} card={c} tx={tx} mini />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </section>
        )
      )}
      {mine !== null && view.hand && phase.type === "commit" && <BidEntry mana={view.mana[mine]} hand={view.hand} own={phase.own} turn={view.turn} enabled={myTurn && !phase.own} act={act} tx={tx} />}
      {mine !== null && myTurn && (phase.type === "resolve" || phase.type === "arrange") && <Answers view={view} seat={mine} act={act} tx={tx} />}
      <WaitingAnswer view={view} seat={mine} tx={tx} />
    </section>
  );
}
