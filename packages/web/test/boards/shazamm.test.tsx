// @vitest-environment jsdom
// The Shazamm! board in jsdom: hand cards as faces that toggle (with their rule text in a popover),
// the bid clamped to 1..mana, the commit button as the legal target, the reveal of both choices
// side by side (kept across a follow-up), the follow-up questions as board targets, the end line
// that says who fell, and the round-by-round summary.
import { createRng, playout, randomBot, SPECTATOR, type Seat } from "@grimoire/engine";
import { fromArrangement, shazammGame, type ShazammAction, type ShazammEvent, type ShazammState, type ShazammView } from "@grimoire/shazamm";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "../support/table.ts";
import { findBoard } from "@grimoire/catalog/boards";
import type { BoardLogLine, BoardModule } from "../../src/kit/index.ts";
import { GameBoard, loadBoard } from "../../src/games/GameBoard.tsx";
import { initI18n } from "../../src/i18n/index.ts";
import { gameText } from "../../src/text.tsx";
import type { TableInfo } from "../../src/protocol.ts";
import { turnEvents, revealFromEvents } from "../../../../games/shazamm/src/board/reveal.ts";
import { roundsOf } from "../../../../games/shazamm/src/board/summary.ts";
import { clampBid } from "../../../../games/shazamm/src/board/BidEntry.tsx";

const table: TableInfo = {
  id: "t1",
  game: "shazamm",
  gameTitle: "Shazamm!",
  options: {},
  status: "playing",
  seats: [
    { seat: 0, kind: "human", name: "Ada", connected: true, botTakeover: false },
    { seat: 1, kind: "bot", name: "Merlin", level: "easy", connected: true, botTakeover: false },
  ],
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0, ...TABLE_AROUND,
};
const options = shazammGame.optionsSchema.parse({});
const tx = (lang: "en" | "fr" = "en", me: number | null = 0) => gameText("shazamm", lang, { names: ["Ada", "Merlin"], me });
let Summary: NonNullable<BoardModule["Summary"]>;

beforeAll(async () => {
  await loadBoard("shazamm");
  Summary = (await findBoard("shazamm")!()).Summary!;
  initI18n("en");
});
afterEach(cleanup);

function board(view: ShazammView, patch: { act?: (a: unknown) => void; events?: readonly unknown[]; myTurn?: boolean; seat?: number | null; lang?: "en" | "fr" } = {}) {
  const seat = patch.seat === undefined ? 0 : patch.seat;
  const props = { game: "shazamm", view, seat, table, legal: null, act: patch.act ?? (() => {}), events: patch.events ?? [], myTurn: patch.myTurn ?? true, tx: tx(patch.lang, seat) };
  const result = render(<GameBoard {...props} />);
  return { ...result, rerenderWith: (next: Partial<typeof props>) => result.rerender(<GameBoard {...props} {...next} />) };
}

