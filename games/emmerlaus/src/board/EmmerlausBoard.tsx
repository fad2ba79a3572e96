// Emmerlaüs' board: the wizards as seats (life, power level, cards in hand, objects, cards lying in
// front), the piles, the card waiting for its answers, the dice of the last change rolled on the
// table, and our hand as card faces. We act on the board: click a card of the hand, then the player
// to aim it at (highlighted, with the card's odds at them) or the button of its other form; answer
// an attack with the counter-attack card itself or the answer buttons; pick an object on its
// owner's seat. Every word comes from the game's catalogues (games/emmerlaus/src/text).
import { createRng, seatRef } from "@grimoire/engine";
import { findLegal, useMotion, type BoardProps, type GameTextApi, type LegalAction } from "@grimoire/web/kit";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { card } from "../cards.ts";
import { describeAction } from "../describe.ts";
import { cardOdds, selfAmount, type Odds } from "../odds.ts";
import { legalActions, untouchable } from "../rules.ts";
import type { EmmerlausEvent } from "../state.ts";
import { resample, type EmmerlausView } from "../view.ts";
import { LIFE_AT_START, type Action } from "../data.ts";
import { CardBack } from "./art.tsx";
import { CardFace } from "./CardFace.tsx";
import { answerOfCard, choicesOf, type CardChoices, type Choices, type PlayAction } from "./choices.ts";
import { DiceTray } from "./DiceTray.tsx";
import { emmerlausMotions } from "./motion.ts";
import { Seat, type SeatTarget } from "./Seat.tsx";
import "./board.css";

const NO_CHOICES = choicesOf([]);

/** Seats clockwise, starting with the reader (or the first seat). */
function tableOrder(view: EmmerlausView, reader: number | null): number[] {
  const order = view.seating ?? view.players.map((_, s) => s);
  const at = reader === null ? 0 : Math.max(0, order.indexOf(reader));
  return [...order.slice(at), ...order.slice(0, at)];
}

/** The actions this seat may take: the listed ones, or (when too many to list) the rules' own on a sample of the hidden cards. */
function actionsOf(view: EmmerlausView, seat: number | null, legal: readonly LegalAction[] | null, myTurn: boolean): Action[] {
  if (!myTurn || seat === null) return [];
  if (legal !== null) return legal.map((l) => l.action as Action);
  return legalActions(resample(view, seat, createRng(1)), seat);
}

/** The odds of a card at a player, worded for a seat's badge: what they may lose and their chance to resist. */
export function oddsWords(odds: Odds, tx: GameTextApi): string {
  const parts: string[] = [];
  if (odds.loss) parts.push(tx.t("board.odds.loss", { min: odds.loss.min, max: odds.loss.max, mean: Math.round(odds.loss.mean) }));
  const r = odds.resistance;
  parts.push(r ? tx.t("board.odds.resist", { p: r.resist, rolls: r.rolls, sphere: r.halve > 0 ? "yellow" : "blue" }) : tx.t("board.odds.noRoll"));
  return parts.join(tx.t("board.separator"));
}

/** The card's dice with the caster's power level, worded ("damage 2–16", "5 hits of 1–12", "life gained 4–16"). */
function amountWords(view: EmmerlausView, caster: number, id: string, target: number | undefined, tx: GameTextApi): string | null {
  if (target !== undefined) {
    const odds = cardOdds(view, caster, id, target);
    if (!odds.amount) return null;
    const { min, max } = odds.amount;
    return odds.effect === "drain" ? tx.t("board.odds.drain", { min, max }) : tx.t("board.odds.damage", { min, max, hits: odds.hits });
  }
  const gained = selfAmount(view, caster, id);
  return gained ? tx.t("board.odds.heal", { min: gained.min, max: gained.max }) : null;
}

