// @vitest-environment jsdom
// The table around the board (jsdom): the whole log from the server's `log` message, grouped,
// with the bot tag on a bot's action only; a bot standing in said plainly, with a one-click
// take-back; the turn alert (tab title, tone unless muted, the mute remembered); the text actions
// collapsed under the board; the end with every seat's hidden information.
import { emmerlausGame as emmerlaus } from "@grimoire/emmerlaus";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "./support/table.ts";
import { FakeSocket } from "./support/socket.ts";
import { MatchConnection, type MatchSnapshot } from "../src/connection.ts";
import { loadBoard } from "../src/games/GameBoard.tsx";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { MatchView } from "../src/pages/Match.tsx";
import type { DecisionInfo, TableInfo } from "../src/protocol.ts";
import type { AnyGame, Message } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";

const emmerlausGame: AnyGame = emmerlaus;

beforeAll(async () => {
  await loadBoard("emmerlaus");
  initI18n("en");
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
  localStorage.clear();
  document.title = "Grimoire";
  vi.unstubAllGlobals();
});

const table = (patch: Partial<TableInfo["seats"][number]> = {}): TableInfo => ({
  id: "t1",
  game: "emmerlaus",
  gameTitle: "Emmerlaüs",
  options: {},
  status: "playing",
  seats: [
    { seat: 0, kind: "human", name: "Ada", connected: true, botTakeover: false, ...patch },
    { seat: 1, kind: "bot", name: "Merlin", level: "hard", connected: true, botTakeover: false },
    { seat: 2, kind: "human", name: "Bea", connected: true, botTakeover: false },
  ],
  turnSeconds: 30,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
  ...TABLE_AROUND,
});

const state = emmerlausGame.setup({ seats: 3, options: emmerlausGame.optionsSchema.parse({}), seed: 4 });
const decisionFor = (seats: number[]): DecisionInfo => ({ type: "turn", seats, prompt: null, deadline: Date.now() + 20_000 });

function snapshot(patch: Partial<MatchSnapshot>): MatchSnapshot {
  return { status: "open", table: table(), you: 0, version: 3, view: emmerlausGame.view(state, 0), decision: decisionFor([1]), legal: [], outcome: null, seed: null, seedHash: null, log: [], lastEvents: [], error: null, pending: false, chat: [], chatError: null, rematchTo: null, ...patch };
}

/** Some real events of the game, as seat 0 saw them. */
function someEvents(): unknown[] {
  const s = emmerlausGame.clone(state);
  const events: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    const d = emmerlausGame.decision(s);
    if (d.type !== "turn") break;
    events.push(...emmerlausGame.apply(s, d.seat, emmerlausGame.legalActions(s, d.seat).at(-1)).map((e: unknown) => emmerlausGame.eventFor(e, 0)).filter((e: unknown) => e !== null));
  }
  return events;
}

describe("the log", () => {
  it("takes the server's whole history on a fresh hello, then appends live updates, with no cap", () => {
    const socket = new FakeSocket();
    const connection = new MatchConnection({ tableId: "t1", open: () => socket, setTimer: () => 0, clearTimer: () => {} });
    connection.start();
    socket.open();
    const entries = Array.from({ length: 600 }, (_, i) => ({ version: i + 1, actor: i % 3, by: "player" as const, events: [{ n: i }] }));
    socket.deliver({ type: "log", version: 600, entries });
    expect(connection.current.log).toHaveLength(600);
    socket.deliver({ type: "update", version: 601, actor: 1, by: "bot", events: [{ n: 600 }, { n: 601 }], view: {}, decision: decisionFor([0]), legal: [] });
    expect(connection.current.log).toHaveLength(602);
    expect(connection.current.log.at(-1)).toEqual({ version: 601, actor: 1, by: "bot", event: { n: 601 } });
    // A later fresh history replaces the lines (a reload never doubles them).
    socket.deliver({ type: "log", version: 601, entries: entries.slice(0, 2) });
    expect(connection.current.log).toHaveLength(2);
    connection.reclaim();
    expect(socket.sent.at(-1)).toMatchObject({ type: "reclaim" });
    // The end brings every seat's final view.
    socket.deliver({ type: "over", version: 601, outcome: { winners: [0], scores: [1, 0, 0], draw: false }, seed: "s", seedHash: "h", final: { seats: [{ a: 1 }, { b: 2 }, { c: 3 }], full: null } });
    expect(connection.current.final).toEqual({ seats: [{ a: 1 }, { b: 2 }, { c: 3 }], full: null });
    connection.stop();
  });

  it("tags a bot's action on its first line only, a stand-in with whom it plays for, and pages back on long logs", () => {
    const [e1, e2, e3] = someEvents();
    expect(e3).toBeDefined();
    const log = [
      { version: 1, actor: 0, by: "player", event: e1 },
      { version: 2, actor: 1, by: "bot", event: e2 },
      { version: 2, actor: 1, by: "bot", event: e3 },
      { version: 3, actor: 2, by: "clock", event: e1 },
    ];
    render(<MatchView snap={snapshot({ log })} act={() => {}} clearError={() => {}} />);
    const region = screen.getByRole("region", { name: "Game log" });
    const items = [...region.querySelectorAll("li")];
    expect(items).toHaveLength(4);
    // newest action first; inside it, its lines in order
    expect(items[0]!.textContent).toContain("a bot for Bea: time ran out");
    expect(items[1]!.textContent).toContain("bot");
    expect(items[1]!.querySelector(".log-tag")).not.toBeNull();
    expect(items[2]!.querySelector(".log-tag")).toBeNull();
    expect(items[3]!.querySelector(".log-tag")).toBeNull();
    const names = { names: ["Ada", "Merlin (hard)", "Bea"], me: 0 };
    expect(items[3]!.textContent).toBe(formatLine(emmerlausGame.text, "en", emmerlausGame.describeEvent(e1, 0) as Message, names));
    cleanup();
    const long = Array.from({ length: 400 }, (_, i) => ({ version: i + 1, actor: 0, by: "player", event: e1 }));
    render(<MatchView snap={snapshot({ log: long })} act={() => {}} clearError={() => {}} />);
    expect(screen.getByRole("region", { name: "Game log" }).querySelectorAll("li")).toHaveLength(150);
    fireEvent.click(screen.getByRole("button", { name: "Show earlier lines (250 more)" }));
    expect(screen.getByRole("region", { name: "Game log" }).querySelectorAll("li")).toHaveLength(300);
  });
});

