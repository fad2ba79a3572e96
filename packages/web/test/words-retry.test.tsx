// @vitest-environment jsdom
// A game's words that fail to load (a chunk request dropped) are tried again, waiting longer each
// time, and the page showing them is worded once they arrive, without waiting for the table's next
// update; the failure is said on the console.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, it, vi } from "vitest";

const real = await vi.importActual<typeof import("@grimoire/catalog/words")>("@grimoire/catalog/words");
let failures = 0;
let calls = 0;
vi.mock("@grimoire/catalog/words", async () => {
  const actual = await vi.importActual<typeof import("@grimoire/catalog/words")>("@grimoire/catalog/words");
  const loaded = new Map<string, Awaited<ReturnType<typeof actual.loadWords>>>();
  // As the real one: one load at a time per game, forgotten when it fails.
  const pending = new Map<string, ReturnType<typeof actual.loadWords>>();
  const load = async (id: string) => {
    calls++;
    if (failures > 0) {
      failures--;
      throw new TypeError("Failed to fetch dynamically imported module");
    }
    const words = await actual.loadWords(id);
    loaded.set(id, words);
    return words;
  };
  return {
    ...actual,
    findWords: (id: string) => loaded.get(id),
    loadWords: (id: string) => {
      let promise = pending.get(id);
      if (!promise) {
        promise = load(id);
        promise.catch(() => pending.delete(id));
        pending.set(id, promise);
      }
      return promise;
    },
  };
});

const { useGameText } = await import("../src/text.tsx");
const { initI18n } = await import("../src/i18n/index.ts");

beforeAll(() => {
  initI18n("en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Title() {
  const tx = useGameText("shazamm", null, null);
  return <p data-testid="words">{tx.game ? "worded" : tx.t("anything")}</p>;
}

it("words that failed to load twice are tried again after 1 s, then 2 s, and the page is worded when they arrive", async () => {
  expect(real.knownWords("shazamm")).toBe(true);
  vi.useFakeTimers();
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  failures = 2;
  calls = 0;
  render(<Title />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByTestId("words").textContent).toBe("…");
  expect(errors).toHaveBeenCalledTimes(1);
  expect(String(errors.mock.calls[0]![0])).toMatch(/words of shazamm did not load \(trying again in 1 s\)/);
  const afterFirst = calls;
  // Nothing re-renders the page: only the retry's timer brings the words.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(999);
  });
  expect(calls).toBe(afterFirst);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
  expect(calls).toBe(afterFirst + 1);
  expect(errors).toHaveBeenCalledTimes(2);
  expect(String(errors.mock.calls[1]![0])).toMatch(/trying again in 2 s/);
  expect(screen.getByTestId("words").textContent).toBe("…");
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2_000);
  });
  vi.useRealTimers();
  await screen.findByText("worded");
  expect(errors).toHaveBeenCalledTimes(2);
  // Words already here: another text mounting asks for nothing (and re-renders nobody).
  const asked = calls;
  render(<Title />);
  expect(screen.getAllByText("worded")).toHaveLength(2);
  expect(calls).toBe(asked);
});
