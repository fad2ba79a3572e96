// The replay of a finished match, in the browser: the record (seed, options, actions) is played
// again with the game's own rules (loaded on demand), step by step, as any seat or a spectator
// saw it — or by "everyone", every hand shown (the game's full view, else each seat's board) —
// with the board, the whole log in words, and the result. "Copy this position" copies the
// current step as a scenario file (docs/scenarios.md: the game's arrangement, no actions).
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../api.ts";
import { GameBoard } from "../games/GameBoard.tsx";
import type { TableInfo } from "../protocol.ts";
import { ErrorBox, errorText } from "../widgets.tsx";
import { listOf, useGameText } from "../text.tsx";
import type { Message } from "@grimoire/engine";
import type { MatchRecord } from "../../../server/src/protocol.ts";
import { ReviewPanel } from "./Review.tsx";
import { EveryoneBoards } from "../table/end.tsx";

const LOG_PAGE = 300;

interface Step {
  readonly views: unknown[];
  /** The game's full view (nothing hidden) when it has one, else null. */
  readonly full: unknown;
  /** Per viewer, the log lines of this step as Messages (worded in the reader's language); last: everyone's (as the acting seat saw them). */
  readonly lines: Message[][];
  /** The position after this step as a scenario file, for a game with toArrangement (else null). */
  readonly position: unknown;
}

interface Replayed {
  readonly table: TableInfo;
  readonly steps: Step[];
  readonly outcome: { winners: readonly number[]; draw: boolean } | null;
}

/** Plays a record again: per step, the view and log lines of each viewer (seats, then spectator). */
export async function replayRecord(record: MatchRecord): Promise<Omit<Replayed, "table">> {
  const { findGame } = await import("@grimoire/catalog");
  const game = findGame(record.game);
  if (!game) throw new ApiError("unknown-game", `unknown game ${record.game}`);
  const seats = record.seats.length;
  const viewers: (number | "spectator")[] = [...Array.from({ length: seats }, (_, i) => i), "spectator"];
  const state = game.setup({ seats, options: game.optionsSchema.parse(record.options), seed: record.seed });
  const linesFor = (events: unknown[], v: number | "spectator") => events.map((e) => game.eventFor(e, v)).filter((e) => e !== null).map((e) => game.describeEvent(e, v));
  const snap = (events: unknown[], actor: number | null = null): Step => ({
    views: viewers.map((v) => game.view(state, v)),
    full: game.fullView ? game.fullView(state) : null,
    lines: [...viewers.map((v) => linesFor(events, v)), linesFor(events, actor ?? "spectator")],
    position: game.toArrangement
      ? { game: record.game, ...(record.title ? { title: record.title } : {}), seats: record.seats, options: record.options, seed: record.seed, arrangement: game.toArrangement(state) }
      : null,
  });
  const { outcomeWithResignations, replayRemovals } = await import("@grimoire/engine");
  const steps: Step[] = [snap([])];
  for (const [index, { seat, action }] of record.actions.entries()) {
    const parsed = game.parseAction(state, seat, action);
    if (!parsed.ok) throw new ApiError("bad-record", `the record does not replay: ${JSON.stringify(parsed.error)}`);
    const events = game.apply(state, seat, parsed.value);
    // A seat the game took out after its player resigned leaves at this step.
    steps.push(snap([...events, ...replayRemovals(game, state, record.resigned ?? [], index + 1)], seat));
  }
  // A resigned seat never wins; a match ended by resignation has its result without the rules' end.
  return { steps, outcome: outcomeWithResignations(game.outcome(state), seats, record.resigned ?? []) };
}

