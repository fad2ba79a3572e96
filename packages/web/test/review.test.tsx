// @vitest-environment jsdom
// The replay's Review tab and the match's Hint button: a real review (Abraca…What?, computed by the
// engine from a played record) drawn as a value graph and a table of verdicts in both languages,
// the server's `pending` answers polled until the review comes, a jump back to the board at a
// decision's step, and the hint shown only where the table allows hints, for the current decision.
import { abracadawhatGame } from "@grimoire/abracadawhat";
import { shazammGame } from "@grimoire/shazamm";
import { createRng, playout, reviewNow, reviewRecord, unwrap, type Review } from "@grimoire/engine";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { preloadWords } from "../src/text.tsx";
import { TABLE_AROUND } from "./support/table.ts";
import type { MatchSnapshot } from "../src/connection.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { en } from "../src/i18n/en.ts";
import { fr } from "../src/i18n/fr.ts";
import { CreateTable } from "../src/pages/CreateTable.tsx";
import { HintButton } from "../src/pages/HintButton.tsx";
import { TablePage } from "../src/pages/TablePage.tsx";
import { Replay } from "../src/pages/Replay.tsx";
import { ReviewView } from "../src/pages/Review.tsx";
import type { TableInfo } from "../src/protocol.ts";

const seed = "00112233445566778899aabbccddeeff";
const options = abracadawhatGame.optionsSchema.parse({});
const initial = abracadawhatGame.setup({ seats: 2, options, seed });
const played = playout(abracadawhatGame, abracadawhatGame.clone(initial), [abracadawhatGame.bots.reasoner!.create(), abracadawhatGame.bots.random!.create()], createRng(3)).slice(0, 30);
const review: Review = unwrap(reviewRecord(abracadawhatGame, abracadawhatGame.reviewer, initial, played, 1));
const record = { game: "abracadawhat", seats: ["Ada", "Basile"], options, seed, seedHash: "h", actions: played, outcome: { winners: [0], scores: [8, 3], draw: false } };
const table: TableInfo = {
  id: "t1",
  game: "abracadawhat",
  gameTitle: "Abraca…What?",
  options,
  status: "over",
  seats: [0, 1].map((seat) => ({ seat, kind: "human" as const, name: record.seats[seat]!, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
  hints: true,
  ...TABLE_AROUND,
};

beforeAll(async () => {
  initI18n("en");
  // game words load on demand; have them here before the first render
  await Promise.all(["abracadawhat", "shazamm", "incantibus", "emmerlaus"].map(preloadWords));
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
  vi.unstubAllGlobals();
});

describe("the review", () => {
  it("draws a dot per decision and a row per decision with its verdict, in English and French", () => {
    expect(review.decisions.length).toBeGreaterThan(3);
    render(<ReviewView review={review} table={table} />);
    expect(screen.getByRole("heading", { name: "Review of Basile’s decisions" })).toBeTruthy();
    const graph = screen.getByTestId("review-graph");
    expect(graph.querySelectorAll("circle")).toHaveLength(review.decisions.length);
    expect(graph.querySelectorAll("polyline")).toHaveLength(2);
    const rows = screen.getAllByRole("row").filter((row) => row.className.startsWith("rv-row"));
    expect(rows).toHaveLength(review.decisions.length);
    const first = review.decisions[0]!;
    expect(rows[0]!.textContent).toContain({ good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder", none: "not judged" }[first.label ?? "none"]);
    // Each row says which kind of value its decision got (issue #28).
    review.decisions.forEach((decision, i) => expect(rows[i]!.textContent).toContain(en.review.kind[decision.kind!]));
    const { counts } = review.summary;
    expect(screen.getByTestId("review-summary").textContent).toContain(`${counts.blunder} blunder`);
    // "rated": the judged decisions; those not judged counted apart.
    const judged = review.decisions.filter((d) => d.label !== null).length;
    expect(screen.getByTestId("review-summary").textContent).toMatch(new RegExp(judged === 1 ? "^1 decision rated" : `^${judged} decisions rated`));
    if (judged < review.decisions.length) expect(screen.getByTestId("review-summary").textContent).toContain(`${review.decisions.length - judged} not judged`);
    // The choices and the exact odds of a decision, on demand.
    fireEvent.click(screen.getAllByRole("button", { name: "choices" })[0]!);
    expect(screen.getByText("Your odds, exactly, from what you could see")).toBeTruthy();
    expect(screen.getByTestId("review-kind").textContent).toBe(en.review.kindNote[first.kind!]);
    cleanup();
    switchLanguage("fr");
    render(<ReviewView review={review} table={table} />);
    expect(screen.getByRole("heading", { name: "Analyse des décisions de Basile" })).toBeTruthy();
    const frRows = screen.getAllByRole("row").filter((row) => row.className.startsWith("rv-row"));
    review.decisions.forEach((decision, i) => expect(frRows[i]!.textContent).toContain(fr.review.kind[decision.kind!]));
    expect(screen.getByTestId("review-summary").textContent).toMatch(/perte moyenne/);
  });

  it("says what an older Shazamm! review's values measure in the game's own words (its catalogue), in English and French", () => {
    const older: Review = { ...review, game: "shazamm", unit: "wall", decisions: [], summary: { decisions: 0, averageLoss: 0, counts: { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 } } };
    const duel: TableInfo = { ...table, game: "shazamm", gameTitle: "Shazamm!" };
    for (const lang of ["en", "fr"] as const) {
      switchLanguage(lang);
      render(<ReviewView review={older} table={duel} />);
      expect(screen.getByTestId("review").textContent).toContain(shazammGame.text[lang]["review.unit.wall"]!.slice(0, 40));
      cleanup();
    }
    // the page's catalogue holds no game's words: its units are the ones any game may use
    expect(Object.keys(en.review.unit).sort()).toEqual(["share", "win"]);
    expect(Object.keys(fr.review.unit).sort()).toEqual(["share", "win"]);
  });
  it("waits for the server's review in the replay's Review tab, then jumps to a decision's step", async () => {
    const answers = [{ status: "pending", done: 0, total: review.decisions.length }, { status: "pending", done: 3, total: review.decisions.length }, { status: "done", review }];
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.includes("/review")) {
          const answer = answers.shift() ?? { status: "done", review };
          return new Response(JSON.stringify(answer), { status: answer.status === "done" ? 200 : 202 });
        }
        return new Response(JSON.stringify(url.endsWith("/record") ? record : { table }), { status: 200 });
      }),
    );
    render(<Replay id="t1" />);
    fireEvent.click(await screen.findByRole("tab", { name: "Review" }, { timeout: 10_000 }));
    expect(await screen.findByText(/reviewing these decisions/)).toBeTruthy();
    await screen.findByTestId("review", {}, { timeout: 5_000 });
    expect(asked.filter((u) => u.includes("/review?seat=0")).length).toBe(3);
    const decision = review.decisions[0]!;
    // the button shows the step's number and is named by a sentence that holds it (label in name)
    const jump = screen.getByRole("button", { name: `Show the board before step ${decision.index + 1}` });
    expect(jump.hasAttribute("aria-label")).toBe(false);
    fireEvent.click(jump);
    expect(screen.getByRole("tab", { name: "Board" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("slider", { name: "step" })).toHaveProperty("value", String(decision.index));
  });
});

describe("the hint button", () => {
  const state = abracadawhatGame.clone(initial);
  const seat = (abracadawhatGame.decision(state) as { seat: number }).seat;
  const hint = reviewNow(abracadawhatGame, abracadawhatGame.reviewer, state, seat, 0)!;
  const snap = (over: Partial<MatchSnapshot>): MatchSnapshot => ({
    status: "open",
    table: { ...table, status: "playing" },
    you: seat,
    version: 0,
    view: abracadawhatGame.view(state, seat),
    decision: { type: "turn", seats: [seat], prompt: null, deadline: null },
    legal: [],
    outcome: null,
    seed: null,
    seedHash: "h",
    log: [],
    chat: [],
    chatError: null,
    rematchTo: null,
    lastEvents: [],
    error: null,
    pending: false,
    ...over,
  });

  it("asks the server on a click and shows the current decision's choices, best first", () => {
    const connection = { hint: vi.fn() };
    const { rerender } = render(<HintButton snap={snap({})} connection={connection} />);
    fireEvent.click(screen.getByRole("button", { name: "Hint" }));
    expect(connection.hint).toHaveBeenCalledTimes(1);
    act(() => rerender(<HintButton snap={snap({ hint: { version: 0, unit: "share", review: hint } })} connection={connection} />));
    const shown = screen.getByTestId("hint");
    expect(shown.querySelectorAll("li")).toHaveLength(hint.choices.length);
    expect(shown.textContent).not.toContain("(played)");
    // A hint for an earlier decision is not shown as the current one.
    act(() => rerender(<HintButton snap={snap({ version: 4, hint: { version: 0, unit: "share", review: hint } })} connection={connection} />));
    expect(screen.queryByTestId("hint")).toBeNull();
  });

  it("is not offered where the table does not allow hints, nor to a spectator", () => {
    const connection = { hint: vi.fn() };
    render(<HintButton snap={snap({ table: { ...table, status: "playing", hints: false } })} connection={connection} />);
    expect(screen.queryByRole("button", { name: "Hint" })).toBeNull();
    cleanup();
    render(<HintButton snap={snap({ you: "spectator" })} connection={connection} />);
    expect(screen.queryByRole("button", { name: "Hint" })).toBeNull();
  });
});

describe("creating a table with friends", () => {
  it("offers hints, and asks the server for them (and for an unrated table) only when ticked", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/tables") {
          bodies.push(JSON.parse(String(init?.body)));
          return new Response(JSON.stringify({ table }), { status: 200 });
        }
        return new Response(JSON.stringify({ table, seat: 0, token: "k" }), { status: 200 });
      }),
    );
    const info = { id: "abracadawhat", title: "Abraca…What?", minSeats: 2, maxSeats: 5, defaultOptions: {}, optionDocs: [], levels: { easy: "random", medium: "reasoner", hard: "strong" } };
    render(<CreateTable games={[info]} />);
    fireEvent.change(screen.getByRole("combobox", { name: /Seat 2/ }), { target: { value: "open" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Hints allowed/ }));
    fireEvent.click(screen.getByTestId("create-table"));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ seats: [{ kind: "open" }, { kind: "open" }], hints: true, rated: false });
  });

  it("sets the absence allowed before a bot plays (graceSeconds) when filled in, and leaves it out otherwise (issue #25)", async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/tables") bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(url === "/api/tables" ? { table } : { table, seat: 0, token: "k" }), { status: 200 });
      }),
    );
    const info = { id: "abracadawhat", title: "Abraca…What?", minSeats: 2, maxSeats: 5, defaultOptions: {}, optionDocs: [], levels: { easy: "random", medium: "reasoner", hard: "strong" } };
    render(<CreateTable games={[info]} />);
    fireEvent.change(screen.getByRole("spinbutton", { name: /Absence allowed/ }), { target: { value: "90" } });
    fireEvent.click(screen.getByTestId("create-table"));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ mode: "realtime", graceSeconds: 90 });
    cleanup();
    render(<CreateTable games={[info]} />);
    fireEvent.click(screen.getByTestId("create-table"));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty("graceSeconds");
  });
});

describe("joining a table where hints are allowed", () => {
  it("says so before the seat is taken; a table without hints does not", async () => {
    const open = { ...table, id: "t2", status: "open" as const, seats: [table.seats[0]!, { seat: 1, kind: "open" as const, name: null, connected: false, botTakeover: false }] };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ table: open }), { status: 200 })));
    render(<TablePage id="t2" watch={false} />);
    expect((await screen.findByTestId("hints-agreed")).textContent).toMatch(/by taking a seat you agree/);
    cleanup();
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ table: { ...open, id: "t3", hints: false } }), { status: 200 })));
    render(<TablePage id="t3" watch={false} />);
    await screen.findByRole("button", { name: "Take a seat" });
    expect(screen.queryByTestId("hints-agreed")).toBeNull();
  });
});
