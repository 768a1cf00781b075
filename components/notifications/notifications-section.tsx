"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { SecretOnce } from "@/components/ui/secret-once";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import type { NotificationsView } from "@/lib/notifications";
import { notificationsUrl } from "@/lib/notifications/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { DestinationForm } from "./destination-form";
import { NotifyActions } from "./notify-actions";
import { RuleRow } from "./rule-row";
import { SendsTable } from "./sends-table";

/**
 * The admin's notifications: where they go (and in which format), which rules are on with their
 * thresholds, the last sends, a test notification. A signing secret made here is shown once.
 */
export function NotificationsSection() {
  const [secret, setSecret] = useState<string>();
  const view = useQuery({
    queryKey: queryKeys.notifications.view(),
    queryFn: () => fetchJson<NotificationsView>(notificationsUrl()),
    // Sends are retried and rules checked in the background: the table follows them.
    refetchInterval: 15_000,
  });
  return (
    <section
      id="notifications"
      aria-labelledby="notifications-heading"
      className="mt-8 space-y-4 rounded border border-border bg-surface p-4"
    >
      <div>
        <h2 id="notifications-heading" className="text-base font-semibold">
          Notifications
        </h2>
        <p className="text-sm text-muted">
          Messages to a webhook when a rule finds something, and once more when it clears. They carry ids and counts
          only, never a client&apos;s data.
        </p>
      </div>
      {view.isPending ? (
        <TableSkeleton rows={3} />
      ) : view.isError ? (
        <ErrorState message={view.error.message} error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <>
          <DestinationForm destination={view.data.destination} onSecret={setSecret} />
          {secret ? (
            <div className="space-y-2">
              <SecretOnce label="Signing secret" value={secret} />
              <p className="text-xs text-muted">
                The receiver checks each plain message with it (docs/security.md, Notifications).{" "}
                <Button size="sm" onClick={() => setSecret(undefined)}>
                  Done
                </Button>
              </p>
            </div>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold">Rules</h3>
            <ul className="divide-y divide-border rounded border border-border">
              {view.data.rules.map((rule) => (
                <RuleRow key={rule.id} rule={rule} firing={view.data.firing[rule.id] ?? 0} />
              ))}
            </ul>
          </div>
          <NotifyActions hasDestination={view.data.destination.shown !== null} onSecret={setSecret} />
          <p className="text-xs text-muted" data-testid="notify-last-pass">
            {view.data.lastPass ? (
              <>
                Rules last checked <RelativeTime iso={view.data.lastPass.finishedAt} />
                {view.data.lastPass.status === "succeeded" ? "" : ` (${view.data.lastPass.status})`}.
              </>
            ) : (
              "The rules have not been checked yet."
            )}
          </p>
          <SendsTable sends={view.data.sends} />
        </>
      )}
    </section>
  );
}
