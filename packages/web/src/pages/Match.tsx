// A match screen, assembled from small parts (packages/web/src/table): connection state, the
// seats with whose decision it is and its clock, a bot standing in said plainly (with "take my
// seat back"), the turn alert (tab title, optional tone), the game's board, the text actions as
// a collapsed accessible alternative, the whole log, and the end with the game's summary.
// Other parts (chat, controls, hints) mount here with one line each.
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MatchConnection, type MatchSnapshot } from "../connection.ts";
import { GameBoard } from "../games/GameBoard.tsx";
import type { LegalAction, TableInfo } from "../protocol.ts";
import { Countdown, ErrorBox, errorText } from "../widgets.tsx";
import { listAfterDe, useGameText, type GameTextApi } from "../text.tsx";
import { useSoundBlocked, useTurnAlert, useTurnSound } from "../table/alert.ts";
import { GameLog } from "../table/log.tsx";
import { Seats, TakeoverBanner } from "../table/seats.tsx";
import { Outcome } from "../table/end.tsx";
import { promptFor } from "../table/prompt.ts";
import { useGameSounds } from "../table/sounds.ts";
import { TableChat } from "./TableChat.tsx";
import { TableControls } from "./TableControls.tsx";
import { HintButton } from "./HintButton.tsx";
import { InviteFriend } from "./InviteFriend.tsx";
import { RulesDrawer } from "./HowTo.tsx";

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
  return (
    <>
      <MatchView
        snap={snap}
        act={(a) => connection.act(a)}
        clearError={() => connection.clearError()}
        reclaim={() => connection.reclaim()}
        below={<TableControls snap={snap} connection={connection} />}
        side={
          <>
            <HintButton snap={snap} connection={connection} />
            <TableChat snap={snap} connection={connection} />
          </>
        }
      />
    </>
  );
}

/**
 * The match screen in two parts: the play (prompt, board, actions, the table's controls `below`)
 * and the side panel (seats with clocks and ratings, the log, then `side`: hint, chat). On a wide
 * screen the side panel stands beside the board, which stays in view; on a phone both parts melt
 * into one column, seats above the board and the rest under it (styles.css, "table layout").
 */
export function MatchView({ snap, act, clearError, reclaim = () => {}, below, side }: { snap: MatchSnapshot; act: (action: unknown) => void; clearError: () => void; reclaim?: () => void; below?: ReactNode; side?: ReactNode }) {
  const { t } = useTranslation();
  const { table, you, decision } = snap;
  const mySeat = typeof you === "number" ? you : null;
  const myTurn = mySeat !== null && decision !== null && decision.type !== "over" && decision.seats.includes(mySeat);
  const tx = useGameText(table?.game ?? "", table, mySeat);
  const [sound, setSound] = useTurnSound();
  useTurnAlert(myTurn, t("match.turnTitle"), sound);
  const [soundBlocked, unblockSound] = useSoundBlocked(sound && mySeat !== null);
  useGameSounds(table?.game ?? "", snap.version, snap.lastEvents, snap.outcome ? snap.outcome.winners : null, mySeat, sound && mySeat !== null);
  const waiting = decision && decision.type !== "over" ? decision.seats : null;
  const waitingFor = waiting ? listAfterDe(tx.lang, waiting.map((s) => tx.name(s))) : "";
  const prompt = promptFor(tx, decision, mySeat);
  return (
    <div className={`match g-${table?.game ?? ""}`} data-version={snap.version} data-status={snap.status} data-my-turn={myTurn ? "yes" : "no"} data-waiting={waiting?.join(" ") ?? ""}>
      <div className="match-play">
      <div className="match-head">
        <h1>{table ? tx.t("game.title") : "…"}</h1>
        {table && <RulesDrawer game={table.game} />}
        <span className={`conn conn-${snap.status}`} role="status" aria-live="polite">{t(`match.connection.${snap.status}`)}</span>
        {mySeat !== null && (
          <label className="sound-switch">
            <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} /> {t("match.sound")}
          </label>
        )}
        {mySeat !== null && soundBlocked && (
          <button type="button" className="small sound-blocked" data-testid="sound-blocked" onClick={unblockSound}>
            {t("match.soundBlocked")}
          </button>
        )}
      </div>
      {table && table.status === "open" && <Invite table={table} />}
      {table && table.status === "open" && mySeat !== null && <InviteFriend tableId={table.id} />}
      {table && <TakeoverBanner table={table} mySeat={mySeat} tx={tx} reclaim={reclaim} />}
      <div className="turn" aria-live="polite">
        {mySeat === null && <span>{t("match.spectator")} </span>}
        {myTurn ? <strong className="your-turn">{t("match.yourTurn")}</strong> : waitingFor ? <span>{t("match.waitingFor", { who: waitingFor })}</span> : null}
        {prompt ? <span className="prompt"> {prompt}</span> : null}{" "}
        {decision && decision.type !== "over" && <Countdown deadline={decision.deadline} />}
      </div>
      <ErrorBox message={snap.error ? errorText(t, snap.error) : null} onDismiss={clearError} />
      {(snap.outcome || table?.abandoned) && <Outcome snap={snap} tx={tx} />}
      {snap.view !== null && table && (
        <GameBoard game={table.game} view={snap.view} seat={mySeat} table={table} legal={myTurn ? snap.legal : []} act={act} events={snap.lastEvents} myTurn={myTurn} tx={tx} />
      )}
      {myTurn && snap.legal !== null && <ActionList legal={snap.legal} act={act} pending={snap.pending} tx={tx} />}
      {myTurn && <JsonAction act={act} />}
      {below}
      </div>
      <div className="match-side">
        {table && <Seats table={table} decision={decision} mySeat={mySeat} tx={tx} />}
        <GameLog log={snap.log} tx={tx} viewer={you} />
        {side}
      </div>
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

/**
 * Every listed legal action as a labelled button: the accessible alternative to the board (which is
 * the main way to play), collapsed under it.
 */
export function ActionList({ legal, act, pending, tx }: { legal: readonly LegalAction[]; act: (a: unknown) => void; pending: boolean; game?: string; tx: GameTextApi }) {
  const { t } = useTranslation();
  return (
    <details className="actions">
      <summary>{t("match.actionsAsText")}</summary>
      {legal.length === 0 ? (
        <p className="muted">{t("match.noActions")}</p>
      ) : (
        <div className="action-buttons" role="group" aria-label={t("match.actions")}>
          {legal.map((l, i) => (
            <button key={i} type="button" className="action" disabled={pending} onClick={() => act(l.action)}>
              {tx.line(l.label)}
            </button>
          ))}
        </div>
      )}
    </details>
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
