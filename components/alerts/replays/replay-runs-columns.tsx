"use client";
import Link from "next/link";
import { ZonedTime } from "@/components/alerts/event-cells";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import type { ReplayRunSummary } from "@/lib/alerts/replay-receipts";

const STATUS: Record<ReplayRunSummary["status"], { label: string; tone: "accent" | "success" | "danger" | "neutral" }> =
  {
    queued: { label: "Waiting to start", tone: "accent" },
    running: { label: "Following", tone: "accent" },
    succeeded: { label: "Followed", tone: "success" },
    failed: { label: "Failed", tone: "danger" },
    cancelled: { label: "Cancelled", tone: "neutral" },
  };

/** The webhook's replays: when and by whom each started, how it ran, and what its receipts came to. */
export function replayRunColumns(webhookId: string, tz: string): DisplayColumn<ReplayRunSummary>[] {
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
