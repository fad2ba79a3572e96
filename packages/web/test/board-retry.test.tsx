// @vitest-environment jsdom
// A board whose chunk fails to load (a request dropped) is tried again, 1 s, 2 s, then 4 s later;
// after four failed tries the table says so in place of the board, with a button that tries again,
// and the rest of the page stays as it was.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import type { BoardModule } from "../src/kit/types.ts";

let failures = 0;
let calls = 0;
const module = { Board: () => <p>the drawn board</p> } as unknown as BoardModule;
vi.mock("@grimoire/catalog/boards", () => ({
  findBoard: (id: string) =>
    id === "shazamm"
      ? async () => {
          calls++;
          if (failures > 0) {
            failures--;
            throw new TypeError("Failed to fetch dynamically imported module");
          }
          return module;
        }
      : undefined,
}));

const { GameBoard } = await import("../src/games/GameBoard.tsx");
const { initI18n } = await import("../src/i18n/index.ts");
const { preloadWords } = await import("../src/text.tsx");

beforeAll(async () => {
  initI18n("en");
  await preloadWords("shazamm");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const props = { game: "shazamm", view: {}, legal: null, seat: 0, act: () => {} } as unknown as Parameters<typeof GameBoard>[0];

it("a board that fails to load four times says so, and its button tries again", async () => {
  vi.useFakeTimers();
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  failures = 4;
  calls = 0;
  render(
    <main>
      <h1>the table</h1>
      <GameBoard {...props} />
    </main>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByText("Setting up the board…")).toBeTruthy();
  expect(calls).toBe(1);
  // tries 2, 3 and 4, after 1, 2 and 4 s
  for (const [wait, tries] of [[1_000, 2], [2_000, 3], [4_000, 4]] as const) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(wait - 1);
    });
    expect(calls).toBe(tries - 1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(calls).toBe(tries);
  }
  const alert = screen.getByRole("alert");
  expect(alert.textContent).toMatch(/The board could not be loaded/);
  expect(screen.getByText("the table")).toBeTruthy();
  expect(errors.mock.calls.some((c) => /the board of shazamm did not load \(try 3 of 4; again in 4 s\)/.test(String(c[0])))).toBe(true);
  // the reader tries again: this time it loads
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(calls).toBe(5);
  expect(screen.getByText("the drawn board")).toBeTruthy();
  expect(screen.queryByRole("alert")).toBeNull();
});

it("a board that fails once is drawn after its second try, with no message to the reader", async () => {
  // The first test's board stays loaded in its copy of GameBoard.tsx: a fresh copy loads anew.
  vi.resetModules();
  const fresh = await import("../src/games/GameBoard.tsx");
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
  failures = 1;
  calls = 0;
  render(<fresh.GameBoard {...props} />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
  expect(calls).toBe(2);
  expect(screen.getByText("the drawn board")).toBeTruthy();
  expect(screen.queryByRole("alert")).toBeNull();
});
