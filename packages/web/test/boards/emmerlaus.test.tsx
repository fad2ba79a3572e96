// @vitest-environment jsdom
// The Emmerlaüs board (issue #14) on real positions: a card of the hand chosen, then the player to
// aim it at (highlighted, with the odds), answers given with the counter-attack card itself, objects
// picked on their owner's seat, the X of a Sacrifice, the life bar past 50, card faces with their
// popover, the dice of the last change, and the end-of-game summary from a whole game's log.
import { emmerlausGame, type EmmerlausState, type EmmerlausView } from "@grimoire/emmerlaus";
import type { BoardProps } from "../../src/kit/types.ts";
import { Board, Summary } from "@grimoire/emmerlaus/board";
import { lifeByRound } from "../../../../games/emmerlaus/src/board/Summary.tsx";
import { act as play, createRng, pick, unwrap } from "@grimoire/engine";
import type { EmmerlausEvent } from "@grimoire/emmerlaus";
import { act as settle, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "../support/table.ts";
import type { MatchSnapshot } from "../../src/connection.ts";
import { loadBoard } from "../../src/games/GameBoard.tsx";
import { initI18n, switchLanguage } from "../../src/i18n/index.ts";
import { MatchView } from "../../src/pages/Match.tsx";
import type { DecisionInfo, TableInfo } from "../../src/protocol.ts";
import { gameText } from "../../src/text.tsx";

beforeAll(async () => {
  await loadBoard("emmerlaus");
  initI18n("en");
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
});

const NAMES = ["Ada", "Merlin", "Morgane", "Viviane"];
const tableOf = (seats: number): TableInfo => ({
  id: "t1",
  game: "emmerlaus",
  gameTitle: "Emmerlaüs",
  options: {},
  status: "playing",
  seats: Array.from({ length: seats }, (_, seat) => (seat === 0 ? { seat, kind: "human" as const, name: "Ada", connected: true, botTakeover: false } : { seat, kind: "bot" as const, name: NAMES[seat]!, level: "easy" as const, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
  ...TABLE_AROUND,
});

function decisionOf(state: EmmerlausState, deadline: number | null = null): DecisionInfo {
  const d = emmerlausGame.decision(state);
  return d.type === "turn" ? { type: "turn", seats: [d.seat], prompt: d.prompt, deadline } : { type: "over", seats: [], prompt: null, deadline: null };
}

/** The match screen for `me` on `state`, with the listed legal actions as the server sends them (and the decision's deadline). */
function show(state: EmmerlausState, me: number, lastEvents: unknown[] = [], listed = true, deadline: number | null = null) {
  const legal = listed ? emmerlausGame.legalActions(state, me).map((action) => ({ action, label: emmerlausGame.describeAction(action) })) : null;
  const snap: MatchSnapshot = {
    status: "open",
    table: tableOf(state.players.length),
    you: me,
    version: 1,
    view: emmerlausGame.view(state, me),
    decision: decisionOf(state, deadline),
    legal,
    outcome: null,
    seed: null,
    seedHash: null,
    log: [],
    lastEvents,
    error: null,
    pending: false,
    chat: [],
    chatError: null,
    rematchTo: null,
  };
  const act = vi.fn();
  render(<MatchView snap={snap} act={act} clearError={() => {}} />);
  const board = document.querySelector<HTMLElement>(".board.emmerlaus")!;
  return { act, board: within(board), root: board };
}

const arrange = (arrangement: object, seats = 4): EmmerlausState => unwrap(emmerlausGame.fromArrangement({ seats, options: emmerlausGame.optionsSchema.parse({}), seed: 7 }, arrangement));

describe("Emmerlaüs board", () => {
  it("a card of the hand, then the player: targets highlighted with their odds, the click sends that play", () => {
    const state = arrange({ hands: [["boule-de-feu", "anneau-de-puissance-1", "annulation"], [], [], []], objects: [[], [], ["robe-de-protection-3"], []] });
    const { act, board, root } = show(state, 0);
    // every card can be played or discarded: all highlighted; no player is a target yet
    expect(root.querySelectorAll(".em-hand [data-legal]").length).toBe(3);
    expect(root.querySelectorAll("button.em-seat-button").length).toBe(0);
    fireEvent.click(board.getByRole("button", { name: "Choose Fireball" }));
    expect(act).not.toHaveBeenCalled();
    // the three opponents are targets, each with its odds before anything is sent
    const targets = root.querySelectorAll<HTMLElement>("button.em-seat-button[data-legal]");
    expect(targets.length).toBe(3);
    const merlin = board.getByRole("button", { name: /^Play Fireball on Merlin/ });
    const badge = (button: HTMLElement) => button.closest(".em-seat")!.querySelector(".em-odds-badge")!.textContent;
    expect(badge(merlin)).toContain("resists 50%");
    expect(badge(merlin)).toContain("may lose 0–16");
    // Morgane's robe raises her threshold to 13: 1–13 resist
    expect(badge(board.getByRole("button", { name: /^Play Fireball on Morgane/ }))).toContain("resists 65%");
    expect(board.getByText("damage 1–8")).toBeTruthy();
    fireEvent.click(merlin);
    expect(act).toHaveBeenCalledWith({ type: "play", card: "boule-de-feu", target: 1 });
  });

  it("the chosen card's other forms: discard, an object laid, another card chosen instead", () => {
    // Viviane is under Sanctuaire: a mass attack leaves her out
    const state = arrange({ hands: [["anneau-de-puissance-1", "pluie-de-boules-de-feu"], [], [], []], lying: [[], [], [], [{ card: "sanctuaire-d-emmerlaus", from: 3 }]] });
    const { act, board, root } = show(state, 0);
    fireEvent.click(board.getByRole("button", { name: "Choose Ring of Power +1" }));
    fireEvent.click(board.getByRole("button", { name: "Play Ring of Power +1" }));
    expect(act).toHaveBeenLastCalledWith({ type: "play", card: "anneau-de-puissance-1" });
    // a mass attack: every opponent's chance to resist is shown on their seat, then one confirm
    fireEvent.click(board.getByRole("button", { name: "Choose Fireball Rain" }));
    expect(root.querySelectorAll(".em-odds-badge").length).toBe(2);
    expect(root.querySelector('.em-seat[data-seat="3"] .em-odds-badge')).toBeNull();
    expect(root.querySelector(".em-odds-badge")!.textContent).toContain("resists 50% (halves it)");
    fireEvent.click(board.getByRole("button", { name: /^Discard Fireball Rain/ }));
    expect(act).toHaveBeenLastCalledWith({ type: "discard", card: "pluie-de-boules-de-feu" });
  });

  it("answers on the board: the counter-attack card itself, or letting it come, with the odds for us", () => {
    const state = arrange({ hands: [[], ["miroir", "annulation", "eclair"], [], []], answer: { caster: 0, card: "boule-de-feu", targets: [1], asked: 0 } });
    const { act, board, root } = show(state, 1);
    expect(root.querySelector(".em-pending")!.textContent).toContain("Ada plays Fireball on you");
    // the seat asked to answer says so, beside the caster's turn
    expect(root.querySelector('.em-seat[data-seat="1"] .em-answering')!.textContent).toBe("answering");
    expect(root.querySelector('.em-seat[data-seat="0"] .em-turn-mark')!.textContent).toBe("to play");
    expect(root.querySelector(".em-pending")!.textContent).toContain("resists 50%");
    // Mirror and Nullify highlighted in the hand, the Lightning Bolt not a target
    expect(root.querySelectorAll(".em-hand [data-legal]").length).toBe(2);
    // the Mirror card in the hand, and the same answer as a button of the panel
    fireEvent.click(within(root.querySelector<HTMLElement>(".em-hand")!).getByRole("button", { name: "Play Mirror" }));
    expect(act).toHaveBeenLastCalledWith({ type: "mirror" });
    fireEvent.click(within(root.querySelector<HTMLElement>(".em-panel")!).getByRole("button", { name: "Play Nullify" }));
    expect(act).toHaveBeenLastCalledWith({ type: "annul", count: 1 });
    fireEvent.click(board.getByRole("button", { name: "Let it come" }));
    expect(act).toHaveBeenLastCalledWith({ type: "pass" });
  });

  it("a follow-up's countdown: the answer asked of us ticks in the timer, and the caster sees our seat's clock", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const state = arrange({ hands: [[], ["miroir", "annulation", "eclair"], [], []], answer: { caster: 0, card: "boule-de-feu", targets: [1], asked: 0 } });
      expect(emmerlausGame.decision(state)).toMatchObject({ type: "turn", seat: 1, prompt: { key: "prompt.answer" } });
      const deadline = Date.now() + 25_000;
      const { root } = show(state, 1, [], true, deadline);
      expect(root.querySelector(".em-pending")!.textContent).toContain("Ada plays Fireball on you");
      const timer = screen.getByRole("timer");
      expect(timer.textContent).toContain("25 s left");
      expect(document.querySelector(".your-turn")).not.toBeNull();
      settle(() => void vi.advanceTimersByTime(3_000));
      expect(screen.getByRole("timer").textContent).toContain("22 s left");
      cleanup();
      // the caster waits on our answer: our seat shows the same clock
      show(state, 0, [], true, deadline);
      expect(document.querySelector('.seats li[data-seat="1"] .clock')!.textContent).toMatch(/Merlin.*22 s left/);
      expect(screen.getByRole("timer").textContent).toContain("22 s left");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a pick on the victim's seat: La main qui vole takes the object clicked", () => {
    const state = arrange({ hands: [["la-main-qui-vole"], [], [], []], objects: [[], ["robe-de-protection-2", "anneau-de-puissance-2"], [], []] });
    play(emmerlausGame, state, 0, { type: "play", card: "la-main-qui-vole", target: 1 });
    play(emmerlausGame, state, 1, { type: "pass" });
    expect(state.phase.type).toBe("pick");
    const { act, board, root } = show(state, 0);
    const seat = root.querySelector<HTMLElement>('.em-seat[data-seat="1"]')!;
    expect(seat.querySelectorAll("[data-legal]").length).toBe(2);
    fireEvent.click(within(seat).getByRole("button", { name: "Choose Ring of Power +2" }));
    expect(act).toHaveBeenLastCalledWith({ type: "pick", card: "anneau-de-puissance-2" });
    expect(board.getAllByRole("button", { name: "Choose Robe of Protection +2" }).length).toBeGreaterThan(0);
  });

  it("Sacrifice's X on a stepper, clamped to our life", () => {
    const state = arrange({ hands: [["sacrifice-d-emmerlaus"], [], [], []], life: [3, 50, 50, 50] });
    const { act, board } = show(state, 0);
    fireEvent.click(board.getByRole("button", { name: /^Choose Emmerl/ }));
    const more = board.getByRole("button", { name: "One more" });
    fireEvent.click(more);
    fireEvent.click(board.getByRole("button", { name: "One more" }));
    expect((board.getByRole("button", { name: "One more" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(board.getByRole("button", { name: /with X = 3/ }));
    expect(act).toHaveBeenLastCalledWith({ type: "play", card: "sacrifice-d-emmerlaus", x: 3 });
  });

  it("too many actions to list (a Sacrifice at 400 life): the board finds them from the rules and still plays", () => {
    const state = arrange({ hands: [["sacrifice-d-emmerlaus", "boule-de-feu"], [], [], []], life: [400, 50, 50, 50] });
    expect(emmerlausGame.legalActions(state, 0).length).toBeGreaterThan(300);
    const { act, board } = show(state, 0, [], false);
    fireEvent.click(board.getByRole("button", { name: "Choose Fireball" }));
    fireEvent.click(board.getByRole("button", { name: /^Play Fireball on Merlin/ }));
    expect(act).toHaveBeenLastCalledWith({ type: "play", card: "boule-de-feu", target: 1 });
    fireEvent.click(board.getByRole("button", { name: /^Choose Emmerl/ }));
    fireEvent.click(board.getByRole("button", { name: "One more" }));
    fireEvent.click(board.getByRole("button", { name: /with X = 2/ }));
    expect(act).toHaveBeenLastCalledWith({ type: "play", card: "sacrifice-d-emmerlaus", x: 2 });
  });

  it("seats: the life bar scales to the largest life, power level and hand size; card faces carry their full text", () => {
    const state = arrange({ hands: [["eclair"], ["fontaine", "miroir"], [], []], life: [120, 50, 7, 50], objects: [["anneau-de-puissance-3"], [], [], []] });
    const roll = { type: "roll", seat: 0, what: "amount", card: "eclair", die: 6, dice: [4, 2], total: 6 };
    const hurt = { type: "life", seat: 3, delta: -6, life: 44 };
    const { board, root } = show(state, 2, [roll, hurt]);
    // the life lost in the last change, on the seat that lost it
    expect(root.querySelector('.em-seat[data-seat="3"] .em-delta.loss')!.textContent).toBe("−6");
    expect(root.querySelector('.em-seat[data-seat="3"]')!.classList.contains("hit")).toBe(true);
    expect(root.querySelectorAll(".em-delta").length).toBe(1);
    const meters = board.getAllByRole("meter", { name: /^life of / });
    expect(meters.length).toBe(4);
    for (const m of meters) expect(m.getAttribute("aria-valuemax")).toBe("120");
    expect(board.getByRole("meter", { name: "life of Ada" }).getAttribute("aria-valuenow")).toBe("120");
    expect(root.querySelector('.em-seat[data-seat="0"] .em-pl')!.textContent).toBe("PL 4");
    expect(root.querySelector('.em-seat[data-seat="1"] .em-hand-count')!.textContent).toBe("2");
    // our own seat first, the others clockwise
    expect([...root.querySelectorAll(".em-seat")].map((s) => s.getAttribute("data-seat"))).toEqual(["2", "3", "0", "1"]);
    // the ring on Ada's seat: its face, with the popover's full effect on focus
    const ring = within(root.querySelector<HTMLElement>('.em-seat[data-seat="0"]')!).getByRole("group", { name: "Ring of Power +3" });
    fireEvent.focus(ring);
    expect(screen.getByRole("tooltip").textContent).toContain("your power level is 3 higher");
    // dice on the table
    expect(board.getByRole("img", { name: "die 4" })).toBeTruthy();
    expect(root.querySelector(".em-dice")!.textContent).toContain("Ada rolls 2d6 for Lightning Bolt");
  });

  it("a hand card's face: name, category, dice and band, in French too", () => {
    const state = arrange({ hands: [["tourbillon"], [], [], []] });
    const { board } = show(state, 0);
    const name = board.getByRole("button", { name: "Choose Whirlwind" });
    const face = name.closest<HTMLElement>(".em-card")!;
    // named by the card's name it shows, after the hidden words saying what a click does
    expect(name.querySelector(".sr-only")!.textContent).toBe("Choose");
    expect(name.textContent).toBe("Choose Whirlwind");
    expect(face.textContent).toContain("AD");
    fireEvent.focus(name);
    expect(screen.getByRole("tooltip", { hidden: true }).textContent).toContain("your threshold is 3 lower");
    expect(face.textContent).toContain("Direct attack");
    expect(face.textContent).toContain("1d8 per PL");
    expect(face.textContent).toContain("blue sphere");
    cleanup();
    switchLanguage("fr");
    const fr = show(state, 0);
    const faceFr = fr.root.querySelector(".em-hand .em-card")!;
    expect(faceFr.textContent).toContain("1d8 par NP");
    expect(faceFr.textContent).toContain("Attaque directe");
    expect(faceFr.querySelector(".em-card-band")!.getAttribute("title")).toContain("sphère bleue");
    expect(faceFr.querySelector(".em-sphere-blue")).toBeTruthy();
  });
});

describe("every decision can be taken on the board", () => {
  // Whole games where every decision, whoever takes it, is taken by clicking random highlighted
  // board targets (as the e2e's playByBoard does): the board must always offer one, and what it
  // sends must be a listed action.
  const games: [string, object, number, number][] = [
    ["base deck, 4 players", {}, 4, 21],
    ["expansions (staves, potions, belts, amulets), 3 players", { expansions: true, deck: 200 }, 3, 22],
  ];
  for (const [name, options, seats, seed] of games) {
    it(name, () => {
      const state = emmerlausGame.setup({ seats, options: emmerlausGame.optionsSchema.parse(options), seed });
      const rng = createRng(seed);
      const B = Board as unknown as ComponentType<BoardProps<EmmerlausView>>;
      let decisions = 0;
      for (let d = emmerlausGame.decision(state); d.type === "turn" && decisions < 400; d = emmerlausGame.decision(state), decisions++) {
        const me = d.seat;
        const legalActions = emmerlausGame.legalActions(state, me);
        const legal = legalActions.map((action) => ({ action, label: emmerlausGame.describeAction(action) }));
        const sent: unknown[] = [];
        const tx = gameText("emmerlaus", "en", { names: NAMES, me });
        const { container, unmount } = render(<B view={emmerlausGame.view(state, me)} seat={me} table={tableOf(seats)} legal={legal} act={(a: unknown) => sent.push(a)} events={[]} myTurn tx={tx} />);
        for (let click = 0; click < 6 && sent.length === 0; click++) {
          const targets = [...container.querySelectorAll<HTMLElement>("[data-board-target]")].filter((el) => !(el as HTMLButtonElement).disabled);
          const highlighted = targets.filter((el) => el.hasAttribute("data-legal"));
          expect(highlighted.length, `no highlighted target for ${JSON.stringify(state.phase)}`).toBeGreaterThan(0);
          fireEvent.click(pick(rng, highlighted));
        }
        unmount();
        expect(sent.length, `nothing sent at decision ${decisions}: ${JSON.stringify(state.phase)} ${container.innerHTML.length}`).toBe(1);
        expect(legalActions.map((a) => JSON.stringify(a))).toContain(JSON.stringify(sent[0]));
        emmerlausGame.apply(state, me, sent[0] as never);
      }
      expect(decisions).toBeGreaterThan(20);
    });
  }
});

/** A whole game of random moves from `seed`: its final state, every event and the seat whose action caused it. */
function randomGame(seed: number, seats = 4): { state: EmmerlausState; events: EmmerlausEvent[]; actors: number[] } {
  const state = emmerlausGame.setup({ seats, options: emmerlausGame.optionsSchema.parse({}), seed });
  const rng = createRng(seed);
  const events: EmmerlausEvent[] = [];
  const actors: number[] = [];
  for (let d = emmerlausGame.decision(state); d.type === "turn"; d = emmerlausGame.decision(state)) {
    const caused = emmerlausGame.apply(state, d.seat, pick(rng, emmerlausGame.legalActions(state, d.seat)));
    events.push(...caused);
    actors.push(...caused.map(() => d.seat));
  }
  return { state, events, actors };
}

describe("Emmerlaüs summary", () => {
  it("the final standing, damage dealt and taken from the log, and the winner's hand shown", async () => {
    const { state, events } = randomGame(11);
    const result = { events };
    expect(state.phase.type).toBe("over");
    const log = result.events.map((event, i) => ({ version: i + 1, event, by: "bot" }));
    const winner = state.phase.type === "over" ? state.phase.winner : null;
    const view = { ...emmerlausGame.view(state, winner ?? 0) };
    const tx = gameText("emmerlaus", "en", { names: NAMES, me: null });
    const Sum = Summary!;
    render(<Sum view={view as never} table={tableOf(4)} log={log} tx={tx} />);
    const rows = within(screen.getAllByRole("table")[0]!).getAllByRole("row").slice(1); // the standing (the rounds follow)
    expect(rows.length).toBe(4);
    // life lost in all = the sum of every loss in the log
    const lost = result.events.reduce((n, e) => n + (e.type === "life" && e.delta < 0 ? -e.delta : 0), 0);
    const taken = rows.reduce((n, r) => n + Number(r.children[4]!.textContent!.replace(/\D/g, "")), 0);
    expect(taken).toBe(lost);
    if (winner !== null) {
      expect(rows[0]!.textContent).toContain(NAMES[winner]!);
      expect(rows[0]!.textContent).toContain("still standing");
      expect(rows[0]!.querySelectorAll(".em-mini").length).toBeGreaterThanOrEqual(state.players[winner]!.hand.length);
    }
    // the first to fall is last
    const firstDead = result.events.find((e) => e.type === "died");
    if (firstDead && firstDead.type === "died") expect(rows[3]!.textContent).toContain(NAMES[firstDead.seat]!);
  });

  it("at the end every hand is shown face up, read from a losing seat's own end screen (each hand from its seat's final view)", async () => {
    const { state, events, actors } = randomGame(23);
    expect(state.phase.type).toBe("over");
    const winner = state.phase.type === "over" ? state.phase.winner : null;
    const loser = [0, 1, 2, 3].find((s) => s !== winner)!;
    const snap: MatchSnapshot = {
      status: "open",
      table: { ...tableOf(4), status: "over" },
      you: loser,
      version: events.length,
      view: emmerlausGame.view(state, loser),
      decision: { type: "over", seats: [], prompt: null, deadline: null },
      legal: [],
      outcome: emmerlausGame.outcome(state)!,
      seed: "s",
      seedHash: "h",
      // what the server sends with `over`: every seat's final view, and no full view (the game has none)
      final: { seats: [0, 1, 2, 3].map((s) => emmerlausGame.view(state, s)), full: null },
      log: events.map((event, i) => ({ version: i + 1, actor: actors[i]!, event: emmerlausGame.eventFor(event, loser), by: "bot" })),
      lastEvents: [],
      error: null,
      pending: false,
      chat: [],
      chatError: null,
      rematchTo: null,
    };
    render(<MatchView snap={snap} act={() => {}} clearError={() => {}} />);
    const summary = await screen.findByRole("region", { name: "Final standing" });
    expect(summary.textContent).not.toContain("not shown");
    const held = state.players.map((p) => p.hand.length);
    expect(held.filter((n, s) => s !== loser && n > 0).length).toBeGreaterThan(0); // others did hold cards at the end
    const standingRows = within(within(summary).getAllByRole("table")[0]!).getAllByRole("row").slice(1);
    const english = gameText("emmerlaus", "en", { names: NAMES, me: null });
    for (const [s, p] of state.players.entries()) {
      // seats by display name, bots with their level: "Merlin (easy)"
      const row = standingRows.find((r) => within(r).getByRole("rowheader").textContent!.split(" (")[0] === NAMES[s])!;
      // each card of the hand by its name, then the objects in play
      const names = [...row.querySelectorAll(".em-mini .em-mini-name")].map((el) => el.textContent).sort();
      expect(names).toEqual([...p.hand, ...p.objects].map((id) => english.t(`card.${id}.name`)).sort());
      expect(row.querySelectorAll(".em-mini").length).toBe(p.hand.length + p.objects.length);
    }
  });

  it("each wizard's life after every round of turns: a round ends when the turn comes back to a wizard who played in it", () => {
    const line = (event: EmmerlausEvent, i: number) => ({ version: i + 1, event, by: "" });
    const log = (
      [
        { type: "turn", seat: 0 },
        { type: "life", seat: 1, delta: -8, life: 42 },
        { type: "turn", seat: 1 },
        { type: "turn", seat: 2 },
        { type: "life", seat: 0, delta: -50, life: 0 },
        { type: "died", seat: 0 },
        // round 2: the dead wizard is skipped
        { type: "turn", seat: 1 },
        { type: "life", seat: 2, delta: 5, life: 55 },
        { type: "turn", seat: 2 },
        { type: "swapped", seat: 2, other: 1 },
        // round 3, cut short by the end
        { type: "turn", seat: 1 },
        { type: "life", seat: 2, delta: -42, life: 0 },
        { type: "died", seat: 2 },
        { type: "over", winner: 1 },
      ] as EmmerlausEvent[]
    ).map(line);
    expect(lifeByRound(3, log)).toEqual([
      [null, 42, 50],
      [null, 55, 42],
      [null, 55, null],
    ]);
  });

  it("the rounds breakdown of a whole game ends on the final lives, in English and in French", () => {
    const { state, events } = randomGame(11);
    const log = events.map((event, i) => ({ version: i + 1, event, by: "bot" }));
    const rounds = lifeByRound(4, log);
    const turns = events.filter((e) => e.type === "turn").length;
    expect(rounds.length).toBeGreaterThanOrEqual(Math.ceil(turns / 4));
    expect(rounds.at(-1)).toEqual(state.players.map((p) => (p.alive ? p.life : null)));
    const Sum = Summary!;
    for (const lang of ["en", "fr"] as const) {
      const tx = gameText("emmerlaus", lang, { names: NAMES, me: null });
      render(<Sum view={emmerlausGame.view(state, 0) as never} table={tableOf(4)} log={log} tx={tx} />);
      const table = screen.getByRole("region", { name: lang === "en" ? /^Life after each round/ : /^Points de vie après chaque tour de table/ });
      const rows = within(table).getAllByRole("row");
      expect(rows).toHaveLength(rounds.length + 1);
      const heads = within(rows[0]!).getAllByRole("columnheader").map((th) => th.textContent);
      expect(heads[0]).toBe(lang === "en" ? "Round" : "Tour de table");
      // the last row: each wizard's final life, or out of the game
      const last = within(rows.at(-1)!).getAllByRole("cell").map((td) => td.textContent);
      const bySeat = heads.slice(1).map((name) => NAMES.indexOf(name!));
      expect(last).toEqual(bySeat.map((s) => (state.players[s]!.alive ? String(state.players[s]!.life) : lang === "en" ? "out" : "hors jeu")));
      cleanup();
    }
  });
});
