// Motion on the boards, in Debian's Chromium against a real server, for each of the four games
// played against bots: every update of the table (a new version of the match) is watched as it
// lands, and the animations then on the page are listed (document.getAnimations() flushes styles,
// so CSS animations and transitions started by the update are there, with the boards' Web
// Animations). With `prefers-reduced-motion: reduce` there is none after any update, across a whole
// game. Without it, the updates start animations, each over within 400 ms (delay included) on an
// element already in the page (the change is in its final place; the motion is only drawn), and
// the game goes on while they run (the autoplay clicks as soon as it is the player's turn again).
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { autoplay, createTable, describeE2E, GAMES_AGAINST_BOTS } from "../e2e/harness.ts";

interface Seen {
  name: string;
  /** Delay, duration and end delay of the animation, in ms (Infinity for a loop). */
  end: number;
  /** Whether it loops (an ambient flicker, not a change). */
  loops: boolean;
  /** Whether its element is in the page when the update lands. */
  connected: boolean;
}

/** Starts listing, at each new version of the match, the animations then on the page. */
async function watchUpdates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const updates: { version: string; animations: Seen[] }[] = [];
    (window as unknown as { __updates: typeof updates }).__updates = updates;
    let last = "";
    const look = () => {
      const version = (document.querySelector(".match") as HTMLElement | null)?.dataset.version ?? "";
      if (version === last) return;
      last = version;
      updates.push({
        version,
        animations: document.getAnimations().map((a) => {
          const timing = a.effect!.getComputedTiming();
          const target = (a.effect as KeyframeEffect).target;
          return {
            name: (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.constructor.name,
            end: Number(timing.endTime),
            loops: timing.iterations === Infinity,
            connected: target?.isConnected ?? false,
          };
        }),
      });
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"] });
  });
}

const updatesOf = (page: Page) => page.evaluate(() => (window as unknown as { __updates: { version: string; animations: Seen[] }[] }).__updates);

describeE2E("motion on the boards (Chromium)", (env) => {
  for (const [game, others] of GAMES_AGAINST_BOTS) {
    it(`${game}: nothing moves after any update of a whole game when the reader asks for reduced motion`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", reducedMotion: "reduce" });
      const page = await context.newPage();
      await createTable(page, env.url, game, others, "Ada");
      await page.locator(".board:not([aria-busy])").first().waitFor({ timeout: 30_000 });
      await watchUpdates(page);
      const result = await autoplay(page, game, 150_000);
      expect(result).not.toMatch(/not over/);
      const updates = await updatesOf(page);
      // How many versions get drawn depends on timing (updates arriving together are drawn once, and
      // a game against bots may end in a few): at least two drawn, the start and the end.
      expect(updates.length).toBeGreaterThan(1);
      const moving = updates.filter((u) => u.animations.length > 0).map((u) => `${u.version}: ${u.animations.map((a) => a.name).join(", ")}`);
      expect(moving).toEqual([]);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      await context.close();
    }, 200_000);

    it(`${game}: updates are drawn moving, each motion over within 400 ms on an element already in its place, and play goes on`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", reducedMotion: "no-preference" });
      const page = await context.newPage();
      await createTable(page, env.url, game, others, "Ada");
      await page.locator(".board:not([aria-busy])").first().waitFor({ timeout: 30_000 });
      await watchUpdates(page);
      const result = await autoplay(page, game, 150_000);
      expect(result).not.toMatch(/not over/);
      const updates = await updatesOf(page);
      const changes = updates.flatMap((u) => u.animations.filter((a) => !a.loops).map((a) => ({ ...a, version: u.version })));
      // the updates are seen moving
      expect(updates.filter((u) => u.animations.some((a) => !a.loops)).length).toBeGreaterThan(2);
      // among them the board's own (pieces flying, counters ticking: Web Animations, not CSS ones)
      expect(changes.filter((a) => a.name === "Animation").length).toBeGreaterThan(0);
      // none lasts over 400 ms, and each runs on an element of the page as it now is
      expect(changes.filter((a) => !(a.end <= 400)).map((a) => `${a.version} ${a.name}: ${a.end} ms`)).toEqual([]);
      expect(changes.filter((a) => !a.connected).map((a) => `${a.version} ${a.name}`)).toEqual([]);
      await context.close();
    }, 200_000);
  }
});
