import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "packages/*/test/**/*.test.tsx", "games/*/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two test files at a time even on two cores (vitest's default there is one): most files spend
    // much of their time waiting on sockets, child processes, databases and a browser, so a second
    // file fills that time (a full run on the 2-core CI machine: about 23 min instead of 30).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A failing test is tried once more before it fails the run. Many tests play random games
    // against bots, over real sockets, databases and a browser, on a shared 2-core machine, where
    // one slow moment can lose a race; a defect fails both tries. First failures are printed
    // (vitest.setup.ts), so a test that needed its second try is seen.
    retry: 1,
    // scrypt at 2^10 instead of 2^15 for the accounts the tests make (and the child servers they
    // start, which inherit it): honoured only under NODE_ENV=test (accounts.ts). Each hash costs
    // about 2 ms of CPU instead of 80–100; password-queue.test.ts puts the real cost back.
    env: { GRIMOIRE_TEST_SCRYPT_N: "1024" },
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
  },
});
