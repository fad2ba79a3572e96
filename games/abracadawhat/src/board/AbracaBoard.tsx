// Abraca…What?: the players round a table, the reader at the bottom and the next seats to their
// left round to their right (spells 5, 6 and 7 hit the neighbours: both are labelled); others'
// stones face up, the reader's from behind; life, score, secret stones and whose turn per seat.
// In the middle the eight spell plaques: the stones to call (board targets, the legal ones
// highlighted; a call below this turn's last cast is warned about and confirmed on the board),
// each with "cast x of N" and the stones seen, for deduction, and its effect in a popover.
// At a round's end every seat's last stones are shown face up, the reader's too.
// Every word comes from the game's catalogues (games/abracadawhat/src/text) through props.tx.
import { useEffect, useRef, useState } from "react";
import type { Viewer } from "@grimoire/engine";
import { Die, Face, findLegal, Target, useMotion, type BoardProps, type GameTextApi } from "@grimoire/web/kit";
import { MAX_LIFE, SPELLS } from "../data.ts";
import { describeEvent } from "../describe.ts";
import type { Event } from "../events.ts";
import type { Counts, HandStep, RoundEnd } from "../state.ts";
import type { View } from "../view.ts";
import { neighboursOf, seatPlaces } from "./layout.ts";
import { abracaMotions } from "./motion.ts";
import { Arrow, Emblem, Hearts, SecretStone, Star, Stone, StoneBack } from "./pieces.tsx";
import "./board.css";

type RoundEndEvent = Extract<Event, { type: "round-end" }>;

const ROUND_END_KEYS: Readonly<Record<RoundEnd, string>> = {
  emptied: "event.roundEnd.emptied",
  knockout: "event.roundEnd.knockout",
  "self-knockout": "event.roundEnd.selfKnockout",
  "last-standing": "event.roundEnd.lastStanding",
};

/** How a round ended, in words ("Merlin wins it with a knock-out"). */
export function roundEndText(tx: GameTextApi, end: RoundEndEvent): string {
  const key = ROUND_END_KEYS[end.end];
  return tx.line(end.end === "self-knockout" ? { key, params: { loser: { seat: end.seat } } } : { key, params: { winner: { seat: end.winner ?? end.seat } } });
}

/** The stones of a count array, in spell order. */
export function stonesOf(counts: Counts): number[] {
  return counts.flatMap((n, spell) => Array.from({ length: n }, () => spell));
}

/** Per spell, where its stones are as the reader sees them: cast, face up from the start, in others' hands, unseen. */
export function tally(view: View, spell: number): { cast: number; revealed: number; held: number; unseen: number } {
  const cast = view.board[spell] ?? 0;
  const revealed = view.revealed[spell] ?? 0;
  let held = 0;
  for (const hand of view.hands) if (hand) held += hand[spell] ?? 0;
  for (const taken of view.taken) if (taken) held += taken.filter((k) => k === spell).length;
  return { cast, revealed, held, unseen: Math.max(0, spell - cast - revealed - held) };
}

/** Spells a seat's public hand log says it holds none of: failed casts since it last drew. */
export function knownMissing(log: readonly HandStep[]): Set<number> {
  const missing = new Set<number>();
  for (const step of log) {
    if (step.type === "drew") missing.clear();
    else if (step.type === "missing") missing.add(step.spell);
  }
  return missing;
}

/** The spell's stones as pips: cast, face up from the start, held in sight, unseen. */
function Pips({ spell, counts }: { spell: number; counts: ReturnType<typeof tally> }) {
  const kinds = [...Array<string>(counts.cast).fill("cast"), ...Array<string>(counts.revealed).fill("revealed"), ...Array<string>(counts.held).fill("held")];
  const perRow = 4;
  const rows = Math.ceil(spell / perRow);
  return (
    <svg className="ab-pips" width={perRow * 10} height={rows * 10} viewBox={`0 0 ${perRow * 10} ${rows * 10}`} aria-hidden="true" focusable="false">
      {Array.from({ length: spell }, (_, i) => (
        <circle key={i} cx={(i % perRow) * 10 + 5} cy={Math.floor(i / perRow) * 10 + 5} r="3.6" className={`pip ${kinds[i] ?? "unseen"}`} />
      ))}
    </svg>
  );
}

/** A small pip of the legend. */
function LegendPip({ kind }: { kind: string }) {
  return (
    <svg className="ab-pips" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <rect width="14" height="14" rx="4" fill="#f7f1e1" />
      <circle cx="7" cy="7" r="3.8" className={`pip ${kind}`} />
    </svg>
  );
}

