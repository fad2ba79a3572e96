// What a player does around the match: resign (after a confirmation), ask for a rematch (and be
// taken to it once everyone has), the creator's controls on a waiting table (cancel it, give an
// open seat to a bot), the turn-based clock and time banks, and "your turn" — here, and at your
// other tables (their number in the tab title) — as a Web Notification when the page is in the
// background (permission asked by a button only).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account.ts";
import { api, creatorToken, followRematch } from "../api.ts";
import type { MatchConnection, MatchSnapshot } from "../connection.ts";
import { BOT_LEVELS, type BotLevel, type MyTable, type TableInfo } from "../protocol.ts";
import { navigate } from "../route.ts";
import { displayLanguage, gameText, listOf, useGameText, useWordsLoaded } from "../text.tsx";
import { Link } from "../App.tsx";
import { useOtherTurnsTitle } from "../table/alert.ts";
import { ErrorBox, errorText } from "../widgets.tsx";

type Controls = Pick<MatchConnection, "resign" | "rematch">;

export function TableControls({ snap, connection }: { snap: MatchSnapshot; connection: Controls }) {
  const { t } = useTranslation();
  const { table, you, decision } = snap;
  const mySeat = typeof you === "number" ? you : null;
  const resigned = mySeat !== null && (table?.resigned ?? []).includes(mySeat);
  const myTurn = mySeat !== null && !resigned && table?.status === "playing" && decision !== null && decision.type !== "over" && decision.seats.includes(mySeat);
  const tx = useGameText(table?.game ?? "", table, mySeat);
  useTurnNotification(myTurn, table ? tx.t("game.title") : "");
  useRematchFollow(table, snap.rematchTo, mySeat !== null);
  if (!table) return null;
  const others = table.resigned.filter((s) => s !== mySeat);
  return (
    <TableControlsFrame>
      {table.status === "cancelled" && <p role="status">{t("controls.cancelled")}</p>}
      {table.status === "open" && <CreatorControls table={table} />}
      {table.status === "playing" && <ClockLine snap={snap} mySeat={mySeat} />}
      {others.length > 0 && (
        <p className="muted" data-testid="resigned">
          {t("controls.othersResigned", {
            n: others.length,
            who: listOf(tx.lang, others.map((s) => tx.displayName(s))),
            playing: table.status !== "playing" ? "no" : others.every((s) => table.removed.includes(s)) ? "out" : "yes",
          })}
        </p>
      )}
      {table.status === "playing" && mySeat !== null && <Resign resigned={resigned} out={table.removed.includes(mySeat)} resign={() => connection.resign()} />}
      {table.status === "over" && <Rematch table={table} mySeat={mySeat} rematch={() => connection.rematch()} />}
      {/* "your turn" notifications are for players: a spectator has no turn */}
      {mySeat !== null && <NotifyButton />}
      <OtherTurns current={table.id} />
    </TableControlsFrame>
  );
}

function TableControlsFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="table-controls" aria-label={t("controls.title")} data-testid="table-controls">
      {children}
    </section>
  );
}

