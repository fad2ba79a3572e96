// The end of an Emmerlaüs game: the final standing (the last wizard standing first, then the others
// from the last to fall to the first), the damage each dealt and took over the whole log, when each
// fell, every hand and object shown face up (each hand from its own seat's final view: the reader's
// view shows only theirs), and each wizard's life after every round of turns.
import { useId } from "react";
import type { BoardLogLine, GameTextApi, SummaryProps } from "@grimoire/web/kit";
import type { EmmerlausEvent } from "../state.ts";
import type { EmmerlausView } from "../view.ts";
import { LIFE_AT_START } from "../data.ts";
import { MiniCard } from "./CardFace.tsx";

export interface Tally {
  /** Life taken from other players by each seat's cards, staves and robes (a Miroir's share counts for who played it). */
  readonly dealt: number[];
  /** Life each seat lost, from any cause. */
  readonly taken: number[];
  /** The turn each seat fell at (null: still standing). */
  readonly fellAt: (number | null)[];
  /** Seats in the order they fell. */
  readonly fallen: number[];
}

const ROBES = new Set(["retaliation", "mirror-robe", "vampiric"]);

/** Damage dealt and taken, and who fell when, read from the log's events. */
export function tally(seats: number, log: readonly BoardLogLine[]): Tally {
  const dealt = Array.from({ length: seats }, () => 0);
  const taken = Array.from({ length: seats }, () => 0);
  const fellAt: (number | null)[] = Array.from({ length: seats }, () => null);
  const fallen: number[] = [];
  let turn = 0;
  let source: number | null = null;
  let mirror: number | null = null;
  let robe: number | null = null;
  for (const line of log) {
    const e = line.event as EmmerlausEvent;
    switch (e?.type) {
      case "turn":
        turn++;
        source = mirror = robe = null;
        break;
      case "played":
      case "shot":
        source = e.seat;
        mirror = robe = null;
        break;
      case "answered":
        if (e.answer === "mirror") mirror = e.seat;
        break;
      case "roll":
        if (ROBES.has(e.what)) robe = e.seat;
        break;
      case "life":
        if (e.delta < 0 && e.seat >= 0 && e.seat < seats) {
          taken[e.seat]! -= e.delta;
          // Another's loss counts for the card's caster; the caster's own loss for the Miroir or robe that sent it back.
          const by = source !== null && e.seat !== source ? source : e.seat === source ? (robe ?? mirror) : null;
          if (by !== null && by !== e.seat) dealt[by]! -= e.delta;
        }
        break;
      case "died":
        if (e.seat >= 0 && e.seat < seats) {
          fellAt[e.seat] = turn;
          fallen.push(e.seat);
        }
        break;
      default:
        break;
    }
  }
  return { dealt, taken, fellAt, fallen };
}

/**
 * Each wizard's life at the end of every round (null: out of the game then), read from the log. A
 * round ends when the turn comes back to a wizard who has already played in it: every wizard still
 * standing has had a turn (one asleep included). The last row is the position at the end.
 */
export function lifeByRound(seats: number, log: readonly BoardLogLine[]): (number | null)[][] {
  const life = Array.from({ length: seats }, () => LIFE_AT_START);
  const alive = Array.from({ length: seats }, () => true);
  const rounds: (number | null)[][] = [];
  let played = new Set<number>();
  const close = () => rounds.push(life.map((l, s) => (alive[s] ? l : null)));
  const known = (seat: number) => seat >= 0 && seat < seats;
  for (const line of log) {
    const e = line.event as EmmerlausEvent;
    switch (e?.type) {
      case "turn":
        if (played.has(e.seat)) {
          close();
          played = new Set();
        }
        played.add(e.seat);
        break;
      case "life":
        if (known(e.seat)) life[e.seat] = e.life;
        break;
      case "died":
        if (known(e.seat)) alive[e.seat] = false;
        break;
      case "resurrected":
        if (known(e.seat)) alive[e.seat] = true;
        break;
      case "swapped":
        // Transfert de corps: the two wizards' bodies, and so their lives, change hands (R25).
        if (known(e.seat) && known(e.other)) [life[e.seat], life[e.other]] = [life[e.other]!, life[e.seat]!];
        break;
      default:
        break;
    }
  }
  if (played.size > 0) close();
  return rounds;
}

