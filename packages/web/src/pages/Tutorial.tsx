// The guided first game (`/?learn=GAME`), played in the browser with the game's own rules and no
// server table: the game's tutorial file (games/<id>/tutorial.json: a fixed deal and a script,
// docs/scenarios.md) is loaded with the engine's `loadTutorial`, the learner's seat is drawn on the
// real board, the other seats' scripted replies are applied as their turn comes, and a coach panel
// says each step's note (the game's catalogue) while an outline points at the board elements it
// speaks of (`data-coach` ids). A move other than the one the coach asks for is refused with the
// step's hint and changes nothing. The end marks the game as learnt and offers a real game against
// an easy bot. Loaded lazily (its own chunk, with the rules), like the replay.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { act as playAction, loadTutorial, sameAction, waitingSeats, type AnyGame, type LoadedTutorial, type Message } from "@grimoire/engine";
import { api, holdSeat, playerName, rememberName } from "../api.ts";
import { useAccount } from "../account.ts";
import { GameBoard, loadBoard } from "../games/GameBoard.tsx";
import type { LegalAction, TableInfo } from "../protocol.ts";
import { navigate } from "../route.ts";
import { offlineTable } from "../table/offline.ts";
import { markLearnt } from "../learnt.ts";
import { useGameText } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";
import { Link } from "../App.tsx";

/** As many listed actions as the server lists at most (more: the board builds the action itself). */
const MAX_LISTED = 300;

interface Loaded {
  readonly tutorial: LoadedTutorial;
  readonly game: AnyGame;
  readonly table: TableInfo;
}

async function loadGuided(gameId: string): Promise<Loaded> {
  const [{ findGame }, { tutorialFile }] = await Promise.all([import("@grimoire/catalog"), import("@grimoire/catalog/tutorials"), loadBoard(gameId)]);
  const raw = await tutorialFile(gameId);
  if (raw === undefined) throw new Error(`no guided game for ${gameId}`);
  const loaded = loadTutorial(raw, findGame);
  if (!loaded.ok) throw new Error(loaded.error);
  const tutorial = loaded.value;
  const game = tutorial.scenario.game;
  const table = offlineTable({
    id: `learn-${gameId}`,
    game: gameId,
    gameTitle: game.title,
    options: tutorial.scenario.options,
    seats: tutorial.scenario.names.map((name, seat) => ({ kind: seat === tutorial.learner ? "human" : "bot", name })),
  });
  return { tutorial, game, table };
}

/** Where the script stands: the step shown (its bot reply already applied), or done. */
interface Progress {
  readonly state: unknown;
  readonly index: number;
  /** The events since the learner's last look, as the learner saw them (the board's motion, the log). */
  readonly events: readonly unknown[];
  readonly log: readonly Message[];
  /** Actions applied since the deal (the learner's and the scripted ones). */
  readonly moves: number;
}

/** Applies the script from step `from` on: bot replies without a note go straight on; stops at a note, a bot reply with a note, the learner's step or the end. */
function arrive(loaded: Loaded, state: unknown, from: number, events: unknown[], log: Message[], moves: number): Progress {
  const { tutorial, game } = loaded;
  let index = from;
  for (; index < tutorial.steps.length; index++) {
    const step = tutorial.steps[index]!;
    if (step.seat === undefined || step.seat === tutorial.learner) break;
    const applied = playAction(game, state as never, step.seat, step.action);
    if (!applied.ok) throw new Error(`steps[${index}]: ${applied.error.message}`);
    record(loaded, applied.value, step.seat, events, log);
    moves++;
    if (step.note) break;
  }
  return { state, index, events, log, moves };
}

function record(loaded: Loaded, raw: readonly unknown[], _seat: number, events: unknown[], log: Message[]): void {
  const { game, tutorial } = loaded;
  for (const e of raw) {
    const seen = game.eventFor(e as never, tutorial.learner);
    if (seen === null) continue;
    events.push(seen);
    log.push(game.describeEvent(seen as never, tutorial.learner));
  }
}

