import "server-only";
import { getDb } from "@/server/db";
import { hitWindow } from "@/server/db/window-counter";

/**
 * Calls refused for want of a session cost nothing to send, so their records are bounded per
 * address: the first few in a minute are kept (enough to see a probe), the rest only counted, and
 * the record that reaches the limit says so. Nobody can flood the audit log from outside.
 */
export const UNAUTHENTICATED_RECORDS_PER_MINUTE = 10;

export type RefusalBudget = { record: true; last: boolean } | { record: false };

export async function unauthenticatedRecordBudget(ip: string | null): Promise<RefusalBudget> {
  const hits = await hitWindow(await getDb(), `audit-unauthenticated:${ip ?? "unknown"}`, 60);
  if (hits > UNAUTHENTICATED_RECORDS_PER_MINUTE) return { record: false };
  return { record: true, last: hits === UNAUTHENTICATED_RECORDS_PER_MINUTE };
}
