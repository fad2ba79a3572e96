// The Review tab of a replay: one seat's decisions reviewed by the server from that seat's view
// (GET /api/tables/:id/review?seat=N, computed once in the bot workers, `pending` meanwhile): a
// value graph over the match (SVG, no chart library), a table of every decision with its verdict,
// and for each the choices scored, which kind of value it got (equilibrium, mixed model, rollouts,
// a rule, not judged) and the game's exact insight (Abraca…What?'s odds, Shazamm!'s equilibrium
// bids). Words from the page's catalogue (review.*) and the game's own.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { Review, ReviewedDecision, ReviewInsight, ReviewUnit } from "@grimoire/engine";
import { api } from "../api.ts";
import type { ReviewResponse, TableInfo } from "../protocol.ts";
import { useGameText, type GameTextApi } from "../text.tsx";
import { sayAround } from "../kit/widgets.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";

const POLL_MS = 1000;

/** A value in the review's unit, as the page's language writes it. */
export function valueText(t: TFunction, unit: ReviewUnit, value: number): string {
  return t(`review.value.${unit}`, { v: Math.abs(value) < 5e-10 ? 0 : value });
}

/**
 * What the review's values measure, in a sentence: the page's words for a unit every game may use
 * (`win`, `share`), the game's own for one of its own (Shazamm!'s older `wall` reviews).
 */
export function unitText(t: TFunction, tx: GameTextApi, unit: ReviewUnit, reader = false): string {
  const key = `review.unit.${unit}`;
  // `reader`: the values are the reader's own (a hint), "what you see", not "what that player saw".
  const params = { reader: reader ? "yes" : "no" };
  return tx.game && Object.hasOwn(tx.game.text.en, key) ? tx.t(key, params) : t(key, params);
}

/** The review of `seat` at a finished table, fetched (and waited for) from the server. */
export function ReviewPanel({ table, seat, onJump }: { table: TableInfo; seat: number; onJump?: (step: number) => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<ReviewResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setAnswer(null);
    setError(null);
    const ask = () =>
      api.review(table.id, seat).then(
        (response) => {
          if (stopped) return;
          setAnswer(response);
          if (response.status === "pending") timer = setTimeout(ask, POLL_MS);
        },
        (e: unknown) => !stopped && setError(e),
      );
    void ask();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [table.id, seat]);
  if (error) return <ErrorBox message={errorText(t, error)} />;
  if (!answer || answer.status === "pending") {
    const done = answer?.done ?? 0;
    const total = answer?.total ?? 0;
    return (
      <p aria-live="polite" className="muted">
        {t("review.pending", { done, total })}{" "}
        <progress max={Math.max(1, total)} value={done} aria-label={t("review.progress")} />
      </p>
    );
  }
  return <ReviewView review={answer.review} table={table} onJump={onJump} />;
}

