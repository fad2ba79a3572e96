// Every test file: a test that fails on its first try is said on stderr ("failed on try 1"),
// so a test that passes only on its second try (see `retry` in vitest.config.ts) is seen, not hidden.
import { beforeEach } from "vitest";

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const tries = (task.result?.retryCount ?? 0) + 1;
    console.warn(`${task.name}: failed on try ${tries}: ${task.result?.errors?.[0]?.message ?? "(no message)"}`);
  });
});
