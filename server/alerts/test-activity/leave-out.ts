import "server-only";
import type { TestMode } from "@/lib/alerts/test-activity";
import type { AlertEvent } from "@/lib/contracts";
import { markTestActivity } from "./classify";

/** Rounds of classification a job waits through for a transaction another process is asking about. */
const ROUNDS = 20;
const ROUND_WAIT_MS = 500;

/**
 * For a job that writes or acts on a whole set (an export, a replay of every failed event): the ids of a
 * page's events the test switch leaves out, every one classified first (no cap: a job cannot guess). An
 * event the chain cannot classify after waiting fails the page with a retryable error, so the job tries
 * again from its checkpoint instead of writing a set it cannot vouch for. `undefined` for "include":
 * nothing is classified, every row is kept.
 */
export function leaveOutFor(
  mode: TestMode,
):
  | ((
      events: readonly Pick<AlertEvent, "id" | "chainId" | "transactionHashes" | "createdAt">[],
    ) => Promise<ReadonlySet<string>>)
  | undefined {
  if (mode === "include") return undefined;
  return async (events) => {
    for (let round = 1; ; round++) {
      const marking = await markTestActivity(events, { lookUpAtMost: Number.POSITIVE_INFINITY });
      if (marking.unclassified.size === 0)
        return new Set(events.filter((e) => (mode === "exclude") === marking.test.has(e.id)).map((e) => e.id));
      if (round >= ROUNDS)
        throw new Error(
          `${marking.unclassified.size} events could not be classified as test activity or not (the chain did not answer for their transactions); trying again`,
        );
      await new Promise((resolve) => setTimeout(resolve, ROUND_WAIT_MS));
    }
  };
}
