// The leaderboard of one game: players and bot levels by rating (openskill's ordinal, mu − 3σ),
// with matches played and won, a page at a time ("Next ranks" adds the next); a tab per game.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { api } from "../api.ts";
import { gameIds } from "@grimoire/catalog/boards";
import type { LeaderboardResponse } from "../protocol.ts";
import { gameText, useGameText, useWordsLoaded } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";
import { ratingText } from "./Profile.tsx";

export function Leaderboard({ game }: { game: string }) {
  useWordsLoaded(); // other games' titles arrive with their words
  const { t, i18n } = useTranslation();
  const [board, setBoard] = useState<LeaderboardResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lang = useGameText(game, null, null).lang;
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    setBoard(null);
    setError(null);
    api.leaderboard(game).then(setBoard, setError);
  }, [game]);
  /** The next page, added below the rows shown. */
  const more = (from: number) => {
    setLoadingMore(true);
    api.leaderboard(game, from).then(
      (next) => {
        setBoard((b) => (b && b.game === next.game ? { ...next, players: [...b.players, ...next.players] } : b));
        setLoadingMore(false);
      },
      (e: unknown) => {
        setError(e);
        setLoadingMore(false);
      },
    );
  };
  const title = (id: string) => gameText(id, lang, {}).t("game.title");
  return (
    <section className="leaderboard" data-testid="leaderboard">
      <h1>{t("leaderboard.title", { game: title(game) })}</h1>
      <nav className="tabs" aria-label={t("leaderboard.games")}>
        {gameIds.map((id) => (
          <Link key={id} to={{ page: "leaderboard", game: id }} className={id === game ? "current" : ""}>{title(id)}</Link>
        ))}
      </nav>
      {error ? <ErrorBox message={errorText(t, error)} /> : null}
      {!board && !error && <p aria-live="polite">{t("profile.loading")}</p>}
      {board && board.players.length === 0 && <p className="muted">{t("leaderboard.empty")}</p>}
      {board && <p className="muted">{t("leaderboard.minimum")}</p>}
      {board && board.players.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("leaderboard.rank")}</th>
              <th scope="col">{t("leaderboard.player")}</th>
              <th scope="col">{t("leaderboard.rating")}</th>
              <th scope="col">{t("leaderboard.played")}</th>
              <th scope="col">{t("leaderboard.won")}</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p) => (
              <tr key={p.name ?? `bot-${p.bot}`} className={p.bot ? "bot" : ""}>
                <td>{p.rank}</td>
                <td>{p.name !== null ? <Link to={{ page: "player", name: p.name }}>{p.name}</Link> : t("leaderboard.bot", { level: t(`create.level.${p.bot}`) })}</td>
                <td>
                  {ratingText(i18n.language, p.rating.ordinal)}
                  {p.rating.provisional && (
                    <abbr className="provisional" title={t("leaderboard.provisional")}>
                      {t("leaderboard.provisionalMark")}
                    </abbr>
                  )}
                </td>
                <td>{p.played}</td>
                <td>{p.won}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {board && board.next !== null && (
        <p>
          <button type="button" className="small" data-testid="leaderboard-more" disabled={loadingMore} onClick={() => more(board.next!)}>
            {t("leaderboard.more", { left: board.total - board.players.length })}
          </button>
        </p>
      )}
    </section>
  );
}
