// @vitest-environment jsdom
// The end of a match hands the game's Summary (from its board module) the final views with nothing
// hidden and the whole log; a game whose module has no Summary shows the generic end only.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TABLE_AROUND } from "./support/table.ts";
import type { BoardModule, SummaryProps } from "../src/kit/types.ts";

const withSummary: BoardModule = {
  Board: () => <div className="board">board</div>,
  Summary: ({ view, seatViews, log }: SummaryProps<never>) => (
    <p data-testid="game-summary">
      {JSON.stringify(view)} · {seatViews?.length} · {log.length}
    </p>
  ),
};
vi.mock("@grimoire/catalog/boards", () => ({
  findBoard: (id: string) => (id === "emmerlaus" ? async () => withSummary : id === "shazamm" ? async () => ({ Board: withSummary.Board }) : undefined),
}));

const { MatchView } = await import("../src/pages/Match.tsx");
const { loadBoard } = await import("../src/games/GameBoard.tsx");
const { initI18n } = await import("../src/i18n/index.ts");
type Snapshot = import("../src/connection.ts").MatchSnapshot;

beforeAll(async () => {
  await Promise.all([loadBoard("emmerlaus"), loadBoard("shazamm")]);
  initI18n("en");
});
afterEach(cleanup);

const snapshot = (game: string, full: unknown): Snapshot => ({
  status: "open",
  table: { id: "t", game, gameTitle: game, options: {}, status: "over", seats: [0, 1].map((seat) => ({ seat, kind: "human" as const, name: `P${seat}`, connected: true, botTakeover: false })), turnSeconds: null, graceSeconds: null, seedHash: "h", invite: "/?table=t", createdAt: 0, ...TABLE_AROUND },
  you: 1,
  version: 9,
  view: { mine: true },
  decision: { type: "over", seats: [], prompt: null, deadline: null },
  legal: [],
  outcome: { winners: [0], scores: [3, 1], draw: false },
  seed: "s",
  seedHash: "h",
  final: { seats: [{ seat: 0 }, { seat: 1 }], full },
  log: [],
  lastEvents: [],
  error: null,
  pending: false,
  chat: [],
  chatError: null,
  rematchTo: null,
});

describe("the game's end-of-game summary", () => {
  it("gets the game's full view when it has one, every seat's view, and the log", async () => {
    render(<MatchView snap={snapshot("emmerlaus", { everything: 1 })} act={() => {}} clearError={() => {}} />);
    expect((await screen.findByTestId("game-summary")).textContent).toBe('{"everything":1} · 2 · 0');
  });

  it("without a full view, the reader's own final view", async () => {
    render(<MatchView snap={snapshot("emmerlaus", null)} act={() => {}} clearError={() => {}} />);
    expect((await screen.findByTestId("game-summary")).textContent).toBe('{"seat":1} · 2 · 0');
  });

  it("a game without a Summary shows the generic result only", () => {
    render(<MatchView snap={snapshot("shazamm", null)} act={() => {}} clearError={() => {}} />);
    expect(screen.getByTestId("outcome").textContent).toContain("Winner: P0");
    expect(screen.queryByTestId("game-summary")).toBeNull();
  });
});
