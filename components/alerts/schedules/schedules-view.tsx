"use client";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { describeFilters } from "@/lib/alerts/filters";
import { CADENCE_LABELS, type ScheduleView } from "@/lib/alerts/schedules";
import { shortAddress } from "@/lib/shared/format";
import { queryKeys } from "@/lib/shared/query-keys";
import { stopExportSchedule } from "@/server/actions/alerts-schedules";
import { scheduleRunColumns } from "./schedule-runs-columns";
import { useSchedules } from "./use-schedules";

interface Me {
  email: string;
  admin: boolean;
}

export function SchedulesView({ me }: { me: Me }) {
  const schedules = useSchedules();
  if (schedules.isPending) return <TableSkeleton rows={3} />;
  if (schedules.isError)
    return (
      <ErrorState message={schedules.error.message} error={schedules.error} onRetry={() => void schedules.refetch()} />
    );
  if (schedules.data.schedules.length === 0)
    return (
      <EmptyState title="No scheduled exports yet">
        Open a webhook&apos;s events, choose the filters, then Export › Repeat it.
      </EmptyState>
    );
  return (
    <ul className="space-y-6" aria-label="Scheduled exports">
      {schedules.data.schedules.map((s) => (
        <ScheduleCard key={s.id} schedule={s} me={me} />
      ))}
    </ul>
  );
}

function ScheduleCard({ schedule: s, me }: { schedule: ScheduleView; me: Me }) {
  const mine = s.ownerEmail === me.email;
  const stop = useAction(stopExportSchedule, {
    successMessage: "Schedule stopped. Its runs stay listed.",
    invalidate: [queryKeys.alerts.schedules()],
  });
  const columns = useMemo(() => scheduleRunColumns(s.timeZone, mine || me.admin), [s.timeZone, mine, me.admin]);
  return (
    <li
      className="space-y-3 rounded-lg border border-border bg-surface p-4"
      data-testid="schedule"
      data-schedule-id={s.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-sm font-semibold">
            {CADENCE_LABELS[s.cadence]} · {s.format.toUpperCase()} ·{" "}
            <Link href={`/alerts/${encodeURIComponent(s.webhookId)}`} className="text-accent hover:underline">
              webhook {shortAddress(s.webhookId, 8, 4)}
            </Link>
          </h2>
          <p className="text-xs break-words text-muted">
            {describeFilters(s.filters)} · periods in {s.timeZone} · owner {s.ownerEmail}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {s.paused ? <Badge tone="warning">{s.paused}</Badge> : <Badge tone="success">Running</Badge>}
          {!s.stoppedAt && (mine || me.admin) ? (
            <Button size="sm" onClick={() => stop.run({ id: s.id })} disabled={stop.pending}>
              Stop
            </Button>
          ) : null}
        </div>
      </div>
      {s.runs.length === 0 ? (
        <p className="text-sm text-muted">No period has ended yet: the first run starts when one does.</p>
      ) : (
        <DataTable
          caption={`Runs of the schedule for webhook ${shortAddress(s.webhookId, 8, 4)}, newest first`}
          columns={columns}
          data={s.runs}
          getRowId={(r) => r.periodStart}
        />
      )}
    </li>
  );
}
