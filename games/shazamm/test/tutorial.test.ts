// The guided first game (../tutorial.json) through the engine's tutorial suite: legal from its
// arrangement, worded in both catalogues, ending with the learner winning.
import { describeTutorial } from "@grimoire/engine/tutorial-suite";
import { shazammGame as game, text } from "../src/index.ts";

describeTutorial(game, text, new URL("../tutorial.json", import.meta.url));
