"use client";
import { ReceiptText } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import { replayRunColumns } from "./replay-runs-columns";
import { useReplayRuns } from "./use-replays";

/** The webhook's replays, newest first, each linked to its receipts. */
export function ReplayRunsView({ webhookId }: { webhookId: string }) {
  const runs = useReplayRuns(webhookId);
  const [tz, setZone] = useZoneParam();
  const cols = useMemo(() => replayRunColumns(webhookId, tz), [webhookId, tz]);
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
