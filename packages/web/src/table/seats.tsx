// The seats around the table: names (an account's links to its profile, a guest is marked as
// one), who is away, whose decision it is with its clock, and a bot standing in for a player said
// plainly — for the reader's own seat, with a one-click take-back.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { api } from "../api.ts";
import type { DecisionInfo, TableInfo } from "../protocol.ts";
import type { GameTextApi } from "../text.tsx";
import { Countdown } from "../widgets.tsx";
import { ratingText } from "../players/Profile.tsx";
import { Avatar } from "../players/Avatar.tsx";

export function Seats({ table, decision, mySeat, tx }: { table: TableInfo; decision: DecisionInfo | null; mySeat: number | null; tx: GameTextApi }) {
  const { t, i18n } = useTranslation();
  const after = useRatingsAfter(table);
  return (
    <ul className="seats" aria-label={t("create.seats")}>
      {table.seats.map((s) => {
        const waiting = decision !== null && decision.type !== "over" && decision.seats.includes(s.seat);
        const name = s.name ? tx.displayName(s.seat) : t("table.seatOpen");
        // At a rated table, each seat's rating beside its name.
        // Once over, the rating the match left beside the one it began with (issue #25: "0,0" stayed).
        const later = after.get(s.seat);
        const shown =
          s.name && s.rating !== undefined
            ? later !== undefined
              ? t("table.ratingChange", { name, before: ratingText(i18n.language, s.rating), after: ratingText(i18n.language, later) })
              : t("table.rating", { name, rating: ratingText(i18n.language, s.rating) })
            : name;
        return (
          <li key={s.seat} className={`${waiting ? "waiting" : ""}${s.seat === mySeat ? " me" : ""}${s.botTakeover && table.status === "playing" ? " taken-over" : ""}`} data-seat={s.seat}>
            {waiting && <span aria-hidden="true">▶ </span>}
            {s.kind === "human" && s.account && s.name ? (
              <Link to={{ page: "player", name: s.name }} className="player-link">
                <Avatar name={s.name} size={20} />
                {shown}
              </Link>
            ) : (
              shown
            )}
            {t("table.seatLine", {
              guest: s.kind === "human" && !s.account ? "yes" : "no",
              me: s.seat === mySeat ? "yes" : "no",
              takeover: s.botTakeover && table.status === "playing" ? "yes" : "no",
              offline: s.kind === "human" && !s.connected ? "yes" : "no",
            })}
            {waiting && decision?.deadline != null && (
              <>
                {" "}
                <Countdown secondary deadline={decision.deadline} label={(_, time) => t("match.seatClock", { name, time })} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * At a finished rated table, each seat's rating after the match: an account's from its profile's
 * history (the entry of this table), a bot level's from the leaderboard (its rating now). The
 * table itself carries only the ratings the seats were taken with. Asked again a few times while
 * the match's ratings are being written.
 */
function useRatingsAfter(table: TableInfo): ReadonlyMap<number, number> {
  const [after, setAfter] = useState<ReadonlyMap<number, number>>(new Map());
  const rated = table.status === "over" && table.seats.some((s) => s.rating !== undefined);
  useEffect(() => {
    if (!rated) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (tries: number) => {
      const found = new Map<number, number>();
      const accounts = table.seats.filter((s) => s.kind === "human" && s.account && s.name && s.rating !== undefined);
      await Promise.all(
        accounts.map(async (s) => {
          const profile = await api.profile(s.name!).catch(() => null);
          const entry = profile?.games.find((g) => g.game === table.game)?.history.find((h) => h.table === table.id);
          if (entry) found.set(s.seat, entry.ordinal);
        }),
      );
      const bots = table.seats.filter((s) => s.kind === "bot" && s.level && s.rating !== undefined);
      if (bots.length > 0) {
        const board = await api.leaderboard(table.game).catch(() => null);
        for (const s of bots) {
          const row = board?.players.find((p) => p.bot === s.level);
          if (row) found.set(s.seat, row.rating.ordinal);
        }
      }
      if (stopped) return;
      setAfter(found);
      if (accounts.some((s) => !found.has(s.seat)) && tries > 0) timer = setTimeout(() => void ask(tries - 1), 1500);
    };
    void ask(4);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [rated, table.id, table.game, table.seats]);
  return after;
}

/** A bot plays for a human seat: said plainly, with "take my seat back" on the reader's own seat. */
export function TakeoverBanner({ table, mySeat, tx, reclaim }: { table: TableInfo; mySeat: number | null; tx: GameTextApi; reclaim: () => void }) {
  const { t } = useTranslation();
  const taken = table.status === "playing" ? table.seats.filter((s) => s.botTakeover) : [];
  if (taken.length === 0) return null;
  return (
    <div className="takeover" role="status" data-testid="takeover">
      {taken.map((s) =>
        s.seat === mySeat ? (
          <p key={s.seat} className="takeover-you">
            <strong>{t("match.takeoverYou", { reason: s.takeoverReason ?? "absent" })}</strong>{" "}
            <button type="button" className="take-back" onClick={reclaim}>
              {t("match.takeBack")}
            </button>
          </p>
        ) : (
          <p key={s.seat}>{t("match.takeoverOther", { reason: s.takeoverReason ?? "absent", name: tx.displayName(s.seat) })}</p>
        ),
      )}
    </div>
  );
}
