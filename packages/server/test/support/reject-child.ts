// A process with the server's process handlers that leaves a promise rejection unhandled: it
// must log it and carry on.
import { createLogger } from "../../src/index.ts";
import { logProcessErrors } from "../../src/shutdown.ts";

logProcessErrors(createLogger());
void Promise.reject(new Error("nobody handles this"));
setTimeout(() => {
  process.stdout.write("ALIVE\n");
  process.exit(0);
}, 300);