export function Replay({ id }: { id: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<Replayed | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState(-1); // -1: spectator, -2: everyone
  const [tab, setTab] = useState<"board" | "review">("board");
  useEffect(() => {
    (async () => {
      const table = await api.table(id);
      const response = await fetch(api.recordUrl(id));
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
        throw new ApiError(body?.error?.code ?? "http", body?.error?.message ?? response.statusText, { status: response.status });
      }
      const replayed = await replayRecord((await response.json()) as MatchRecord);
      setData({ table, ...replayed });
      setStep(replayed.steps.length - 1);
    })().catch(setError);
  }, [id]);
  const tx = useGameText(data?.table.game ?? "", data?.table ?? null, null);
  const seats = data?.table.seats.length ?? 0;
  const index = viewer === -2 ? seats + 1 : viewer < 0 ? seats : viewer;
  const log = useMemo(() => (data ? data.steps.slice(1, step + 1).flatMap((s) => s.lines[index] ?? []) : []), [data, step, index]);
  const [shown, setShown] = useState(LOG_PAGE);
  if (error) return <ErrorBox message={errorText(t, error)} />;
  if (!data) return <p aria-live="polite">{t("table.loading")}</p>;
  const last = data.steps.length - 1;
  const current = data.steps[step]!;
  const name = (s: number) => tx.name(s);
  return (
    <div className={`match replay g-${data.table.game}`}>
      <h1>
        {t("replay.titleOf", { game: tx.t("game.title") })}
      </h1>
      <div className="replay-controls" role="group" aria-label={t("replay.controls")}>
        <button type="button" onClick={() => setStep(0)} disabled={step === 0} aria-label={t("replay.first")}>|◀</button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-label={t("replay.previous")}>◀</button>
        <input type="range" min={0} max={last} value={step} onChange={(e) => setStep(Number(e.target.value))} aria-label={t("replay.step")} />
        <button type="button" onClick={() => setStep(step + 1)} disabled={step === last} aria-label={t("replay.next")}>▶</button>
        <button type="button" onClick={() => setStep(last)} disabled={step === last} aria-label={t("replay.last")}>▶|</button>
        <span className="muted">{t("replay.position", { step, last })}</span>
        {current.position !== null && <CopyPosition position={current.position} key={step} />}
        <label>
          {t("replay.as")}{" "}
          <select value={viewer} onChange={(e) => setViewer(Number(e.target.value))}>
            <option value={-1}>{t("replay.spectator")}</option>
            <option value={-2}>{t("replay.everyone")}</option>
            {data.table.seats.map((s) => (
              <option key={s.seat} value={s.seat}>{name(s.seat)}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="tabs" role="tablist" aria-label={t("review.tabs")}>
        {(["board", "review"] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {t(`review.${name === "board" ? "board" : "tab"}`)}
          </button>
        ))}
      </div>
      {tab === "review" && <ReviewPanel table={data.table} seat={Math.max(0, viewer)} onJump={(at) => {
            setStep(at);
            setTab("board");
          }} />}
      {tab === "board" && step === last && data.outcome && (
        <section className="outcome" data-testid="replay-outcome">
          <p className="result">{data.outcome.draw ? t("match.draw") : t("match.winners", { who: listOf(tx.lang, data.outcome.winners.map(name)), n: data.outcome.winners.length })}</p>
        </section>
      )}
      {tab === "board" &&
        (viewer === -2 ? (
          <EveryoneBoards game={data.table.game} table={data.table} full={current.full} seats={current.views.slice(0, seats)} />
        ) : (
          <GameBoard game={data.table.game} view={current.views[index]} seat={viewer < 0 ? null : viewer} table={data.table} legal={[]} act={() => {}} events={[]} myTurn={false} tx={tx} />
        ))}
      <section className="log" aria-labelledby="rlog-h" data-lines={log.length}>
        <h2 id="rlog-h">{t("match.log")}</h2>
        <ol reversed tabIndex={0} aria-labelledby="rlog-h">
          {log
            .slice(-shown)
            .reverse()
            .map((line, i) => (
              <li key={i}>{tx.line(line)}</li>
            ))}
        </ol>
        {log.length > shown && (
          <button type="button" className="small" onClick={() => setShown(shown + LOG_PAGE)}>
            {t("match.logEarlier", { n: log.length - shown })}
          </button>
        )}
      </section>
    </div>
  );
}

/** Copies a position as scenario JSON; where the clipboard is not available, shows it to copy by hand. */
export function CopyPosition({ position }: { position: unknown }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<"no" | "yes" | "by-hand">("no");
  const json = JSON.stringify(position, null, 2);
  const copy = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard?.writeText) return setCopied("by-hand");
    clipboard.writeText(json).then(
      () => setCopied("yes"),
      () => setCopied("by-hand"),
    );
  };
  return (
    <>
      <button type="button" onClick={copy}>{t("replay.copyPosition")}</button>
      {copied === "yes" && <span role="status">{t("replay.copied")}</span>}
      {copied === "by-hand" && (
        <textarea className="replay-position" readOnly value={json} aria-label={t("replay.copyPosition")} rows={8} onFocus={(e) => e.currentTarget.select()} autoFocus />
      )}
    </>
  );
}
