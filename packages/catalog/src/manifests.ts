// The one list of registered games, in the order the home page shows them: adding a game is its
// folder (games/<id>, with its manifest) and one line here. index.ts (the games), words.ts (their
// words for the page) and boards.ts (boards and emblems) all derive from it.
import type { GameManifest } from "@grimoire/engine/manifest";
import { manifest as abracadawhat } from "@grimoire/abracadawhat/manifest";
import { manifest as shazamm } from "@grimoire/shazamm/manifest";
import { manifest as incantibus } from "@grimoire/incantibus/manifest";
import { manifest as emmerlaus } from "@grimoire/emmerlaus/manifest";

export const manifests: readonly GameManifest[] = [abracadawhat, shazamm, incantibus, emmerlaus];
