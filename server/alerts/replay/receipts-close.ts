import "server-only";
import type { ReceiptTally } from "@/lib/alerts/replay-receipts";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import { receiptsCsvSha256 } from "./receipts-csv";

export const RECEIPTS_ACTION = "alerts.replay-receipts";

export interface ReceiptsSummary {
  tally: ReceiptTally;
  /** The receipts CSV's SHA-256 when following ended: the audit record holds the same. */
  csvSha256: string;
  rows: number;
}

/**
 * Ends a run's following: the receipts CSV's digest goes into the audit log with the tally, once per
 * run, so the file a reviewer downloads can be checked against the signed log.
 */
export async function closeReceipts(
  run: { runId: string; actor: { id: string; email: string; role: string }; webhookId: string },
  kind: "selected" | "all",
  tally: ReceiptTally,
): Promise<ReceiptsSummary> {
  const rows = Object.values(tally).reduce((a, b) => a + b, 0);
  const { sha256 } = await receiptsCsvSha256(run.runId);
  await appendJobAuditOnce(
    run.runId,
    {
      actor: run.actor,
      action: RECEIPTS_ACTION,
      target: run.webhookId,
      outcome: "ok",
      input: { runId: run.runId, kind, rows, csvSha256: sha256, ...tally },
    },
    "receipts",
  );
  return { tally, csvSha256: sha256, rows };
}