/** Seats from first place to last: the living by life, then the fallen from the last to fall. */
export function standing(view: EmmerlausView, t: Tally): number[] {
  const living = view.players.flatMap((p, s) => (p.alive ? [s] : [])).sort((a, b) => view.players[b]!.life - view.players[a]!.life);
  const fallen = [...t.fallen].reverse().filter((s, i, all) => all.indexOf(s) === i && !view.players[s]!.alive);
  const rest = view.players.flatMap((_, s) => (living.includes(s) || fallen.includes(s) ? [] : [s]));
  return [...living, ...fallen, ...rest];
}

export function EmmerlausSummary({ view, seatViews, log, tx }: SummaryProps<EmmerlausView>) {
  const t = tally(view.players.length, log);
  const order = standing(view, t);
  // The game is over: every hand is shown, each from its own seat's final view.
  const handOf = (s: number) => view.players[s]!.hand ?? seatViews?.[s]?.players[s]?.hand ?? null;
  return (
    <section className="em-summary" aria-label={tx.t("board.summary.title")}>
      <h3>{tx.t("board.summary.title")}</h3>
      <div className="em-summary-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{tx.t("board.summary.place")}</th>
              <th scope="col">{tx.t("board.summary.wizard")}</th>
              <th scope="col">{tx.t("board.summary.life")}</th>
              <th scope="col">{tx.t("board.summary.dealt")}</th>
              <th scope="col">{tx.t("board.summary.taken")}</th>
              <th scope="col">{tx.t("board.summary.fell")}</th>
              <th scope="col">{tx.t("board.summary.cards")}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((s, i) => {
              const p = view.players[s]!;
              const fell = t.fellAt[s];
              return (
                <tr key={s} className={p.alive ? "em-standing" : "em-fallen"}>
                  {/* data-label: each cell's column, said before it when a phone stacks the rows (board.css) */}
                  <td data-label={tx.t("board.summary.place")}>{tx.t("board.number", { n: i + 1 })}</td>
                  <th scope="row">{tx.displayName(s)}</th>
                  <td data-label={tx.t("board.summary.life")}>{tx.t("board.number", { n: p.life })}</td>
                  <td data-label={tx.t("board.summary.dealt")}>{tx.t("board.number", { n: t.dealt[s]! })}</td>
                  <td data-label={tx.t("board.summary.taken")}>{tx.t("board.number", { n: t.taken[s]! })}</td>
                  <td data-label={tx.t("board.summary.fell")}>{p.alive ? tx.t("board.summary.standing") : fell !== null && fell !== undefined ? tx.t("board.summary.fellAt", { n: fell }) : tx.t("board.summary.out")}</td>
                  <td data-label={tx.t("board.summary.cards")}>
                    <Cards hand={handOf(s)} count={p.handCount} objects={p.objects} tx={tx} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Rounds seats={order} rounds={lifeByRound(view.players.length, log)} tx={tx} />
    </section>
  );
}

/** Each wizard's life after every round, in the standing's order. */
function Rounds({ seats, rounds, tx }: { seats: readonly number[]; rounds: readonly (readonly (number | null)[])[]; tx: GameTextApi }) {
  const title = useId();
  if (rounds.length === 0) return null;
  return (
    <div className="em-summary-scroll em-rounds" role="region" aria-labelledby={title} tabIndex={0}>
      <table>
        <caption id={title}>
          {tx.t("board.summary.rounds")} <span className="muted">{tx.t("board.summary.roundsNote")}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{tx.t("board.summary.round")}</th>
            {seats.map((s) => (
              <th key={s} scope="col">{tx.displayName(s)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((life, r) => (
            <tr key={r}>
              <th scope="row">{tx.t("board.number", { n: r + 1 })}</th>
              {seats.map((s) => (
                <td key={s}>{life[s] === null || life[s] === undefined ? <span className="muted">{tx.t("board.summary.out")}</span> : tx.t("board.number", { n: life[s]! })}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ hand, count, objects, tx }: { hand: string[] | null; count: number; objects: readonly string[]; tx: GameTextApi }) {
  return (
    <span className="em-summary-cards">
      {hand === null ? (
        count > 0 && <span className="muted">{tx.t("board.summary.hidden", { n: count })}</span>
      ) : hand.length === 0 && objects.length === 0 ? (
        <span className="muted">{tx.t("board.summary.none")}</span>
      ) : (
        hand.map((id, i) => <MiniCard key={`h${i}`} id={id} tx={tx} />)
      )}
      {objects.map((id, i) => (
        <MiniCard key={`o${i}`} id={id} tx={tx} label={tx.t("board.summary.inPlay", { card: { key: `card.${id}.name` } })} />
      ))}
    </span>
  );
}