describe("take-overs", () => {
  it("says plainly that a bot plays for you and why, and takes the seat back in one click", () => {
    const reclaim = vi.fn();
    render(<MatchView snap={snapshot({ table: table({ botTakeover: true, takeoverReason: "clock" }) })} act={() => {}} clearError={() => {}} reclaim={reclaim} />);
    expect(screen.getByTestId("takeover").textContent).toContain("A bot plays for you: your time ran out.");
    fireEvent.click(screen.getByRole("button", { name: "Take my seat back" }));
    expect(reclaim).toHaveBeenCalledTimes(1);
    cleanup();
    // Someone else's seat: said, with no button; in French too.
    switchLanguage("fr");
    render(<MatchView snap={snapshot({ you: 2, table: table({ botTakeover: true, takeoverReason: "absent" }) })} act={() => {}} clearError={() => {}} reclaim={reclaim} />);
    expect(screen.getByTestId("takeover").textContent).toContain("Un robot joue pour Ada\u00a0: absence prolongée.");
    expect(screen.queryByRole("button", { name: "Reprendre ma place" })).toBeNull();
  });

  it("shows the clock of every timed decision on the waiting seat too", () => {
    render(<MatchView snap={snapshot({ decision: decisionFor([2]) })} act={() => {}} clearError={() => {}} />);
    expect(document.querySelector('.seats li[data-seat="2"] .clock')?.textContent).toMatch(/Bea: \d+ s left/);
    expect(screen.getByRole("timer").textContent).toMatch(/\d+ s left/);
  });
});

describe("turn alert", () => {
  it("puts the turn in the tab title, plays a tone unless muted, and remembers the mute", () => {
    const started: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return { type: "", frequency: { value: 0 }, connect: (g: unknown) => g, start: () => started.push(1), stop: () => {} };
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    const view = (decision: DecisionInfo) => <MatchView snap={snapshot({ decision })} act={() => {}} clearError={() => {}} />;
    const { rerender } = render(view(decisionFor([1])));
    expect(document.title).toBe("Grimoire");
    rerender(view(decisionFor([0])));
    expect(document.title).toBe("(•) Your turn — Grimoire");
    expect(started.length).toBe(2);
    rerender(view(decisionFor([2])));
    expect(document.title).toBe("Grimoire");
    // Muted: the title still says it, no tone; the choice is kept for this browser.
    fireEvent.click(screen.getByRole("checkbox", { name: "Sound on your turn" }));
    expect(localStorage.getItem("grimoire.turnSound")).toBe("off");
    rerender(view(decisionFor([0])));
    expect(document.title).toBe("(•) Your turn — Grimoire");
    expect(started.length).toBe(2);
    cleanup();
    render(view(decisionFor([1])));
    expect((screen.getByRole("checkbox", { name: "Sound on your turn" }) as HTMLInputElement).checked).toBe(false);
  });
});

describe("text actions and the end", () => {
  it("keeps the text actions as a collapsed alternative under the board", () => {
    const legal = emmerlausGame.legalActions(state, 0).map((action: unknown) => ({ action, label: emmerlausGame.describeAction(action) as Message }));
    const act = vi.fn();
    render(<MatchView snap={snapshot({ decision: decisionFor([0]), legal })} act={act} clearError={() => {}} />);
    const details = screen.getByText("All actions as text").closest("details")!;
    expect(details.open).toBe(false);
    expect(details.compareDocumentPosition(document.querySelector(".board")!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    fireEvent.click(details.querySelectorAll("button")[0]!);
    expect(act).toHaveBeenCalledWith(legal[0]!.action);
  });

  it("reveals every seat's final board on demand once over", async () => {
    const final = { seats: [0, 1, 2].map((s) => emmerlausGame.view(state, s)), full: null };
    render(<MatchView snap={snapshot({ decision: { type: "over", seats: [], prompt: null, deadline: null }, outcome: { winners: [1], scores: [0, 3, 1], draw: false }, final })} act={() => {}} clearError={() => {}} />);
    const details = screen.getByText("Everyone’s hidden information").closest("details")!;
    expect(screen.queryByRole("region", { name: "As Merlin (hard) saw it" })).toBeNull();
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(await screen.findByRole("region", { name: "As Merlin (hard) saw it" })).toBeTruthy();
    expect(screen.getAllByRole("region", { name: /^As .* saw it$/ })).toHaveLength(3);
  });
});
