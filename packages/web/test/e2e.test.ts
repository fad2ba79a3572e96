// End to end in Debian's Chromium against a real server: each game played to its end against
// bots through the page, and two browsers playing Shazamm! where neither sees the other's
// choice before the reveal. Screenshots of each game screen go to artifacts/web/.
import { expect, it } from "vitest";
import { ARTIFACTS, autoplay, createTable, describeE2E, ENGLISH_TELLTALES, GAMES_AGAINST_BOTS, openPair, PHONE, DESKTOP, takeSeat, unwordedText } from "../e2e/harness.ts";

describeE2E("web client end to end (Chromium)", (env) => {
  it("home and how-to pages at 375 px and on a desktop, in French from the browser", async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto(env.url);
    await page.getByRole("heading", { name: "Créer une table" }).waitFor();
    expect(await page.locator(".game-card").count()).toBe(4);
    await page.screenshot({ path: `${ARTIFACTS}home-phone-fr.png`, fullPage: true });
    await page.getByRole("link", { name: "Comment jouer" }).first().click();
    await page.getByRole("heading", { level: 1, name: /Comment jouer/ }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}howto-phone-fr.png`, fullPage: true });
    await page.getByLabel("Langue").selectOption("en");
    await page.getByRole("heading", { level: 1, name: /How to play/ }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(env.url);
    await page.getByRole("heading", { name: "Create a table" }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}home-desktop-en.png`, fullPage: true });
    // keyboard: the form is reachable and the create button is a real button
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Skip|content/);
    await context.close();
  }, 60_000);


  for (const [game, bots] of GAMES_AGAINST_BOTS) {
    it(`${game}: a table against bots, played to the end through the page, in French`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: "fr-FR" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, game, bots, "Ada", "fr");
      await page.locator(".board").waitFor({ timeout: 30_000 });
      if (game === "incantibus" || game === "emmerlaus") {
        // operable by keyboard: focus an action and press Enter
        const before = await page.locator(".match").getAttribute("data-version");
        await page.locator(".your-turn").waitFor({ timeout: 30_000 });
        await page.locator("details.actions > summary").click(); // the text actions are collapsed under the board
        await page.locator(".actions button.action").first().focus();
        await page.keyboard.press("Enter");
        await page.waitForFunction((v) => document.querySelector(".match")?.getAttribute("data-version") !== v, before, { timeout: 15_000 });
      }
      await autoplay(page, game, 20_000, 3);
      expect(await page.locator("main").innerText()).not.toMatch(ENGLISH_TELLTALES);
      await page.screenshot({ path: `${ARTIFACTS}${game}-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${ARTIFACTS}${game}-desktop.png`, fullPage: true });
      const result = await autoplay(page, game, 150_000);
      expect(result).toMatch(/Gagnants?\s: |Égalité/);
      await expect(page.locator('[data-testid="outcome"]').isVisible()).resolves.toBe(true);
      const text = await page.locator("main").innerText();
      expect(text.match(ENGLISH_TELLTALES)?.[0] ?? null, text.slice(0, 3000)).toBeNull();
      await page.screenshot({ path: `${ARTIFACTS}${game}-over.png`, fullPage: true });
      // the replay, played again in the page from the record, ends on the same result
      await page.getByRole("link", { name: "Revoir la partie" }).click();
      await page.locator('[data-testid="replay-outcome"]').waitFor({ timeout: 30_000 });
      // the replay names every player, the reader too ("vous" in the match is Ada there)
      expect(await page.locator('[data-testid="replay-outcome"] .result').innerText()).toBe(result.replace(/\bvous\b/, "Ada"));
      await page.getByRole("button", { name: "première étape" }).click();
      await page.getByRole("button", { name: "étape suivante" }).click();
      expect(await page.locator("main").innerText()).not.toMatch(ENGLISH_TELLTALES);
      await page.screenshot({ path: `${ARTIFACTS}${game}-replay.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 200_000);

    it(`${game}: every word of the game area and log comes from a catalogue (pseudo-locale), played to the end`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await createTable(page, env.url, game, bots, "Ada", "pseudo");
      await page.locator(".board").waitFor({ timeout: 30_000 });
      const unworded = new Set<string>();
      let result = "";
      for (let round = 0; round < 400 && !result.includes("⟦"); round++) {
        const seen = await autoplay(page, game, 20_000, 4);
        for (const line of await unwordedText(page)) unworded.add(line);
        if (await page.locator('[data-testid="outcome"]').count()) result = seen;
      }
      expect(result).toMatch(/⟦/);
      for (const line of await unwordedText(page)) unworded.add(line);
      await page.screenshot({ path: `${ARTIFACTS}${game}-pseudo-over.png`, fullPage: true });
      expect([...unworded]).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  }

  it("two browsers play Shazamm! against each other; neither sees the other's choice before the reveal; a dropped socket comes back without a reload", async () => {
    const { a, b, close } = await openPair(env.browser, [PHONE, DESKTOP]);
    await createTable(a, env.url, "shazamm", ["open"], "Ada");
    const invite = await a.locator(".invite input").inputValue();
    expect(invite).toMatch(/\?table=/);
    // every frame B receives, to prove A's sealed bid never reaches it before B commits
    const framesB: string[] = [];
    b.on("websocket", (ws) => ws.on("framereceived", (f) => framesB.push(String(f.payload))));
    await b.addInitScript(() => {
      const Native = window.WebSocket;
      const sockets: WebSocket[] = [];
      (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      } as typeof WebSocket;
    });
    await takeSeat(a, b, { as: "Bea", until: "form.bid" });

    await a.locator('input[name="bid-number"]').fill("7");
    await a.locator("form.bid .sz-hand [role=button]", { hasText: "Decoy" }).click();
    await a.getByRole("button", { name: /^Commit/ }).click();
    await a.locator(".sealed").waitFor();
    expect(await a.locator(".sealed").innerText()).toContain("bid 7");
    await b.locator(".mage.m0 .badge", { hasText: "chosen" }).waitFor();
    const seenByB = await b.locator("main").innerText();
    expect(seenByB).not.toMatch(/bids? 7\b/i);
    expect(seenByB).not.toContain("Your sealed choice");
    expect(framesB.some((f) => /"bid":7\b/.test(f))).toBe(false);
    await b.screenshot({ path: `${ARTIFACTS}shazamm-two-browsers-before-reveal.png`, fullPage: true });
    // a spectator watching the table sees that A has chosen, and nothing of the choice
    const ctxC = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: "en-US" });
    const c = await ctxC.newPage();
    await c.goto(`${invite}&watch=1`);
    await c.getByText("You are watching.").waitFor({ timeout: 15_000 });
    await c.locator(".mage.m0 .badge", { hasText: "chosen" }).waitFor({ timeout: 15_000 });
    expect(await c.locator("main").innerText()).not.toMatch(/bids? 7\b|sealed/i);
    expect(await c.locator("form.bid").count()).toBe(0);
    await ctxC.close();

    await b.locator('input[name="bid-number"]').fill("3");
    await b.getByRole("button", { name: /^Commit/ }).click();
    await a.locator(".log", { hasText: /bids? 3\b/ }).waitFor({ timeout: 15_000 });
    await b.locator(".log", { hasText: /bids? 7\b/ }).waitFor({ timeout: 15_000 });
    expect(framesB.some((f) => /"bid":7\b/.test(f))).toBe(true);

    // B's socket drops; A commits meanwhile; B comes back by itself (no reload) and sees it
    await b.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((s) => s.close()));
    await b.locator(".conn-reconnecting").waitFor({ timeout: 5_000 });
    await a.locator("form.bid button[type=submit]:not([disabled])").waitFor({ timeout: 15_000 });
    await a.locator('input[name="bid-number"]').fill("2");
    await a.getByRole("button", { name: /^Commit/ }).click();
    await a.locator(".sealed").waitFor();
    await b.locator(".conn-open").waitFor({ timeout: 15_000 });
    await b.locator(".mage.m0 .badge", { hasText: "chosen" }).waitFor({ timeout: 15_000 });
    expect(await b.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);

    const [ra, rb] = await Promise.all([autoplay(a, "shazamm", 150_000), autoplay(b, "shazamm", 150_000)]);
    expect(ra).toMatch(/Winner: |Draw/);
    // the same result, each reader named "you": Ada's "you" is Bea's "Ada", and Bea's "you" is Ada's "Bea"
    expect(rb.replace(/\byou\b/, "Bea")).toBe(ra.replace(/\byou\b/, "Ada"));
    await a.screenshot({ path: `${ARTIFACTS}shazamm-two-browsers-over.png`, fullPage: true });
    await close();
  }, 200_000);
});
