// Moderation in Debian's Chromium, as three people would live it: Ann insults Bob in the table
// chat; Bob reports the line from the chat; Mod, made a moderator by the operator's command
// (`changeRole`, what `grimoire admin grant` runs), finds it in the queue among the lines around
// it, hides it (it leaves both players' chats) and mutes Ann for an hour. Ann's next message is
// refused and she reads why, with the end, in English and then in French. axe-core finds nothing
// on the moderation page, before and after the actions, in both languages.
import { changeRole } from "@grimoire/server";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ARTIFACTS, createTableAsAccount, describeE2E, injectAxe, openPair, signUp, takeSeat } from "../e2e/harness.ts";

/** Every axe-core violation on the page as it is now, whatever its impact. */
async function axeFindings(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

async function say(page: Page, text: string): Promise<void> {
  await page.locator('input[name="chat"]').fill(text);
  await page.getByTestId("chat-send").click();
}

describeE2E("moderation (Chromium)", (env) => {
  it("a reported message is hidden by a moderator, who mutes its writer; the writer reads why and until when, in English and French", async () => {
    const { a: ann, b: bob, errors, close } = await openPair(env.browser);
    const ctxM = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const mod = await ctxM.newPage();
    mod.on("pageerror", (e) => errors.push(e.message));
    await signUp(ann, env.url, "Ann", "ann-password");
    await signUp(bob, env.url, "Bob", "bob-password");
    await signUp(mod, env.url, "Mod", "mod-password");
    expect(await changeRole(env.storage, "Mod", "moderator", true)).toEqual({ ok: true, name: "Mod", changed: true });

    await createTableAsAccount(ann, "shazamm", ["open"]);
    await takeSeat(ann, bob, { until: "form.bid" });
    await say(ann, "good luck");
    await say(ann, "you play like a potato");
    const line = bob.getByTestId("chat-line").filter({ hasText: "potato" });
    await line.waitFor({ timeout: 15_000 });

    // Bob reports it from the chat line.
    await line.getByTestId("report-open").click();
    await line.getByTestId("report-reason").selectOption("insult");
    await line.getByTestId("report-note").fill("rude");
    await line.getByTestId("report-send").click();
    await line.getByTestId("report-done").waitFor({ timeout: 15_000 });

    // The moderator's page: the link in the header, the report with its context.
    await mod.reload();
    await mod.locator(".account").getByRole("link", { name: "Moderation" }).click();
    const card = mod.getByTestId("mod-report").filter({ hasText: "Bob reported Ann" });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId("mod-reported-line").innerText()).toContain("you play like a potato");
    expect(await card.locator(".report-context li").allInnerTexts()).toEqual([expect.stringContaining("good luck"), expect.stringContaining("potato")]);
    expect(await axeFindings(mod)).toEqual([]);

    // Hide, then mute for an hour, with a reason.
    await card.getByTestId("mod-reason").fill("Insults at the table");
    await card.getByTestId("mod-hide").click();
    await bob.getByTestId("chat-line").filter({ hasText: "potato" }).waitFor({ state: "detached", timeout: 15_000 });
    await ann.getByTestId("chat-line").filter({ hasText: "potato" }).waitFor({ state: "detached", timeout: 15_000 });
    await card.getByTestId("mod-duration").selectOption("60");
    await card.getByTestId("mod-mute").click();
    await mod.getByTestId("mod-sanctions").filter({ hasText: "Ann" }).waitFor({ timeout: 15_000 });
    await card.getByTestId("mod-resolve").click();
    await mod.getByTestId("mod-no-reports").waitFor({ timeout: 15_000 });
    const log = await mod.getByTestId("mod-log-line").allInnerTexts();
    expect(log.slice(0, 4).map((l) => l.split("\t").slice(1))).toEqual([
      ["Mod", "report resolved", expect.stringMatching(/^report:/), ""],
      ["Mod", "mute", "Ann", "Insults at the table"],
      ["Mod", "message hidden", expect.stringMatching(/\/2$/), "Insults at the table"],
      ["operator (command line)", "role given", "Mod", ""],
    ]);
    expect(await axeFindings(mod)).toEqual([]);
    await mod.screenshot({ path: `${ARTIFACTS}moderation-page.png`, fullPage: true });

    // Ann is refused, and told why and until when, in her language.
    const until = (await mod.evaluate(async () => (await (await fetch("/api/moderation/sanctions")).json()) as { sanctions: { until: number }[] })).sanctions[0]!.until;
    await say(ann, "still here");
    const refusal = ann.locator('[data-testid="chat"] [role="alert"]');
    const english = await ann.evaluate((at) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" }).format(at), until);
    await refusal.filter({ hasText: `You are muted until ${english}: Insults at the table` }).waitFor({ timeout: 15_000 });
    await ann.locator(".lang select").selectOption("fr");
    await say(ann, "toujours là");
    const french = await ann.evaluate((at) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" }).format(at), until);
    await refusal.filter({ hasText: `Vous êtes réduit au silence jusqu’au ${french}\u00a0: Insults at the table` }).waitFor({ timeout: 15_000 });
    expect(await bob.getByTestId("chat-line").filter({ hasText: "toujours" }).count()).toBe(0);
    await ann.screenshot({ path: `${ARTIFACTS}moderation-muted-fr.png`, fullPage: true });

    // The moderation page in French is clean too.
    await mod.locator(".lang select").selectOption("fr");
    await mod.getByRole("heading", { name: "Modération", exact: true }).waitFor();
    expect(await axeFindings(mod)).toEqual([]);
    expect(errors).toEqual([]);
    await ctxM.close();
    await close();
  }, 300_000);
});
