// What the browser is told and what it is asked to prove: security headers on every answer (the
// page, the API, the assets: helmet with a strict Content-Security-Policy, HSTS only over https)
// and the origin check of every state-changing request and WebSocket upgrade, so a page of another
// site cannot act with a visitor's session cookie (cross-site request forgery, cross-site WebSocket
// hijacking). docs/security.md says which attack meets which check.
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Scripts, styles, fonts and connections from our own origin only (`'self'` covers ws/wss to the
 * same host); no inline script or style element; images also as `data:` (the page's icon); the
 * page in no frame. No `upgrade-insecure-requests`: a plain-http deployment must keep working.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
} as const;

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers on every answer; HSTS only on one that came over https (behind a trusted proxy: its
 * `X-Forwarded-Proto`). helmet's middleware is built once, here: @fastify/helmet, used before,
 * built it again for every request (its options checked and its policy written anew, 8–38 µs of
 * CPU a request against under 1 µs), for options that never change.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    // Over plain http the header means nothing and, sent, would pin a name to https by mistake.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") void reply.header("strict-transport-security", HSTS);
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** `https://a.b:8443` style origins from ALLOWED_ORIGINS (comma-separated); a malformed one stops the start. */
export function parseAllowedOrigins(raw: string | undefined): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const item of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`ALLOWED_ORIGINS: "${item}" is not an origin such as https://games.example.org`);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
      throw new Error(`ALLOWED_ORIGINS: "${item}" is not an origin (http[s]://host[:port], no path)`);
    }
    origins.add(url.origin);
  }
  return origins;
}

export interface OriginPolicy {
  /** Whether the immediate peer is a trusted proxy (its X-Forwarded-Proto and -Host are then believed). */
  trusted(request: IncomingMessage): boolean;
  /** Other origins allowed (ALLOWED_ORIGINS). */
  allowed: ReadonlySet<string>;
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** This server's own origin as the request reached it: scheme and Host, a trusted proxy's forwarded ones instead. */
export function ownOrigin(request: IncomingMessage, policy: OriginPolicy): string | null {
  const viaProxy = policy.trusted(request);
  // As Fastify reads them: the first forwarded proto, the last forwarded host (the nearest proxy's).
  const forwardedProto = viaProxy ? first(request.headers["x-forwarded-proto"])?.split(",")[0]?.trim() : undefined;
  const forwardedHost = viaProxy ? first(request.headers["x-forwarded-host"])?.split(",").at(-1)?.trim() : undefined;
  const proto = forwardedProto || ((request.socket as TLSSocket).encrypted ? "https" : "http");
  const host = forwardedHost || request.headers.host;
  if (!host || (proto !== "http" && proto !== "https")) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Why a request may not change anything in a session's name, or null when it may: its `Origin`
 * must be this server's own or an allowed one (`null`, look-alike hosts, other ports and schemes
 * are not); with no `Origin`, a browser's `Sec-Fetch-Site: cross-site` refuses it too. A request
 * with neither (curl, the CLI, a server) is no browser carrying a visitor's cookie: allowed.
 */
export function originRefusal(request: IncomingMessage, policy: OriginPolicy): string | null {
  const origin = first(request.headers.origin);
  if (origin === undefined) {
    return first(request.headers["sec-fetch-site"]) === "cross-site" ? "a cross-site request (Sec-Fetch-Site) with no Origin" : null;
  }
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return `the origin "${origin.slice(0, 100)}" is not one`;
  }
  // `null` (sandboxed frames, file: pages, some redirects) parses to the opaque origin "null".
  if (parsed === "null" || parsed !== origin.toLowerCase()) return `the origin "${origin.slice(0, 100)}" is not allowed`;
  if (parsed === ownOrigin(request, policy) || policy.allowed.has(parsed)) return null;
  return `the origin "${origin.slice(0, 100)}" is not allowed`;
}

/** The HTTP methods that change state: they carry the origin check. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
