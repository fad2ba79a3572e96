// Puzzles in Chromium at a phone's width (issue 26), in English and in French: puzzles of each game
// from bot self-play imported into the server's storage; the home page's daily puzzle card leads
// to its puzzle; an Abraca…What? puzzle solved with the keyboard on the real board (its answer's
// plaque focused, Enter), the verdict "right" and its explanation shown; one puzzle of every other
// game solved by clicking the board's highlighted choices (tried one by one until one is right);
// every page axe-clean and no wider than the phone.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { selfPlayPuzzles, type Puzzle } from "@grimoire/engine";
import { findGame, games } from "@grimoire/catalog";
import { importPuzzles } from "@grimoire/server";
import { join } from "node:path";
import { ARTIFACTS, PHONE, describeE2E, injectAxe } from "../e2e/harness.ts";

const SEATS: Record<string, number> = { abracadawhat: 3, shazamm: 2, incantibus: 3, emmerlaus: 3 };

function puzzlesOf(id: string, until: number): Puzzle[] {
  return selfPlayPuzzles(findGame(id)!, { games: 20, until, seats: SEATS[id]!, seed: 3, perGame: 2 });
}

async function axeFindings(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

async function fits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Clicks the `first`-th highlighted choice of the board, then the first ones (a choice may open another) until the verdict shows. */
async function tryChoice(page: Page, first: number): Promise<boolean> {
  const clicked = await page.evaluate((n) => {
    const legal = [...document.querySelectorAll<HTMLElement>(".puzzle-page [data-board-target][data-legal]")].filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0);
    if (n >= legal.length) return false;
    legal[n]!.click();
    return true;
  }, first);
  if (!clicked) return false;
  await answerByBoard(page);
  return true;
}

/** Clicks the board's highlighted choices (a choice may open another: a target, a bid) until the verdict shows. */
async function answerByBoard(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await page.locator('[data-testid="puzzle-verdict"]').count()) return;
    const clicked = await page.evaluate(() => {
      const targets = [...document.querySelectorAll<HTMLElement>(".puzzle-page [data-board-target]")].filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0);
      const legal = targets.filter((el) => el.hasAttribute("data-legal"));
      const pool = legal.length > 0 ? legal : targets;
      if (pool.length === 0) return false;
      pool[0]!.click();
      return true;
    });
    if (!clicked) await page.waitForTimeout(100);
    await page.waitForTimeout(150);
  }
}

describeE2E("puzzles at 375 px, in English and in French", (env) => {
  it("the daily card leads to a puzzle; one puzzle of each game is solved on the real board, with the explanation", async () => {
    const byGame = Object.fromEntries(Object.keys(SEATS).map((id) => [id, puzzlesOf(id, id === "abracadawhat" ? 8 : id === "shazamm" ? 6 : 1)])) as Record<string, Puzzle[]>;
    for (const [id, list] of Object.entries(byGame)) {
      expect(list.length, id).toBeGreaterThan(0);
      const imported = await importPuzzles(env.storage, games, { format: "grimoire-puzzles", version: 1, game: id, puzzles: list }, Date.now());
      expect(imported.ok, id).toBe(true);
    }
    // An Abraca…What? puzzle whose answer is a call (a plaque to press).
    const abraca = byGame.abracadawhat!.find((p) => (p.accepted[0] as { type: string }).type === "cast")!;
    const spell = (abraca.accepted[0] as { spell: number }).spell;
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    for (const lang of ["en", "fr"] as const) {
      const words = lang === "en" ? { daily: "Puzzle of the day", right: "Right", verdict: /Right|Not the best move/ } : { daily: "Le problème du jour", right: "Bravo", verdict: /Bravo|Ce n’est pas le meilleur coup/ };
      await page.goto(`${env.url}/?lang=${lang}`);
      const card = page.locator('[data-testid="daily-puzzle"]');
      await card.getByRole("heading", { name: words.daily }).waitFor();
      await card.getByRole("link").first().waitFor();
      await card.getByRole("link").first().click();
      await page.locator('[data-testid="puzzle-page"] .board').first().waitFor({ timeout: 30_000 });
      await fits(page);
      expect(await axeFindings(page)).toEqual([]);

      // Solved with the keyboard: the answer's plaque focused, Enter.
      await page.goto(`${env.url}/?puzzles=abracadawhat&puzzle=${abraca.id}&lang=${lang}`);
      const plaque = page.locator(`[data-testid="spell-${spell}"]`);
      await plaque.waitFor({ timeout: 30_000 });
      expect(await axeFindings(page)).toEqual([]);
      await plaque.focus();
      await page.keyboard.press("Enter");
      const verdict = page.locator('[data-testid="puzzle-verdict"]');
      await verdict.waitFor({ timeout: 15_000 });
      expect(await verdict.getAttribute("class")).toContain("right");
      expect(await verdict.innerText()).toContain(words.right);
      expect(await verdict.locator("li").count()).toBeGreaterThan(1);
      await page.screenshot({ path: join(ARTIFACTS, `puzzle-abracadawhat-${lang}.png`), fullPage: true });
      await fits(page);
      expect(await axeFindings(page)).toEqual([]);
      // The next puzzle comes from the game's puzzles.
      await page.locator('[data-testid="puzzle-next"]').click();
      await page.locator('[data-testid="puzzle-prompt"]').waitFor({ timeout: 15_000 });

      // Every other game: its highlighted choices tried one by one (a guest's tries are not
      // stored, the puzzle is loaded afresh each time) until the verdict is "right".
      // Shazamm!'s bid is typed in its bid field and sealed (its answer is a bid with no spell).
      for (const id of ["shazamm", "incantibus", "emmerlaus"]) {
        const bidOnly = byGame[id]!.find((p) => (p.accepted[0] as { type: string; cards?: unknown[] }).type === "commit" && (p.accepted[0] as { cards: unknown[] }).cards.length === 0);
        const puzzle = id === "shazamm" && bidOnly ? bidOnly : byGame[id]![0]!;
        let solved = false;
        for (let choice = 0; choice < 24 && !solved; choice++) {
          await page.goto(`${env.url}/?puzzles=${id}&puzzle=${puzzle.id}&lang=${lang}`);
          await page.locator('[data-testid="puzzle-page"] [data-board-target]').first().waitFor({ timeout: 30_000 });
          if (choice === 0) expect(await axeFindings(page), id).toEqual([]);
          if (puzzle === bidOnly) {
            await page.locator('input[name="bid-number"]').fill(String((puzzle.accepted[0] as { bid: number }).bid));
            await page.locator(".sz-commit").click();
          } else if (!(await tryChoice(page, choice))) break;
          const shown = page.locator('[data-testid="puzzle-verdict"]');
          await shown.waitFor({ timeout: 15_000 });
          expect(await shown.innerText(), id).toMatch(words.verdict);
          expect(await shown.locator("li").count(), id).toBeGreaterThan(1);
          solved = (await shown.getAttribute("class"))!.includes("right");
          if (solved) {
            await fits(page);
            expect(await axeFindings(page), id).toEqual([]);
          }
        }
        expect(solved, `${id}: no highlighted choice of the board is the answer`).toBe(true);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
