// Emmerlaüs: the players around the table with life, power level and objects, our hand, the
// prompt to answer an attack (the answers are the listed actions), and the last dice rolled.
// Every word comes from the game's catalogues (games/emmerlaus/src/text) through useGameText;
// a card chip's title is the card's full effect text.
import { describeRoll } from "../../../../games/emmerlaus/src/describe.ts";
import type { EmmerlausEvent } from "../../../../games/emmerlaus/src/state.ts";
import type { EmmerlausView } from "../../../../games/emmerlaus/src/view.ts";
import { useGameText, type GameTextApi } from "../text.tsx";
import { Die, Meter, type BoardProps } from "./GameBoard.tsx";

type RollEvent = Extract<EmmerlausEvent, { type: "roll" }>;

const isRoll = (e: unknown): e is RollEvent => (e as { type?: string }).type === "roll" && Array.isArray((e as { dice?: unknown }).dice);
/** A roll event as the rules write it (older or foreign ones get a plain "X rolls:" line). */
const isWorded = (e: RollEvent): boolean => typeof e.card === "string" && typeof e.die === "number" && typeof e.what === "string";

function CardChip({ id, tx, className }: { id: string; tx: GameTextApi; className: string }) {
  return (
    <span className={className} title={tx.t(`card.${id}.effect`)}>
      {tx.t(`card.${id}.name`)}
    </span>
  );
}

export function EmmerlausBoard({ view, seat, table, events }: BoardProps<EmmerlausView>) {
  const tx = useGameText("emmerlaus", table, seat);
  const rolls = events.filter(isRoll);
  const hurt = new Set(events.filter((e) => (e as { type?: string; delta?: number }).type === "life" && ((e as { delta?: number }).delta ?? 0) < 0).map((e) => (e as { seat: number }).seat));
  const me = seat !== null ? view.players[seat] : null;
  const top = view.discard[view.discard.length - 1];
  return (
    <section className="board emmerlaus" aria-label={tx.t("board.table")}>
      <div className="players">
        {view.players.map((p, s) => (
          <div key={s} className={`player${s === seat ? " me" : ""}${p.alive ? "" : " dead"}${hurt.has(s) ? " hit" : ""}`}>
            <div className="pname">{tx.t("board.player", { who: { seat: s }, dead: !p.alive })}</div>
            <div className="stats">
              <Meter value={p.life} max={50} label={tx.t("board.lifeOf", { who: { seat: s } })} text={tx.t("board.number", { n: p.life })} className="life" />{" "}
              <span title={tx.t("board.statsTitle", { pl: p.power, n: p.handCount })}>{tx.t("board.stats", { pl: p.power, n: p.handCount })}</span>
            </div>
            {p.objects.length > 0 && (
              <div className="objects">
                {p.objects.map((o, i) => (
                  <CardChip key={i} id={o} tx={tx} className="card-chip object" />
                ))}
              </div>
            )}
            {p.lying.length > 0 && <div className="objects muted">{tx.t("board.lying", { n: p.lying.length })}</div>}
          </div>
        ))}
      </div>
      <p className="muted">
        {top === undefined
          ? tx.t("board.drawPile", { deck: view.deckCount, discard: view.discard.length })
          : tx.t("board.drawPileTop", { deck: view.deckCount, discard: view.discard.length, top: { key: `card.${top}.name` } })}
      </p>
      {view.phase.type === "answer" && (
        <p className="prompt-box" role="status">
          {tx.t("board.attackWaiting")}
        </p>
      )}
      {rolls.length > 0 && (
        <div className="dice reveal" aria-live="polite">
          {rolls.map((r, i) => (
            <p key={i}>
              {isWorded(r) ? tx.line(describeRoll(r)) : tx.t("board.rolls", { who: { seat: r.seat } })} {r.dice.map((d, j) => (
                <Die key={j} text={tx.t("board.number", { n: d })} label={tx.t("board.die", { n: d })} />
              ))}
              {!isWorded(r) && <> {tx.t("board.total", { n: r.total })}</>}
            </p>
          ))}
        </div>
      )}
      {me?.hand && (
        <div className="hand" aria-label={tx.t("board.handLabel")}>
          {me.hand.map((c, i) => (
            <CardChip key={i} id={c} tx={tx} className="card-chip" />
          ))}
        </div>
      )}
    </section>
  );
}
