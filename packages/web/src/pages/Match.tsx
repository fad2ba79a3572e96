// A match screen: connection state, seats with whose turn and the clock, the game's board
// (per game), the actions of this seat, errors in plain words, the log, and the result.
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { MatchConnection, type MatchSnapshot } from "../connection.ts";
import { GameBoard } from "../games/GameBoard.tsx";
import type { LegalAction, TableInfo } from "../protocol.ts";
import { Countdown, ErrorBox, errorText } from "../widgets.tsx";
import { listOf, useGameText, type GameTextApi } from "../text.tsx";
import { api } from "../api.ts";
import { Link } from "../App.tsx";

export function useMatch(tableId: string, token: string | undefined): [MatchSnapshot, MatchConnection] {
  const connection = useMemo(() => new MatchConnection({ tableId, token }), [tableId, token]);
  useEffect(() => {
    connection.start();
    return () => connection.stop();
  }, [connection]);
  const snapshot = useSyncExternalStore(
    (cb) => connection.subscribe(cb),
    () => connection.current,
  );
  return [snapshot, connection];
}

export function Match({ tableId, token }: { tableId: string; token: string | undefined }) {
  const [snap, connection] = useMatch(tableId, token);
  return <MatchView snap={snap} act={(a) => connection.act(a)} clearError={() => connection.clearError()} />;
}

export function MatchView({ snap, act, clearError }: { snap: MatchSnapshot; act: (action: unknown) => void; clearError: () => void }) {
  const { t } = useTranslation();
  const { table, you, decision, outcome } = snap;
  const mySeat = typeof you === "number" ? you : null;
  const myTurn = mySeat !== null && decision !== null && decision.type !== "over" && decision.seats.includes(mySeat);
  const tx = useGameText(table?.game ?? "", table, mySeat);
  const waitingFor = decision && decision.type !== "over" ? listOf(tx.lang, decision.seats.map((s) => tx.name(s))) : "";
  return (
    <div className={`match g-${table?.game ?? ""}`} data-version={snap.version} data-status={snap.status}>
      <div className="match-head">
        <h1>{table ? tx.t("game.title") : "…"}</h1>
        <span className={`conn conn-${snap.status}`} role="status" aria-live="polite">{t(`match.connection.${snap.status}`)}</span>
      </div>
      {table && table.status === "open" && <Invite table={table} />}
      {table && (
        <ul className="seats" aria-label={t("create.seats")}>
          {table.seats.map((s) => {
            const waiting = decision?.seats.includes(s.seat) && decision.type !== "over";
            return (
              <li key={s.seat} className={`${waiting ? "waiting" : ""}${s.seat === mySeat ? " me" : ""}`}>
                {waiting && <span aria-hidden="true">▶ </span>}
                {t("table.seatLine", {
                  name: s.name ? tx.displayName(s.seat) : t("table.seatOpen"),
                  me: s.seat === mySeat ? "yes" : "no",
                  takeover: s.botTakeover ? "yes" : "no",
                  offline: s.kind === "human" && !s.connected ? "yes" : "no",
                })}
              </li>
            );
          })}
        </ul>
      )}
      <div className="turn" aria-live="polite">
        {mySeat === null && <span>{t("match.spectator")} </span>}
        {myTurn ? <strong className="your-turn">{t("match.yourTurn")}</strong> : waitingFor ? <span>{t("match.waitingFor", { who: waitingFor })}</span> : null}
        {decision?.prompt ? <span className="prompt"> {tx.line(decision.prompt)}</span> : null}{" "}
        {decision && decision.type !== "over" && <Countdown deadline={decision.deadline} />}
      </div>
      <ErrorBox message={snap.error ? errorText(t, snap.error) : null} onDismiss={clearError} />
      {outcome && <Outcome snap={snap} tx={tx} />}
      {snap.view !== null && table && (
        <GameBoard game={table.game} view={snap.view} seat={mySeat} table={table} legal={myTurn ? snap.legal : []} act={act} events={snap.lastEvents} myTurn={myTurn} />
      )}
      {myTurn && snap.legal !== null && <ActionList legal={snap.legal} act={act} pending={snap.pending} game={table?.game ?? ""} tx={tx} />}
      {myTurn && <JsonAction act={act} />}
      <GameLog snap={snap} tx={tx} viewer={you} />
    </div>
  );
}

