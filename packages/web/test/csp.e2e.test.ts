// The client under the server's Content-Security-Policy (issue 24), end to end in Chromium: the
// home page, a table of each of the four games against bots (a few moves played through the
// page), the leaderboard and an account's creation run with no `securitypolicyviolation` event
// and no CSP message in the console; the page itself carries the policy.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { autoplay, createTable, describeE2E, GAMES_AGAINST_BOTS, signUp } from "../e2e/harness.ts";

/** Every CSP violation the page reports, from the first script on (an init script runs before the page's own). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

describeE2E("the client under the Content-Security-Policy (Chromium)", (env) => {
  it("home, a table of each game against bots, the leaderboard and signing up: no violation", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The origin checks let the page's own requests through: none refused.
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) void r.text().then((body) => refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()} ${body.slice(0, 200)}`), () => {});
    });
    const violations = await watchViolations(page);

    const home = await page.goto(`${env.url}/?lang=en`);
    const csp = (await home!.allHeaders())["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.locator('select[name="game"]').waitFor();
    const seen: string[] = [];
    seen.push(...(await violations()));

    for (const [game, bots] of GAMES_AGAINST_BOTS) {
      await createTable(page, env.url, game, bots, "Ada");
      await page.locator(".match").waitFor({ timeout: 30_000 });
      await autoplay(page, game, 20_000, 4);
      seen.push(...(await violations()).map((v) => `${game}: ${v}`));
    }

    await page.goto(`${env.url}/?leaderboard=shazamm&lang=en`);
    await page.waitForLoadState("networkidle");
    seen.push(...(await violations()));
    await signUp(page, env.url, "Csp_Tester", "a long password").catch((error: Error) => {
      throw new Error(`${error.message}\nrefused: ${refused.join("\n")}\nviolations: ${seen.join("\n")}`);
    });
    seen.push(...(await violations()));

    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  }, 240_000);
});
