// End to end in Chromium against a real server: two browsers at a Shazamm! table chat (a
// `<script>` arrives as text and runs nowhere; a muted player's lines disappear for the one who
// muted), play the match to its end, and both click "Rematch": both pages are taken to the new
// table, seated; the lobby's "your tables" then lists it first, waiting for the reader.
import { expect, it } from "vitest";
import { ARTIFACTS, autoplay, createTable, describeE2E, openPair, rematchBoth, takeSeat } from "../e2e/harness.ts";

describeE2E("at the table, end to end (Chromium)", (env) => {
  it("two browsers chat, play Shazamm! to the end and rematch", async () => {
    const { a, b, errors, close } = await openPair(env.browser);
    await createTable(a, env.url, "shazamm", ["open"], "Ada");
    await takeSeat(a, b, { as: "Bea", until: "form.bid" });
    const firstTable = new URL(a.url()).searchParams.get("table")!;

    // Chat: markup arrives as text.
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> good luck';
    await a.getByRole("textbox", { name: "Message" }).fill(evil);
    await a.getByTestId("chat-send").click();
    const seenByB = b.getByTestId("chat-line").filter({ hasText: "good luck" });
    await seenByB.waitFor({ timeout: 15_000 });
    expect(await seenByB.locator(".chat-text").textContent()).toBe(evil);
    expect(await b.locator('[data-testid="chat"] script, [data-testid="chat"] img').count()).toBe(0);
    expect(await b.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await b.getByRole("textbox", { name: "Message" }).fill("merci, à toi aussi !");
    await b.getByTestId("chat-send").click();
    await a.getByTestId("chat-line").filter({ hasText: "à toi aussi" }).waitFor({ timeout: 15_000 });
    // B mutes Ada: her line disappears for B only.
    await b.locator(".mutes summary").click();
    await b.getByTestId("mute-0").check();
    expect(await b.getByTestId("chat-line").filter({ hasText: "good luck" }).count()).toBe(0);
    expect(await a.getByTestId("chat-line").filter({ hasText: "good luck" }).count()).toBe(1);
    await b.getByTestId("mute-0").uncheck();
    await a.screenshot({ path: `${ARTIFACTS}table-chat.png`, fullPage: true });

    // The whole match.
    const [ra, rb] = await Promise.all([autoplay(a, "shazamm", 150_000), autoplay(b, "shazamm", 150_000)]);
    expect(ra).toMatch(/Winner: |Draw/);
    expect(rb).toMatch(/Winner: |Draw/);

    // Rematch: one click each; both are taken to the new table, in their seats.
    const next = await rematchBoth(a, b, firstTable);
    await a.locator("form.bid").waitFor({ timeout: 30_000 });
    await b.locator("form.bid").waitFor({ timeout: 30_000 });
    expect(await a.locator(".seats li.me").innerText()).toContain("Ada");
    expect(await b.locator(".seats li.me").innerText()).toContain("Bea");
    expect(await b.getByTestId("chat-line").count()).toBe(0);
    await b.screenshot({ path: `${ARTIFACTS}table-rematch.png`, fullPage: true });

    // The lobby: the rematch is first among Ada's tables, waiting for her decision.
    await a.goto(`${env.url}/?lang=en`);
    const mine = a.getByTestId("my-tables");
    await mine.locator("li").first().waitFor({ timeout: 15_000 });
    const first = mine.locator("li").first();
    expect(await first.getAttribute("data-your-turn")).toBe("1");
    expect(await first.locator("a").first().getAttribute("href")).toBe(`/?table=${next}`);
    expect(await a.title()).toMatch(/^\(1\) /);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it("a turn-based table from the form shows its clock in days and hours; the creator gives a seat to a bot, or cancels", async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: "fr-FR" });
    const page = await ctx.newPage();
    // Turn-based, a day per decision and a bank of 3 days, against an easy bot.
    await page.goto(`${env.url}/?lang=fr`);
    await page.locator('select[name="game"]').selectOption("shazamm");
    await page.locator('input[name="name"]').fill("Ada");
    await page.locator('select[name="seat1"]').selectOption("easy");
    await page.locator('select[name="mode"]').selectOption("turn-based");
    await page.locator('input[name="turn"]').fill("1");
    await page.locator('select[name="turnUnit"]').selectOption("days");
    await page.locator('input[name="bank"]').fill("3");
    await page.getByTestId("create-table").click();
    await page.waitForURL(/\?table=/);
    const line = page.getByTestId("clock-line");
    await line.waitFor({ timeout: 30_000 });
    expect(await line.innerText()).toMatch(/^Tour par tour · ce tour\u00a0: (1\u00a0j 0\u00a0h|23\u00a0h 59\u00a0min) · votre réserve de temps\u00a0: 3\u00a0j 0\u00a0h$/);
    expect(await page.title()).toMatch(/^\(•\) À vous de jouer/); // the turn alert's title

    // A table waiting for a friend: the creator gives the seat to a bot, and the match starts.
    await createTable(page, env.url, "shazamm", ["open"], "Ada", "fr");
    await page.getByTestId("seat-bot-1").click();
    await page.locator("form.bid").waitFor({ timeout: 30_000 });
    expect(await page.locator(".seats").innerText()).toMatch(/\(facile|moyen\)/);
    // Another one, cancelled: the page says so, and the lobby no longer lists it.
    await createTable(page, env.url, "shazamm", ["open"], "Ada", "fr");
    const cancelled = new URL(page.url()).searchParams.get("table")!;
    await page.getByTestId("cancel-table").click();
    await page.getByText("Le créateur a annulé cette table.").waitFor({ timeout: 15_000 });
    const open = await (await page.request.get(`${env.url}/api/tables`)).json() as { tables: { id: string }[] };
    expect(open.tables.some((t) => t.id === cancelled)).toBe(false);
    await ctx.close();
  }, 120_000);
});
