// @vitest-environment jsdom
// Component tests: how-to pages in both languages, the language switch, the match screen with
// real game views (Shazamm!'s sealed bid selector, Abraca…What?'s warning before a lower call),
// errors shown plainly, labelled actions, and the result.
import { abracadawhatGame } from "@grimoire/abracadawhat";
import { emmerlausGame } from "@grimoire/emmerlaus";
import { incantibusGame } from "@grimoire/incantibus";
import { shazammGame } from "@grimoire/shazamm";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { preloadWords } from "../src/text.tsx";
import { loadBoard } from "../src/games/GameBoard.tsx";
import { App } from "../src/App.tsx";
import type { MatchSnapshot } from "../src/connection.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { Home } from "../src/pages/Home.tsx";
import { HowTo } from "../src/pages/HowTo.tsx";
import { Leaderboard } from "../src/players/Leaderboard.tsx";
import { games } from "@grimoire/catalog";
import { MatchView } from "../src/pages/Match.tsx";
import type { DecisionInfo, TableInfo } from "../src/protocol.ts";
import type { AnyGame, Message } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";

beforeAll(async () => {
  // boards load on demand; load them first so the screens render at once
  await Promise.all(["abracadawhat", "shazamm", "incantibus", "emmerlaus"].map(loadBoard));
  await Promise.all(["abracadawhat", "shazamm", "incantibus", "emmerlaus"].map(preloadWords));
  initI18n("en");
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ games: [], tables: [] }), { status: 200 })));
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
});

