// The process around a running server: SIGTERM and SIGINT shut it down gracefully (stop
// accepting, finish the writes in flight, close sockets with 1001 so clients reconnect) and exit
// within 10 seconds whatever happens; an unhandled rejection is logged, never fatal.
import type { FastifyBaseLogger } from "fastify";

export const SHUTDOWN_MS = 10_000;

export function stopOnSignals(server: { close(): Promise<void> }, log: FastifyBaseLogger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Leave a margin under the 10 s an orchestrator waits before SIGKILL.
    setTimeout(() => {
      log.error("shutdown did not finish in time, exiting");
      process.exit(1);
    }, SHUTDOWN_MS - 1000).unref();
    server.close().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

export function logProcessErrors(log: FastifyBaseLogger): void {
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled rejection"));
}
