// End-to-end harness: builds the client with Vite into a temporary directory, starts a real
// server in-process (port 0, temporary data dir) serving it, and launches Debian's Chromium
// through playwright-core. `autoplay` plays this seat through the page (DOM clicks only).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = fileURLToPath(new URL("../../../artifacts/web/", import.meta.url));

export interface E2E {
  readonly url: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const webRoot = fileURLToPath(new URL("..", import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), "grimoire-web-dist-"));
  const dataDir = mkdtempSync(join(tmpdir(), "grimoire-web-data-"));
  const vite = await import("vite");
  await vite.build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error", build: { outDir, emptyOutDir: true } });
  const { createServer } = await import("@grimoire/server");
  const server = await createServer({ port: 0, host: "127.0.0.1", dataDir, webDist: outDir, botBudgetMs: 100, log: () => {} });
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    url: `http://127.0.0.1:${server.port}`,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a table from the home page form: me in seat 1, then the given seats. */
export async function createTable(page: Page, url: string, game: string, others: readonly string[], name = "Ada", lang = "en"): Promise<void> {
  await page.goto(`${url}/?lang=${lang}`);
  await page.locator('select[name="game"]').selectOption(game);
  await page.locator('input[name="name"]').fill(name);
  // adjust the seat count
  for (let guard = 0; guard < 12; guard++) {
    const count = await page.locator('select[name^="seat"]').count();
    if (count < others.length) await page.getByTestId("add-seat").click();
    else if (count > others.length) await page.getByTestId("remove-seat").click();
    else break;
  }
  for (let i = 0; i < others.length; i++) await page.locator(`select[name="seat${i + 1}"]`).selectOption(others[i]!);
  await page.getByTestId("create-table").click();
  await page.waitForURL(/\?table=/);
}

/**
 * Plays this page's seat until the result is shown, clicking in the page: Abraca's listed cast
 * buttons, Shazamm's commit (bid `bid(mana)` set through the input), the listed action buttons
 * otherwise. Resolves with the result text.
 */
export async function autoplay(page: Page, game: string, maxMs = 90_000, stopAfter = Infinity): Promise<string> {
  return page.evaluate(
    async ({ game, maxMs, stopAfter }) => {
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const started = Date.now();
      let clicks = 0;
      const setValue = (input: HTMLInputElement, value: string) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      };
      while (Date.now() - started < maxMs && clicks < stopAfter) {
        const outcome = document.querySelector('[data-testid="outcome"] .result');
        if (outcome) return outcome.textContent ?? "";
        const match = document.querySelector(".match") as HTMLElement | null;
        const version = match?.dataset.version;
        let clicked = false;
        if (document.querySelector(".your-turn")) {
          if (game === "shazamm") {
            const form = document.querySelector("form.bid") as HTMLFormElement | null;
            const submit = form?.querySelector('button[type="submit"]') as HTMLButtonElement | null;
            const number = form?.querySelector('input[name="bid-number"]') as HTMLInputElement | null;
            if (form && submit && number && !submit.disabled) {
              const max = Number(number.max);
              setValue(number, String(Math.max(Number(number.min), Math.ceil(max / 2))));
              await sleep(10);
              submit.click();
              clicked = true;
            } else {
              const b = document.querySelector(".board .action-buttons button") as HTMLButtonElement | null;
              if (b) { b.click(); clicked = true; }
            }
          } else if (game === "abracadawhat") {
            const confirm = document.querySelector(".warning button.confirm") as HTMLButtonElement | null;
            const casts = confirm ? [confirm] : ([...document.querySelectorAll(".cast-buttons button")] as HTMLButtonElement[]);
            const listed = casts.filter((b) => !b.classList.contains("unlisted"));
            const b = listed[Math.floor(Math.random() * listed.length)];
            if (b) { b.click(); clicked = true; }
          } else {
            const buttons = [...document.querySelectorAll(".actions button.action")] as HTMLButtonElement[];
            const enabled = buttons.filter((b) => !b.disabled);
            const b = enabled[Math.floor(Math.random() * enabled.length)];
            if (b) { b.click(); clicked = true; }
          }
        }
        if (clicked) {
          clicks++;
          await sleep(60); // the server allows about 20 messages a second per connection
          const until = Date.now() + 3000;
          while (Date.now() < until && (document.querySelector(".match") as HTMLElement | null)?.dataset.version === version && !document.querySelector(".warning button.confirm")) await sleep(5);
        } else await sleep(20);
      }
      const outcome = document.querySelector('[data-testid="outcome"] .result');
      return outcome?.textContent ?? `(not over after ${clicks} clicks)`;
    },
    { game, maxMs, stopAfter },
  );
}

/**
 * The visible text of the match screen that did not come from a catalogue, in the pseudo-locale
 * (where every message is wrapped in ⟦…⟧): each text node's letters and digits outside the markers.
 * Seeds (`code`) are data, not words, and are skipped.
 */
export async function unwordedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector(".match");
    if (!root) return ["(no .match on the page)"];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("code, .json-action")) continue;
      if (parent.getClientRects().length === 0 && !(parent instanceof SVGElement)) continue; // not rendered
      let depth = 0;
      let outside = "";
      for (const ch of text) {
        if (ch === "⟦") depth++;
        else if (ch === "⟧") depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += ch;
      }
      if (/[\p{L}\p{N}]/u.test(outside)) found.push(`${parent.tagName.toLowerCase()}.${[...parent.classList].join(".")}: ${JSON.stringify(text.slice(0, 120))}`);
    }
    return found;
  });
}

/** English words that must not appear in a French game (issue #13's telltales). */
export const ENGLISH_TELLTALES = /\b(Seat|turn|draws|rolls|play|discard|point at)\b/i;
