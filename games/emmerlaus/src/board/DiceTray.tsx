// The dice of the last change, rolled on the table: one row per roll (who rolled, for what, the
// result) with each die drawn and rolled in (the kit's Die; its animation stops under
// prefers-reduced-motion). A resistance roll shows its threshold and whether it held.
import { Die, type GameTextApi } from "@grimoire/web/kit";
import { useMemo } from "react";
import { describeRoll } from "../describe.ts";
import type { EmmerlausEvent } from "../state.ts";

type RollEvent = Extract<EmmerlausEvent, { type: "roll" }>;

const isRoll = (e: unknown): e is RollEvent => {
  const r = e as Partial<RollEvent> | null;
  return r !== null && typeof r === "object" && r.type === "roll" && Array.isArray(r.dice) && typeof r.card === "string" && typeof r.die === "number" && typeof r.what === "string";
};

let batches = 0;

export function DiceTray({ events, tx }: { events: readonly unknown[]; tx: GameTextApi }) {
  const rolls = events.filter(isRoll);
  // A new batch of events rolls its dice in again (a fresh key restarts the animation).
  const batch = useMemo(() => ++batches, [events]);
  if (rolls.length === 0) return null;
  return (
    // Focusable: a long list of rolls scrolls (max-height), and a keyboard must reach it to scroll it.
    // No sideways scroll: dice rotating in would make the tray scrollable for a moment.
    <div className="em-dice dice" role="group" aria-label={tx.t("board.diceLabel")} aria-live="polite" tabIndex={0} key={batch}>
      {rolls.map((r, i) => (
        <p key={i} className={`em-roll${r.result ? ` em-${r.result}` : ""}`}>
          <span className="em-roll-dice">
            {r.dice.map((d, j) => (
              <Die key={j} text={tx.t("board.number", { n: d })} label={tx.t("board.die", { n: d })} />
            ))}
          </span>
          <span className="em-roll-text">{tx.line(describeRoll(r))}</span>
        </p>
      ))}
    </div>
  );
}
