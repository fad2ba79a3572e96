// Issue 27's friends flow in Debian's Chromium, two browsers: Ada and Béa follow each other from
// their profiles (friends), Ada sees Béa online on her friends page (axe-clean), creates a Shazamm!
// table and invites Béa by name from it; Béa gets the in-app notification (axe-clean), accepts,
// and takes the free seat; both play the match to its end, each seat showing its generated picture.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ARTIFACTS, autoplay, createTableAsAccount, describeE2E, injectAxe, openPair, signUp } from "../e2e/harness.ts";

async function axeFindings(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

describeE2E("friends and invitations (Chromium)", (env) => {
  it("two accounts befriend, one invites the other from the table page, the notification's Accept seats her, and they play", async () => {
    const { a, b, errors, close } = await openPair(env.browser);
    await signUp(a, env.url, "Ada", "analytical-engine");
    await signUp(b, env.url, "Béa", "divine-comedy");

    // Each follows the other from the profile: friends.
    await a.goto(`${env.url}/?player=B%C3%A9a&lang=en`);
    await a.getByTestId("follow").click();
    await a.getByTestId("relation").getByText("You follow Béa.").waitFor({ timeout: 15_000 });
    expect(await a.locator('.profile-head svg.avatar[role="img"]').getAttribute("aria-label")).toBe("Béa’s picture");
    await b.goto(`${env.url}/?player=Ada&lang=en`);
    await b.getByTestId("follow").click();
    await b.getByTestId("relation").getByText("Ada follows you.").waitFor({ timeout: 15_000 });

    // Ada's friends page: Béa, online (her page holds her notices socket).
    await a.goto(`${env.url}/?friends&lang=en`);
    const bea = a.locator('[data-testid="friend"][data-name="Béa"]');
    await bea.waitFor({ timeout: 15_000 });
    await a.waitForFunction(() => document.querySelector('[data-testid="friend"][data-name="Béa"]')?.getAttribute("data-presence") === "online", undefined, { timeout: 20_000, polling: 250 }).catch(async () => {
      await a.reload();
      await a.locator('[data-testid="friend"][data-name="Béa"][data-presence="online"]').waitFor({ timeout: 15_000 });
    });
    expect(await bea.innerText()).toContain("online");
    expect(await axeFindings(a)).toEqual([]);
    await a.screenshot({ path: `${ARTIFACTS}friends-page.png`, fullPage: true });

    // Ada creates a Shazamm! table with a seat open, and invites Béa by name from the table page.
    await a.goto(`${env.url}/?lang=en`);
    await createTableAsAccount(a, "shazamm", ["open"]);
    const table = new URL(a.url()).searchParams.get("table")!;
    await a.locator('input[name="invite-name"]').fill("Béa");
    await a.getByTestId("invite-send").click();
    await a.getByTestId("invite-sent").getByText("Béa is invited.").waitFor({ timeout: 15_000 });

    // Béa, on her friends' page, gets the in-app notification.
    const notice = b.locator(`[data-testid="invitation"][data-table="${table}"]`);
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain("Ada invites you to their table: Shazamm!");
    expect(await axeFindings(b)).toEqual([]);
    await b.screenshot({ path: `${ARTIFACTS}friends-invitation.png`, fullPage: true });
    await notice.getByTestId("invitation-accept").click();
    await b.waitForURL(new RegExp(`table=${table}`));
    await a.locator("form.bid").waitFor({ timeout: 30_000 });
    await b.locator("form.bid").waitFor({ timeout: 30_000 });
    expect(await b.locator(".seats li.me").innerText()).toContain("Béa");
    // Both seats are accounts: each with its picture, the same name drawing the same one on both pages.
    expect(await a.locator("ul.seats svg.avatar").count()).toBe(2);
    expect(await a.locator('ul.seats svg.avatar[data-name="Béa"]').innerHTML()).toBe(await b.locator('ul.seats svg.avatar[data-name="Béa"]').innerHTML());
    expect(await b.locator('[data-testid="invitation"]').count()).toBe(0);

    // They play the match to its end (each bid chosen by the test: half the mana left).
    const [ra, rb] = await Promise.all([autoplay(a, "shazamm", 150_000), autoplay(b, "shazamm", 150_000)]);
    expect(ra).toMatch(/Winner: |Draw/);
    expect(rb).toMatch(/Winner: |Draw/);
    expect(errors).toEqual([]);
    await close();
  });
});
