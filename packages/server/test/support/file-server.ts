// One booted server for a whole test file (vitest's hooks: kept out of harness.ts, which the
// child server imports outside the test runner).
import { afterAll, beforeAll } from "vitest";
import type { ServerConfig } from "../../src/index.ts";
import { boot, type TestServer } from "./harness.ts";

/** A server booted before this file's tests and stopped after them; read it inside tests only. */
export function bootForFile(config: ServerConfig = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await boot(config);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!started) throw new Error("the test server is not booted yet (read it inside a test)");
      return Reflect.get(started, key);
    },
  });
}
