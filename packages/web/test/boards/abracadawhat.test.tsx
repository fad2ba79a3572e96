// @vitest-environment jsdom
// Abraca…What?'s board (games/abracadawhat/src/board) on real game states: the seats round the
// table with the reader at the bottom and the neighbours on their sides, others' stones face up and
// ours from behind, the spell plaques as board targets (legal ones highlighted, a lower call warned
// about and confirmed on the board, Enter works), "cast x of N" per spell, effect popovers, the
// secret stones drawn as SVG, dice, every hand turned over at a round's end, and the Summary.
import { abracadawhatGame as game, type Arrangement, type Event, type State } from "@grimoire/abracadawhat";
import { neighboursOf, seatPlaces } from "../../../../games/abracadawhat/src/board/layout.ts";
import type { Viewer } from "@grimoire/engine";
import { findBoard } from "@grimoire/catalog/boards";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "../support/table.ts";
import { GameBoard, loadBoard } from "../../src/games/GameBoard.tsx";
import type { SummaryProps } from "../../src/kit/types.ts";
import type { LegalAction, TableInfo } from "../../src/protocol.ts";
import { gameText } from "../../src/text.tsx";

const NAMES = ["Ada", "Merlin", "Morgane", "Viviane", "Nimue"];
let Summary: ComponentType<SummaryProps<never>>;

beforeAll(async () => {
  await loadBoard("abracadawhat");
  Summary = (await findBoard("abracadawhat")!()).Summary!;
});
afterEach(cleanup);

