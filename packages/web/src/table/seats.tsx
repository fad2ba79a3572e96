// The seats around the table: names (an account's links to its profile, a guest is marked as
// one), who is away, whose decision it is with its clock, and a bot standing in for a player said
// plainly — for the reader's own seat, with a one-click take-back.
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import type { DecisionInfo, TableInfo } from "../protocol.ts";
import type { GameTextApi } from "../text.tsx";
import { Countdown } from "../widgets.tsx";
import { ratingText } from "../players/Profile.tsx";

export function Seats({ table, decision, mySeat, tx }: { table: TableInfo; decision: DecisionInfo | null; mySeat: number | null; tx: GameTextApi }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="seats" aria-label={t("create.seats")}>
      {table.seats.map((s) => {
        const waiting = decision !== null && decision.type !== "over" && decision.seats.includes(s.seat);
        const name = s.name ? tx.displayName(s.seat) : t("table.seatOpen");
        // At a rated table, each seat's rating beside its name.
        const shown = s.name && s.rating !== undefined ? t("table.rating", { name, rating: ratingText(i18n.language, s.rating) }) : name;
        return (
          <li key={s.seat} className={`${waiting ? "waiting" : ""}${s.seat === mySeat ? " me" : ""}${s.botTakeover && table.status === "playing" ? " taken-over" : ""}`} data-seat={s.seat}>
            {waiting && <span aria-hidden="true">▶ </span>}
            {s.kind === "human" && s.account && s.name ? <Link to={{ page: "player", name: s.name }}>{shown}</Link> : shown}
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
