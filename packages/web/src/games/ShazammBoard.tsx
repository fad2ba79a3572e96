// Shazamm!: the bridge (collapsed tiles dark), the wall of fire, both wizards, both mana
// reserves, the bid selector with the hand (decoy included), and the reveal of both commits.
// Every word comes from the game's catalogues (games/shazamm/src/text) through useGameText.
import { useEffect, useState } from "react";
import { msg, seatRef } from "@grimoire/engine";
import { cardRef, cardsParams, describeAction } from "../../../../games/shazamm/src/describe.ts";
import { viewChoices, type ShazammView } from "../../../../games/shazamm/src/view.ts";
import type { Card, Spell } from "../../../../games/shazamm/src/vocabulary.ts";
import { useGameText, type GameTextApi } from "../text.tsx";
import { Meter, type BoardProps } from "./GameBoard.tsx";

const TILES = 19;
const COLORS = ["#3949ab", "#c62828"];

/** A card of the hand by its name and number; its effect is the label's tooltip. */
function cardLabel(tx: GameTextApi, card: Card): string {
  return card === 0 ? tx.t("decoy.name") : tx.line(cardRef(card));
}
const cardEffect = (tx: GameTextApi, card: Card): string => tx.t(card === 0 ? "decoy.effect" : `spell.${card}.effect`);

export function ShazammBoard({ view, seat, table, legal, act, myTurn }: BoardProps<ShazammView>) {
  const tx = useGameText("shazamm", table, seat);
  const w = 20;
  const phase = view.phase;
  const who = (s: number) => seatRef(s);
  return (
    <section className="board shazamm" aria-label={tx.t("board.bridge")}>
      <svg
        className="bridge"
        viewBox={`0 0 ${TILES * w} 70`}
        role="img"
        aria-label={tx.t("board.bridgeLabel", { wall: view.wall + 1, first: view.wizards[0] + 1, second: view.wizards[1] + 1, collapsed: view.collapsed })}
      >
        <rect x="0" y="48" width={TILES * w} height="22" fill="#ff7043" opacity="0.5" />
        {Array.from({ length: TILES }, (_, i) => {
          const gone = i < view.collapsed || i >= TILES - view.collapsed;
          return <rect key={i} x={i * w + 1} y={40} width={w - 2} height={8} fill={gone ? "#3e2723" : "#a1887f"} opacity={gone ? 0.3 : 1} />;
        })}
        <g className="wall" style={{ transform: `translateX(${view.wall * w}px)` }}>
          <path d={`M${w / 2 - 7} 40 Q${w / 2 - 9} 20 ${w / 2} 6 Q${w / 2 + 9} 20 ${w / 2 + 7} 40 Z`} fill="#ff5722" />
          <path d={`M${w / 2 - 3} 40 Q${w / 2} 24 ${w / 2 + 3} 40 Z`} fill="#ffeb3b" />
        </g>
        {[0, 1].map((s) => (
          <g key={s} style={{ transform: `translateX(${(view.wizards[s as 0] ?? 0) * w}px)` }} className="wizard">
            <circle cx={w / 2} cy={22} r={5} fill={COLORS[s]} />
            <path d={`M${w / 2 - 7} 40 L${w / 2} 24 L${w / 2 + 7} 40 Z`} fill={COLORS[s]} />
            <path d={`M${w / 2 - 5} 18 L${w / 2} 6 L${w / 2 + 5} 18 Z`} fill={COLORS[s]} opacity="0.8" />
          </g>
        ))}
      </svg>
      <div className="mana-row">
        {[0, 1].map((s) => (
          <div key={s} className={`mage m${s}${s === seat ? " me" : ""}`}>
            <span className="pname" style={{ color: COLORS[s] }}>{tx.line(msg("common.name", { who: who(s) }))}</span>{" "}
            <Meter value={view.mana[s as 0]} max={50} label={tx.t("board.manaOf", { who: who(s) })} text={tx.t("board.number", { n: view.mana[s as 0] })} className="mana" />
            <span className="muted"> {tx.t("board.handPile", { hand: view.handSizes[s as 0], pile: view.pileSizes[s as 0] })}</span>
            {phase.type === "commit" && phase.committed[s as 0] && <span className="badge">{tx.t("board.chosen")}</span>}
          </div>
        ))}
      </div>
      <p className="muted">{tx.t("board.status", { round: view.round, turn: view.turn + 1, silenced: view.silenced })}</p>
      {phase.type === "resolve" && <Reveal view={view} tx={tx} />}
      {(phase.type === "commit" || phase.type === "over") &&
        view.lastPlayed.some((p) => p.length > 0) && (
          <p className="last-played reveal">
            {tx.t("board.lastTurn", {
              first: msg("board.lastOf", { who: who(0), ...cardsParams(view.lastPlayed[0]) }),
              second: msg("board.lastOf", { who: who(1), ...cardsParams(view.lastPlayed[1]) }),
            })}
          </p>
        )}
      {seat !== null && view.hand && phase.type === "commit" && <BidSelector view={view} seat={seat} act={act} enabled={myTurn} own={phase.own} tx={tx} />}
      {myTurn && legal === null && seat !== null && (phase.type === "resolve" || phase.type === "arrange") && <AskButtons view={view} seat={seat} act={act} tx={tx} />}
    </section>
  );
}

