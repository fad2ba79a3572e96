// The end of a match: who won and the scores, the game's own breakdown (its board module's
// Summary) fed with the final position with nothing hidden and the whole log, every seat's hidden
// information (each seat's final board, on demand), and the way to the replay and the record.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { api } from "../api.ts";
import type { MatchSnapshot } from "../connection.ts";
import { GameBoard, GameSummary } from "../games/GameBoard.tsx";
import { listOf, useGameText, type GameTextApi } from "../text.tsx";

export function Outcome({ snap, tx }: { snap: MatchSnapshot; tx: GameTextApi }) {
  const { t } = useTranslation();
  const { outcome, table, final } = snap;
  if (table?.abandoned) return <Abandoned />;
  if (!outcome) return null;
  const name = (s: number) => tx.name(s);
  const summaryView = final?.full ?? (final && typeof snap.you === "number" ? final.seats[snap.you] : snap.view);
  return (
    <section className="outcome reveal" aria-labelledby="over-h" data-testid="outcome">
      <h2 id="over-h">{t("match.over")}</h2>
      <p className="result">{outcome.draw ? t("match.draw") : t("match.winners", { who: listOf(tx.lang, outcome.winners.map(name)), n: outcome.winners.length })}</p>
      {table?.aborted && <p data-testid="aborted">{t("match.aborted")}</p>}
      {outcome.scores.length > 0 && (
        <p>
          {t("match.scores", { scores: outcome.scores.map((score, i) => t("match.score", { name: name(i), score })).join(" · ") })}
        </p>
      )}
      {table && final && (
        <div className="summary" data-testid="summary">
          <GameSummary game={table.game} view={summaryView} seatViews={final.seats} table={table} log={snap.log} tx={tx} />
        </div>
      )}
      {table && final && <Revealed snap={snap} />}
      {table && (
        <p>
          <Link to={{ page: "replay", id: table.id }}>{t("replay.watch")}</Link> ·{" "}
          <a href={api.recordUrl(table.id)} download={`${table.id}.json`}>{t("home.replay")}</a>
        </p>
      )}
      {snap.seed && (
        <p className="muted small-text">
          {t("app.labelled", { label: t("match.seed") })} <code>{snap.seed}</code>
        </p>
      )}
    </section>
  );
}

/**
 * A table nobody was at long enough ended with no result (the server's tables/attendance.ts): no
 * winner, no summary of a match that never ended, not rated.
 */
function Abandoned() {
  const { t } = useTranslation();
  return (
    <section className="outcome reveal" aria-labelledby="over-h" data-testid="outcome">
      <h2 id="over-h">{t("match.abandonedTitle")}</h2>
      <p className="result" data-testid="abandoned">
        {t("match.abandoned")}
      </p>
    </section>
  );
}

/** Every seat's final board (their own hand shown), or the game's full view: drawn when opened. */
function Revealed({ snap }: { snap: MatchSnapshot }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { table, final } = snap;
  if (!table || !final) return null;
  return (
    <details className="revealed" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t("match.revealed")}</summary>
      {open && <EveryoneBoards game={table.game} table={table} full={final.full} seats={final.seats} />}
    </details>
  );
}

/** The position with nothing hidden: the game's full view, else each seat's own view in turn. */
export function EveryoneBoards({ game, table, full, seats }: { game: string; table: NonNullable<MatchSnapshot["table"]>; full: unknown; seats: readonly unknown[] }) {
  const { t } = useTranslation();
  // Nobody is "you" here: every seat by its name.
  const tx = useGameText(game, table, null);
  const none = () => {};
  if (full !== null && full !== undefined) return <GameBoard game={game} view={full} seat={null} table={table} legal={[]} act={none} events={[]} myTurn={false} tx={tx} />;
  return (
    <div className="everyone">
      {seats.map((view, seat) => (
        <section key={seat} className="everyone-seat" aria-label={t("match.heldBy", { name: tx.displayName(seat) })}>
          <h3>{t("match.heldBy", { name: tx.displayName(seat) })}</h3>
          <GameBoard game={game} view={view} seat={seat} table={table} legal={[]} act={none} events={[]} myTurn={false} tx={tx} />
        </section>
      ))}
    </div>
  );
}