export default function Tutorial({ game: gameId }: { game: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [wrong, setWrong] = useState(0);
  useEffect(() => {
    let live = true;
    loadGuided(gameId).then(
      (l) => {
        if (!live) return;
        setLoaded(l);
        setProgress(arrive(l, l.game.clone(l.tutorial.scenario.initial as never), 0, [], [], 0));
      },
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [gameId]);
  // The learner's seat is named in the page's language ("You", « Vous »), the bots by the file's names.
  const youName = t("learn.you");
  const table = useMemo(
    () => (loaded ? { ...loaded.table, seats: loaded.table.seats.map((s) => (s.seat === loaded.tutorial.learner ? { ...s, name: youName } : s)) } : null),
    [loaded, youName],
  );
  const tx = useGameText(gameId, table, loaded?.tutorial.learner ?? null);
  const steps = loaded?.tutorial.steps ?? [];
  const step = progress ? steps[progress.index] : undefined;
  const learner = loaded?.tutorial.learner ?? 0;
  const done = progress !== null && loaded !== null && progress.index >= steps.length;
  const yourMove = step !== undefined && step.seat === learner;
  useEffect(() => {
    if (done) markLearnt(gameId);
  }, [done, gameId]);

  const restart = useCallback(() => {
    if (!loaded) return;
    setHint(null);
    setProgress(arrive(loaded, loaded.game.clone(loaded.tutorial.scenario.initial as never), 0, [], [], 0));
  }, [loaded]);

  const next = () => {
    if (!loaded || !progress) return;
    setHint(null);
    setProgress(arrive(loaded, loaded.game.clone(progress.state as never), progress.index + 1, [], [...progress.log], progress.moves));
  };

  const act = (action: unknown) => {
    if (!loaded || !progress || !step || !yourMove) return;
    if (!sameAction(action, step.action)) {
      // refused: nothing changes, the hint says what the coach asks for
      setHint(step.hint ?? null);
      setWrong((n) => n + 1);
      return;
    }
    const state = loaded.game.clone(progress.state as never);
    const applied = playAction(loaded.game, state as never, learner, action);
    if (!applied.ok) {
      setHint(step.hint ?? null);
      setWrong((n) => n + 1);
      return;
    }
    const events: unknown[] = [];
    const log = [...progress.log];
    record(loaded, applied.value, learner, events, log);
    setHint(null);
    setProgress(arrive(loaded, state, progress.index + 1, events, log, progress.moves + 1));
  };

  const view = useMemo(() => (loaded && progress ? loaded.game.view(progress.state as never, learner) : null), [loaded, progress, learner]);
  const legal = useMemo((): readonly LegalAction[] | null => {
    if (!loaded || !progress || !yourMove) return [];
    if (!waitingSeats(loaded.game.decision(progress.state as never)).includes(learner)) return [];
    const actions = loaded.game.legalActions(progress.state as never, learner);
    if (actions.length > MAX_LISTED) return null;
    return actions.map((action) => ({ action, label: loaded.game.describeAction(action as never) }));
  }, [loaded, progress, yourMove, learner]);

  const boardRef = useRef<HTMLDivElement>(null);
  usePointAt(boardRef, step?.point ?? [], progress);

  if (error) return <ErrorBox message={errorText(t, error)} />;
  if (!loaded || !progress || !view) return <p aria-live="polite">{t("table.loading")}</p>;
  const total = steps.length;
  const note = done ? loaded.tutorial.done : step?.note;
  return (
    <div className={`match tutorial g-${gameId}`} data-moves={progress.moves}>
      <h1>{t("learn.titleOf", { game: tx.t("game.title") })}</h1>
      <section className="coach" aria-labelledby="coach-h" data-step={done ? "done" : progress.index} data-testid="coach">
        <h2 id="coach-h" className="sr-only">{t("learn.coach")}</h2>
        <p className="coach-progress muted">{done ? t("learn.finished") : t("learn.progress", { step: progress.index + 1, total })}</p>
        <p className="coach-note" aria-live="polite" data-testid="coach-note">{note ? tx.t(note) : ""}</p>
        {hint && (
          <p className="coach-hint" role="alert" data-testid="coach-hint" key={wrong}>
            {t("learn.notThis")} {tx.t(hint)}
          </p>
        )}
        {!done && !yourMove && (
          <button type="button" className="primary" onClick={next} data-testid="coach-next" autoFocus>
            {t("learn.next")}
          </button>
        )}
        {!done && yourMove && <p className="muted coach-your-move">{t("learn.yourMove")}</p>}
        {done && <PlayForReal game={gameId} />}
        <p className="coach-links">
          <button type="button" className="small" onClick={restart}>{t("learn.restart")}</button>{" "}
          <Link to={{ page: "howto", game: gameId }}>{t("learn.rules")}</Link>
        </p>
      </section>
      <div ref={boardRef} className="tutorial-board">
        <GameBoard game={gameId} view={view} seat={learner} table={table ?? loaded.table} legal={legal} act={act} events={progress.events} myTurn={yourMove} tx={tx} />
      </div>
      <section className="log" aria-labelledby="tlog-h">
        <h2 id="tlog-h">{t("match.log")}</h2>
        <ol reversed tabIndex={0} aria-labelledby="tlog-h">
          {progress.log
            .slice()
            .reverse()
            .map((line, i) => (
              <li key={progress.log.length - i}>{tx.line(line)}</li>
            ))}
        </ol>
      </section>
    </div>
  );
}

/** Outlines the board elements a step points at (`data-coach` ids), kept on elements the board redraws, and brings the first into view. */
function usePointAt(ref: RefObject<HTMLDivElement | null>, ids: readonly string[], key: unknown): void {
  const idsKey = ids.join(" ");
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const wanted = idsKey === "" ? [] : idsKey.split(" ");
    const mark = () => {
      for (const el of root.querySelectorAll("[data-coach-point]")) {
        if (!wanted.includes(el.getAttribute("data-coach") ?? "")) el.removeAttribute("data-coach-point");
      }
      for (const id of wanted) for (const el of root.querySelectorAll(`[data-coach="${CSS.escape(id)}"]`)) if (!el.hasAttribute("data-coach-point")) el.setAttribute("data-coach-point", "");
    };
    mark();
    const first = wanted.length > 0 ? root.querySelector(`[data-coach="${CSS.escape(wanted[0]!)}"]`) : null;
    first?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      for (const el of root.querySelectorAll("[data-coach-point]")) el.removeAttribute("data-coach-point");
    };
  }, [ref, idsKey, key]);
}

/** The end: a real game against an easy bot, made as the create form makes it (seat 1 is mine). */
function PlayForReal({ game }: { game: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const info = (await api.games()).find((g) => g.id === game);
      const others = Math.max(1, (info?.minSeats ?? 2) - 1);
      const table = await api.create({
        game,
        options: (info?.defaultOptions as Record<string, unknown>) ?? {},
        seats: [{ kind: "open" }, ...Array.from({ length: others }, () => ({ kind: "bot" as const, level: "easy" as const }))],
        mode: "realtime",
        turnSeconds: null,
        spectatorChat: false,
        rated: false,
      });
      const me = account ? account.name : playerName() || t("create.defaultName");
      if (!account) rememberName(me);
      const joined = await api.join(table.id, me, 0);
      holdSeat(table.id, { seat: joined.seat, token: joined.token, name: me });
      navigate({ page: "table", id: table.id, watch: false });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <>
      <p className="coach-learnt" role="status">✓ {t("learn.learnt")}</p>
      <button type="button" className="primary" onClick={() => void start()} disabled={busy} data-testid="play-for-real" autoFocus>
        {t("learn.playEasy")}
      </button>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </>
  );
}
