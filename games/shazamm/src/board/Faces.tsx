// Every component's face, for the rules at the table: the decoy and the fourteen spell cards.
import type { GameTextApi } from "@grimoire/web/kit";
import { DECOY, SPELLS } from "../data.ts";
import { SpellCard } from "./SpellCard.tsx";
import "./board.css";

export function ShazammFaces({ tx }: { tx: GameTextApi }) {
  return (
    <div className="rules-faces shazamm sz-faces">
      {[DECOY, ...SPELLS].map((card) => (
        <SpellCard key={card} card={card} tx={tx} />
      ))}
    </div>
  );
}
