import { defineConfig, devices } from "@playwright/test";
import { ADMIN } from "./e2e/fixtures/users";
import { e2ePaths } from "./scripts/setup.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./testing/chromium";

// Ports can be moved (E2E_PORT, SANDBOX_PORT, SANDBOX_MPC_PORT) so two checkouts can run their
// journeys side by side; the console and the sandbox read the same SANDBOX_* variables.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SANDBOX_PORT = process.env.SANDBOX_PORT ?? "4010";
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
const paths = e2ePaths();
// `npm test` runs two stacks side by side, each given its share of the spec files (scripts/e2e-shards.mjs).
const specs = process.env.E2E_SPECS ? (JSON.parse(process.env.E2E_SPECS) as string[]) : undefined;

export default defineConfig({
  testDir: "./e2e",
  outputDir: `${paths.testResults}/playwright`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A bound, not a wait: under the stress run's two burners two journeys went past a 60 s bound and
  // four more took 45-51 s (a fresh --stress run of b89a390).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `${paths.testResults}/playwright.json` }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records a screencast and DOM snapshots of every action: on every journey that costs about a
    // third of the run's CPU (the browser's GPU process rasterises each frame in software here). It is
    // recorded for a journey's retry, which is where a failure is looked into.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
      dependencies: ["setup"],
      // The full fault run belongs to `npm run bench` (bench/faults.bench.ts), which sets FAULTS_FULL=1.
      testIgnore: process.env.FAULTS_FULL === "1" ? /auth\.setup\.ts/ : [/auth\.setup\.ts/, /faults-full\.spec\.ts/],
      ...(specs ? { testMatch: specs.map((file) => `**/${file}`) } : {}),
    },
  ],
  webServer: [
    {
      // The embedded sandbox with fresh state: 250 seeded clients, local chains, webhook receivers.
      command: "node scripts/e2e-sandbox.mjs",
      url: `http://127.0.0.1:${SANDBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${PORT}/signin`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        E2E_PORT: String(PORT),
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
        CONSOLE_LOG_LEVEL: "info",
        // The setup project signs each role in once and every journey reuses that cookie: an idle
        // timeout shorter than the whole run (30 minutes by default) would sign the later ones out.
        CONSOLE_SESSION_IDLE_MINUTES: "720",
        // Journeys create and then read at once: no shared read is kept (identical reads in flight are still one call).
        CONSOLE_SHARED_READ_TTL_MS: "0",
        // The journeys open pages many times faster than people do (a client's page alone reads every
        // chain's balance): at the real limit of 200 a minute they ran out of it and later journeys
        // waited or were refused. The limiter itself is tested by vitest (server/upstream) and the load
        // bench at 200; the journeys' refusals are mocked where they are the subject (rate-limited.spec).
        CUSTODIAN_RATE_LIMIT: "1000",
        // Resends of a failed upstream read after 50 ms, not 500: the journeys whose subject is a failing
        // upstream (error states, Retry) wait for the console to give up, which took ~2 s per read at the
        // default. The schedule itself is tested by vitest (server/upstream/retry*.test.ts).
        CUSTODIAN_RETRY_BASE_MS: "50",
        // Metrics are on, as an operator would run them: the matrix checks no staff session opens them.
        CONSOLE_METRICS_TOKEN: "e2e-metrics-token-of-enough-length",
        // The yield reconciler looks every few seconds, so its journey sees a stuck run found in time.
        CONSOLE_RECONCILE_SECONDS: "3",
      },
    },
  ],
});
