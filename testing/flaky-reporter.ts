import { appendFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, SerializedError, TestCase, TestModule } from "vitest/node";

/**
 * Names, one per line in the file VITEST_FLAKY_FILE, what `npm test`'s summary must name beyond the
 * failed tests: every test that passed only on its retry (CI allows one, as it does for the
 * journeys), and every unhandled error, which fails the run without failing a test, with the test
 * file it came from. So a flaky test or a stray rejection is known by name from the run's tail.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    if (!test.diagnostic()?.flaky) return;
    write(`(flaky) ${test.module.relativeModuleId} › ${test.fullName}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    for (const error of errors) {
      const from = (error as { VITEST_TEST_PATH?: unknown }).VITEST_TEST_PATH;
      const origin = typeof from === "string" ? `, from ${path.relative(process.cwd(), from)}` : "";
      const message = String(error.message ?? error.name ?? "an error")
        .split("\n")[0]
        ?.slice(0, 200);
      write(`(unhandled error) ${message}${origin}`);
    }
  }
}

function write(line: string) {
  const file = process.env.VITEST_FLAKY_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
