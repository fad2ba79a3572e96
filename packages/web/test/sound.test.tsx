// @vitest-environment jsdom
// After a reload the browser holds the sound back until the reader's first click (issue #25): the
// table says so under the mute switch, "Sound blocked: click to enable", and a click releases it.
// Its own file: the page's one AudioContext is made once per page (module state).
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emmerlausGame as emmerlaus } from "@grimoire/emmerlaus";
import type { AnyGame } from "@grimoire/engine";
import { TABLE_AROUND } from "./support/table.ts";
import { loadBoard } from "../src/games/GameBoard.tsx";
import { initI18n } from "../src/i18n/index.ts";
import { MatchView } from "../src/pages/Match.tsx";
import type { MatchSnapshot } from "../src/connection.ts";
import type { TableInfo } from "../src/protocol.ts";

const game: AnyGame = emmerlaus;
beforeAll(async () => {
  await loadBoard("emmerlaus");
  initI18n("en");
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A browser's AudioContext before any click on the page: suspended until `resume`. */
class SuspendedAudio extends EventTarget {
  state: AudioContextState = "suspended";
  currentTime = 0;
  destination = {};
  resume() {
    this.state = "running";
    this.dispatchEvent(new Event("statechange"));
    return Promise.resolve();
  }
}

const table: TableInfo = {
  id: "t1", game: "emmerlaus", gameTitle: "Emmerlaüs", options: {}, status: "playing",
  seats: [
    { seat: 0, kind: "human", name: "Ada", connected: true, botTakeover: false },
    { seat: 1, kind: "bot", name: "Merlin", level: "hard", connected: true, botTakeover: false },
  ],
  turnSeconds: 30, graceSeconds: null, seedHash: "h", invite: "/?table=t1", createdAt: 0, ...TABLE_AROUND,
};
const state = game.setup({ seats: 2, options: game.optionsSchema.parse({}), seed: 4 });
const snapshot = (you: number | "spectator"): MatchSnapshot => ({
  status: "open", table, you, version: 3, view: game.view(state, you), decision: { type: "turn", seats: [1], prompt: null, deadline: null },
  legal: [], outcome: null, seed: null, seedHash: null, log: [], lastEvents: [], error: null, pending: false, chat: [], chatError: null, rematchTo: null,
} as MatchSnapshot);

describe("sound blocked by the browser", () => {
  it("is not offered when muted, nor to a spectator", () => {
    vi.stubGlobal("AudioContext", SuspendedAudio);
    localStorage.setItem("grimoire.turnSound", "off");
    render(<MatchView snap={snapshot(0)} act={() => {}} clearError={() => {}} />);
    expect(screen.queryByTestId("sound-blocked")).toBeNull();
    cleanup();
    localStorage.clear();
    render(<MatchView snap={snapshot("spectator")} act={() => {}} clearError={() => {}} />);
    expect(screen.queryByTestId("sound-blocked")).toBeNull();
  });

  it("is said under the mute switch, and one click on it (or anywhere) enables the sound", async () => {
    vi.stubGlobal("AudioContext", SuspendedAudio);
    render(<MatchView snap={snapshot(0)} act={() => {}} clearError={() => {}} />);
    const button = await screen.findByRole("button", { name: /Sound blocked: click to enable/ });
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.queryByTestId("sound-blocked")).toBeNull());
  });
});
