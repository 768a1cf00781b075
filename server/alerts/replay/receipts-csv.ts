import "server-only";
import { createHash } from "node:crypto";
import { RECEIPT_CSV_HEADER, receiptCsvRow } from "@/lib/alerts/replay-receipts";
import { csvRows } from "@/server/exports/csv";
import { allReceipts } from "./receipts-store";

/** The CSV of a run's receipts, in the order sent, as chunks of text (header first). */
export async function* receiptsCsv(runId: string): AsyncGenerator<string> {
  yield csvRows([RECEIPT_CSV_HEADER]);
  let batch: ReturnType<typeof receiptCsvRow>[] = [];
  for await (const receipt of allReceipts(runId)) {
    batch.push(receiptCsvRow(runId, receipt));
    if (batch.length === 500) {
      yield csvRows(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield csvRows(batch);
}

/** The SHA-256 (hex) of the CSV's bytes: what the run's audit record holds, so the file can be checked against the log. */
export async function receiptsCsvSha256(runId: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of receiptsCsv(runId)) {
    const buffer = Buffer.from(chunk, "utf8");
    bytes += buffer.length;
    hash.update(buffer);
  }
  return { sha256: hash.digest("hex"), bytes };
}

export const receiptsCsvName = (runId: string) => `replay-receipts-${runId}.csv`;
