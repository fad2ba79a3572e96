// @vitest-environment jsdom
// Rules at the table (issue #25): the drawer holds the how-to page's text and every game's component
// faces as its board draws them; Escape closes it and gives the focus back to its button.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { gameIds } from "@grimoire/catalog/boards";
import { loadBoard } from "../src/games/GameBoard.tsx";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { RulesDrawer } from "../src/pages/HowTo.tsx";

beforeAll(async () => {
  initI18n("en");
  for (const game of gameIds) await loadBoard(game);
});
afterEach(() => {
  cleanup();
  switchLanguage("en");
});

describe("the rules drawer", () => {
  for (const game of gameIds) {
    it(`${game}: the rules' text and every component's face`, async () => {
      render(<RulesDrawer game={game} />);
      const button = screen.getByRole("button", { name: "Rules" });
      fireEvent.click(button);
      const drawer = screen.getByRole("dialog", { name: "How to play" });
      expect(drawer.querySelector("ol")!.children.length).toBeGreaterThan(2);
      await waitFor(() => expect(drawer.querySelector(".rules-faces")?.children.length ?? 0).toBeGreaterThan(7));
      fireEvent.keyDown(document, { key: "Escape" });
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(button);
    });
  }

  it("is worded in French too", () => {
    switchLanguage("fr");
    render(<RulesDrawer game="shazamm" />);
    fireEvent.click(screen.getByRole("button", { name: "Règles" }));
    expect(screen.getByRole("dialog", { name: "Comment jouer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fermer" })).toBeTruthy();
  });
});
