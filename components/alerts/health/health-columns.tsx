"use client";
import Link from "next/link";
import type { DisplayColumn } from "@/components/data-table/display-column";
import type { HealthBucket } from "@/lib/alerts/health";
import type { HealthRange } from "@/lib/alerts/search-params";
import { wallTime } from "@/lib/shared/time-zone";

/** A count, or a dash where the upstream could not count it. */
export const countText = (n: number | null) => (n === null ? "—" : n.toLocaleString("en"));
/** A rate as a percentage, or a dash. */
export const percentText = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(r === 1 ? 0 : 1)} %`);

/** "2026-11-27 14:00" for an hour, "2026-11-27" for a day, in the view's zone. */
export function bucketLabel(range: HealthRange, tz: string) {
  return (b: HealthBucket) => (range === "24h" ? wallTime(b.start, tz) : wallTime(b.start, tz).slice(0, 10));
}

/** The health table's columns: one row per hour or day, failures linked to those events. */
export function healthColumns(webhookId: string, range: HealthRange, tz: string): DisplayColumn<HealthBucket>[] {
  const label = bucketLabel(range, tz);
  const events = (b: HealthBucket, status: string) =>
    `/alerts/${encodeURIComponent(webhookId)}?status=${status}&from=${encodeURIComponent(b.start)}&tz=${encodeURIComponent(tz)}`;
  return [
    {
      id: "bucket",
      header: `${range === "24h" ? "Hour" : "Day"} (${tz})`,
      cell: ({ row }) => <span className="tabular whitespace-nowrap">{label(row.original)}</span>,
    },
    {
      id: "success",
      header: "Delivered",
      meta: { numeric: true },
      cell: ({ row }) => <span className="tabular">{countText(row.original.success)}</span>,
    },
    {
      id: "failed",
      header: "Failed",
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.failed ? (
          <Link href={events(row.original, "failed")} className="text-accent underline underline-offset-2 tabular">
            {countText(row.original.failed)}
          </Link>
        ) : (
          <span className="tabular">{countText(row.original.failed)}</span>
        ),
    },
    {
      id: "pending",
      header: "Pending",
      meta: { numeric: true },
      cell: ({ row }) => <span className="tabular">{countText(row.original.pending)}</span>,
    },
    {
      id: "rate",
      header: "Success rate",
      meta: { numeric: true },
      cell: ({ row }) => {
        const { success, failed } = row.original;
        const settled = success === null || failed === null ? null : success + failed;
        return <span className="tabular">{settled ? percentText((success as number) / settled) : "—"}</span>;
      },
    },
  ];
}
