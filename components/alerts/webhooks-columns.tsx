"use client";
import Link from "next/link";
import { DropsSoon } from "@/components/alerts/horizon/drops-soon";
import { SummaryLeftOut } from "@/components/alerts/test-activity/summary-left-out";
import { WatchdogCount } from "@/components/alerts/watchdog/watchdog-count";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { UrlText } from "@/components/ui/url-text";
import type { WebhookSummary } from "@/lib/alerts/views";
import { utc } from "@/lib/shared/format";

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
      <SummaryLeftOut webhook={webhook} of="failures" />
    </span>
  );
}

/** The webhooks table's columns: each webhook with its failures, drop horizon and watchdog of the last day. */
export function webhookColumns(): DisplayColumn<WebhookSummary>[] {
  return [
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
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <WatchdogCount webhook={row.original} />
          <SummaryLeftOut webhook={row.original} of="watchdog" />
        </span>
      ),
    },
  ];
}
