// Every component's face, for the rules at the table: the eight spellstones with their names.
import type { GameTextApi } from "@grimoire/web/kit";
import { SPELLS } from "../data.ts";
import { Stone } from "./pieces.tsx";
import "./board.css";

export function AbracaFaces({ tx }: { tx: GameTextApi }) {
  return (
    <ul className="rules-faces ab-faces">
      {SPELLS.map((n) => (
        <li key={n}>
          <Stone spell={n} size={40} label={null} digit={tx.t("board.stoneFace", { n })} />
          <span>{tx.t("board.stoneLabel", { n, name: tx.t(`spell.${n}.name`) })}</span>
        </li>
      ))}
    </ul>
  );
}
