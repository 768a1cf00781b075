/**
 * The full fault run: e2e/quality/faults-full.spec.ts in real Chromium against the production build,
 * with about one upstream request in ten failing (a 500, JSON cut off, or a dropped connection) while
 * a staff member reads every page several times, exports, replays all failed events and runs a yield
 * flow. The spec checks each outcome against the sandbox and the chain and writes what it saw to
 * .data/bench/faults-full.json; the figures here are read from that file. The journeys run on moved
 * ports (E2E_PORT 3500, sandbox 4510/4511), so a console or a test run on the default ports may stay up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Figure } from "./figure";
import { ensureBuild } from "./harness/console";

export const title = "Faults: about one upstream request in ten failing, every journey of the full fault run";

const root = path.resolve(import.meta.dirname, "..");
const OUT = path.join(root, ".data/bench/faults-full.json");

interface Seen {
  pages?: { distinct: number; visits: number; endedWithContent: number; retriesPressed: number };
  export?: { rows: number; sandboxRows: number; hashMatches: boolean; starts: number };
  replayAll?: { dryRun: number; queued: number; refused: number; unconfirmed: number; addsUp: boolean };
  yield?: { steps: number; transactionsSent: number; retries: number };
  crashesInLog?: number;
  upstreamFailuresMet?: number;
}

export async function run(): Promise<Figure[]> {
  ensureBuild();
  rmSync(OUT, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/@playwright/test/cli.js"),
      "test",
      "e2e/quality/faults-full.spec.ts",
      "--reporter=line,json",
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        FAULTS_FULL: "1",
        E2E_PORT: "3500",
        SANDBOX_PORT: "4510",
        SANDBOX_MPC_PORT: "4511",
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, ".data/bench/faults-full.playwright.json"),
      },
    },
  );
  if (!existsSync(OUT)) throw new Error(`the fault run wrote no figures (playwright exit ${result.status})`);
  const seen = JSON.parse(readFileSync(OUT, "utf8")) as Seen;
  const report = JSON.parse(readFileSync(path.join(root, ".data/bench/faults-full.playwright.json"), "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  const journeys = report.stats.expected + report.stats.unexpected + report.stats.flaky;
  const share = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);
  return [
    {
      name: "journeys that ended as the spec requires",
      value: share(report.stats.expected + report.stats.flaky, journeys),
      unit: "%",
      target: 100,
      better: "higher",
    },
    {
      name: `page visits ending with their content (${seen.pages?.visits ?? 0} visits, ${seen.pages?.retriesPressed ?? 0} Retry presses)`,
      value: share(seen.pages?.endedWithContent ?? 0, seen.pages?.visits ?? 0),
      unit: "%",
      target: 100,
      better: "higher",
    },
    {
      name: `export rows missing or extra against the sandbox (${seen.export?.rows ?? "?"} rows)`,
      value: seen.export ? Math.abs(seen.export.rows - seen.export.sandboxRows) : Number.NaN,
      unit: "rows",
      target: 0,
      better: "lower",
    },
    {
      name: "export file matching its manifest's SHA-256",
      value: seen.export?.hashMatches ? 1 : 0,
      unit: "",
      target: 1,
      better: "higher",
    },
    {
      name: `replay-all counts adding up to the dry run (${seen.replayAll?.dryRun ?? "?"} events)`,
      value: seen.replayAll?.addsUp ? 1 : 0,
      unit: "",
      target: 1,
      better: "higher",
    },
    {
      name: `yield run: transactions on the chain beyond one per step (${seen.yield?.steps ?? "?"} steps)`,
      value: seen.yield ? seen.yield.transactionsSent - seen.yield.steps : Number.NaN,
      unit: "tx",
      target: 0,
      better: "lower",
    },
    {
      name: "failed upstream attempts the console met (it logs each): the faults were real",
      value: seen.upstreamFailuresMet ?? Number.NaN,
      unit: "",
      target: 1,
      better: "higher",
    },
    {
      name: "unhandled rejections in the console's log",
      value: seen.crashesInLog ?? Number.NaN,
      unit: "",
      target: 0,
      better: "lower",
    },
  ];
}