/** A position (scenario arrangement) as a state. */
function position(arrangement: object, variant = 0): ShazammState {
  const made = fromArrangement({ seats: 2, options: shazammGame.optionsSchema.parse({ variant }), seed: 1 }, arrangement);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

/** Applies actions, returning the events as `viewer` saw them. */
function play(state: ShazammState, actions: [Seat, ShazammAction][], viewer: Seat | typeof SPECTATOR = 0): ShazammEvent[] {
  const seen: ShazammEvent[] = [];
  for (const [seat, action] of actions) for (const e of shazammGame.apply(state, seat, action)) {
    const v = shazammGame.eventFor(e, viewer);
    if (v) seen.push(v);
  }
  return seen;
}

const basePosition = {
  round: 1,
  turn: 3,
  wall: 9,
  mana: [20, 30],
  hands: [[2, 3, 6, 7], [7, 9, 10]],
  piles: [[1, 4, 5, 8, 11], [1, 2, 3, 4, 5, 6, 8]],
  discards: [[9, 10, 12, 13, 14], [11, 12, 13, 14]],
  lastPlayed: [[13], [11, 14]],
};

describe("Shazamm! board: the sealed choice", () => {
  it("shows each card of the hand as a face (number, name, short effect) with its full effect in a popover", () => {
    const state = position(basePosition);
    board(shazammGame.view(state, 0));
    const hand = screen.getByRole("group", { name: "Your hand" });
    const boost = within(hand).getByRole("button", { name: "play 7 Attack Boost +7 to your attack" });
    expect(boost.textContent).toContain("+7 to your attack");
    expect(boost.hasAttribute("data-board-target")).toBe(true);
    fireEvent.focus(boost);
    // a button's popover is its description, kept out of its name (aria-hidden)
    expect(boost.getAttribute("aria-describedby")).toBe(screen.getByRole("tooltip", { hidden: true }).id);
    expect(screen.getByRole("tooltip", { hidden: true }).textContent).toContain("Your attack is worth 7 more. You still pay only your bid.");
    expect(within(hand).getByRole("button", { name: /^play Decoy / })).toBeTruthy();
  });

  it("toggles cards by clicking them and commits the bid and cards chosen; the commit button is the legal target", () => {
    const act = vi.fn();
    board(shazammGame.view(position(basePosition), 0), { act });
    const hand = screen.getByRole("group", { name: "Your hand" });
    const clone = within(hand).getByRole("button", { name: /^play 2 Clone / });
    fireEvent.click(clone);
    expect(clone.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(hand).getByRole("button", { name: /^play Decoy / }));
    fireEvent.click(within(hand).getByRole("button", { name: /^play 6 Recycling / }));
    fireEvent.click(within(hand).getByRole("button", { name: /^play 6 Recycling / })); // taken back
    fireEvent.click(screen.getByRole("button", { name: "raise the bid by 1" }));
    fireEvent.click(screen.getByRole("button", { name: "raise the bid by 1" }));
    const commit = screen.getByRole("button", { name: /^Commit/ });
    expect(commit.hasAttribute("data-legal")).toBe(true);
    expect(commit.textContent).toBe("Commit (bid 3, the decoy and Clone (2))");
    fireEvent.click(commit);
    expect(act).toHaveBeenCalledWith({ type: "commit", bid: 3, cards: [0, 2] });
  });

  it("starts each turn with no card laid (the decoy comes back to hand unselected), the bid kept within the new mana", () => {
    const state = position(basePosition);
    const { rerenderWith } = board(shazammGame.view(state, 0));
    fireEvent.click(screen.getByRole("button", { name: /^play Decoy / }));
    fireEvent.change(screen.getByRole("spinbutton", { name: "bid" }), { target: { value: "15" } });
    expect(screen.getByRole("button", { name: /^play Decoy / }).getAttribute("aria-pressed")).toBe("true");
    const events = play(state, [
      [1, { type: "commit", bid: 2, cards: [] }],
      [0, { type: "commit", bid: 15, cards: [0] }],
    ]);
    rerenderWith({ view: shazammGame.view(state, 0), events });
    expect(screen.getByRole("button", { name: /^play Decoy / }).getAttribute("aria-pressed")).toBe("false");
    expect((screen.getByRole("spinbutton", { name: "bid" }) as HTMLInputElement).value).toBe("5"); // 20 − 15 left
  });

  it("is played from the keyboard: Enter or Space on a focused card lays it", () => {
    const act = vi.fn();
    board(shazammGame.view(position(basePosition), 0), { act });
    const clone = screen.getByRole("button", { name: /^play 2 Clone / });
    expect(clone.tabIndex).toBe(0);
    fireEvent.keyDown(clone, { key: "Enter" });
    expect(clone.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(clone, { key: " " });
    expect(clone.getAttribute("aria-pressed")).toBe("false");
    fireEvent.keyDown(screen.getByRole("button", { name: /^play Decoy / }), { key: "Enter" });
    fireEvent.click(screen.getByRole("button", { name: /^Commit/ }));
    expect(act).toHaveBeenCalledWith({ type: "commit", bid: 1, cards: [0] });
  });

  it("clamps the bid to 1..your mana: the field, the stepper and the slider", () => {
    const act = vi.fn();
    board(shazammGame.view(position({ ...basePosition, mana: [3, 30] }), 0), { act });
    const field = screen.getByRole("spinbutton", { name: "bid" }) as HTMLInputElement;
    const lower = screen.getByRole("button", { name: "lower the bid by 1" });
    const raise = screen.getByRole("button", { name: "raise the bid by 1" });
    expect(field.value).toBe("1");
    expect((lower as HTMLButtonElement).disabled).toBe(true);
    expect(lower.hasAttribute("data-board-target")).toBe(false);
    fireEvent.change(field, { target: { value: "99" } });
    expect(field.value).toBe("3");
    expect((raise as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "0" } });
    expect(field.value).toBe("1");
    fireEvent.change(field, { target: { value: "-4" } });
    expect(field.value).toBe("1");
    fireEvent.change(screen.getByRole("slider"), { target: { value: "2" } });
    expect(field.value).toBe("2");
    fireEvent.click(raise);
    fireEvent.click(raise);
    expect(field.value).toBe("3");
    fireEvent.click(screen.getByRole("button", { name: /^Commit/ }));
    expect(act).toHaveBeenCalledWith({ type: "commit", bid: 3, cards: [] });
    expect([clampBid(Number.NaN, 5), clampBid(2.6, 5), clampBid(7, 5), clampBid(0, 5)]).toEqual([1, 3, 5, 1]);
  });

  it("after committing shows the sealed choice, not the form; the rival sees only that a choice was made", () => {
    const state = position(basePosition);
    play(state, [[0, { type: "commit", bid: 7, cards: [0, 7] }]]);
    board(shazammGame.view(state, 0), { myTurn: false });
    expect(screen.getByRole("status").textContent).toContain("bid 7");
    expect(document.querySelector("form.bid")).toBeNull();
    expect(screen.getByRole("group", { name: "Attack Boost (7)" })).toBeTruthy(); // its owner sees the cards laid
    cleanup();
    board(shazammGame.view(state, 1), { seat: 1 });
    expect(document.querySelector(".mage.m0 .badge")!.textContent).toContain("chosen");
    expect(document.body.textContent).not.toMatch(/bid 7|Attack Boost \(7\)/);
  });
});

describe("Shazamm! board: the reveal", () => {
  it("shows both bids and both sets of cards side by side, cancelled duplicates and attacks, then the wall's move", () => {
    const state = position(basePosition);
    const events = play(state, [
      [1, { type: "commit", bid: 5, cards: [7, 9] }],
      [0, { type: "commit", bid: 4, cards: [0, 7] }],
    ]);
    const { rerenderWith } = board(shazammGame.view(state, 0), { events });
    const reveal = screen.getByRole("region", { name: "Last turn" }); // the next turn has begun
    expect(reveal.classList.contains("fresh")).toBe(true); // arrived live: its cards flip
    const [mine, theirs] = [...reveal.querySelectorAll(".sz-side")] as HTMLElement[];
    expect(mine!.textContent).toContain("bid 4");
    expect(theirs!.textContent).toContain("bid 5");
    expect(within(mine!).getByRole("group", { name: "Decoy" })).toBeTruthy();
    expect(within(mine!).getByRole("group", { name: "Attack Boost (7) (cancelled)" })).toBeTruthy();
    expect(within(theirs!).getByRole("group", { name: "Attack Boost (7) (cancelled)" })).toBeTruthy();
    expect(within(theirs!).getByRole("group", { name: "Loser Wins (9)" })).toBeTruthy();
    expect(mine!.textContent).toContain("attack 4");
    expect(theirs!.textContent).toContain("attack 5");
    // Loser Wins: the stronger attack (Merlin's) draws the wall one tile toward Merlin
    expect(reveal.textContent).toContain("The wall of fire moves 1 tile toward Merlin, to tile 11");
    expect(screen.getByRole("img", { name: /Bridge: wall on tile 11/ })).toBeTruthy();
    // and an arrow under the bridge from the wall's old tile to its new one (tiles are 40 units wide)
    expect(document.querySelector(".sz-move path")!.getAttribute("d")).toMatch(/^M380 \d+ L412 /);
    // the rival's next commit arrives: the reveal stays, as the last turn
    const next = play(state, [[1, { type: "commit", bid: 2, cards: [] }]]);
    rerenderWith({ view: shazammGame.view(state, 0), events: next });
    const kept = screen.getByRole("region", { name: "Last turn" });
    expect(kept.textContent).toContain("bid 5");
    expect(kept).toBe(reveal); // the same panel: its cards do not flip again
  });

  it("keeps a turn's reveal across a follow-up question and shows what Larceny did", () => {
    const state = position(basePosition);
    const first = play(state, [
      [1, { type: "commit", bid: 5, cards: [7, 10] }],
      [0, { type: "commit", bid: 4, cards: [3] }],
    ]);
    expect(state.phase.type).toBe("resolve");
    const act = vi.fn();
    const { rerenderWith } = board(shazammGame.view(state, 0), { events: first, act });
    // the question, on the board: the stolen card and two answers, both legal targets
    const answers = screen.getByRole("region", { name: "answer" });
    expect(answers.textContent).toContain("Larceny: use the stolen Attack Boost (7) for yourself, or destroy it");
    const use = within(answers).getByRole("button", { name: "Use the stolen Attack Boost (7) for yourself" });
    expect(use.hasAttribute("data-legal")).toBe(true);
    fireEvent.click(use);
    expect(act).toHaveBeenCalledWith({ type: "larcin", card: 7, apply: true });
    const second = play(state, [
      [0, { type: "larcin", card: 7, apply: true }],
      [0, { type: "larcin", card: 10, apply: false }],
    ]);
    rerenderWith({ view: shazammGame.view(state, 0), events: second });
    const reveal = screen.getByRole("region", { name: "Last turn" });
    const theirs = reveal.querySelectorAll(".sz-side")[1] as HTMLElement;
    expect(within(theirs).getByRole("group", { name: "Attack Boost (7) (stolen)" })).toBeTruthy();
    expect(within(theirs).getByRole("group", { name: "Blaze (10) (destroyed)" })).toBeTruthy();
    expect(reveal.textContent).toContain("attack 11"); // 4 + 7, the stolen boost for Ada
  });

  it("builds the reveal from the table after a reload (no events) while a question waits", () => {
    const state = position(basePosition);
    play(state, [
      [1, { type: "commit", bid: 5, cards: [7] }],
      [0, { type: "commit", bid: 4, cards: [6] }],
    ]);
    board(shazammGame.view(state, 1), { seat: 1, myTurn: false });
    const reveal = screen.getByRole("region", { name: "Reveal" });
    expect(reveal.textContent).toContain("bid 4");
    expect(within(reveal).getByRole("group", { name: "Attack Boost (7) (to come)" })).toBeTruthy();
    expect(screen.getByText(/Waiting for Ada: Recycling/)).toBeTruthy();
  });

  it("keeps the events of one turn only (turnEvents), and reads a reveal from them", () => {
    const revealed: ShazammEvent = { type: "revealed", commits: [{ bid: 3, cards: [2] }, { bid: 4, cards: [] }] };
    const kept = turnEvents([], [{ type: "committed", seat: 1 }, revealed, { type: "cast", seat: 0, card: 2, copy: false, stolen: false }]);
    expect(kept[0]).toEqual(revealed);
    const more = turnEvents(kept, [{ type: "cloned", seat: 0, card: 14 }, { type: "cast", seat: 0, card: 14, copy: true, stolen: false }, { type: "attacks", attacks: [3, 4] }]);
    const reveal = revealFromEvents(more)!;
    expect(reveal.cards[0]).toEqual([{ card: 2, tag: undefined }, { card: 14, tag: "copy" }]);
    expect(reveal.attacks).toEqual([3, 4]);
    expect(reveal.done).toBe(true);
    expect(turnEvents([], [{ type: "committed", seat: 1 }])).toEqual([]);
  });
});

describe("Shazamm! board: follow-up questions as board targets", () => {
  it("Clone: the rival's cards of last turn are faces to click, and 'copy nothing' a button", () => {
    const state = position(basePosition);
    play(state, [
      [1, { type: "commit", bid: 5, cards: [] }],
      [0, { type: "commit", bid: 4, cards: [2] }],
    ]);
    const act = vi.fn();
    board(shazammGame.view(state, 0), { act });
    const answers = screen.getByRole("region", { name: "answer" });
    const siphon = within(answers).getByRole("button", { name: /^copy 14 Siphon / });
    expect(siphon.hasAttribute("data-legal")).toBe(true);
    fireEvent.click(siphon);
    expect(act).toHaveBeenLastCalledWith({ type: "clone", card: 14 });
    fireEvent.click(within(answers).getByRole("button", { name: "Copy nothing" }));
    expect(act).toHaveBeenLastCalledWith({ type: "clone", card: null });
    expect(within(answers).getAllByRole("button").length).toBe(3); // Resistance, Siphon, nothing
  });

  it("Recycling: each change of the bid with the bid it gives, within 1..mana", () => {
    const state = position({ ...basePosition, mana: [6, 30] });
    play(state, [
      [1, { type: "commit", bid: 5, cards: [] }],
      [0, { type: "commit", bid: 3, cards: [6] }],
    ]);
    const act = vi.fn();
    board(shazammGame.view(state, 0), { act });
    const answers = screen.getByRole("region", { name: "answer" });
    const buttons = within(answers).getAllByRole("button");
    // each shows the change and the bid it gives, named by the action's words then those
    expect(buttons.map((b) => b.querySelector("strong")!.textContent + " " + b.querySelector("small")!.textContent)).toEqual(["−2 bid 1", "−1 bid 2", "±0 bid 3", "+1 bid 4", "+2 bid 5", "+3 bid 6"]);
    fireEvent.click(within(answers).getByRole("button", { name: "Raise your bid by 2 +2 bid 5" }));
    expect(act).toHaveBeenCalledWith({ type: "recycle", delta: 2 });
  });

  it("variant 2: the pile is ordered by clicking the cards of the hand", () => {
    const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({ variant: 2 }), seed: 3 });
    play(state, [[0, { type: "arrange", card: 9 }]]);
    const act = vi.fn();
    board(shazammGame.view(state, 0), { act });
    const answers = screen.getByRole("region", { name: "answer" });
    expect(within(answers).getAllByRole("button").length).toBe(13);
    fireEvent.click(within(answers).getByRole("button", { name: /^put next in your pile: 10 Blaze / }));
    expect(act).toHaveBeenCalledWith({ type: "arrange", card: 10 });
    expect(within(answers).getByRole("group", { name: "Loser Wins (9)" })).toBeTruthy(); // already in the pile
  });
});

