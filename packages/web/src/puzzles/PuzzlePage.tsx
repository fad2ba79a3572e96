// The puzzle page (issue 26), loaded when first shown: a position from a finished game drawn by the
// game's own board from the seat's view, "find the best move"; the move is sent to the server,
// which says right or wrong, shows every choice's value (the explanation, as a hint shows it) and,
// for an account's first try, the rating changes. Then the next puzzle, near the reader's puzzle
// rating. `?puzzles=GAME` plays a game's puzzles one after another; `&puzzle=ID` one of them (the
// daily puzzle's link). A guest's browser remembers the puzzles it has seen, so as not to get them
// again, and keeps no rating.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { gameIds } from "@grimoire/catalog/boards";
import { Link } from "../App.tsx";
import { api } from "../api.ts";
import { GameBoard } from "../games/GameBoard.tsx";
import { DecisionDetail, unitText } from "../pages/Review.tsx";
import type { AttemptResponse, PuzzleInfo, PuzzleRatingInfo, TableInfo } from "../protocol.ts";
import { navigate } from "../route.ts";
import { offlineTable } from "../table/offline.ts";
import { useGameText } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";

const SEEN_KEEP = 50;
const seenKey = (game: string) => `grimoire.puzzles.seen.${game}`;

/** The puzzles this browser has seen in `game` (the latest SEEN_KEEP). */
export function seenPuzzles(game: string): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(seenKey(game)) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === "string" && /^[0-9a-f]{16}$/.test(id)).slice(-SEEN_KEEP) : [];
  } catch {
    return [];
  }
}

function markSeen(game: string, id: string): void {
  const seen = seenPuzzles(game).filter((x) => x !== id);
  seen.push(id);
  try {
    localStorage.setItem(seenKey(game), JSON.stringify(seen.slice(-SEEN_KEEP)));
  } catch {
    // storage full or refused: the server may offer it again, nothing worse
  }
}

/** The table the board is drawn at: the puzzle's seats, the reader's named "you", the others by number. */
function puzzleTable(puzzle: PuzzleInfo, gameTitle: string, seatName: (n: number) => string): TableInfo {
  const seats = Array.from({ length: puzzle.seats }, (_, seat) => ({ kind: "human" as const, name: seat === puzzle.seat ? null : seatName(seat + 1) }));
  return offlineTable({ id: `puzzle-${puzzle.id}`, game: puzzle.game, gameTitle, options: puzzle.options, seats });
}

function RatingLine({ rating }: { rating: PuzzleRatingInfo | null }) {
  const { t } = useTranslation();
  if (!rating) return <p className="muted">{t("puzzle.guest")}</p>;
  return <p data-testid="puzzle-rating">{t("puzzle.yourRating", { rating: rating.rating, played: rating.played })}</p>;
}

export function PuzzlePage({ game, id }: { game: string; id: string | null }) {
  const { t } = useTranslation();
  const [puzzle, setPuzzle] = useState<PuzzleInfo | null>(null);
  const [none, setNone] = useState(false);
  const [rating, setRating] = useState<PuzzleRatingInfo | null>(null);
  const [result, setResult] = useState<AttemptResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const verdict = useRef<HTMLDivElement>(null);
  const known = gameIds.includes(game);

  const load = useCallback(() => {
    setResult(null);
    setError(null);
    setNone(false);
    setPuzzle(null);
    const ask = id ? api.puzzle(id).then((p) => ({ puzzle: p, rating: null })) : api.nextPuzzle(game, seenPuzzles(game));
    ask.then(
      (answer) => {
        setPuzzle(answer.puzzle);
        setNone(answer.puzzle === null);
        if (answer.rating) setRating(answer.rating);
      },
      (e: unknown) => setError(e),
    );
    if (id) void api.puzzleRatings().then((ratings) => setRating(ratings?.find((r) => r.game === game) ?? null), () => undefined);
  }, [game, id]);
  useEffect(() => {
    if (known) load();
  }, [known, load]);

  const tx = useGameText(game, null, puzzle?.seat ?? null);
  const gameTitle = tx.t("game.title");
  const table = useMemo(() => (puzzle ? puzzleTable(puzzle, gameTitle, (n) => t("puzzle.seat", { n })) : null), [puzzle, gameTitle, t]);
  const txAt = useGameText(game, table, puzzle?.seat ?? null);

  const act = (move: unknown) => {
    if (!puzzle || result || sending) return;
    setSending(true);
    api.attemptPuzzle(puzzle.id, move).then(
      (answer) => {
        markSeen(game, puzzle.id);
        setResult(answer);
        if (answer.player) setRating(answer.player.after);
        setSending(false);
        requestAnimationFrame(() => verdict.current?.focus());
      },
      (e: unknown) => {
        setError(e);
        setSending(false);
      },
    );
  };

  const next = () => (id ? navigate({ page: "puzzles", game }) : load());

  if (!known) return <ErrorBox message={t("puzzle.unknownGame")} />;
  return (
    <div className="puzzle-page" data-testid="puzzle-page">
      <h1>{t("puzzle.title", { game: gameTitle })}</h1>
      <nav aria-label={t("puzzle.games")} className="puzzle-games">
        {gameIds.map((g) => (
          <Link key={g} to={{ page: "puzzles", game: g }} className={g === game ? "current" : undefined}>
            <GameTitle game={g} />
          </Link>
        ))}
      </nav>
      <RatingLine rating={rating} />
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
      {none && (
        <p data-testid="puzzle-none">
          {t("puzzle.none")} <Link to={{ page: "home" }}>{t("puzzle.home")}</Link>
        </p>
      )}
      {puzzle && table && (
        <>
          <p className="puzzle-prompt" data-testid="puzzle-prompt">
            {t("puzzle.find")} <span className="muted">{t("puzzle.puzzleRating", { rating: puzzle.rating, attempts: puzzle.attempts, solved: puzzle.solved })}</span>
          </p>
          {puzzle.prompt !== null && !result && <p className="muted">{txAt.line(puzzle.prompt as never)}</p>}
          <GameBoard game={game} view={puzzle.view} seat={puzzle.seat} table={table} legal={result ? [] : puzzle.legal} act={act} events={[]} myTurn={!result && !sending} tx={txAt} />
          {result && (
            <div className={`puzzle-verdict ${result.correct ? "right" : "wrong"}`} role="status" tabIndex={-1} ref={verdict} data-testid="puzzle-verdict">
              <h2>{result.correct ? t("puzzle.right") : t("puzzle.wrong")}</h2>
              {!result.correct && (
                <p>
                  {t("puzzle.answer")} <strong>{result.answer.map((a) => (txAt.game ? txAt.line(txAt.game.describeAction(a)) : JSON.stringify(a))).join(" / ")}</strong>
                </p>
              )}
              {result.player && (
                <p data-testid="puzzle-change">
                  {t("puzzle.change", { before: result.player.before.rating, after: result.player.after.rating })}
                </p>
              )}
              {!result.rated && rating && <p className="muted">{t("puzzle.notRated")}</p>}
              <p className="muted">{unitText(t, txAt, result.unit, true)}</p>
              <DecisionDetail decision={result.explanation} unit={result.unit} tx={txAt} hint />
              <button type="button" onClick={next} data-testid="puzzle-next">
                {t("puzzle.next")}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function GameTitle({ game }: { game: string }) {
  const tx = useGameText(game, null, null);
  return <>{tx.t("game.title")}</>;
}