const tableOf = (game: string, seats: number): TableInfo => ({
  id: "t1",
  game,
  gameTitle: game,
  options: {},
  status: "playing",
  seats: Array.from({ length: seats }, (_, seat) => (seat === 0 ? { seat, kind: "human" as const, name: "Ada", connected: true, botTakeover: false } : { seat, kind: "bot" as const, name: ["Merlin", "Morgane"][seat - 1] ?? "Viviane", level: "hard" as const, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0, mode: "realtime" as const, bankSeconds: null, banks: null, resigned: [], removed: [], rematch: { accepted: [], next: null, previous: null }, spectatorChat: false,
});

/** The decision as the server sends it, from the game's own (its prompt a Message). */
function decisionOf(game: AnyGame, state: unknown, deadline: number | null = null): DecisionInfo {
  const d = game.decision(state);
  return d.type === "turn" ? { type: "turn", seats: [d.seat], prompt: d.prompt, deadline } : d.type === "simultaneous" ? { type: "simultaneous", seats: [...d.seats], prompt: d.prompt, deadline } : { type: "over", seats: [], prompt: null, deadline: null };
}

/** A legal action as the server lists it, with its label worded by the client in English. */
const labelled = (game: AnyGame, action: unknown) => ({ action, label: game.describeAction(action) as Message });
const english = (game: AnyGame, message: Message) => formatLine(game.text, "en", message, { names: ["Ada", "Merlin", "Morgane"], me: 0 });

function snapshot(patch: Partial<MatchSnapshot>): MatchSnapshot {
  return { status: "open", table: null, you: 0, version: 1, view: null, decision: null, legal: [], outcome: null, seed: null, seedHash: null, log: [], lastEvents: [], error: null, pending: false, chat: [], chatError: null, rematchTo: null, ...patch };
}

describe("how to play", () => {
  it("is written in English and in French", () => {
    render(<HowTo game="shazamm" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("How to play");
    expect(screen.getAllByRole("listitem").length).toBeGreaterThanOrEqual(3);
    cleanup();
    switchLanguage("fr");
    render(<HowTo game="shazamm" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Comment jouer");
  });
  it("every game's page, in both languages, names each component of its glossary (Incantibus' gold whatever its value)", () => {
    for (const game of games) {
      for (const lang of ["en", "fr"] as const) {
        switchLanguage(lang);
        render(<HowTo game={game.id} />);
        const terms = [...document.querySelectorAll(".glossary dt")].map((dt) => dt.textContent ?? "");
        expect(terms.length, `${game.id} in ${lang}`).toBeGreaterThan(0);
        expect(terms.filter((term) => term.trim() === "" || term.includes("{")), `${game.id} in ${lang}`).toEqual([]);
        cleanup();
      }
    }
  });
  it("each game's own emblem (from its board folder, registered in the catalog) on its how-to page", () => {
    const drawn = games.map((game) => {
      render(<HowTo game={game.id} />);
      const shapes = document.querySelector("svg.emblem")!.innerHTML;
      cleanup();
      return shapes;
    });
    expect(drawn.every((shapes) => /<(circle|rect|path)/.test(shapes))).toBe(true);
    expect(new Set(drawn).size).toBe(games.length);
  });
  it("says so for an unknown game", () => {
    render(<HowTo game="chess" />);
    expect(screen.getByRole("alert").textContent).toContain("chess");
  });
});

describe("the list of games comes from the catalog", () => {
  it("the home page has a card per registered game, each with its emblem; the leaderboard a tab per game", () => {
    render(<Home />);
    const cards = [...document.querySelectorAll(".game-card")];
    expect(cards.map((card) => card.className.replace("game-card g-", "")).sort()).toEqual(games.map((game) => game.id).sort());
    for (const card of cards) expect(card.querySelector("svg.emblem")!.childElementCount).toBeGreaterThan(0);
    cleanup();
    render(<Leaderboard game="shazamm" />);
    expect(screen.getByRole("navigation").querySelectorAll("a")).toHaveLength(games.length);
  });
});

describe("app shell", () => {
  it("switches language from the header", async () => {
    history.replaceState(null, "", "/?howto=emmerlaus");
    render(<App />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("How to play");
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "fr" } });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toContain("Comment jouer");
    expect(document.documentElement.lang).toBe("fr");
  });
});

describe("Shazamm! screen", () => {
  const state = shazammGame.setup({ seats: 2, options: shazammGame.optionsSchema.parse({}), seed: 7 });
  const decision = decisionOf(shazammGame, state);

  it("offers a bid and the hand (decoy included), and commits what was chosen", () => {
    const act = vi.fn();
    const view = shazammGame.view(state, 0);
    render(<MatchView snap={snapshot({ table: tableOf("shazamm", 2), view, decision, legal: null })} act={act} clearError={() => {}} />);
    expect(screen.getByText("Your turn.")).toBeTruthy();
    fireEvent.change(screen.getByRole("spinbutton", { name: "bid" }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: /Decoy/ }));
    fireEvent.click(screen.getByRole("button", { name: /^Commit/ }));
    expect(act).toHaveBeenCalledWith({ type: "commit", bid: 4, cards: [0] });
    expect(screen.getByRole("img", { name: /Bridge: wall on tile 10/ })).toBeTruthy();
  });

  it("shows only that the other wizard has chosen, never the choice", () => {
    const s = shazammGame.clone(state);
    shazammGame.apply(s, 1, { type: "commit", bid: 9, cards: [0] });
    const view = shazammGame.view(s, 0);
    render(<MatchView snap={snapshot({ table: tableOf("shazamm", 2), view, decision: { ...decision, seats: [0] }, legal: null })} act={() => {}} clearError={() => {}} />);
    expect(screen.getByText(/chosen/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/bids? 9/);
  });
});

describe("Abraca…What? screen", () => {
  it("shows others' stones face up and ours as backs, and asks before a lower (penalised) call", () => {
    const state = abracadawhatGame.setup({ seats: 3, options: abracadawhatGame.optionsSchema.parse({}), seed: 11 });
    const view = abracadawhatGame.view(state, 0);
    const legal = abracadawhatGame.legalActions(state, 0).map((action) => labelled(abracadawhatGame, action));
    const act = vi.fn();
    const seat = abracadawhatGame.decision(state);
    const me = seat.type === "turn" ? seat.seat : 0;
    render(<MatchView snap={snapshot({ you: me, table: tableOf("abracadawhat", 3), view: abracadawhatGame.view(state, me), decision: decisionOf(abracadawhatGame, state), legal })} act={act} clearError={() => {}} />);
    expect(screen.getAllByRole("img", { name: "hidden stone" }).length).toBe(5);
    expect(view.hands[0]).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /cast 3 / }));
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 3 });
    // a call below this turn's last cast is legal but penalised: the screen asks before sending it
    cleanup();
    act.mockClear();
    const base = abracadawhatGame.view(state, me);
    const afterFive = { ...base, phase: { type: "casting" as const, seat: me, lastCast: 5 } };
    render(<MatchView snap={snapshot({ you: me, table: tableOf("abracadawhat", 3), view: afterFive, decision: decisionOf(abracadawhatGame, state), legal })} act={act} clearError={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: /cast 2 / }));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("below your last cast (5)");
    fireEvent.click(screen.getByRole("button", { name: "Cast it anyway" }));
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 2 });
    act.mockClear();
    fireEvent.click(screen.getByRole("button", { name: /cast 6 / }));
    expect(act).toHaveBeenCalledWith({ type: "cast", spell: 6 });
    // an action the server did not list is refused in words, not sent
    cleanup();
    act.mockClear();
    const onlyHigh = legal.filter((l) => (l.action as { spell?: number }).spell !== 2);
    render(<MatchView snap={snapshot({ you: me, table: tableOf("abracadawhat", 3), view: base, decision: decisionOf(abracadawhatGame, state), legal: onlyHigh })} act={act} clearError={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: /cast 2 / }));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("not allowed");
  });
});