function Resign({ resigned, out, resign }: { resigned: boolean; out: boolean; resign: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (resigned) return <p className="muted">{t(out ? "controls.resignedOut" : "controls.resigned")}</p>;
  if (!asking)
    return (
      <button type="button" className="small" data-testid="resign" onClick={() => setAsking(true)}>
        {t("controls.resign")}
      </button>
    );
  return (
    <p role="group" aria-label={t("controls.resign")}>
      {t("controls.resignSure")}{" "}
      <button type="button" className="small danger" data-testid="resign-confirm" onClick={() => (setAsking(false), resign())}>
        {t("controls.resignYes")}
      </button>{" "}
      <button type="button" className="small" onClick={() => setAsking(false)}>
        {t("controls.resignNo")}
      </button>
    </p>
  );
}

function Rematch({ table, mySeat, rematch }: { table: TableInfo; mySeat: number | null; rematch: () => void }) {
  const { t } = useTranslation();
  const { accepted, next } = table.rematch;
  const humans = table.seats.filter((s) => s.kind === "human").length;
  if (next !== null)
    return (
      <p>
        <button
          type="button"
          className="primary"
          data-testid="to-rematch"
          onClick={() => {
            if (mySeat !== null) followRematch(table.id, next);
            navigate({ page: "table", id: next, watch: mySeat === null });
          }}
        >
          {t("controls.toRematch")}
        </button>
      </p>
    );
  if (mySeat === null) return accepted.length > 0 ? <p className="muted">{t("controls.rematchAsked", { n: accepted.length, of: humans })}</p> : null;
  const mine = accepted.includes(mySeat);
  return (
    <p>
      <button type="button" className="primary" data-testid="rematch" disabled={mine} onClick={rematch}>
        {mine ? t("controls.rematchWaiting") : t("controls.rematch")}
      </button>{" "}
      {accepted.length > 0 && <span className="muted">{t("controls.rematchAsked", { n: accepted.length, of: humans })}</span>}
    </p>
  );
}

/** Everyone watching is taken to the rematch once it is made (a seat keeps its seat there). */
function useRematchFollow(table: TableInfo | null, to: string | null, seated: boolean): void {
  useEffect(() => {
    if (!table || !to) return;
    if (seated) followRematch(table.id, to);
    navigate({ page: "table", id: to, watch: !seated });
  }, [table?.id, to, seated]);
}

/** For the browser that created the table (its creator token), or any browser of the account that did. */
function CreatorControls({ table }: { table: TableInfo }) {
  const { t } = useTranslation();
  const token = creatorToken(table.id);
  const me = useAccount();
  const [byAccount, setByAccount] = useState(false);
  const [level, setLevel] = useState<BotLevel>("medium");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setByAccount(false);
    if (token || me === null) return;
    let live = true;
    api.createdByMe(table.id).then(
      (created) => live && setByAccount(created),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [table.id, token, me?.name]);
  if (!token && !byAccount) return null;
  const run = (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    fn().then(
      () => setBusy(false),
      (e: unknown) => {
        setError(e);
        setBusy(false);
      },
    );
  };
  const open = table.seats.filter((s) => s.kind === "open");
  return (
    <div className="creator" role="group" aria-label={t("controls.creator")}>
      <strong>{t("controls.creator")}</strong>{" "}
      {open.length > 0 && (
        <>
          <label>
            {t("controls.botLevel")}{" "}
            <select value={level} onChange={(e) => setLevel(e.target.value as BotLevel)}>
              {BOT_LEVELS.map((l) => (
                <option key={l} value={l}>{t(`create.level.${l}`)}</option>
              ))}
            </select>
          </label>{" "}
          {open.map((s) => (
            <button key={s.seat} type="button" className="small" disabled={busy} data-testid={`seat-bot-${s.seat}`} onClick={() => run(() => api.seatBot(table.id, s.seat, token, level))}>
              {t("controls.seatBot", { n: s.seat + 1 })}
            </button>
          ))}{" "}
        </>
      )}
      <button type="button" className="small danger" disabled={busy} data-testid="cancel-table" onClick={() => run(() => api.cancel(table.id, token))}>
        {t("controls.cancel")}
      </button>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </div>
  );
}

/** A duration in the reader's words: days and hours, hours and minutes, or minutes and seconds. */
export function durationText(t: (key: string, values?: Record<string, unknown>) => string, ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return t("controls.duration.dh", { d, h });
  if (h > 0) return t("controls.duration.hm", { h, m });
  return t("controls.duration.ms", { m, s: s % 60 });
}

/** The turn's time and each bank, on a turn-based table or one with banks. */
function ClockLine({ snap, mySeat }: { snap: MatchSnapshot; mySeat: number | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const { table, decision } = snap;
  const clocked = table !== null && (table.mode === "turn-based" || table.banks !== null) && decision !== null && decision.deadline !== null;
  useEffect(() => {
    if (!clocked) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [clocked]);
  if (!clocked || !table || !decision || decision.deadline === null) return null;
  const mine = mySeat !== null ? decision.seatDeadlines?.find((d) => d.seat === mySeat) : undefined;
  const bank = mySeat !== null && table.banks ? table.banks[mySeat] : undefined;
  return (
    <p className="clock-line" data-testid="clock-line">
      {t(table.mode === "turn-based" ? "controls.turnBased" : "controls.realtime")} · {t("controls.turnLeft", { left: durationText(t, decision.deadline - now) })}
      {bank !== undefined && <> · {t("controls.bank", { left: durationText(t, bank) })}</>}
      {mine && decision.deadline < now && <> · {t("controls.bankRunning", { left: durationText(t, mine.deadline - now) })}</>}
    </p>
  );
}

/**
 * My other tables waiting for my decision (checked every minute), each a link; their number in the
 * tab's title, and a notification when one more waits while the page is in the background.
 */
function OtherTurns({ current }: { current: string }) {
  useWordsLoaded(); // other games' titles arrive with their words
  const { t, i18n } = useTranslation();
  const [waiting, setWaiting] = useState<readonly MyTable[]>([]);
  useOtherTurnsTitle(waiting.length);
  const seen = useRef(0);
  useEffect(() => {
    if (waiting.length > seen.current) notifyHidden(t("controls.notifyTitle"), t("controls.notifyOthers", { n: waiting.length }), "grimoire-other-turns");
    seen.current = waiting.length;
  }, [waiting.length, t]);
  useEffect(() => {
    let live = true;
    const check = () =>
      api.myTables().then(
        (mine) => live && setWaiting(mine.filter((m) => m.yourTurn && m.table.id !== current)),
        () => {},
      );
    void check();
    const id = setInterval(check, 60_000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [current]);
  if (waiting.length === 0) return null;
  const lang = displayLanguage(i18n.language);
  return (
    <p data-testid="other-turns">
      {t("controls.otherTurns", { n: waiting.length })}{" "}
      {waiting.map((m, i) => (
        <span key={m.table.id}>
          {i > 0 && ", "}
          <Link to={{ page: "table", id: m.table.id, watch: false }}>{gameText(m.table.game, lang, {}).t("game.title")}</Link>
        </span>
      ))}
    </p>
  );
}

/**
 * "Your turn" as a notification when the page is hidden (if allowed). The tab title is the match
 * screen's turn alert (table/alert.ts), not this.
 */
export function useTurnNotification(myTurn: boolean, gameTitle: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (myTurn) notifyHidden(t("controls.notifyTitle"), t("controls.notifyBody", { game: gameTitle }), "grimoire-turn");
  }, [myTurn, gameTitle, t]);
}

/** A Web Notification, only while the page is in the background and the player allowed them. */
export function notifyHidden(title: string, body: string, tag: string): void {
  if (typeof document === "undefined" || !document.hidden) return;
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    new Notification(title, { body, tag });
  } catch {
    /* some browsers only notify from a service worker: the title still says it */
  }
}

/** Asks for the notification permission, only when the player clicks; never required. */
export function NotifyButton() {
  const { t } = useTranslation();
  const supported = typeof Notification !== "undefined";
  const [permission, setPermission] = useState<string>(supported ? Notification.permission : "unsupported");
  if (!supported || permission === "granted" || permission === "denied") return null;
  return (
    <button type="button" className="small" data-testid="notify" onClick={() => void Notification.requestPermission().then(setPermission)}>
      {t("controls.notify")}
    </button>
  );
}