export function EmmerlausBoard({ view, seat, legal, act, events, myTurn, tx }: BoardProps<EmmerlausView, EmmerlausEvent>) {
  const actions = useMemo(() => actionsOf(view, seat, legal, myTurn), [view, seat, legal, myTurn]);
  const choices: Choices = useMemo(() => (actions.length > 0 ? choicesOf(actions) : NO_CHOICES), [actions]);
  const [selected, setSelected] = useState<string | null>(null);
  const [x, setX] = useState(1);
  const [ring, setRing] = useState<string | null>(null);
  const me = seat !== null ? view.players[seat] : undefined;
  const phase = view.phase;
  const deciding = myTurn && actions.length > 0;
  // A selection lasts while the card is still ours to play.
  const chosen = selected !== null && phase.type === "play" && choices.cards.has(selected) ? selected : null;
  useEffect(() => {
    if (selected !== null && chosen === null) setSelected(null);
  }, [selected, chosen]);

  /** Sends a listed action (compared with the list, so a stale board sends nothing the server did not offer). */
  const send = (action: Action) => {
    const entry = legal === null ? { action } : findLegal(legal, action);
    if (!entry) return;
    setSelected(null);
    act(entry.action);
  };
  const label = (action: Action) => tx.line(describeAction(action));

  // Life gained and lost in the last change, per seat (shown on the seat, with the bar's flash for a loss).
  const deltas = new Map<number, number>();
  for (const e of events) if (e?.type === "life" && e.delta !== 0) deltas.set(e.seat, (deltas.get(e.seat) ?? 0) + e.delta);
  const lifeMax = Math.max(LIFE_AT_START, ...view.players.map((p) => p.life));
  const cc: CardChoices | undefined = chosen !== null ? choices.cards.get(chosen) : undefined;

  // Rings a ring spell may give up (at a target): one is chosen before the player.
  const ringsAt = cc ? [...new Set([...cc.at.values()].flat().flatMap((a) => (a.ring ? [a.ring] : [])))] : [];
  const ringNow = ring !== null && ringsAt.includes(ring) ? ring : (ringsAt[0] ?? null);

  // What clicking each seat does now: aim the chosen card, or fire a staff.
  const seatTargets = new Map<number, SeatTarget>();
  if (cc && seat !== null) {
    for (const [t, plays] of cc.at) {
      const play = plays.find((p) => (p.ring ?? null) === ringNow) ?? plays[0]!;
      const ringData = play.ring ? card(play.ring).effect : null;
      const odds = cardOdds(view, seat, play.card, t, ringData && ringData.kind === "power" ? ringData.value : 0);
      seatTargets.set(t, { label: label(play), onActivate: () => send(play), odds: oddsWords(odds, tx) });
    }
  }
  for (const [t, aim] of choices.aims) seatTargets.set(t, { label: label(aim), onActivate: () => send(aim) });
  // Mass cards: the chance each opponent has to resist, shown on their seat before confirming.
  const massOdds = new Map<number, string>();
  if (cc && seat !== null && chosen !== null && card(chosen).targets === "all-opponents" && (cc.untargeted.length > 0 || cc.xs.length > 0)) {
    view.players.forEach((p, s) => {
      // left out as the rules leave them out: untouchable, or an AM against Amulette anti-attaque de masse
      const spared = untouchable(view, s) || (card(chosen).category === "AM" && p.objects.includes("amulette-anti-attaque-de-masse"));
      if (s !== seat && p.alive && !spared) massOdds.set(s, oddsWords(cardOdds(view, seat, chosen, s), tx));
    });
  }

  // Picks: objects on the victim's seat, or Colère's direct attacks in our hand.
  const objectPicks = new Map<string, { label: string; onActivate: () => void }>();
  const handPicks = new Map<string, Action>();
  if (phase.type === "pick" && deciding) {
    for (const [id, a] of choices.picks) {
      if (id === null) continue;
      if (phase.purpose === "wrath") handPicks.set(id, a);
      else objectPicks.set(id, { label: label(a), onActivate: () => send(a) });
    }
  }

  // Who decides now: the player whose turn it is, or the one asked for an answer, a pick or an aim.
  const decider = phase.type === "answer" ? (phase.pending.chain?.seat ?? phase.pending.askers[phase.pending.asked]) : phase.type === "pick" || phase.type === "aim" ? phase.seat : phase.type === "play" ? view.turn.seat : undefined;

  const root = useRef<HTMLElement | null>(null);
  useMotion(root, events, () => emmerlausMotions(events));
  return (
    <section ref={root} className="board emmerlaus em-board" aria-label={tx.t("board.table")}>
      <ol className="em-seats" aria-label={tx.t("board.seatsLabel")}>
        {tableOrder(view, seat).map((s) => {
          const p = view.players[s]!;
          const target = seatTargets.get(s);
          const mass = massOdds.get(s);
          return (
            <Seat
              key={s}
              player={p}
              seat={s}
              reader={seat}
              tx={tx}
              lifeMax={lifeMax}
              turn={phase.type !== "over" && view.turn.seat === s}
              answering={decider === s && view.turn.seat !== s}
              delta={deltas.get(s) ?? 0}
              {...(target ? { target } : mass ? { note: mass } : {})}
              {...(phase.type === "pick" && phase.victim === s && objectPicks.size > 0 ? { picks: objectPicks } : {})}
            />
          );
        })}
      </ol>
      <div className="em-table">
        <Piles view={view} tx={tx} />
        {phase.type === "answer" && <Pending view={view} seat={seat} tx={tx} />}
        <DiceTray events={events} tx={tx} />
      </div>
      {deciding && (
        <Panel
          view={view}
          seat={seat!}
          tx={tx}
          choices={choices}
          chosen={chosen}
          cc={cc}
          x={x}
          setX={setX}
          ringsAt={ringsAt}
          ringNow={ringNow}
          setRing={setRing}
          deselect={() => setSelected(null)}
          send={send}
          label={label}
        />
      )}
      {me?.hand && (
        <div className="hand em-hand" role="group" aria-label={tx.t("board.handLabel")}>
          {me.hand.map((id, i) => {
            const name = tx.t(`card.${id}.name`);
            if (deciding && phase.type === "play" && choices.cards.has(id)) {
              // Highlighted until one is chosen; then its targets are (another card can still be chosen instead).
              return <CardFace key={i} id={id} tx={tx} coach={`hand-${id}`} legal={chosen === null} selected={chosen === id} label={tx.line({ key: "board.chooseCard", params: { card: { key: `card.${id}.name` } } })} onActivate={() => setSelected(chosen === id ? null : id)} />;
            }
            const answer = deciding && phase.type === "answer" ? answerOfCard(choices, id) : undefined;
            const pick = handPicks.get(id);
            const now = answer ?? pick;
            if (now) return <CardFace key={i} id={id} tx={tx} coach={`hand-${id}`} legal label={label(now)} onActivate={() => send(now)} />;
            return <CardFace key={i} id={id} tx={tx} coach={`hand-${id}`} label={name} />;
          })}
        </div>
      )}
    </section>
  );
}

