// End to end in Debian's Chromium: two browsers create accounts from the header, play a rated
// Shazamm! match against each other to the end (ratings shown beside the names at the table),
// then the leaderboard shows both, and a profile lists the match with its replay. A third
// browser that logs in as one of them takes up that seat.
import { expect, it } from "vitest";
import { ARTIFACTS, autoplay, createTableAsAccount, describeE2E, openAccountForm, openPair, signUp, takeSeat } from "../e2e/harness.ts";

describeE2E("players end to end (Chromium)", (env) => {
  it("two accounts play a rated Shazamm! match to the end; the leaderboard shows both; a profile lists the match", async () => {
    const { a, b, errors, close } = await openPair(env.browser);
    await signUp(a, env.url, "Ada", "analytical-engine");
    await signUp(b, env.url, "Béatrice", "divine-comedy");
    // the session cookie is httpOnly: the page's script cannot read it
    expect(await a.evaluate(() => document.cookie)).not.toContain("grimoire_session");

    // A creates a rated Shazamm! table with an open seat; logged in, no name is asked
    expect((await createTableAsAccount(a, "shazamm", ["open"])).rated).toBe(true);
    await takeSeat(a, b, { until: "form.bid" });
    // a rated table: each account's rating (0.0 for a newcomer) beside its name
    expect(await a.locator("ul.seats").innerText()).toMatch(/Ada · 0\.0[\s\S]*Béatrice · 0\.0/);
    await a.screenshot({ path: `${ARTIFACTS}players-rated-table.png`, fullPage: true });

    // Another browser logging in as Ada gets her seat: it opens the table as Ada, not as a spectator
    const ctxC = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const c = await ctxC.newPage();
    await openAccountForm(c, env.url, "ada", "analytical-engine");
    await c.getByTestId("login").click();
    await c.locator(".account .me", { hasText: "Ada" }).waitFor({ timeout: 15_000 });
    await c.goto(a.url());
    await c.locator("ul.seats li.me", { hasText: "Ada" }).waitFor({ timeout: 15_000 });
    expect(await c.locator(".turn").innerText()).not.toContain("You are watching");
    await ctxC.close();

    const [ra, rb] = await Promise.all([autoplay(a, "shazamm", 150_000), autoplay(b, "shazamm", 150_000)]);
    expect(ra).toMatch(/Winner: |Draw/);
    expect(rb).toMatch(/Winner: |Draw/);

    // the leaderboard shows both, from the header's link
    await a.locator(".account").getByRole("link", { name: "Leaderboard" }).click();
    await a.locator(".leaderboard table").waitFor({ timeout: 15_000 });
    const rows = await a.locator(".leaderboard tbody tr").allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows.join("\n")).toContain("Ada");
    expect(rows.join("\n")).toContain("Béatrice");
    for (const row of rows) expect(row).toMatch(/\t1\t[01]$/);
    await a.screenshot({ path: `${ARTIFACTS}players-leaderboard.png`, fullPage: true });

    // B's profile (in French): one game, a rating, the match with its result, its opponent and its replay
    await b.goto(`${env.url}/?lang=fr`);
    await b.locator(".account .me").click();
    await b.getByTestId("profile").waitFor();
    expect(await b.getByTestId("profile").innerText()).toContain("1 partie");
    await b.getByTestId("profile-rating").waitFor();
    // the past game: its result for B and the rating it moved, against Ada (linked to her profile)
    const past = b.getByTestId("past-game");
    expect(await past.innerText()).toMatch(/(gagnée|perdue|égalité) classement [+−-]?\d+,\d · contre Ada · Revoir la partie$/);
    expect(await past.getByRole("link", { name: "Ada" }).getAttribute("href")).toBe("/?player=Ada");
    await b.getByRole("link", { name: "Revoir la partie" }).click();
    await b.locator('[data-testid="replay-outcome"]').waitFor({ timeout: 30_000 });
    await b.screenshot({ path: `${ARTIFACTS}players-profile-replay.png`, fullPage: true });

    expect(errors).toEqual([]);
    await close();
  }, 300_000);
// One rated match is enough to be listed here, so the leaderboard's page can be seen (its rule: ratings.test.ts, players.test.ts).
}, { leaderboardMinGames: 1 });
