// Each game's words for the page: its catalogues and how it words its events and actions. Only
// these modules of each game load with the page; the rules and the bots (the whole catalog) load
// on demand, for the replay.
import type { GameText, Message, Viewer } from "@grimoire/engine";
import { describeAction as abracaAction, describeEvent as abracaEvent } from "../../../../games/abracadawhat/src/describe.ts";
import { text as abracaText } from "../../../../games/abracadawhat/src/text/index.ts";
import { describeAction as emmerlausAction, describeEvent as emmerlausEvent } from "../../../../games/emmerlaus/src/describe.ts";
import { text as emmerlausText } from "../../../../games/emmerlaus/src/text/index.ts";
import { describeAction as incantibusAction, describeEvent as incantibusEvent } from "../../../../games/incantibus/src/describe.ts";
import { text as incantibusText } from "../../../../games/incantibus/src/text/index.ts";
import { describeAction as shazammAction, describeEvent as shazammEvent } from "../../../../games/shazamm/src/describe.ts";
import { text as shazammText } from "../../../../games/shazamm/src/text/index.ts";

export interface GameWords {
  readonly text: GameText;
  /** An event as `viewer` saw it (the server projected it), as a Message. */
  describeEvent(event: unknown, viewer: Viewer): Message;
  describeAction(action: unknown): Message;
}

type Describe<T> = (value: T, viewer: Viewer) => Message;
// The wire's events and actions are the game's own, typed as unknown at this edge.
const words = <E, A>(text: GameText, event: Describe<E>, action: (a: A) => Message): GameWords => ({
  text,
  describeEvent: (e, viewer) => event(e as E, viewer),
  describeAction: (a) => action(a as A),
});

const WORDS: Readonly<Record<string, GameWords>> = {
  abracadawhat: words(abracaText, abracaEvent, abracaAction),
  emmerlaus: words(emmerlausText, emmerlausEvent, emmerlausAction),
  incantibus: words(incantibusText, incantibusEvent, incantibusAction),
  shazamm: words(shazammText, shazammEvent, shazammAction),
};

export function findWords(gameId: string): GameWords | undefined {
  return Object.hasOwn(WORDS, gameId) ? WORDS[gameId] : undefined;
}
