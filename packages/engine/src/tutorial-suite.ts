// The guided first game's suite, run by every game on its own ../tutorial.json: a valid tutorial
// file whose every scripted step is legal in the rules from its arrangement, whose words exist in
// both catalogues, and which ends where it says (the game over, the learner winning). Every
// learner step points at something to use. Test code (it imports vitest): only tests import it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AnyGame } from "./game.ts";
import { act, waitingSeats } from "./play.ts";
import { checkTutorial, loadTutorial, sameAction } from "./tutorial.ts";

/** The suite for `game`'s tutorial file at `file` (a URL beside the test), with its `text` catalogues. */
export function describeTutorial(game: AnyGame, text: Parameters<typeof checkTutorial>[1], file: URL): void {
  const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
  const load = () => {
    const loaded = loadTutorial(raw, (id) => (id === game.id ? game : undefined));
    if (!loaded.ok) throw new Error(loaded.error);
    return loaded.value;
  };

  describe("guided first game", () => {
    it("loads, and plays through the rules to its end with the learner winning", () => {
      const tutorial = load();
      const played = checkTutorial(tutorial, text);
      expect(played.ok ? "ok" : played.error).toBe("ok");
      const state = (played as { ok: true; value: unknown }).value as Parameters<typeof game.outcome>[0];
      expect(tutorial.end).toBe("over");
      expect(game.outcome(state)?.winners).toEqual([tutorial.learner]);
    });

    it("asks the learner only for moves they may make, and points at what to use", () => {
      const tutorial = load();
      const state = game.clone(tutorial.scenario.initial);
      let asked = 0;
      let withChoice = 0;
      for (const step of tutorial.steps) {
        if (step.seat === undefined) continue;
        if (step.seat === tutorial.learner) {
          asked++;
          expect(waitingSeats(game.decision(state))).toContain(tutorial.learner);
          expect(step.point.length).toBeGreaterThan(0);
          // where another legal move exists, a wrong move is possible: the page refuses it with the hint
          if (game.legalActions(state, tutorial.learner).some((a) => !sameAction(a, step.action))) withChoice++;
        }
        expect(act(game, state, step.seat, step.action).ok).toBe(true);
      }
      expect(asked).toBeGreaterThanOrEqual(3);
      expect(withChoice).toBeGreaterThanOrEqual(3);
    });

    it("refuses a script with a move the rules refuse, naming the step", () => {
      const broken = structuredClone(raw) as { steps: { seat?: number; action?: unknown }[] };
      const first = broken.steps.findIndex((s) => s.seat !== undefined);
      broken.steps[first]!.action = { type: "no-such-move" };
      const loaded = loadTutorial(broken, (id) => (id === game.id ? game : undefined));
      expect(loaded.ok).toBe(true);
      const played = checkTutorial((loaded as { ok: true; value: ReturnType<typeof load> }).value, text);
      expect(played.ok ? "ok" : played.error).toMatch(new RegExp(`^steps\\[${first}\\]: `));
    });
  });
}
