// `npm test`: installs what is missing (npm packages, Debian's chromium, a running PostgreSQL), then
// typecheck, lint, the unused-code check (knip), unit + integration + sandbox conformance (vitest), a
// production build and the Playwright journeys in real Chromium. Every step runs; any failure makes the
// exit code non-zero.
// The last line is the summary "N passed, N failed". `--stress` runs it all beside two CPU burners.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { splitSpecs } from "./e2e-shards.mjs";
import { ensureChromium, ensureDependencies, ensurePostgres, root } from "./setup.mjs";

const out = `${root}.data/test-results`;
const results = [];
const bin = (name) => `${root}node_modules/.bin/${name}`;
const heading = (s) => process.stdout.write(`\n\x1b[1m▶ ${s}\x1b[0m\n`);

function run(name, command, args, env = {}) {
  heading(name);
  const started = Date.now();
  const r = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`  ${r.status === 0 ? "\x1b[32mok\x1b[0m" : "\x1b[31mfailed\x1b[0m"} in ${seconds} s\n`);
  return r.status === 0;
}

/**
 * As run(), with its output held until it ends and then printed whole, so two of these can run at
 * once (on two cores) without their lines interleaving.
 */
function runHeld(name, command, args) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
  });
  const chunks = [];
  child.stdout.on("data", (chunk) => chunks.push(chunk));
  child.stderr.on("data", (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    let ended = false;
    const end = (ok) => {
      if (ended) return;
      ended = true;
      heading(name);
      process.stdout.write(Buffer.concat(chunks));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`  ${ok ? "\x1b[32mok\x1b[0m" : "\x1b[31mfailed\x1b[0m"} in ${seconds} s\n`);
      resolve(ok);
    };
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      end(false);
    });
    child.on("close", (code) => end(code === 0));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * `npm test -- --stress`: the whole run with two CPU burners beside it (each a process spinning on one
 * core), as the slow days of a shared machine are. A test that passes only on a quiet machine fails here.
 */
