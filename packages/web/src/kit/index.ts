// The kit every game's board is built from (imported as @grimoire/web/kit by games/<id>/src/board).
export type { BoardLogLine, BoardModule, BoardProps, SummaryProps } from "./types.ts";
export { SOUND_CUES, type SoundCue, type SoundSet, type Voice } from "./sounds.ts";
export { Die, Face, findLegal, Meter, sayAround, Target } from "./widgets.tsx";
export type { GameTextApi } from "../text.tsx";
export type { LegalAction, TableInfo } from "../protocol.ts";
export { lessMotion, MOTION_MS, playMotions, useMotion, type Motion } from "./motion.ts";
