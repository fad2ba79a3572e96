// The HTTP side's common shape: every refusal as `{error: {code, message, params?}}` with its
// status (`sendError`, Fastify's own errors and Node's refused requests mapped to it), and the
// bounded parsing of what a request brings (a table id from the path, a page, a body by its schema).
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { describeIssues } from "@grimoire/engine";
import type { z } from "zod";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HubError } from "./hub.ts";
import type { Metrics } from "./metrics.ts";
import { MAX_FRAME_BYTES, type ErrorCode, type ErrorParams } from "./protocol.ts";

const STATUS: Partial<Record<ErrorCode, number>> = {
  "unknown-table": 404,
  "not-found": 404,
  "unknown-game": 404,
  "unknown-puzzle": 404,
  "not-authorized": 403,
  "bad-credentials": 401,
  "wrong-password": 403,
  "bad-recovery-code": 401,
  "unknown-session": 404,
  "still-seated": 409,
  "not-logged-in": 401,
  "unknown-player": 404,
  "name-taken": 409,
  "account-name": 409,
  "not-creator": 403,
  "cannot-self": 400,
  "not-friends": 403,
  blocked: 403,
  "friends-only": 403,
  "rating-out-of-range": 403,
  "not-a-seat": 403,
  "unknown-invitation": 404,
  "invitation-expired": 410,
  "invitation-used": 409,
  "already-invited": 409,
  "bad-origin": 403,
  "table-cancelled": 409,
  "already-resigned": 409,
  "rematch-closed": 409,
  "chat-too-fast": 429,
  "hints-refused": 403,
  "bad-seat": 400,
  timeout: 408,
  "seat-taken": 409,
  "table-full": 409,
  "already-started": 409,
  "not-started": 409,
  "not-finished": 409,
  "too-large": 413,
  "unsupported-media-type": 415,
  "rate-limited": 429,
  "too-many-tables": 429,
  "too-many-connections": 429,
  muted: 403,
  banned: 403,
  "not-moderator": 403,
  "unknown-message": 404,
  "unknown-report": 404,
  "unknown-sanction": 404,
  "already-reported": 409,
  "report-closed": 409,
  internal: 500,
  unavailable: 503,
};

const MAX_ID_LENGTH = 64;
const PAGE = { default: 50, max: 200 };


/** A request Node refused before Fastify saw it (timed out, headers too large, not HTTP): our error shape. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "timeout", "the request took too long"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "too-large", "the request headers are too large"]
        : [400, "bad-message", "not a valid HTTP request"];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, params?: ErrorParams) {
  if (params?.retryAfterMs !== undefined) void reply.header("retry-after", Math.ceil(Number(params.retryAfterMs) / 1000));
  return reply.status(STATUS[code] ?? 400).send({ error: { code, message, ...(params ? { params } : {}) } });
}

export function registerErrors(app: FastifyInstance, metrics: Metrics, draining: () => boolean): void {
  // text/plain would reach the handlers as a string: only JSON bodies are accepted (415 otherwise).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
    if (draining() && request.url !== "/healthz" && request.url !== "/metrics") return sendError(reply, "unavailable", "the server is restarting", { retryAfterMs: 1000 });
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === "string" && payload.startsWith('{"error":{"code":"')) {
      metrics.refuse(payload.slice(18, payload.indexOf('"', 18)));
    }
    return payload;
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error instanceof HubError) return sendError(reply, error.code, error.message, error.params);
    if (error.statusCode === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendError(reply, "too-large", `bodies are limited to ${MAX_FRAME_BYTES} bytes`, { max: MAX_FRAME_BYTES });
    if (error.statusCode === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return sendError(reply, "unsupported-media-type", "bodies are JSON (content-type: application/json)");
    if (error.statusCode === 408) return sendError(reply, "timeout", "the request took too long");
    if (error.statusCode !== undefined && error.statusCode < 500) {
      const code: ErrorCode = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || /JSON/i.test(error.message) ? "bad-json" : "bad-message";
      return sendError(reply, code, error.message);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, "internal", "internal error");
  });
}

/** A table id from the path: bounded before anything looks it up. */
export function tableIdOf(request: FastifyRequest<{ Params: { id: string } }>): string {
  const id = request.params.id;
  if (id.length > MAX_ID_LENGTH) throw new HubError("bad-message", `a table id has at most ${MAX_ID_LENGTH} characters`, { max: MAX_ID_LENGTH });
  return id;
}

export function pageOf(query: unknown): { limit: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const number = (name: string, fallback: number, max: number) => {
    const raw = q[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || value > max) throw new HubError("bad-message", `${name} is a whole number up to ${max}`, { max });
    return value;
  };
  return { limit: Math.max(1, number("limit", PAGE.default, PAGE.max)), offset: number("offset", 0, 1e9) };
}

/** A request body through its schema, or a `bad-message` naming what is wrong. */
export function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new HubError("bad-message", describeIssues(parsed.error));
  return parsed.data;
}