describe("generic match parts", () => {
  it("labels every listed action, shows errors plainly, the log, the connection, and the result", () => {
    const emmerlausState = emmerlausGame.setup({ seats: 2, options: emmerlausGame.optionsSchema.parse({}), seed: 3 });
    const pass = emmerlausGame.legalActions(emmerlausState, 0).at(-1)!;
    const played = emmerlausGame.apply(emmerlausGame.clone(emmerlausState), 0, pass).map((e) => emmerlausGame.eventFor(e, 0)).find((e) => e !== null)!;
    const act = vi.fn();
    const clearError = vi.fn();
    render(
      <MatchView
        snap={snapshot({
          status: "reconnecting",
          table: tableOf("emmerlaus", 2),
          view: null,
          decision: decisionOf(emmerlausGame, emmerlausState, Date.now() + 30_000),
          legal: [labelled(emmerlausGame, pass)],
          error: { code: "not-your-turn", message: "wait for your turn" },
          log: [{ version: 1, actor: 1, by: "bot", event: played }],
          outcome: { winners: [0], scores: [1, 0], draw: false },
        })}
        act={act}
        clearError={clearError}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: english(emmerlausGame, emmerlausGame.describeAction(pass)) }));
    expect(act).toHaveBeenCalledWith(pass);
    // the error is worded from its code, not the server's English detail
    expect(screen.getByRole("alert").textContent).toContain("It is not your turn.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(clearError).toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toContain("reconnecting");
    expect(screen.getByRole("timer").textContent).toMatch(/\d+ s left/);
    const line = formatLine(emmerlausGame.text, "en", emmerlausGame.describeEvent(played, 0), { names: ["Ada", "Merlin (hard)"], me: 0 });
    expect(screen.getByRole("region", { name: "Game log" }).textContent).toContain(line);
    expect(screen.getByTestId("outcome").textContent).toContain("Winner: you");
    expect(screen.getByText(/Ada \(you\)/)).toBeTruthy();
    cleanup();
    // in French, the same screen is worded in French, players named, bots with their level
    switchLanguage("fr");
    render(<MatchView snap={snapshot({ table: tableOf("emmerlaus", 2), decision: decisionOf(emmerlausGame, emmerlausState), legal: [labelled(emmerlausGame, pass)], error: { code: "not-your-turn", message: "wait" }, outcome: { winners: [1], scores: [0, 1], draw: false } })} act={act} clearError={clearError} />);
    expect(screen.getByRole("alert").textContent).toContain("Ce n’est pas à vous de jouer.");
    expect(screen.getByTestId("outcome").textContent).toContain("Gagnant\u00a0: Merlin (difficile)");
    expect(screen.getByText(/Ada \(vous\)/)).toBeTruthy();
  });
});

describe("Incantibus and Emmerlaüs screens", () => {
  it("Incantibus draws the room, the rows, every trunk and wand from a real view", () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({}), seed: 5 });
    const view = incantibusGame.view(state, 0);
    const legal = incantibusGame.legalActions(state, 0).map((action) => labelled(incantibusGame, action));
    const act = vi.fn();
    render(<MatchView snap={snapshot({ table: tableOf("incantibus", 3), view, decision: decisionOf(incantibusGame, state), legal })} act={act} clearError={() => {}} />);
    expect(screen.getByRole("region", { name: "tower" })).toBeTruthy();
    expect(screen.getAllByLabelText(/trunk/).length).toBe(3);
    expect(screen.getAllByLabelText(/^wand \d/).length).toBe(3);
    // the room token on the board and its line among the text actions: both named by the action, both send it
    const named = screen.getAllByRole("button", { name: english(incantibusGame, legal[0]!.label) });
    expect(named.map((b) => b.hasAttribute("data-board-target"))).toEqual([true, false]);
    for (const button of named) fireEvent.click(button);
    expect(act.mock.calls).toEqual([[legal[0]!.action], [legal[0]!.action]]);
  });

  it("Emmerlaüs shows every wizard's life and power, our hand only, and dice rolled", () => {
    const state = emmerlausGame.setup({ seats: 3, options: emmerlausGame.optionsSchema.parse({}), seed: 9 });
    const view = emmerlausGame.view(state, 1);
    const roll = { type: "roll", seat: 0, what: "amount", card: "eclair", die: 6, dice: [4, 2], total: 6 };
    render(
      <MatchView
        snap={snapshot({ you: 1, table: tableOf("emmerlaus", 3), view, decision: decisionOf(emmerlausGame, state), lastEvents: [roll] })}
        act={() => {}}
        clearError={() => {}}
      />,
    );
    expect(screen.getAllByRole("meter", { name: /^life of / }).length).toBe(3);
    expect(screen.getByLabelText("your hand").children.length).toBe(5);
    expect(screen.getByRole("img", { name: "die 4" })).toBeTruthy();
    expect(screen.getByText(/Waiting for Ada/)).toBeTruthy();
  });
});