function Reveal({ view, tx }: { view: ShazammView; tx: GameTextApi }) {
  if (view.phase.type !== "resolve") return null;
  const t = view.phase.table;
  return (
    <div className="reveal" aria-live="polite">
      {[0, 1].map((s) => (
        <p key={s}>{tx.t("board.bids", { who: seatRef(s), bid: t.commits[s as 0].bid, ...cardsParams(t.commits[s as 0].cards) })}</p>
      ))}
    </div>
  );
}

function BidSelector({ view, seat, act, enabled, own, tx }: { view: ShazammView; seat: number; act: (a: unknown) => void; enabled: boolean; own: { bid: number; cards: Card[] } | null; tx: GameTextApi }) {
  const mana = view.mana[seat as 0];
  const [bid, setBid] = useState(Math.min(mana, 1));
  const [cards, setCards] = useState<Card[]>([]);
  useEffect(() => {
    setBid((b) => Math.max(Math.min(b, mana), mana > 0 ? 1 : 0));
  }, [mana]);
  useEffect(() => setCards([]), [view.turn, view.round]);
  if (own) {
    return (
      <p className="sealed" role="status">
        {tx.t("board.sealed", { bid: own.bid, ...cardsParams(own.cards) })}
      </p>
    );
  }
  const hand = view.hand ?? [];
  const toggle = (c: Card) => setCards(cards.includes(c) ? cards.filter((x) => x !== c) : [...cards, c].sort((a, b) => a - b));
  return (
    <form
      className="bid"
      aria-label={tx.t("board.yourBid")}
      onSubmit={(e) => {
        e.preventDefault();
        act({ type: "commit", bid, cards });
      }}
    >
      <label className="bid-label">
        {tx.t("board.bid")} <strong>{tx.t("board.number", { n: bid })}</strong> {tx.t("board.ofMana", { mana })}
        <input type="range" name="bid" min={mana > 0 ? 1 : 0} max={mana} value={bid} onChange={(e) => setBid(Number(e.target.value))} aria-valuetext={tx.t("board.manaAmount", { n: bid })} />
        <input type="number" name="bid-number" aria-label={tx.t("board.bidInput")} min={mana > 0 ? 1 : 0} max={mana} value={bid} onChange={(e) => setBid(Number(e.target.value))} />
      </label>
      <fieldset className="hand" disabled={view.silenced && false}>
        <legend>{tx.t("board.yourHand")}</legend>
        {hand.map((c) => (
          <label key={c} className={`card${cards.includes(c) ? " picked" : ""}${c === 0 ? " decoy" : ""}`} title={cardEffect(tx, c)}>
            <input type="checkbox" checked={cards.includes(c)} onChange={() => toggle(c)} /> {cardLabel(tx, c)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary" disabled={!enabled}>
        {tx.t("board.commit", { bid, ...cardsParams(cards) })}
      </button>
    </form>
  );
}

/** Follow-up answers (Clone, Larcin, Recyclage, pile order): the complete legal list, from the view. */
function AskButtons({ view, seat, act, tx }: { view: ShazammView; seat: number; act: (a: unknown) => void; tx: GameTextApi }) {
  const choices = viewChoices(view, seat as 0) ?? [];
  if (choices.length === 0) return null;
  return (
    <div className="action-buttons" role="group" aria-label={tx.t("board.answer")}>
      {choices.map((choice, i) => {
        const card = "card" in choice && choice.card !== null ? (choice.card as Spell) : null;
        return (
          <button key={i} type="button" className="action" onClick={() => act(choice)} title={card === null ? undefined : tx.t(`spell.${card}.effect`)}>
            {tx.line(describeAction(choice))}
          </button>
        );
      })}
    </div>
  );
}