/** The draw pile (backs and a count) and the discard pile's top card. */
function Piles({ view, tx }: { view: EmmerlausView; tx: GameTextApi }) {
  const top = view.discard[view.discard.length - 1];
  return (
    <div className="em-piles">
      <div className="em-pile" role="img" aria-label={tx.t("board.deckLabel", { n: view.deckCount })}>
        <CardBack width={42} height={56} />
        <span className="em-pile-count" aria-hidden="true">
          {tx.t("board.number", { n: view.deckCount })}
        </span>
      </div>
      <div className="em-pile em-discard">
        {top !== undefined ? <CardFace id={top} tx={tx} className="em-small" label={tx.t("board.discardTop", { n: view.discard.length, top: { key: `card.${top}.name` } })} /> : <span className="em-empty">{tx.t("board.discardEmpty")}</span>}
      </div>
    </div>
  );
}

/** The card waiting for its answers: its face, who cast it at whom, Annulations and Miroirs so far. */
function Pending({ view, seat, tx }: { view: EmmerlausView; seat: number | null; tx: GameTextApi }) {
  const phase = view.phase;
  if (phase.type !== "answer") return null;
  const p = phase.pending;
  const data = card(p.card);
  const aimedAtMe = seat !== null && p.targets.includes(seat) && seat !== p.caster && !p.shot;
  const odds = aimedAtMe && data.effect.kind !== "staff" ? cardOdds(view, p.caster, p.card, seat, p.x ?? 0) : null;
  return (
    <div className="em-pending" role="group" aria-label={tx.t("board.pendingLabel")}>
      <CardFace id={p.card} tx={tx} className="em-small em-cast" />
      <div className="em-pending-text">
        <p>{tx.t("board.pendingLine", { caster: seatRef(p.caster), card: { key: `card.${p.card}.name` }, n: p.targets.length, targets: p.targets.map((t) => seatRef(t)) })}</p>
        {p.annulled > 0 && <p>{tx.t("board.annulledSoFar", { n: p.annulled, needed: data.band.annul })}</p>}
        {p.mirrors.map((m) => (
          <p key={m.target}>{tx.t("board.mirrored", { who: seatRef(m.target), n: m.count })}</p>
        ))}
        {odds && (
          <p className="em-odds-line">
            {tx.t("board.forYou")} {oddsWords(odds, tx)}
          </p>
        )}
      </div>
    </div>
  );
}

