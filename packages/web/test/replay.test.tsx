// @vitest-environment jsdom
// The replay page's "copy this position": the current step as a scenario file, to the clipboard,
// or shown to copy by hand where there is no clipboard; the file loads back to that position.
import { createRng, loadScenario, playout, randomBot, SPECTATOR, unwrap } from "@grimoire/engine";
import { findGame } from "@grimoire/catalog";
import { shazammGame, type ShazammAction } from "@grimoire/shazamm";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadBoard } from "../src/games/GameBoard.tsx";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { Replay } from "../src/pages/Replay.tsx";
import type { TableInfo } from "../src/protocol.ts";

const seed = "00112233445566778899aabbccddeeff";
const options = shazammGame.optionsSchema.parse({});
const played = playout(shazammGame, shazammGame.setup({ seats: 2, options, seed }), [randomBot(), randomBot()], createRng(3));
const record = { game: "shazamm", seats: ["Ada", "Basile"], options: {}, seed, seedHash: "h", actions: played, outcome: { winners: [0], scores: [1, 0], draw: false } };
const table: TableInfo = {
  id: "t1",
  game: "shazamm",
  gameTitle: "Shazamm!",
  options: {},
  status: "over",
  seats: [0, 1].map((seat) => ({ seat, kind: "human" as const, name: record.seats[seat]!, connected: true, botTakeover: false })),
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0, mode: "realtime" as const, bankSeconds: null, banks: null, resigned: [], removed: [], rematch: { accepted: [], next: null, previous: null }, spectatorChat: false,
};

/** The state after the first `count` actions of the record. */
function after(count: number) {
  const state = shazammGame.setup({ seats: 2, options, seed });
  for (const { seat, action } of played.slice(0, count)) shazammGame.apply(state, seat, action as ShazammAction);
  return state;
}

beforeAll(async () => {
  // boards load on demand; load them first so the screens render at once
  await Promise.all(["abracadawhat", "shazamm", "incantibus", "emmerlaus"].map(loadBoard));
  initI18n("en");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith("/record") ? record : { table }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
  vi.unstubAllGlobals();
  vi.stubGlobal("fetch", vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith("/record") ? record : { table }), { status: 200 })));
});

async function atStep(step: number): Promise<void> {
  render(<Replay id="t1" />);
  await screen.findByRole("button", { name: "first step" }, { timeout: 10_000 });
  fireEvent.click(screen.getByRole("button", { name: "first step" }));
  for (let i = 0; i < step; i++) fireEvent.click(screen.getByRole("button", { name: "next step" }));
}

/** The copied file loads back to the position of that step, seen the same by everyone. */
function expectPosition(json: string, step: number): void {
  const loaded = unwrap(loadScenario(JSON.parse(json), findGame));
  expect(loaded.actions).toEqual([]);
  const expected = after(step);
  for (const viewer of [SPECTATOR, 0, 1] as const) expect(shazammGame.view(loaded.initial, viewer)).toEqual(shazammGame.view(expected, viewer));
  expect(shazammGame.decision(loaded.initial)).toEqual(shazammGame.decision(expected));
}

describe("replay: copy this position", () => {
  it("copies the current step as a scenario file to the clipboard, and says so", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await atStep(3);
    fireEvent.click(screen.getByRole("button", { name: "Copy this position" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Copied");
    expect(writeText).toHaveBeenCalledTimes(1);
    expectPosition(writeText.mock.calls[0]![0], 3);
    // Another step: the message goes, the next copy is that step's position.
    fireEvent.click(screen.getByRole("button", { name: "next step" }));
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Copy this position" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expectPosition(writeText.mock.calls[1]![0], 4);
  });

  it("without a clipboard, shows the file in a text box to copy by hand; worded in French too", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    switchLanguage("fr");
    render(<Replay id="t1" />);
    const button = await screen.findByRole("button", { name: "Copier cette position" }, { timeout: 10_000 });
    fireEvent.click(button);
    const box = screen.getByRole("textbox", { name: "Copier cette position" }) as HTMLTextAreaElement;
    expectPosition(box.value, played.length);
  });

  it("a refused clipboard falls back to the text box", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) } });
    await atStep(0);
    fireEvent.click(screen.getByRole("button", { name: "Copy this position" }));
    const box = (await screen.findByRole("textbox", { name: "Copy this position" })) as HTMLTextAreaElement;
    expectPosition(box.value, 0);
  });
});
