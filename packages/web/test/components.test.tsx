// @vitest-environment jsdom
// Component tests: every game's board drawn from a real view of its engine, the controls sending
// the right actions, the match screen's result/error/turn parts, languages.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { abracadawhatGame } from "@grimoire/abracadawhat";
import { shazammGame } from "@grimoire/shazamm";
import { incantibusGame } from "@grimoire/incantibus";
import { emmerlausGame } from "@grimoire/emmerlaus";
import type { AnyGame } from "@grimoire/engine";
import { detectLanguage, initI18n, switchLanguage } from "../src/i18n/index.ts";
import { GameBoard } from "../src/games/GameBoard.tsx";
import { MatchView } from "../src/pages/Match.tsx";
import { HowTo } from "../src/pages/HowTo.tsx";
import type { MatchSnapshot } from "../src/connection.ts";
import type { LegalAction, TableInfo } from "../src/protocol.ts";

beforeAll(() => {
  initI18n("en");
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
});

function tableOf(game: AnyGame, seats: number): TableInfo {
  return {
    id: "t1",
    game: game.id,
    gameTitle: game.title,
    options: {},
    status: "playing",
    seats: Array.from({ length: seats }, (_, seat) => ({ seat, kind: seat === 0 ? ("human" as const) : ("bot" as const), name: seat === 0 ? "Alice" : `Bot ${seat}`, connected: true, botTakeover: false })),
    turnSeconds: null,
    graceSeconds: null,
    seedHash: "abc",
    invite: "/?table=t1",
    createdAt: 0,
  };
}

function started(game: AnyGame, seats: number) {
  const state = game.setup({ seats, options: game.optionsSchema.parse({}), seed: "0123456789abcdef0123456789abcdef" });
  const decision = game.decision(state);
  const waiting = decision.type === "turn" ? [decision.seat] : decision.type === "simultaneous" ? decision.seats : [];
  return { state, waiting };
}

function legalOf(game: AnyGame, state: unknown, seat: number): LegalAction[] | null {
  if (game.sampleActions) return null;
  return (game.legalActions(state, seat) as unknown[]).map((action) => ({ action, label: game.describeAction(action) }));
}

const GAMES: [AnyGame, number][] = [
  [abracadawhatGame as AnyGame, 3],
  [shazammGame as AnyGame, 2],
  [incantibusGame as AnyGame, 3],
  [emmerlausGame as AnyGame, 3],
];

describe("game boards drawn from real views", () => {
  for (const [game, seats] of GAMES) {
    it(`${game.id}: draws the board for a seat and for a spectator`, () => {
      const { state } = started(game, seats);
      const table = tableOf(game, seats);
      const { container, unmount } = render(<GameBoard game={game.id} view={game.view(state, 0)} seat={0} table={table} legal={[]} act={() => {}} events={[]} myTurn={false} />);
      expect(container.textContent?.length).toBeGreaterThan(0);
      expect(container.querySelector("pre.dump")).toBeNull(); // a real board, not the fallback
      unmount();
      const spectator = render(<GameBoard game={game.id} view={game.view(state, "spectator")} seat={null} table={table} legal={[]} act={() => {}} events={[]} myTurn={false} />);
      expect(spectator.container.textContent?.length).toBeGreaterThan(0);
    });
  }
});

describe("Abraca…What?", () => {
  it("never draws the seat's own stones, and the cast buttons send casts", () => {
    const game = abracadawhatGame as AnyGame;
    const { state, waiting } = started(game, 3);
    const seat = waiting[0]!;
    const view = game.view(state, seat) as { hands: (number[] | null)[] };
    expect(view.hands[seat]).toBeNull();
    const act = vi.fn();
    render(<GameBoard game="abracadawhat" view={view} seat={seat} table={tableOf(game, 3)} legal={legalOf(game, state, seat)} act={act} events={[]} myTurn={true} />);
    const group = screen.getByRole("group", { name: /cast/i });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.length).toBeGreaterThanOrEqual(8);
    fireEvent.click(buttons[0]!);
    expect(act).toHaveBeenCalledWith(expect.objectContaining({ type: "cast" }));
  });
});

