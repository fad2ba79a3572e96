// A wizard at the table: name, life (a bar scaled to the table's largest life), power level, cards
// in hand (as backs), objects in play and cards lying in front. When the reader may aim at them the
// top of the seat is a button (its name says what clicking does), with the odds of the card chosen.
import { Meter, type GameTextApi } from "@grimoire/web/kit";
import type { ReactNode } from "react";
import type { PlayerView } from "../view.ts";
import { Bolt, CardBack, Heart, Skull } from "./art.tsx";
import { MiniCard } from "./CardFace.tsx";

export interface SeatTarget {
  /** The accessible name: what clicking does ("play Fireball on Merlin"). */
  readonly label: string;
  readonly onActivate: () => void;
  /** The odds of the chosen card at this player, worded. */
  readonly odds?: ReactNode;
}

export function Seat({
  player,
  seat,
  reader,
  tx,
  lifeMax,
  turn,
  answering,
  delta,
  target,
  note,
  picks,
}: {
  player: PlayerView;
  seat: number;
  reader: number | null;
  tx: GameTextApi;
  lifeMax: number;
  turn: boolean;
  /** Asked for an answer (or a pick) on another's turn. */
  answering?: boolean;
  /** Life gained (positive) or lost (negative) in the last change. */
  delta: number;
  target?: SeatTarget;
  /** The odds of the chosen mass card at this player (not a target to click). */
  note?: string;
  /** Objects of this player the reader may pick now, by id. */
  picks?: ReadonlyMap<string, { label: string; onActivate: () => void }>;
}) {
  const name = tx.displayName(seat);
  const classes = ["em-seat", seat === reader ? "me" : "", player.alive ? "" : "dead", turn ? "turn" : "", answering ? "answering" : "", delta < 0 ? "hit" : "", target ? "aimable" : ""].filter(Boolean).join(" ");
  // A target is the name as a button stretched over the whole top of the seat (its name says what clicking does).
  return (
    <li className={classes} data-seat={seat} data-coach={`seat-${seat}`} aria-label={tx.t("board.seatLabel", { who: { seat }, life: player.life, pl: player.power, n: player.handCount, dead: player.alive ? "no" : "yes" })}>
      <div className={`em-seat-top${target ? " em-aimable" : ""}`}>
        <span className="em-seat-name">
          {!player.alive && <Skull />}
          {target ? (
            <button type="button" className="em-name-text em-seat-button legal" aria-label={target.label} data-board-target="" data-legal="" data-coach={`target-${seat}`} onClick={target.onActivate}>
              {name}
            </button>
          ) : (
            <span className="em-name-text">{name}</span>
          )}
          {seat === reader && <span className="em-you">{tx.t("board.youMark")}</span>}
          {turn && <span className="em-turn-mark">{tx.t("board.turnMark")}</span>}
          {answering && <span className="em-turn-mark em-answering">{tx.t("board.answerMark")}</span>}
        </span>
        <span className="em-seat-stats">
          <span className="em-life">
            <Heart />
            <Meter value={Math.max(0, player.life)} max={lifeMax} label={tx.t("board.lifeOf", { who: { seat } })} text="" className="life" />
            <span className="em-life-number">{tx.t("board.number", { n: player.life })}</span>
            {delta !== 0 && (
              <span key={`${delta}:${player.life}`} className={`em-delta ${delta < 0 ? "loss" : "gain"}`}>
                {tx.t("board.delta", { n: Math.abs(delta), sign: delta < 0 ? "loss" : "gain" })}
              </span>
            )}
          </span>
          <span className="em-pl" title={tx.t("board.plTitle", { pl: player.power })}>
            <Bolt />
            {tx.t("board.pl", { pl: player.power })}
          </span>
          <span className="em-hand-count" title={tx.t("board.handTitle", { n: player.handCount })}>
            <CardBack />
            {tx.t("board.number", { n: player.handCount })}
          </span>
        </span>
        {(target?.odds ?? note) && <span className="em-odds-badge">{target?.odds ?? note}</span>}
      </div>
      {(player.objects.length > 0 || player.lying.length > 0) && (
        <div className="em-in-front">
          {player.objects.map((o, i) => {
            const pick = picks?.get(o);
            return <MiniCard key={`o${i}`} id={o} tx={tx} {...(pick ? { onActivate: pick.onActivate, legal: true, label: pick.label } : {})} />;
          })}
          {player.lying.map((l, i) => (
            <MiniCard key={`l${i}`} id={l.card} tx={tx} lying={l} />
          ))}
        </div>
      )}
    </li>
  );
}
