// Incantibus in Chromium against a real server, played to the end against bots by clicking board
// elements only (room tokens, potions, sorcerers, spell cards, trunk tokens, the moat, Ultimus
// choices), at 1440×900 and at 375×800, apprentice and expert; the text action list is never used.
// At 375 px the page never scrolls sideways and every face's popover stays on the screen.
// Screenshots: artifacts/web/incantibus-{1440,375}-{mid,end}.png, incantibus-expert-1440-{mid,end}.png
// (dark), and incantibus-summary.png (the end-of-game breakdown, in French, with the page's styles).
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { incantibusGame } from "@grimoire/incantibus";
import { Summary } from "@grimoire/incantibus/board";
import { gameText, preloadWords } from "../../src/text.tsx";
import type { TableInfo } from "../../src/protocol.ts";
import { ARTIFACTS, createTable, describeE2E, expectFitsPhone, playByBoard } from "../../e2e/harness.ts";

/** Counts clicks that land in the text action list (they must stay at 0). */
async function watchActionList(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { listClicks: number };
    w.listClicks = 0;
    document.addEventListener("click", (e) => { if ((e.target as Element | null)?.closest?.(".actions")) w.listClicks++; }, true);
  });
}
const listClicks = (page: Page) => page.evaluate(() => (window as unknown as { listClicks: number }).listClicks);

/** The harness's createTable, in expert mode. */
const createExpertTable = (page: Page, url: string, others: readonly string[]) => createTable(page, url, "incantibus", others, "Ada", "en", { mode: "expert" });

describeE2E("Incantibus board in Chromium", (env) => {
  for (const [width, height, bots] of [[1440, 900, ["easy", "easy"]], [375, 800, ["easy"]]] as const) {
    it(`apprentice at ${width}×${height}: played to the end by clicking the board only`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height }, locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, "incantibus", bots);
      await page.locator(".board.incantibus").waitFor({ timeout: 30_000 });
      await watchActionList(page);
      await page.locator(".your-turn").waitFor({ timeout: 30_000 });
      // keyboard: focus a highlighted room token and press Enter to point the wand at it
      const before = await page.locator(".match").getAttribute("data-version");
      await page.locator(".inc-room [data-legal]").first().focus();
      expect(await page.locator('[role="tooltip"]').count()).toBe(1); // its rule text, on focus
      await page.keyboard.press("Enter");
      await page.waitForFunction((v) => document.querySelector(".match")?.getAttribute("data-version") !== v, before, { timeout: 15_000 });
      const mid = await playByBoard(page, 60_000, 10);
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.screenshot({ path: `${ARTIFACTS}incantibus-${width}-mid.png`, fullPage: true });
      // at a phone's width: no sideways scrolling, and every face's popover inside the screen
      if (width === 375) await expectFitsPhone(page, width);
      const end = await playByBoard(page, 240_000);
      expect(end.result).toMatch(/Winner|Draw/);
      expect(mid.clicks + end.clicks).toBeGreaterThan(10);
      expect(await listClicks(page)).toBe(0);
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // no popover left open by the last click
      await page.screenshot({ path: `${ARTIFACTS}incantibus-${width}-end.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 330_000);
  }

  it("the end-of-game breakdown, drawn with the page's styles", async () => {
    const state = incantibusGame.setup({ seats: 3, options: incantibusGame.optionsSchema.parse({ mode: "expert" }), seed: 31 });
    const log: { version: number; event: unknown; by: string }[] = [];
    for (let n = 0; n < 3000; n++) {
      const d = incantibusGame.decision(state);
      if (d.type === "over") break;
      const seat = d.type === "turn" ? d.seat : d.seats[0]!;
      const options = incantibusGame.legalActions(state, seat);
      for (const event of incantibusGame.apply(state, seat, options[(n * 7) % options.length]!)) log.push({ version: log.length + 1, event, by: "" });
    }
    const S = Summary!;
    await preloadWords("incantibus"); // the game's words load on demand
    const tx = gameText("incantibus", "fr", { names: ["Ada", "Merlin", "Morgane"], me: 0 });
    const html = renderToStaticMarkup(createElement(S, { view: incantibusGame.view(state, "spectator") as never, table: { id: "t1" } as TableInfo, log, tx }));
    const css = ["../../src/styles.css", "../../../../games/incantibus/src/board/board.css"].map((f) => readFileSync(new URL(f, import.meta.url), "utf8")).join("\n");
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    await page.setContent(`<style>${css}</style><main><div class="board">${html}</div></main>`);
    const totals = await page.locator("tr.total td").allInnerTexts();
    expect(totals).toEqual(incantibusGame.outcome(state)!.scores.map((n) => `${n} pt${n > 1 ? "s" : ""}`));
    await page.screenshot({ path: `${ARTIFACTS}incantibus-summary.png`, fullPage: true });
    await context.close();
  }, 60_000);

  it("expert at 1440×900 in dark mode (grimoires): played to the end by clicking the board only", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US", colorScheme: "dark" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await createExpertTable(page, env.url, ["easy"]);
    await page.locator(".board.incantibus").waitFor({ timeout: 30_000 });
    await watchActionList(page);
    expect(await page.getByRole("group", { name: "Grimoires" }).count()).toBe(1);
    const mid = await playByBoard(page, 60_000, 8);
    await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: `${ARTIFACTS}incantibus-expert-1440-mid.png`, fullPage: true });
    const end = await playByBoard(page, 240_000);
    expect(end.result).toMatch(/Winner|Draw/);
    expect(mid.clicks + end.clicks).toBeGreaterThan(5);
    expect(await listClicks(page)).toBe(0);
    await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: `${ARTIFACTS}incantibus-expert-1440-end.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 330_000);
});