function Invite({ table }: { table: TableInfo }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}${table.invite}`;
  return (
    <p className="invite">
      <label>
        {t("table.invite")} <input readOnly value={url} onFocus={(e) => e.target.select()} size={Math.min(url.length, 40)} />
      </label>{" "}
      <button type="button" className="small" onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}>
        {copied ? t("table.copied") : t("table.copy")}
      </button>
    </p>
  );
}

/** Every listed legal action as a labelled button (the board may offer nicer controls too). */
export function ActionList({ legal, act, pending, game, tx }: { legal: readonly LegalAction[]; act: (a: unknown) => void; pending: boolean; game: string; tx: GameTextApi }) {
  const { t } = useTranslation();
  if (game === "abracadawhat") return null; // the board has its own cast buttons
  return (
    <section className="actions" aria-labelledby="actions-h">
      <h2 id="actions-h">{t("match.actions")}</h2>
      {legal.length === 0 ? (
        <p className="muted">{t("match.noActions")}</p>
      ) : (
        <div className="action-buttons">
          {legal.map((l, i) => (
            <button key={i} type="button" className="action" disabled={pending} onClick={() => act(l.action)}>
              {tx.line(l.label)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function JsonAction({ act }: { act: (a: unknown) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [bad, setBad] = useState<string | null>(null);
  return (
    <details className="json-action">
      <summary>{t("match.jsonAction")}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          try {
            act(JSON.parse(text));
            setBad(null);
          } catch (err) {
            setBad((err as Error).message);
          }
        }}
      >
        <textarea aria-label={t("match.jsonAction")} value={text} onChange={(e) => setText(e.target.value)} rows={2} />
        <button type="submit">{t("match.send")}</button>
        <ErrorBox message={bad} />
      </form>
    </details>
  );
}

function Outcome({ snap, tx }: { snap: MatchSnapshot; tx: GameTextApi }) {
  const { t } = useTranslation();
  const { outcome, table } = snap;
  if (!outcome) return null;
  const name = (s: number) => tx.name(s);
  return (
    <section className="outcome reveal" aria-labelledby="over-h" data-testid="outcome">
      <h2 id="over-h">{t("match.over")}</h2>
      <p className="result">{outcome.draw ? t("match.draw") : t("match.winners", { who: listOf(tx.lang, outcome.winners.map(name)), n: outcome.winners.length })}</p>
      {outcome.scores.length > 0 && (
        <p>
          {t("match.scores", { scores: outcome.scores.map((score, i) => t("match.score", { name: name(i), score })).join(" · ") })}
        </p>
      )}
      {table && (
        <p>
          <Link to={{ page: "replay", id: table.id }}>{t("replay.watch")}</Link> ·{" "}
          <a href={api.recordUrl(table.id)} download={`${table.id}.json`}>{t("home.replay")}</a>
        </p>
      )}
      {snap.seed && (
        <p className="muted small-text">
          {t("match.seed")}: <code>{snap.seed}</code>
        </p>
      )}
    </section>
  );
}

function GameLog({ snap, tx, viewer }: { snap: MatchSnapshot; tx: GameTextApi; viewer: MatchSnapshot["you"] }) {
  const { t } = useTranslation();
  const lines = snap.log.slice(-80).reverse();
  const word = (event: unknown): string => (tx.game ? tx.line(tx.game.describeEvent(event, viewer ?? "spectator")) : "");
  return (
    <section className="log" aria-labelledby="log-h">
      <h2 id="log-h">{t("match.log")}</h2>
      <ol reversed aria-live="polite" aria-relevant="additions">
        {lines.map((l, i) => (
          <li key={`${l.version}-${i}`} className={l.by !== "player" ? "by-other" : ""}>
            {l.by !== "player" ? t("match.byOther", { line: word(l.event), by: l.by }) : word(l.event)}
          </li>
        ))}
      </ol>
    </section>
  );
}
