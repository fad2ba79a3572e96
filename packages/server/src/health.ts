// Operation endpoints: `/healthz` (the process answers), `/readyz` (storage reachable, every
// migration applied, not shutting down; 503 otherwise) and `/metrics` (Prometheus text).
import type { FastifyInstance } from "fastify";
import type { Metrics } from "./metrics.ts";
import { MIGRATIONS, type Storage } from "./storage.ts";

const READY_TIMEOUT_MS = 2000;
const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((m) => m.version));

export function registerHealth(app: FastifyInstance, storage: Storage, metrics: Metrics, draining: () => boolean): void {
  const started = Date.now();
  app.get("/healthz", async () => ({ status: "ok", uptimeSeconds: Math.round((Date.now() - started) / 1000) }));

  app.get("/readyz", async (_request, reply) => {
    if (draining()) return reply.status(503).send({ status: "unavailable", reason: "shutting-down" });
    let version: number;
    try {
      version = await withTimeout(storage.schemaVersion(), READY_TIMEOUT_MS);
    } catch (error) {
      return reply.status(503).send({ status: "unavailable", reason: "storage", storage: storage.kind, message: (error as Error).message });
    }
    if (version < LATEST_MIGRATION) return reply.status(503).send({ status: "unavailable", reason: "migrations", storage: storage.kind, schemaVersion: version, expected: LATEST_MIGRATION });
    return { status: "ready", storage: storage.kind, schemaVersion: version };
  });

  app.get("/metrics", async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