const tableOf = (seats: number): TableInfo => ({
  id: "t1",
  game: "abracadawhat",
  gameTitle: "Abraca…What?",
  options: {},
  status: "playing",
  seats: Array.from({ length: seats }, (_, seat) => ({ seat, kind: "human" as const, name: NAMES[seat]!, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0, ...TABLE_AROUND,
});

function arranged(seats: number, arrangement: Arrangement, options: object = {}, dice: number[] = []): State {
  const result = game.fromArrangement({ seats, options: game.optionsSchema.parse(options), seed: 7 }, arrangement);
  if (!result.ok) throw new Error(result.error);
  result.value.rng.forced = dice.slice();
  return result.value;
}

/** The board as `viewer` sees `state`, acting through `act` when it is that seat's turn. */
function show(state: State, viewer: Viewer, events: readonly Event[] = [], act = vi.fn(), lang: "en" | "fr" = "en") {
  const seat = viewer === "spectator" ? null : viewer;
  const decision = game.decision(state);
  const myTurn = decision.type === "turn" && decision.seat === seat;
  const legal: LegalAction[] = myTurn ? game.legalActions(state, seat!).map((action) => ({ action, label: game.describeAction(action) })) : [];
  const tx = gameText("abracadawhat", lang, { names: NAMES.slice(0, state.seats), me: seat });
  const seen = events.map((e) => game.eventFor(e, viewer)).filter((e) => e !== null);
  const props = { view: game.view(state, viewer), seat, table: tableOf(state.seats), legal, act, events: seen, myTurn, tx };
  const utils = render(<GameBoard game="abracadawhat" {...props} />);
  return { ...utils, act, rerender: (next: Partial<typeof props>) => utils.rerender(<GameBoard game="abracadawhat" {...props} {...next} />) };
}

const four: Arrangement = { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8], [5, 5, 6, 7, 8]], secret: [4, 5, 6, 7] };
const seatOf = (el: HTMLElement) => Number(el.closest("[data-seat]")!.getAttribute("data-seat"));

describe("Abraca…What? board: the table", () => {
  it("places the reader at the bottom, the next seat (left) on their left and the previous one (right) on their right", () => {
    expect(seatPlaces(4, 2)).toEqual(["top", "right", "me", "left"]);
    expect(seatPlaces(3, 0)).toEqual(["me", "left", "right"]);
    expect(seatPlaces(5, 4)).toEqual(["left", "top-left", "top-right", "right", "me"]);
    expect(seatPlaces(2, 1)).toEqual(["top", "me"]);
    expect(() => seatPlaces(6, 0)).toThrow();
    // a knocked-out seat (last standing) is skipped: the spells reach the next ones still in
    expect(neighboursOf(4, [6, 0, 6, 6], 0)).toEqual({ left: 2, right: 3 });
    expect(neighboursOf(4, [6, 6, 6, 6], 0)).toEqual({ left: 1, right: 3 });

    const { container } = show(arranged(4, four), 2);
    const left = container.querySelector<HTMLElement>(".place-left")!;
    const right = container.querySelector<HTMLElement>(".place-right")!;
    expect(seatOf(left)).toBe(3);
    expect(left.textContent).toContain("Your left: your 5 and 6 hit them");
    expect(seatOf(right)).toBe(1);
    expect(right.textContent).toContain("Your right: your 5 and 7 hit them");
    expect(seatOf(container.querySelector<HTMLElement>(".place-me")!)).toBe(2);
    expect(container.querySelector(".place-top .ab-side")).toBeNull();
  });

  it("shows the others' stones face up and ours from behind, life, score and whose turn", () => {
    const state = arranged(4, { ...four, life: [6, 5, 3, 6], scores: [2, 0, 7, 1] });
    show(state, 2);
    const mine = screen.getByRole("group", { name: "your seat" });
    expect(within(mine).getAllByRole("img", { name: "hidden stone" })).toHaveLength(5);
    expect(within(mine).getByRole("img", { name: "3 life points" })).toBeTruthy();
    expect(within(mine).getByRole("img", { name: "7 points" })).toBeTruthy();
    const merlin = screen.getByRole("group", { name: "Merlin’s seat" });
    expect(within(merlin).getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toEqual(expect.arrayContaining(["6 Blizzard", "7 Fireball", "8 Magic Drink"]));
    expect(within(merlin).queryByRole("img", { name: "hidden stone" })).toBeNull();
    const ada = screen.getByRole("group", { name: "Ada’s seat" });
    expect(ada.className).toContain("active");
    expect(ada.textContent).toContain("casting");
    expect(screen.getByText("Ada is casting.")).toBeTruthy();
  });

  it("labels the neighbours the spells reach: past a knocked-out seat during a last-standing round, the adjacent seats otherwise", () => {
    const { container } = show(arranged(4, { ...four, life: [6, 0, 6, 6] }, { lastStanding: true }), 0);
    expect(seatOf(container.querySelector<HTMLElement>(".ab-side.left")!)).toBe(2);
    expect(container.querySelector(".place-left .ab-side")).toBeNull();
    expect(container.querySelector(".place-left")!.textContent).toContain("knocked out");
    cleanup();
    // the game is over with Ada at 0 life: for Merlin, Ada is still the right neighbour
    const over = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], life: [1, 6, 6], scores: [0, 7, 7] });
    game.apply(over, 0, { type: "cast", spell: 8 });
    expect(over.phase.type).toBe("over");
    const again = show(over, 1);
    expect(seatOf(again.container.querySelector<HTMLElement>(".ab-side.right")!)).toBe(0);
    expect(seatOf(again.container.querySelector<HTMLElement>(".ab-side.left")!)).toBe(2);
  });

  it("a spectator sees every seat from behind, seat 0 at the bottom, no neighbour labels", () => {
    const { container } = show(arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]] }), "spectator");
    expect(screen.getAllByRole("img", { name: "hidden stone" })).toHaveLength(15);
    expect(seatOf(container.querySelector<HTMLElement>(".place-me")!)).toBe(0);
    expect(container.querySelector(".ab-side")).toBeNull();
    expect(container.querySelector("[data-board-target]")).toBeNull();
  });
});

