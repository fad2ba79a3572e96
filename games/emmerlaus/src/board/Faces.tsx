// Every component's face, for the rules at the table: each card of the base deck and of the
// expansions once, as the hand shows it (the popover has its whole text).
import type { GameTextApi } from "@grimoire/web/kit";
import { CARDS, EXPANSION_CARDS } from "../cards.ts";
import { CardFace } from "./CardFace.tsx";
import "./board.css";

export function EmmerlausFaces({ tx }: { tx: GameTextApi }) {
  const ids = [...new Set([...CARDS, ...EXPANSION_CARDS].map((c) => c.id))];
  return (
    <div className="rules-faces em-faces">
      {ids.map((id) => (
        <CardFace key={id} id={id} tx={tx} />
      ))}
    </div>
  );
}
