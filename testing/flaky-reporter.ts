import { appendFileSync } from "node:fs";
import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that passed only on its retry (CI allows one, as it does for the journeys), one per
 * line in the file VITEST_FLAKY_FILE, so `npm test`'s summary can say which tests are flaky rather than
 * hide them.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const file = process.env.VITEST_FLAKY_FILE;
    if (!file || !test.diagnostic()?.flaky) return;
    appendFileSync(file, `${test.module.relativeModuleId} › ${test.fullName}\n`);
  }
}
