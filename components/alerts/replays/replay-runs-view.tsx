"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { ReceiptText } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { ZonedTime } from "@/components/alerts/event-cells";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import type { ReplayRunSummary } from "@/lib/alerts/replay-receipts";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

export const replaysUrl = (webhookId: string) => `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/replays`;

const active = (runs: ReplayRunSummary[] | undefined) =>
  !!runs?.some((r) => r.status === "queued" || r.status === "running");

export function useReplayRuns(webhookId: string) {
  return useQuery({
    queryKey: queryKeys.alerts.replays(webhookId),
    queryFn: () => fetchJson<ReplayRunSummary[]>(replaysUrl(webhookId)),
    refetchInterval: (query) => (active(query.state.data) ? 5_000 : false),
  });
}

const STATUS: Record<ReplayRunSummary["status"], { label: string; tone: "accent" | "success" | "danger" | "neutral" }> =
  {
    queued: { label: "Waiting to start", tone: "accent" },
    running: { label: "Following", tone: "accent" },
    succeeded: { label: "Followed", tone: "success" },
    failed: { label: "Failed", tone: "danger" },
    cancelled: { label: "Cancelled", tone: "neutral" },
  };

function columns(webhookId: string, tz: string): ColumnDef<ReplayRunSummary, unknown>[] {
  return [
    {
      id: "startedAt",
      header: `Started (${tz})`,
      cell: ({ row }) => (
        <Link
          href={`/alerts/${encodeURIComponent(webhookId)}/replays/${row.original.runId}`}
          className="text-accent underline underline-offset-2"
        >
          <ZonedTime iso={row.original.startedAt} tz={tz} />
        </Link>
      ),
    },
    {
      id: "kind",
      header: "Replay of",
      cell: ({ row }) => (row.original.kind === "all" ? "All failed matching filters" : "Selected events"),
    },
    { id: "by", header: "By", cell: ({ row }) => <span className="break-all">{row.original.startedByEmail}</span> },
    {
      id: "status",
      header: "Run",
      cell: ({ row }) => <Badge tone={STATUS[row.original.status].tone}>{STATUS[row.original.status].label}</Badge>,
    },
    {
      id: "tally",
      header: "Receipts",
      meta: { fill: true },
      cell: ({ row }) => {
        const t = row.original.tally;
        return (
          <span className="text-xs tabular">
            {row.original.total.toLocaleString("en")} sent: {t.delivered.toLocaleString("en")} delivered,{" "}
            {t.failed.toLocaleString("en")} failed again, {(t.awaiting + t.sent + t.pending).toLocaleString("en")}{" "}
            pending, {(t.refused + t.unconfirmed + t.untracked).toLocaleString("en")} not replayed
          </span>
        );
      },
    },
  ];
}

/** The webhook's replays, newest first, each linked to its receipts. */
export function ReplayRunsView({ webhookId }: { webhookId: string }) {
  const runs = useReplayRuns(webhookId);
  const [tz, setZone] = useZoneParam();
  const cols = useMemo(() => columns(webhookId, tz), [webhookId, tz]);
  if (runs.isPending) return <TableSkeleton rows={4} columns={5} />;
  if (runs.isError)
    return <ErrorState message={runs.error.message} error={runs.error} onRetry={() => void runs.refetch()} />;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <ZoneSwitch tz={tz} onChange={setZone} />
      </div>
      {runs.data.length === 0 ? (
        <EmptyState title="No replay yet" icon={<ReceiptText className="size-6" aria-hidden />}>
          Replays sent from this console are listed here with what each event came to. Select failed events on the{" "}
          <Link href={`/alerts/${encodeURIComponent(webhookId)}?status=failed`} className="text-accent underline">
            events page
          </Link>{" "}
          and replay them, or replay all failed events matching a filter.
        </EmptyState>
      ) : (
        <DataTable
          caption="Replays of this webhook, newest first"
          columns={cols}
          data={runs.data}
          getRowId={(r) => r.runId}
        />
      )}
    </div>
  );
}
