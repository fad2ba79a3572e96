// @vitest-environment jsdom
// Motion declared by each game's board (games/<id>/src/board/motion.ts, played by the kit's
// useMotion): over a whole seeded game against itself, every change is rendered as a seat sees it
// with that change's events. The key changes of each game declare motions of the kinds the issue
// asks for (pieces flying to where they go, counters ticking), the elements they move are on the
// board as it is drawn after the change, the board starts one Web Animation per motion found
// (each at most 400 ms), and none when the reader asks for reduced motion.
import { abracadawhatGame } from "@grimoire/abracadawhat";
import { emmerlausGame } from "@grimoire/emmerlaus";
import { type AnyGame, createRng, pick, waitingSeats } from "@grimoire/engine";
import { incantibusGame } from "@grimoire/incantibus";
import { shazammGame } from "@grimoire/shazamm";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { abracaMotions } from "../../../../games/abracadawhat/src/board/motion.ts";
import { emmerlausMotions } from "../../../../games/emmerlaus/src/board/motion.ts";
import { incantibusMotions } from "../../../../games/incantibus/src/board/motion.ts";
import { shazammMotions } from "../../../../games/shazamm/src/board/motion.ts";
import { GameBoard, loadBoard } from "../../src/games/GameBoard.tsx";
import { MOTION_MS, type Motion } from "../../src/kit/motion.ts";
import type { TableInfo } from "../../src/protocol.ts";
import { gameText } from "../../src/text.tsx";
import { TABLE_AROUND } from "../support/table.ts";

const NAMES = ["Ada", "Merlin", "Morgane", "Viviane"];

interface Case {
  readonly id: string;
  readonly game: AnyGame;
  readonly seats: number;
  readonly motions: (events: readonly never[]) => Motion[];
  /** The kinds of motion a whole game must declare (the issue's: moving pieces, ticking counters). */
  readonly kinds: readonly Motion["kind"][];
}

const CASES: readonly Case[] = [
  { id: "abracadawhat", game: abracadawhatGame as AnyGame, seats: 3, motions: abracaMotions as Case["motions"], kinds: ["fly", "tick"] },
  { id: "emmerlaus", game: emmerlausGame as AnyGame, seats: 3, motions: emmerlausMotions as Case["motions"], kinds: ["fly", "tick"] },
  { id: "incantibus", game: incantibusGame as AnyGame, seats: 2, motions: incantibusMotions as Case["motions"], kinds: ["fly", "tick"] },
  { id: "shazamm", game: shazammGame as AnyGame, seats: 2, motions: shazammMotions as Case["motions"], kinds: ["fly", "tick"] },
];

const tableOf = (game: string, seats: number): TableInfo => ({
  id: "t1",
  game,
  gameTitle: game,
  options: {},
  status: "playing",
  seats: Array.from({ length: seats }, (_, seat) => ({ seat, kind: "human" as const, name: NAMES[seat]!, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
  ...TABLE_AROUND,
});

/** One change of a seeded game played by random legal actions: the events as seat 0 sees them, and its view after. */
interface Change {
  readonly events: readonly unknown[];
  readonly view: unknown;
}

function playedGame(c: Case, seed: number, maxChanges = 400): Change[] {
  const { game } = c;
  const state = game.setup({ seats: c.seats, options: game.optionsSchema.parse({}), seed });
  const rng = createRng(seed);
  const changes: Change[] = [];
  for (let i = 0; i < maxChanges; i++) {
    const decision = game.decision(state);
    if (decision.type === "over") break;
    const seat = waitingSeats(decision)[0]!;
    const action = pick(rng, game.legalActions(state, seat));
    const events = game.apply(state, seat, action).map((e) => game.eventFor(e, 0)).filter((e) => e !== null);
    changes.push({ events, view: game.view(state, 0) });
  }
  return changes;
}

let reduced = false;
const animate = vi.fn(function (this: Element, _frames: Keyframe[], options: KeyframeAnimationOptions) {
  return { target: this, options } as unknown as Animation;
});

beforeAll(async () => {
  for (const c of CASES) await loadBoard(c.id);
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({ matches: reduced && query.includes("reduce"), media: query, addEventListener() {}, removeEventListener() {} }),
  });
  (Element.prototype as unknown as { animate: typeof animate }).animate = animate;
});
afterEach(() => {
  cleanup();
  animate.mockClear();
  reduced = false;
});

/** Renders each change on the board as seat 0 sees it; for each, the motions declared and which of them found their element. */
function renderChanges(c: Case, changes: readonly Change[]) {
  const tx = gameText(c.id, "en", { names: NAMES.slice(0, c.seats), me: 0 });
  const table = tableOf(c.id, c.seats);
  const base = { seat: 0, table, legal: [], act: () => undefined, myTurn: false, tx };
  const first = render(<GameBoard game={c.id} {...base} view={changes[0]!.view} events={[]} />);
  const declared: { motion: Motion; found: boolean }[] = [];
  for (const change of changes) {
    first.rerender(<GameBoard game={c.id} {...base} view={change.view} events={change.events} />);
    for (const motion of c.motions(change.events as never[])) {
      const at = motion.kind === "fly" ? motion.to : motion.at;
      declared.push({ motion, found: first.container.querySelector(at) !== null });
    }
  }
  return declared;
}

describe("motion declared by each game's board", () => {
  for (const c of CASES) {
    it(`${c.id}: a whole game's changes move pieces and tick counters on elements of the board, each within ${MOTION_MS} ms`, () => {
      const changes = playedGame(c, 11);
      expect(changes.length).toBeGreaterThan(5);
      const declared = renderChanges(c, changes);
      for (const kind of c.kinds) expect(declared.filter((d) => d.motion.kind === kind && d.found).length, `${kind} motions found on the board`).toBeGreaterThan(0);
      // most declared motions find their element (a piece of a hand the reader cannot see does not)
      const found = declared.filter((d) => d.found).length;
      expect(found / declared.length).toBeGreaterThan(0.6);
      // the board played them: one animation per element found (at most one per element per change), none longer than 400 ms
      expect(animate.mock.calls.length).toBeGreaterThan(0);
      expect(animate.mock.calls.length).toBeLessThanOrEqual(found);
      for (const [, options] of animate.mock.calls) expect(Number(options.duration)).toBeLessThanOrEqual(MOTION_MS);
      // only transforms move (never the opacity of text)
      for (const [frames] of animate.mock.calls) for (const frame of frames) expect(Object.keys(frame).filter((k) => k !== "offset" && k !== "easing")).toEqual(["transform"]);
    });

    it(`${c.id}: nothing is animated when the reader asks for reduced motion`, () => {
      reduced = true;
      const declared = renderChanges(c, playedGame(c, 11, 120));
      expect(declared.some((d) => d.found)).toBe(true);
      expect(animate).not.toHaveBeenCalled();
    });
  }
});
