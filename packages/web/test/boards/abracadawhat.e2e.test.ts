// Abraca…What?'s board end to end (issue #14), in Debian's Chromium against a real server: a game
// against bots played to its end by clicking board elements only (spell plaques, stop, the confirm
// of a warned lower call), never the text action list, at 1440×900 and at 375×800. Screenshots of
// each mid-game and at the end go to artifacts/web/.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ARTIFACTS, createTable, describeE2E, expectFitsPhone, playByBoard } from "../../e2e/harness.ts";

/** Counts the clicks that land in the text action list (the accessible alternative, not used here). */
async function watchActionList(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __listClicks: number };
    w.__listClicks = 0;
    document.addEventListener("click", (e) => { if ((e.target as Element | null)?.closest(".actions")) w.__listClicks++; }, true);
  });
}
const listClicks = (page: Page) => page.evaluate(() => (window as unknown as { __listClicks: number }).__listClicks);

describeE2E("Abraca…What? board in Chromium", (env) => {
  const CASES = [
    { width: 1440, height: 900, bots: ["easy", "easy", "easy"] },
    { width: 375, height: 800, bots: ["easy", "easy"] },
  ] as const;

  for (const { width, height, bots } of CASES) {
    it(`${bots.length + 1} players at ${width}×${height}: played to the end by clicking the board only`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height }, locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, "abracadawhat", bots, "Ada");
      await page.locator(".board.abraca .ab-felt").waitFor({ timeout: 30_000 });
      await watchActionList(page);
      // the table: the reader at the bottom, the left neighbour to the left of the right one
      const me = await page.locator(".ab-seat.me").boundingBox();
      const left = await page.locator(".ab-seat:has(.ab-side.left)").boundingBox();
      const right = await page.locator(".ab-seat:has(.ab-side.right)").boundingBox();
      expect(me && left && right).toBeTruthy();
      expect(left!.x).toBeLessThan(right!.x);
      expect(me!.y).toBeGreaterThan(left!.y);
      // our own stones are backs, the others' face up
      expect(await page.locator(".ab-seat.me .ab-stone.back").count()).toBe(5);
      expect(await page.locator(".ab-seat:not(.me) .ab-stone:not(.back)").count()).toBe(5 * bots.length);

      // nothing wider than the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // keyboard: focus a highlighted plaque and press Enter
      await page.locator(".your-turn").waitFor({ timeout: 30_000 });
      const before = await page.locator(".match").getAttribute("data-version");
      await page.locator(".ab-plaque[data-legal]").first().focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction((v) => document.querySelector(".match")?.getAttribute("data-version") !== v, before, { timeout: 15_000 });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const mid = await playByBoard(page, 60_000, 6);
      expect(mid.clicks).toBeGreaterThan(0);
      // a plaque's rule text in its popover, from the catalogue
      await page.getByTestId("spell-6").hover();
      expect(await page.getByTestId("spell-6").locator(".popover").innerText()).toContain("The player to your left loses 1 life point");
      await page.screenshot({ path: `${ARTIFACTS}abracadawhat-${width}-mid.png`, fullPage: true });
      await page.mouse.move(0, 0);
      // at a phone's width: no sideways scrolling, and every face's popover inside the screen
      if (width === 375) await expectFitsPhone(page, width);

      const end = await playByBoard(page, 400_000);
      expect(end.result).toMatch(/Winner|Winners|Draw/);
      expect(end.clicks).toBeGreaterThan(0);
      await page.locator('[data-testid="outcome"]').waitFor();
      // the last round's end is on the board, every seat's stones face up, ours too
      await page.locator(".ab-reveal").waitFor();
      expect(await page.locator(".ab-reveal li").count()).toBe(bots.length + 1);
      expect(await page.locator(".ab-reveal .ab-stone.back").count()).toBe(0);
      // ours: face-up stones, or "no stone" when we emptied our hand
      expect((await page.locator(".ab-reveal li.me .ab-stone").count()) + (await page.locator(".ab-reveal li.me .ab-empty").count())).toBeGreaterThan(0);
      // the neighbours keep their labels at the end, a knocked-out one too
      expect(await page.locator(".ab-side.left").count()).toBe(1);
      expect(await page.locator(".ab-side.right").count()).toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}abracadawhat-${width}-end.png`, fullPage: true });
      expect(await listClicks(page)).toBe(0);
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: `${ARTIFACTS}abracadawhat-${width}-end-dark.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 600_000);
  }
});
