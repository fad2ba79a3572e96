// Every component's face, for the rules at the table: each kind of token once (weapons, monsters,
// ingredients, gold, spells, specials, potions, grimoires, sorcerers), as a trunk shows it, with its
// name under it and its rule text in the popover.
import { Face, type GameTextApi } from "@grimoire/web/kit";
import { TOKENS } from "../data.ts";
import { tokenEffectKey, tokenMessage } from "../describe.ts";
import { face } from "../trunk.ts";
import { groupTokens } from "./IncantibusBoard.tsx";
import { FaceIcon } from "./icons.tsx";
import "./board.css";

export function IncantibusFaces({ tx }: { tx: GameTextApi }) {
  const kinds = groupTokens(TOKENS.map((_, id) => id));
  return (
    <div className="rules-faces inc inc-faces">
      {kinds.map((g) => {
        const title = tx.line(tokenMessage(g.id, "name"));
        return (
          <Face key={g.name} title={title} body={tx.t(tokenEffectKey(g.id))} label={title} className={`inc-face inc-token small k-${face(g.id).kind}`}>
            <span className="inc-disc">
              <FaceIcon face={face(g.id)} size={22} />
            </span>
            <span className="inc-faces-name">{title}</span>
          </Face>
        );
      })}
    </div>
  );
}
