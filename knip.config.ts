/**
 * The unused-code check (`npx knip`, a step of `npm test`): no file nobody imports, no export nobody
 * imports, no dependency nobody uses. Knip's plugins read what the tools' own configurations name as
 * entries: Next.js (app/ routes, instrumentation.ts, next.config.mjs), vitest (every *.test.ts,
 * vitest.config.ts and its setup file), Playwright (playwright.config.ts and the e2e specs), ESLint
 * (eslint.config.mjs), drizzle-kit (drizzle.config.ts, which names server/db/schema.ts; the migrations
 * themselves are SQL, read at run time), the package.json scripts. Below is what no configuration names.
 */
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // Run by node or by npm scripts: the launchers, the test driver, the checks, the canary plan.
    "scripts/*.{mjs,ts}",
    "scripts/canaries/*.{mjs,ts}",
    // The sandbox, started as its own process (`npm run sandbox`, scripts/launch.ts, scripts/e2e-sandbox.mjs).
    "sandbox/main.ts",
    // Compiled once by the test driver before vitest (scripts/test.mjs).
    "sandbox/solidity/compile.ts",
    // The benchmarks, found by bench/run.ts by their name; the framework's floor app, built by one of them;
    // the large event history seeded by hand (sandbox/docs/layout-and-tests.md).
    "bench/*.bench.ts",
    "bench/seed-events.ts",
    "bench/floor-app/**/*.{js,jsx,mjs}",
    // Child processes of tests (server/yield/crash.test.ts, server/jobs/takeover.test.ts).
    "testing/yield/crash-child.ts",
    "testing/jobs/child-worker.ts",
    // The vitest reporter the test driver passes on the command line (scripts/test.mjs).
    "testing/flaky-reporter.ts",
    // Playwright's setup project, matched by a regular expression knip does not read (playwright.config.ts).
    "e2e/auth.setup.ts",
    // What `server-only` resolves to in vitest (vitest.config.ts's alias).
    "scripts/empty-module.js",
  ],
  project: ["**/*.{ts,tsx,mjs,js,jsx,css}"],
  // An export its own file also uses is live code, only wider than it needs to be: the wire contracts
  // (lib/contracts/) export every schema they compose from, and constants are exported beside the
  // function that reads them so a reader finds the rule. Knip reports what nobody uses at all.
  ignoreExportsUsedInFile: true,
  // scripts/setup.mjs installs and starts Debian's Chromium and PostgreSQL; evidence.test.ts checks with openssl.
  ignoreBinaries: ["apt-get", "pg_lsclusters", "pg_ctlcluster", "openssl"],
};

export default config;
