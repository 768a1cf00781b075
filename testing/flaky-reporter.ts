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
    // A retried test that passed still reports what failed the first time: the cause, not only the name.
    const first = test.result().errors?.[0];
    const why = first ? ` (first attempt: ${firstLine(first.message ?? first.name ?? "an error")})` : "";
    write(`(flaky) ${test.module.relativeModuleId} › ${test.fullName}${why}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    for (const error of errors) {
      const from = (error as { VITEST_TEST_PATH?: unknown }).VITEST_TEST_PATH;
      const origin = typeof from === "string" ? `, from ${path.relative(process.cwd(), from)}` : "";
      write(`(unhandled error) ${firstLine(String(error.message ?? error.name ?? "an error"))}${origin}`);
    }
  }
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").slice(0, 300);
}

function write(line: string) {
  const file = process.env.VITEST_FLAKY_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
