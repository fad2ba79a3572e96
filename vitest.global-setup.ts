// Once per test run, before any test file: the test servers' processes are built to JavaScript
// (packages/server/test/support/child-bundle.ts says why), and the build is handed to the test
// files (`inject("childServer")`, read by support/children.ts); removed when the run ends.
import type { TestProject } from "vitest/node";
import { buildChildBundle } from "./packages/server/test/support/child-bundle.ts";

declare module "vitest" {
  export interface ProvidedContext {
    childServer: { script: string; catalogUrl: string };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = await buildChildBundle();
  project.provide("childServer", { script: bundle.script, catalogUrl: bundle.catalogUrl });
  return () => bundle.remove();
}
