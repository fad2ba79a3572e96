// The "Hint" button of a match: at a table where no rated result is at stake (the server says so
// in `table.hints` and refuses hints elsewhere), the review of the decision the reader faces now,
// from their view: every choice scored, best first, and the game's exact insight. The Match page
// mounts it with one line: <HintButton snap={snap} connection={connection} />.
import { useTranslation } from "react-i18next";
import type { MatchConnection, MatchSnapshot } from "../connection.ts";
import { useGameText } from "../text.tsx";
import { DecisionDetail, unitText } from "./Review.tsx";

export function HintButton({ snap, connection }: { snap: MatchSnapshot; connection: Pick<MatchConnection, "hint"> }) {
  const { t } = useTranslation();
  const table = snap.table;
  const seat = typeof snap.you === "number" ? snap.you : null;
  const tx = useGameText(table?.game ?? "", table, seat);
  if (!table || seat === null || table.hints !== true || table.status !== "playing") return null;
  const myTurn = snap.decision?.seats.includes(seat) ?? false;
  const hint = snap.hint ?? null;
  const current = hint !== null && hint.version === snap.version;
  return (
    <section className="hint" aria-labelledby="hint-h">
      <h2 id="hint-h" className="sr-only">{t("hint.title")}</h2>
      <button type="button" onClick={() => connection.hint()} disabled={!myTurn || snap.hintPending === true}>
        {snap.hintPending ? t("hint.asking") : t("hint.ask")}
      </button>
      {current && hint.review !== null && (
        <div aria-live="polite" data-testid="hint">
          <p>
            {t("hint.title")} <span className="muted">{unitText(t, tx, hint.unit, true)}</span>
          </p>
          <DecisionDetail decision={hint.review} unit={hint.unit} tx={tx} hint />
        </div>
      )}
      {current && hint.review === null && <p aria-live="polite">{t("hint.none")}</p>}
    </section>
  );
}
