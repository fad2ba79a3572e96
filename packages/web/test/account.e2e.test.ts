// The account page end to end in Debian's Chromium (issues 24 and 27): recovery codes shown once
// at sign-up (gone after "I have saved them" and a reload), the sessions list of two browsers
// (this one marked, the other ended from the list by keyboard: that browser is logged out), new
// recovery codes behind the password, and deleting the account. At 375 px in French and on a
// desktop in English, axe-core clean, fitting the phone.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ARTIFACTS, DESKTOP, PHONE, describeE2E, expectPageFits, injectAxe, openAccountForm, signUp } from "../e2e/harness.ts";
import { frenchTypographyFaults } from "./support/typography.ts";

async function axeFindings(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

describeE2E("the account page (Chromium)", (env) => {
  it("recovery codes shown once, sessions listed and one ended, new codes, the account deleted", async () => {
    const name = `Margot${String(Date.now()).slice(-6)}`;
    const password = "margot-secret-1";
    const ctxA = await env.browser.newContext({ viewport: DESKTOP, locale: "en-US", userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" });
    const ctxB = await env.browser.newContext({ viewport: PHONE, locale: "fr-FR", userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36" });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const errors: string[] = [];
    for (const p of [a, b]) p.on("pageerror", (e) => errors.push(e.message));

    // sign-up: ten codes, shown once
    await signUp(a, env.url, name, password);
    const shown = a.getByTestId("recovery-codes-shown");
    await shown.waitFor();
    const codes = await shown.locator("code").allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(CODE);
    expect(await axeFindings(a), "the codes at sign-up").toEqual([]);
    await a.screenshot({ path: `${ARTIFACTS}account-codes-at-signup.png` });
    await a.getByTestId("codes-saved").click();
    await shown.waitFor({ state: "detached" });
    await a.reload();
    await a.locator(".account a.account-link").click();
    await a.getByTestId("account-page").waitFor();
    await a.getByTestId("codes-left").waitFor();
    expect(await a.getByTestId("codes-left").innerText()).toBe("10 codes left");
    expect(await a.locator("main").innerText()).not.toContain(codes[0]!);

    // a second browser (a phone, in French) logs in: both sessions listed, each page marking its own
    await openAccountForm(b, env.url, name, password);
    await b.getByTestId("login").click();
    await b.locator(".account .me", { hasText: name }).waitFor({ timeout: 15_000 });
    await b.goto(`${env.url}/?account&lang=fr`);
    await b.getByTestId("account-page").waitFor();
    await b.getByTestId("session").nth(1).waitFor();
    expect(await b.getByTestId("session").count()).toBe(2);
    const phoneRow = b.getByTestId("session").filter({ hasText: "ce navigateur" });
    expect(await phoneRow.innerText()).toContain("Chrome · Android");
    await b.getByTestId("codes-left").waitFor();
    await b.waitForTimeout(300);
    await expectPageFits(b, "the account page at 375 px");
    expect(await axeFindings(b), "the account page, French, 375 px").toEqual([]);
    expect(frenchTypographyFaults(await b.locator("main").innerText())).toEqual([]);
    await b.screenshot({ path: `${ARTIFACTS}account-page-phone-fr.png`, fullPage: true });

    await a.reload();
    await a.getByTestId("session").nth(1).waitFor();
    expect(await a.getByTestId("session").filter({ hasText: "this browser" }).innerText()).toContain("Chrome · Linux");
    expect(await axeFindings(a), "the account page, English, desktop").toEqual([]);
    // the phone's session ended from the desktop's list, by keyboard
    const end = a.getByTestId("session").filter({ hasText: "Android" }).getByRole("button");
    await end.focus();
    await a.keyboard.press("Enter");
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="session"]').length === 1, undefined, { timeout: 15_000 });
    await b.reload();
    await b.getByTestId("account-open").waitFor({ timeout: 15_000 });
    expect(await b.locator(".account .me").count()).toBe(0);

    // new codes, behind the password: a wrong one is said; the right one shows ten new codes once
    const codesPassword = a.locator('input[name="codes-password"]');
    await codesPassword.fill("not-my-password");
    await codesPassword.press("Enter");
    expect(await a.getByTestId("recovery-codes").getByRole("alert").innerText()).toContain("That is not your password.");
    await codesPassword.fill(password);
    await codesPassword.press("Enter");
    const again = a.getByTestId("recovery-codes-shown");
    await again.waitFor();
    const fresh = await again.locator("code").allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect(await axeFindings(a), "new codes shown").toEqual([]);
    await a.getByTestId("codes-saved").click();

    // deleting the account: the box to tick first, the password; then logged out, the name no longer logs in
    const del = a.getByTestId("delete-account");
    expect(await del.getByTestId("delete").isDisabled()).toBe(true);
    await del.locator('input[name="delete-password"]').fill(password);
    await del.locator('input[name="delete-sure"]').check();
    await del.getByTestId("delete").click();
    await a.getByTestId("account-open").waitFor({ timeout: 15_000 });
    await openAccountForm(a, env.url, name, password);
    await a.getByTestId("login").click();
    await a.getByRole("alert").waitFor();
    expect(await a.getByRole("alert").innerText()).toContain("Wrong name or password.");

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 240_000);
});
