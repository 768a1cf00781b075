import "server-only";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";
import type { Finding, FinderResult } from "./types";

/**
 * Runs `read` for each of the custodian's alert webhooks, one after another (background work: the
 * people clicking go first). A webhook whose read fails is "unknown", never "all clear".
 */
export async function perWebhook(read: (webhookId: string) => Promise<Finding | null>): Promise<FinderResult> {
  const { data } = await sharedAdminReads.listWebhooks();
  const result: FinderResult = { findings: [], unknown: [] };
  for (const webhook of data) {
    try {
      const finding = await read(webhook.id);
      if (finding) result.findings.push(finding);
    } catch {
      result.unknown.push(webhook.id);
    }
  }
  return result;
}

export const webhookPage = (webhookId: string, page: "horizon" | "watchdog" | "health") =>
  `/alerts/${encodeURIComponent(webhookId)}/${page}`;
