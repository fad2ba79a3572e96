// Emmerlaüs end to end in Chromium (issue #14): a four-wizard game against bots, played to the end
// by clicking board elements only (playByBoard), on a desktop (1440×900) and a phone (375×800), with
// screenshots mid-game and at the end in artifacts/web/. Clicks on the text action list are counted
// by the page and must stay at zero. At 375 px the page never scrolls sideways and every face's
// popover stays on the screen.
import { expect, it } from "vitest";
import { ARTIFACTS, createTable, describeE2E, expectFitsPhone, playByBoard } from "../../e2e/harness.ts";

describeE2E("Emmerlaüs board end to end (Chromium)", (env) => {
  for (const [width, height] of [
    [1440, 900],
    [375, 800],
  ] as const) {
    it(`a four-wizard game played on the board only, at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height }, locale: "en-GB" });
      // Count every click that lands in the text action list (it must never be used).
      await context.addInitScript(() => {
        (window as unknown as { listClicks: number }).listClicks = 0;
        document.addEventListener("click", (e) => {
          if ((e.target as Element | null)?.closest?.(".actions")) (window as unknown as { listClicks: number }).listClicks++;
        }, true);
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      // The game may end (or our wizard fall) before a play turn with a card to choose: then another
      // table, up to four.
      let chosen = false;
      let mid = { result: "", clicks: 0 };
      for (let table = 0; table < 4 && !chosen; table++) {
        // one heuristic bot racing for damage keeps the game short, two random ones keep us alive a while
        await createTable(page, env.url, "emmerlaus", ["easy", "medium", "easy"]);
        await page.locator(".board.emmerlaus").waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
          await page.screenshot({ path: `${ARTIFACTS}emmerlaus-${width}-failed.png`, fullPage: true });
          throw new Error(`no board: ${errors.join("; ")}`, { cause: e });
        });
        expect(await page.locator(".em-seat").count()).toBe(4);

        // A few decisions, then a card chosen on our turn: its odds shown on the seats it may be aimed at.
        mid = await playByBoard(page, 60_000, 4);
        // A card to choose is one of a play turn (a toggle, aria-pressed); an answer's or a pick's card
        // acts at once, so those decisions are played on by the harness until a play turn comes.
        for (let tries = 0; tries < 60 && !chosen; tries++) {
          chosen = await page.evaluate(async () => {
            const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
            for (let i = 0; i < 100; i++) {
              if (document.querySelector('[data-testid="outcome"] .result')) return false;
              if (document.querySelector(".your-turn") && document.querySelector(".em-hand .em-card.em-selected")) return true; // chosen by the last click
              const cards = [...document.querySelectorAll<HTMLElement>(".em-hand .em-card.em-legal .face[aria-pressed]")];
              if (document.querySelector(".your-turn") && cards.length > 0) {
                // prefer an attack, whose odds are shown before it is confirmed
                const attack = cards.find((c) => c.closest(".em-card")!.classList.contains("em-cat-AD")) ?? cards.find((c) => c.closest(".em-card")!.classList.contains("em-cat-AM")) ?? cards[0]!;
                attack.click();
                return true;
              }
              if (document.querySelector(".your-turn")) return false; // another kind of decision
              await sleep(50);
            }
            return false;
          });
          if (!chosen) {
            if (await page.locator('[data-testid="outcome"] .result').count()) break;
            await playByBoard(page, 60_000, 1);
          }
        }
      }
      // mid-game: a card of ours chosen, the wizards it may be aimed at showing its odds
      expect(chosen).toBe(true);
      await page.locator(".em-panel .em-chosen").waitFor({ timeout: 15_000 });
      await page.waitForTimeout(700); // the dice and life changes settle
      await page.screenshot({ path: `${ARTIFACTS}emmerlaus-${width}-mid.png`, fullPage: true });
      // at a phone's width: no sideways scrolling, and every face's popover inside the screen
      if (width === 375) await expectFitsPhone(page, width);

      const end = await playByBoard(page, 400_000);
      await page.locator('[data-testid="outcome"] .result').waitFor({ timeout: 10_000 }).catch(async (e: unknown) => {
        await page.screenshot({ path: `${ARTIFACTS}emmerlaus-${width}-unfinished.png`, fullPage: true });
        throw new Error(`not over after ${end.clicks} clicks (${end.result}); errors: ${errors.join("; ")}`, { cause: e });
      });
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${ARTIFACTS}emmerlaus-${width}-end.png`, fullPage: true });
      expect(end.result).not.toMatch(/not over/);
      expect(mid.clicks).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { listClicks: number }).listClicks)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 600_000);
  }
});
