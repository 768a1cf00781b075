"use client";
import { ShieldCheck } from "lucide-react";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { SummaryTest, useSummaryTest } from "@/components/alerts/test-activity/summary-test";
import { DataTable } from "@/components/data-table/data-table";
import { PressedGroup } from "@/components/ui/pressed-group";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import { WATCHDOG_SHOWS, watchdogParsers } from "@/lib/alerts/search-params";
import type { WatchdogFinding } from "@/lib/alerts/watchdog";
import { wallTime } from "@/lib/shared/time-zone";
import { ConfirmedChecks } from "./confirmed-checks";
import { useWatchdog } from "./use-watchdog";
import { watchdogColumns } from "./watchdog-columns";

type Show = (typeof WATCHDOG_SHOWS)[number];
const SHOW_LABELS: Record<Show, string> = {
  all: "All",
  missing: "Not on the chain",
  mined: "On the chain",
  unknown: "Not known",
};

function verdictKind(finding: WatchdogFinding): Exclude<Show, "all"> {
  return finding.chain?.kind ?? "unknown";
}

export function WatchdogView({ webhookId }: { webhookId: string }) {
  const { test } = useSummaryTest();
  const report = useWatchdog(webhookId, test);
  const [tz, setZone] = useZoneParam();
  const [show, setShow] = useQueryState("show", watchdogParsers.show);
  const cols = useMemo(() => watchdogColumns(webhookId, tz), [webhookId, tz]);

  if (report.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (report.isError)
    return <ErrorState message={report.error.message} error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const counts = Object.fromEntries(WATCHDOG_SHOWS.map((s) => [s, 0])) as Record<Show, number>;
  for (const f of data.findings) counts[verdictKind(f)]++;
  counts.all = data.findings.length;
  const shown = show === "all" ? data.findings : data.findings.filter((f) => verdictKind(f) === show);
  return (
    <div className="space-y-4">
      <SummaryTest note={data.testActivity} />
      <div className="flex flex-wrap items-end justify-between gap-4 rounded border border-border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Stat
            label="Confirmation missing"
            value={data.findings.length.toLocaleString("en")}
            testId="watchdog-findings"
          />
          <Stat label="Not on the chain" value={counts.missing.toLocaleString("en")} testId="watchdog-missing" />
          <Stat label="Still within their wait" value={data.awaiting.toLocaleString("en")} testId="watchdog-awaiting" />
          <Stat label="Transactions watched" value={data.transactions.toLocaleString("en")} />
        </dl>
        <ZoneSwitch tz={tz} onChange={setZone} />
      </div>
      <p className="text-sm text-muted">
        The upstream sends an EVM transfer&apos;s alert twice: when it sees the transaction, and again once the chain is
        its confirmation depth past it (Sepolia 18 blocks, Base 100, Optimism 500, …). These are the alerts raised since{" "}
        {wallTime(data.since, tz)} ({tz}) whose second alert never came, though it was due more than ten minutes ago: a
        reorganisation dropped the transaction, or the upstream lost it. Beside each, what the chain says of the
        transaction now.
      </p>
      {!data.complete ? (
        <p role="status" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm">
          More alerts were raised than were read: only those since {wallTime(data.since, tz)} are watched.
        </p>
      ) : null}
      <PressedGroup
        label="Show"
        options={WATCHDOG_SHOWS.map((k) => ({
          value: k,
          label: `${SHOW_LABELS[k]} (${counts[k].toLocaleString("en")})`,
        }))}
        value={show}
        onChange={(k) => void setShow(k === "all" ? null : k)}
      />
      {shown.length === 0 ? (
        <EmptyState title="Every alert has its partner" icon={<ShieldCheck className="size-6" aria-hidden />}>
          {show === "all"
            ? "No transaction of the watched day is missing its confirmed alert."
            : `No finding is “${SHOW_LABELS[show].toLowerCase()}”.`}
        </EmptyState>
      ) : (
        <DataTable
          caption="Alerts whose confirmed alert never came, newest first"
          columns={cols}
          data={shown}
          getRowId={(f) => f.event.id}
        />
      )}
      <ConfirmedChecks webhookId={webhookId} tz={tz} checks={data.confirmedChecks} />
    </div>
  );
}