/** A computed review: summary, value graph, and the decisions one by one. */
export function ReviewView({ review, table, onJump }: { review: Review; table: TableInfo; onJump?: ((step: number) => void) | undefined }) {
  const { t } = useTranslation();
  const tx = useGameText(table.game, table, null);
  const { summary, unit } = review;
  return (
    <section className="review" aria-labelledby="review-h" data-testid="review">
      <h2 id="review-h">{t("review.title", { name: tx.name(review.seat) })}</h2>
      <p className="muted">{unitText(t, tx, unit)}</p>
      <p data-testid="review-summary">
        {t("review.summary", { decisions: summary.decisions - (summary.notJudged ?? 0), loss: valueText(t, unit, summary.averageLoss) })}{" "}
        {(["good", "inaccuracy", "mistake", "blunder"] as const).map((label) => (
          <span key={label} className={`rv-count rv-${label}`}>
            {t(`review.count.${label}`, { n: summary.counts[label] })}
          </span>
        ))}
        {(summary.notJudged ?? 0) > 0 && <span className="rv-count rv-none">{t("review.count.none", { n: summary.notJudged })}</span>}
      </p>
      {review.decisions.length === 0 ? (
        <p>{t("review.none")}</p>
      ) : (
        <>
          <ValueGraph review={review} onJump={onJump} />
          <table className="review-table">
            <thead>
              <tr>
                <th scope="col">{t("review.column.step")}</th>
                <th scope="col">{t("review.column.move")}</th>
                <th scope="col">{t("review.column.verdict")}</th>
                <th scope="col">{t("review.column.value")}</th>
                <th scope="col">{t("review.column.best")}</th>
                <th scope="col">{t("review.column.loss")}</th>
              </tr>
            </thead>
            <tbody>
              {review.decisions.map((decision) => (
                <DecisionRow key={decision.index} decision={decision} unit={unit} tx={tx} onJump={onJump} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** A sentence said around the words a button shows: the rest is visually hidden. */
function JumpWords({ sentence, shown }: { sentence: string; shown: string }) {
  const { spoken, spokenAfter } = sayAround(sentence, shown);
  if (spoken === sentence) return <><span className="sr-only">{sentence}</span> <span aria-hidden="true">{shown}</span></>;
  return (
    <>
      {spoken && <><span className="sr-only">{spoken}</span>{" "}</>}
      {shown}
      {spokenAfter && <>{" "}<span className="sr-only">{spokenAfter}</span></>}
    </>
  );
}

function DecisionRow({ decision, unit, tx, onJump }: { decision: ReviewedDecision; unit: ReviewUnit; tx: GameTextApi; onJump?: ((step: number) => void) | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const played = decision.choices[decision.chosen]!;
  const best = decision.choices[0]!;
  const label = decision.label ?? "none";
  return (
    <>
      <tr className={`rv-row rv-${label}`}>
        <td data-label={t("review.column.step")}>
          {onJump ? (
            <button type="button" onClick={() => onJump(decision.index)}>
              {/* named by its sentence cut around the step it shows (label in name) */}
              <JumpWords sentence={t("review.jump", { step: decision.index + 1 })} shown={String(decision.index + 1)} />
            </button>
          ) : (
            decision.index + 1
          )}
        </td>
        <td data-label={t("review.column.move")}>{tx.line(played.label)}</td>
        <td data-label={t("review.column.verdict")}>
          <span className={`rv-label rv-${label}`}>{t(`review.label.${label}`)}</span>
          {decision.kind && (
            <>
              {" "}
              <span className="rv-kind muted" data-kind={decision.kind}>
                {t(`review.kind.${decision.kind}`)}
              </span>
            </>
          )}
        </td>
        <td data-label={t("review.column.value")}>{valueText(t, unit, decision.value)}</td>
        <td data-label={t("review.column.best")}>{decision.chosen === 0 ? t("review.same") : `${tx.line(best.label)} (${valueText(t, unit, decision.best)})`}</td>
        <td data-label={t("review.column.loss")}>
          {valueText(t, unit, decision.loss)}{" "}
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t(open ? "review.hideChoices" : "review.showChoices")}
          </button>
        </td>
      </tr>
      {open && (
        <tr className="rv-detail">
          <td colSpan={6}>
            <DecisionDetail decision={decision} unit={unit} tx={tx} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Every choice scored (best first, the move made marked), and the game's insight if any. */
export function DecisionDetail({ decision, unit, tx, hint = false }: { decision: ReviewedDecision; unit: ReviewUnit; tx: GameTextApi; hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="rv-choices">
      {decision.kind && (
        <p className="rv-kind-note" data-testid="review-kind">
          {t(`review.kindNote.${decision.kind}`)}
        </p>
      )}
      <p className="muted">{t("review.scored", { scored: decision.choices.length, legal: decision.legal })}</p>
      <ol>
        {decision.choices.map((choice, i) => (
          <li key={i} className={!hint && i === decision.chosen ? "rv-played" : undefined}>
            {tx.line(choice.label)} — {valueText(t, unit, choice.value)}
            {!hint && i === decision.chosen ? ` ${t("review.played")}` : ""}
          </li>
        ))}
      </ol>
      {decision.insight && <InsightTable insight={decision.insight} tx={tx} hint={hint} />}
    </div>
  );
}

/** A game's exact facts about a decision, as a small table worded by the game's catalogue. */
export function InsightTable({ insight, tx, hint = false }: { insight: ReviewInsight; tx: GameTextApi; hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="rv-insight">
      <caption>{tx.line(insight.title)}</caption>
      <thead>
        <tr>
          <td />
          {insight.columns.map((column, i) => (
            <th key={i} scope="col">
              {tx.line(column.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {insight.rows.map((row, i) => (
          <tr key={i} className={!hint && row.marked ? "rv-played" : undefined}>
            <th scope="row">
              {tx.line(row.label)}
              {!hint && row.marked ? ` ${t("review.played")}` : ""}
            </th>
            {insight.columns.map((column, j) => (
              <td key={j}>{t(`review.format.${column.format}`, { v: Math.abs(row.values[j] ?? 0) < 5e-10 ? 0 : (row.values[j] ?? 0) })}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 24;

/** The value of each move made (solid, a dot per decision coloured by its verdict) and of the best (dashed). */
export function ValueGraph({ review, onJump }: { review: Review; onJump?: ((step: number) => void) | undefined }) {
  const { t } = useTranslation();
  const { decisions, unit } = review;
  const [low, high] = unit === "wall" ? [-1, 1] : [0, 1];
  const x = (i: number) => PAD + (decisions.length < 2 ? (WIDTH - 2 * PAD) / 2 : (i * (WIDTH - 2 * PAD)) / (decisions.length - 1));
  const y = (v: number) => HEIGHT - PAD - ((Math.min(high, Math.max(low, v)) - low) / (high - low)) * (HEIGHT - 2 * PAD);
  const line = (values: readonly number[]) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return (
    <figure className="rv-graph">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t("review.graph")} data-testid="review-graph">
        <line x1={PAD} x2={WIDTH - PAD} y1={y((low + high) / 2)} y2={y((low + high) / 2)} className="rv-axis" />
        <text x={2} y={y(high) + 4} className="rv-tick">{valueText(t, unit, high)}</text>
        <text x={2} y={y(low) + 4} className="rv-tick">{valueText(t, unit, low)}</text>
        <polyline points={line(decisions.map((d) => d.best))} className="rv-best" fill="none" />
        <polyline points={line(decisions.map((d) => d.value))} className="rv-made" fill="none" />
        {decisions.map((d, i) => (
          <circle key={d.index} cx={x(i)} cy={y(d.value)} r={d.label === "good" || d.label === null ? 3 : 5} className={`rv-dot rv-${d.label ?? "none"}`} onClick={onJump ? () => onJump(d.index) : undefined}>
            <title>{t("review.dot", { step: d.index + 1, label: t(`review.label.${d.label ?? "none"}`), value: valueText(t, unit, d.value), best: valueText(t, unit, d.best) })}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="muted">{t("review.graphCaption")}</figcaption>
    </figure>
  );
}
