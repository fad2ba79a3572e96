// Issue #15's whole flow in Debian's Chromium, as one player would live it: two browsers create
// accounts, sit at a rated Shazamm! table, chat (a `<script>` arrives as text), play the match to
// its end, and rematch with one click each: the new table has the same accounts in the same seats
// with the ratings the first match gave them. The leaderboard shows both with those ratings, and a
// third browser, logged in as one of them before the rematch existed, finds it among "your tables"
// and opens it in her seat.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ARTIFACTS, autoplay, createTableAsAccount, describeE2E, openAccountForm, openPair, rematchBoth, signUp, takeSeat } from "../e2e/harness.ts";

/** The rating shown beside each seat's name ("Ada · 1.2"), in seat order. */
async function seatRatings(page: Page): Promise<string[]> {
  const text = await page.locator("ul.seats").innerText();
  return [...text.matchAll(/(Ada|Béatrice) · (-?\d+\.\d)/g)].map((m) => `${m[1]} ${m[2]}`);
}

describeE2E("players, the whole flow (Chromium)", (env) => {
  it("two accounts play a rated Shazamm! match, chat, rematch with a click each; the leaderboard shows both with their ratings", async () => {
    const { a, b, errors, close } = await openPair(env.browser);
    await signUp(a, env.url, "Ada", "analytical-engine");
    await signUp(b, env.url, "Béatrice", "divine-comedy");

    // A creates a rated table with a seat open for a friend; B takes it from the invitation.
    expect((await createTableAsAccount(a, "shazamm", ["open"])).rated).toBe(true);
    const firstTable = new URL(a.url()).searchParams.get("table")!;
    await takeSeat(a, b, { until: "form.bid" });
    await a.locator("ul.seats", { hasText: "Béatrice · 0.0" }).waitFor({ timeout: 15_000 });
    expect(await seatRatings(a)).toEqual(["Ada 0.0", "Béatrice 0.0"]);

    // A third browser logs in as Béatrice now, and stays on the lobby: her seat comes along.
    const ctxC = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const c = await ctxC.newPage();
    c.on("pageerror", (e) => errors.push(e.message));
    await openAccountForm(c, env.url, "béatrice", "divine-comedy");
    await c.getByTestId("login").click();
    await c.locator(".account .me", { hasText: "Béatrice" }).waitFor({ timeout: 15_000 });
    await c.getByTestId("my-tables").locator(`a[href="/?table=${firstTable}"]`).first().waitFor({ timeout: 15_000 });

    // Chat between the two accounts: markup arrives as text and runs nowhere.
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> bonne chance';
    await a.getByRole("textbox", { name: "Message" }).fill(evil);
    await a.getByTestId("chat-send").click();
    const seenByB = b.getByTestId("chat-line").filter({ hasText: "bonne chance" });
    await seenByB.waitFor({ timeout: 15_000 });
    expect(await seenByB.locator(".chat-text").textContent()).toBe(evil);
    expect(await seenByB.innerText()).toContain("Ada");
    expect(await b.locator('[data-testid="chat"] script, [data-testid="chat"] img').count()).toBe(0);
    expect(await b.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await b.getByRole("textbox", { name: "Message" }).fill("merci, à toi aussi !");
    await b.getByTestId("chat-send").click();
    await a.getByTestId("chat-line").filter({ hasText: "à toi aussi" }).waitFor({ timeout: 15_000 });

    // The whole match.
    const [ra, rb] = await Promise.all([autoplay(a, "shazamm", 150_000), autoplay(b, "shazamm", 150_000)]);
    expect(ra).toMatch(/Winner: |Draw/);
    expect(rb).toMatch(/Winner: |Draw/);
    await a.screenshot({ path: `${ARTIFACTS}players-flow-over.png`, fullPage: true });

    // Rematch: one click each; both pages go to the new table, the same accounts in the same seats.
    const next = await rematchBoth(a, b, firstTable);
    await a.locator("form.bid").waitFor({ timeout: 30_000 });
    await b.locator("form.bid").waitFor({ timeout: 30_000 });
    expect(await a.locator(".seats li.me").innerText()).toContain("Ada");
    expect(await b.locator(".seats li.me").innerText()).toContain("Béatrice");
    // Rated again, showing the ratings the first match gave (a newcomer's 0.0 no longer).
    const rematchRatings = await seatRatings(b);
    expect(rematchRatings.map((r) => r.split(" ")[0])).toEqual(["Ada", "Béatrice"]);
    expect(rematchRatings.some((r) => r.endsWith(" 0.0"))).toBe(false);
    await b.screenshot({ path: `${ARTIFACTS}players-flow-rematch.png`, fullPage: true });

    // The leaderboard, from the header: both, with the very ratings the rematch's seats show.
    await a.locator(".account").getByRole("link", { name: "Leaderboard" }).click();
    await a.locator(".leaderboard table").waitFor({ timeout: 15_000 });
    const rows = await a.locator(".leaderboard tbody tr").allInnerTexts();
    expect(rows).toHaveLength(2);
    // One rated match each: provisional ratings, marked "?".
    for (const row of rows) expect(row.split("\t")[2]).toMatch(/\?$/);
    const board = rows.map((row) => row.split("\t")).map(([, name, rating]) => `${name} ${rating!.replace(/\?$/, "")}`);
    expect([...board].sort()).toEqual([...rematchRatings].sort());
    for (const row of rows) expect(row).toMatch(/\t1\t[01]$/);
    await a.screenshot({ path: `${ARTIFACTS}players-flow-leaderboard.png`, fullPage: true });

    // The third browser, logged in before the rematch existed and never reloaded: its lobby,
    // refreshed, lists the rematch first (the server adds the account's seats), her turn to bid,
    // and the link opens it in her seat (the page fetches the account's seats), not as a spectator.
    await c.getByRole("button", { name: "Refresh" }).click();
    const mine = c.getByTestId("my-tables");
    await mine.locator(`li a[href="/?table=${next}"]`).first().waitFor({ timeout: 15_000 });
    expect(await mine.locator("li").first().getAttribute("data-your-turn")).toBe("1");
    const link = mine.locator("li").first().locator("a").first();
    expect(await link.getAttribute("href")).toBe(`/?table=${next}`);
    await link.click();
    await c.locator("ul.seats li.me", { hasText: "Béatrice" }).waitFor({ timeout: 15_000 });
    await c.locator("form.bid").waitFor({ timeout: 15_000 });
    await ctxC.close();

    expect(errors).toEqual([]);
    await close();
  }, 400_000);
// One rated match is enough to be listed here, so the leaderboard's page can be seen (its rule: ratings.test.ts, players.test.ts).
}, { leaderboardMinGames: 1 });
