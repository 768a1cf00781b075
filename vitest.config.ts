import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside a React Server environment; tests run server modules directly.
      { find: /^server-only$/, replacement: `${root}/scripts/empty-module.js` },
    ],
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**"],
    environment: "node",
    // Tests assert on results and audit records; the JSON log lines would only be noise. Shared reads
    // are not kept (identical calls in flight are still coalesced), so a test that changes what the
    // upstream answers sees the change at once, as in the browser tests (playwright.config.ts).
    // Audit checkpoints go to a folder per chain; the tests' chains keep theirs out of the working tree.
    env: {
      CONSOLE_LOG_LEVEL: "silent",
      CONSOLE_SHARED_READ_TTL_MS: "0",
      CONSOLE_CHECKPOINT_DIR: path.join(tmpdir(), "console-test-checkpoints"),
    },
    // A rejection nobody handled fails the test file it happened in, by name (testing/unhandled.ts).
    setupFiles: ["testing/unhandled.ts"],
    // Bounds, not waits: every wait ends on what it waits for (testing/conformance/harness.ts eventually,
    // testing/jobs/helpers.ts waitFor, each bounded at 60 s), so a slow machine (npm test -- --stress)
    // takes longer to pass, never fails for it, and a hung test still fails with what it waited for.
    testTimeout: 90_000,
    // As the journeys do (playwright.config.ts): on CI a test that fails once is run again; one that
    // then passes is named "flaky" in npm test's summary (testing/flaky-reporter.ts), never hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
