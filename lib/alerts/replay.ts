/**
 * "Replay all failed": the confirmation rule the UI shows and the server enforces, and what the
 * dry run and a finished run hold.
 */
import type { AlertEvent } from "@/lib/contracts/alerts";
import type { ReceiptTally } from "./replay-receipts";

/** Above this many events the user must type the confirmation text; at or below it, none. */
export const REPLAY_CONFIRM_THRESHOLD = 500;

/** Events the replay call takes at once. */
export const REPLAY_BATCH_SIZE = 100;

/** Events shown as a sample in the dry run. */
export const REPLAY_SAMPLE_SIZE = 20;

/** What the user types to replay `count` events, when the count is above the threshold. */
export function replayConfirmationText(count: number): string {
  return `REPLAY ${count}`;
}

export function needsReplayConfirmation(count: number): boolean {
  return count > REPLAY_CONFIRM_THRESHOLD;
}

export interface ReplayDryRun {
  /** Failed events matching the filters up to `until` (the upstream's total). */
  count: number;
  /** The newest of them (up to 20). */
  sample: AlertEvent[];
  /** The pinned end of the range (exclusive), ISO: pass it back to startReplayAll. */
  until: string;
  /** The text to type when `count` is above the threshold; null when no confirmation is needed. */
  confirmation: string | null;
  /**
   * With the test switch on: `count` is the upstream's (test activity counted in it); the run leaves out
   * what the switch says as it goes. `sampleLeftOut`: events of the sample the switch left out.
   */
  testActivity?: { mode: "exclude" | "only"; sampleLeftOut: number; sampleUnclassified: number };
}

export interface ReplayAllResult {
  /** Ids sent in replay calls whose answer came back. */
  sent: number;
  /** Being re-delivered (the upstream's data.replaying). */
  queued: number;
  /** Refused by the upstream (data.failed: no longer failed, unknown, already replayed). */
  refused: number;
  /**
   * Ids in a batch that was sent when the run was interrupted, with no answer recorded. They are
   * not sent again (at most once); those still failed show up in a new dry run.
   */
  unconfirmed: number;
  /** Failed events of the range the test-activity switch left out (never sent); absent before the switch. */
  leftOutAsTest?: number;
  until: string;
  /** What the replayed events came to, once followed (absent on a run from before receipts). */
  receipts?: { tally: ReceiptTally; csvSha256: string; rows: number };
}
