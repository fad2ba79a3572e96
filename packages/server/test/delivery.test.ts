// How the built client is delivered: the production build (as `npm start` builds it, shared with
// the browser tests: one build per change of its sources) is precompressed, and the server sends
// brotli to a browser that accepts it, gzip to one that accepts only gzip, the file itself to one
// that accepts neither; hashed assets are cached a year as immutable, the page is revalidated,
// and the security headers are on every one of them.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type RunningServer } from "../src/index.ts";
import { buildClient, builtHash, cacheControlOf, clientSourceHash } from "../src/web-build.ts";

/** The initial JavaScript budget, gzipped (issue #14; packages/web/test/table-infra.e2e.test.ts measures the build). */
const BUDGET_BYTES = 250 * 1024;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The client as checked out now, in the browser tests' cache of built clients (packages/web/e2e/harness.ts). */
async function builtClient(): Promise<string> {
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

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would ask for and undo compression by itself). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

let dist: string;
let server: RunningServer;
let dataDir: string;
let entry: string;
let preloads: string[];

beforeAll(async () => {
  dist = await builtClient();
  dataDir = mkdtempSync(join(tmpdir(), "grimoire-delivery-"));
  server = await createServer({ port: 0, host: "127.0.0.1", dataDir, webDist: dist, botBudgetMs: 100, log: () => {} });
  const html = readFileSync(join(dist, "index.html"), "utf8");
  entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!)[0]!;
  preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
}, 600_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("delivery of the built client", () => {
  it("the build wrote brotli and gzip beside the entry script", () => {
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    expect(existsSync(join(dist, `${entry}.br`))).toBe(true);
    expect(existsSync(join(dist, `${entry}.gz`))).toBe(true);
  });

  it("sends the entry script as brotli to a browser that accepts it: under the budget, cached a year as immutable, with the security headers", async () => {
    const raw = readFileSync(join(dist, entry));
    const br = await get(server.port, entry, { "accept-encoding": "br, gzip" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    expect(br.body.length).toBeLessThan(raw.length / 2);
    // The initial JavaScript (the entry and what it preloads) as sent, gzipped, under the budget.
    let sent = 0;
    for (const path of [entry, ...preloads]) {
      // (A file under 1 KB is not worth compressing: it goes as it is.)
      const gz = await get(server.port, path, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"] ?? (gz.body.length <= 1024 ? "small" : "none"), path).toMatch(/gzip|small/);
      sent += gz.body.length;
    }
    expect(sent).toBeLessThan(BUDGET_BYTES);
    expect(br.body.length).toBeLessThan(BUDGET_BYTES);
    // helmet's headers on an asset too.
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["content-security-policy"]).toBeTruthy();
  });

  it("gzip to a browser that accepts only gzip, the file itself to one that accepts no encoding", async () => {
    const raw = readFileSync(join(dist, entry));
    const gz = await get(server.port, entry, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);
    expect(gz.headers["cache-control"]).toBe(IMMUTABLE);
    const plain = await get(server.port, entry);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
    expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
    const refused = await get(server.port, entry, { "accept-encoding": "identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.equals(raw)).toBe(true);
  });

  it("the page itself is revalidated (no-cache), at / and at a client-side route, compressed or not", async () => {
    const page = readFileSync(join(dist, "index.html"));
    for (const path of ["/", "/index.html", "/some/client/route"]) {
      const plain = await get(server.port, path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers["cache-control"], path).toBe("no-cache");
      expect(plain.body.equals(page), path).toBe(true);
      expect(plain.headers["content-security-policy"], path).toBeTruthy();
      const br = await get(server.port, path, { "accept-encoding": "br" });
      expect(br.headers["cache-control"], path).toBe("no-cache");
      const body = br.headers["content-encoding"] === "br" ? brotliDecompressSync(br.body) : br.body;
      expect(body.equals(page), path).toBe(true);
    }
  });

  it("only hashed assets are immutable", () => {
    expect(cacheControlOf("/srv/dist/assets/index-Ab12Cd.js")).toBe(IMMUTABLE);
    expect(cacheControlOf("/srv/dist/index.html")).toBe("no-cache");
    expect(cacheControlOf("/srv/dist/favicon.svg")).toBe("no-cache");
  });
});
