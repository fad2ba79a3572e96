// Shazamm! in Chromium against a bot, played to the end by clicking the board only (cards, the bid
// stepper, the commit button, follow-up choices), at 1440×900 and at 375×800, with screenshots
// mid-play and at the end. The text action list is never used: its clicks are counted. At 375 px
// the page never scrolls sideways and every face's popover stays on the screen.
import { expect, it } from "vitest";
import { ARTIFACTS, createTable, describeE2E, expectFitsPhone, playByBoard } from "../../e2e/harness.ts";

describeE2E("Shazamm! board (Chromium)", (env) => {
  it("reveals with the cards flipping and the wall moving, and without any motion when the reader asks for less", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await env.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-US", reducedMotion });
      const page = await context.newPage();
      await createTable(page, env.url, "shazamm", ["easy"], "Ada");
      await page.locator("form.bid").waitFor({ timeout: 30_000 });
      await page.locator("form.bid .sz-hand [role=button]", { hasText: "Decoy" }).click();
      await page.locator(".sz-commit").click();
      await page.locator(".sz-reveal.fresh .sz-card").first().waitFor({ timeout: 15_000 });
      const motion = await page.evaluate(() => ({
        flip: getComputedStyle(document.querySelector(".sz-reveal .sz-card")!).animationName,
        wall: getComputedStyle(document.querySelector(".sz-wall")!).transitionDuration,
      }));
      if (reducedMotion === "reduce") expect(motion).toEqual({ flip: "none", wall: "0s" });
      else expect(motion).toEqual({ flip: "sz-flip", wall: "0.4s" });
      await context.close();
    }
  }, 120_000);

  for (const [width, height] of [
    [1440, 900],
    [375, 800],
  ] as const) {
    it(`is played to the end on the board at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height }, locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, "shazamm", ["easy"], "Ada");
      await page.locator(".board.shazamm").waitFor({ timeout: 30_000 });
      // every click on the text action list (outside the board) is counted
      await page.evaluate(() => {
        (window as unknown as { __listClicks: number }).__listClicks = 0;
        document.addEventListener("click", (e) => {
          const el = e.target as HTMLElement;
          if (el.closest(".actions") && !el.closest(".board")) (window as unknown as { __listClicks: number }).__listClicks++;
        }, true);
      });
      // the bridge is drawn across the width available
      const bridge = await page.locator(".sz-bridge").boundingBox();
      const board = await page.locator(".board.shazamm").boundingBox();
      expect(bridge!.width).toBeGreaterThan(board!.width * 0.85);
      const mid = await playByBoard(page, 60_000, 6);
      expect(mid.clicks).toBeGreaterThan(0);
      await page.waitForTimeout(500); // the cards' flip and the wall's move (400 ms at most)
      await page.screenshot({ path: `${ARTIFACTS}shazamm-${width}-mid.png`, fullPage: true });
      // at a phone's width: no sideways scrolling, and every face's popover inside the screen
      if (width === 375) await expectFitsPhone(page, width);
      const end = await playByBoard(page, 240_000);
      expect(end.result).toMatch(/Winner: |Draw/);
      await expect(page.locator('[data-testid="outcome"]').isVisible()).resolves.toBe(true);
      // the board says who fell
      expect(await page.locator(".sz-end-fell").innerText()).toMatch(/fall/);
      await page.waitForTimeout(1600);
      await page.screenshot({ path: `${ARTIFACTS}shazamm-${width}-end.png`, fullPage: true });
      expect(await page.evaluate(() => (window as unknown as { __listClicks: number }).__listClicks)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 330_000);
  }
});