describe("Abraca…What? board: calling spells on the board", () => {
  it("highlights every plaque at the start of the turn and sends the call clicked, or entered", () => {
    const { act, container } = show(arranged(4, four), 0);
    const plaques = [...container.querySelectorAll<HTMLElement>(".ab-plaque")];
    expect(plaques).toHaveLength(8);
    expect(plaques.every((p) => p.hasAttribute("data-board-target") && p.hasAttribute("data-legal"))).toBe(true);
    expect(screen.getByText("Your turn: call a spell (click its plaque).")).toBeTruthy();
    expect(screen.queryByTestId("end-turn")).toBeNull(); // a turn has at least one cast
    fireEvent.click(screen.getByRole("button", { name: "cast 6 — Blizzard cast 0 of 6" }));
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 6 });
    act.mockClear();
    fireEvent.keyDown(screen.getByTestId("spell-3"), { key: "Enter" });
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 3 });
  });

  it("after a cast: the calls from it up are highlighted, a lower one is warned about and confirmed on the board, stop ends the turn", () => {
    const state = arranged(4, four);
    const events = game.apply(state, 0, { type: "cast", spell: 5 }); // Ada holds a 5
    const { act, container } = show(state, 0, events);
    const legalSpells = [...container.querySelectorAll<HTMLElement>(".ab-plaque[data-legal]")].map((p) => p.dataset.testid);
    expect(legalSpells).toEqual(["spell-5", "spell-6", "spell-7", "spell-8"]);
    expect(screen.getByText("You cast 5: call 5 or higher, or stop.")).toBeTruthy();
    // the cast just made, in words
    expect(container.querySelector(".ab-last")!.textContent).toContain("You cast 5 (Lightning Tempest)");
    expect([...container.querySelectorAll<HTMLElement>(".ab-plaque.just-cast")].map((p) => p.dataset.testid)).toEqual(["spell-5"]);
    fireEvent.click(screen.getByTestId("spell-2"));
    expect(act).not.toHaveBeenCalled();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Calling 2 is below your last cast (5)");
    const confirm = within(alert).getByRole("button", { name: "Cast it anyway" });
    expect(confirm.hasAttribute("data-board-target")).toBe(true);
    fireEvent.click(confirm);
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 2 });
    expect(screen.queryByRole("alert")).toBeNull();
    act.mockClear();
    fireEvent.click(screen.getByTestId("spell-1"));
    fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(act).not.toHaveBeenCalled();
    const stop = screen.getByTestId("end-turn");
    expect(stop.hasAttribute("data-legal")).toBe(true);
    fireEvent.click(stop);
    expect(act).toHaveBeenCalledWith({ type: "end" });
  });

  it("in the easy variant no call is lower: all are highlighted after a cast", () => {
    const state = arranged(4, four, { easy: true });
    game.apply(state, 0, { type: "cast", spell: 5 });
    const { container } = show(state, 0);
    expect(container.querySelectorAll(".ab-plaque[data-legal]")).toHaveLength(8);
    expect(screen.getByText("You cast 5: call again (any number), or stop.")).toBeTruthy();
  });

  it("refuses in words a call the server did not list, and sends nothing", () => {
    const state = arranged(4, four);
    const act = vi.fn();
    const tx = gameText("abracadawhat", "en", { names: NAMES.slice(0, 4), me: 0 });
    const legal = game.legalActions(state, 0).filter((a) => !(a.type === "cast" && a.spell === 4)).map((action) => ({ action, label: game.describeAction(action) }));
    const { container } = render(<GameBoard game="abracadawhat" view={game.view(state, 0)} seat={0} table={tableOf(4)} legal={legal} act={act} events={[]} myTurn tx={tx} />);
    expect(container.querySelector("[data-testid='spell-4'][data-legal]")).toBeNull();
    fireEvent.click(screen.getByTestId("spell-4"));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Casting 4 is not allowed now");
  });

  it("when it is not the reader's turn the plaques are faces only (no target), with their rule text on focus", () => {
    const state = arranged(4, four);
    const { container, act } = show(state, 1);
    expect(container.querySelector("[data-board-target]")).toBeNull();
    const blizzard = screen.getByTestId("spell-6");
    fireEvent.click(blizzard);
    expect(act).not.toHaveBeenCalled();
    fireEvent.focus(blizzard);
    const tip = screen.getByRole("tooltip");
    expect(tip.textContent).toContain("Blizzard");
    expect(tip.textContent).toContain("The player to your left loses 1 life point.");
    expect(tip.textContent).toContain("Stones: 0 cast, 0 face up from the start, 2 in sight, 4 unseen");
  });
});

