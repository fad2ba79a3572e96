// Shows a game's board: each game owns it (games/<id>/src/board) and the catalog's registry loads
// it on demand, once per game. A game without a board gets its view as plain data. The same module
// may export the game's end-of-game `Summary`, shown by `GameSummary` when present.
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { findBoard } from "@grimoire/catalog/boards";
import type { BoardModule, BoardProps, SummaryProps } from "../kit/types.ts";
import { preloadWords, type GameTextApi } from "../text.tsx";

type Board = ComponentType<BoardProps<never, never>>;
const modules = new Map<string, BoardModule>();
const pending = new Map<string, Board>();

/** Tries at loading a board (its chunk and its words) before giving up; waits 1 s, then 2 s, 4 s between. */
const BOARD_TRIES = 4;

/**
 * Loads a game's board (and its words) ahead of its first render (the table, the guided first
 * game, the rules' faces, the end's summary, tests), tried again when it fails (a chunk request
 * dropped): the failures are said on the console.
 */
export async function loadBoard(game: string): Promise<void> {
  for (let tried = 1, wait = 1_000; ; tried++, wait *= 2) {
    try {
      return await loadBoardOnce(game);
    } catch (error) {
      if (tried >= BOARD_TRIES) throw error;
      console.error(`the board of ${game} did not load (try ${tried} of ${BOARD_TRIES}; again in ${wait / 1000} s):`, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function loadBoardOnce(game: string): Promise<void> {
  const load = findBoard(game);
  const words = preloadWords(game);
  if (load && !modules.has(game)) modules.set(game, await load());
  await words;
}

/** The game's sounds, once its board module is loaded (a table loads it to draw the board). */
export function soundsOf(game: string): BoardModule["sounds"] {
  return modules.get(game)?.sounds;
}

function boardOf(game: string): Board | null {
  const loaded = modules.get(game);
  if (loaded) return loaded.Board;
  if (!findBoard(game)) return null;
  let board = pending.get(game);
  if (!board) {
    board = lazy(async () => {
      try {
        await loadBoard(game);
      } catch (error) {
        pending.delete(game); // the reader's "Try again" starts afresh
        throw error;
      }
      return { default: modules.get(game)!.Board };
    });
    pending.set(game, board);
  }
  return board;
}

/** A board that could not be loaded after its tries: said plainly, with a button to try again (the rest of the table stays). */
class BoardFailure extends Component<{ children: ReactNode; message: string; retry: string; onRetry(): void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="board board-failed" role="alert">
        <p>{this.props.message}</p>
        <button type="button" onClick={this.props.onRetry}>
          {this.props.retry}
        </button>
      </div>
    );
  }
}

export function GameBoard(props: BoardProps & { game: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // `attempt`: after a failure, "Try again" asks for the board anew.
  const Board = useMemo(() => boardOf(props.game), [props.game, attempt]);
  if (!Board) return <pre className="dump">{JSON.stringify(props.view, null, 1)}</pre>;
  return (
    <BoardFailure key={attempt} message={t("match.boardFailed")} retry={t("match.boardRetry")} onRetry={() => setAttempt(attempt + 1)}>
      <Suspense fallback={<p className="board muted" aria-busy="true">{t("match.loadingBoard")}</p>}>
        <Board {...(props as unknown as BoardProps<never, never>)} />
      </Suspense>
    </BoardFailure>
  );
}

/** Every component's face (the board module's `Faces`), or nothing for a game without them. */
export function GameFaces({ game, tx }: { game: string; tx: GameTextApi }) {
  const [module, setModule] = useState(() => modules.get(game) ?? null);
  useEffect(() => {
    if (module || !findBoard(game)) return;
    let live = true;
    void loadBoard(game).then(() => live && setModule(modules.get(game) ?? null));
    return () => {
      live = false;
    };
  }, [module, game]);
  const Faces = module?.Faces;
  return Faces ? <Faces tx={tx} /> : null;
}

/** The game's end-of-game breakdown (its board module's `Summary`), or nothing for a game without one. */
export function GameSummary(props: SummaryProps & { game: string }) {
  const [module, setModule] = useState(() => modules.get(props.game) ?? null);
  useEffect(() => {
    if (module || !findBoard(props.game)) return;
    let live = true;
    void loadBoard(props.game).then(() => live && setModule(modules.get(props.game) ?? null));
    return () => {
      live = false;
    };
  }, [module, props.game]);
  const Summary = module?.Summary;
  if (!Summary) return null;
  return <Summary {...(props as unknown as SummaryProps<never>)} />;
}
