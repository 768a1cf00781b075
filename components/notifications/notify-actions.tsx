"use client";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { queryKeys } from "@/lib/shared/query-keys";
import { checkNotificationsNow, newNotifySigningSecret, sendTestNotification } from "@/server/actions/notifications";

/** Send a test notification, check the rules now, make a new signing secret. */
export function NotifyActions({
  hasDestination,
  onSecret,
}: {
  hasDestination: boolean;
  onSecret: (secret: string) => void;
}) {
  const invalidate = [queryKeys.notifications.all];
  const test = useAction(sendTestNotification, {
    successMessage: (r) =>
      r.status === "sent"
        ? `Test notification delivered (HTTP ${r.httpStatus})`
        : `Test notification not delivered: ${r.error ?? "no answer"} It will be retried.`,
    invalidate,
  });
  const check = useAction(checkNotificationsNow, {
    successMessage: "Checking the rules now; new findings are sent when the check ends",
    invalidate,
  });
  const secret = useAction(newNotifySigningSecret, {
    secret: true,
    successMessage: "New signing secret made: the old one no longer signs",
    invalidate,
    onSuccess: (r) => onSecret(r.signingSecret),
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={!hasDestination || test.pending} onClick={() => test.run({})}>
        {test.pending ? "Sending…" : "Send a test notification"}
      </Button>
      <Button disabled={!hasDestination || check.pending} onClick={() => check.run({})}>
        Check the rules now
      </Button>
      <Button disabled={secret.pending} onClick={() => secret.run({})}>
        New signing secret
      </Button>
    </div>
  );
}
