"use client";
import { Badge } from "@/components/ui/badge";
import { Countdown } from "@/components/ui/countdown";
import type { EjectSummary } from "@/lib/ejects/views";
import { utc } from "@/lib/shared/format";

/** One client's ejection at a glance: pending / approved / open until … / ejected. */
export function EjectSummaryBadge({ summary }: { summary: EjectSummary }) {
  switch (summary.state) {
    case "ejected":
      return (
        <Badge tone="danger" className="whitespace-normal">
          {summary.wallets
            ? `${summary.wallets.ejected} of ${summary.wallets.total} wallets ejected ${utc(summary.at)}`
            : `Ejected ${utc(summary.at)}`}
        </Badge>
      );
    case "open":
      return (
        // Two lines on a phone rather than one wider than the window.
        <Badge tone="warning" className="whitespace-normal">
          Open until {utc(summary.until).replace(" UTC", "")} · <Countdown until={summary.until} />
        </Badge>
      );
    case "approved":
      return <Badge tone="accent">Approved</Badge>;
    case "pending":
      return <Badge tone="warning">Pending approval</Badge>;
    default:
      return <span className="text-muted">—</span>;
  }
}
