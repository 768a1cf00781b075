import "server-only";
import { notFound } from "@/server/errors";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";

/**
 * Checks that the upstream knows the webhook before a job is queued for it, so a stale link is a
 * "not found" on the spot rather than a job that fails later. (The spec has no single-webhook read.)
 */
export async function requireWebhook(webhookId: string): Promise<void> {
  const { data } = await sharedAdminReads.listWebhooks();
  if (!data.some((w) => w.id === webhookId)) throw notFound("That webhook");
}