describe("Shazamm!", () => {
  it("the bid form commits a bid with the chosen cards, and a sealed choice is shown only to its owner", () => {
    const game = shazammGame as AnyGame;
    const { state } = started(game, 2);
    const act = vi.fn();
    const table = tableOf(game, 2);
    const { unmount } = render(<GameBoard game="shazamm" view={game.view(state, 0)} seat={0} table={table} legal={null} act={act} events={[]} myTurn={true} />);
    fireEvent.click(screen.getByRole("button", { name: /commit/i }));
    expect(act).toHaveBeenCalledWith({ type: "commit", bid: expect.any(Number), cards: [] });
    unmount();
    // Seat 0 commits bid 7 with no card: seat 1's board must not show it.
    const parsed = game.parseAction(state, 0, { type: "commit", bid: 7, cards: [] });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) game.apply(state, 0, parsed.value);
    const other = render(<GameBoard game="shazamm" view={game.view(state, 1)} seat={1} table={table} legal={null} act={() => {}} events={[]} myTurn={true} />);
    expect(JSON.stringify(game.view(state, 1))).not.toContain('"bid":7');
    expect(other.container.textContent).not.toMatch(/bid 7\b/i);
    other.unmount();
    render(<GameBoard game="shazamm" view={game.view(state, 0)} seat={0} table={table} legal={null} act={() => {}} events={[]} myTurn={false} />);
    expect(document.body.textContent).toMatch(/bid 7/i);
  });
});

function snapshot(patch: Partial<MatchSnapshot>): MatchSnapshot {
  return {
    status: "open",
    table: null,
    you: 0,
    version: 1,
    view: null,
    decision: null,
    legal: null,
    outcome: null,
    seed: null,
    seedHash: null,
    log: [],
    lastEvents: [],
    error: null,
    pending: false,
    ...patch,
  };
}

describe("the match screen", () => {
  const game = emmerlausGame as AnyGame;
  const { state, waiting } = started(game, 3);
  const table = tableOf(game, 3);

  it("lists the legal actions as labelled buttons on our turn and sends the one clicked", () => {
    const seat = waiting[0]!;
    const legal = legalOf(game, state, seat)!;
    const act = vi.fn();
    render(<MatchView snap={snapshot({ table, you: seat, view: game.view(state, seat), decision: { type: "turn", seats: [seat], prompt: "play", deadline: null }, legal })} act={act} clearError={() => {}} />);
    const button = screen.getByRole("button", { name: legal[0]!.label });
    fireEvent.click(button);
    expect(act).toHaveBeenCalledWith(legal[0]!.action);
  });

  it("shows errors plainly with a way to dismiss them", () => {
    const clearError = vi.fn();
    render(<MatchView snap={snapshot({ table, view: game.view(state, 0), error: { code: "illegal-action", message: "not that card" } })} act={() => {}} clearError={clearError} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("not that card");
    fireEvent.click(within(alert).getByRole("button"));
    expect(clearError).toHaveBeenCalled();
  });

  it("shows the result and the log in words", () => {
    render(
      <MatchView
        snap={snapshot({
          table: { ...table, status: "over" },
          view: game.view(state, 0),
          outcome: { winners: [0], scores: [1, 0, 0], draw: false },
          seed: "s33d",
          log: [{ version: 1, actor: 1, by: "bot", text: "Bot 1 plays Boule de feu" }],
        })}
        act={() => {}}
        clearError={() => {}}
      />,
    );
    expect(screen.getByTestId("outcome").textContent).toContain("Alice");
    expect(document.body.textContent).toContain("Bot 1 plays Boule de feu");
  });
});

describe("languages", () => {
  it("comes from the browser unless chosen before", () => {
    expect(detectLanguage(null, ["fr-FR", "en"])).toBe("fr");
    expect(detectLanguage(null, ["de-DE"])).toBe("en");
    expect(detectLanguage("en", ["fr-FR"])).toBe("en");
  });

  it("switches the how-to-play pages between English and French", () => {
    for (const id of ["abracadawhat", "shazamm", "incantibus", "emmerlaus"]) {
      const en = render(<HowTo game={id} />);
      const english = en.container.textContent ?? "";
      en.unmount();
      switchLanguage("fr");
      const fr = render(<HowTo game={id} />);
      const french = fr.container.textContent ?? "";
      fr.unmount();
      switchLanguage("en");
      expect(english.length).toBeGreaterThan(200);
      expect(french.length).toBeGreaterThan(200);
      expect(french).not.toBe(english);
    }
  });
});
