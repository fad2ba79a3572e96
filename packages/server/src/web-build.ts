// The web client's build: which sources it is made of (a hash over them), and a build with Vite
// stamped with that hash, so a server started after a change to any of them builds the client
// again instead of serving a stale one, and the browser tests build it once per change, not once
// per test file.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
export const WEB_ROOT = join(REPO, "packages/web");
const STAMP = ".source-hash";

/** Files and folders the client is built from: the web package, the catalog, the engine and every game's sources. */
function sourceRoots(repo: string): string[] {
  const web = join(repo, "packages/web");
  const gamesDir = join(repo, "games");
  // each game's sources and its guided first game (tutorial.json, bundled for the /?learn page)
  const games = existsSync(gamesDir) ? readdirSync(gamesDir).flatMap((id) => [join(gamesDir, id, "src"), join(gamesDir, id, "tutorial.json")]) : [];
  return [join(web, "src"), join(web, "index.html"), join(web, "vite.config.ts"), join(web, "package.json"), join(repo, "packages/catalog/src"), join(repo, "packages/engine/src"), join(repo, "package-lock.json"), ...games];
}

function walk(path: string, files: string[]): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), files);
  } else {
    files.push(path);
  }
}

/** A hash of every file the client is built from, paths and contents (`repo`: the checkout's root). */
export function clientSourceHash(repo: string = REPO): string {
  const files: string[] = [];
  for (const root of sourceRoots(repo)) walk(root, files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(relative(repo, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** The hash a built client was stamped with, or null (none, or not built by `buildClient`). */
export function builtHash(dist: string): string | null {
  const stamp = join(dist, STAMP);
  return existsSync(join(dist, "index.html")) && existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
}

/**
 * Builds the client into `dist` with Vite, stamped with `hash`. It is built beside `dist` and
 * renamed into place, so a reader never sees half a build; when another process put the same build
 * there first, theirs is kept.
 */
export async function buildClient(dist: string, hash: string, logLevel: "warn" | "error" = "warn"): Promise<void> {
  const staging = mkdtempSync(join(dirname(dist), ".web-build-"));
  try {
    const vite = await import("vite");
    await vite.build({ root: WEB_ROOT, configFile: join(WEB_ROOT, "vite.config.ts"), logLevel, build: { outDir: staging, emptyOutDir: true } });
    writeFileSync(join(staging, STAMP), `${hash}\n`);
    if (builtHash(dist) === hash) return;
    rmSync(dist, { recursive: true, force: true });
    try {
      renameSync(staging, dist);
    } catch (error) {
      // Another process renamed its build of the same sources into place between the two lines above.
      if (builtHash(dist) !== hash) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Hashed build output (`assets/<name>-<hash>.<ext>`): its name changes with its content. */
const HASHED = /[\\/]assets[\\/][^\\/]+$/;

/** Cache headers of a served file: hashed assets are kept a year, untouched; the rest (the page itself) is revalidated each time. */
export function cacheControlOf(path: string): string {
  return HASHED.test(path) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * How the built client is served (@fastify/static): the brotli or gzip file the build wrote beside
 * each text file (packages/web/vite.config.ts) to a browser that accepts it, else the file itself;
 * hashed assets cached for a year as immutable, `index.html` revalidated (`no-cache`).
 */
export function staticOptions(root: string) {
  return {
    root,
    prefix: "/",
    preCompressed: true,
    cacheControl: false,
    setHeaders(res: { setHeader(name: string, value: string): void }, path: string) {
      res.setHeader("cache-control", cacheControlOf(path.replace(/\.(br|gz)$/, "")));
      // One URL, several encodings: a shared cache keeps them apart.
      res.setHeader("vary", "accept-encoding");
    },
  };
}