describe("Abraca…What? board: deduction, secret stones, dice", () => {
  it("counts per spell the stones cast of N and those in sight", () => {
    // three players: 6 stones face up from the start
    const state = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], revealed: [5, 5, 6, 7, 8, 8], secret: [4, 5, 6, 7] });
    game.apply(state, 0, { type: "cast", spell: 5 }); // seat 0 holds a 5: Lightning Tempest
    const { container } = show(state, 1);
    const tempest = screen.getByTestId("spell-5");
    expect(tempest.querySelector(".ab-count")!.textContent).toBe("cast 1 of 5");
    expect(tempest.getAttribute("aria-label")).toBe("5 — Lightning Tempest, cast 1 of 5");
    const pips = [...tempest.querySelectorAll(".pip")].map((p) => p.getAttribute("class"));
    expect(pips).toEqual(["pip cast", "pip revealed", "pip revealed", "pip unseen", "pip unseen"]);
    // Magic Drink, seen by Merlin (seat 1): 2 face up, Morgane's three 8s in sight, 3 unseen
    const drink = [...screen.getByTestId("spell-8").querySelectorAll(".pip")].map((p) => p.getAttribute("class")!.slice(4));
    expect(drink).toEqual(["revealed", "revealed", "held", "held", "held", "unseen", "unseen", "unseen"]);
    expect(container.textContent).toContain("Pile: 11 stones");
  });

  it("marks the spells the reader's hand log says they hold none of (a failed call since their last draw)", () => {
    const state = arranged(4, four);
    game.apply(state, 0, { type: "cast", spell: 8 }); // Ada holds no 8: failed, turn over, still 5 stones: no draw
    const { container } = show(state, 0);
    expect([...container.querySelectorAll<HTMLElement>(".ab-plaque .ab-none")].map((n) => n.closest<HTMLElement>(".ab-plaque")!.dataset.testid)).toEqual(["spell-8"]);
    // its name holds the mark it shows
    expect(screen.getByTestId("spell-8").getAttribute("aria-label")).toBe("8 — Magic Drink, cast 0 of 8, none held");
    fireEvent.focus(screen.getByTestId("spell-8"));
    expect(screen.getByRole("tooltip").textContent).toContain("You called 8 without holding it and have not drawn since: you hold none.");
    cleanup();
    // Merlin sees Ada's stones: no such mark on his board
    expect(show(state, 1).container.querySelector(".ab-none")).toBeNull();
  });

  it("draws the secret stones as SVG, the reader's own with their number, and shows the die rolled", () => {
    const state = arranged(4, four, {}, [2]);
    const events = [...game.apply(state, 0, { type: "cast", spell: 4 }), ...game.apply(state, 0, { type: "cast", spell: 5 }), ...game.apply(state, 0, { type: "end" })];
    // Ada took a secret stone; Merlin casts 1 without holding it and rolls 2
    const rolled = game.apply(state, 1, { type: "cast", spell: 1 });
    const took = state.taken[0]![0]!;
    show(state, 0, [...events, ...rolled]);
    const ada = screen.getByRole("group", { name: "your seat" });
    expect(within(ada).getByRole("group", { name: "1 secret stone taken" })).toBeTruthy();
    expect(within(ada).getByRole("img", { name: `secret stone: ${took} ${["", "Ancient Dragon", "Dark Wanderer", "Sweet Dream", "Night Singer", "Lightning Tempest", "Blizzard", "Fireball", "Magic Drink"][took]}` }).tagName.toLowerCase()).toBe("svg");
    expect(document.body.textContent).not.toMatch(/🔒/u);
    expect(screen.getByRole("img", { name: "3 secret stones left" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "die showing 2" })).toBeTruthy();
    expect(screen.getByText("Die: 1 to 3")).toBeTruthy();
    cleanup();
    show(state, 2);
    const others = screen.getByRole("group", { name: "Ada’s seat" });
    expect(within(others).getByRole("img", { name: "secret stone" })).toBeTruthy();
  });

  it("turns every hand over at a round's end, the reader's own stones too, until hidden", () => {
    const state = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], life: [1, 6, 6] });
    const events = game.apply(state, 0, { type: "cast", spell: 8 }); // Ada holds no 8, has 1 life: knocked out
    show(state, 0, events);
    const reveal = screen.getByRole("region", { name: "End of round 1" });
    expect(reveal.textContent).toContain("You knocked yourself out, no winner");
    const mine = within(reveal).getByRole("group", { name: "your stones" });
    expect(within(mine).getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toEqual(["1 Ancient Dragon", "2 Dark Wanderer", "3 Sweet Dream", "4 Night Singer", "5 Lightning Tempest"]);
    expect(reveal.textContent).toContain("Your stones were");
    expect(reveal.textContent).toContain("+1 (1 point in all)");
    // the new round is dealt: our stones are backs again on the table
    expect(within(screen.getByRole("group", { name: "your seat" })).getAllByRole("img", { name: "hidden stone" })).toHaveLength(5);
    fireEvent.click(within(reveal).getByRole("button", { name: "Hide" }));
    expect(screen.queryByRole("region", { name: "End of round 1" })).toBeNull();
  });

  it("words the board in French", () => {
    const { container } = show(arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]] }), 0, [], vi.fn(), "fr");
    expect(container.textContent).toContain("À votre gauche\u00a0: vos 5 et 6 le touchent");
    expect(screen.getByRole("button", { name: "lancer le 5 — Tempête d’Éclairs 0 lancée sur 5" })).toBeTruthy();
  });
});