const stress = process.argv.includes("--stress");
const burners = stress ? [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" })) : [];
const stopBurners = () => burners.forEach((b) => b.kill("SIGKILL"));
process.on("exit", stopBurners);
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
if (stress) process.stdout.write(`\nStress: ${burners.length} CPU burners run beside every step.\n`);

try {
  ensureDependencies();
  ensureChromium();
  await ensurePostgres();
} catch (error) {
  process.stderr.write(`\n${error.message}\n0 passed, 1 failed\n`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Checks that are not test runners count as one test each. Each is one process on one core: the
// typecheck runs beside the linter, the formatter and the unused-code check (which run one after the
// other), each step whole. Knip (knip.config.ts) fails on any file, export or dependency nobody uses.
const [typecheckOk, [lintOk, unusedOk]] = await Promise.all([
  runHeld("Typecheck (tsc --noEmit)", bin("tsc"), ["--noEmit"]),
  (async () => {
    const eslintOk = await runHeld("Lint (eslint)", bin("eslint"), ["--max-warnings=0", "."]);
    const prettierOk = await runHeld("Formatting (prettier --check)", bin("prettier"), ["--check", "."]);
    const knipOk = await runHeld("Unused files, exports and dependencies (knip)", bin("knip"), []);
    return [eslintOk && prettierOk, knipOk];
  })(),
]);
results.push({ name: "typecheck", ...count(typecheckOk) });
results.push({ name: "lint", ...count(lintOk) });
results.push({ name: "unused", ...count(unusedOk) });

// Compile the sandbox's contracts once up front, so parallel test workers find the cache warm.
run("Compile the sandbox contracts (solc, cached)", process.execPath, [
  "--import",
  "tsx",
  "sandbox/solidity/compile.ts",
]);

const unitOk = run(
  "Unit, integration and sandbox conformance tests (vitest)",
  bin("vitest"),
  [
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./testing/flaky-reporter.ts",
    `--outputFile.json=${out}/vitest.json`,
  ],
  { VITEST_FLAKY_FILE: `${out}/vitest-flaky.txt` },
);
const vitest = readJson(`${out}/vitest.json`);
const vitestFailures = vitest ? vitest.numFailedTests + filesFailedWithoutATest(vitest) : 0;
// A red run with nothing counted (an unhandled error after the last file) still counts once.
results.push({ name: "vitest", passed: vitest?.numPassedTests ?? 0, failed: vitestFailures || (unitOk ? 0 : 1) });

const built = run("Production build (next build)", bin("next"), ["build"], { NODE_ENV: "production" });
results.push({ name: "build", ...count(built) });

/** The two stacks the journeys run on side by side (scripts/e2e-shards.mjs): their own folders and ports. */
const shards = splitSpecs(2).map((specs, i) => ({
  name: `e2e-${i + 1}`,
  report: `${out}/playwright-${i + 1}.json`,
  env: {
    E2E_DATA_DIR: `${root}.data/stack-${i + 1}`,
    E2E_PORT: String(3100 + 200 * i),
    SANDBOX_PORT: String(4010 + 200 * i),
    SANDBOX_MPC_PORT: String(4011 + 200 * i),
    E2E_SPECS: JSON.stringify(specs),
  },
}));

/** Runs a command, each line of its output prefixed with `tag`, so two can run at once and stay readable. */
function runTagged(tag, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`[${tag}] ${line}\n`);
    });
    stream.on("end", () => rest && process.stdout.write(`[${tag}] ${rest}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code === 0)));
}

if (built) {
  heading(`Browser journeys (Playwright, Chromium, production build), on ${shards.length} stacks side by side`);
  const started = Date.now();
  const oks = await Promise.all(
    shards.map((shard) =>
      runTagged(shard.name, bin("playwright"), ["test"], { ...shard.env, PLAYWRIGHT_JSON_OUTPUT_NAME: shard.report }),
    ),
  );
  process.stdout.write(
    `  ${oks.every(Boolean) ? "\x1b[32mok\x1b[0m" : "\x1b[31mfailed\x1b[0m"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  let passed = 0;
  let failed = 0;
  shards.forEach((shard, i) => {
    const stats = readJson(shard.report)?.stats;
    passed += stats ? stats.expected + stats.flaky : 0;
    failed += stats ? stats.unexpected + (oks[i] || stats.unexpected > 0 ? 0 : 1) : 1;
  });
  results.push({ name: "e2e", passed, failed });
  // Everything the journeys were served, logged and stored, searched for every secret the sandbox issued.
  const scans = run(
    `Secret scan of the ${shards.length} stacks (bundle, answers, logs, databases, files)`,
    process.execPath,
    ["scripts/secret-scan.mjs", ...shards.map((shard) => shard.env.E2E_DATA_DIR)],
  );
  results.push({ name: "secrets", ...count(scans) });
} else {
  results.push({ name: "e2e", passed: 0, failed: 1 }, { name: "secrets", passed: 0, failed: 1 });
  process.stdout.write("\nBrowser journeys skipped: the build failed.\n");
}

function failedNames() {
  const names = [];
  if (existsSync(`${out}/vitest-flaky.txt`))
    for (const line of readFileSync(`${out}/vitest-flaky.txt`, "utf8").split("\n").filter(Boolean))
      names.push(`vitest ${line}`);
  for (const file of readJson(`${out}/vitest.json`)?.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) names.push(`vitest ${file.name.replace(root, "")} › ${t.fullName ?? t.title}`);
    // A file can fail with every test passed: a hook failed, or a rejection nobody handled (testing/unhandled.ts).
    if (file.status === "failed" && failedTests.length === 0)
      names.push(
        `vitest ${file.name.replace(root, "")} › ${String(file.message ?? "")
          .split("\n")[0]
          ?.slice(0, 200)}`,
      );
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "unexpected" || t.status === "flaky")
          names.push(`e2e ${t.status === "flaky" ? "(flaky) " : ""}${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const shard of shards) for (const suite of readJson(shard.report)?.suites ?? []) walk(suite);
  return names;
}

/** Files that failed with every test passed (a hook, or a rejection nobody handled): each counts as one failure. */
function filesFailedWithoutATest(report) {
  return (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"),
  ).length;
}

function count(ok) {
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
heading("Summary");
// The summary is what a reader of the run's tail sees: name what failed, so a flaky test is known by name.
for (const name of failedNames()) process.stdout.write(`  \x1b[31m✗\x1b[0m ${name}\n`);
for (const r of results)
  process.stdout.write(
    `  ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed\n`,
  );
if (stress) process.stdout.write(`  (with ${burners.length} CPU burners beside the run)\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || !existsSync(`${out}/vitest.json`) ? 1 : 0);
