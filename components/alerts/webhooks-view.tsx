"use client";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Wrench } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { webhooksUrl } from "@/lib/alerts/routes";
import type { WebhookSummary } from "@/lib/alerts/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { webhookColumns } from "./webhooks-columns";

const fetchWebhooks = () => fetchJson<{ webhooks: WebhookSummary[] }>(webhooksUrl());

const linkButton =
  "inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2";

export function WebhooksView({ canUseLegacyTools, canExport }: { canUseLegacyTools: boolean; canExport: boolean }) {
  const list = useQuery({ queryKey: queryKeys.alerts.webhooks(), queryFn: fetchWebhooks });
  const columns = useMemo(() => webhookColumns(), []);
  return (
    <div className="space-y-4">
      {canUseLegacyTools || canExport ? (
        <div className="flex flex-wrap justify-end gap-2">
          {canExport ? (
            <Link href="/alerts/schedules" className={linkButton}>
              <CalendarClock className="size-4" aria-hidden /> Scheduled exports
            </Link>
          ) : null}
          {canUseLegacyTools ? (
            <Link href="/alerts/tools" className={linkButton}>
              <Wrench className="size-4" aria-hidden /> Legacy tools (deprecated)
            </Link>
          ) : null}
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
