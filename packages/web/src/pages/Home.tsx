// Home: the four games (description, how to play), creating a table, open tables to join or
// watch, and the tables this browser sits at (with their replay record once finished).
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { DailyPuzzle } from "../puzzles/DailyPuzzle.tsx";
import { useAccount } from "../account.ts";
import { api } from "../api.ts";
import { findEmblem, gameIds } from "@grimoire/catalog/boards";
import { hasTutorial } from "@grimoire/catalog/tutorials";
import { useLearnt } from "../learnt.ts";
import type { GameInfo, MyTable, TableInfo } from "../protocol.ts";
import { CreateTable } from "./CreateTable.tsx";
import { NotifyButton } from "./TableControls.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";
import { gameText, useGameText, useWordsLoaded, displayLanguage, seatNames } from "../text.tsx";

export function Home() {
  const { t } = useTranslation();
  const [games, setGames] = useState<readonly GameInfo[] | null>(null);
  const [open, setOpen] = useState<readonly TableInfo[]>([]);
  const [playing, setPlaying] = useState<readonly TableInfo[]>([]);
  const [mine, setMine] = useState<readonly MyTable[]>([]);
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback(() => {
    api.openTables().then(setOpen, setError);
    api.playingTables().then(setPlaying, setError);
    api.myTables().then(setMine, setError);
  }, []);

  useEffect(() => {
    api.games().then(setGames, setError);
    refresh();
    // Turn-based players keep the lobby open: "your turn" comes in by itself.
    const id = setInterval(refresh, 30_000);
    return () => clearInterval(id);
  }, [refresh]);
  // Logging in brings the account's seats into this browser: "my tables" follows.
  const account = useAccount();
  useEffect(refresh, [refresh, account]);
  const waiting = mine.filter((m) => m.yourTurn).length;
  const seen = useRef(0);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = waiting > 0 ? `(${waiting}) ${base}` : base;
    // A table more waits for me while the lobby is in the background: say so (if allowed).
    if (waiting > seen.current && document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        new Notification(t("controls.notifyTitle"), { body: t("home.yourTurns", { n: waiting }), tag: "grimoire-turn" });
      } catch {
        /* the title still says it */
      }
    }
    seen.current = waiting;
    return () => {
      document.title = base;
    };
  }, [waiting, t]);

  return (
    <div className="home">
      <p className="tagline">{t("app.tagline")}</p>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
      {/* Your tables first (issue #25): above the games and the create form. */}
      {mine.length > 0 && (
        <section aria-labelledby="mine-h" data-testid="my-tables">
          <h2 id="mine-h">
            {t("home.mine")} {waiting > 0 && <span className="your-turn badge">{t("home.yourTurns", { n: waiting })}</span>} <NotifyButton />
          </h2>
          <TableList tables={mine.map((m) => m.table)} mine={mine} />
        </section>
      )}
      <section aria-labelledby="games-h">
        <h2 id="games-h">{t("home.games")}</h2>
        <ul className="game-cards">
          {gameIds.map((id) => (
            <GameCard key={id} id={id} info={games?.find((g) => g.id === id)} />
          ))}
        </ul>
      </section>
      <DailyPuzzle />
      {games && <CreateTable games={games} />}
      <section aria-labelledby="open-h">
        <h2 id="open-h">
          {t("home.open")} <button type="button" className="small" onClick={refresh}>{t("home.refresh")}</button>
        </h2>
        {open.length === 0 ? <p className="muted">{t("home.noOpen")}</p> : <TableList tables={open} />}
      </section>
      <section aria-labelledby="playing-h" data-testid="playing-tables">
        <h2 id="playing-h">{t("home.playing")}</h2>
        {playing.length === 0 ? <p className="muted">{t("home.noPlaying")}</p> : <TableList tables={playing} watchOnly />}
      </section>
    </div>
  );
}

function GameCard({ id, info }: { id: string; info: GameInfo | undefined }) {
  const { t } = useTranslation();
  const tx = useGameText(id, null, null);
  const learnt = useLearnt(id);
  return (
    <li className={`game-card g-${id}`}>
      <GameEmblem game={id} />
      <h3>{tx.t("game.title")}</h3>
      {info && <p className="muted">{info.minSeats === info.maxSeats ? t("home.playersExact", { n: info.minSeats }) : t("home.players", { min: info.minSeats, max: info.maxSeats })}</p>}
      <p>{tx.t("game.short")}</p>
      <p className="game-card-links">
        <Link to={{ page: "howto", game: id }}>{t("home.howto")}</Link>
        {hasTutorial(id) && (
          <>
            {" · "}
            <Link to={{ page: "learn", game: id }}>{t("learn.link")}</Link>
            {learnt && <span className="badge learnt"> ✓ {t("learn.learnt")}</span>}
          </>
        )}
      </p>
    </li>
  );
}

function TableList({ tables, mine, watchOnly = false }: { tables: readonly TableInfo[]; mine?: readonly MyTable[]; watchOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = displayLanguage(i18n.language);
  const when = (ms: number) => new Intl.DateTimeFormat(lang === "fr" ? "fr" : "en", { weekday: "short", hour: "2-digit", minute: "2-digit" }).format(ms);
  useWordsLoaded(); // the games' titles arrive with their words
  return (
    <ul className="tables">
      {tables.map((table, i) => (
        <li key={table.id} className={mine?.[i]?.yourTurn ? "your-turn-row" : undefined} data-your-turn={mine?.[i]?.yourTurn ? "1" : undefined}>
          {mine?.[i]?.yourTurn && (
            <>
              <strong className="your-turn">▶ {t("home.yourTurn")}</strong>
              {mine[i]!.deadline !== null && <span className="muted"> ({t("home.until", { when: when(mine[i]!.deadline!) })})</span>} ·{" "}
            </>
          )}
          <strong>{gameText(table.game, lang, {}).t("game.title")}</strong> · {t("home.seatList", { seats: seatNames(table, (level) => t(`create.level.${level}`)).map((name) => name ?? t("table.seatOpen")).join(", ") })} · {t(`table.status.${table.status}`)}
          {table.mode === "turn-based" && <> · {t("controls.turnBased")}</>}
          {table.rematch.previous !== null && <> · {t("home.rematchOf")}</>}{" "}
          {!watchOnly && <Link to={{ page: "table", id: table.id, watch: false }}>{t("home.join")}</Link>}{" "}
          <Link to={{ page: "table", id: table.id, watch: true }}>{t("home.watch")}</Link>
          {table.status === "over" && (
            <>
              {" "}
              <Link to={{ page: "replay", id: table.id }}>{t("replay.watch")}</Link>{" "}
              <a href={api.recordUrl(table.id)} download={`${table.id}.json`}>{t("home.replay")}</a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The game's sign (its own drawing, registered with its board in the catalog). */
export function GameEmblem({ game }: { game: string }) {
  const Emblem = findEmblem(game);
  return (
    <svg className="emblem" viewBox="0 0 64 40" width="64" height="40" aria-hidden="true">
      {Emblem && <Emblem />}
    </svg>
  );
}
