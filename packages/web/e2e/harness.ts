// End-to-end harness: builds the client with Vite into a temporary directory (once per change of
// its sources, shared by every test file of a run: `builtClient`), starts a real server
// in-process (port 0, temporary data dir) serving it, and launches Debian's Chromium
// through playwright-core. `describeE2E` gives a test file one of each for its tests; `openPair`,
// `signUp` and `takeSeat` are the flows of two players at one table; `autoplay` plays this seat
// through the page (DOM clicks only).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Storage } from "@grimoire/server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = fileURLToPath(new URL("../../../artifacts/web/", import.meta.url));

export interface E2E {
  readonly url: string;
  readonly browser: Browser;
  /** The server's storage (an operator's command acts on it: `changeRole`). */
  readonly storage: Storage;
  close(): Promise<void>;
}

/**
 * The production build of the client as checked out now: built once per change of its sources
 * into a temporary directory of this checkout's, so the test files of a run (and the runs after
 * it, until a source changes) share one build; older builds of this checkout are removed.
 */
async function builtClient(): Promise<string> {
  const { buildClient, builtHash, clientSourceHash } = await import("@grimoire/server");
  const checkout = createHash("sha256").update(fileURLToPath(new URL("../../..", import.meta.url))).digest("hex").slice(0, 12);
  const cache = join(tmpdir(), `grimoire-e2e-web-${checkout}`);
  const hash = clientSourceHash();
  const dist = join(cache, hash);
  if (builtHash(dist) === hash) return dist;
  mkdirSync(cache, { recursive: true });
  await buildClient(dist, hash, "error");
  for (const old of readdirSync(cache)) if (old !== hash && !old.startsWith(".")) rmSync(join(cache, old), { recursive: true, force: true });
  return dist;
}

