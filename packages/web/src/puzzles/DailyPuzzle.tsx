// The home page's daily puzzle card (issue 26): the day's puzzle (the same for everyone, picked by
// the server from the UTC date), its game and a link to solve it on the puzzle page, and links to
// each game's puzzles. Small on purpose: the puzzle page itself is loaded only when opened.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { gameIds } from "@grimoire/catalog/boards";
import { Link } from "../App.tsx";
import { api } from "../api.ts";
import type { PuzzleInfo } from "../protocol.ts";
import { useGameText } from "../text.tsx";

function GameName({ game }: { game: string }) {
  const tx = useGameText(game, null, null);
  return <>{tx.t("game.title")}</>;
}

export function DailyPuzzle() {
  const { t } = useTranslation();
  const [daily, setDaily] = useState<PuzzleInfo | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api.dailyPuzzle().then(
      (answer) => live && setDaily(answer.puzzle),
      () => live && setDaily(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="daily-h" className="daily-puzzle" data-testid="daily-puzzle">
      <h2 id="daily-h">{t("puzzle.daily")}</h2>
      {daily === undefined && <p className="muted">{t("puzzle.loading")}</p>}
      {daily === null && <p className="muted">{t("puzzle.noDaily")}</p>}
      {daily && (
        <p>
          {t("puzzle.dailyOf")} <strong><GameName game={daily.game} /></strong>{" "}
          <Link to={{ page: "puzzles", game: daily.game, id: daily.id }}>{t("puzzle.solveDaily")}</Link>
        </p>
      )}
      <p>
        {t("puzzle.train")}{" "}
        {gameIds.map((g, i) => (
          <span key={g}>
            {i > 0 && " · "}
            <Link to={{ page: "puzzles", game: g }}>
              <GameName game={g} />
            </Link>
          </span>
        ))}
      </p>
    </section>
  );
}
