"use client";
import { useQuery } from "@tanstack/react-query";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { SummaryTest, useSummaryTest } from "@/components/alerts/test-activity/summary-test";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { PressedGroup } from "@/components/ui/pressed-group";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import type { WebhookHealth } from "@/lib/alerts/health";
import { healthUrl } from "@/lib/alerts/routes";
import { HEALTH_RANGES, healthParsers, type HealthRange } from "@/lib/alerts/search-params";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { wallTime } from "@/lib/shared/time-zone";
import { HealthChartLazy } from "./health-chart-lazy";
import { bucketLabel, countText, healthColumns, percentText } from "./health-columns";

const RANGE_LABELS: Record<HealthRange, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" };

/** Whether the webhook is failing now, and since when: the newest settled delivery and the last success. */
function Streak({ health, tz }: { health: WebhookHealth; tz: string }) {
  if (!health.failing)
    return (
      <p data-testid="health-streak" className="text-sm">
        <Badge tone="success">delivering</Badge>{" "}
        {health.lastSuccessAt ? (
          <>
            last delivery {wallTime(health.lastSuccessAt, tz)} ({tz})
          </>
        ) : null}
      </p>
    );
  return (
    <p data-testid="health-streak" className="text-sm">
      <Badge tone="danger">failing</Badge>{" "}
      {health.failing.since ? (
        <>
          since the last delivery at {wallTime(health.failing.since, tz)} ({tz}):{" "}
          <strong>{countText(health.failing.failures)}</strong> failed since
        </>
      ) : (
        <>no delivery has ever succeeded</>
      )}
    </p>
  );
}

export function HealthView({ webhookId }: { webhookId: string }) {
  const [range, setRange] = useQueryState("range", healthParsers.range);
  const [tz, setZone] = useZoneParam();
  const { test } = useSummaryTest();
  const health = useQuery({
    queryKey: queryKeys.alerts.health(webhookId, range, tz, test),
    queryFn: () => fetchJson<WebhookHealth>(healthUrl(webhookId, range, tz, test)),
  });
  const cols = useMemo(() => healthColumns(webhookId, range, tz), [webhookId, range, tz]);

  const controls = (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <PressedGroup
        label="Range"
        options={HEALTH_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
        value={range}
        onChange={(r) => void setRange(r === "7d" ? null : r)}
      />
      <ZoneSwitch tz={tz} onChange={setZone} />
      <SummaryTest note={health.data?.testActivity} />
    </div>
  );

  if (health.isPending)
    return (
      <div className="space-y-4">
        {controls}
        <TableSkeleton rows={7} columns={5} />
      </div>
    );
  if (health.isError)
    return (
      <div className="space-y-4">
        {controls}
        <ErrorState message={health.error.message} error={health.error} onRetry={() => void health.refetch()} />
      </div>
    );
  const data = health.data;
  const settled = (data.totals.success ?? 0) + (data.totals.failed ?? 0) + (data.totals.pending ?? 0);
  return (
    <div className="space-y-4">
      {controls}
      <div className="space-y-3 rounded border border-border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Stat label="Success rate" value={percentText(data.successRate)} testId="health-rate" />
          <Stat label="Delivered" value={countText(data.totals.success)} testId="health-success" />
          <Stat label="Failed" value={countText(data.totals.failed)} testId="health-failed" />
          <Stat label="Pending" value={countText(data.totals.pending)} testId="health-pending" />
        </dl>
        <Streak health={data} tz={tz} />
      </div>
      {settled === 0 && data.totals.success !== null ? (
        <EmptyState title="No events in this range">
          Nothing was sent to this webhook in the last {RANGE_LABELS[range]}.
        </EmptyState>
      ) : (
        <>
          <div className="h-64 rounded border border-border bg-surface p-2">
            <HealthChartLazy buckets={data.buckets} label={bucketLabel(range, tz)} />
          </div>
          <DataTable
            caption={`Delivery outcomes per ${range === "24h" ? "hour" : "day"}, last ${RANGE_LABELS[range]}`}
            columns={cols}
            data={data.buckets}
            getRowId={(b) => b.start}
          />
        </>
      )}
      <p className="text-xs text-muted">
        Each count is the upstream&apos;s total for its hour or day and status: {data.requests} requests this time
        (counts of ended {range === "24h" ? "hours" : "days"} are kept for five minutes), at background priority so
        people browsing go first.
      </p>
    </div>
  );
}
