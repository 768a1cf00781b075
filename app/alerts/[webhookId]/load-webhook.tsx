import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AccessDenied } from "@/components/ui/access-denied";
import { RateLimitedPage } from "@/components/ui/rate-limited-page";
import { can } from "@/lib/auth/permissions";
import type { AlertWebhook } from "@/lib/contracts";
import { getWebhook } from "@/server/alerts/webhook-reads";
import { requireUser } from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { isAppError } from "@/server/errors";

/**
 * What every page of one webhook starts with: the signed-in user (sent to sign in, back to `path`),
 * alerts:read, and the webhook (404 when the upstream does not know it). Either both, or the page to
 * show instead (access denied, rate limited).
 */
export async function loadWebhookPage(
  webhookId: string,
  path: string,
): Promise<{ user: StaffUser; webhook: AlertWebhook } | { page: ReactNode }> {
  const user = await requireUser(path);
  if (!can(user.role, "alerts:read")) return { page: <AccessDenied what="alerts:read" /> };
  try {
    return { user, webhook: await getWebhook(decodeURIComponent(webhookId)) };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    if (isAppError(error) && error.code === "RATE_LIMITED")
      return { page: <RateLimitedPage message={error.userMessage} retryAfterSeconds={error.retryAfterSeconds} /> };
    throw error;
  }
}