describe("Abraca…What? summary", () => {
  it("breaks the score down round by round and shows the final hands and secret stones", () => {
    // Round 1 as a logged event; round 2 played: Ada knocks herself out, the others reach 8.
    const state = arranged(3, { hands: [[1, 2, 3, 4, 5], [6, 6, 7, 7, 8], [6, 7, 8, 8, 8]], life: [1, 6, 6], scores: [0, 7, 7] });
    const events = game.apply(state, 0, { type: "cast", spell: 8 });
    expect(state.phase.type).toBe("over");
    const earlier: Event = { type: "round-end", round: 1, end: "knockout", seat: 1, winner: 1, points: [0, 3, 1], scores: [0, 3, 1], life: [0, 5, 2], hands: null, spectatorsSeeHands: false };
    const log = [earlier, ...events].map((event, i) => ({ version: i + 1, event: game.eventFor(event, 0), by: "" }));
    const tx = gameText("abracadawhat", "en", { names: NAMES.slice(0, 3), me: 0 });
    render(<Summary view={game.view(state, 0) as never} table={tableOf(3)} log={log} tx={tx} />);
    const rows = screen.getAllByRole("row").map((r) => r.textContent);
    expect(rows[1]).toContain("Round 1");
    expect(rows[1]).toContain("Merlin wins it with a knock-out");
    expect(rows[1]).toContain("+3 → 3");
    expect(rows[2]).toContain("You knocked yourself out");
    expect(rows[2]).toContain("+1 → 8");
    expect(rows.at(-1)).toMatch(/Total.*0.*8.*winner.*8.*winner/);
    // the final hands: ours from the round's end (the view hides them), the others' from the view
    const mine = screen.getByRole("group", { name: "your stones" });
    expect(within(mine).getAllByRole("img")).toHaveLength(5);
    const merlin = screen.getByRole("group", { name: "Merlin’s stones" });
    expect(within(merlin).getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toContain("7 Fireball");
  });
});
