// How `npm test` splits the browser journeys over two stacks that run side by side, each with its own
// console, sandbox, ports and data folder (E2E_DATA_DIR, E2E_PORT, SANDBOX_PORT, SANDBOX_MPC_PORT), so
// no journey shares state with one running at the same time. The journeys mostly wait (on chains,
// deliveries, job leases), so two stacks overlap their waits. Spec files are dealt by their weight in
// e2e/durations.json (seconds of a recent run; `node scripts/e2e-shards.mjs --update <playwright.json>`
// writes it), heaviest first, each to the lighter stack; a file not listed weighs 30 s.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./setup.mjs";

const E2E = `${root}e2e`;
const WEIGHTS = `${E2E}/durations.json`;
const UNKNOWN_WEIGHT = 30;

function specFiles(dir = E2E) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "fixtures" ? [] : specFiles(full);
    return name.endsWith(".spec.ts") && name !== "faults-full.spec.ts" ? [path.relative(E2E, full)] : [];
  });
}

/** The spec files (relative to e2e/) of each of `n` stacks, about equal in weight. */
export function splitSpecs(n) {
  const weights = JSON.parse(readFileSync(WEIGHTS, "utf8"));
  const shards = Array.from({ length: n }, () => ({ weight: 0, specs: [] }));
  const files = specFiles().sort(
    (a, b) => (weights[b] ?? UNKNOWN_WEIGHT) - (weights[a] ?? UNKNOWN_WEIGHT) || a.localeCompare(b),
  );
  for (const file of files) {
    const lightest = shards.reduce((min, s) => (s.weight < min.weight ? s : min));
    lightest.specs.push(file);
    lightest.weight += weights[file] ?? UNKNOWN_WEIGHT;
  }
  return shards.map((s) => s.specs.sort());
}

/** Each spec file's seconds (first attempts only: a retry is not what a file normally costs). */
function durationsOf(report) {
  const seconds = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.results?.[0]) seconds[spec.file] = (seconds[spec.file] ?? 0) + t.results[0].duration / 1000;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  delete seconds["auth.setup.ts"];
  return seconds;
}

if (process.argv[2] === "--update") {
  const seconds = {};
  for (const file of process.argv.slice(3)) Object.assign(seconds, durationsOf(JSON.parse(readFileSync(file, "utf8"))));
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, Math.round(v)]),
  );
  writeFileSync(WEIGHTS, `${JSON.stringify(sorted, null, 2)}\n`);
  process.stdout.write(`${Object.keys(sorted).length} spec files weighed into ${path.relative(root, WEIGHTS)}\n`);
}
