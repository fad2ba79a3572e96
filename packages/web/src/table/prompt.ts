// The prompt of the decision under way, for this reader. The decider reads the game's own prompt,
// in the second person ("Bid mana…"); everyone else (the other players, a spectator) reads its
// third-person form, the catalogue's `<prompt key>.others` with `who` (the deciders) and `n` (how
// many) added. A prompt already worded for every reader (its deciders as `_me` selects) is shown
// as it is; one with neither is not shown to others rather than misaddressed.
import type { Message, MessageParam } from "@grimoire/engine";
import type { DecisionInfo } from "../protocol.ts";
import type { GameTextApi } from "../text.tsx";

/** The key of a prompt's third-person form. */
export const othersKey = (key: string): string => `${key}.others`;

export function promptFor(tx: GameTextApi, decision: DecisionInfo | null, mySeat: number | null): string | null {
  if (!decision || decision.type === "over" || !decision.prompt) return null;
  const prompt = decision.prompt as Message;
  if (mySeat !== null && decision.seats.includes(mySeat)) return tx.line(prompt);
  const catalogue = tx.game?.text.en;
  if (!catalogue) return null;
  if (Object.hasOwn(catalogue, othersKey(prompt.key))) {
    const seats = decision.seats.map((seat) => ({ seat }));
    const who: MessageParam = seats.length === 1 ? seats[0]! : seats;
    return tx.line({ key: othersKey(prompt.key), params: { ...prompt.params, who, n: seats.length } });
  }
  return /_me, select/.test(catalogue[prompt.key] ?? "") ? tx.line(prompt) : null;
}
