// The follow-up questions, answered on the board: Clone (click the rival's card to copy, or copy
// nothing), Larceny (use or destroy the stolen spell, shown as its card), Recycling (the change to
// the bid, each with the bid it gives) and, in variant 2, the order of one's pile (click the card
// to put next). The complete legal list comes from the view (viewChoices).
import { msg, seatRef } from "@grimoire/engine";
import type { GameTextApi } from "@grimoire/web/kit";
import { cardRef, describeAction } from "../describe.ts";
import { pendingTheft } from "../rules.ts";
import { viewChoices, type ShazammView } from "../view.ts";
import { other, type ShazammAction, type ShazammSeat } from "../data.ts";
import { SpellCard } from "./SpellCard.tsx";

/**
 * A button answering the question with `action`, named by the action's words; when it shows other
 * words (`children`: "+2", "bid 5"), the action's are said first, visually hidden, then those.
 */
function ChoiceButton({ action, act, tx, children }: { action: ShazammAction; act: (a: unknown) => void; tx: GameTextApi; children?: React.ReactNode }) {
  const words = tx.line(describeAction(action));
  return (
    <button type="button" className="sz-choice" data-board-target="" data-legal="" onClick={() => act(action)}>
      {children === undefined ? words : <><span className="sr-only">{words}</span>{" "}{children}</>}
    </button>
  );
}

/** The prompt of the question waiting in `view` (the decision's own words). */
export function askPrompt(view: ShazammView): ReturnType<typeof msg> | null {
  if (view.phase.type === "arrange") return msg("prompt.arrange");
  if (view.phase.type !== "resolve" || !view.phase.table.ask) return null;
  const { table } = view.phase;
  switch (table.ask!.type) {
    case "clone":
      return msg("prompt.clone");
    case "larcin":
      return msg("prompt.larcin", { card: cardRef(pendingTheft(table)!.card) });
    case "recycle":
      return msg("prompt.recycle", { bid: table.bids[table.ask!.seat] });
  }
}

export function Answers({ view, seat, act, tx }: { view: ShazammView; seat: ShazammSeat; act: (a: unknown) => void; tx: GameTextApi }) {
  const choices = viewChoices(view, seat) ?? [];
  const prompt = askPrompt(view);
  if (choices.length === 0 || !prompt) return null;
  const first = choices[0]!;
  return (
    <section className="sz-answers" aria-label={tx.t("board.answer")}>
      <h2 className="sz-prompt">{tx.line(prompt)}</h2>
      {first.type === "clone" && (
        <div className="sz-choices">
          {choices.map((c, i) =>
            c.type === "clone" && c.card !== null ? (
              <SpellCard key={i} card={c.card} tx={tx} legal onActivate={() => act(c)} does={tx.t("board.cloneCard")} />
            ) : (
              <ChoiceButton key={i} action={c} act={act} tx={tx} />
            ),
          )}
        </div>
      )}
      {first.type === "larcin" && (
        <div className="sz-choices">
          <SpellCard card={first.card} tx={tx} tag="stolen" />
          {choices.map((c, i) => (
            <ChoiceButton key={i} action={c} act={act} tx={tx} />
          ))}
        </div>
      )}
      {first.type === "recycle" && view.phase.type === "resolve" && (
        <div className="sz-choices sz-deltas">
          {choices.map((c, i) => {
            if (c.type !== "recycle") return null;
            const bid = (view.phase as { table: { bids: number[] } }).table.bids[seat]! + c.delta;
            return (
              <ChoiceButton key={i} action={c} act={act} tx={tx}>
                <strong>{tx.t("board.delta", { change: c.delta > 0 ? "up" : c.delta < 0 ? "down" : "same", n: Math.abs(c.delta) })}</strong>{" "}
                <small>{tx.t("board.newBid", { bid })}</small>
              </ChoiceButton>
            );
          })}
        </div>
      )}
      {first.type === "arrange" && (
        <>
          <div className="sz-choices">
            {choices.map((c, i) => (c.type === "arrange" ? <SpellCard key={i} card={c.card} tx={tx} legal onActivate={() => act(c)} does={tx.t("board.arrangeCard")} /> : null))}
          </div>
          <h3 className="sz-subtitle">{tx.t("board.yourPile")}</h3>
          <div className="sz-pile">
            {(view.pile ?? []).length === 0 && <span className="muted">{tx.t("board.pileEmpty")}</span>}
            {(view.pile ?? []).map((c) => (
              <SpellCard key={c} card={c} tx={tx} mini />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** "Waiting for X: …" while the rival answers a question (or orders their pile). */
export function WaitingAnswer({ view, seat, tx }: { view: ShazammView; seat: number | null; tx: GameTextApi }) {
  const prompt = askPrompt(view);
  if (!prompt) return null;
  let waiting: number | null = null;
  if (view.phase.type === "resolve") waiting = view.phase.table.ask!.seat;
  else if (view.phase.type === "arrange" && seat !== null && view.pileSizes[seat as 0] === 14) waiting = other(seat as ShazammSeat);
  if (waiting === null || waiting === seat) return null;
  return <p className="sz-waiting muted">{tx.t("board.waitingAnswer", { who: seatRef(waiting), prompt })}</p>;
}
