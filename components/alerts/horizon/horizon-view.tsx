"use client";
import { Hourglass } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { ReplayOutcome, type ReplayOutcomeData } from "@/components/alerts/events/replay-outcome";
import { ReplaySelected } from "@/components/alerts/events/replay-selected";
import { SummaryTest, useSummaryTest } from "@/components/alerts/test-activity/summary-test";
import { DataTable } from "@/components/data-table/data-table";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import type { DropHorizon } from "@/lib/alerts/drop-horizon";
import { wallTime } from "@/lib/shared/time-zone";
import { horizonColumns } from "./horizon-columns";
import { useDropHorizon } from "./use-drop-horizon";

/** The most events one replay call takes (the replay action's limit). */
const REPLAY_LIMIT = 1000;

/** The counts a reviewer acts on: what will be lost within the hour and the day if nothing is done. */
export function HorizonCounts({ horizon }: { horizon: DropHorizon }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm" data-testid="horizon-counts">
      <Stat
        label="To be dropped within the hour"
        value={horizon.dropsWithinHour.toLocaleString("en")}
        testId="drops-hour"
      />
      <Stat label="Within a day" value={horizon.dropsWithinDay.toLocaleString("en")} testId="drops-day" />
      <Stat label="Still being retried" value={horizon.events.length.toLocaleString("en")} testId="at-risk" />
    </dl>
  );
}

export function HorizonView({ webhookId, canReplay }: { webhookId: string; canReplay: boolean }) {
  const { test } = useSummaryTest();
  const horizon = useDropHorizon(webhookId, test);
  const [tz, setZone] = useZoneParam();
  const [outcome, setOutcome] = useState<ReplayOutcomeData>();
  const at = horizon.data?.at ?? "";
  const cols = useMemo(() => horizonColumns(tz, at), [tz, at]);
  const eventsHref = `/alerts/${encodeURIComponent(webhookId)}?status=failed`;

  if (horizon.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (horizon.isError)
    return <ErrorState message={horizon.error.message} error={horizon.error} onRetry={() => void horizon.refetch()} />;
  const data = horizon.data;
  const chosen = data.events.slice(0, REPLAY_LIMIT).map((e) => e.event);
  return (
    <div className="space-y-4">
      <SummaryTest note={data.testActivity} />
      <div className="flex flex-wrap items-end justify-between gap-4 rounded border border-border bg-surface p-4">
        <HorizonCounts horizon={data} />
        <ZoneSwitch tz={tz} onChange={setZone} />
      </div>
      <p className="text-sm text-muted">
        The upstream retries a failed delivery 1 min, 10 min, 1 h, 2 h, 6 h, 12 h and 24 h after the attempt before,
        then drops it: after that only a replay delivers it. Failed events raised since {wallTime(data.since, tz)} ({tz}
        ), placed on that schedule by their retries and last attempt
        {data.scale !== 1 ? `, the sandbox running it at ×${data.scale}` : ""}.{" "}
        {data.dropped > 0 ? (
          <>
            {data.dropped.toLocaleString("en")} of them were dropped already:{" "}
            <Link href={eventsHref} className="text-accent underline underline-offset-2">
              see the failed events
            </Link>
            .
          </>
        ) : null}
      </p>
      {!data.complete ? (
        <p role="status" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm">
          More failed events exist than were read: the oldest (lost soonest) may be missing from this list.
        </p>
      ) : null}
      {canReplay && data.events.length > 0 ? (
        <ReplaySelected
          webhookId={webhookId}
          selected={chosen}
          label={`Replay ${chosen.length === data.events.length ? "all " : ""}${chosen.length.toLocaleString("en")} now`}
          onDone={() => void horizon.refetch()}
          onOutcome={setOutcome}
        />
      ) : null}
      {/* Outside the list: a replay that queued every event empties it, and what the replay came to stays. */}
      {outcome ? <ReplayOutcome webhookId={webhookId} outcome={outcome} /> : null}
      {data.events.length === 0 ? (
        <EmptyState title="Nothing is about to be dropped" icon={<Hourglass className="size-6" aria-hidden />}>
          No failed event of this webhook is waiting for a retry.
        </EmptyState>
      ) : (
        <DataTable
          caption="Failed events still being retried, lost soonest first"
          columns={cols}
          data={data.events}
          getRowId={(e) => e.event.id}
        />
      )}
    </div>
  );
}

/** On a webhook's events page: what its failures will lose within the hour and day, linked to the horizon. */
export function HorizonNotice({ webhookId }: { webhookId: string }) {
  const horizon = useDropHorizon(webhookId);
  const href = `/alerts/${encodeURIComponent(webhookId)}/horizon`;
  if (!horizon.data)
    return (
      <Link href={href} className="text-sm text-accent hover:underline">
        Drop horizon
      </Link>
    );
  const { dropsWithinHour: hour, dropsWithinDay: day } = horizon.data;
  return (
    <Link
      href={href}
      data-testid="horizon-notice"
      className="inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
    >
      <Hourglass className="size-4" aria-hidden />
      {day === 0
        ? "Drop horizon: nothing to be dropped within a day"
        : `Drop horizon: ${day.toLocaleString("en")} to be dropped within a day unless replayed, ${hour.toLocaleString("en")} within the hour`}
    </Link>
  );
}