/** `limits`: the server's, where a test needs other numbers (see packages/server/src/limits.ts). */
export async function startE2E(limits: Record<string, number> = {}): Promise<E2E> {
  const outDir = await builtClient();
  const dataDir = mkdtempSync(join(tmpdir(), "grimoire-web-data-"));
  const { createServer } = await import("@grimoire/server");
  const server = await createServer({ port: 0, host: "127.0.0.1", dataDir, webDist: outDir, botBudgetMs: 100, limits, log: () => {} });
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
    storage: server.storage,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A describe block whose tests share one server and one Chromium, started before them (3 min
 * allowed: the client is built first) and closed after them. Where Chromium is absent the block is
 * skipped and says so. `env` is read inside the tests, once started.
 */
export function describeE2E(name: string, tests: (env: E2E) => void, limits: Record<string, number> = {}): void {
  if (!hasChromium) console.warn(`${name} skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);
  describe.skipIf(!hasChromium)(name, () => {
    let started: E2E | undefined;
    beforeAll(async () => {
      started = await startE2E(limits);
    }, 180_000);
    afterAll(async () => {
      await started?.close();
    });
    const get = (): E2E => {
      if (!started) throw new Error("the e2e server is not started yet (read env inside a test)");
      return started;
    };
    tests({
      get url() { return get().url; },
      get browser() { return get().browser; },
      get storage() { return get().storage; },
      close: () => get().close(),
    });
  });
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 900 };
export const PHONE: Viewport = { width: 375, height: 800 };

/** Two players' pages, A and B, each in its own context (so its own cookies), in English; their page errors. */
export interface Pair {
  readonly a: Page;
  readonly b: Page;
  readonly ctxA: BrowserContext;
  readonly ctxB: BrowserContext;
  readonly errors: string[];
  close(): Promise<void>;
}

/** Opens A's and B's pages, A on a desktop and B on a phone unless told otherwise. */
export async function openPair(browser: Browser, [viewA, viewB]: readonly [Viewport, Viewport] = [DESKTOP, PHONE]): Promise<Pair> {
  const ctxA = await browser.newContext({ viewport: viewA, locale: "en-US" });
  const ctxB = await browser.newContext({ viewport: viewB, locale: "en-US" });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const errors: string[] = [];
  for (const p of [a, b]) p.on("pageerror", (e) => errors.push(e.message));
  return {
    a, b, ctxA, ctxB, errors,
    async close() {
      await ctxA.close();
      await ctxB.close();
    },
  };
}

/** Opens the header's account form on the home page, name and password filled in. */
export async function openAccountForm(page: Page, url: string, name: string, password: string): Promise<void> {
  await page.goto(`${url}/?lang=en`);
  await page.getByTestId("account-open").click();
  await page.locator('input[name="account-name"]').fill(name);
  await page.locator('input[name="account-password"]').fill(password);
}

/** Creates an account from the header; resolves once the header names it. */
export async function signUp(page: Page, url: string, name: string, password: string): Promise<void> {
  await openAccountForm(page, url, name, password);
  await page.getByTestId("signup").click();
  await page.locator(".account .me", { hasText: name }).waitFor({ timeout: 15_000 });
}

/**
 * The guest opens the host's invitation and takes the open seat: under the name `as`, or as its
 * account when `as` is absent. Resolves once both pages show `until` (the match has begun).
 */
export async function takeSeat(host: Page, guest: Page, { as, until }: { as?: string; until: string }): Promise<void> {
  await guest.goto(await host.locator(".invite input").inputValue());
  if (as === undefined) await guest.getByTestId("playing-as").waitFor();
  else await guest.locator('input[name="name"]').fill(as);
  await guest.getByRole("button", { name: "Take a seat" }).click();
  await host.locator(until).waitFor({ timeout: 30_000 });
  await guest.locator(until).waitFor({ timeout: 30_000 });
}

/**
 * Creates a table from the home page form: me in seat 1, then the given seats; `options`, the
 * game's own choices by name (`{ mode: "expert" }` picks `opt-mode`).
 */
export async function createTable(page: Page, url: string, game: string, others: readonly string[], name = "Ada", lang = "en", options: Readonly<Record<string, string>> = {}): Promise<void> {
  await page.goto(`${url}/?lang=${lang}`);
  await page.locator('select[name="game"]').selectOption(game);
  await page.locator('input[name="name"]').fill(name);
  await fillSeats(page, others);
  for (const [option, value] of Object.entries(options)) await page.locator(`select[name="opt-${option}"]`).selectOption(value);
  await page.getByTestId("create-table").click();
  await page.waitForURL(/\?table=/);
}

/**
 * Creates a table from the home page form the page shows, as the account logged in (no name asked):
 * me in seat 1, then the given seats. `rated`: whether the form had the table rated.
 */
export async function createTableAsAccount(page: Page, game: string, others: readonly string[]): Promise<{ rated: boolean }> {
  await page.locator('select[name="game"]').selectOption(game);
  await page.getByTestId("playing-as").waitFor();
  await fillSeats(page, others);
  const rated = await page.locator('input[name="rated"]').isChecked();
  await page.getByTestId("create-table").click();
  await page.waitForURL(/\?table=/);
  return { rated };
}

/** The form's seats after mine: as many as `others`, each given its kind. */
async function fillSeats(page: Page, others: readonly string[]): Promise<void> {
  for (let guard = 0; guard < 12; guard++) {
    const count = await page.locator('select[name^="seat"]').count();
    if (count < others.length) await page.getByTestId("add-seat").click();
    else if (count > others.length) await page.getByTestId("remove-seat").click();
    else break;
  }
  for (let i = 0; i < others.length; i++) await page.locator(`select[name="seat${i + 1}"]`).selectOption(others[i]!);
}

/** Each game with the bot seats (easy) that fill its table beside one human, for the per-game e2e tests. */
export const GAMES_AGAINST_BOTS: readonly (readonly [string, readonly string[]])[] = [
  ["abracadawhat", ["easy", "easy"]],
  ["shazamm", ["easy"]],
  ["incantibus", ["easy"]],
  ["emmerlaus", ["easy", "easy"]],
];

/**
 * Rematch, one click each: after the first, the other page says one player wants it and nobody
 * moves; after the second, both pages go to the same new table. Resolves with its id.
 */
export async function rematchBoth(a: Page, b: Page, firstTable: string): Promise<string> {
  await a.getByTestId("rematch").click();
  await b.getByText("1 of 2 players want a rematch").waitFor({ timeout: 15_000 });
  expect(new URL(a.url()).searchParams.get("table")).toBe(firstTable);
  await b.getByTestId("rematch").click();
  await a.waitForURL((url) => url.searchParams.get("table") !== firstTable, { timeout: 15_000 });
  await b.waitForURL((url) => url.searchParams.get("table") !== firstTable, { timeout: 15_000 });
  const next = new URL(a.url()).searchParams.get("table")!;
  expect(new URL(b.url()).searchParams.get("table")).toBe(next);
  return next;
}

/**
 * Plays this page's seat until the result is shown, clicking in the page: Abraca's highlighted board
 * targets (spell plaques, stop), Shazamm's commit (bid `bid(mana)` set through the input), the listed action buttons
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
              const b = document.querySelector(".board .sz-answers [data-board-target]") as HTMLElement | null;
              if (b) { b.click(); clicked = true; }
            }
          } else if (game === "abracadawhat") {
            // the board: a highlighted spell plaque or the stop button, or the confirm of a warned lower call
            const confirm = document.querySelector(".board .ab-warning button.confirm") as HTMLElement | null;
            const targets = confirm ? [confirm] : [...document.querySelectorAll<HTMLElement>(".board [data-board-target][data-legal]")];
            const b = targets[Math.floor(Math.random() * targets.length)];
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
    // A board face's hidden words are one catalogue sentence cut around the words it shows
    // (`sayAround`): they are checked joined, as one sentence; the shown words on their own.
    const facesSeen = new Set<Element>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("code, .json-action")) continue;
      const face = parent.classList.contains("sr-only") ? parent.parentElement : null;
      if (face?.matches('.board .face[role="button"]')) {
        if (facesSeen.has(face)) continue;
        facesSeen.add(face);
        text = [...face.children].filter((el) => el.classList.contains("sr-only")).map((el) => el.textContent ?? "").join(" ");
      }
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

/**
 * Plays this page's seat until the result is shown by clicking the board only (issue #14): at each
 * of its decisions, a random enabled element of `.board` marked `data-board-target` (a stone to
 * call, a card to play or pick, a token to point at, a player to target, a confirm button). Never
 * the text action list. Resolves with the result text and the number of clicks.
 */
export async function playByBoard(page: Page, maxMs = 120_000, stopAfter = Infinity): Promise<{ result: string; clicks: number }> {
  return page.evaluate(
    async ({ maxMs, stopAfter }) => {
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const started = Date.now();
      let clicks = 0;
      const result = () => document.querySelector('[data-testid="outcome"] .result')?.textContent ?? null;
      while (Date.now() - started < maxMs && clicks < stopAfter) {
        const over = result();
        if (over !== null) return { result: over, clicks };
        const version = (document.querySelector(".match") as HTMLElement | null)?.dataset.version;
        const targets = [...document.querySelectorAll<HTMLElement>(".board [data-board-target]")].filter(
          (el) => !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true" && el.getClientRects().length > 0,
        );
        if (document.querySelector(".your-turn") && targets.length > 0) {
          const legal = targets.filter((el) => el.hasAttribute("data-legal"));
          // mostly the highlighted (legal) targets; sometimes a selection toggle (cards to add)
          const pool = legal.length > 0 && Math.random() < 0.7 ? legal : targets;
          pool[Math.floor(Math.random() * pool.length)]!.click();
          clicks++;
          await sleep(60); // the server allows about 20 messages a second per connection
          const until = Date.now() + 1500;
          while (Date.now() < until && (document.querySelector(".match") as HTMLElement | null)?.dataset.version === version) await sleep(10);
        } else await sleep(25);
      }
      return { result: result() ?? `(not over after ${clicks} clicks)`, clicks };
    },
    { maxMs, stopAfter },
  );
}

/** What `checkPhoneLayout` found: the page's width, and every face whose open popover left the viewport. */
export interface PhoneLayout {
  readonly scrollWidth: number;
  /** The widest the page got while a popover was open. */
  readonly widestWithPopover: number;
  /** How many faces' popovers were opened. */
  readonly opened: number;
  /** "face words: popover at left–right × top–bottom" for each popover not wholly inside the viewport. */
  readonly outside: string[];
}

/**
 * The page at a phone's width (issue #14): the document's scroll width, then every visible face of
 * the board focused in turn (a focus opens its popover, as a hover or a long press does), its
 * popover measured against the viewport, and the page's width measured again while it is open.
 */
/** At a phone's width: no sideways scrolling, and every visible face's popover opened in turn stays on the screen. */
export async function expectFitsPhone(page: Page, width: number): Promise<void> {
  const layout = await checkPhoneLayout(page);
  expect(layout.scrollWidth).toBeLessThanOrEqual(width);
  expect(layout.opened).toBeGreaterThan(0);
  expect(layout.outside).toEqual([]);
  expect(layout.widestWithPopover).toBeLessThanOrEqual(width);
}

async function checkPhoneLayout(page: Page): Promise<PhoneLayout> {
  return page.evaluate(async () => {
    // Read after a whole frame's animation callbacks, as the frame is painted: a face places its
    // popover in a callback of its own (kit/widgets.tsx, `follow`), registered after ours (React
    // renders the focus in a microtask, once our `requestAnimationFrame` is asked for). Resolving in
    // our second callback read the placement of the frame before, stale for a face still moving.
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));
    const root = document.documentElement;
    const scrollWidth = root.scrollWidth;
    let widestWithPopover = 0;
    let opened = 0;
    const outside: string[] = [];
    const faces = [...document.querySelectorAll<HTMLElement>(".board .face")].filter((el) => el.getClientRects().length > 0);
    for (const face of faces) {
      face.focus();
      await frame();
      const popover = face.querySelector<HTMLElement>(":scope > .popover");
      if (!popover) continue;
      opened++;
      widestWithPopover = Math.max(widestWithPopover, root.scrollWidth);
      const box = popover.getBoundingClientRect();
      if (box.left < 0 || box.right > root.clientWidth || box.top < 0 || box.bottom > window.innerHeight) {
        outside.push(`${(face.textContent ?? "").trim().slice(0, 40)}: popover at ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`);
      }
      face.blur();
    }
    await frame();
    return { scrollWidth, widestWithPopover, opened, outside };
  });
}

/** What issue #25 forbids on any page at a phone's width, as `checkPageFits` finds it. */
export interface PageFit {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  /** Elements whose text is cut: an ellipsis or a line clamp with more text than shows. */
  readonly cut: string[];
  /** Boxes inside the page that scroll sideways (content hidden to the right, with no cue). */
  readonly sideways: string[];
}

/**
 * The page as it is now: its scroll width against its width, every text cut by an ellipsis or a
 * line clamp (a card face, a name), and every box that scrolls sideways. Form controls are left
 * out (a select shows its chosen option the browser's way).
 */
export async function checkPageFits(page: Page): Promise<PageFit> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}: ${JSON.stringify((el.textContent ?? "").trim().slice(0, 50))}`;
    const cut: string[] = [];
    const sideways: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (el.closest("select, option, input, textarea, .sr-only, [aria-hidden='true']") || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1) cut.push(`ellipsis ${describe(el)}`);
      const clamp = style.getPropertyValue("-webkit-line-clamp");
      if (clamp && clamp !== "none" && el.scrollHeight > el.clientHeight + 1) cut.push(`line clamp ${describe(el)}`);
      if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) sideways.push(`${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, cut, sideways };
  });
}

/** At a phone's width: no sideways scrolling of the page or of a box in it, and no text cut. */
export async function expectPageFits(page: Page, what: string): Promise<void> {
  const fit = await checkPageFits(page);
  expect(fit.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.cut, `${what}: text cut`).toEqual([]);
  expect(fit.sideways, `${what}: sideways scrolling`).toEqual([]);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const axeRouted = new WeakSet<Page>();

/**
 * Puts axe-core in the page as a script of the page's own origin (a route of the test's): the
 * page runs under its Content-Security-Policy, whose `script-src 'self'` refuses an inline one.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => "axe" in window)) return;
  if (!axeRouted.has(page)) {
    axeRouted.add(page);
    await page.route("**/__e2e/axe.min.js", (route) => route.fulfill({ body: AXE_SOURCE, contentType: "application/javascript" }));
  }
  await page.addScriptTag({ url: "/__e2e/axe.min.js" });
}
