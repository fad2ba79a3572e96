// Security headers and origin checks against a real booted server: every header on the page, an
// API route and a hashed asset (HSTS only over https, as a trusted proxy says); cross-origin
// WebSocket upgrades and POSTs refused with 403 `bad-origin` (look-alike hosts, other ports and
// schemes, `null`), same-origin, ALLOWED_ORIGINS and Origin-less requests accepted.
import { request as httpRequest } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowedOrigins } from "../src/security.ts";
import { boot, type TestServer } from "./support/harness.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with exactly these headers (fetch would add or refuse some). */
function call(server: { port: number }, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, method, path, headers: { ...(body !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}), ...headers } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (data += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Opens /ws with this Origin (or none): the upgrade's status, 101 when it opened. */
function upgrade(server: { port: number }, origin?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { ...(origin !== undefined ? { origin } : {}), headers });
    ws.on("open", () => {
      ws.close();
      resolve({ status: 101, body: "" });
    });
    ws.on("unexpected-response", (_req, res) => {
      let data = "";
      res.on("data", (chunk: Buffer) => (data += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    ws.on("error", (error) => reject(error));
  });
}

const CSP_DIRECTIVES = ["default-src 'self'", "script-src 'self'", "style-src 'self'", "font-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"];

function expectSecurityHeaders(answer: Answer, https: boolean): void {
  const csp = String(answer.headers["content-security-policy"]);
  for (const directive of CSP_DIRECTIVES) expect(csp.split(";").map((d) => d.trim())).toContain(directive);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(answer.headers["x-frame-options"]).toBe("DENY");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("same-origin");
  if (https) expect(answer.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
  else expect(answer.headers["strict-transport-security"]).toBeUndefined();
}

describe("security headers", () => {
  let server: TestServer;
  let web: string;
  const ASSET = "/assets/index-Bq3xY7k1.js";
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "grimoire-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), '<!doctype html><script type="module" src="/assets/index-Bq3xY7k1.js"></script>');
    writeFileSync(join(web, ASSET.slice(1)), "console.log(1)");
    // The test talks from 127.0.0.1: it is the trusted proxy, whose X-Forwarded-Proto says https.
    server = await boot({ webDist: web, trustProxy: "127.0.0.1" });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  for (const [what, path] of [["the page", "/"], ["a client-side route", "/profile/ada"], ["an API route", "/api/games"], ["a hashed asset", ASSET], ["an API refusal", "/api/nowhere"]] as const) {
    it(`on ${what}: CSP, X-Frame-Options, nosniff, Referrer-Policy, and HSTS only over https`, async () => {
      const plain = await call(server, "GET", path);
      expect(plain.status).toBe(what === "an API refusal" ? 404 : 200);
      expectSecurityHeaders(plain, false);
      expectSecurityHeaders(await call(server, "GET", path, { "x-forwarded-proto": "https" }), true);
    });
  }

  it("an untrusted peer's X-Forwarded-Proto earns no HSTS", async () => {
    const other = await boot();
    try {
      expectSecurityHeaders(await call(other, "GET", "/api/games", { "x-forwarded-proto": "https" }), false);
    } finally {
      await other.stop();
    }
  });
});

describe("origin checks", () => {
  let server: TestServer;
  let own: string;
  beforeAll(async () => {
    server = await boot({ allowedOrigins: "https://play.example.org, http://localhost:5173" });
    own = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const logout = (origin?: string, headers: Record<string, string> = {}) => call(server, "POST", "/api/logout", { ...(origin !== undefined ? { origin } : {}), ...headers });

  it("a body-less POST /api/logout from another site is refused: 403 bad-origin", async () => {
    const answer = await logout("https://evil.example");
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error.code).toBe("bad-origin");
    expectSecurityHeaders(answer, false);
  });

  it("look-alike origins are refused: a suffixed host, another port, another scheme, null, garbage", async () => {
    const port = server.port;
    for (const origin of [`http://127.0.0.1:${port}.evil.com`, `http://localhost:${port}.evil.com`, `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, "null", `http://127.0.0.1:${port}/`, "http://evil.com", "not a url", `http://127.0.0.1:${port}@evil.com`]) {
      const answer = await logout(origin);
      expect({ origin, status: answer.status, code: JSON.parse(answer.body).error?.code }).toEqual({ origin, status: 403, code: "bad-origin" });
    }
  });

  it("every state-changing request is checked, not only logout", async () => {
    for (const [path, body] of [["/api/tables", JSON.stringify({ game: "nim", seats: [{ kind: "open" }] })], ["/api/login", JSON.stringify({ name: "x", password: "y" })], ["/api/tables/t/join", JSON.stringify({ name: "Ada" })]] as const) {
      const answer = await call(server, "POST", path, { origin: "https://evil.example" }, body);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    // Reads stay open to any origin (they change nothing; CORS keeps their answers from other sites).
    expect((await call(server, "GET", "/api/games", { origin: "https://evil.example" })).status).toBe(200);
  });

  it("our own origin, an ALLOWED_ORIGINS one and no Origin at all are accepted", async () => {
    for (const origin of [own, "https://play.example.org", "http://localhost:5173", undefined]) {
      expect({ origin, status: (await logout(origin)).status }).toEqual({ origin, status: 200 });
    }
    // Same origin as the Host the browser used (a name, not the address).
    expect((await call(server, "POST", "/api/logout", { host: `games.local:${server.port}`, origin: `http://games.local:${server.port}` })).status).toBe(200);
  });

  it("with no Origin, a browser's Sec-Fetch-Site: cross-site is refused; same-origin and none pass", async () => {
    expect((await logout(undefined, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await logout(undefined, { "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("a cross-origin WebSocket upgrade is refused with 403 bad-origin; look-alikes too", async () => {
    const port = server.port;
    for (const origin of ["https://evil.example", `http://127.0.0.1:${port}.evil.com`, `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, "null"]) {
      const answer = await upgrade(server, origin);
      expect({ origin, status: answer.status }).toEqual({ origin, status: 403 });
      expect(JSON.parse(answer.body).error.code).toBe("bad-origin");
    }
    expect((await upgrade(server, undefined, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("a same-origin, an ALLOWED_ORIGINS or an Origin-less WebSocket opens", async () => {
    for (const origin of [own, "https://play.example.org", undefined]) expect({ origin, status: (await upgrade(server, origin)).status }).toEqual({ origin, status: 101 });
  });

  it("behind a trusted proxy, its X-Forwarded-Proto and -Host make the own origin; from anyone else they are ignored", async () => {
    const proxied = await boot({ trustProxy: "127.0.0.1" });
    const direct = await boot();
    try {
      const forwarded = { origin: "https://games.example.org", "x-forwarded-proto": "https", "x-forwarded-host": "games.example.org" };
      expect((await call(proxied, "POST", "/api/logout", forwarded)).status).toBe(200);
      expect((await upgrade(proxied, "https://games.example.org", { "x-forwarded-proto": "https", "x-forwarded-host": "games.example.org" })).status).toBe(101);
      expect((await call(direct, "POST", "/api/logout", forwarded)).status).toBe(403);
      expect((await upgrade(direct, "https://games.example.org", { "x-forwarded-proto": "https", "x-forwarded-host": "games.example.org" })).status).toBe(403);
    } finally {
      await proxied.stop();
      await direct.stop();
    }
  });

  it("ALLOWED_ORIGINS takes origins only", () => {
    expect([...parseAllowedOrigins(" https://a.example , http://b.example:8080 ")]).toEqual(["https://a.example", "http://b.example:8080"]);
    expect(parseAllowedOrigins(undefined).size).toBe(0);
    for (const bad of ["a.example", "https://a.example/path", "ftp://a.example", "https://user@a.example"]) expect(() => parseAllowedOrigins(bad)).toThrow(/ALLOWED_ORIGINS/);
  });
});
