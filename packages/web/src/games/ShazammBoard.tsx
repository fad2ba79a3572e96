// Shazamm!: the bridge (collapsed tiles dark), the wall of fire, both wizards, both mana
// reserves, the bid selector with the hand (decoy included), and the reveal of both commits.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SPELL_NAMES } from "../../../../games/shazamm/src/vocabulary.ts";
import { describeAction } from "../../../../games/shazamm/src/describe.ts";
import { viewChoices, type ShazammView } from "../../../../games/shazamm/src/view.ts";
import { Meter, seatName, type BoardProps } from "./GameBoard.tsx";

const TILES = 19;
const COLORS = ["#3949ab", "#c62828"];
const cardName = (c: number) => `${c === 0 ? "" : `${c} `}${SPELL_NAMES[c as 0] ?? c}`;

export function ShazammBoard({ view, seat, table, legal, act, myTurn }: BoardProps<ShazammView>) {
  const { t } = useTranslation();
  const w = 20;
  const phase = view.phase;
  return (
    <section className="board shazamm" aria-label="bridge">
      <svg className="bridge" viewBox={`0 0 ${TILES * w} 70`} role="img" aria-label={`Bridge: wall on tile ${view.wall + 1}, wizards on ${view.wizards[0] + 1} and ${view.wizards[1] + 1}, ${view.collapsed} tiles collapsed at each end`}>
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
            <span className="pname" style={{ color: COLORS[s] }}>{seatName(table, s)}</span>{" "}
            <Meter value={view.mana[s as 0]} max={50} label={t("board.manaOf", { name: seatName(table, s) })} className="mana" />
            <span className="muted"> {t("board.handPile", { hand: view.handSizes[s as 0], pile: view.pileSizes[s as 0] })}</span>
            {phase.type === "commit" && phase.committed[s as 0] && <span className="badge">{t("board.chosen")}</span>}
          </div>
        ))}
      </div>
      <p className="muted">
        {t("board.roundTurn", { round: view.round, turn: view.turn })}
        {view.silenced ? ` · ${t("board.silenced")}` : ""}
      </p>
      {phase.type === "resolve" && <Reveal view={view} table={table} />}
      {(phase.type === "commit" || phase.type === "over") &&
        view.lastPlayed.some((p) => p.length > 0) && (
          <p className="last-played reveal">
            {t("board.lastTurn")}:{" "}
            {[0, 1].map((s) => `${seatName(table, s)}: ${view.lastPlayed[s as 0].map(cardName).join(", ") || t("board.noSpell")}`).join(" · ")}
          </p>
        )}
      {seat !== null && view.hand && phase.type === "commit" && (
        <BidSelector view={view} seat={seat} act={act} enabled={myTurn} own={phase.own} />
      )}
      {myTurn && legal === null && seat !== null && (phase.type === "resolve" || phase.type === "arrange") && <AskButtons view={view} seat={seat} act={act} />}
    </section>
  );
}

function Reveal({ view, table }: { view: ShazammView; table: BoardProps["table"] }) {
  const { t: tr } = useTranslation();
  if (view.phase.type !== "resolve") return null;
  const t = view.phase.table;
  return (
    <div className="reveal" aria-live="polite">
      {[0, 1].map((s) => (
        <p key={s}>
          {tr("board.bids", { name: seatName(table, s), bid: t.commits[s as 0].bid, cards: t.commits[s as 0].cards.map(cardName).join(", ") || tr("board.noCard") })}
        </p>
      ))}
    </div>
  );
}

function BidSelector({ view, seat, act, enabled, own }: { view: ShazammView; seat: number; act: (a: unknown) => void; enabled: boolean; own: { bid: number; cards: number[] } | null }) {
  const { t } = useTranslation();
  const mana = view.mana[seat as 0];
  const [bid, setBid] = useState(Math.min(mana, 1));
  const [cards, setCards] = useState<number[]>([]);
  useEffect(() => {
    setBid((b) => Math.max(Math.min(b, mana), mana > 0 ? 1 : 0));
  }, [mana]);
  useEffect(() => setCards([]), [view.turn, view.round]);
  if (own) {
    return (
      <p className="sealed" role="status">
        {t("board.sealed", { bid: own.bid, cards: own.cards.length ? `, ${own.cards.map(cardName).join(", ")}` : "" })}
      </p>
    );
  }
  const hand = view.hand ?? [];
  const toggle = (c: number) => setCards(cards.includes(c) ? cards.filter((x) => x !== c) : [...cards, c].sort((a, b) => a - b));
  return (
    <form
      className="bid"
      aria-label="your bid"
      onSubmit={(e) => {
        e.preventDefault();
        act({ type: "commit", bid, cards });
      }}
    >
      <label className="bid-label">
        {t("board.bid")} <strong>{bid}</strong> / {mana}
        <input type="range" name="bid" min={mana > 0 ? 1 : 0} max={mana} value={bid} onChange={(e) => setBid(Number(e.target.value))} aria-valuetext={`${bid} mana`} />
        <input type="number" name="bid-number" aria-label="bid" min={mana > 0 ? 1 : 0} max={mana} value={bid} onChange={(e) => setBid(Number(e.target.value))} />
      </label>
      <fieldset className="hand" disabled={view.silenced && false}>
        <legend>{t("board.yourHand")}</legend>
        {hand.map((c) => (
          <label key={c} className={`card${cards.includes(c) ? " picked" : ""}${c === 0 ? " decoy" : ""}`}>
            <input type="checkbox" checked={cards.includes(c)} onChange={() => toggle(c)} /> {cardName(c)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary" disabled={!enabled}>
        {t("board.commit", { bid, cards: cards.length ? `, ${cards.map(cardName).join(", ")}` : "" })}
      </button>
    </form>
  );
}

/** Follow-up answers (Clone, Larcin, Recyclage, pile order): the complete legal list, from the view. */
function AskButtons({ view, seat, act }: { view: ShazammView; seat: number; act: (a: unknown) => void }) {
  const choices = viewChoices(view, seat as 0) ?? [];
  if (choices.length === 0) return null;
  return (
    <div className="action-buttons" role="group" aria-label="answer">
      {choices.map((choice, i) => (
        <button key={i} type="button" className="action" onClick={() => act(choice)}>
          {describeAction(choice)}
        </button>
      ))}
    </div>
  );
}
