// @vitest-environment jsdom
// The end of a table nobody was at (the server abandoned it: over, no result, unrated), in English
// and in French: said so, with no winner, no draw and no summary of a match that never ended.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MatchSnapshot } from "../src/connection.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import type { TableInfo } from "../src/protocol.ts";
import { Outcome } from "../src/table/end.tsx";
import { gameText, preloadWords } from "../src/text.tsx";

beforeAll(async () => {
  await preloadWords("shazamm");
  initI18n("en");
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
});

const table = (patch: Partial<TableInfo> = {}): TableInfo => ({
  id: "t1",
  game: "shazamm",
  gameTitle: "Shazamm!",
  options: {},
  status: "over",
  seats: [
    { seat: 0, kind: "human", name: "Ada", connected: false, botTakeover: false },
    { seat: 1, kind: "bot", name: "Merlin", level: "easy", connected: true, botTakeover: false },
  ],
  turnSeconds: null,
  graceSeconds: null,
  seedHash: "h",
  invite: "/?table=t1",
  createdAt: 0,
  rated: false,
  mode: "realtime",
  bankSeconds: null,
  banks: null,
  resigned: [],
  removed: [],
  rematch: { accepted: [], next: null, previous: null },
  spectatorChat: false,
  ...patch,
});

function snapshot(patch: Partial<MatchSnapshot>): MatchSnapshot {
  return { status: "open", table: table(), you: 0, version: 3, view: null, decision: null, legal: [], outcome: null, seed: "s", seedHash: "h", log: [], lastEvents: [], error: null, pending: false, chat: [], chatError: null, rematchTo: null, ...patch };
}

const tx = (lang: "en" | "fr") => gameText("shazamm", lang, { names: ["Ada", "Merlin"], me: 0 });

describe("an abandoned table's end", () => {
  it("says in English that nobody was at the table: no winner, not rated", () => {
    render(<Outcome snap={snapshot({ table: table({ abandoned: true }) })} tx={tx("en")} />);
    expect(screen.getByRole("heading", { name: "Game abandoned" })).toBeTruthy();
    expect(screen.getByTestId("abandoned").textContent).toBe("Every player left the table and nobody came back in time, so the game ended here with no winner. It is not rated.");
    expect(screen.getByTestId("outcome").textContent).not.toMatch(/Winner|Draw/);
  });

  it("says it in French, with French typography", () => {
    switchLanguage("fr");
    render(<Outcome snap={snapshot({ table: table({ abandoned: true }) })} tx={tx("fr")} />);
    expect(screen.getByRole("heading", { name: "Table désertée" })).toBeTruthy();
    expect(screen.getByTestId("abandoned").textContent).toBe("Tous les joueurs ont quitté la table et personne n’est revenu à temps\u00a0: la partie s’est arrêtée là, sans vainqueur. Elle n’est pas classée.");
    expect(screen.getByTestId("outcome").textContent).not.toMatch(/Gagnant|Égalité/);
  });

  it("a match that ended shows its result, not the abandonment", () => {
    render(<Outcome snap={snapshot({ outcome: { winners: [0], scores: [], draw: false } })} tx={tx("en")} />);
    expect(screen.queryByTestId("abandoned")).toBeNull();
    expect(screen.getByTestId("outcome").textContent).toMatch(/Winner/);
  });
});
