// Every test file: a test that fails on its first try is said on stderr ("failed on try 1"),
// so a test that passes only on its second try (see `retry` in vitest.config.ts) is seen, not hidden,
// with what it found (the assertion's diff: a message alone says "[ Array(1) ]").
// With GRIMOIRE_TEST_CPU_LOG=<file>, each test file also appends to that file one JSON line with
// the CPU it cost: its process's and its children's (child servers, browsers, bench processes,
// once they have exited), from /proc/self/stat, so what makes the suite long can be told apart
// from what only waits.
import { appendFileSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, beforeEach } from "vitest";

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const tries = (task.result?.retryCount ?? 0) + 1;
    const error = task.result?.errors?.[0];
    const detail = error?.diff ? `\n${error.diff.slice(0, 4000)}` : "";
    console.warn(`${task.name}: failed on try ${tries}: ${error?.message ?? "(no message)"}${detail}`);
  });
});

const cpuLog = process.env.GRIMOIRE_TEST_CPU_LOG;
if (cpuLog) {
  // utime, stime, cutime, cstime: fields 14 to 17 of /proc/self/stat, in clock ticks (100 a second).
  const ticks = (): { self: number; children: number } => {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ").map(Number);
    return { self: fields[11]! + fields[12]!, children: fields[13]! + fields[14]! };
  };
  const start = ticks();
  const started = performance.now();
  afterAll(({}, suite) => {
    const end = ticks();
    const file = relative(process.cwd(), "filepath" in suite ? String(suite.filepath) : (suite.file?.filepath ?? suite.name));
    const line = { file, wallS: (performance.now() - started) / 1000, selfCpuS: (end.self - start.self) / 100, childrenCpuS: (end.children - start.children) / 100 };
    appendFileSync(cpuLog, `${JSON.stringify(line)}\n`);
  });
}
