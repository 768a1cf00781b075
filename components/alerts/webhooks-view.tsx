"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { Wrench } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { DropsSoon } from "@/components/alerts/horizon/drops-soon";
import { SummaryLeftOut } from "@/components/alerts/test-activity/summary-left-out";
import { WatchdogCount } from "@/components/alerts/watchdog/watchdog-count";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { UrlText } from "@/components/ui/url-text";
import type { WebhookSummary } from "@/lib/alerts/views";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

const fetchWebhooks = () => fetchJson<{ webhooks: WebhookSummary[] }>("/api/alerts/webhooks");

/** Failed deliveries of the last day, linked to exactly those events. */
function FailedCount({ webhook }: { webhook: WebhookSummary }) {
  if (webhook.failedLast24h === null) return <span className="text-muted">could not be counted</span>;
  const href = `/alerts/${encodeURIComponent(webhook.id)}?status=failed&from=${encodeURIComponent(webhook.failedSince)}&test=exclude`;
  return (
    <span className="flex flex-col items-start gap-0.5">
      {webhook.failedLast24h === 0 ? (
        <Badge tone="success">none</Badge>
      ) : (
        <Link
          href={href}
          className="hover:underline"
          aria-label={`${webhook.failedLast24h} failed in the last 24 hours, test activity left out`}
        >
          <Badge tone="danger">{webhook.failedLast24h.toLocaleString("en")} failed</Badge>
        </Link>
      )}
      <SummaryLeftOut webhook={webhook} />
    </span>
  );
}

export function WebhooksView({ canUseLegacyTools }: { canUseLegacyTools: boolean }) {
  const list = useQuery({ queryKey: queryKeys.alerts.webhooks(), queryFn: fetchWebhooks });
  const columns = useMemo<ColumnDef<WebhookSummary, unknown>[]>(
    () => [
      {
        header: "Webhook",
        id: "id",
        cell: ({ row }) => (
          <div className="min-w-0">
            <Link
              href={`/alerts/${encodeURIComponent(row.original.id)}`}
              className="font-mono text-xs break-all text-accent hover:underline"
            >
              {row.original.id}
            </Link>
          </div>
        ),
      },
      {
        header: "URL",
        id: "url",
        cell: ({ row }) => (
          <span className="inline-flex min-w-0 items-center gap-1 text-xs">
            <UrlText url={row.original.url} className="min-w-0" />
            <CopyButton value={row.original.url} label="webhook URL" />
          </span>
        ),
      },
      {
        header: "Event types",
        id: "events",
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {row.original.events.map((e) => (
              <Badge key={e}>{e}</Badge>
            ))}
          </span>
        ),
      },
      {
        header: "Created (UTC)",
        id: "created",
        cell: ({ row }) => <span className="tabular">{utc(row.original.createdAt)}</span>,
      },
      { header: "Failed, last 24 h", id: "failed", cell: ({ row }) => <FailedCount webhook={row.original} /> },
      { header: "Drop horizon", id: "drops", cell: ({ row }) => <DropsSoon webhook={row.original} /> },
      {
        header: "Chain watchdog, last day",
        id: "watchdog",
        cell: ({ row }) => <WatchdogCount webhook={row.original} />,
      },
    ],
    [],
  );
  return (
    <div className="space-y-4">
      {canUseLegacyTools ? (
        <div className="flex justify-end">
          <Link
            href="/alerts/tools"
            className="inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2"
          >
            <Wrench className="size-4" aria-hidden /> Legacy tools (deprecated)
          </Link>
        </div>
      ) : null}
      {list.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.webhooks.length === 0 ? (
        <EmptyState title="No alert webhooks">
          Alert webhooks are configured in the provider&apos;s admin dashboard; none is set up for this custodian.
        </EmptyState>
      ) : (
        <DataTable caption="Alert webhooks" columns={columns} data={list.data.webhooks} getRowId={(w) => w.id} />
      )}
    </div>
  );
}
