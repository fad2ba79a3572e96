// What the page hands every game's board: the seat's view, the table, the legal actions when it is
// the reader's decision, how to act, the last events, and the game's words for this reader.
import type { ComponentType } from "react";
import type { LegalAction, TableInfo } from "../protocol.ts";
import type { GameTextApi } from "../text.tsx";
import type { SoundSet } from "./sounds.ts";

/** `V`: the game's view; `VE`: its events as a viewer sees them (for the log and for motion only: what the board shows comes from the view). */
export interface BoardProps<V = unknown, VE = unknown> {
  readonly view: V;
  /** The reader's seat (null: a spectator, or the replay's omniscient viewer). */
  readonly seat: number | null;
  readonly table: TableInfo;
  /** Listed legal actions when it is this seat's decision ([] otherwise, null when too many to list). */
  readonly legal: readonly LegalAction[] | null;
  readonly act: (action: unknown) => void;
  /** The events of the last change, as this reader saw them: for the board's animations, never for what it shows. */
  readonly events: readonly VE[];
  readonly myTurn: boolean;
  /** The game's words for this reader (names, "you", the page's language). */
  readonly tx: GameTextApi;
}

/** A line of the match's log: the event as this reader saw it, and who caused it. */
export interface BoardLogLine {
  readonly version: number;
  readonly event: unknown;
  readonly by: string;
}

/** What the end-of-game screen hands a game's summary: the final view with nothing hidden. */
export interface SummaryProps<V = unknown> {
  /**
   * The final position with every hand and hidden piece shown when the game has `fullView`;
   * otherwise the reader's own final view (a seat's, or a spectator's): use `seatViews` then.
   */
  readonly view: V;
  /** Every seat's final view (each with its own hand shown): together, all hidden information. */
  readonly seatViews?: readonly V[];
  readonly table: TableInfo;
  /** The whole log of the match, in order (for a breakdown round by round). */
  readonly log: readonly BoardLogLine[];
  readonly tx: GameTextApi;
}

/** What a game's `board` entry point exports; the catalog's board registry loads it on demand. */
export interface BoardModule {
  readonly Board: ComponentType<BoardProps<never, never>>;
  /** The end-of-game breakdown (scores round by round, hidden information revealed), if any. */
  readonly Summary?: ComponentType<SummaryProps<never>>;
  /** Every component's face (cards, stones…), drawn in the rules at the table, if the game has them. */
  readonly Faces?: ComponentType<{ readonly tx: GameTextApi }>;
  /** The game's sounds (its voice, the cue of each event), if any. */
  readonly sounds?: SoundSet;
}
