// The server's structured logs: JSON lines through pino (Fastify's logger), one per request with
// its id. Seat tokens never appear: no route carries one in its URL, socket messages are not
// logged, and any `token` field that reaches a log line is redacted.
import { pino, type DestinationStream, type LoggerOptions } from "pino";
import type { FastifyBaseLogger } from "fastify";

export function createLogger(options: LoggerOptions = {}, stream?: DestinationStream): FastifyBaseLogger {
  const settings: LoggerOptions = {
    level: "info",
    redact: { paths: ["token", "*.token", "req.headers.authorization", "req.headers.cookie"], censor: "[redacted]" },
    ...options,
  };
  return (stream ? pino(settings, stream) : pino(settings)) as FastifyBaseLogger;
}