/** A whole game between random bots, with every event as the spectator saw it. */
function wholeGame(seed: number) {
  const state = shazammGame.setup({ seats: 2, options, seed });
  const log: BoardLogLine[] = [];
  const replay = shazammGame.setup({ seats: 2, options, seed });
  const actions = playout(shazammGame, state, [randomBot(), randomBot()], createRng(seed));
  actions.forEach(({ seat, action }, i) => {
    for (const e of shazammGame.apply(replay, seat, action as ShazammAction)) {
      const seen = shazammGame.eventFor(e, SPECTATOR);
      if (seen) log.push({ version: i + 1, event: seen, by: "human" });
    }
  });
  return { state: replay, log };
}

describe("Shazamm! board: the end", () => {
  it("says who fell off the bridge and who won, in English and in French", () => {
    const { state } = wholeGame(5);
    expect(state.phase.type).toBe("over");
    const winner = (state.phase as { winner: 0 | 1 | null }).winner;
    board(shazammGame.view(state, 0), { myTurn: false });
    const end = document.querySelector(".sz-end")!.textContent!;
    if (winner === null) expect(end).toContain("Both wizards fall");
    else expect(end).toContain(winner === 0 ? "Merlin falls off the crumbling bridge into the lava.You win the duel!" : "You fall off the crumbling bridge into the lava.Merlin wins the duel.");
    expect(document.querySelectorAll(".sz-wizard.fallen").length).toBe(winner === null ? 2 : 1);
    cleanup();
    board(shazammGame.view(state, SPECTATOR), { seat: null, myTurn: false, lang: "fr" });
    expect(document.querySelector(".sz-end")!.textContent).toMatch(winner === null ? /Les deux sorciers tombent/ : /tombe du pont effondré dans la lave/);
  });

  it("summarises the duel round by round: who won each, mana spent, spells laid; and every card at the end", () => {
    const { state, log } = wholeGame(9);
    const events = log.map((l) => l.event as ShazammEvent);
    const rounds = roundsOf(events);
    expect(rounds.length).toBe(events.filter((e) => e.type === "round-over").length);
    const paid = events.filter((e): e is Extract<ShazammEvent, { type: "paid" }> => e.type === "paid" && e.seat === 1).reduce((n, e) => n + e.amount, 0);
    expect(rounds.reduce((n, r) => n + r.spent[1], 0)).toBe(paid);
    render(<Summary view={shazammGame.view(state, 0) as never} table={table} log={log} tx={tx()} />);
    const rows = screen.getAllByRole("row");
    expect(rows.length).toBe(rounds.length + 1);
    const first = rounds[0]!;
    const cells = within(rows[1]!).getAllByRole("cell");
    expect(cells[0]!.textContent).toBe(first.loser === null ? "nobody" : first.loser === 0 ? "Merlin" : "you");
    expect(cells[3]!.textContent).toBe(String(first.spent[0]));
    // the reader's own hand and pile are shown apart; the rival's unplayed spells together
    expect(screen.getByText("In hand")).toBeTruthy();
    expect(screen.getByText("Never played (hand or pile)")).toBeTruthy();
    for (const side of document.querySelectorAll(".sz-end-cards .sz-side")) expect(side.querySelectorAll(".sz-card").length).toBe(14);
  });
});
