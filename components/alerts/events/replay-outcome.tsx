"use client";
import Link from "next/link";
import { useBroughtIntoView } from "@/components/ui/use-brought-into-view";

export interface ReplayOutcomeData {
  queued: string[];
  refused: string[];
  runId: string | null;
}

/** What a replay of selected events came to: which were queued and refused, and where to follow them. */
export function ReplayOutcome({ webhookId, outcome }: { webhookId: string; outcome: ReplayOutcomeData }) {
  const ref = useBroughtIntoView<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded border border-border bg-surface p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
      data-testid="replay-outcome"
    >
      <p>
        <strong>{outcome.queued.length}</strong> queued for delivery
        {outcome.refused.length > 0 ? (
          <>
            , <strong>{outcome.refused.length}</strong> refused (not failed, unknown, or already replayed)
          </>
        ) : null}
        .{" "}
        {outcome.runId ? (
          <Link
            href={`/alerts/${encodeURIComponent(webhookId)}/replays/${outcome.runId}`}
            className="text-accent underline underline-offset-2"
          >
            Follow the receipts
          </Link>
        ) : null}
      </p>
      {outcome.queued.length > 0 ? (
        <p className="mt-1 text-xs break-all text-muted">Queued: {outcome.queued.join(", ")}</p>
      ) : null}
      {outcome.refused.length > 0 ? (
        <p className="mt-1 text-xs break-all text-danger">Refused: {outcome.refused.join(", ")}</p>
      ) : null}
    </div>
  );
}