/** Our controls for the decision: the chosen card's forms and odds, the answers, the picks, the turn's buttons. */
function Panel({
  view,
  seat,
  tx,
  choices,
  chosen,
  cc,
  x,
  setX,
  ringsAt,
  ringNow,
  setRing,
  deselect,
  send,
  label,
}: {
  view: EmmerlausView;
  seat: number;
  tx: GameTextApi;
  choices: Choices;
  chosen: string | null;
  cc: CardChoices | undefined;
  x: number;
  setX: (x: number) => void;
  ringsAt: readonly string[];
  ringNow: string | null;
  setRing: (r: string) => void;
  deselect: () => void;
  send: (a: Action) => void;
  label: (a: Action) => string;
}) {
  const phase = view.phase;
  const buttons: ReactNode[] = [];
  const button = (key: string, action: Action, text: string, kind = "") =>
    buttons.push(
      <button key={key} type="button" className={`em-button legal ${kind}`} data-board-target="" data-legal="" data-coach={key} onClick={() => send(action)}>
        {text}
      </button>,
    );
  let lines: ReactNode = null;
  if (phase.type === "play") {
    if (cc && chosen !== null) {
      const name = { key: `card.${chosen}.name` };
      const firstTarget = [...cc.at.keys()][0];
      const amount = amountWords(view, seat, chosen, firstTarget ?? (card(chosen).targets === "all-opponents" ? view.players.findIndex((p, s) => s !== seat && p.alive) : undefined), tx);
      lines = (
        <>
          <p className="em-chosen">{tx.t("board.chosen", { card: name })}</p>
          {amount && <p className="em-odds-line">{amount}</p>}
          {cc.at.size > 0 && <p>{tx.t("board.chooseTarget", { card: name })}</p>}
          {(cc.at.size > 0 || card(chosen).targets === "all-opponents") && <p className="muted">{tx.t("board.oddsNote")}</p>}
        </>
      );
      if (ringsAt.length > 1) {
        for (const r of ringsAt)
          buttons.push(
            <button key={`ring-${r}`} type="button" className="em-button em-toggle" aria-pressed={r === ringNow} data-board-target="" onClick={() => setRing(r)}>
              {tx.line({ key: "board.giveUpRing", params: { ring: { key: `card.${r}.name` } } })}
            </button>,
          );
      }
      cc.untargeted.forEach((a, i) => button(`play-${i}`, a, label(a), "em-play"));
      if (cc.xs.length > 0) {
        const min = cc.xs[0]!.x!;
        const max = cc.xs[cc.xs.length - 1]!.x!;
        const value = Math.min(max, Math.max(min, x));
        const play = cc.xs.find((a) => a.x === value) ?? cc.xs[0]!;
        buttons.push(
          <span key="x" className="em-stepper" role="group" aria-label={tx.t("board.xLabel")}>
            <button type="button" className="em-button" aria-label={tx.line({ key: "board.xLess" })} disabled={value <= min} data-board-target="" onClick={() => setX(value - 1)}>
              {tx.t("board.minus")}
            </button>
            <output className="em-x">{tx.t("board.number", { n: value })}</output>
            <button type="button" className="em-button" aria-label={tx.line({ key: "board.xMore" })} disabled={value >= max} data-board-target="" onClick={() => setX(value + 1)}>
              {tx.t("board.plus")}
            </button>
          </span>,
        );
        button("play-x", play as PlayAction, label(play), "em-play");
      }
      if (cc.store) button("store", cc.store, label(cc.store));
      if (cc.discard) button("discard", cc.discard, label(cc.discard), "em-discard-button");
      buttons.push(
        <button key="cancel" type="button" className="em-button em-cancel" data-board-target="" onClick={deselect}>
          {tx.line({ key: "board.cancel" })}
        </button>,
      );
    } else {
      lines = <p>{tx.t("board.pickCard")}</p>;
    }
    if (choices.liftCurse) button("lift", choices.liftCurse, label(choices.liftCurse));
    if (choices.endTurn) button("end", choices.endTurn, label(choices.endTurn));
  } else if (phase.type === "answer") {
    lines = <p>{tx.t("board.answerHint")}</p>;
    if (choices.mirror) button("mirror", choices.mirror, label(choices.mirror));
    for (const [n, a] of choices.annul) button(`annul-${n}`, a, label(a));
    if (choices.heighten) button("heighten", choices.heighten, label(choices.heighten));
    if (choices.pass) button("pass", choices.pass, tx.line({ key: "board.pass" }), "em-pass");
  } else if (phase.type === "pick") {
    lines = <p>{tx.t(phase.purpose === "wrath" ? "board.pickHand" : "board.pickObject")}</p>;
    for (const [id, a] of choices.picks) button(`pick-${id}`, a, label(a));
  } else if (phase.type === "aim") {
    lines = <p>{tx.t("board.aimHint")}</p>;
  }
  return (
    <div className="em-panel" role="group" aria-label={tx.t("board.panelLabel")}>
      {lines}
      {buttons.length > 0 && <div className="em-buttons">{buttons}</div>}
    </div>
  );
}
