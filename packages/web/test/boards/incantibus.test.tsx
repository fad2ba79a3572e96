// @vitest-environment jsdom
// The Incantibus board (games/incantibus/src/board): legal targets highlighted on the components
// themselves, clicking one sends its action, rule text in a popover, the wands and who has pointed,
// the last Incanto!, and — over whole random games of every player count and mode — every listed
// legal action of the deciding seat reachable by clicking a board element (no fallback button).
import { incantibusGame, type Action, type State } from "@grimoire/incantibus";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "../support/table.ts";
import type { Message } from "@grimoire/engine";
import { Summary } from "@grimoire/incantibus/board";
import { loadBoard, GameBoard } from "../../src/games/GameBoard.tsx";
import { gameText } from "../../src/text.tsx";
import type { TableInfo } from "../../src/protocol.ts";

beforeAll(async () => {
  await loadBoard("incantibus");
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const NAMES = ["Ada", "Merlin", "Morgane", "Viviane"];
const tableOf = (seats: number): TableInfo => ({
  id: "t1", game: "incantibus", gameTitle: "Incantibus", options: {}, status: "playing",
  seats: Array.from({ length: seats }, (_, seat) => ({ seat, kind: seat === 0 ? ("human" as const) : ("bot" as const), name: NAMES[seat]!, connected: true, botTakeover: false })),
  turnSeconds: null, graceSeconds: null, seedHash: "h", invite: "/?table=t1", createdAt: 0, ...TABLE_AROUND,
});
const txFor = (seats: number, me: number | null, lang: "en" | "fr" = "en") => gameText("incantibus", lang, { names: NAMES.slice(0, seats), me });
const listed = (state: State, seat: number) => incantibusGame.legalActions(state, seat).map((action) => ({ action, label: incantibusGame.describeAction(action) as Message }));

function show(state: State, seat: number, act = vi.fn(), events: unknown[] = [], lang: "en" | "fr" = "en") {
  const view = incantibusGame.view(state, seat);
  const legal = listed(state, seat);
  const utils = render(<GameBoard game="incantibus" view={view} seat={seat} table={tableOf(state.seats)} legal={legal} act={act} events={events} myTurn={legal.length > 0} tx={txFor(state.seats, seat, lang)} />);
  return { ...utils, legal, act, view };
}

/** A tiny deterministic generator for the random games (rules draw from the state's own seed). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

describe("Incantibus board", () => {
  it("highlights every room token, potion and sorcerer the seat may point at, and a click points the wand", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 5 });
    const { legal, act, container } = show(state, 0);
    const targets = container.querySelectorAll(".board [data-board-target][data-legal]");
    expect(legal.length).toBeGreaterThan(0);
    expect(targets.length).toBe(legal.length);
    // the Roof: 7 face-up tokens, each a board target named by what pointing at it does
    const room = screen.getByRole("group", { name: "tokens in the room" });
    expect(within(room).getAllByRole("button").length).toBe(7);
    const first = within(room).getAllByRole("button")[0]!;
    // named by its action said around the caption it shows, no aria-label over its visible words
    expect(first.hasAttribute("aria-label")).toBe(false);
    const caption = first.querySelector(".inc-caption")!.textContent!;
    // the points badge is not read as a bare number before the name ("Point at 2 2 Gold Coins"): its points come after, in words
    expect(within(room).getByRole("button", { name: new RegExp(`^Point at (the )?${caption.replace(/[()+]/g, "\\$&")}( \\(1st token of the room\\))?( \\(\\d+ points?\\))?$`) })).toBe(first);
    let worded = 0;
    for (const button of within(room).getAllByRole("button")) {
      const badge = button.querySelector(".inc-badge");
      if (!badge || button.classList.contains("k-gold")) continue;
      worded++;
      expect(badge.getAttribute("aria-hidden")).toBe("true");
      const n = Number(badge.textContent);
      expect(within(room).getByRole("button", { name: new RegExp(`^Point at .* \\(${n} points?\\)$`) })).toBe(button);
    }
    expect(worded).toBeGreaterThan(0);
    fireEvent.keyDown(first, { key: "Enter" });
    expect(act).toHaveBeenCalledTimes(1);
    const sent = act.mock.calls[0]![0] as Action;
    expect(sent).toMatchObject({ type: "point", target: { type: "room", slot: 0 } });
    expect(legal.map((l) => JSON.stringify(l.action))).toContain(JSON.stringify(sent));
    expect(container.querySelector(".inc-other")).toBeNull();
  });

  it("shows a component's rule text in a popover on focus, from the catalogue", () => {
    const state = incantibusGame.setup({ seats: 2, options: incantibusGame.optionsSchema.parse({}), seed: 11 });
    const { container } = show(state, 0);
    const potion = container.querySelector(".inc-card.potion") as HTMLElement;
    fireEvent.focus(potion);
    const tip = screen.getByRole("tooltip", { hidden: true });
    expect(tip.textContent).toMatch(/potion, \d+ points\. Point at it only while holding/);
    // a crypt card face down: its own explanation
    const back = container.querySelector(".inc-sorcerer.back") as HTMLElement;
    fireEvent.focus(back);
    expect(screen.getAllByRole("tooltip", { hidden: true }).some((t) => /face-down sorcerer: anyone may point at it/.test(t.textContent ?? ""))).toBe(true);
  });

  it("shows the wands, who has pointed (not at what), the reader's own sealed choice, and after the reveal who pointed at what", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 7 });
    const target = incantibusGame.legalActions(state, 1)[2]!;
    incantibusGame.apply(state, 1, target);
    const mine = incantibusGame.legalActions(state, 0)[0]!;
    incantibusGame.apply(state, 0, mine);
    const { container, rerender } = show(state, 0);
    expect(screen.getAllByLabelText(/^wand \d$/).length).toBe(3);
    expect(container.querySelectorAll(".inc-status.done").length).toBe(2);
    expect(container.querySelectorAll(".inc-status.waiting").length).toBe(1);
    expect(container.querySelector(".inc-sealed")?.textContent).toMatch(/^Your wand points at: /);
    // the reader's target is marked; the other seat's is not told
    expect(container.querySelectorAll(".face.selected").length).toBe(1);
    expect(container.querySelector(".inc-reveal")).toBeNull();
    // the last seat points: the reveal event names everyone's target
    const events = incantibusGame.apply(state, 2, incantibusGame.legalActions(state, 2)[0]!);
    const revealed = events.find((e) => e.type === "revealed");
    expect(revealed).toBeDefined();
    const view = incantibusGame.view(state, 0);
    rerender(<GameBoard game="incantibus" view={view} seat={0} table={tableOf(3)} legal={listed(state, 0)} act={() => {}} events={events} myTurn={false} tx={txFor(3, 0)} />);
    const reveal = screen.getByRole("group", { name: "Last Incanto!" });
    expect(within(reveal).getAllByRole("listitem").length).toBe(3);
    expect(reveal.textContent).toContain("Merlin");
    // a reload (a new board, no events) shows it again at the same position…
    cleanup();
    show(state, 0);
    expect(screen.getByRole("group", { name: "Last Incanto!" }).textContent).toBe(reveal.textContent);
    cleanup();
    // …but not at a position of another incantation (a replay's earlier step)
    const earlier = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 7 });
    show(earlier, 0);
    expect(screen.queryByRole("group", { name: "Last Incanto!" })).toBeNull();
  });

  it("shows the wands that changed hands in the last change swapping", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 7 });
    const { container } = show(state, 0, vi.fn(), [{ type: "swap", seats: [0, 2], wands: [state.wands[2], state.wands[0]] }]);
    const swapped = [...container.querySelectorAll(".inc-player")].map((p) => p.querySelector(".inc-wand.swapped") !== null);
    expect(swapped).toEqual([true, false, true]);
  });

  it("shows a token someone looked under with Video: its face to them, an eye and who looked to the others", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 9 });
    state.roomTokens[0] = { ...state.roomTokens[0]!, hidden: true, knownBy: [1] };
    const { container } = show(state, 0);
    const back = container.querySelector(".inc-room .inc-token.back") as HTMLElement;
    expect(back.querySelector(".inc-eye")).not.toBeNull();
    fireEvent.focus(back);
    expect(screen.getByRole("tooltip", { hidden: true }).textContent).toContain("Merlin looked under it with Video.");
    cleanup();
    const seen = show(state, 1).container.querySelector(".inc-room .inc-token.known") as HTMLElement;
    // the one who looked: still a face-down token to point at, its face shown and read after
    const under = seen.querySelector(".inc-caption")!.textContent!;
    expect(under).not.toBe("face-down token");
    const escaped = under.replace(/[()+]/g, "\\$&");
    expect(screen.getByRole("button", { name: new RegExp(`^Point at the face-down token ${escaped}( \\(\\d+ points?\\))?$`) })).toBe(seen);
  });

  it("words the board in French", () => {
    const state = incantibusGame.setup({ seats: 2, options: incantibusGame.optionsSchema.parse({ mode: "expert" }), seed: 3 });
    show(state, 0, vi.fn(), [], "fr");
    expect(screen.getByRole("group", { name: "jetons de la Salle" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Grimoires" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "votre Malle" })).toBeTruthy();
  });

  it("over random games of 2–4 players in both modes, every legal action of the deciding seat is a board element that sends it", () => {
    const games: [number, "apprentice" | "expert", number][] = [[2, "apprentice", 21], [3, "expert", 22], [4, "expert", 24]];
    const kinds = new Set<string>();
    for (const [seats, mode, seed] of games) {
      const rand = lcg(seed);
      const state = incantibusGame.setup({ seats, options: incantibusGame.optionsSchema.parse({ mode }), seed });
      for (let guard = 0; guard < 2000; guard++) {
        const d = incantibusGame.decision(state);
        if (d.type === "over") break;
        const seat = d.type === "turn" ? d.seat : d.seats[rand(d.seats.length)]!;
        const act = vi.fn();
        const { container, legal, unmount } = show(state, seat, act);
        expect(container.querySelector(".inc-other"), JSON.stringify(legal.map((l) => l.action))).toBeNull();
        const wanted = new Set(legal.map((l) => JSON.stringify(l.action)));
        const targets = [...container.querySelectorAll<HTMLElement>(".board [data-board-target]")];
        for (const el of targets) fireEvent.click(el);
        const sent = new Set(act.mock.calls.map((c) => JSON.stringify(c[0])));
        expect([...wanted].filter((w) => !sent.has(w))).toEqual([]);
        expect([...sent].filter((s) => !wanted.has(s))).toEqual([]);
        unmount();
        for (const l of legal) kinds.add((l.action as Action).type);
        const chosen = legal[rand(legal.length)]!.action as Action;
        incantibusGame.apply(state, seat, chosen);
      }
      expect(incantibusGame.decision(state).type).toBe("over");
    }
    // the games went through every kind of follow-up, not only pointings
    expect([...kinds].sort()).toEqual(["cast", "imperium", "pay", "point", "retiro", "steal", "throw", "ultimus", "video"]);
  });
});

describe("Incantibus summary", () => {
  it("breaks every score down by kind and room by room, and lays every trunk open", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({ mode: "expert" }), seed: 31 });
    const rand = lcg(31);
    const log: { version: number; event: unknown; by: string }[] = [];
    for (let guard = 0; guard < 3000 && incantibusGame.decision(state).type !== "over"; guard++) {
      const d = incantibusGame.decision(state);
      if (d.type === "over") break;
      const seat = d.type === "turn" ? d.seat : d.seats[0]!;
      const options = incantibusGame.legalActions(state, seat);
      for (const event of incantibusGame.apply(state, seat, options[rand(options.length)]!)) log.push({ version: log.length + 1, event, by: "" });
    }
    const outcome = incantibusGame.outcome(state)!;
    const view = incantibusGame.view(state, "spectator");
    const S = Summary!;
    render(<S view={view as never} table={tableOf(3)} log={log} tx={txFor(3, 0)} />);
    const tables = screen.getAllByRole("table");
    expect(tables.length).toBe(2);
    const totalRow = within(tables[0]!).getByRole("row", { name: /^Total/ });
    expect(totalRow.textContent).toBe(`Total${outcome.scores.map((n) => `${n} pt${n === 1 ? "" : "s"}`).join("")}`);
    // the rooms' gains plus the wand add up to each score
    const rows = within(tables[1]!).getAllByRole("row").slice(1);
    const sums = outcome.scores.map((_, s) => rows.reduce((sum, r) => sum + Number(r.querySelectorAll("td")[s]!.textContent!.replace("+", "")), 0));
    expect(sums).toEqual(outcome.scores);
    expect(screen.getAllByRole("group", { name: /trunk, laid open/ }).length).toBe(3);
  });
});