type Warning = { kind: "lower"; spell: number; last: number; action: unknown } | { kind: "refused"; spell: number };

export function AbracaBoard({ view, seat, legal, act, myTurn, events, tx }: BoardProps<View, Event>) {
  const viewer: Viewer = seat ?? "spectator";
  const places = seatPlaces(view.seats, seat ?? 0);
  const casting = view.phase.type === "casting" ? view.phase : null;
  const turnSeat = casting?.seat ?? -1;
  const lastCast = casting?.lastCast ?? 0;
  // Knocked-out seats are skipped only while a last-standing round goes on (else nobody is out mid-round).
  const inRound = view.options.lastStanding && casting ? view.life : view.life.map(() => 1);
  const mine = seat === null ? null : neighboursOf(view.seats, inRound, seat);
  const seen = events;
  const hurt = new Set(seen.filter((e) => e.type === "life" && e.change < 0).map((e) => (e as { seat: number }).seat));
  const healed = new Set(seen.filter((e) => e.type === "life" && e.change > 0).map((e) => (e as { seat: number }).seat));
  const rolls = seen.filter((e): e is Extract<Event, { type: "roll" }> => e.type === "roll");
  const casts = seen.filter((e): e is Extract<Event, { type: "cast" }> => e.type === "cast");
  const noneOfMine = seat === null ? new Set<number>() : knownMissing(view.handLog[seat] ?? []);
  const justCast = new Set(casts.filter((e) => e.outcome === "success").map((e) => e.spell as number));

  // The last round's end stays on the board (every seat's last stones turned over) until hidden.
  const [reveal, setReveal] = useState<RoundEndEvent | null>(null);
  useEffect(() => {
    const end = seen.find((e): e is RoundEndEvent => e.type === "round-end");
    if (end) setReveal(end);
  }, [seen]);
  const [warning, setWarning] = useState<Warning | null>(null);
  useEffect(() => setWarning(null), [view]);

  const call = (spell: number) => {
    const entry = findLegal(legal, { type: "cast", spell });
    if (!entry) return setWarning({ kind: "refused", spell });
    if (lastCast > 0 && spell < lastCast && !view.options.easy) return setWarning({ kind: "lower", spell, last: lastCast, action: entry.action });
    setWarning(null);
    act(entry.action);
  };
  const lower = (spell: number) => lastCast > 0 && spell < lastCast && !view.options.easy;
  const root = useRef<HTMLElement | null>(null);
  useMotion(root, events, () => abracaMotions(events));

  const status = !casting
    ? null
    : myTurn
      ? lastCast === 0
        ? tx.t("board.yourCall")
        : view.options.easy
          ? tx.t("board.callAgainEasy", { last: lastCast })
          : tx.t("board.callAgain", { last: lastCast })
      : lastCast === 0
        ? tx.t("view.turn", { player: { seat: turnSeat } })
        : tx.t("view.turnAfter", { player: { seat: turnSeat }, last: lastCast });

  const sideOf = (s: number): "both" | "left" | "right" | null => {
    if (!mine || s === seat) return null;
    if (mine.left === s && mine.right === s) return "both";
    return mine.left === s ? "left" : mine.right === s ? "right" : null;
  };

  return (
    <section ref={root} className="board abraca" aria-label={tx.t("board.table")}>
      {reveal && <RoundReveal end={reveal} seat={seat} tx={tx} hide={() => setReveal(null)} />}
      <div className={`ab-table seats-${view.seats}`}>
        {Array.from({ length: view.seats }, (_, s) => {
          const hand = view.hands[s];
          const side = sideOf(s);
          const out = (view.life[s] ?? 0) <= 0 && casting !== null;
          const classes = ["ab-seat", `place-${places[s]}`, s === turnSeat ? "active" : "", s === seat ? "me" : "", out ? "out" : "", hurt.has(s) ? "hit" : "", healed.has(s) ? "healed" : ""];
          return (
            <div key={s} className={classes.filter(Boolean).join(" ")} role="group" aria-label={tx.t("board.seatLabel", { player: { seat: s } })} data-seat={s} data-coach={`seat-${s}`}>
              <div className="ab-seat-head">
                <span className="ab-name">{tx.t("board.seatName", { player: { seat: s } })}</span>
                {s === turnSeat && <span className="ab-tag turn">{tx.t("board.casting")}</span>}
                {out && <span className="ab-tag out">{tx.t("board.knockedOut")}</span>}
              </div>
              {side && (
                <div className={`ab-side ${side}`}>
                  {side !== "right" && <Arrow to="left" />}
                  <span>{tx.t(`board.side.${side}`)}</span>
                  {side === "right" && <Arrow to="right" />}
                </div>
              )}
              <div className="ab-rack" role="group" aria-label={tx.t("board.stonesOf", { player: { seat: s } })} data-coach={`rack-${s}`}>
                {hand
                  ? stonesOf(hand).map((k, i) => <Stone key={i} spell={k} size={30} digit={tx.t("board.stoneFace", { n: k })} label={tx.t("board.stoneLabel", { n: k, name: tx.t(`spell.${k}.name`) })} />)
                  : Array.from({ length: view.handSizes[s] ?? 0 }, (_, i) => <StoneBack key={i} size={30} label={tx.t("board.hiddenStone")} />)}
                {(view.handSizes[s] ?? 0) === 0 && <span className="ab-empty">{tx.t("board.noStone")}</span>}
              </div>
              <div className="ab-stats" data-coach={`stats-${s}`}>
                <Hearts life={view.life[s] ?? 0} max={MAX_LIFE} label={tx.t("board.lifeLabel", { n: view.life[s] ?? 0 })} />
                <span className="ab-score" role="img" aria-label={tx.t("board.scoreLabel", { n: view.scores[s] ?? 0 })}>
                  <Star />
                  <span aria-hidden="true">{tx.t("board.scoreValue", { n: view.scores[s] ?? 0 })}</span>
                </span>
                <TakenStones view={view} seat={s} tx={tx} />
              </div>
            </div>
          );
        })}
        <div className="ab-felt">
          <div className="ab-middle">
            <span className="ab-round">{tx.t("board.roundNumber", { round: view.round })}</span>
            <span className="ab-pile" data-coach="pile">{tx.t("board.pile", { n: view.pileSize })}</span>
            <span className="ab-secrets" data-coach="secrets" role="img" aria-label={tx.t("board.secretsLeft", { n: view.secretCount })}>
              {Array.from({ length: view.secretCount }, (_, i) => (
                <SecretStone key={i} size={20} label={null} />
              ))}
              <span aria-hidden="true">{tx.t("board.secretsLeftShort", { n: view.secretCount })}</span>
            </span>
            <span className="ab-die-kind">{tx.t("board.dieKind", { faces: tx.t(`option.die.value.${view.options.die}`) })}</span>
            <span className="ab-flow">
              <Arrow to="round" />
              {tx.t("board.playPasses")}
            </span>
          </div>
          {status && (
            <p className={`ab-status${myTurn ? " mine" : ""}`} aria-live="polite">
              {status}
            </p>
          )}
          <div className="ab-spells" role="group" aria-label={myTurn ? tx.t("board.castSpell") : tx.t("board.spells")}>
            {SPELLS.map((k) => {
              const counts = tally(view, k);
              const name = tx.t(`spell.${k}.name`);
              const listed = myTurn && findLegal(legal, { type: "cast", spell: k }) !== undefined;
              // a plaque to call is named "cast 6 —" (hidden) then its visible words (name, count, mark)
              const castOf = tx.t("board.castOf", { cast: counts.cast, total: k });
              const count = noneOfMine.has(k) ? tx.t("board.countNone", { count: castOf, none: tx.t("board.noneOfMine") }) : castOf;
              return (
                <Face
                  key={k}
                  className={`ab-plaque s${k}${myTurn && lower(k) ? " lower" : ""}${justCast.has(k) ? " just-cast" : ""}`}
                  title={tx.t("board.plaqueTitle", { n: k, name })}
                  body={
                    <>
                      {tx.t(`spell.${k}.effect`)}
                      <span className="ab-tally">{tx.t("board.tally", { ...counts, total: k })}</span>
                      {noneOfMine.has(k) && <span className="ab-tally">{tx.t("board.noneOfMineLong", { n: k })}</span>}
                    </>
                  }
                  label={tx.t("board.plaqueLabel", { n: k, name, count })}
                  spoken={tx.t("board.castSpoken", { n: k })}
                  onActivate={myTurn ? () => call(k) : undefined}
                  legal={listed && !lower(k)}
                  selected={warning?.spell === k ? true : undefined}
                  testId={`spell-${k}`}
                  coach={`plaque-${k}`}
                >
                  <span className="ab-plaque-top">
                    <Stone spell={k} size={34} digit={tx.t("board.stoneFace", { n: k })} label={null} />
                    <Emblem spell={k} size={18} />
                  </span>{" "}
                  <span className="ab-plaque-name">{name}</span>{" "}
                  <span className="ab-count">{castOf}</span>
                  <Pips spell={k} counts={counts} />{" "}
                  {noneOfMine.has(k) && <span className="ab-none">{tx.t("board.noneOfMine")}</span>}
                </Face>
              );
            })}
          </div>
          <div className="ab-legend" aria-hidden="true">
            {(["cast", "revealed", "held", "unseen"] as const).map((kind) => (
              <span key={kind}>
                <LegendPip kind={kind} />
                {tx.t(`board.legend.${kind}`)}
              </span>
            ))}
          </div>
          {warning && (
            <div role="alert" className="warning ab-warning">
              <span>{warning.kind === "lower" ? tx.t("board.lowerCall", { spell: warning.spell, last: warning.last }) : tx.t("board.notAllowed", { spell: warning.spell })}</span>
              <span className="ab-warning-buttons">
                {warning.kind === "lower" && (
                  <button
                    type="button"
                    className="small confirm"
                    data-board-target=""
                    onClick={() => {
                      setWarning(null);
                      act(warning.action);
                    }}
                  >
                    {tx.t("board.castAnyway")}
                  </button>
                )}
                <button type="button" className="small" data-board-target="" onClick={() => setWarning(null)}>
                  {tx.t("board.cancel")}
                </button>
              </span>
            </div>
          )}
          {myTurn && lastCast > 0 && (
            <Target action={{ type: "end" }} legal={legal} act={act} label={tx.t("board.endTurnLabel", { last: lastCast })} className="ab-end" testId="end-turn" coach="end-turn">
              {tx.t("board.endTurn")}
            </Target>
          )}
          {(casts.length > 0 || rolls.length > 0) && (
            <div className="ab-last" aria-live="polite">
              {casts.map((e, i) => (
                <span key={`c${i}`} className={`ab-cast ${e.outcome}`}>
                  {tx.line(describeEvent(e, viewer))}
                </span>
              ))}
              {rolls.map((r, i) => (
                <span key={`r${i}`} className="ab-roll">
                  {tx.t("board.rollBy", { player: { seat: r.seat } })} <Die text={tx.t("board.dieFace", { n: r.value })} label={tx.t("board.dieLabel", { n: r.value })} />
                </span>
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** The end of the last round: how it ended, every seat's last stones face up, the points. */
function RoundReveal({ end, seat, tx, hide }: { end: RoundEndEvent; seat: number | null; tx: GameTextApi; hide: () => void }) {
  return (
    <div className="ab-reveal reveal" role="region" aria-label={tx.t("board.revealTitle", { round: end.round })}>
      <div className="ab-reveal-head">
        <strong>{tx.t("board.revealTitle", { round: end.round })}</strong> <span>{roundEndText(tx, end)}</span>
        <button type="button" className="small ab-hide" onClick={hide}>
          {tx.t("board.hide")}
        </button>
      </div>
      <ul>
        {end.points.map((points, s) => {
          const hand = end.hands?.[s];
          return (
            <li key={s} className={s === seat ? "me" : undefined}>
              <span className="ab-name">{tx.t(s === seat ? "board.yourStonesWere" : "board.seatName", { player: { seat: s } })}</span>
              <span className="ab-rack" role="group" aria-label={tx.t("board.stonesOf", { player: { seat: s } })}>
                {hand
                  ? stonesOf(hand).map((k, i) => <Stone key={i} spell={k} size={24} marked={s === seat} digit={tx.t("board.stoneFace", { n: k })} label={tx.t("board.stoneLabel", { n: k, name: tx.t(`spell.${k}.name`) })} />)
                  : null}
                {hand && stonesOf(hand).length === 0 && <span className="ab-empty">{tx.t("board.noStone")}</span>}
              </span>
              <span className="ab-points">{tx.t("board.roundPoints", { points, score: end.scores[s] ?? 0 })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The secret stones a seat has taken: their faces where this view knows them, else their backs. */
export function TakenStones({ view, seat, tx }: { view: View; seat: number; tx: GameTextApi }) {
  const count = view.takenCounts[seat] ?? 0;
  if (count === 0) return null;
  const taken = view.taken[seat];
  return (
    <span className="ab-taken" role="group" aria-label={tx.t("board.secretLabel", { n: count })}>
      {taken
        ? taken.map((k, i) => <SecretStone key={i} size={22} digit={tx.t("board.stoneFace", { n: k })} label={tx.t("board.secretKnown", { n: k, name: tx.t(`spell.${k}.name`) })} />)
        : Array.from({ length: count }, (_, i) => <SecretStone key={i} size={22} label={tx.t("board.secretStone")} />)}
    </span>
  );
}
