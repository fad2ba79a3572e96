// Every test file: a test that fails on its first try is said on stderr ("failed on try 1"),
// so a test that passes only on its second try (see `retry` in vitest.config.ts) is seen, not hidden,
// with what it found (the assertion's diff: a message alone says "[ Array(1) ]").
import { beforeEach } from "vitest";

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const tries = (task.result?.retryCount ?? 0) + 1;
    const error = task.result?.errors?.[0];
    const detail = error?.diff ? `\n${error.diff.slice(0, 4000)}` : "";
    console.warn(`${task.name}: failed on try ${tries}: ${error?.message ?? "(no message)"}${detail}`);
  });
});
